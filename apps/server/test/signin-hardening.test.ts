import { PASSWORD_CHANGE_REQUIRED, passwordIssue, passwordRuleOf } from '@tagloom/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loginAttempts,
  loginLog,
  menus,
  operationLog,
  templateGoodsAttrs,
  templateLocationAttrs,
  tenants,
  users,
} from '../src/db/schema/index.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

const EN = 'en_US';

describe(`sign-in hardening on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  let demoId: number;

  const attempt = (username: string, password: string, remoteAddress = '127.0.0.1') =>
    t.call('POST', '/api/user/login', { body: { username, password }, remoteAddress, lang: EN });
  /** Let the waits of these user names' throttle rows run out, as if the time had passed. */
  const waitOut = (username: string) =>
    t.ctx.db.update(loginAttempts).set({ blockedUntil: sql`now() - interval '1 second'` }).where(eq(loginAttempts.username, username));
  const row = async (username: string, ip: string) =>
    (
      await t.ctx.db
        .select()
        .from(loginAttempts)
        .where(and(eq(loginAttempts.username, username), eq(loginAttempts.ip, ip)))
    )[0];
  const idOf = async (username: string) => (await t.ctx.db.select().from(users).where(eq(users.username, username)))[0].id;
  const newUser = async (username: string, extra: Record<string, unknown> = {}) => {
    const r = await t.call('POST', '/api/general/user/create', {
      token: admin,
      lang: EN,
      body: { tenantId: demoId, username, password: 'start123', confirmPassword: 'start123', userType: 4, ...extra },
    });
    expect([r.status, r.body.msg]).toEqual([200, 'Saved']);
    return r.body.data;
  };

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('admin', 'admin123');
    [{ id: demoId }] = await t.ctx.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, 'DEMO'));
  });
  afterAll(() => t?.close());

  describe('throttling', () => {
    it('checks exactly the limit of 100 parallel wrong passwords, refusing the rest with 429 and Retry-After', async () => {
      const from = '198.51.100.10';
      const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => attempt('demo', `wrong${i}`, from)));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(95);
      const refused = answers.find((a) => a.status === 429)!;
      expect(refused.body.msg).toMatch(/^Too many failed logins, please try again in \d+ seconds$/);
      const seconds = Number(refused.headers['retry-after']);
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(30);
      expect(refused.body.msg).toContain(`${seconds} seconds`);
      // only the checked ones count
      expect((await row('demo', from)).failures).toBe(5);
      const zh = await t.call('POST', '/api/user/login', { body: { username: 'demo', password: 'x' }, remoteAddress: from, lang: 'zh_CN' });
      expect(zh.body.msg).toMatch(/^登录失败次数过多，请 \d+ 秒后再试$/);
    });

    it.runIf(DRIVER === 'pg')('counts the attempts of every server process sharing one PostgreSQL', async () => {
      const other = await startTestApp({}, { databaseUrl: t.databaseUrl! });
      try {
        const from = '198.51.100.12';
        const answers = await Promise.all(
          Array.from({ length: 60 }, (_, i) =>
            (i % 2 ? other : t).call('POST', '/api/user/login', {
              body: { username: 'auditor', password: `bad${i}` },
              remoteAddress: from,
            }),
          ),
        );
        expect(answers.filter((a) => a.status === 401)).toHaveLength(5);
        expect(answers.filter((a) => a.status === 429)).toHaveLength(55);
      } finally {
        await other.close();
      }
    });

    it('never counts refused attempts: the wait does not grow while the caller keeps knocking', async () => {
      const from = '198.51.100.11';
      for (let i = 0; i < 5; i++) expect((await attempt('viewer', `bad${i}`, from)).status).toBe(401);
      const locked = await row('viewer', from);
      expect(locked.failures).toBe(5);
      for (let i = 0; i < 10; i++) expect((await attempt('viewer', 'viewer123', from)).status).toBe(429);
      const after = await row('viewer', from);
      expect(after.failures).toBe(5);
      expect(after.blockedUntil.getTime()).toBe(locked.blockedUntil.getTime());
      // once the wait is over one more attempt is checked; a failure doubles the next wait
      await waitOut('viewer');
      expect((await attempt('viewer', 'bad-again', from)).status).toBe(401);
      const doubled = await attempt('viewer', 'viewer123', from);
      expect(doubled.status).toBe(429);
      expect(Number(doubled.headers['retry-after'])).toBeGreaterThan(30);
      expect(Number(doubled.headers['retry-after'])).toBeLessThanOrEqual(60);
      // the right password after the wait signs in and clears the row
      await waitOut('viewer');
      expect((await attempt('viewer', 'viewer123', from)).status).toBe(200);
      expect((await row('viewer', from)).failures).toBe(0);
    });

    it('does not lock the real user out from elsewhere, and lets an address that signed in lately through', async () => {
      const home = '192.0.2.50';
      // acme signs in at home, so home is trusted for acme
      expect((await attempt('acme', 'acme123', home)).status).toBe(200);
      // five failures from one address lock that address only
      for (let i = 0; i < 5; i++) await attempt('acme', `guess${i}`, '203.0.113.50');
      expect((await attempt('acme', 'acme123', '203.0.113.50')).status).toBe(429);
      expect((await attempt('acme', 'acme123', '203.0.113.51')).status).toBe(200);
      // guesses from many addresses reach the per-user-name limit (4 × 5): new addresses wait, home does not
      for (let i = 0; i < 20; i++) await attempt('acme', `spray${i}`, `198.18.0.${i + 1}`);
      const stranger = await attempt('acme', 'acme123', '198.18.1.1');
      expect(stranger.status).toBe(429);
      expect((await attempt('acme', 'acme123', home)).status).toBe(200);
    });

    it('limits an address more loosely than a user name there, and a NAT neighbour who signed in lately gets through', async () => {
      const nat = '100.64.0.1';
      for (const name of ['nat_a', 'nat_b', 'nat_c', 'nat_d', 'nat_e', 'nat_f']) await newUser(name);
      // nat_f works behind the NAT and signed in there before
      expect((await attempt('nat_f', 'start123', nat)).status).toBe(200);
      // a bad actor behind the NAT: after five failures on nat_a, nat_b still signs in
      for (let i = 0; i < 5; i++) expect((await attempt('nat_a', `x${i}`, nat)).status).toBe(401);
      expect((await attempt('nat_a', 'start123', nat)).status).toBe(429);
      expect((await attempt('nat_b', 'start123', nat)).status).toBe(200);
      // fifteen more failures on other names reach the address limit (20)
      for (const name of ['nat_c', 'nat_d', 'nat_e'])
        for (let i = 0; i < 5; i++) expect((await attempt(name, `y${i}`, nat)).status).toBe(401);
      expect((await row('', nat)).failures).toBe(20);
      // a newcomer from the NAT waits (a short, growing wait, not a lock for everyone) …
      const newcomer = await attempt('demo', 'demo123', nat);
      expect(newcomer.status).toBe(429);
      expect(Number(newcomer.headers['retry-after'])).toBeLessThanOrEqual(30);
      // … while those who signed in there lately get through
      expect((await attempt('nat_f', 'start123', nat)).status).toBe(200);
      expect((await attempt('nat_b', 'start123', nat)).status).toBe(200);
    });

    it('lets an administrator unlock a user, written to the operation log; a query-only user may not', async () => {
      await newUser('locked_u');
      for (let i = 0; i < 5; i++) await attempt('locked_u', `z${i}`, '203.0.113.80');
      expect((await attempt('locked_u', 'start123', '203.0.113.80')).status).toBe(429);
      const listed = await t.call('POST', '/api/general/user/list', { token: admin, body: { username: 'locked_u' } });
      expect(listed.body.data.list[0]).toMatchObject({ username: 'locked_u', locked: true });
      const id = await idOf('locked_u');
      const auditor = await t.login('auditor', 'auditor123');
      expect((await t.call('POST', '/api/general/user/unlock', { token: auditor, body: { ids: [id] } })).status).toBe(403);
      const r = await t.call('POST', '/api/general/user/unlock', { token: admin, lang: EN, body: { ids: [id] } });
      expect([r.status, r.body.msg, r.body.data]).toEqual([200, 'Sign-in unlocked', { count: 1 }]);
      expect((await attempt('locked_u', 'start123', '203.0.113.80')).status).toBe(200);
      const logged = await t.ctx.db.select().from(operationLog).where(eq(operationLog.url, '/api/general/user/unlock'));
      expect(logged.some((l) => l.result === 1 && l.username === 'admin' && l.screen === 'general/user')).toBe(true);
      const again = await t.call('POST', '/api/general/user/list', { token: admin, body: { username: 'locked_u' } });
      expect(again.body.data.list[0].locked).toBe(false);
    });

    it('keeps logging every attempt, refused ones included', async () => {
      const rows = await t.ctx.db.select().from(loginLog).where(eq(loginLog.ip, '198.51.100.10'));
      expect(rows.length).toBe(101);
      expect(rows.filter((r) => r.message.startsWith('Too many failed logins'))).toHaveLength(96);
    });
  });

  describe('password policy (system parameter PASSWORD_STRENGTH)', () => {
    const setStrength = async (value: string) => {
      const list = await t.call('POST', '/api/general/sys-param/list', { token: admin, body: { code: 'PASSWORD_STRENGTH' } });
      const param = list.body.data.list.find((p: { code: string }) => p.code === 'PASSWORD_STRENGTH');
      const r = await t.call('POST', '/api/general/sys-param/update', { token: admin, body: { ...param, value } });
      expect(r.status).toBe(200);
    };

    it('is one rule in the domain: length first, then the kinds of characters', () => {
      expect(passwordIssue('ab1', passwordRuleOf('STANDARD'))).toEqual({ key: 'signin.policy.tooShort', params: { min: 6 } });
      expect(passwordIssue('abcdefg', passwordRuleOf('STANDARD'))?.key).toBe('signin.policy.classes.STANDARD');
      expect(passwordIssue('abcdef1', passwordRuleOf('STANDARD'))).toBeUndefined();
      expect(passwordIssue('Abcdefgh12', passwordRuleOf('STRICT'))?.key).toBe('signin.policy.classes.STRICT');
      expect(passwordIssue('Abcdefg12!', passwordRuleOf('STRICT'))).toBeUndefined();
      expect(passwordRuleOf('nonsense').level).toBe('STANDARD');
    });

    it('applies on password change, on create and on an administrator setting a password, naming the field', async () => {
      await newUser('policy_u');
      const token = await t.login('policy_u', 'start123');
      const weak = await t.call('POST', '/api/user/updatePassword', {
        token,
        lang: EN,
        body: { oldPassword: 'start123', newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' },
      });
      expect([weak.status, weak.body.msg]).toEqual([400, 'New password: must contain both letters and digits']);
      expect(weak.body.data.fields).toEqual([{ field: 'newPassword', message: 'must contain both letters and digits' }]);
      const created = await t.call('POST', '/api/general/user/create', {
        token: admin,
        lang: EN,
        body: { tenantId: demoId, username: 'policy_v', password: 'abcd', confirmPassword: 'abcd', userType: 4 },
      });
      expect([created.status, created.body.msg]).toEqual([400, 'Password: must be at least 6 characters']);
      expect(created.body.data.fields).toEqual([{ field: 'password', message: 'must be at least 6 characters' }]);
      const id = await idOf('policy_u');
      const reset = await t.call('POST', '/api/general/user/reset-password', {
        token: admin,
        lang: 'zh_CN',
        body: { id, password: '12345678', confirmPassword: '12345678' },
      });
      expect([reset.status, reset.body.msg]).toEqual([400, '密码：须同时包含字母和数字']);
      // a tenant's administrator created with the tenant gets the rule too
      const [{ id: goods }] = await t.ctx.db.select({ id: templateGoodsAttrs.id }).from(templateGoodsAttrs).limit(1);
      const [{ id: location }] = await t.ctx.db.select({ id: templateLocationAttrs.id }).from(templateLocationAttrs).limit(1);
      const [sketch] = await t.ctx.db.select().from(menus).where(eq(menus.code, 'label/sketch'));
      const tenant = await t.call('POST', '/api/general/tenant/create', {
        token: admin,
        lang: EN,
        body: {
          code: 'WEAKPW',
          name: 'Weak password',
          adminUsername: 'weak_admin',
          password: 'weakweak',
          confirmPassword: 'weakweak',
          goodsAttrTemplateId: goods,
          locationAttrTemplateId: location,
          codingRuleTemplateId: 1,
          menus: [{ menuId: sketch.id, actions: ['query'] }],
        },
      });
      expect(tenant.status).toBe(400);
      expect(tenant.body.msg).toContain('must contain both letters and digits');
    });

    it('follows the parameter at once: STRICT asks for 10 characters of four kinds, and generated passwords keep it', async () => {
      await setStrength('STRICT');
      try {
        const policy = await t.call('GET', '/api/user/passwordPolicy', { token: admin });
        expect(policy.body.data).toEqual({ level: 'STRICT', minLength: 10, classes: ['lower', 'upper', 'digit', 'symbol'] });
        const token = await t.login('policy_u', 'start123');
        const short = await t.call('POST', '/api/user/updatePassword', {
          token,
          lang: EN,
          body: { oldPassword: 'start123', newPassword: 'Abc123!x', confirmPassword: 'Abc123!x' },
        });
        expect(short.body.msg).toBe('New password: must be at least 10 characters');
        const ok = await t.call('POST', '/api/user/updatePassword', {
          token,
          body: { oldPassword: 'start123', newPassword: 'Abcdefg12!', confirmPassword: 'Abcdefg12!' },
        });
        expect(ok.body.code).toBe(200);
        const id = await idOf('policy_u');
        for (let i = 0; i < 5; i++) {
          const r = await t.call('POST', '/api/general/user/reset-password', { token: admin, body: { id } });
          expect(passwordIssue(r.body.data.password, passwordRuleOf('STRICT'))).toBeUndefined();
        }
      } finally {
        await setStrength('STANDARD');
      }
      const loose = await t.call('GET', '/api/user/passwordPolicy', { token: admin });
      expect(loose.body.data.level).toBe('STANDARD');
    });
  });

  describe('forced change of an initial password', () => {
    it('makes a user an administrator created change the password before anything else', async () => {
      await newUser('first_u', { mustChangePassword: true });
      const login = await attempt('first_u', 'start123');
      expect(login.body.data.mustChangePassword).toBe(true);
      const token = login.body.data.token as string;
      // every other call is refused with a code of its own …
      const menu = await t.call('POST', '/api/menu/selectMenuByCurrentUserId', { token, lang: EN, body: {} });
      expect([menu.status, menu.body.code, menu.body.msg]).toEqual([
        403,
        PASSWORD_CHANGE_REQUIRED,
        'Please change the initial password an administrator set before you continue',
      ]);
      expect((await t.call('POST', '/api/general/user/list', { token, body: {} })).body.code).toBe(PASSWORD_CHANGE_REQUIRED);
      // … but the account's own calls work
      const info = await t.call('GET', '/api/user/info', { token });
      expect(info.body.data).toMatchObject({ username: 'first_u', mustChangePassword: true });
      expect((await t.call('GET', '/api/user/passwordPolicy', { token })).body.data.level).toBe('STANDARD');
      const wrong = await t.call('POST', '/api/user/updatePassword', {
        token,
        lang: EN,
        body: { oldPassword: 'nope1234', newPassword: 'better123', confirmPassword: 'better123' },
      });
      expect([wrong.status, wrong.body.msg, wrong.body.data.fields]).toEqual([
        400,
        'Wrong current password!',
        [{ field: 'oldPassword', message: 'Wrong current password!' }],
      ]);
      const changed = await t.call('POST', '/api/user/updatePassword', {
        token,
        body: { oldPassword: 'start123', newPassword: 'better123', confirmPassword: 'better123' },
      });
      expect(changed.body.code).toBe(200);
      expect((await t.call('GET', '/api/user/info', { token })).body.code).toBe(50012);
      const again = await attempt('first_u', 'better123');
      expect(again.body.data.mustChangePassword).toBe(false);
      expect((await t.call('POST', '/api/menu/selectMenuByCurrentUserId', { token: again.body.data.token, body: {} })).body.code).not.toBe(
        PASSWORD_CHANGE_REQUIRED,
      );
      const listed = await t.call('POST', '/api/general/user/list', { token: admin, body: { username: 'first_u' } });
      expect(listed.body.data.list[0].mustChangePassword).toBe(0);
    });

    it('forces it again after an administrator resets the password, unless told not to; sign-out still works', async () => {
      const id = await idOf('first_u');
      const reset = await t.call('POST', '/api/general/user/reset-password', { token: admin, body: { id } });
      const temp = reset.body.data.password as string;
      const login = await attempt('first_u', temp);
      expect(login.body.data.mustChangePassword).toBe(true);
      const out = await t.call('GET', '/api/user/logout', { token: login.body.data.token });
      expect(out.body.code).toBe(200);
      await t.call('POST', '/api/general/user/reset-password', {
        token: admin,
        body: { id, password: 'chosen123', confirmPassword: 'chosen123', mustChangePassword: false },
      });
      expect((await attempt('first_u', 'chosen123')).body.data.mustChangePassword).toBe(false);
      // and the administrator may ask for it on an existing user through edit
      await t.call('POST', '/api/general/user/update', { token: admin, body: { id, mustChangePassword: 1 } });
      expect((await attempt('first_u', 'chosen123')).body.data.mustChangePassword).toBe(true);
    });

    it('never forces the seeded demo accounts, nor users created through the API without asking', async () => {
      for (const [u, p] of [
        ['admin', 'admin123'],
        ['demo', 'demo123'],
        ['auditor', 'auditor123'],
      ]) {
        const r = await attempt(u, p, '192.0.2.99');
        expect([u, r.body.data.mustChangePassword]).toEqual([u, false]);
      }
      await newUser('plain_u');
      expect((await attempt('plain_u', 'start123', '192.0.2.99')).body.data.mustChangePassword).toBe(false);
    });
  });
});
