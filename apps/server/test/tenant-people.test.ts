import { type MenuItem, USER_TYPE } from '@tagloom/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menus, roleMenus, roles, tenantMenus, tenants, users } from '../src/db/schema/index.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

const EN = 'en_US';
const leaves = (tree: MenuItem[]): MenuItem[] => tree.flatMap((m) => (m.children.length ? leaves(m.children) : [m]));

/**
 * Tenant roles, users bound to parties, parameters and permission maintenance (issue 11, people):
 * a tenant administrator manages its own tenant's, never another's nor the platform's, and grants
 * its roles nothing beyond what its tenant holds.
 */
describe(`tenant roles, users, parameters and permissions on ${DRIVER}`, () => {
  let t: TestApp;
  let demo: string;
  let acme: string;
  let demoId: number;
  let menuId: Map<string, number>;
  let storeId: number;
  let warehouseId: number;
  let roleId: number;
  let userId: number;

  const rowsOf = async (token: string, code: string, body: Record<string, unknown> = {}) => {
    const r = await t.call('POST', `/api/${code}/list`, { token, lang: EN, body: { pageSize: 100, ...body } });
    expect(r.status, r.body.msg).toBe(200);
    // biome-ignore lint/suspicious/noExplicitAny: rows of any screen, read field by field
    return r.body.data.list as Record<string, any>[];
  };
  const menuOf = async (token: string) => {
    const r = await t.call('POST', '/api/menu/selectMenuByCurrentUserId', { token, lang: EN });
    return r.status === 200 ? leaves(r.body.data as MenuItem[]) : [];
  };

  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
    acme = await t.login('acme', 'acme123');
    [{ id: demoId }] = await t.ctx.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, 'DEMO'));
    menuId = new Map((await t.ctx.db.select({ id: menus.id, code: menus.component }).from(menus)).map((m) => [m.code, m.id]));
    storeId = (await rowsOf(demo, 'tenant/store', { code: 'ST001' })).find((r) => r.code === 'ST001')!.id;
    warehouseId = (await rowsOf(demo, 'tenant/warehouse', { code: 'WH01' })).find((r) => r.code === 'WH01')!.id;
  });
  afterAll(() => t?.close());

  describe('roles', () => {
    it('demo creates, edits and lists its own role; acme neither sees nor reaches it', async () => {
      const r = await t.call('POST', '/api/tenant/role/create', {
        token: demo,
        lang: EN,
        body: { code: 'CLERK_X', name: 'Clerk X', alias: 'x', terminal: 'web' },
      });
      expect(r.status, r.body.msg).toBe(200);
      roleId = r.body.data.id;
      const [row] = await t.ctx.db.select().from(roles).where(eq(roles.id, roleId));
      expect(row.tenantId).toBe(demoId);
      expect((await t.call('POST', '/api/tenant/role/update', { token: demo, body: { id: roleId, name: 'Clerk Y' } })).status).toBe(200);
      expect((await rowsOf(demo, 'tenant/role')).map((x) => x.code)).toContain('CLERK_X');
      expect((await rowsOf(acme, 'tenant/role')).map((x) => x.code)).not.toContain('CLERK_X');
      // guessed ids of another tenant: not found, and nothing changes
      expect((await t.call('GET', `/api/tenant/role/get?id=${roleId}`, { token: acme })).status).toBe(404);
      expect((await t.call('POST', '/api/tenant/role/update', { token: acme, body: { id: roleId, name: 'Hacked' } })).status).toBe(404);
      expect((await t.call('POST', '/api/tenant/role/delete', { token: acme, body: { ids: [roleId] } })).status).toBe(404);
      const [after] = await t.ctx.db.select().from(roles).where(eq(roles.id, roleId));
      expect(after.name).toBe('Clerk Y');
    });

    it('a role code is unique within the tenant only', async () => {
      const again = await t.call('POST', '/api/tenant/role/create', { token: demo, lang: EN, body: { code: 'CLERK_X', name: 'Again' } });
      expect(again.status).toBe(409);
      const acmeSame = await t.call('POST', '/api/tenant/role/create', {
        token: acme,
        lang: EN,
        body: { code: 'CLERK_X', name: 'Acme X' },
      });
      expect(acmeSame.status, acmeSame.body.msg).toBe(200);
    });

    it('keeps the built-in role (every menu): not deleted, not disabled', async () => {
      const builtIn = (await rowsOf(demo, 'tenant/role')).find((x) => x.builtIn)!;
      expect(builtIn).toBeDefined();
      const del = await t.call('POST', '/api/tenant/role/delete', { token: demo, lang: EN, body: { ids: [builtIn.id] } });
      expect(del.status).toBe(409);
      expect(del.body.msg).toContain(builtIn.code);
      const off = await t.call('POST', '/api/tenant/role/update', { token: demo, lang: EN, body: { id: builtIn.id, status: 0 } });
      expect(off.status).toBe(409);
    });
  });

  describe('users', () => {
    it('demo creates a user bound to a store, with a role of its tenant; the list shows the store', async () => {
      const r = await t.call('POST', '/api/tenant/user/create', {
        token: demo,
        lang: EN,
        body: {
          username: 'clerk_st1',
          aliasName: 'Clerk',
          password: 'clerk1234',
          confirmPassword: 'clerk1234',
          userType: USER_TYPE.TENANT_USER,
          partyKind: 'store',
          partyId: storeId,
          roles: { web: [roleId] },
          mustChangePassword: 0,
        },
      });
      expect(r.status, r.body.msg).toBe(200);
      userId = r.body.data.id;
      const [row] = await t.ctx.db.select().from(users).where(eq(users.id, userId));
      expect(row).toMatchObject({ tenantId: demoId, partyKind: 'store', partyId: storeId, userType: 4 });
      const listed = (await rowsOf(demo, 'tenant/user', { username: 'clerk_st1' }))[0];
      expect(listed.partyName).toContain('ST001');
      expect(listed.roles.web.map((x: { id: number }) => x.id)).toEqual([roleId]);
      expect(listed).not.toHaveProperty('passwordHash');
    });

    it('acme cannot see, get, update, disable, reset or delete demo’s user (guessed ids)', async () => {
      expect((await rowsOf(acme, 'tenant/user')).map((x) => x.username)).not.toContain('clerk_st1');
      expect((await t.call('GET', `/api/tenant/user/get?id=${userId}`, { token: acme })).status).toBe(404);
      expect((await t.call('POST', '/api/tenant/user/update', { token: acme, body: { id: userId, aliasName: 'Hacked' } })).status).toBe(
        404,
      );
      expect((await t.call('POST', '/api/tenant/user/disable', { token: acme, body: { ids: [userId] } })).status).toBe(404);
      expect((await t.call('POST', '/api/tenant/user/reset-password', { token: acme, body: { id: userId } })).status).toBe(404);
      expect((await t.call('POST', '/api/tenant/user/delete', { token: acme, body: { ids: [userId] } })).status).toBe(404);
      const [row] = await t.ctx.db.select().from(users).where(eq(users.id, userId));
      expect(row).toMatchObject({ aliasName: 'Clerk', loginStatus: 1 });
    });

    it('never reaches platform users, and gives no platform user type', async () => {
      const [admin] = await t.ctx.db.select().from(users).where(eq(users.username, 'admin'));
      expect((await t.call('GET', `/api/tenant/user/get?id=${admin.id}`, { token: demo })).status).toBe(404);
      expect((await t.call('POST', '/api/tenant/user/disable', { token: demo, body: { ids: [admin.id] } })).status).toBe(404);
      const r = await t.call('POST', '/api/tenant/user/create', {
        token: demo,
        lang: EN,
        body: { username: 'sneaky_pa', password: 'sneaky1234', confirmPassword: 'sneaky1234', userType: USER_TYPE.PLATFORM_ADMIN },
      });
      expect(r.status).toBe(400);
      expect(r.body.data.fields.map((f: { field: string }) => f.field)).toContain('userType');
    });

    it('keeps login names unique across tenants, and roles to the tenant’s own', async () => {
      const taken = await t.call('POST', '/api/tenant/user/create', {
        token: demo,
        lang: EN,
        body: { username: 'acme', password: 'taken1234', confirmPassword: 'taken1234' },
      });
      expect(taken.status).toBe(409);
      const [acmeRole] = await t.ctx.db.select().from(roles).where(eq(roles.code, 'CLERK_X')).orderBy(roles.id).offset(1);
      const foreign = await t.call('POST', '/api/tenant/user/create', {
        token: demo,
        lang: EN,
        body: { username: 'foreign_r', password: 'foreign1234', confirmPassword: 'foreign1234', roles: { web: [acmeRole.id] } },
      });
      expect(foreign.status).toBe(400);
      expect(await t.ctx.db.select().from(users).where(eq(users.username, 'foreign_r'))).toHaveLength(0);
    });

    it('binds only to a row of the kind in this tenant, naming the field', async () => {
      const body = (over: Record<string, unknown>) => ({
        username: 'bind_test',
        password: 'bind12345',
        confirmPassword: 'bind12345',
        ...over,
      });
      // a warehouse's id is no store
      const wrongKind = await t.call('POST', '/api/tenant/user/create', {
        token: demo,
        lang: EN,
        body: body({ partyKind: 'store', partyId: warehouseId }),
      });
      expect(wrongKind.status).toBe(400);
      expect(wrongKind.body.data.fields[0].field).toBe('partyId');
      expect(wrongKind.body.msg).toMatch(/Bound party/);
      // another tenant's store
      const acmeStore = await t.call('POST', '/api/tenant/store/create', {
        token: acme,
        body: { code: 'AST1', name: 'Acme store', contact: 'A', phone: '13800000000', address: 'x' },
      });
      expect(acmeStore.status, acmeStore.body.msg).toBe(200);
      const foreign = await t.call('POST', '/api/tenant/user/create', {
        token: demo,
        lang: EN,
        body: body({ partyKind: 'store', partyId: acmeStore.body.data.id }),
      });
      expect(foreign.status).toBe(400);
      // a kind without its row, a row without its kind
      const noRow = await t.call('POST', '/api/tenant/user/create', { token: demo, lang: EN, body: body({ partyKind: 'factory' }) });
      expect(noRow.status).toBe(400);
      expect(noRow.body.data.fields[0].field).toBe('partyId');
      const noKind = await t.call('POST', '/api/tenant/user/create', { token: demo, lang: EN, body: body({ partyId: storeId }) });
      expect(noKind.status).toBe(400);
      expect(await t.ctx.db.select().from(users).where(eq(users.username, 'bind_test'))).toHaveLength(0);
      // rebinding on update is checked the same way; null and null unbind
      const rebind = await t.call('POST', '/api/tenant/user/update', {
        token: demo,
        lang: EN,
        body: { id: userId, partyKind: 'warehouse', partyId: storeId },
      });
      expect(rebind.status).toBe(400);
      const toWh = await t.call('POST', '/api/tenant/user/update', {
        token: demo,
        body: { id: userId, partyKind: 'warehouse', partyId: warehouseId },
      });
      expect(toWh.status, toWh.body.msg).toBe(200);
      const unbind = await t.call('POST', '/api/tenant/user/update', { token: demo, body: { id: userId, partyKind: null, partyId: null } });
      expect(unbind.status, unbind.body.msg).toBe(200);
      expect((await t.ctx.db.select().from(users).where(eq(users.id, userId)))[0]).toMatchObject({ partyKind: null, partyId: null });
      const back = await t.call('POST', '/api/tenant/user/update', {
        token: demo,
        body: { id: userId, partyKind: 'store', partyId: storeId },
      });
      expect(back.status, back.body.msg).toBe(200);
    });

    it('allows and forbids login, resets a password, and keeps the admin from locking itself out', async () => {
      expect((await t.call('POST', '/api/tenant/user/disable', { token: demo, body: { ids: [userId] } })).status).toBe(200);
      const refused = await t.call('POST', '/api/user/login', { body: { username: 'clerk_st1', password: 'clerk1234' } });
      expect(refused.body.code).not.toBe(200);
      expect((await t.call('POST', '/api/tenant/user/enable', { token: demo, body: { ids: [userId] } })).status).toBe(200);
      const reset = await t.call('POST', '/api/tenant/user/reset-password', {
        token: demo,
        body: { id: userId, password: 'clerk5678', confirmPassword: 'clerk5678', mustChangePassword: false },
      });
      expect(reset.status, reset.body.msg).toBe(200);
      await t.login('clerk_st1', 'clerk5678');
      const [me] = await t.ctx.db.select().from(users).where(eq(users.username, 'demo'));
      expect((await t.call('POST', '/api/tenant/user/disable', { token: demo, body: { ids: [me.id] } })).status).toBe(409);
      expect((await t.call('POST', '/api/tenant/user/delete', { token: demo, body: { ids: [me.id] } })).status).toBe(409);
    });

    it('exports its users with the party’s name, and its roles', async () => {
      for (const code of ['tenant/user', 'tenant/role']) {
        const r = await t.app.inject({ method: 'POST', url: `/api/${code}/export`, headers: { token: demo }, payload: {} });
        expect(r.statusCode, code).toBe(200);
        expect(r.headers['content-type']).toContain('spreadsheetml');
        expect(r.rawPayload.subarray(0, 2).toString()).toBe('PK');
      }
    });

    it('refuses deleting a role its users hold', async () => {
      const r = await t.call('POST', '/api/tenant/role/delete', { token: demo, lang: EN, body: { ids: [roleId] } });
      expect(r.status).toBe(409);
      expect(r.body.msg).toContain('CLERK_X');
    });
  });

  describe('permission maintenance', () => {
    it('offers the tenant’s screens of the role’s terminal, never platform screens', async () => {
      const r = await t.call('POST', '/api/tenant/permission/menus', { token: demo, body: { id: roleId } });
      expect(r.status, r.body.msg).toBe(200);
      const codes: string[] = [];
      const walk = (nodes: { code: string; level: number; side: string; children: unknown[] }[]) => {
        for (const n of nodes) {
          if (n.level === 3) codes.push(n.code);
          walk(n.children as never);
        }
      };
      walk(r.body.data.tree);
      expect(codes).toContain('tenant/store');
      expect(codes.some((c) => c.startsWith('general/'))).toBe(false);
    });

    it('refuses a grant beyond the tenant’s, naming the screen and button, and writes nothing', async () => {
      // the tenant holds tenant/param without its delete button
      const param = menuId.get('tenant/param')!;
      const [held] = await t.ctx.db
        .select()
        .from(tenantMenus)
        .where(and(eq(tenantMenus.tenantId, demoId), eq(tenantMenus.menuId, param)));
      await t.ctx.db
        .update(tenantMenus)
        .set({ actions: held.actions.filter((a) => a !== 'delete') })
        .where(and(eq(tenantMenus.tenantId, demoId), eq(tenantMenus.menuId, param)));
      const store = menuId.get('tenant/store')!;
      const ok = await t.call('POST', '/api/tenant/permission/assign', {
        token: demo,
        body: { id: roleId, grants: [{ menuId: store, actions: ['query'] }] },
      });
      expect(ok.status, ok.body.msg).toBe(200);
      const before = await t.ctx.db.select().from(roleMenus).where(eq(roleMenus.roleId, roleId));
      const beyond = await t.call('POST', '/api/tenant/permission/assign', {
        token: demo,
        lang: EN,
        body: { id: roleId, grants: [{ menuId: param, actions: ['query', 'delete'] }] },
      });
      expect(beyond.status).toBe(400);
      expect(beyond.body.msg).toContain('Parameters');
      expect(beyond.body.msg).toMatch(/Delete/);
      const platform = await t.call('POST', '/api/tenant/permission/assign', {
        token: demo,
        lang: EN,
        body: { id: roleId, grants: [{ menuId: menuId.get('general/user')!, actions: ['query'] }] },
      });
      expect(platform.status).toBe(400);
      expect(platform.body.msg).toMatch(/platform/i);
      expect(await t.ctx.db.select().from(roleMenus).where(eq(roleMenus.roleId, roleId))).toEqual(before);
      // restore the tenant's grant
      await t.ctx.db
        .update(tenantMenus)
        .set({ actions: held.actions })
        .where(and(eq(tenantMenus.tenantId, demoId), eq(tenantMenus.menuId, param)));
    });

    it('a granted button reaches the role’s users; acme cannot grant demo’s role', async () => {
      const store = menuId.get('tenant/store')!;
      const r = await t.call('POST', '/api/tenant/permission/assign', {
        token: demo,
        body: { id: roleId, grants: [{ menuId: store, actions: ['query', 'export'] }] },
      });
      expect(r.status, r.body.msg).toBe(200);
      const token = await t.login('clerk_st1', 'clerk5678');
      const screen = (await menuOf(token)).find((m) => m.component === 'tenant/store');
      expect(screen?.actions).toEqual(expect.arrayContaining(['export']));
      expect((await t.call('POST', '/api/tenant/permission/menus', { token: acme, body: { id: roleId } })).status).toBe(404);
      expect((await t.call('POST', '/api/tenant/permission/assign', { token: acme, body: { id: roleId, grants: [] } })).status).toBe(404);
    });

    it('the role screen’s Assign does the same, guarded by the role screen', async () => {
      const store = menuId.get('tenant/store')!;
      const viewer = await t.login('viewer', 'viewer123');
      expect((await t.call('POST', '/api/tenant/role/assign', { token: viewer, body: { id: roleId, grants: [] } })).status).toBe(403);
      const beyond = await t.call('POST', '/api/tenant/role/assign', {
        token: demo,
        lang: EN,
        body: { id: roleId, grants: [{ menuId: menuId.get('general/user')!, actions: ['query'] }] },
      });
      expect(beyond.status).toBe(400);
      // a menu beyond the tenant's grant is refused by its name, not its id (a module is never a grantable screen)
      const [module] = await t.ctx.db.select().from(menus).where(eq(menus.level, 1)).limit(1);
      const named = await t.call('POST', '/api/tenant/role/assign', {
        token: demo,
        lang: EN,
        body: { id: roleId, grants: [{ menuId: module.id, actions: [] }] },
      });
      expect(named.status).toBe(400);
      expect(named.body.msg).toContain(`“${module.names.en_US}” is not among the screens granted to this tenant`);
      const r = await t.call('POST', '/api/tenant/role/assign', {
        token: demo,
        body: { id: roleId, grants: [{ menuId: store, actions: ['query', 'export'] }] },
      });
      expect(r.status, r.body.msg).toBe(200);
      const granted = await t.call('POST', '/api/tenant/role/menus', { token: demo, body: { id: roleId } });
      expect(JSON.stringify(granted.body.data.tree)).toContain(`"id":${store}`);
    });

    it('the built-in role is not re-assigned', async () => {
      const builtIn = (await rowsOf(demo, 'tenant/role')).find((x) => x.builtIn)!;
      const r = await t.call('POST', '/api/tenant/permission/assign', { token: demo, body: { id: builtIn.id, grants: [] } });
      expect(r.status).toBe(409);
    });
  });

  describe('a user bound to a store', () => {
    it('store01 (demo data) signs in bound to ST001 and lists only that store', async () => {
      const token = await t.login('store01', 'demo1234');
      const [u] = await t.ctx.db.select().from(users).where(eq(users.username, 'store01'));
      expect(u).toMatchObject({ partyKind: 'store', partyId: storeId });
      const stores = await rowsOf(token, 'tenant/store');
      expect(stores.map((s) => s.code)).toEqual(['ST001']);
    });

    it('the demo data binds wh01, factory01 and supplier01 to WH01, FA01 and LS01', async () => {
      for (const [name, kind, code, screen] of [
        ['wh01', 'warehouse', 'WH01', 'tenant/warehouse'],
        ['factory01', 'factory', 'FA01', 'tenant/factory'],
        ['supplier01', 'labelSupplier', 'LS01', 'tenant/label-supplier'],
      ] as const) {
        const [u] = await t.ctx.db.select().from(users).where(eq(users.username, name));
        expect(u.partyKind).toBe(kind);
        const token = await t.login(name, 'demo1234');
        expect((await rowsOf(token, screen)).map((s) => s.code)).toEqual([code]);
      }
    });

    it('a store a user is bound to is not deleted, naming the user', async () => {
      const r = await t.call('POST', '/api/tenant/store/delete', { token: demo, lang: EN, body: { ids: [storeId] } });
      expect(r.status).toBe(409);
      expect(r.body.msg).toContain('store01');
      expect((await rowsOf(demo, 'tenant/store', { code: 'ST001' })).map((s) => s.code)).toContain('ST001');
    });

    it('a tenant user reaches no platform screen', async () => {
      const token = await t.login('store01', 'demo1234');
      expect((await t.call('POST', '/api/general/user/list', { token, body: {} })).status).toBe(403);
      expect((await t.call('POST', '/api/general/role/list', { token: demo, body: {} })).status).toBe(403);
      expect((await menuOf(token)).some((m) => m.component.startsWith('general/'))).toBe(false);
    });
  });

  describe('parameters', () => {
    it('checks a value by its type, naming the field', async () => {
      const bad = await t.call('POST', '/api/tenant/param/create', {
        token: demo,
        lang: EN,
        body: { module: 'label', code: 'COPIES_X', name: 'Copies', valueType: 2, value: 'three' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.data.fields[0].field).toBe('value');
      const option = await t.call('POST', '/api/tenant/param/create', {
        token: demo,
        lang: EN,
        body: { module: 'x', code: 'MODE_X', name: 'Mode', valueType: 5, value: 'C', options: [{ code: 'A', name: 'A' }] },
      });
      expect(option.status).toBe(400);
      expect(option.body.msg).toContain('A');
      const ok = await t.call('POST', '/api/tenant/param/create', {
        token: demo,
        body: { module: 'label', code: 'COPIES_X', name: 'Copies', valueType: 2, value: '3', unit: 'pcs' },
      });
      expect(ok.status, ok.body.msg).toBe(200);
      const upd = await t.call('POST', '/api/tenant/param/update', { token: demo, lang: EN, body: { id: ok.body.data.id, value: '3.5' } });
      expect(upd.status).toBe(400);
      expect((await rowsOf(acme, 'tenant/param')).map((p) => p.code)).not.toContain('COPIES_X');
    });

    it('the demo tenant has its parameters seeded', async () => {
      const codes = (await rowsOf(demo, 'tenant/param')).map((p) => p.code);
      expect(codes).toEqual(expect.arrayContaining(['COUNT_TOLERANCE', 'RECEIVE_MODE', 'DEFAULT_EPC_RULE', 'LABEL_PRINT_DPI']));
    });
  });
});
