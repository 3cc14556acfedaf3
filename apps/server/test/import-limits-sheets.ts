/**
 * The spreadsheets of the import-limits tests (import-limits*.test.ts): normal workbooks, patched
 * ones, and hostile zips written by hand. A hostile file is a normal one, patched.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createDeflateRaw } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { translate } from '@tagloom/domain';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';

export const URL_IMPORT = '/api/general/tenant-group/import';
export const HEADER = ['Group code', 'Group name', 'Status'];
export const MB = 1024 * 1024;

export const workbook = (rows: unknown[][], bookType: XLSX.BookType = 'xlsx') => {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return XLSX.write(wb, { type: 'buffer', bookType }) as Buffer;
};

/** A small workbook whose sheet XML is then rewritten. */
export function patchedSheet(rows: unknown[][], edit: (xml: string) => string): Buffer {
  const parts = unzipSync(workbook(rows));
  parts['xl/worksheets/sheet1.xml'] = strToU8(edit(strFromU8(parts['xl/worksheets/sheet1.xml'])));
  return Buffer.from(zipSync(parts));
}

const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_TAIL = '</sheetData></worksheet>';
/** the sheet's own <dimension> (left out, the parser sizes the sheet by its cells: the probe as an attacker sends it) */
export const NO_DIMENSION = /<dimension ref="[^"]*"\/>/;
const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/** The workbook with its sheet replaced by `xml` (built as text: 200,001 rows in a second). */
export function sheetXml(xml: string): Buffer {
  const parts = unzipSync(workbook([HEADER]));
  parts['xl/worksheets/sheet1.xml'] = strToU8(xml);
  return Buffer.from(zipSync(parts, { level: 1 }));
}

/** A zip part deflated by hand: its CRC, its real size, its deflated bytes. */
interface DeflatedPart {
  name: string;
  crc: number;
  size: number;
  data: Buffer;
}

/** Deflates a part as a stream (hundreds of MB of XML that never sit in memory). */
async function deflatePart(name: string, chunks: () => Iterable<Buffer>): Promise<DeflatedPart> {
  let crc = 0;
  let size = 0;
  for (const c of chunks()) {
    crc = crc32(c, crc);
    size += c.length;
  }
  const out: Buffer[] = [];
  // level 1: a run of blanks still deflates ~220 to 1, in a tenth of the time level 9 takes
  await pipeline(Readable.from(chunks()), createDeflateRaw({ level: 1 }), async (src: AsyncIterable<Buffer>) => {
    for await (const c of src) out.push(c);
  });
  return { name, crc, size, data: Buffer.concat(out) };
}

/** A zip of deflated parts, written by hand so that a part's central directory entry can state any size. */
function zipByHand(parts: (DeflatedPart & { declaredSize?: number })[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const stated = p.declaredSize ?? p.size;
    const name = Buffer.from(p.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(p.crc, 14);
    local.writeUInt32LE(p.data.length, 18);
    local.writeUInt32LE(stated, 22);
    local.writeUInt16LE(name.length, 26);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(8, 10);
    cd.writeUInt32LE(p.crc, 16);
    cd.writeUInt32LE(p.data.length, 20);
    cd.writeUInt32LE(stated, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt32LE(offset, 42);
    locals.push(local, name, p.data);
    central.push(cd, name);
    offset += 30 + name.length + p.data.length;
  }
  const cdSize = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(cdSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...central, end]);
}

/** the deflated parts of each bomb size, made once: the bombs differ only in what their directory states */
const bombParts = new Map<number, Promise<DeflatedPart[]>>();

/**
 * A workbook whose sheet is `mb` MB of XML (a header row, then blank space) deflated to under 1 MB;
 * `declaredSize` is the sheet's size its zip directory states (the real one when left out).
 */
export async function deflateBomb(mb: number, declaredSize?: number): Promise<Buffer> {
  if (!bombParts.has(mb)) {
    const normal = unzipSync(workbook([HEADER]));
    const filler = Buffer.alloc(MB, 0x20);
    const head = Buffer.from(`${SHEET_HEAD}<row r="1">${HEADER.map((h, i) => inline(`${'ABC'[i]}1`, h)).join('')}</row>`);
    bombParts.set(
      mb,
      Promise.all(
        Object.entries(normal).map(([name, bytes]) =>
          deflatePart(
            name,
            name === 'xl/worksheets/sheet1.xml'
              ? function* () {
                  yield head;
                  for (let i = 0; i < mb; i++) yield filler;
                  yield Buffer.from(SHEET_TAIL);
                }
              : () => [Buffer.from(bytes)],
          ),
        ),
      ),
    );
  }
  const parts = await bombParts.get(mb)!;
  return zipByHand(parts.map((p) => (p.name === 'xl/worksheets/sheet1.xml' ? { ...p, declaredSize } : p)));
}

/** `n` valid data rows as sheet XML text. */
export function rowsXml(n: number, columns = 3): string {
  const out = [SHEET_HEAD, `<row r="1">${HEADER.map((h, i) => inline(`${XLSX.utils.encode_col(i)}1`, h)).join('')}</row>`];
  for (let r = 2; r <= n + 1; r++) {
    out.push(
      `<row r="${r}">${inline(`A${r}`, `R${r}`)}${inline(`B${r}`, `Row ${r}`)}${columns > 2 ? inline(`C${r}`, 'Enabled') : ''}</row>`,
    );
  }
  out.push(SHEET_TAIL);
  return out.join('');
}

export const message = (lang: 'zh_CN' | 'zh_TW' | 'en_US', key: string, params: Record<string, unknown>) =>
  translate(lang, `resource.${key}`, params);
