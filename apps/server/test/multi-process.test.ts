import { PLATFORM_TENANT_ID } from '@tagloom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobQueue } from '../src/core/queue/queue.js';
import { registerJobKind } from '../src/core/queue/registry.js';
import { TenantScope } from '../src/core/tenant-scope.js';
import { roleMenus, roles, users } from '../src/db/schema/index.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

async function eventually(check: () => Promise<boolean>, ms = 3000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

describe(`background jobs on ${DRIVER}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('fires a recurring job kind once per interval however many runners compete for it', async () => {
    let runs = 0;
    registerJobKind({
      kind: 'test.once',
      every: 3_600_000,
      async run() {
        runs++;
        return {};
      },
    });
    await t.queue.stop();
    const runners = Array.from({ length: 4 }, () => new JobQueue(t.ctx, t.services, { kinds: ['test.once'] }));
    const now = Date.now();
    await Promise.all(runners.map((r) => r.enqueueRecurring(now)));
    await Promise.all(runners.map((r) => r.drain()));
    await Promise.all(runners.map((r) => r.enqueueRecurring(now + 1000)));
    await Promise.all(runners.map((r) => r.drain()));
    expect(runs).toBe(1);
  });
});

describe.runIf(DRIVER === 'pg')('two server processes on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp();
    b = await startTestApp({}, { databaseUrl: a.databaseUrl! });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('shares sessions: a token from one works on the other, and a logout on one ends it on both', async () => {
    const token = await a.login('demo', 'demo123');
    // resolved, and so cached, by both
    expect((await a.call('GET', '/api/user/info', { token })).body.code).toBe(200);
    expect((await b.call('GET', '/api/user/info', { token })).body.code).toBe(200);
    await b.call('GET', '/api/user/logout', { token });
    expect((await b.call('GET', '/api/user/info', { token })).body.code).toBe(50012);
    // a has heard every notification committed before this point: the logout's among them
    await a.ctx.bus.sync();
    expect((await a.call('GET', '/api/user/info', { token })).body.code).toBe(50012);
  });

  it('ends the cached sessions of a user forbidden to log in on the other process too', async () => {
    const admin = await b.login('admin', 'admin123');
    const token = await a.login('viewer', 'viewer123');
    const info = async () => (await a.call('GET', '/api/user/info', { token })).body.code;
    expect(await info()).toBe(200); // cached in a
    const [viewer] = await a.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'viewer'));
    expect((await b.call('POST', '/api/general/user/disable', { token: admin, body: { ids: [viewer.id] } })).body.code).toBe(200);
    try {
      expect(await eventually(async () => (await info()) === 50012)).toBe(true);
    } finally {
      await b.call('POST', '/api/general/user/enable', { token: admin, body: { ids: [viewer.id] } });
    }
  });

  it('drops the dictionary cache of every process when one changes it', async () => {
    const admin = await a.login('admin', 'admin123');
    const list = async (app: TestApp) =>
      (await app.call('GET', '/api/dictionaryDetail/v1.0/searchListByDicNum?num=LANGUAGE_TYPE')).body.data;
    expect(await list(a)).toHaveLength(3); // cached in a
    const mods = await b.call('POST', '/api/dictionary/web/showModelNotContainLeaf', { token: admin, body: { code: 'LANGUAGE_TYPE' } });
    const moduleId = mods.body.data.list[0].id;
    const add = await b.call('POST', '/api/dictionaryDetail/web/addDicContent', {
      token: admin,
      body: { moduleId, num: 'ja_JP', name: '日语' },
    });
    expect(add.body.code).toBe(200);
    expect(await eventually(async () => (await list(a)).length === 4)).toBe(true);
  });

  it('drops cached permissions of every process when one changes a role', async () => {
    const auditor = await a.login('auditor', 'auditor123');
    const q = () => a.call('POST', '/api/dictionary/web/showModelNotContainLeaf', { token: auditor, body: {} });
    expect((await q()).status).toBe(200); // grants cached in a
    const scope = new TenantScope(b.ctx.db, PLATFORM_TENANT_ID);
    const [role] = await scope.select(roles, eq(roles.code, 'AUDITOR'));
    await scope.delete(roleMenus, eq(roleMenus.roleId, role.id));
    await b.ctx.bus.emit('permissions');
    expect(await eventually(async () => (await q()).status === 403)).toBe(true);
  });
});
