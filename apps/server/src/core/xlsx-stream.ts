/**
 * Writes a one-sheet .xlsx while its rows are still being read: the workbook is a zip of a few XML
 * parts, and the sheet part is deflated and sent as rows arrive, so an export of any size holds
 * one page of rows in memory, never the whole file.
 *
 * An export is read and written in slices of about EXPORT_SLICE_MS (a page read, turned into XML
 * and deflated), with a macrotask between slices: embedded PGlite answers on the server's event
 * loop, where a chain of awaited queries never lets a request in (an export of 200,000 rows once
 * held /api/health for 29 s). The page size follows the last slice's time (ExportPace). Pages are
 * read by keyset (keysetPages: no OFFSET, no list of every id read at once), and counted in chunks.
 */
import { Readable } from 'node:stream';
import { type Column, type SQL, sql } from 'drizzle-orm';
import { Zip, ZipDeflate } from 'fflate';
import { badRequest } from './errors.js';

/** How long one slice of an export (a page read, written and deflated) may hold the event loop, about. */
export const EXPORT_SLICE_MS = 15;
const PAGE_FIRST = 200;
const PAGE_MIN = 20;
const PAGE_MAX = 5_000;

/** A macrotask: requests waiting for the event loop (and the embedded database) get their turn. */
export const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** When a page began, and whether its read let other work in (a macrotask ran meanwhile). */
export interface PaceMark {
  t0: number;
  yielded: boolean;
}

/**
 * The size of an export's next page: the rows the last page's slice would have held in
 * EXPORT_SLICE_MS, between PAGE_MIN and PAGE_MAX. The reader asks `size`; the writer marks when a
 * page began (`mark`), then tells `took` when its rows came (`fetched`) and were written. What a
 * slice holds the event loop for: the whole page when its read never let a macrotask in (embedded
 * PGlite on the event loop: the query runs there), else the writing alone (PostgreSQL, or a
 * database on another thread: the loop served others while the rows came).
 */
export class ExportPace {
  size = PAGE_FIRST;
  constructor(private readonly sliceMs = EXPORT_SLICE_MS) {}
  mark(): PaceMark {
    const m: PaceMark = { t0: performance.now(), yielded: false };
    setImmediate(() => {
      m.yielded = true;
    });
    return m;
  }
  took(rows: number, m: PaceMark, fetched = performance.now()): void {
    if (rows <= 0) return;
    const now = performance.now();
    const held = m.yielded ? now - fetched : now - m.t0;
    const next = Math.round((rows * this.sliceMs) / Math.max(0.5, held));
    // grow by at most 4× a page (one quick page says little), shrink at once
    this.size = Math.min(PAGE_MAX, Math.max(PAGE_MIN, Math.min(next, rows * 4)));
  }
}

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
 * iterator yields (pages of rows). Errors while reading end the stream with that error. Each page
 * (its read and its writing) is timed into `pace`, and other work gets a turn between pages.
 */
