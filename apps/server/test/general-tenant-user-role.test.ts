import { type MenuItem, PLATFORM_TENANT_ID } from '@tagloom/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/core/errors.js';
import { PlatformScope, platformScopeFor } from '../src/core/tenant-scope.js';
import {
  loginNames,
  menus,
  roleMenus,
  roles,
  sessions,
  templateGoodsAttrs,
  templateLocationAttrs,
  tenantMenus,
  tenants,
  userRoles,
  users,
} from '../src/db/schema/index.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

const leaves = (tree: MenuItem[]): MenuItem[] => tree.flatMap((m) => (m.children.length ? leaves(m.children) : [m]));
const EN = 'en_US';

describe(`general tenant, user and role screens on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  let demo: string;
  let menuId: Map<string, number>;
  let demoId: number;
  let goodsTpl: number;
  let locationTpl: number;

  /** A valid tenant body: two tenant screens granted, the three templates chosen. */
  const tenantBody = (over: Record<string, unknown> = {}) => ({
    code: 'NOVA',
    name: 'Nova Apparel',
    adminUsername: 'nova_admin',
    password: 'nova1234',
    confirmPassword: 'nova1234',
    goodsAttrTemplateId: goodsTpl,
    locationAttrTemplateId: locationTpl,
    codingRuleTemplateId: 1,
    menus: [
      { menuId: menuId.get('label/purchase-order')!, actions: ['query', 'add', 'edit'] },
      { menuId: menuId.get('label/sketch')!, actions: ['query'] },
    ],
    ...over,
  });

  const menuOf = async (token: string) => {
    const r = await t.call('POST', '/api/menu/selectMenuByCurrentUserId', { token, lang: EN });
    return r.status === 200 ? leaves(r.body.data as MenuItem[]) : [];
  };

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('admin', 'admin123');
    demo = await t.login('demo', 'demo123');
    menuId = new Map((await t.ctx.db.select({ id: menus.id, code: menus.code }).from(menus)).map((m) => [m.code, m.id]));
    [{ id: demoId }] = await t.ctx.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, 'DEMO'));
    [{ id: goodsTpl }] = await t.ctx.db.select({ id: templateGoodsAttrs.id }).from(templateGoodsAttrs).limit(1);
    [{ id: locationTpl }] = await t.ctx.db.select({ id: templateLocationAttrs.id }).from(templateLocationAttrs).limit(1);
  });
  afterAll(() => t?.close());

  describe('tenant', () => {
    it('creates a tenant with its admin user, role and grants in one transaction', async () => {
      const r = await t.call('POST', '/api/general/tenant/create', { token: admin, lang: EN, body: tenantBody() });
      expect(r.body.msg).toBe('Saved');
      expect(r.status).toBe(200);
      const id = r.body.data.id as number;
      expect(r.body.data).toMatchObject({ code: 'NOVA', name: 'Nova Apparel', adminUsername: 'nova_admin', status: 1 });
      const grants = await t.ctx.db.select().from(tenantMenus).where(eq(tenantMenus.tenantId, id));
      expect(grants.map((g) => g.actions.sort())).toEqual(expect.arrayContaining([['add', 'edit', 'query'], ['query']]));
      const [role] = await t.ctx.db.select().from(roles).where(eq(roles.tenantId, id));
      expect(role).toMatchObject({ code: 'TENANT_ADMIN', allMenus: true });
      const [user] = await t.ctx.db.select().from(users).where(eq(users.tenantId, id));
      expect(user).toMatchObject({ username: 'nova_admin', userType: 3 });
      // the new admin signs in and sees exactly the granted screens and buttons
      const token = await t.login('nova_admin', 'nova1234');
      const screens = await menuOf(token);
      expect(screens.map((s) => s.component).sort()).toEqual(['label/purchase-order', 'label/sketch']);
      expect(screens.find((s) => s.component === 'label/purchase-order')!.actions.sort()).toEqual(['add', 'edit', 'query']);
      // get returns the grants for the edit dialog; menus marks them in the grantable tree
      const got = await t.call('GET', `/api/general/tenant/get?id=${id}`, { token: admin });
      expect(got.body.data.menus).toHaveLength(2);
      const tree = (await t.call('POST', '/api/general/tenant/menus', { token: admin, body: { id } })).body.data;
      const flat = (ns: { code: string; granted: string[]; side: string; children: unknown[] }[]): typeof ns =>
        ns.flatMap((n) => [n, ...flat(n.children as typeof ns)]);
      const nodes = flat(tree);
      expect(nodes.find((n) => n.code === 'label/sketch')!.granted).toEqual(['query']);
      expect(nodes.some((n) => n.code === 'general/tenant')).toBe(false);
    });

    it('refuses a tenant whose name equals its admin user name', async () => {
      const r = await t.call('POST', '/api/general/tenant/create', {
        token: admin,
        lang: EN,
        body: tenantBody({ code: 'SAME', name: 'sameName', adminUsername: 'samename' }),
      });
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe('Admin login name: The tenant name and the admin user name must differ');
      expect(r.body.data.fields).toEqual([{ field: 'adminUsername', message: 'The tenant name and the admin user name must differ' }]);
    });

    it('refuses a short admin user name, a short or Chinese password and a confirmation that differs', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ adminUsername: 'abc' }, 'adminUsername'],
        [{ password: 'abc', confirmPassword: 'abc' }, 'password'],
        [{ password: '密码abcd', confirmPassword: '密码abcd' }, 'password'],
        [{ confirmPassword: 'other123' }, 'confirmPassword'],
      ];
      for (const [over, field] of cases) {
        const r = await t.call('POST', '/api/general/tenant/create', {
          token: admin,
          lang: EN,
          body: tenantBody({ code: 'BAD', ...over }),
        });
        expect(r.status).toBe(400);
        expect(r.body.data.fields.map((f: { field: string }) => f.field)).toEqual([field]);
      }
      const diff = await t.call('POST', '/api/general/tenant/create', {
        token: admin,
        lang: EN,
        body: tenantBody({ code: 'BAD', confirmPassword: 'other123' }),
      });
      expect(diff.body.msg).toBe('Confirm password: The two passwords do not match');
      expect((await t.ctx.db.select().from(tenants).where(eq(tenants.code, 'BAD'))).length).toBe(0);
    });

    it('refuses two templates of one type', async () => {
      const r = await t.call('POST', '/api/general/tenant/create', {
        token: admin,
        lang: EN,
        body: tenantBody({
          code: 'TWICE',
          goodsAttrTemplateId: undefined,
          locationAttrTemplateId: undefined,
          codingRuleTemplateId: undefined,
          templates: [
            { type: 'goodsAttr', id: 1 },
            { type: 'goodsAttr', id: 2 },
            { type: 'codingRule', id: 1 },
          ],
        }),
      });
      expect(r.status).toBe(400);
      expect(r.body.data.fields).toEqual(
        expect.arrayContaining([
          { field: 'templates', message: 'Two templates of the same type cannot both be chosen' },
          { field: 'locationAttrTemplateId', message: 'Please select location attribute template' },
        ]),
      );
      // a list naming each type once is accepted
      const ok = await t.call('POST', '/api/general/tenant/create', {
        token: admin,
        body: tenantBody({
          code: 'LISTED',
          name: 'Listed',
          adminUsername: 'listed_admin',
          goodsAttrTemplateId: undefined,
          locationAttrTemplateId: undefined,
          codingRuleTemplateId: undefined,
          templates: [
            { type: 'goodsAttr', id: goodsTpl },
            { type: 'locationAttr', id: locationTpl },
            { type: 'codingRule', id: 1 },
          ],
        }),
      });
      expect(ok.body.msg).toBe('保存成功');
      expect(ok.body.data).toMatchObject({ goodsAttrTemplateId: goodsTpl, locationAttrTemplateId: locationTpl, codingRuleTemplateId: 1 });
    });

    it('refuses a goods or location attribute template that does not exist', async () => {
      const r = await t.call('POST', '/api/general/tenant/create', {
        token: admin,
        lang: EN,
        body: tenantBody({ code: 'GHOST', locationAttrTemplateId: 999999 }),
      });
      expect([r.status, r.body.msg]).toEqual([400, 'The chosen Location attribute template does not exist']);
      expect(await t.ctx.db.select().from(tenants).where(eq(tenants.code, 'GHOST'))).toEqual([]);
    });

    it('requires menu permissions and all three templates', async () => {
      const r = await t.call('POST', '/api/general/tenant/create', {
        token: admin,
        lang: EN,
        body: tenantBody({ code: 'EMPTY', menus: [], codingRuleTemplateId: undefined }),
      });
      expect(r.status).toBe(400);
      expect(r.body.data.fields).toEqual(
        expect.arrayContaining([
          { field: 'menus', message: 'Please set the menu permissions' },
          { field: 'codingRuleTemplateId', message: 'Please select coding rule template' },
        ]),
      );
      expect(r.body.msg).toContain('Please select coding rule template');
    });

    it('grants a tenant only tenant-side screens and buttons those screens offer', async () => {
      const platformOnly = await t.call('POST', '/api/general/tenant/create', {
        token: admin,
        lang: EN,
        body: tenantBody({ code: 'GRAB', menus: [{ menuId: menuId.get('general/tenant')!, actions: ['query'] }] }),
      });
      expect(platformOnly.status).toBe(400);
      expect(platformOnly.body.msg).toBe('“Tenant” is a platform screen: it stays on the platform side and cannot be given to tenants');
      const badButton = await t.call('POST', '/api/general/tenant/create', {
        token: admin,
        lang: EN,
        body: tenantBody({ code: 'GRAB', menus: [{ menuId: menuId.get('label/sketch')!, actions: ['testConnection'] }] }),
      });
      expect(badButton.status).toBe(400);
      expect(badButton.body.msg).toBe(`Menu ${menuId.get('label/sketch')} offers no button testConnection`);
    });

    it('rolls back the whole tenant when the admin user name is taken', async () => {
      const before = await t.ctx.db.select().from(roles);
      const r = await t.call('POST', '/api/general/tenant/create', {
        token: admin,
        lang: EN,
        body: tenantBody({ code: 'TAKEN', name: 'Taken', adminUsername: 'Demo' }),
      });
      expect(r.status).toBe(409);
      expect(r.body.msg).toBe('User name already exists');
      expect(await t.ctx.db.select().from(tenants).where(eq(tenants.code, 'TAKEN'))).toEqual([]);
      expect((await t.ctx.db.select().from(roles)).length).toBe(before.length);
      const grants = await t.ctx.db.select({ tenantId: tenantMenus.tenantId }).from(tenantMenus);
      const ids = new Set((await t.ctx.db.select({ id: tenants.id }).from(tenants)).map((x) => x.id));
      expect(grants.every((g) => ids.has(g.tenantId))).toBe(true);
    });

    it('refuses a taken or malformed tenant code', async () => {
      const dup = await t.call('POST', '/api/general/tenant/create', {
        token: admin,
        lang: EN,
        body: tenantBody({ adminUsername: 'other_admin' }),
      });
      expect([dup.status, dup.body.msg]).toEqual([409, 'Tenant code already exists']);
      const lower = await t.call('POST', '/api/general/tenant/create', {
        token: admin,
        lang: EN,
        body: tenantBody({ code: 'nova2', adminUsername: 'other_admin' }),
      });
      expect(lower.status).toBe(400);
      expect(lower.body.msg).toBe('Tenant code: may contain only uppercase letters and digits');
    });

    it('lists tenants with their group and admin login name, filtered, without the platform itself', async () => {
      const all = await t.call('POST', '/api/general/tenant/list', { token: admin, body: { page: 1, pageSize: 50 } });
      const codes = all.body.data.list.map((x: { code: string }) => x.code);
      expect(codes).toEqual(expect.arrayContaining(['ACME', 'DEMO', 'NOVA']));
      expect(codes).not.toContain('PLATFORM');
      const one = await t.call('POST', '/api/general/tenant/list', { token: admin, body: { adminUsername: 'nova' } });
      expect(one.body.data).toMatchObject({ total: 1, list: [{ code: 'NOVA', adminUsername: 'nova_admin', groupName: '' }] });
      const groups = await t.call('POST', '/api/general/tenant-group/list', { token: admin, body: {} });
      const groupId = groups.body.data.list[0].id;
      const upd = await t.call('POST', '/api/general/tenant/update', { token: admin, body: { id: one.body.data.list[0].id, groupId } });
      expect(upd.status).toBe(200);
      const byGroup = await t.call('POST', '/api/general/tenant/list', { token: admin, body: { groupId } });
      expect(byGroup.body.data.list).toEqual([expect.objectContaining({ code: 'NOVA', groupName: groups.body.data.list[0].name })]);
    });

    it("narrows a tenant's grants on edit and its users' menus follow at the next fetch", async () => {
      const [nova] = await t.ctx.db.select().from(tenants).where(eq(tenants.code, 'NOVA'));
      const token = await t.login('nova_admin', 'nova1234');
      expect((await menuOf(token)).length).toBe(2);
      const r = await t.call('POST', '/api/general/tenant/update', {
        token: admin,
        lang: EN,
        body: { id: nova.id, menus: [{ menuId: menuId.get('label/sketch')!, actions: ['query'] }] },
      });
      expect(r.status).toBe(200);
      expect((await menuOf(token)).map((s) => s.component)).toEqual(['label/sketch']);
      const same = await t.call('POST', '/api/general/tenant/update', {
        token: admin,
        lang: EN,
        body: { id: nova.id, name: 'NOVA_admin' },
      });
      // the declaration's rule, on the merged row: the same message as on create, naming the field
      expect([same.status, same.body.msg]).toEqual([400, 'Admin login name: The tenant name and the admin user name must differ']);
    });

    it('disabling a tenant ends its live sessions and refuses login until it is enabled again', async () => {
      const [nova] = await t.ctx.db.select().from(tenants).where(eq(tenants.code, 'NOVA'));
      const token = await t.login('nova_admin', 'nova1234');
      const off = await t.call('POST', '/api/general/tenant/disable', { token: admin, lang: EN, body: { ids: [nova.id] } });
      expect([off.status, off.body.msg]).toEqual([200, 'Disabled']);
      const live = await t.ctx.db.select().from(sessions).where(eq(sessions.tenantId, nova.id));
      expect(live.every((s) => s.revokedAt !== null)).toBe(true);
      expect((await t.call('POST', '/api/menu/selectMenuByCurrentUserId', { token })).body.code).toBe(50012);
      const login = await t.call('POST', '/api/user/login', { lang: EN, body: { username: 'nova_admin', password: 'nova1234' } });
      expect(login.body.msg).toBe('Your tenant is disabled, please contact the administrator');
      await t.call('POST', '/api/general/tenant/enable', { token: admin, body: { ids: [nova.id] } });
      expect(await t.login('nova_admin', 'nova1234')).toBeTruthy();
    });

    it('refuses deleting a tenant with users besides its admin, and deletes an empty one with its admin, role and grants', async () => {
      const refused = await t.call('POST', '/api/general/tenant/delete', { token: admin, lang: EN, body: { ids: [demoId] } });
      expect(refused.status).toBe(409);
      // viewer and the four users bound to a store, a warehouse, a factory and a label supplier
      expect(refused.body.msg).toBe('The tenant 演示租户 still has 5 user(s) besides its administrator and cannot be deleted');
      const [listed] = await t.ctx.db.select().from(tenants).where(eq(tenants.code, 'LISTED'));
      await t.login('listed_admin', 'nova1234');
      const ok = await t.call('POST', '/api/general/tenant/delete', { token: admin, body: { ids: [listed.id] } });
      expect(ok.body.data).toEqual({ deleted: 1 });
      expect(await t.ctx.db.select().from(users).where(eq(users.tenantId, listed.id))).toEqual([]);
      expect(await t.ctx.db.select().from(roles).where(eq(roles.tenantId, listed.id))).toEqual([]);
      expect(await t.ctx.db.select().from(tenantMenus).where(eq(tenantMenus.tenantId, listed.id))).toEqual([]);
      expect(await t.ctx.db.select().from(loginNames).where(eq(loginNames.username, 'listed_admin'))).toEqual([]);
      expect(await t.ctx.db.select().from(sessions).where(eq(sessions.tenantId, listed.id))).toEqual([]);
    });

    it('refuses the tenant, user and role screens to tenant users and read-only platform users', async () => {
      for (const url of ['/api/general/tenant/list', '/api/general/user/list', '/api/general/role/list', '/api/general/menu/list']) {
        expect((await t.call('POST', url, { token: demo, body: {} })).status).toBe(403);
      }
      const auditor = await t.login('auditor', 'auditor123');
      expect((await t.call('POST', '/api/general/tenant/list', { token: auditor, body: {} })).status).toBe(200);
      const add = await t.call('POST', '/api/general/tenant/create', { token: auditor, body: tenantBody({ code: 'AUD' }) });
      expect(add.status).toBe(403);
      const dis = await t.call('POST', '/api/general/tenant/disable', { token: auditor, body: { ids: [demoId] } });
      expect(dis.status).toBe(403);
    });

    it('elevates across tenants only for platform sessions', () => {
      expect(platformScopeFor({ tenantId: PLATFORM_TENANT_ID }, t.ctx.db, demoId).tenantId).toBe(demoId);
      expect(() => PlatformScope.of({ tenantId: demoId }, t.ctx.db)).toThrow(AppError);
    });
  });

  describe('user', () => {
    let viewerRole: number;
    let demoAdminRole: number;
    beforeAll(async () => {
      const demoRoles = await t.ctx.db.select().from(roles).where(eq(roles.tenantId, demoId));
      viewerRole = demoRoles.find((r) => r.code === 'VIEWER')!.id;
      demoAdminRole = demoRoles.find((r) => r.code === 'TENANT_ADMIN')!.id;
    });

    it('creates a user in a chosen tenant with roles per terminal from that tenant', async () => {
      const roleList = await t.call('POST', '/api/general/user/roles', { token: admin, body: { tenantId: demoId } });
      expect(roleList.body.data.map((r: { code: string }) => r.code).sort()).toEqual([
        'LABEL_PARTNER',
        'PARTNER',
        'STORE_CLERK',
        'TENANT_ADMIN',
        'VIEWER',
        'WAREHOUSE_KEEPER',
      ]);
      const r = await t.call('POST', '/api/general/user/create', {
        token: admin,
        lang: EN,
        body: {
          tenantId: demoId,
          username: 'clerk01',
          aliasName: 'Store clerk',
          password: 'clerk123',
          confirmPassword: 'clerk123',
          userType: 4,
          roles: { web: [viewerRole], pad: [viewerRole, demoAdminRole] },
        },
      });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ tenantId: demoId, username: 'clerk01', aliasName: 'Store clerk', loginStatus: 1 });
      expect(r.body.data.roles.web.map((x: { code: string }) => x.code)).toEqual(['VIEWER']);
      expect(r.body.data.roles.pad.map((x: { code: string }) => x.code).sort()).toEqual(['TENANT_ADMIN', 'VIEWER']);
      const token = await t.login('clerk01', 'clerk123');
      const acts = new Set((await menuOf(token)).flatMap((s) => s.actions));
      expect([...acts].sort()).toEqual(['export', 'query']);
    });

    it('refuses roles of another tenant and a user type of the other side', async () => {
      const [acme] = await t.ctx.db.select().from(tenants).where(eq(tenants.code, 'ACME'));
      const base = { tenantId: acme.id, username: 'acme_clerk', password: 'clerk123', confirmPassword: 'clerk123', userType: 4 };
      const r = await t.call('POST', '/api/general/user/create', {
        token: admin,
        lang: EN,
        body: { ...base, roles: { web: [viewerRole] } },
      });
      expect([r.status, r.body.msg]).toEqual([400, `Role ${viewerRole} is not a role of the user's tenant`]);
      const plat = await t.call('POST', '/api/general/user/create', { token: admin, lang: EN, body: { ...base, userType: 1 } });
      expect(plat.status).toBe(400);
      expect(await t.ctx.db.select().from(loginNames).where(eq(loginNames.username, 'acme_clerk'))).toEqual([]);
    });

    it('refuses a short user name, a Chinese password and a confirmation that differs', async () => {
      const base = { tenantId: demoId, username: 'clerk02', password: 'clerk123', confirmPassword: 'clerk123', userType: 4 };
      const bad = [
        [{ username: 'abc' }, 'User name: must be at least 4 characters'],
        [{ password: '中文密码', confirmPassword: '中文密码' }, 'Password: must not contain Chinese characters'],
        [{ confirmPassword: 'clerk124' }, 'Confirm password: The two passwords do not match'],
      ] as const;
      for (const [over, msg] of bad) {
        const r = await t.call('POST', '/api/general/user/create', { token: admin, lang: EN, body: { ...base, ...over } });
        expect([r.status, r.body.msg]).toEqual([400, msg]);
      }
    });

    it('lists users of every tenant, or of one tenant, with tenant and roles', async () => {
      const all = await t.call('POST', '/api/general/user/list', { token: admin, body: { pageSize: 100 } });
      const tenantsSeen = new Set(all.body.data.list.map((u: { tenantCode: string }) => u.tenantCode));
      expect([...tenantsSeen]).toEqual(expect.arrayContaining(['PLATFORM', 'DEMO', 'ACME']));
      expect(all.body.data.list[0].passwordHash).toBeUndefined();
      const demoOnly = await t.call('POST', '/api/general/user/list', { token: admin, body: { tenantId: demoId } });
      expect(demoOnly.body.data.list.every((u: { tenantId: number }) => u.tenantId === demoId)).toBe(true);
      expect(demoOnly.body.data.list.map((u: { username: string }) => u.username).sort()).toEqual([
        'clerk01',
        'demo',
        'factory01',
        'store01',
        'supplier01',
        'viewer',
        'wh01',
      ]);
    });

    it('edits alias and roles per terminal', async () => {
      const [clerk] = await t.ctx.db.select().from(users).where(eq(users.username, 'clerk01'));
      const r = await t.call('POST', '/api/general/user/update', {
        token: admin,
        body: { id: clerk.id, aliasName: 'Head clerk', roles: { web: [demoAdminRole] } },
      });
      expect(r.body.data).toMatchObject({ aliasName: 'Head clerk' });
      const held = await t.ctx.db
        .select()
        .from(userRoles)
        .where(and(eq(userRoles.tenantId, demoId), eq(userRoles.userId, clerk.id)));
      expect(held).toEqual([expect.objectContaining({ roleId: demoAdminRole, terminal: 'web' })]);
    });

    it('forbidding login ends live sessions', async () => {
      const [clerk] = await t.ctx.db.select().from(users).where(eq(users.username, 'clerk01'));
      const token = await t.login('clerk01', 'clerk123');
      const r = await t.call('POST', '/api/general/user/disable', { token: admin, lang: EN, body: { ids: [clerk.id] } });
      expect([r.status, r.body.msg]).toEqual([200, 'Login forbidden']);
      const live = await t.ctx.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.tenantId, demoId), eq(sessions.userId, clerk.id)));
      expect(live.every((s) => s.revokedAt !== null)).toBe(true);
      expect((await t.call('POST', '/api/menu/selectMenuByCurrentUserId', { token })).body.code).toBe(50012);
      const login = await t.call('POST', '/api/user/login', { lang: EN, body: { username: 'clerk01', password: 'clerk123' } });
      expect(login.body.msg).toBe('This account is not allowed to log in, please contact the administrator');
      await t.call('POST', '/api/general/user/enable', { token: admin, body: { ids: [clerk.id] } });
      expect(await t.login('clerk01', 'clerk123')).toBeTruthy();
    });

    it('resets a password to a generated temporary one or the given one, ending the sessions', async () => {
      const [clerk] = await t.ctx.db.select().from(users).where(eq(users.username, 'clerk01'));
      const token = await t.login('clerk01', 'clerk123');
      const r = await t.call('POST', '/api/general/user/reset-password', { token: admin, body: { id: clerk.id } });
      const temp = r.body.data.password as string;
      expect(temp).toMatch(/^[A-Za-z0-9]{10}$/);
      expect((await t.call('POST', '/api/menu/selectMenuByCurrentUserId', { token })).body.code).toBe(50012);
      expect(await t.login('clerk01', temp)).toBeTruthy();
      const set = await t.call('POST', '/api/general/user/reset-password', {
        token: admin,
        lang: EN,
        body: { id: clerk.id, password: 'fresh123', confirmPassword: 'fresh124' },
      });
      expect([set.status, set.body.msg]).toEqual([400, 'Confirm password: The two passwords do not match']);
      const ok = await t.call('POST', '/api/general/user/reset-password', {
        token: admin,
        body: { id: clerk.id, password: 'fresh123', confirmPassword: 'fresh123' },
      });
      expect(ok.body.data).toEqual({ password: null });
      expect(await t.login('clerk01', 'fresh123')).toBeTruthy();
    });

    it('refuses deleting yourself or the last platform admin, and deletes other users with their login names', async () => {
      const [me] = await t.ctx.db.select().from(users).where(eq(users.username, 'admin'));
      const self = await t.call('POST', '/api/general/user/delete', { token: admin, lang: EN, body: { ids: [me.id] } });
      expect([self.status, self.body.msg]).toEqual([409, 'You cannot delete yourself']);
      // a second platform admin cannot delete the first when it is the last one left
      const [superRole] = await t.ctx.db
        .select()
        .from(roles)
        .where(and(eq(roles.tenantId, PLATFORM_TENANT_ID), eq(roles.code, 'SUPER_ADMIN')));
      const made = await t.call('POST', '/api/general/user/create', {
        token: admin,
        body: {
          tenantId: 0,
          username: 'admin2',
          password: 'admin234',
          confirmPassword: 'admin234',
          userType: 1,
          roles: { web: [superRole.id] },
        },
      });
      expect(made.status).toBe(200);
      const admin2 = await t.login('admin2', 'admin234');
      await t.call('POST', '/api/general/user/disable', { token: admin, body: { ids: [made.body.data.id] } });
      await t.call('POST', '/api/general/user/enable', { token: admin, body: { ids: [made.body.data.id] } });
      const admin2b = await t.login('admin2', 'admin234');
      expect(admin2).not.toBe(admin2b);
      const demote = await t.call('POST', '/api/general/user/update', { token: admin2b, lang: EN, body: { id: me.id, userType: 2 } });
      expect(demote.status).toBe(200);
      const last = await t.call('POST', '/api/general/user/delete', { token: admin, lang: EN, body: { ids: [made.body.data.id] } });
      expect([last.status, last.body.msg]).toEqual([409, 'The last platform administrator cannot be deleted, demoted or forbidden']);
      await t.call('POST', '/api/general/user/update', { token: admin2b, body: { id: me.id, userType: 1 } });
      const [clerk] = await t.ctx.db.select().from(users).where(eq(users.username, 'clerk01'));
      const gone = await t.call('POST', '/api/general/user/delete', { token: admin, body: { ids: [clerk.id] } });
      expect(gone.body.data).toEqual({ deleted: 1 });
      expect(await t.ctx.db.select().from(loginNames).where(eq(loginNames.username, 'clerk01'))).toEqual([]);
    });
  });

  describe('role', () => {
    let admin2: string;
    beforeAll(async () => {
      admin2 = await t.login('admin2', 'admin234');
    });

    it('lets a platform admin edit only roles it created', async () => {
      const made = await t.call('POST', '/api/general/role/create', {
        token: admin,
        lang: EN,
        body: { code: 'OPS', name: '运维', alias: 'Operations', terminal: 'web' },
      });
      expect(made.status).toBe(200);
      expect(made.body.data).toMatchObject({ tenantId: 0, code: 'OPS', mine: true, builtIn: false });
      const id = made.body.data.id;
      const asOther = await t.call('POST', '/api/general/role/update', { token: admin2, lang: EN, body: { id, name: 'hijacked' } });
      expect([asOther.status, asOther.body.msg]).toEqual([403, 'A platform administrator can only edit or delete roles it created']);
      const delOther = await t.call('POST', '/api/general/role/delete', { token: admin2, lang: EN, body: { ids: [id] } });
      expect(delOther.status).toBe(403);
      const assignOther = await t.call('POST', '/api/general/role/assign', { token: admin2, body: { id, grants: [] } });
      expect(assignOther.status).toBe(403);
      const listed = await t.call('POST', '/api/general/role/list', { token: admin2, body: { code: 'OPS' } });
      expect(listed.body.data.list).toEqual([expect.objectContaining({ code: 'OPS', mine: false })]);
      const own = await t.call('POST', '/api/general/role/update', { token: admin, body: { id, name: '运维组' } });
      expect(own.body.data.name).toBe('运维组');
    });

    it('never deletes the built-in super admin role', async () => {
      const [superRole] = await t.ctx.db
        .select()
        .from(roles)
        .where(and(eq(roles.tenantId, PLATFORM_TENANT_ID), eq(roles.code, 'SUPER_ADMIN')));
      const r = await t.call('POST', '/api/general/role/delete', { token: admin, lang: EN, body: { ids: [superRole.id] } });
      expect([r.status, r.body.msg]).toEqual([409, 'The built-in role SUPER_ADMIN cannot be deleted, disabled or re-assigned']);
      const off = await t.call('POST', '/api/general/role/update', { token: admin, body: { id: superRole.id, status: 0 } });
      expect(off.status).toBe(409);
    });

    it('refuses a role code taken in the same tenant but allows it in another', async () => {
      const dup = await t.call('POST', '/api/general/role/create', { token: admin, lang: EN, body: { code: 'OPS', name: 'x' } });
      expect([dup.status, dup.body.msg]).toEqual([409, 'Role code already exists']);
      const other = await t.call('POST', '/api/general/role/create', {
        token: admin,
        body: { tenantId: demoId, code: 'OPS', name: '门店运维' },
      });
      expect(other.body.data).toMatchObject({ tenantId: demoId, code: 'OPS' });
      const demoRoles = await t.call('POST', '/api/general/role/list', { token: admin, body: { tenantId: demoId } });
      expect(demoRoles.body.data.list.map((r: { code: string }) => r.code).sort()).toEqual([
        'LABEL_PARTNER',
        'OPS',
        'PARTNER',
        'STORE_CLERK',
        'TENANT_ADMIN',
        'VIEWER',
        'WAREHOUSE_KEEPER',
      ]);
    });

    it("shows a role's new grants in its users' menu", async () => {
      const [ops] = await t.ctx.db
        .select()
        .from(roles)
        .where(and(eq(roles.tenantId, PLATFORM_TENANT_ID), eq(roles.code, 'OPS')));
      const made = await t.call('POST', '/api/general/user/create', {
        token: admin,
        body: {
          tenantId: 0,
          username: 'opsuser',
          password: 'ops12345',
          confirmPassword: 'ops12345',
          userType: 2,
          roles: { web: [ops.id] },
        },
      });
      expect(made.status).toBe(200);
      const token = await t.login('opsuser', 'ops12345');
      expect((await t.call('POST', '/api/menu/selectMenuByCurrentUserId', { token })).status).toBe(403);
      const tg = menuId.get('general/tenant-group')!;
      const first = await t.call('POST', '/api/general/role/assign', {
        token: admin,
        body: { id: ops.id, grants: [{ menuId: tg, actions: ['query'] }] },
      });
      expect(first.body.data).toEqual({ count: 1 });
      let screens = await menuOf(token);
      expect(screens.map((s) => [s.component, s.actions])).toEqual([['general/tenant-group', ['query']]]);
      expect((await t.call('POST', '/api/general/tenant-group/list', { token, body: {} })).status).toBe(200);
      expect((await t.call('POST', '/api/general/tenant-group/create', { token, body: { code: 'X1', name: 'x' } })).status).toBe(403);
      await t.call('POST', '/api/general/role/assign', {
        token: admin,
        body: {
          id: ops.id,
          grants: [
            { menuId: tg, actions: ['query', 'add'] },
            { menuId: menuId.get('general/dictionary')!, actions: ['query'] },
          ],
        },
      });
      screens = await menuOf(token);
      expect(screens.map((s) => s.component).sort()).toEqual(['general/dictionary', 'general/tenant-group']);
      expect(screens.find((s) => s.component === 'general/tenant-group')!.actions.sort()).toEqual(['add', 'query']);
      const tree = await t.call('POST', '/api/general/role/menus', { token: admin, body: { id: ops.id } });
      const flat = (ns: { code: string; granted: string[]; children: unknown[] }[]): typeof ns =>
        ns.flatMap((n) => [n, ...flat(n.children as typeof ns)]);
      expect(
        flat(tree.body.data.tree)
          .find((n) => n.code === 'general/tenant-group')!
          .granted.sort(),
      ).toEqual(['add', 'query']);
      expect(flat(tree.body.data.tree).some((n) => n.code.startsWith('label/'))).toBe(false);
    });

    it("refuses grants beyond the role's tenant grant or the menu's buttons", async () => {
      const [demoOps] = await t.ctx.db
        .select()
        .from(roles)
        .where(and(eq(roles.tenantId, demoId), eq(roles.code, 'OPS')));
      const platformScreen = await t.call('POST', '/api/general/role/assign', {
        token: admin,
        lang: EN,
        body: { id: demoOps.id, grants: [{ menuId: menuId.get('general/tenant')!, actions: ['query'] }] },
      });
      expect([platformScreen.status, platformScreen.body.msg]).toEqual([
        400,
        '“Tenant” is a platform screen: it stays on the platform side and cannot be given to tenants',
      ]);
      const po = menuId.get('label/purchase-order')!;
      const badButton = await t.call('POST', '/api/general/role/assign', {
        token: admin,
        lang: EN,
        body: { id: demoOps.id, grants: [{ menuId: po, actions: ['query', 'testConnection'] }] },
      });
      expect([badButton.status, badButton.body.msg]).toEqual([
        400,
        `Button testConnection of menu ${po} is not granted to the role's tenant`,
      ]);
      const ok = await t.call('POST', '/api/general/role/assign', {
        token: admin,
        body: { id: demoOps.id, grants: [{ menuId: po, actions: ['query', 'export'] }] },
      });
      expect(ok.status).toBe(200);
      const rows = await t.ctx.db
        .select()
        .from(roleMenus)
        .where(and(eq(roleMenus.tenantId, demoId), eq(roleMenus.roleId, demoOps.id)));
      expect(rows.map((r) => [r.menuId, r.actions.sort()])).toEqual([[po, ['export', 'query']]]);
    });

    it('refuses deleting a role users hold, and deletes an unused own role', async () => {
      const [ops] = await t.ctx.db
        .select()
        .from(roles)
        .where(and(eq(roles.tenantId, PLATFORM_TENANT_ID), eq(roles.code, 'OPS')));
      const held = await t.call('POST', '/api/general/role/delete', { token: admin, lang: EN, body: { ids: [ops.id] } });
      expect([held.status, held.body.msg]).toEqual([409, 'The role OPS is held by users and cannot be deleted']);
      const [demoOps] = await t.ctx.db
        .select()
        .from(roles)
        .where(and(eq(roles.tenantId, demoId), eq(roles.code, 'OPS')));
      const ok = await t.call('POST', '/api/general/role/delete', { token: admin, body: { ids: [demoOps.id] } });
      expect(ok.body.data).toEqual({ deleted: 1 });
      expect(
        await t.ctx.db
          .select()
          .from(roleMenus)
          .where(inArray(roleMenus.roleId, [demoOps.id])),
      ).toEqual([]);
    });
  });
});
