import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictionaryModules, operationLog, RESOURCE_TABLES } from '../src/db/schema/index.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

const groups = RESOURCE_TABLES['general/tenant-group'];
const wellFormed = (s: string) => !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);

/**
 * A write and its operation-log row commit together: when the log row cannot be written, the
 * write is rolled back. Text PostgreSQL cannot store is refused before anything is written.
 */
describe(`operation log written with the write, on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('admin', 'admin123');
    // the log refuses any row whose body mentions REFUSE-LOG: a log insert that fails
    await t.ctx.db.execute(
      sql`ALTER TABLE operation_log ADD CONSTRAINT test_refuse_log CHECK (coalesce(body::text, '') NOT LIKE '%REFUSE-LOG%')`,
    );
  });
  afterAll(() => t?.close());

  const groupByCode = async (code: string) => t.ctx.db.select().from(groups).where(eq(groups.code, code));
  const logsOf = async (url: string) =>
    t.ctx.db.select().from(operationLog).where(eq(operationLog.url, url)).orderBy(desc(operationLog.id));

  it('has the log row as soon as the write answers (same transaction, generic resource path)', async () => {
    const r = await t.call('POST', '/api/general/tenant-group/create', { token: admin, body: { code: 'ATOMIC1', name: 'atomic one' } });
    expect(r.status).toBe(200);
    const [row] = (await logsOf('/api/general/tenant-group/create')).filter((l) => l.target === '"ATOMIC1"');
    expect(row).toMatchObject({ result: 1, status: 200, username: 'admin', screen: 'general/tenant-group', action: 'add' });
  });

  it('rolls the write back when its log row cannot be written: create, update, delete of a resource', async () => {
    const made = await t.call('POST', '/api/general/tenant-group/create', {
      token: admin,
      body: { code: 'ATOMIC2', name: 'REFUSE-LOG group' },
    });
    expect(made.status).toBeLessThan(500);
    expect(made.body.code).not.toBe(200);
    expect(await groupByCode('ATOMIC2')).toEqual([]);

    const ok = await t.call('POST', '/api/general/tenant-group/create', { token: admin, body: { code: 'ATOMIC3', name: 'kept' } });
    const id = ok.body.data.id;
    const upd = await t.call('POST', '/api/general/tenant-group/update', { token: admin, body: { id, name: 'REFUSE-LOG renamed' } });
    expect(upd.body.code).not.toBe(200);
    expect((await groupByCode('ATOMIC3'))[0].name).toBe('kept');

    // the log keeps the checked body (unknown keys dropped): refuse this delete's target instead
    await t.ctx.db.execute(sql.raw(`ALTER TABLE operation_log ADD CONSTRAINT test_refuse_target CHECK (target <> '[${Number(id)}]')`));
    const del = await t.call('POST', '/api/general/tenant-group/delete', { token: admin, body: { ids: [id] } });
    expect(del.body.code).not.toBe(200);
    expect(await groupByCode('ATOMIC3')).toHaveLength(1);
  });

  it('rolls back a single write statement a module runs outside a transaction (dictionary insert)', async () => {
    const r = await t.call('POST', '/api/dictionary/web/insert', { token: admin, body: { code: 'ATOMIC_DICT', name: 'REFUSE-LOG' } });
    expect(r.status).toBeLessThan(500);
    expect(r.body.code).not.toBe(200);
    expect(await t.ctx.db.select().from(dictionaryModules).where(eq(dictionaryModules.code, 'ATOMIC_DICT'))).toEqual([]);
    // the same write with a loggable body goes through, with its row
    const ok = await t.call('POST', '/api/dictionary/web/insert', { token: admin, body: { code: 'ATOMIC_DICT', name: 'fine' } });
    expect(ok.body.code).toBe(200);
    expect((await logsOf('/api/dictionary/web/insert')).find((l) => l.target === '"ATOMIC_DICT"')).toMatchObject({ result: 1 });
  });

  it('corrects the row when the request fails after its write committed', async () => {
    // a refused write (409) that committed nothing is logged after the response, as a failure
    const dup = await t.call('POST', '/api/general/tenant-group/create', { token: admin, body: { code: 'ATOMIC1', name: 'other name' } });
    expect(dup.status).toBe(409);
    const rows = async () =>
      (await logsOf('/api/general/tenant-group/create')).filter((l) => l.target === '"ATOMIC1"').map((l) => [l.result, l.status]);
    await expect.poll(rows).toEqual([
      [0, 409],
      [1, 200],
    ]);
  });

  for (const [what, bad] of [
    ['NUL', 'a\u0000b'],
    ['a lone surrogate', 'a\ud800b'],
    ['a lone low surrogate', '\udc00'],
  ] as const) {
    it(`refuses ${what} in a text field with 400 naming the field, writing nothing`, async () => {
      const r = await t.call('POST', '/api/general/tenant-group/create', {
        token: admin,
        lang: 'en',
        body: { code: 'BADTEXT', name: `x${bad}` },
      });
      expect(r.status).toBe(400);
      expect(r.body.data.fields).toEqual([{ field: 'name', message: expect.stringContaining('cannot be stored') }]);
      expect(r.body.msg).toMatch(/^Group name: /);
      expect(await groupByCode('BADTEXT')).toEqual([]);
      // a route without labels names the path; query strings and nested values too
      if (bad.includes('\u0000')) {
        const q = await t.call('GET', `/api/dictionaryDetail/v1.0/searchListByDicNum?num=${encodeURIComponent(`A${bad}`)}`);
        expect(q.status).toBe(400);
        expect(q.body.data.fields[0].field).toBe('num');
      }
      const nested = await t.call('POST', '/api/general/tenant-group/create', {
        token: admin,
        lang: 'en',
        body: { code: 'X', name: 'n', deep: { list: [`${bad}`] } },
      });
      expect(nested.status).toBe(400);
      expect(nested.body.data.fields[0].field).toBe('deep.list.0');
      // the refusal is in the log, its text made storable
      // a refusal is logged once it has been answered: waited for
      const refusedRow = async () =>
        (await logsOf('/api/general/tenant-group/create')).filter((l) => JSON.stringify(l.body).includes('BADTEXT'))[0];
      await expect.poll(refusedRow).toBeDefined();
      const logged = await refusedRow();
      expect(logged).toMatchObject({ result: 0, status: 400 });
      expect(JSON.stringify(logged.body)).toContain('\ufffd');
    });
  }

  it('answers a body 5,000 levels deep with a 4xx and logs it, its copy cut at 5 levels', async () => {
    const deep = (inner: string) => `${'{"a":'.repeat(5000)}${inner}${'}'.repeat(5000)}`;
    // a route that takes no body: refused before its handler
    const cancel = await t.call('POST', '/api/jobs/DEEPJOB/cancel', { token: admin, lang: 'en', rawBody: deep('{}') });
    expect(cancel.status).toBe(400);
    expect(cancel.body.msg).toMatch(/takes no body/);
    // a route with a body schema: the value fails it (and is the log row's target, copied as the body is)
    const create = await t.call('POST', '/api/general/tenant-group/create', {
      token: admin,
      lang: 'en',
      rawBody: `{"name":"deep","code":${deep('"DEEPGROUP"')}}`,
    });
    expect(create.status).toBe(400);
    const depth = (v: unknown): number =>
      v && typeof v === 'object' ? 1 + Math.max(0, ...Object.values(v as Record<string, unknown>).map(depth)) : 0;
    for (const url of ['/api/jobs/DEEPJOB/cancel', '/api/general/tenant-group/create']) {
      // a refusal is logged once it has been answered: waited for
      const logged = async () => (await logsOf(url)).find((l) => JSON.stringify(l.body).includes('"a":{"a"'));
      await expect.poll(logged).toBeDefined();
      const row = (await logged())!;
      expect(row).toMatchObject({ result: 0, status: 400 });
      expect(depth(row.body)).toBeLessThanOrEqual(5);
      expect(JSON.stringify(row.body)).toContain('…');
    }
    expect((await logsOf('/api/general/tenant-group/create')).find((l) => l.target.includes('"a"'))?.target.length).toBeLessThanOrEqual(
      200,
    );
  });

  it('refuses any body on a write route that declares none (400, localized); none or {} is accepted', async () => {
    for (const lang of ['en', 'zh_CN'] as const) {
      const r = await t.call('POST', '/api/jobs/NOSUCHJOB/cancel', { token: admin, lang, body: { reason: 'x' } });
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe(
        lang === 'en' ? 'This request takes no body (send none, or an empty {})' : '此请求不接受请求内容（可以不发送，或发送空的 {}）',
      );
    }
    expect((await t.call('POST', '/api/jobs/NOSUCHJOB/cancel', { token: admin, rawBody: '"text"' })).status).toBe(400);
    expect((await t.call('POST', '/api/jobs/NOSUCHJOB/cancel', { token: admin, body: [1] })).status).toBe(400);
    // nothing, or an empty body, reaches the handler (no such job)
    expect((await t.call('POST', '/api/jobs/NOSUCHJOB/cancel', { token: admin })).status).toBe(404);
    expect((await t.call('POST', '/api/jobs/NOSUCHJOB/cancel', { token: admin, body: {} })).status).toBe(404);
    // a body-less route the console calls with {}
    expect((await t.call('POST', '/api/menu/selectMenuByCurrentUserId', { token: admin, body: {} })).status).toBe(200);
    expect((await t.call('POST', '/api/menu/selectMenuByCurrentUserId', { token: admin, body: { terminal: 1 } })).status).toBe(400);
  });

  it('logs a body of 5000 emoji cut on a code-point boundary, whatever the parity of the cut', async () => {
    for (const prefix of ['E', 'EE']) {
      const name = `${prefix}${'😀'.repeat(5000)}`;
      const r = await t.call('POST', '/api/dictionary/web/insert', { token: admin, body: { code: `EMOJI${prefix.length}`, name } });
      expect(r.status).toBe(400); // too long for a name
      // a refusal is logged once it has been answered: waited for
      const loggedRow = async () => (await logsOf('/api/dictionary/web/insert')).filter((l) => l.target === `"EMOJI${prefix.length}"`)[0];
      await expect.poll(loggedRow).toBeDefined();
      const row = (await loggedRow())!;
      const cut = (row.body as { truncated: string }).truncated;
      expect(cut.length).toBeGreaterThan(3990);
      expect(cut.length).toBeLessThanOrEqual(4000);
      expect(wellFormed(cut)).toBe(true);
      expect(cut.endsWith('😀')).toBe(true);
    }
  });
});