export function xlsxStream(sheetName: string, header: string[], rows: AsyncIterable<unknown[][]>, pace = new ExportPace()): Readable {
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
    const pages = rows[Symbol.asyncIterator]();
    try {
      let r = 2;
      for (;;) {
        const m = pace.mark();
        const next = await pages.next();
        if (next.done) break;
        if (out.destroyed) {
          await pages.return?.();
          return;
        }
        const fetched = performance.now();
        let xml = '';
        for (const cells of next.value) xml += rowXml(r++, cells);
        if (xml) sheet.push(enc.encode(xml));
        pace.took(next.value.length, m, fetched);
        // let the client drain what is already deflated before reading the next page
        while (out.readableLength > 4 * 1024 * 1024 && !out.destroyed) await new Promise((res) => setTimeout(res, 10));
        await yieldToLoop();
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
/**
 * Rows an export answers in its own request (POST …/export); more are exported as a job
 * (?job=1: the console's Export does so), whose file is downloaded when it is ready.
 */
export const EXPORT_SYNC_MAX_ROWS = 10_000;
const EXPORT_PAGE = 1000;

/** The pages of an export of `total` rows read with LIMIT/OFFSET (for the small platform lists). */
export async function* offsetPages<R>(
  total: number,
  fetch: (limit: number, offset: number) => Promise<R[]>,
  toCells: (row: R) => unknown[],
): AsyncIterable<unknown[][]> {
  for (let offset = 0; offset < total; offset += EXPORT_PAGE) yield (await fetch(EXPORT_PAGE, offset)).map(toCells);
}

/** Refuses an export larger than a sheet holds; `sync`: larger than a request answers (use a job). */
export function checkExportSize(total: number, sync = false): void {
  if (total > EXPORT_MAX_ROWS) throw badRequest('resource.exportTooMany', { max: EXPORT_MAX_ROWS, total });
  if (sync && total > EXPORT_SYNC_MAX_ROWS) throw badRequest('resource.exportUseJob', { max: EXPORT_SYNC_MAX_ROWS });
}

/**
 * The rows matching a query, counted up to `max` + 1 in chunks by id (each a short statement,
 * other work between them): `chunk(afterId, limit)` counts the matching rows with id > afterId,
 * at most `limit` of them, and says the last id it counted.
 */
export async function countInChunks(
  max: number,
  chunk: (afterId: number, limit: number) => Promise<{ n: number; last: number | null }>,
  pace = new ExportPace(),
): Promise<number> {
  let total = 0;
  let after = 0;
  while (total <= max) {
    const m = pace.mark();
    // counting a row costs far less than writing it
    const limit = Math.min(max + 1 - total, pace.size * 20);
    const { n, last } = await chunk(after, limit);
    total += n;
    if (n < limit || last === null) break;
    after = last;
    pace.took(Math.ceil(n / 20), m);
    await yieldToLoop();
  }
  return total;
}

/** How a keyset export is ordered: one column (or none: id alone), then id ascending, as the list orders. */
export interface KeysetOrder {
  /** the sort column; undefined: the id alone */
  col?: Column;
  desc: boolean;
  id: Column;
}

/** Where a keyset page starts: the last row's sort value as text (exact, µs and all) and its id. */
export interface KeysetKey {
  value: string | null;
  id: number;
}

/** The sort value of a row as text, to start the next page after it (`select … as __key`). */
export const keysetValue = (order: KeysetOrder): SQL<string | null> =>
  order.col ? sql<string | null>`${order.col}::text` : sql<string | null>`null`;

/**
 * Rows after `key` in the order (col asc|desc, id asc); PostgreSQL sorts NULL last ascending and
 * first descending. A NOT NULL column ascending is one row comparison an index on (…, col, id) serves.
 */
export function keysetAfter(order: KeysetOrder, key: KeysetKey): SQL {
  const { col, id } = order;
  if (!col) return sql`${id} > ${key.id}`;
  const v = key.value === null ? null : sql`cast(${key.value} as ${sql.raw(col.getSQLType())})`;
  const nullable = !col.notNull;
  if (!order.desc) {
    if (v === null) return sql`(${col} is null and ${id} > ${key.id})`;
    const after = sql`(${col}, ${id}) > (${v}, ${key.id})`;
    return nullable ? sql`(${after} or ${col} is null)` : after;
  }
  if (v === null) return sql`((${col} is null and ${id} > ${key.id}) or ${col} is not null)`;
  return sql`(${col} <= ${v} and (${col} < ${v} or ${id} > ${key.id}))`;
}

/**
 * The pages of an export read by keyset in the list's order: `fetch(after, limit)` reads the next
 * `limit` rows after `after` (none: from the start), each with its `__key` (keysetValue) and id;
 * the page size follows `pace`. Stops after `max` rows.
 */
export async function* keysetPages<R extends { id: unknown; __key?: string | null }>(
  fetch: (after: KeysetKey | undefined, limit: number) => Promise<R[]>,
  toCells: (rows: R[]) => Promise<unknown[][]> | unknown[][],
  pace: ExportPace,
  max = EXPORT_MAX_ROWS,
): AsyncIterable<unknown[][]> {
  let after: KeysetKey | undefined;
  for (let n = 0; n < max; ) {
    const want = Math.min(pace.size, max - n);
    const rows = await fetch(after, want);
    if (!rows.length) return;
    n += rows.length;
    const last = rows[rows.length - 1];
    after = { value: last.__key ?? null, id: Number(last.id) };
    yield await toCells(rows);
    if (rows.length < want) return;
  }
}
