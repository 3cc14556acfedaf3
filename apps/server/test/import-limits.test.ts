/**
 * Hostile spreadsheets sent to an import: each is refused with a 400 naming the limit (or, for a
 * lying <dimension>, read by its real cells), nothing is written, and /api/health answers while
 * the file is being handled (the file is read in a worker thread, never on the event loop).
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createDeflateRaw } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { translate } from '@tagloom/domain';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningServer, startServer } from '../../../e2e/support/server.js';
import { SHEET_LIMITS } from '../src/core/sheet/limits.js';
import { readFirstSheet } from '../src/core/sheet/read.js';
import { sheetsBeingRead } from '../src/core/sheet/run.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';
import { multipart } from './uploads.js';

const URL_IMPORT = '/api/general/tenant-group/import';
const HEADER = ['Group code', 'Group name', 'Status'];
const MB = 1024 * 1024;

const workbook = (rows: unknown[][], bookType: XLSX.BookType = 'xlsx') => {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return XLSX.write(wb, { type: 'buffer', bookType }) as Buffer;
};

/** A small workbook whose sheet XML is then rewritten (a hostile file is a normal one, patched). */
function patchedSheet(rows: unknown[][], edit: (xml: string) => string): Buffer {
  const parts = unzipSync(workbook(rows));
  parts['xl/worksheets/sheet1.xml'] = strToU8(edit(strFromU8(parts['xl/worksheets/sheet1.xml'])));
  return Buffer.from(zipSync(parts));
}

const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_TAIL = '</sheetData></worksheet>';
/** the sheet's own <dimension> (left out, the parser sizes the sheet by its cells: the probe as an attacker sends it) */
const NO_DIMENSION = /<dimension ref="[^"]*"\/>/;
const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/** The workbook with its sheet replaced by `xml` (built as text: 200,001 rows in a second). */
function sheetXml(xml: string): Buffer {
  const parts = unzipSync(workbook([HEADER]));
  parts['xl/worksheets/sheet1.xml'] = strToU8(xml);
  return Buffer.from(zipSync(parts, { level: 1 }));
}

/**
 * A zip written by hand, so that a part can be deflated as a stream (hundreds of MB of XML that
 * never sit in memory) and its central directory entry can state any size.
 */
