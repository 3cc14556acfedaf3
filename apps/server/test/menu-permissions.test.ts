import { MENU_TREE, type MenuItem, moduleSeq, PLATFORM_TENANT_ID } from '@tagloom/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TenantScope } from '../src/core/tenant-scope.js';
import { appMeta, menuButtons, menus, operationLog, roleMenus, roles, tenants } from '../src/db/schema/index.js';
import { createUser } from '../src/modules/general/user/service.js';
import { syncMenuTree } from '../src/seed/menus.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

const leaves = (tree: MenuItem[]): MenuItem[] => tree.flatMap((m) => (m.children.length ? leaves(m.children) : [m]));

describe(`menus and permissions on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  let demo: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('admin', 'admin123');
    demo = await t.login('demo', 'demo123');
  });
  afterAll(() => t?.close());

  it('gives the platform admin every platform screen and no tenant-only screen', async () => {
    const r = await t.call('POST', '/api/menu/selectMenuByCurrentUserId', { token: admin, lang: 'en_US' });
    expect(r.body.code).toBe(200);
    const tree: MenuItem[] = r.body.data;
    expect(tree.every((m) => m.menuType === 1)).toBe(true);
    const codes = leaves(tree).map((l) => l.component);
    const expected = MENU_TREE.flatMap((m) => m.groups.flatMap((g) => g.screens))
      .filter((s) => s.side !== 'T')
      .map((s) => s.component);
    expect(codes.sort()).toEqual(expected.sort());
    const general = tree.find((m) => m.path === '/general')!;
    expect(general.menuName).toBe('General');
    const tenantScreen = leaves([general]).find((l) => l.component === 'general/tenant')!;
    expect(tenantScreen).toMatchObject({ path: '/general/tenant', name: 'GeneralTenant', menuType: 3, hidden: 1 });
    expect(tenantScreen.actions).toEqual(expect.arrayContaining(['query', 'add', 'edit', 'delete']));
  });

  it("gives a tenant admin its tenant's screens, named in the request language", async () => {
    const r = await t.call('POST', '/api/menu/selectMenuByCurrentUserId', { token: demo, lang: 'zh_TW' });
    const tree: MenuItem[] = r.body.data;
    const codes = leaves(tree).map((l) => l.component);
    expect(codes).toContain('label/purchase-order');
    expect(codes.some((c) => c.startsWith('general/'))).toBe(false);
    expect(tree.find((m) => m.path === '/label')!.menuName).toBe('標籤資料中心');
    // seq order is kept at every level
    for (const level of [tree, ...tree.map((m) => m.children)]) {
      const seqs = level.map((m) => m.seq);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    }
  });

  it('lists the modules in the order an operator works in: the built modules before the operations ones', async () => {
    const tree: MenuItem[] = (await t.call('POST', '/api/menu/selectMenuByCurrentUserId', { token: demo })).body.data;
    expect(tree.map((m) => m.path)).toEqual([
      '/dashboard',
      '/label',
      '/supply',
      '/rfid',
      '/tenant',
      '/logistics',
      '/warehouse',
      '/store',
      '/smart-store',
    ]);
  });

  it('gives the store clerk and the warehouse keeper a dashboard and the RFID screens of their site', async () => {
    const edge = ['dashboard/admin', 'rfid/equipment', 'rfid/raw-data', 'rfid/epc-state', 'label/epc-query', 'label/lifecycle'];
    const sites = {
      store01: ['EAS-ST001', 'FIT-ST001', 'FIT-ST001-2', 'FIT-ST001-3', 'HH-03', 'POS-ST001'],
      wh01: ['FIX-02', 'GATE-01', 'GATE-WH01-DO1', 'PAD-WH01', 'QI-WH01', 'TUN-WH01-01', 'TUN-WH01-EC1', 'TUN-WH01-PK1'],
    };
    for (const [user, readers] of Object.entries(sites)) {
      const token = await t.login(user, 'demo1234');
      const tree: MenuItem[] = (await t.call('POST', '/api/menu/selectMenuByCurrentUserId', { token })).body.data;
      const codes = leaves(tree).map((l) => l.component);
      expect(codes, user).toEqual(expect.arrayContaining(edge));
      // the first screen a user meets is the dashboard
      expect(tree[0].path).toBe('/dashboard');
      const list = await t.call('POST', '/api/rfid/equipment/list', { token, body: { pageNum: 1, pageSize: 50 } });
      expect(list.body.data.list.map((e: { equipmentCoding: string }) => e.equipmentCoding).sort(), user).toEqual(readers);
      const dash = await t.call('GET', '/api/dashboard/admin/summary', { token });
      expect(dash.status).toBe(200);
    }
  });

  it('limits a read-only role to query and export buttons', async () => {
    const viewer = await t.login('viewer', 'viewer123');
    const tree: MenuItem[] = (await t.call('POST', '/api/menu/selectMenuByCurrentUserId', { token: viewer })).body.data;
    const acts = new Set(leaves(tree).flatMap((l) => l.actions));
    expect([...acts].sort()).toEqual(['export', 'query']);
  });

  it('refuses a button the role lacks, on the server, with 403 and the spec message', async () => {
    const auditor = await t.login('auditor', 'auditor123');
    const list = await t.call('POST', '/api/dictionary/web/showModelNotContainLeaf', { token: auditor, body: {} });
    expect(list.body.code).toBe(200);
    const add = await t.call('POST', '/api/dictionary/web/insert', { token: auditor, lang: 'en', body: { code: 'A1', name: 'a' } });
    expect([add.status, add.body.code, add.body.msg]).toEqual([403, 403, 'No permission to access the system!']);
    // a tenant admin has no General screens at all
    const tenantTry = await t.call('POST', '/api/dictionary/web/showModelNotContainLeaf', { token: demo, body: {} });
    expect(tenantTry.status).toBe(403);
    // nothing was written, and the refusal is in the operation log
    // (a refusal is logged once it has been answered: waited for)
    const refusedRow = async () =>
      (await t.ctx.db.select().from(operationLog).where(eq(operationLog.url, '/api/dictionary/web/insert')))[0];
    await expect.poll(refusedRow).toBeDefined();
    const refused = await refusedRow();
    expect(refused).toMatchObject({
      result: 0,
      status: 403,
      username: 'auditor',
      screen: 'general/dictionary',
      action: 'add',
      message: 'No permission to access the system!',
    });
  });

  it('takes a removed grant away at once, in every cached process', async () => {
    const auditor = await t.login('auditor', 'auditor123');
    const scope = new TenantScope(t.ctx.db, PLATFORM_TENANT_ID);
    const [role] = await scope.select(roles, eq(roles.code, 'AUDITOR'));
    expect((await t.call('POST', '/api/dictionary/web/showModelNotContainLeaf', { token: auditor, body: {} })).status).toBe(200);
    await scope.delete(roleMenus, eq(roleMenus.roleId, role.id));
    await t.ctx.bus.emit('permissions');
    const r = await t.call('POST', '/api/menu/selectMenuByCurrentUserId', { token: auditor, lang: 'en' });
    expect(r.status).toBe(403);
    expect(r.body.msg).toBe(
      'Get menu verification failed, please contact the administrator to confirm whether the system access rights have been allocated!',
    );
  });

  it('gives a user without roles the menu-verification error', async () => {
    const [tenant] = await t.ctx.db.select().from(tenants).where(eq(tenants.code, 'DEMO'));
    await createUser(t.ctx.db, tenant.id, tenant.code, { username: 'nomenu', password: 'nomenu1', userType: 4 });
    const token = await t.login('nomenu', 'nomenu1');
    const r = await t.call('POST', '/api/menu/selectMenuByCurrentUserId', { token, lang: 'zh_CN' });
    expect([r.status, r.body.code]).toEqual([403, 403]);
    expect(r.body.msg).toBe('获取菜单验证失败，请联系管理员确认是否已分配系统访问权限！');
  });

  it("keeps tenants apart: a scope never reads another tenant's rows", async () => {
    const [demoT] = await t.ctx.db.select().from(tenants).where(eq(tenants.code, 'DEMO'));
    const [acmeT] = await t.ctx.db.select().from(tenants).where(eq(tenants.code, 'ACME'));
    const demoRoles = await new TenantScope(t.ctx.db, demoT.id).select(roles);
    const acmeScope = new TenantScope(t.ctx.db, acmeT.id);
    for (const r of demoRoles) {
      expect(await acmeScope.first(roles, eq(roles.id, r.id))).toBeUndefined();
      expect(await acmeScope.update(roles, { name: 'hijack' }, eq(roles.id, r.id))).toEqual([]);
      expect(await acmeScope.delete(roles, eq(roles.id, r.id))).toEqual([]);
    }
    // inserting through a scope stamps its own tenant, whatever the caller passes
    const [made] = await acmeScope.insert(roles, { code: 'X', name: 'x', tenantId: demoT.id } as never);
    expect(made.tenantId).toBe(acmeT.id);
  });
});

describe(`menu seeding and button state on ${DRIVER}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('does not bring back a seeded screen or button an administrator deleted', async () => {
    const [screen] = await t.ctx.db.select().from(menus).where(eq(menus.code, 'general/log-sync'));
    await t.ctx.db.delete(menuButtons).where(and(eq(menuButtons.menuId, screen.id), eq(menuButtons.code, 'export')));
    const [other] = await t.ctx.db.select().from(menus).where(eq(menus.code, 'general/log-device'));
    await t.ctx.db.delete(menus).where(eq(menus.id, other.id));
    await syncMenuTree(t.ctx.db);
    expect(await t.ctx.db.select().from(menus).where(eq(menus.code, 'general/log-device'))).toHaveLength(0);
    const buttons = await t.ctx.db.select().from(menuButtons).where(eq(menuButtons.menuId, screen.id));
    expect(buttons.map((b) => b.code)).not.toContain('export');
  });

  it("moves modules seeded in the old order to the operator's order, and leaves a module an administrator moved", async () => {
    const seqOf = async (code: string) => (await t.ctx.db.select().from(menus).where(eq(menus.code, code)))[0].seq;
    // an installation seeded before the order existed: every module at its place in the tree (supply 9th), tenant moved by hand
    for (const [i, m] of MENU_TREE.entries())
      await t.ctx.db
        .update(menus)
        .set({ seq: (i + 1) * 10 })
        .where(eq(menus.code, m.code));
    await t.ctx.db.update(menus).set({ seq: 55 }).where(eq(menus.code, 'tenant'));
    await t.ctx.db.delete(appMeta).where(eq(appMeta.key, 'menus.moduleSeq'));
    expect(await seqOf('supply')).toBe(90);
    await syncMenuTree(t.ctx.db);
    expect(await seqOf('supply')).toBe(moduleSeq('supply'));
    expect(await seqOf('rfid')).toBe(moduleSeq('rfid'));
    expect(moduleSeq('supply')).toBeLessThan(moduleSeq('rfid'));
    expect(await seqOf('tenant')).toBe(55);
    // run again: nothing moves
    await t.ctx.db.update(menus).set({ seq: 45 }).where(eq(menus.code, 'supply'));
    await syncMenuTree(t.ctx.db);
    expect(await seqOf('supply')).toBe(45);
  });

  it('lets a switched-off button grant nothing', async () => {
    const admin = await t.login('admin', 'admin123');
    const [screen] = await t.ctx.db.select().from(menus).where(eq(menus.code, 'general/dictionary'));
    await t.ctx.db
      .update(menuButtons)
      .set({ status: 0 })
      .where(and(eq(menuButtons.menuId, screen.id), eq(menuButtons.code, 'add')));
    await t.ctx.bus.emit('permissions');
    const r = await t.call('POST', '/api/dictionary/web/insert', { token: admin, body: { code: 'OFF', name: 'off' } });
    expect(r.status).toBe(403);
    expect((await t.call('POST', '/api/dictionary/web/showModelNotContainLeaf', { token: admin, body: {} })).status).toBe(200);
  });
});
