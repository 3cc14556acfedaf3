import { CUSTOM_RESOURCES, defineResource, f, RESOURCES, schemasOf, tenantGroupResource, translate } from '@tagloom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FINAL_STATES, type JobRow } from '../src/core/queue/registry.js';
import { declaredResource } from '../src/core/sheet/declarations.js';
import { SHEET_LIMITS } from '../src/core/sheet/limits.js';
import { checkSheet, sheetsBeingRead, sheetWorkersStarted, stopWarmSheetWorkers } from '../src/core/sheet/run.js';
import { jobs } from '../src/db/schema/index.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';
import { multipart, workbook } from './uploads.js';

const GROUPS = '/api/general/tenant-group';
const HEADER = ['Group code', 'Group name', 'Status'];

/** The longest wait between two turns of the event loop while `work` runs (setImmediate ticks). */
async function longestTickGap<T>(work: () => Promise<T>): Promise<{ value: T; gap: number; ms: number }> {
  let gap = 0;
  let running = true;
  const t0 = performance.now();
  const ticking = (async () => {
    let last = performance.now();
    while (running) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      const now = performance.now();
      gap = Math.max(gap, now - last);
      last = now;
    }
  })();
  try {
    const value = await work();
    return { value, gap, ms: performance.now() - t0 };
  } finally {
    running = false;
    await ticking;
  }
}