async function zipByHand(parts: { name: string; chunks: () => Iterable<Buffer>; declaredSize?: number }[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    let crc = 0;
    let size = 0;
    for (const c of p.chunks()) {
      crc = crc32(c, crc);
      size += c.length;
    }
    const out: Buffer[] = [];
    await pipeline(Readable.from(p.chunks()), createDeflateRaw({ level: 9 }), async (src: AsyncIterable<Buffer>) => {
      for await (const c of src) out.push(c);
    });
    const data = Buffer.concat(out);
    const stated = p.declaredSize ?? size;
    const name = Buffer.from(p.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(stated, 22);
    local.writeUInt16LE(name.length, 26);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(8, 10);
    cd.writeUInt32LE(crc, 16);
    cd.writeUInt32LE(data.length, 20);
    cd.writeUInt32LE(stated, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    central.push(cd, name);
    offset += 30 + name.length + data.length;
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

/** A workbook whose sheet is `mb` MB of XML (a header row, then blank space) deflated to a few hundred KB. */
function deflateBomb(mb: number, declaredSize?: number) {
  const normal = unzipSync(workbook([HEADER]));
  const filler = Buffer.alloc(MB, 0x20);
  const head = Buffer.from(`${SHEET_HEAD}<row r="1">${HEADER.map((h, i) => inline(`${'ABC'[i]}1`, h)).join('')}</row>`);
  return zipByHand(
    Object.entries(normal).map(([name, bytes]) =>
      name === 'xl/worksheets/sheet1.xml'
        ? {
            name,
            declaredSize,
            *chunks() {
              yield head;
              for (let i = 0; i < mb; i++) yield filler;
              yield Buffer.from(SHEET_TAIL);
            },
          }
        : { name, chunks: () => [Buffer.from(bytes)] },
    ),
  );
}

/** `n` valid data rows as sheet XML text. */
function rowsXml(n: number, columns = 3): string {
  const out = [SHEET_HEAD, `<row r="1">${HEADER.map((h, i) => inline(`${XLSX.utils.encode_col(i)}1`, h)).join('')}</row>`];
  for (let r = 2; r <= n + 1; r++) {
    out.push(
      `<row r="${r}">${inline(`A${r}`, `R${r}`)}${inline(`B${r}`, `Row ${r}`)}${columns > 2 ? inline(`C${r}`, 'Enabled') : ''}</row>`,
    );
  }
  out.push(SHEET_TAIL);
  return out.join('');
}

const message = (lang: 'zh_CN' | 'zh_TW' | 'en_US', key: string, params: Record<string, unknown>) =>
  translate(lang, `resource.${key}`, params);

describe('reading a sheet within the limits (the worker-side reader)', () => {
  const limits = { ...SHEET_LIMITS, rows: 3, columns: 3 };
  it('takes exactly the row and column limits, and refuses one more of either', () => {
    const at = readFirstSheet(workbook([HEADER, ['a', 'b', 'c'], ['d', 'e', 'f'], ['g', 'h', 'i']]), limits);
    expect(at).toHaveLength(4);
    expect(() => readFirstSheet(workbook([HEADER, ['a'], ['b'], ['c'], ['d']]), limits)).toThrow(
      expect.objectContaining({ key: 'resource.importTooManyRows', params: { rows: 4, last: 5, max: 3 } }),
    );
    expect(() => readFirstSheet(workbook([[...HEADER, 'x']]), limits)).toThrow(
      expect.objectContaining({ key: 'resource.importTooManyColumns', params: { columns: 4, last: 'D', max: 3 } }),
    );
  });

  it('measures the used range from the cells, not from <dimension>, and skips blank rows', () => {
    const file = patchedSheet([HEADER, [], ['a', 'b', 'c']], (xml) =>
      xml.replace(/<dimension ref="[^"]*"\/>/, '<dimension ref="A1:XFD1048576"/>'),
    );
    expect(readFirstSheet(file, limits)).toEqual([HEADER, ['a', 'b', 'c']]);
  });
});

describe(`hostile spreadsheets sent to an import on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('admin', 'admin123');
  });
  afterAll(() => t?.close());

  const groups = async () =>
    (await t.call('POST', '/api/general/tenant-group/list', { token: admin, body: { pageSize: 1 } })).body.data.total as number;

  /**
   * Sends the file without waiting, then asks /api/health: health must answer while the import is
   * still being handled (the import's answer comes after it).
   */
  async function importWhileHealthAnswers(file: Buffer, opts: { name?: string; lang?: string; query?: string } = {}) {
    const order: string[] = [];
    const mp = multipart(opts.name ?? 'hostile.xlsx', file);
    const pending = t.app
      .inject({
        method: 'POST',
        url: `${URL_IMPORT}?wait=1${(opts.query ?? '').replace('?', '&')}`,
        headers: { ...mp.headers, token: admin, langeType: opts.lang ?? 'en_US' },
        payload: mp.payload,
      })
      .then((res) => {
        order.push('import');
        return res;
      });
    // the file is in the reader's hands: health must answer before the import does
    await vi.waitFor(() => expect(sheetsBeingRead()).toBeGreaterThan(0), { timeout: 30_000, interval: 5 });
    const health = await t.call('GET', '/api/health');
    order.push('health');
    expect(health.status).toBe(200);
    expect(health.body.data.status).toBeTruthy();
    const res = await pending;
    expect(order).toEqual(['health', 'import']);
    return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: unknown } };
  }

  it('refuses one cell at XFD1048576 and no <dimension> (a few KB) naming the column limit, in each language, writing nothing', async () => {
    const file = patchedSheet([HEADER, ['XFD1', 'Far cell', 'Enabled']], (xml) =>
      xml.replace('</sheetData>', '<row r="1048576"><c r="XFD1048576"><v>1</v></c></row></sheetData>').replace(NO_DIMENSION, ''),
    );
    expect(file.length).toBeLessThan(10_000);
    const before = await groups();
    for (const lang of ['en_US', 'zh_CN', 'zh_TW'] as const) {
      const r = await importWhileHealthAnswers(file, { lang });
      expect(r.status).toBe(400);
      const last = 'XFD';
      const columns = new Intl.NumberFormat(lang.replace('_', '-')).format(16_384);
      expect(r.body.msg).toBe(message(lang, 'importTooManyColumns', { columns, last, max: 200 }));
    }
    expect(await groups()).toBe(before);
  });

  it('refuses the rows past the limit when the far cell is in the first column', async () => {
    const file = patchedSheet([HEADER, ['FAR1', 'Far row', 'Enabled']], (xml) =>
      xml.replace('</sheetData>', '<row r="1048576"><c r="A1048576"><v>1</v></c></row></sheetData>'),
    );
    const before = await groups();
    const r = await importWhileHealthAnswers(file);
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe(message('en_US', 'importTooManyRows', { rows: '1,048,575', last: '1,048,576', max: '200,000' }));
    expect(await groups()).toBe(before);
  });

  it('reads a sheet by its cells when its <dimension> claims A1:XFD1048576', async () => {
    const file = patchedSheet([HEADER, ['DIM1', 'Dimension one', 'Enabled'], ['DIM2', 'Dimension two', 'Disabled']], (xml) =>
      xml.replace(/<dimension ref="[^"]*"\/>/, '<dimension ref="A1:XFD1048576"/>'),
    );
    expect(strFromU8(unzipSync(file)['xl/worksheets/sheet1.xml'])).toContain('A1:XFD1048576');
    const before = await groups();
    const r = await importWhileHealthAnswers(file);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ total: 2, inserted: 2, errors: [] });
    expect(await groups()).toBe(before + 2);
  });

  it('refuses a deflate bomb (400 MB of XML in under 1 MB) by the sizes its zip directory states', async () => {
    const file = await deflateBomb(400);
    expect(file.length).toBeLessThan(MB);
    const before = await groups();
    const r = await importWhileHealthAnswers(file);
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe(message('en_US', 'importTooLarge', { max: '160' }));
    expect(await groups()).toBe(before);
  });

  it('refuses a deflate bomb whose directory lies about its size, stopping it while it inflates', async () => {
    const file = await deflateBomb(400, 10_000);
    const before = await groups();
    const r = await importWhileHealthAnswers(file, { lang: 'zh_CN' });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe(message('zh_CN', 'importTooLarge', { max: '160' }));
    expect(await groups()).toBe(before);
  });

  it('refuses 200,001 data rows naming the row limit', { timeout: 180_000 }, async () => {
    const file = sheetXml(rowsXml(200_001));
    const before = await groups();
    const r = await importWhileHealthAnswers(file);
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe(message('en_US', 'importTooManyRows', { rows: '200,001', last: '200,002', max: '200,000' }));
    expect(await groups()).toBe(before);
  });

  it('refuses 201 columns naming the column limit', async () => {
    const header = [...HEADER, ...Array.from({ length: 198 }, (_, i) => `Extra ${i}`)];
    const file = workbook([header, ['COL1', 'Wide', 'Enabled']]);
    const before = await groups();
    const r = await importWhileHealthAnswers(file, { lang: 'zh_TW' });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe(message('zh_TW', 'importTooManyColumns', { columns: '201', last: 'GS', max: '200' }));
    expect(await groups()).toBe(before);
  });

  it('stops a file that takes longer than the time limit, naming it', async () => {
    const file = sheetXml(rowsXml(50_000));
    const saved = SHEET_LIMITS.timeMs;
    SHEET_LIMITS.timeMs = 50;
    try {
      const before = await groups();
      const r = await importWhileHealthAnswers(file);
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe(message('en_US', 'importTooSlow', { seconds: '0.05' }));
      expect(await groups()).toBe(before);
    } finally {
      SHEET_LIMITS.timeMs = saved;
    }
  });

  it('stops a file that needs more memory than the limit, naming it, and the server stays up', async () => {
    const file = sheetXml(rowsXml(20_000));
    const saved = SHEET_LIMITS.memoryMb;
    SHEET_LIMITS.memoryMb = 16;
    try {
      const before = await groups();
      const r = await importWhileHealthAnswers(file);
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe(message('en_US', 'importTooMuchMemory', { max: '16' }));
      expect(await groups()).toBe(before);
    } finally {
      SHEET_LIMITS.memoryMb = saved;
    }
    expect((await t.call('GET', '/api/health')).status).toBe(200);
  });

  it('refuses an upload over 20 MB naming the limit', async () => {
    const mp = multipart('big.xlsx', Buffer.alloc(21 * MB, 1));
    const res = await t.app.inject({
      method: 'POST',
      url: `${URL_IMPORT}?wait=1`,
      headers: { ...mp.headers, token: admin, langeType: 'en_US' },
      payload: mp.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(message('en_US', 'importFileTooLarge', { max: 20 }));
  });

  it('still imports an old .xls (BIFF8) and a normal .xlsx', async () => {
    const before = await groups();
    const xls = workbook([HEADER, ['XLS1', 'Old format one', 'Enabled'], ['XLS2', 'Old format two', 'Disabled']], 'biff8');
    expect(xls.subarray(0, 4).toString('hex')).toBe('d0cf11e0');
    const r1 = await importWhileHealthAnswers(xls, { name: 'old.xls' });
    expect(r1.body.data).toMatchObject({ total: 2, inserted: 2 });
    const r2 = await importWhileHealthAnswers(workbook([HEADER, ['NEW1', 'New format', 'Enabled']]), { name: 'new.xlsx' });
    expect(r2.body.data).toMatchObject({ total: 1, inserted: 1 });
    expect(await groups()).toBe(before + 3);
  });

  it('keeps a bad row rejecting the whole file, and a clean unreadable message for a file that is no workbook', async () => {
    const before = await groups();
    const r = await importWhileHealthAnswers(workbook([HEADER, ['OK1', 'Fine', 'Enabled'], ['OK2', 'Bad status', 'Sometimes']]));
    expect(r.status).toBe(400);
    expect(r.body.data).toMatchObject({ total: 2, inserted: 0, errors: [{ row: 3 }] });
    const junk = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(2000, 7)]);
    const u = await importWhileHealthAnswers(junk);
    expect(u.status).toBe(400);
    expect(u.body.msg).toBe(translate('en_US', 'resource.importUnreadable'));
    expect(await groups()).toBe(before);
  });
});

describe('the sheet worker under the real server (node --import tsx apps/server/src/main.ts)', () => {
  let server: RunningServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer({ WEB_DIST: '/nonexistent-web-dist' });
    const login = await fetch(`${server.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin123' }),
    });
    token = (await login.json()).data.token;
  });
  afterAll(() => server?.stop());

  const upload = (file: Buffer, name = 'x.xlsx') => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), name);
    return fetch(`${server.url}${URL_IMPORT}?wait=1`, { method: 'POST', headers: { token, langeType: 'en_US' }, body: form });
  };

  it('imports a normal file and refuses the XFD1048576 probe, answering /api/health meanwhile', async () => {
    const ok = await upload(workbook([HEADER, ['SRV1', 'Served one', 'Enabled']]));
    expect(await ok.json()).toMatchObject({ code: 200, data: { total: 1, inserted: 1 } });
    const probe = patchedSheet([HEADER], (xml) =>
      xml.replace('</sheetData>', '<row r="1048576"><c r="XFD1048576"><v>1</v></c></row></sheetData>').replace(NO_DIMENSION, ''),
    );
    const order: string[] = [];
    const pending = upload(probe).then(async (res) => {
      order.push('import');
      return { status: res.status, body: await res.json() };
    });
    const health = await fetch(`${server.url}/api/health`);
    order.push('health');
    expect(health.status).toBe(200);
    const refused = await pending;
    expect(order).toEqual(['health', 'import']);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(message('en_US', 'importTooManyColumns', { columns: '16,384', last: 'XFD', max: '200' }));
  });
});
