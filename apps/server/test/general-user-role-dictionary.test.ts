import * as XLSX from '@e965/xlsx';
import { ENUMS, type MenuItem, roleResource, userResource } from '@tagloom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../src/db/schema/index.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

const EN = 'en_US';
const leaves = (tree: MenuItem[]): MenuItem[] => tree.flatMap((m) => (m.children.length ? leaves(m.children) : [m]));
const label = (name: string, value: unknown) => ENUMS[name].find((o) => o.value === value)?.label.en_US;
/** A timestamp as the export writes it. */
const stamp = (iso: string) => new Date(iso).toISOString().replace('T', ' ').slice(0, 19);

describe(`general user/role export and sorting, dictionary access on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  let auditor: string;
  let demo: string;
  let viewer: string;
  let demoId: number;

  /** POST …/export; the workbook's first sheet as rows of cells. */
  const exportRows = async (screen: string, token: string, body: unknown, lang = EN) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${screen}/export`,
      headers: { token, langeType: lang, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    if (res.statusCode !== 200) return { status: res.statusCode, headers: res.headers, rows: [] as unknown[][], sheet: '' };
    const wb = XLSX.read(res.rawPayload, { type: 'buffer' });
    const sheet = wb.SheetNames[0];
    const rows = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[sheet], { header: 1, raw: true, defval: '', blankrows: false });
    return { status: res.statusCode, headers: res.headers, rows, sheet };
  };
  const list = async (screen: string, body: Record<string, unknown>) => {
    const r = await t.call('POST', `/api/${screen}/list`, { token: admin, lang: EN, body });
    expect(r.status).toBe(200);
    return r.body.data.list as Record<string, unknown>[];
  };
  const menuOf = async (token: string) => {
    const r = await t.call('POST', '/api/menu/selectMenuByCurrentUserId', { token, lang: EN });
    return leaves(r.body.data as MenuItem[]);
  };

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('admin', 'admin123');
    auditor = await t.login('auditor', 'auditor123');
    demo = await t.login('demo', 'demo123');
    viewer = await t.login('viewer', 'viewer123');
    [{ id: demoId }] = await t.ctx.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, 'DEMO'));
    // three users of DEMO with one alias, created in the order kilo, alfa, mike (one forbidden)
    for (const username of ['kilo', 'alfa', 'mike']) {
      const r = await t.call('POST', '/api/general/user/create', {
        token: admin,
        body: { tenantId: demoId, username, aliasName: 'Sort test', password: 'sort1234', confirmPassword: 'sort1234', userType: 4 },
      });
      expect(r.status).toBe(200);
    }
    const mike = (await list('general/user', { username: 'mike' }))[0];
    expect((await t.call('POST', '/api/general/user/disable', { token: admin, body: { ids: [mike.id] } })).status).toBe(200);
    // three platform roles: code order B, A, C differs from name order and from creation order
    for (const [code, name] of [
      ['SORTB', 'Charlie'],
      ['SORTA', 'Alpha'],
      ['SORTC', 'Bravo'],
    ]) {
      const r = await t.call('POST', '/api/general/role/create', { token: admin, body: { code, name, alias: `${name} alias` } });
      expect(r.status).toBe(200);
    }
  });
  afterAll(() => t?.close());

  describe('sorting', () => {
    it('sorts users by a declared sortable field in both directions', async () => {
      const names = async (sortField?: string, sortOrder?: string) =>
        (await list('general/user', { tenantId: demoId, pageSize: 100, sortField, sortOrder })).map((u) => u.username as string);
      const asc = await names('username', 'asc');
      expect(asc).toEqual(['alfa', 'demo', 'factory01', 'kilo', 'mike', 'store01', 'supplier01', 'viewer', 'wh01']);
      expect(await names('username', 'desc')).toEqual([...asc].reverse());
      const created = await list('general/user', { aliasName: 'Sort test', sortField: 'createdAt', sortOrder: 'asc' });
      expect(created.map((u) => u.username)).toEqual(['kilo', 'alfa', 'mike']);
      const newest = await list('general/user', { aliasName: 'Sort test', sortField: 'createdAt', sortOrder: 'desc' });
      expect(newest.map((u) => u.username)).toEqual(['mike', 'alfa', 'kilo']);
      // paging follows the sort
      const second = await list('general/user', { aliasName: 'Sort test', sortField: 'username', sortOrder: 'desc', page: 2, pageSize: 1 });
      expect(second.map((u) => u.username)).toEqual(['kilo']);
    });

    it('refuses a sort field the declaration does not mark sortable', async () => {
      for (const sortField of ['aliasName', 'passwordHash', 'username; drop table users']) {
        const r = await t.call('POST', '/api/general/user/list', { token: admin, lang: EN, body: { sortField } });
        expect(r.status).toBe(400);
      }
      const r = await t.call('POST', '/api/general/role/list', { token: admin, lang: EN, body: { sortField: 'alias' } });
      expect(r.status).toBe(400);
      const o = await t.call('POST', '/api/general/role/list', { token: admin, lang: EN, body: { sortField: 'code', sortOrder: 'up' } });
      expect(o.status).toBe(400);
    });

    it('sorts roles by code, name and creation time in both directions', async () => {
      const codes = async (sortField: string, sortOrder: string) =>
        (await list('general/role', { code: 'SORT', sortField, sortOrder })).map((r) => r.code as string);
      expect(await codes('code', 'asc')).toEqual(['SORTA', 'SORTB', 'SORTC']);
      expect(await codes('code', 'desc')).toEqual(['SORTC', 'SORTB', 'SORTA']);
      expect(await codes('name', 'asc')).toEqual(['SORTA', 'SORTC', 'SORTB']);
      expect(await codes('name', 'desc')).toEqual(['SORTB', 'SORTC', 'SORTA']);
      expect(await codes('createdAt', 'asc')).toEqual(['SORTB', 'SORTA', 'SORTC']);
      expect(await codes('createdAt', 'desc')).toEqual(['SORTC', 'SORTA', 'SORTB']);
    });
  });

  describe('export', () => {
    it('exports the filtered, sorted users of every page as .xlsx with localized labels', async () => {
      const body = { aliasName: 'Sort test', sortField: 'username', sortOrder: 'desc', page: 1, pageSize: 1 };
      const exp = await exportRows('general/user', admin, body);
      expect(exp.status).toBe(200);
      expect(exp.headers['content-type']).toMatch(/spreadsheetml/);
      expect(String(exp.headers['content-disposition'])).toMatch(/^attachment; filename="User-\d{14}\.xlsx"/);
      expect(exp.sheet).toBe('User');
      const shown = await list('general/user', { ...body, pageSize: 100 });
      expect(shown.map((u) => u.username)).toEqual(['mike', 'kilo', 'alfa']);
      expect(exp.rows).toEqual([
        ['Tenant', 'User name', 'Alias', 'User type', 'Login', 'Created'],
        ...shown.map((u) => [
          u.tenantName,
          u.username,
          u.aliasName,
          label('UserType', u.userType),
          label('LoginStatus', u.loginStatus),
          stamp(String(u.createdAt)),
        ]),
      ]);
      expect(exp.rows[1]).toEqual(['演示租户', 'mike', 'Sort test', 'Tenant user', 'Forbidden', expect.any(String)]);
      // other filters and languages: forbidden users only, headers in Simplified Chinese
      const zh = await exportRows('general/user', admin, { aliasName: 'Sort test', loginStatus: 0 }, 'zh_CN');
      expect(zh.rows[0]).toEqual(userResource.list.filter((f) => f.exported).map((f) => f.label.zh_CN));
      expect(zh.rows.slice(1).map((r) => [r[1], r[4]])).toEqual([['mike', '禁止登录']]);
      const none = await exportRows('general/user', admin, { username: 'nobody-here' });
      expect(none.rows).toHaveLength(1);
    });

    it('exports the filtered, sorted roles of the chosen tenant as .xlsx', async () => {
      const body = { code: 'SORT', sortField: 'name', sortOrder: 'asc' };
      const exp = await exportRows('general/role', admin, body);
      expect(exp.status).toBe(200);
      expect(String(exp.headers['content-disposition'])).toMatch(/^attachment; filename="Role-\d{14}\.xlsx"/);
      const shown = await list('general/role', body);
      expect(exp.rows).toEqual([
        roleResource.list.filter((f) => f.exported).map((f) => f.label.en_US),
        ...shown.map((r) => [
          r.tenantId,
          r.code,
          r.name,
          r.alias,
          label('Status', r.status),
          label('Terminal', r.terminal),
          stamp(String(r.createdAt)),
        ]),
      ]);
      expect(exp.rows.slice(1).map((r) => r[1])).toEqual(['SORTA', 'SORTC', 'SORTB']);
      // a tenant's roles
      const tenant = await exportRows('general/role', admin, { tenantId: demoId, sortField: 'code', sortOrder: 'desc' });
      expect(tenant.rows.slice(1).map((r) => [r[0], r[1]])).toEqual([
        [demoId, 'WAREHOUSE_KEEPER'],
        [demoId, 'VIEWER'],
        [demoId, 'TENANT_ADMIN'],
        [demoId, 'STORE_CLERK'],
        [demoId, 'PARTNER'],
        [demoId, 'LABEL_PARTNER'],
      ]);
    });

    it('guards export with the export button: the auditor may, tenant users may not', async () => {
      expect((await exportRows('general/user', auditor, {})).status).toBe(200);
      expect((await exportRows('general/role', auditor, {})).status).toBe(200);
      for (const token of [demo, viewer]) {
        expect((await exportRows('general/user', token, {})).status).toBe(403);
        expect((await exportRows('general/role', token, {})).status).toBe(403);
      }
    });
  });

  describe('menu buttons', () => {
    it('offers export but no import on the tenant, user and role screens, and neither on the dictionary', async () => {
      const screens = await menuOf(admin);
      for (const code of ['general/tenant', 'general/user', 'general/role']) {
        const s = screens.find((x) => x.component === code)!;
        expect(s.actions, code).toContain('export');
        expect(s.actions, code).not.toContain('import');
      }
      const dict = screens.find((x) => x.component === 'general/dictionary')!;
      expect(dict.actions).toContain('refresh');
      expect(dict.actions).not.toContain('import');
      expect(dict.actions).not.toContain('export');
    });
  });

  describe('dictionary', () => {
    it('refreshes the dictionary caches only with the refresh button', async () => {
      for (const token of [viewer, demo, auditor]) {
        const r = await t.call('GET', '/api/dictionaryDetail/v1.0/reidsRefreshAllDicList', { token, lang: EN });
        expect([r.status, r.body.msg]).toEqual([403, 'No permission to access the system!']);
      }
      expect((await t.call('GET', '/api/dictionaryDetail/v1.0/reidsRefreshAllDicList')).status).toBe(401);
      const ok = await t.call('GET', '/api/dictionaryDetail/v1.0/reidsRefreshAllDicList', { token: admin });
      expect([ok.status, ok.body.code]).toEqual([200, 200]);
    });

    it('lists the language dictionary without a session and every other one only with a session', async () => {
      const langs = await t.call('GET', '/api/dictionaryDetail/v1.0/searchListByDicNum?num=LANGUAGE_TYPE');
      expect(langs.status).toBe(200);
      expect(langs.body.data.map((d: { num: string }) => d.num)).toEqual(['zh_CN', 'zh_TW', 'en_US']);
      const mod = await t.call('POST', '/api/dictionary/web/insert', { token: admin, body: { code: 'SECRET_DIC', name: 'secret' } });
      await t.call('POST', '/api/dictionaryDetail/web/addDicContent', {
        token: admin,
        body: { moduleId: mod.body.data.id, num: 'S1', name: 'one' },
      });
      for (const num of ['SECRET_DIC', 'language_type', 'NOPE']) {
        const anon = await t.call('GET', `/api/dictionaryDetail/v1.0/searchListByDicNum?num=${num}`);
        expect([anon.status, anon.body.code], num).toEqual([401, 50008]);
        expect(anon.body.data ?? null, num).toBeNull();
      }
      const bad = await t.call('GET', '/api/dictionaryDetail/v1.0/searchListByDicNum?num=SECRET_DIC', { token: 'not-a-token' });
      expect(bad.status).toBe(401);
      const signedIn = await t.call('GET', '/api/dictionaryDetail/v1.0/searchListByDicNum?num=SECRET_DIC', { token: viewer });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.data.map((d: { num: string }) => d.num)).toEqual(['S1']);
    });
  });
});
