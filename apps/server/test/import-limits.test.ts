/**
 * Hostile spreadsheets sent to an import: each is refused with a 400 naming the limit (or, for a
 * lying <dimension>, read by its real cells), nothing is written, and /api/health answers while
 * the file is being handled (the file is read in a worker thread, never on the event loop).
 * The same refusals under the real server: import-limits-server.test.ts; the files: import-limits-sheets.ts.
 */
import { translate } from '@tagloom/domain';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SHEET_LIMITS } from '../src/core/sheet/limits.js';
import { readFirstSheet } from '../src/core/sheet/read.js';
import { sheetsBeingRead, stopWarmSheetWorkers } from '../src/core/sheet/run.js';
import {
  deflateBomb,
  HEADER,
  MB,
  message,
  NO_DIMENSION,
  patchedSheet,
  rowsXml,
  sheetXml,
  URL_IMPORT,
  workbook,
} from './import-limits-sheets.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';
import { multipart } from './uploads.js';

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
    // each hostile file in a new worker, as the first import after a start meets it: a warm one may
    // refuse a file by its zip directory before the poll below sees it being read
    await stopWarmSheetWorkers();
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

  // the column limit's message in each language: zh_CN here, zh_TW for 201 columns below, en_US under the real server
  it('refuses one cell at XFD1048576 and no <dimension> (a few KB) naming the column limit, writing nothing', async () => {
    const file = patchedSheet([HEADER, ['XFD1', 'Far cell', 'Enabled']], (xml) =>
      xml.replace('</sheetData>', '<row r="1048576"><c r="XFD1048576"><v>1</v></c></row></sheetData>').replace(NO_DIMENSION, ''),
    );
    expect(file.length).toBeLessThan(10_000);
    const before = await groups();
    const r = await importWhileHealthAnswers(file, { lang: 'zh_CN' });
    expect(r.status).toBe(400);
    const columns = new Intl.NumberFormat('zh-CN').format(16_384);
    expect(r.body.msg).toBe(message('zh_CN', 'importTooManyColumns', { columns, last: 'XFD', max: 200 }));
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

  // 170 MB: over the 160 MB unpacked limit, as any size past it would be
  it('refuses a deflate bomb (170 MB of XML in under 1 MB) by the sizes its zip directory states', async () => {
    const file = await deflateBomb(170);
    expect(file.length).toBeLessThan(MB);
    const before = await groups();
    const r = await importWhileHealthAnswers(file);
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe(message('en_US', 'importTooLarge', { max: '160' }));
    expect(await groups()).toBe(before);
  });

  it('refuses a deflate bomb whose directory lies about its size, stopping it while it inflates', async () => {
    const file = await deflateBomb(170, 10_000);
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

  // a normal .xlsx is imported by the <dimension> test above and under the real server
  it('still imports an old .xls (BIFF8)', async () => {
    const before = await groups();
    const xls = workbook([HEADER, ['XLS1', 'Old format one', 'Enabled'], ['XLS2', 'Old format two', 'Disabled']], 'biff8');
    expect(xls.subarray(0, 4).toString('hex')).toBe('d0cf11e0');
    const r = await importWhileHealthAnswers(xls, { name: 'old.xls' });
    expect(r.body.data).toMatchObject({ total: 2, inserted: 2 });
    expect(await groups()).toBe(before + 2);
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
