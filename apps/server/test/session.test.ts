import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, SESSIONS_CHANGED } from '../src/core/sessions.js';
import { loginLog, sessions, tenants, users } from '../src/db/schema/index.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

describe(`sessions on ${DRIVER}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('logs in with a trimmed user name and answers the envelope with token, userCode, username, userType', async () => {
    const r = await t.call('POST', '/api/user/login?langeType=en', { body: { username: '  admin ', password: 'admin123' } });
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(200);
    expect(r.body.msg).toBe('Login successful');
    expect(r.body.data).toMatchObject({ userCode: 'PLATFORM-admin', username: 'admin', userType: 1 });
    expect(r.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // only the hash is stored
    const stored = await t.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(r.body.data.token)));
    expect(stored).toHaveLength(1);
    const plain = await t.ctx.db.select().from(sessions).where(eq(sessions.tokenHash, r.body.data.token));
    expect(plain).toHaveLength(0);
  });

  it('refuses wrong credentials with the localized server message and logs the attempt', async () => {
    const r = await t.call('POST', '/api/user/login?langeType=zh_TW', { body: { username: 'demo', password: 'nope' } });
    expect(r.status).toBe(401);
    expect(r.body.msg).toBe('使用者名稱或密碼錯誤');
    const unknown = await t.call('POST', '/api/user/login', { body: { username: 'ghost', password: 'x' }, lang: 'en_US' });
    expect(unknown.body.msg).toBe('Incorrect user name or password');
    const logged = await t.ctx.db.select().from(loginLog).where(eq(loginLog.username, 'ghost'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ result: 0, tenantId: 0 });
    expect(logged[0].userAgent).toBe('lightMyRequest');
  });

  it('tells a platform user from a tenant user by userType', async () => {
    const r = await t.call('POST', '/api/user/login', { body: { username: 'demo', password: 'demo123' } });
    expect(r.body.data.userType).toBeGreaterThanOrEqual(3);
    const info = await t.call('GET', '/api/user/info', { token: r.body.data.token });
    expect(info.body.data).toMatchObject({ username: 'demo', currentRole: 'tenant', tenantCode: 'DEMO' });
    const admin = await t.call('GET', '/api/user/info', { token: await t.login('admin', 'admin123') });
    expect(admin.body.data).toMatchObject({ currentRole: 'plat', tenantId: 0 });
  });

  it('answers 50008 for an unknown token, 50012 after logout, 50014 after expiry', async () => {
    const bogus = await t.call('GET', '/api/user/info', { token: 'not-a-token' });
    expect([bogus.status, bogus.body.code]).toEqual([401, 50008]);
    const missing = await t.call('GET', '/api/user/info');
    expect(missing.body.code).toBe(50008);

    const token = await t.login('acme', 'acme123');
    expect((await t.call('GET', '/api/user/info', { token })).body.code).toBe(200);
    const out = await t.call('GET', '/api/user/logout', { token });
    expect(out.body.code).toBe(200);
    const after = await t.call('GET', '/api/user/info', { token });
    expect([after.status, after.body.code]).toEqual([401, 50012]);

    const token2 = await t.login('acme', 'acme123');
    await t.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token2)));
    const expired = await t.call('GET', '/api/user/info', { token: token2, lang: 'en' });
    expect([expired.status, expired.body.code, expired.body.msg]).toEqual([401, 50014, 'Your session has expired, please log in again']);
  });

  it('slides the expiry forward on use', async () => {
    const token = await t.login('viewer', 'viewer123');
    const h = hashToken(token);
    const old = new Date(Date.now() - 10 * 60_000);
    await t.ctx.db
      .update(sessions)
      .set({ lastSeenAt: old, expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(sessions.tokenHash, h));
    await t.call('GET', '/api/user/info', { token });
    const [s] = await t.ctx.db.select().from(sessions).where(eq(sessions.tokenHash, h));
    expect(s.expiresAt.getTime()).toBeGreaterThan(Date.now() + 100 * 60_000);
  });

  it('refuses a user whose login is forbidden, and ends its live sessions', async () => {
    const token = await t.login('viewer', 'viewer123');
    await t.ctx.db.update(users).set({ loginStatus: 0 }).where(eq(users.username, 'viewer'));
    const live = await t.call('GET', '/api/user/info', { token });
    expect(live.body.code).toBe(50012);
    const r = await t.call('POST', '/api/user/login', { body: { username: 'viewer', password: 'viewer123' }, lang: 'en' });
    expect(r.status).toBe(403);
    expect(r.body.msg).toMatch(/not allowed to log in/);
    await t.ctx.db.update(users).set({ loginStatus: 1 }).where(eq(users.username, 'viewer'));
  });

  it('changes the password only with the right current one, then revokes the sessions', async () => {
    const token = await t.login('acme', 'acme123');
    const wrong = await t.call('POST', '/api/user/updatePassword', {
      token,
      lang: 'en',
      body: { oldPassword: 'bad', newPassword: 'acme456', confirmPassword: 'acme456' },
    });
    expect([wrong.status, wrong.body.msg]).toEqual([400, 'Wrong current password!']);
    const chinese = await t.call('POST', '/api/user/updatePassword', {
      token,
      lang: 'en',
      body: { oldPassword: 'acme123', newPassword: '密码密码', confirmPassword: '密码密码' },
    });
    expect(chinese.status).toBe(400);
    expect(chinese.body.msg).toBe('New password: must not contain Chinese characters');
    const short = await t.call('POST', '/api/user/updatePassword', {
      token,
      lang: 'en',
      body: { oldPassword: 'acme123', newPassword: 'abc', confirmPassword: 'abc' },
    });
    expect(short.body.msg).toBe('New password: must be at least 4 characters');
    const differ = await t.call('POST', '/api/user/updatePassword', {
      token,
      lang: 'en',
      body: { oldPassword: 'acme123', newPassword: 'abcd', confirmPassword: 'abce' },
    });
    expect(differ.body.msg).toBe('Confirm password: The two passwords do not match');
    const ok = await t.call('POST', '/api/user/updatePassword', {
      token,
      body: { oldPassword: 'acme123', newPassword: 'acme456', confirmPassword: 'acme456' },
    });
    expect(ok.body.code).toBe(200);
    expect((await t.call('GET', '/api/user/info', { token })).body.code).toBe(50012);
    await t.login('acme', 'acme456');
  });

  it('switches the session language and answers in it from then on', async () => {
    const token = await t.login('demo', 'demo123');
    const r = await t.call('GET', '/api/user/convertCurrLoginI18n?langeType=en_US', { token });
    expect(r.body.msg).toBe('Language switched');
    const enumRes = await t.call('GET', '/api/tagManage/common/enum/queryEnum?targetEnum=LoginStatus', { token });
    expect(enumRes.body.data).toEqual([
      { value: 1, label: 'Allowed' },
      { value: 0, label: 'Forbidden' },
    ]);
    const zh = await t.call('GET', '/api/tagManage/common/enum/queryEnum?targetEnum=LoginStatus', { token, lang: 'zh_CN' });
    expect(zh.body.data[0].label).toBe('允许登录');
  });

  it('throttles repeated failures for one user name', async () => {
    for (let i = 0; i < 5; i++) await t.call('POST', '/api/user/login', { body: { username: 'demo', password: `bad${i}` } });
    const r = await t.call('POST', '/api/user/login', { body: { username: 'demo', password: 'demo123' }, lang: 'en' });
    expect(r.status).toBe(429);
    expect(r.body.msg).toMatch(/Too many failed logins/);
    // another user from another address is not affected
    const other = await t.call('POST', '/api/user/login', { body: { username: 'admin', password: 'admin123' }, remoteAddress: '10.9.9.9' });
    expect(other.body.code).toBe(200);
  });

  it('throttles repeated failures from one address across user names', async () => {
    const from = '203.0.113.7';
    for (let i = 0; i < 20; i++)
      await t.call('POST', '/api/user/login', { body: { username: `nobody${i}`, password: 'x' }, remoteAddress: from });
    const r = await t.call('POST', '/api/user/login', { body: { username: 'admin', password: 'admin123' }, remoteAddress: from });
    expect(r.status).toBe(429);
    const elsewhere = await t.call('POST', '/api/user/login', {
      body: { username: 'admin', password: 'admin123' },
      remoteAddress: '203.0.113.8',
    });
    expect(elsewhere.status).toBe(200);
  });

  it('does not take the address from X-Forwarded-For unless TRUST_PROXY says a proxy sets it', async () => {
    // a client rotating the header must not dodge the per-address limit
    const from = '203.0.113.9';
    for (let i = 0; i < 20; i++)
      await t.call('POST', '/api/user/login', {
        body: { username: `spoof${i}`, password: 'x' },
        remoteAddress: from,
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
    const r = await t.call('POST', '/api/user/login', {
      body: { username: 'admin', password: 'admin123' },
      remoteAddress: from,
      headers: { 'x-forwarded-for': '198.51.100.200' },
    });
    expect(r.status).toBe(429);
    // seeded as the template is: a copy of it (SEED_DEMO=0 would migrate and seed a database of its own)
    const behindProxy = await startTestApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      await behindProxy.call('POST', '/api/user/login', {
        body: { username: 'nobody', password: 'x' },
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '192.0.2.44' },
      });
      const [row] = await behindProxy.ctx.db.select().from(loginLog).where(eq(loginLog.username, 'nobody'));
      expect(row.ip).toBe('192.0.2.44');
    } finally {
      await behindProxy.close();
    }
  });

  it('revokes older sessions when single-session mode is on', async () => {
    const single = await startTestApp({ SESSION_SINGLE: '1' });
    try {
      const first = await single.login('admin', 'admin123');
      await single.login('admin', 'admin123');
      const r = await single.call('GET', '/api/user/info', { token: first, lang: 'en' });
      expect(r.body.code).toBe(50012);
      expect(r.body.msg).toMatch(/logged in elsewhere/);
    } finally {
      await single.close();
    }
  });

  describe('the cache of resolved sessions', () => {
    const info = async (token: string) => (await t.call('GET', '/api/user/info', { token })).body.code;
    const revokeBySql = (token: string) =>
      t.ctx.db
        .update(sessions)
        .set({ revokedAt: new Date(), revokeReason: 'test' })
        .where(eq(sessions.tokenHash, hashToken(token)));
    /** with the sessions trigger off, a change by SQL reaches no cache */
    async function withoutTrigger(fn: () => Promise<void>) {
      await t.ctx.db.execute(sql`alter table sessions disable trigger sessions_changed_update`);
      try {
        await fn();
      } finally {
        await t.ctx.db.execute(sql`alter table sessions enable trigger sessions_changed_update`);
      }
    }

    it('reuses a session resolved a moment ago, and drops it when the bus says sessions changed', async () => {
      const token = await t.login('viewer', 'viewer123');
      expect(await info(token)).toBe(200);
      await withoutTrigger(async () => {
        await revokeBySql(token);
        await t.ctx.bus.sync();
        // nothing said so: the resolved session is reused
        expect(await info(token)).toBe(200);
        await t.ctx.bus.emit(SESSIONS_CHANGED);
        expect(await info(token)).toBe(50012);
      });
    });

    it('drops the cached sessions when a signed-in write of this process ends, before its answer', async () => {
      const token = await t.login('viewer', 'viewer123');
      const writer = await t.login('admin', 'admin123');
      expect(await info(token)).toBe(200);
      await withoutTrigger(async () => {
        await revokeBySql(token);
        expect(await info(token)).toBe(200);
        // any write of a signed-in user, even one refused
        const w = await t.call('POST', '/api/user/updatePassword', {
          token: writer,
          body: { oldPassword: 'wrong123', newPassword: 'admin456', confirmPassword: 'admin456' },
        });
        expect(w.status).toBe(400);
        expect(await info(token)).toBe(50012);
      });
    });

    it("hears from the database trigger, at commit, a session revoked, a user's login forbidden, a tenant disabled", async () => {
      const [viewer] = await t.ctx.db.select().from(users).where(eq(users.username, 'viewer'));
      /** a cached session, a change by SQL, the bus synced: the session is refused; the change then undone */
      const refusedAfter = async (change: (token: string) => Promise<unknown>, undo: () => Promise<unknown> = async () => {}) => {
        const token = await t.login('viewer', 'viewer123');
        expect(await info(token)).toBe(200);
        await change(token);
        try {
          await t.ctx.bus.sync();
          expect(await info(token)).toBe(50012);
        } finally {
          await undo();
        }
      };
      await refusedAfter(revokeBySql);
      const loginStatus = (status: number) => t.ctx.db.update(users).set({ loginStatus: status }).where(eq(users.id, viewer.id));
      await refusedAfter(
        () => loginStatus(0),
        () => loginStatus(1),
      );
      const tenantStatus = (status: number) => t.ctx.db.update(tenants).set({ status }).where(eq(tenants.id, viewer.tenantId));
      await refusedAfter(
        () => tenantStatus(0),
        () => tenantStatus(1),
      );
    });

    it('is not told when a session only slides its expiry, and is told when its language changes', async () => {
      const token = await t.login('viewer', 'viewer123');
      await t.ctx.bus.sync();
      let told = 0;
      const off = t.ctx.bus.on(SESSIONS_CHANGED, () => told++);
      try {
        // later than the 120 minutes the session got at login
        await t.ctx.db
          .update(sessions)
          .set({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() + 200 * 60_000) })
          .where(eq(sessions.tokenHash, hashToken(token)));
        await t.ctx.bus.sync();
        expect(told).toBe(0);
        await t.ctx.db
          .update(sessions)
          .set({ lang: 'en_US' })
          .where(eq(sessions.tokenHash, hashToken(token)));
        await t.ctx.bus.sync();
        expect(told).toBe(1);
      } finally {
        off();
      }
    });

    it.runIf(DRIVER === 'pg')('drops what it cached when its listening connection was lost and made again', async () => {
      const token = await t.login('viewer', 'viewer123');
      expect(await info(token)).toBe(200);
      await withoutTrigger(async () => {
        await revokeBySql(token);
        expect(await info(token)).toBe(200);
        const ended = await t.ctx.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen %'`,
        );
        expect((ended as unknown as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
        // the listener comes back after 2 s; the cached sessions are gone then
        const end = Date.now() + 15_000;
        while ((await info(token)) !== 50012 && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
        expect(await info(token)).toBe(50012);
      });
      // and it hears again
      await t.ctx.bus.sync();
    });
  });
});
