import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictionaryDetails, dictionaryModules, operationLog } from '../src/db/schema/index.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

describe(`API conventions and dictionaries on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('admin', 'admin123');
  });
  afterAll(() => t?.close());

  it('reports health with the database state', async () => {
    const r = await t.call('GET', '/api/health');
    expect(r.status).toBe(200);
    expect(r.body.data.database).toMatchObject({ kind: DRIVER, up: true });
  });

  it('answers common calls: server version, enumerations, language list', async () => {
    expect((await t.call('GET', '/api/common/getServerVersion')).body.data).toBe('0.1.0');
    const langs = await t.call('GET', '/api/dictionaryDetail/v1.0/searchListByDicNum?num=LANGUAGE_TYPE');
    expect(langs.body.data.map((d: { num: string }) => d.num)).toEqual(['zh_CN', 'zh_TW', 'en_US']);
    const unknown = await t.call('GET', '/api/tagManage/common/enum/queryEnum?targetEnum=Nope', { token: admin, lang: 'en' });
    expect([unknown.status, unknown.body.msg]).toEqual([404, 'Unknown enumeration: Nope']);
    const refresh = await t.call('GET', '/api/dictionaryDetail/v1.0/reidsRefreshAllDicList', { token: admin });
    expect(refresh.body.code).toBe(200);
  });

  it('publishes OpenAPI at /api/docs with every route', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = r.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of ['/api/user/login', '/api/menu/selectMenuByCurrentUserId', '/api/dictionary/web/insert', '/api/user/ssoLogin']) {
      expect(doc.paths).toHaveProperty([p]);
    }
    expect(doc.paths['/api/user/login'].post.requestBody.content['application/json'].schema.required).toEqual(['username', 'password']);
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });

  it('answers unknown routes, malformed JSON and wrong types with 4xx envelopes naming the field', async () => {
    const nf = await t.call('GET', '/api/nothing/here', { lang: 'en' });
    expect([nf.status, nf.body.code, nf.body.msg]).toEqual([404, 404, 'No such API: GET /api/nothing/here']);
    const bad = await t.call('POST', '/api/user/login', { rawBody: '{"username": "admin",', lang: 'en' });
    expect([bad.status, bad.body.msg]).toEqual([400, 'The request body is not valid JSON']);
    const missing = await t.call('POST', '/api/user/login', { body: { username: 'admin' }, lang: 'en' });
    expect([missing.status, missing.body.msg]).toEqual([400, 'Please enter password']);
    const typed = await t.call('POST', '/api/dictionary/web/insert', { token: admin, body: { code: 5, name: 'x' }, lang: 'zh_CN' });
    expect(typed.status).toBe(400);
    expect(typed.body.msg).toBe('编码：必须是文本');
    expect(typed.body.data.fields).toEqual([{ field: 'code', message: '必须是文本' }]);
  });

  it('runs dictionary modules and details end to end, refusing duplicates', async () => {
    const mod = await t.call('POST', '/api/dictionary/web/insert', { token: admin, body: { code: 'SIZE', name: '尺码' } });
    expect(mod.body.code).toBe(200);
    const dup = await t.call('POST', '/api/dictionary/web/insert', { token: admin, lang: 'en', body: { code: 'SIZE', name: 'again' } });
    expect([dup.status, dup.body.msg]).toEqual([409, 'Module code already exists']);
    const moduleId = mod.body.data.id;
    for (const [num, name] of [
      ['S', '小'],
      ['M', '中'],
      ['L', '大'],
    ]) {
      const d = await t.call('POST', '/api/dictionaryDetail/web/addDicContent', {
        token: admin,
        body: { moduleId, num, name, nameEn: num },
      });
      expect(d.body.code).toBe(200);
    }
    const list = await t.call('GET', '/api/dictionaryDetail/v1.0/searchListByDicNum?num=SIZE', { token: admin });
    expect(list.body.data.map((d: { num: string }) => d.num)).toEqual(['S', 'M', 'L']);
    const page = await t.call('POST', '/api/dictionaryDetail/web/selectDicContent', {
      token: admin,
      body: { moduleCode: 'SIZE', page: 1, pageSize: 2 },
    });
    expect(page.body.data).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page.body.data.list).toHaveLength(2);
    const tree = await t.call('POST', '/api/dictionary/web/showModel', { token: admin, body: { code: 'SIZE' } });
    expect(tree.body.data.list[0].children).toHaveLength(3);
    // a module with details cannot go; deleting its details first works
    const blocked = await t.call('POST', '/api/dictionary/web/delete', { token: admin, lang: 'en', body: { ids: [moduleId] } });
    expect(blocked.status).toBe(409);
    const ids = page.body.data.list.map((d: { id: number }) => d.id);
    const upd = await t.call('POST', '/api/dictionaryDetail/web/updateDicContent', {
      token: admin,
      body: { id: ids[0], moduleId, num: 'XS', name: '特小' },
    });
    expect(upd.body.data).toMatchObject({ num: 'XS', name: '特小' });
    // the cache was dropped on change
    const after = await t.call('GET', '/api/dictionaryDetail/v1.0/searchListByDicNum?num=SIZE', { token: admin });
    expect(after.body.data[0].num).toBe('XS');
  });

  it('deletes all or nothing: one unknown id leaves every row in place', async () => {
    const mod = await t.call('POST', '/api/dictionary/web/insert', { token: admin, body: { code: 'COLOR', name: '颜色' } });
    const moduleId = mod.body.data.id;
    const a = await t.call('POST', '/api/dictionaryDetail/web/addDicContent', { token: admin, body: { moduleId, num: 'R', name: '红' } });
    const r = await t.call('POST', '/api/dictionaryDetail/web/deleteDicContent', { token: admin, body: { ids: [a.body.data.id, 999999] } });
    expect(r.status).toBe(404);
    const [{ n }] = await t.ctx.db.select({ n: count() }).from(dictionaryDetails).where(eq(dictionaryDetails.moduleId, moduleId));
    expect(n).toBe(1);
  });

  it('records every write in the operation log, with secrets redacted', async () => {
    await t.call('POST', '/api/dictionary/web/insert', { token: admin, body: { code: 'OPLOG', name: 'op' } });
    const rows = await t.ctx.db.select().from(operationLog).where(eq(operationLog.target, '"OPLOG"'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tenantId: 0, username: 'admin', screen: 'general/dictionary', action: 'add', result: 1, status: 200 });
    const token = await t.login('auditor', 'auditor123');
    await t.call('POST', '/api/user/updatePassword', {
      token,
      body: { oldPassword: 'wrong', newPassword: 'abcd1', confirmPassword: 'abcd1' },
    });
    // a refused write is logged once its response has gone: wait for the row
    const refused = () => t.ctx.db.select().from(operationLog).where(eq(operationLog.url, '/api/user/updatePassword'));
    await expect.poll(async () => (await refused()).length).toBe(1);
    const [pw] = await refused();
    expect(pw.result).toBe(0);
    expect(JSON.stringify(pw.body)).not.toContain('abcd1');
  });

  it('records the writes the spec keeps on GET: language switch and logout', async () => {
    const token = await t.login('viewer', 'viewer123');
    await t.call('GET', '/api/user/convertCurrLoginI18n?langeType=zh_TW', { token });
    await t.call('GET', '/api/user/logout', { token });
    const rows = async () =>
      (await t.ctx.db.select().from(operationLog).where(eq(operationLog.username, 'viewer'))).map((r) => [
        r.method,
        r.url.split('?')[0],
        r.target,
        r.result,
      ]);
    await expect.poll(rows).toEqual([
      ['GET', '/api/user/convertCurrLoginI18n', 'zh_TW', 1],
      ['GET', '/api/user/logout', 'viewer', 1],
    ]);
  });

  it('never answers random dictionary input with a 5xx, and writes nothing for invalid input', async () => {
    const before = (await t.ctx.db.select({ n: count() }).from(dictionaryModules))[0].n;
    let written = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            code: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
            name: fc.oneof(fc.string({ maxLength: 300 }), fc.boolean()),
            seq: fc.anything(),
          },
          { requiredKeys: [] },
        ),
        async (body) => {
          const r = await t.call('POST', '/api/dictionary/web/insert', { token: admin, body, lang: 'en' });
          expect(r.status).toBeLessThan(500);
          if (r.status === 200) written++;
          else expect(r.body.msg.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 60 },
    );
    const afterN = (await t.ctx.db.select({ n: count() }).from(dictionaryModules))[0].n;
    expect(afterN - before).toBe(written);
  });
});