describe(`import row checks in the sheet worker on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('admin', 'admin123');
  });
  afterAll(() => t?.close());

  const row = async (id: string): Promise<JobRow> => (await t.ctx.db.select().from(jobs).where(eq(jobs.id, id)))[0];
  const count = async (code: string) =>
    (await t.call('POST', `${GROUPS}/list`, { token: admin, body: { pageSize: 1, code } })).body.data.total as number;

  it('finds each served declaration by its code in the domain registry, the very one the server holds', () => {
    const registry = [...RESOURCES, ...CUSTOM_RESOURCES];
    for (const def of registry) expect(declaredResource(def.code), def.code).toBe(def);
    for (const [code, service] of t.services.resources)
      if (registry.some((d) => d.code === code)) expect(declaredResource(code), code).toBe(service.def);
  });

  it('refuses to check rows for a declaration the registry does not hold, before starting a worker', async () => {
    const stranger = defineResource({
      code: 'lab/stranger',
      names: { zh_CN: '陌生', zh_TW: '陌生', en_US: 'Stranger' },
      owner: 'tenant',
      table: 'lab_strangers',
      titleField: 'name',
      fields: { name: f.text({ label: { zh_CN: '名称', zh_TW: '名稱', en_US: 'Name' }, max: 32 }) },
    });
    await expect(checkSheet(workbook([['Name'], ['a']]), stranger, { lang: 'en_US' })).rejects.toThrow(/lab\/stranger/);
    expect(sheetsBeingRead()).toBe(0);
    // the same declaration from the registry is checked (in the worker)
    const checked = await checkSheet(workbook([HEADER, ['W1', 'Worker one', 'Enabled']]), tenantGroupResource, { lang: 'en_US' });
    expect(checked).toEqual({
      total: 1,
      good: [{ row: 2, data: expect.objectContaining({ code: 'W1', name: 'Worker one', status: 1 }) }],
      errors: [],
    });
  });

  it('checks every row of an import job in the worker: the create rules never run on the event loop, the report names row, field and message', {
    timeout: 240_000,
  }, async () => {
    const N = 3_000;
    const rows: unknown[][] = [HEADER, ...Array.from({ length: N }, (_, i) => [`WK${i}`, `Worker group ${i}`, i % 2 ? 'Enabled' : '停用'])];
    rows.push(['WK-BAD!', 'Bad code', 'Enabled']); // the code's pattern
    rows.push(['WK-STATUS', 'Bad status', 'Sometimes']); // not a status label in any language
    rows.push(['WK0', 'Repeated code', 'Enabled']); // repeats row 2
    rows.push(['APPAREL', 'Stored code', 'Enabled']); // a seeded group's code: the database says so
    const bad = N + 2; // the first of them, by its row number in the sheet
    const mp = multipart('worker.xlsx', workbook(rows));

    // the main thread's instance of the declaration's create rules: called per row when rows are checked here
    const rules = vi.spyOn(schemasOf(tenantGroupResource).create, 'safeParse');
    try {
      const before = await count('WK');
      const {
        value: ended,
        gap,
        ms,
      } = await longestTickGap(async () => {
        const started = await t.app.inject({
          method: 'POST',
          url: `${GROUPS}/import?validOnly=1`,
          headers: { ...mp.headers, token: admin, langeType: 'en_US' },
          payload: mp.payload,
        });
        expect(started.statusCode).toBe(200);
        const jobId = started.json().data.jobId as string;
        let r = await row(jobId);
        while (!FINAL_STATES.includes(r.state)) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          r = await row(jobId);
        }
        return r;
      });
      const label = (key: 'code' | 'name' | 'status') => tenantGroupResource.labels[key].en_US;
      expect(ended).toMatchObject({ state: 'done', result: { total: N + 4, inserted: N, errorCount: 4 } });
      const errors = (ended.result as { errors: { row: number; messages: string[] }[] }).errors;
      expect(errors.map((e) => e.row)).toEqual([bad, bad + 1, bad + 2, bad + 3]);
      // localized, naming the field by its label
      expect(errors[0].messages[0]).toContain(label('code'));
      expect(errors[1].messages[0]).toContain(label('status'));
      expect(errors[2].messages).toEqual([translate('en_US', 'resource.importDuplicateInFile', { field: label('code'), row: 2 })]);
      expect(errors[3].messages).toEqual([translate('en_US', 'common.conflict', { what: label('code') })]);
      expect(await count('WK')).toBe(before + N);
      // enum labels in any language were mapped (停用 = disabled) by the worker
      const listed = await t.call('POST', `${GROUPS}/list`, { token: admin, body: { pageSize: 2, code: 'WK0', sortField: 'code' } });
      expect(listed.body.data.list[0]).toMatchObject({ code: 'WK0', status: 0 });

      // not one row was checked on this thread: the worker checked them all
      expect(rules).not.toHaveBeenCalled();
      // and the event loop kept turning all along: no wait near the length of the import
      expect(gap).toBeLessThan(ms / 3);
    } finally {
      rules.mockRestore();
    }
  });

  it('keeps a worker warm for the next file, which sees nothing of the last; a worker stopped by a limit is not reused', async () => {
    await stopWarmSheetWorkers();
    const before = sheetWorkersStarted();
    const check = (rows: unknown[][]) => checkSheet(workbook([HEADER, ...rows]), tenantGroupResource, { lang: 'en_US' });
    const first = await check([
      ['K1', 'Kept one', 'Enabled'],
      ['K2', 'Kept two', 'Disabled'],
    ]);
    expect(first.good.map((r) => r.data.code)).toEqual(['K1', 'K2']);
    // a refused file (a missing column) leaves its worker sound
    await expect(checkSheet(workbook([['Group name'], ['x']]), tenantGroupResource, { lang: 'en_US' })).rejects.toThrow();
    const second = await check([['K3', 'Kept three', 'Enabled']]);
    expect(second).toEqual({ total: 1, good: [{ row: 2, data: expect.objectContaining({ code: 'K3' }) }], errors: [] });
    expect(sheetWorkersStarted() - before).toBe(1);
    expect(sheetsBeingRead()).toBe(0);
    // out of time: that worker is stopped, the next file gets a new one
    const limits = { ...SHEET_LIMITS, timeMs: 1 };
    const many = Array.from({ length: 20_000 }, (_, i) => [`T${i}`, `Timed ${i}`, 'Enabled']);
    await expect(checkSheet(workbook([HEADER, ...many]), tenantGroupResource, { lang: 'en_US', limits })).rejects.toMatchObject({
      key: 'resource.importTooSlow',
    });
    const third = await check([['K4', 'Kept four', 'Enabled']]);
    expect(third.good.map((r) => r.data.code)).toEqual(['K4']);
    expect(sheetWorkersStarted() - before).toBe(2);
  });

  it('refuses a sheet without a required column from the worker, in the language asked', async () => {
    const mp = multipart('names.xlsx', workbook([['Group name'], ['Only a name']]));
    const res = await t.app.inject({
      method: 'POST',
      url: `${GROUPS}/import?wait=1`,
      headers: { ...mp.headers, token: admin, langeType: 'zh_TW' },
      payload: mp.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(translate('zh_TW', 'resource.importMissingColumns', { columns: tenantGroupResource.labels.code.zh_TW }));
  });
});
