/**
 * Writes a one-sheet .xlsx while its rows are still being read: the workbook is a zip of a few XML
 * parts, and the sheet part is deflated and sent as rows arrive, so an export of any size holds
 * one page of rows in memory, never the whole file.
 */
import { Readable } from 'node:stream';
import { Zip, ZipDeflate } from 'fflate';
import { AppError } from './errors.js';

const enc = new TextEncoder();
// characters XML 1.0 cannot carry at all (a cell holding them would make the file unreadable)
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters to drop
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

const escapeXml = (s: string) =>
  s.replace(INVALID_XML, '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** Column letters of a 0-based index: 0 → A, 26 → AA. */
export function columnName(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** Excel keeps at most 32,767 characters in a cell. */
const MAX_CELL = 32_767;

function cell(ref: string, v: unknown, style = 0): string {
  const s = style ? ` s="${style}"` : '';
  if (v === null || v === undefined || v === '') return '';
  if (typeof v === 'number' && Number.isFinite(v)) return `<c r="${ref}"${s}><v>${v}</v></c>`;
  if (typeof v === 'boolean') return `<c r="${ref}"${s} t="b"><v>${v ? 1 : 0}</v></c>`;
  const text = typeof v === 'string' ? v : v instanceof Date ? v.toISOString() : typeof v === 'object' ? JSON.stringify(v) : String(v);
  return `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${escapeXml(text.slice(0, MAX_CELL))}</t></is></c>`;
}

const rowXml = (r: number, cells: unknown[], style = 0) =>
  `<row r="${r}">${cells.map((v, i) => cell(`${columnName(i)}${r}`, v, style)).join('')}</row>`;

const FIXED_PARTS: [string, string][] = [
  [
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>',
  ],
  [
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  ],
  [
    'xl/_rels/workbook.xml.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
  ],
  [
    // style 1: the bold header row
    'xl/styles.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>',
  ],
];

/**
 * A readable .xlsx: one sheet named `sheetName`, the bold `header`, then every row the `rows`
 * iterator yields (pages of rows). Errors while reading end the stream with that error.
 */
export function xlsxStream(sheetName: string, header: string[], rows: AsyncIterable<unknown[][]>): Readable {
  const out = new Readable({ read() {} });
  const zip = new Zip((err, chunk, final) => {
    if (err) return out.destroy(err);
    out.push(Buffer.from(chunk));
    if (final) out.push(null);
  });
  const name = escapeXml(sheetName.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet1');
  const add = (path: string, xml: string) => {
    const f = new ZipDeflate(path, { level: 6 });
    zip.add(f);
    f.push(enc.encode(xml), true);
  };
  for (const [path, xml] of FIXED_PARTS) add(path, xml);
  add(
    'xl/workbook.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${name}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  );
  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
  zip.add(sheet);
  const widths = header.map(
    (h, i) => `<col min="${i + 1}" max="${i + 1}" width="${Math.min(40, Math.max(10, h.length * 2))}" customWidth="1"/>`,
  );
  sheet.push(
    enc.encode(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>${header.length ? `<cols>${widths.join('')}</cols>` : ''}<sheetData>${rowXml(1, header, 1)}`,
    ),
  );

  void (async () => {
    try {
      let r = 2;
      for await (const page of rows) {
        if (out.destroyed) return;
        let xml = '';
        for (const cells of page) xml += rowXml(r++, cells);
        if (xml) sheet.push(enc.encode(xml));
        // let the client drain what is already deflated before reading the next page
        while (out.readableLength > 4 * 1024 * 1024 && !out.destroyed) await new Promise((res) => setTimeout(res, 10));
      }
      sheet.push(enc.encode('</sheetData></worksheet>'), true);
      zip.end();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}

/** Excel's last row is 1,048,576: the header and this many data rows fit in one sheet. */
export const EXPORT_MAX_ROWS = 1_048_575;
const EXPORT_PAGE = 1000;

/**
 * The pages of an export read in the list's order without OFFSET: first the ids in order (small,
 * even for a million rows), then the rows of each page of ids, put back in that order.
 */
export async function* pagesByIds<R extends { id: unknown }>(
  ids: unknown[],
  fetch: (ids: unknown[]) => Promise<R[]>,
  toCells: (row: R) => unknown[],
): AsyncIterable<unknown[][]> {
  for (let i = 0; i < ids.length; i += EXPORT_PAGE) {
    const slice = ids.slice(i, i + EXPORT_PAGE);
    const byId = new Map((await fetch(slice)).map((r) => [r.id, r]));
    yield slice.flatMap((id) => {
      const r = byId.get(id);
      return r ? [toCells(r)] : []; // deleted meanwhile
    });
  }
}

/** The pages of an export of `total` rows read with LIMIT/OFFSET (for the small platform lists). */
export async function* offsetPages<R>(
  total: number,
  fetch: (limit: number, offset: number) => Promise<R[]>,
  toCells: (row: R) => unknown[],
): AsyncIterable<unknown[][]> {
  for (let offset = 0; offset < total; offset += EXPORT_PAGE) yield (await fetch(EXPORT_PAGE, offset)).map(toCells);
}

/** Refuses an export larger than a sheet holds. */
export function checkExportSize(total: number): void {
  if (total > EXPORT_MAX_ROWS) throw new AppError(400, 400, 'resource.exportTooMany', { max: EXPORT_MAX_ROWS, total });
}
