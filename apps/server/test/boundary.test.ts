/**
 * The platform boundary: platform-only screens (declared in the code's menu tree) stay out of
 * tenants' reach whatever the editable menus table says (the data directory's privacy: data-dir.test.ts).
 */
import { isPlatformScreen, PLATFORM_TENANT_ID } from '@tagloom/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menus, templateCodingRules, templateGoodsAttrs, templateLocationAttrs, tenantMenus, tenants } from '../src/db/schema/index.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

const EN = 'en_US';
const PLATFORM = ['general/table-structure', 'general/menu', 'general/dictionary'];

describe(`platform-only screens stay with the platform, on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  let demo: string;
  let demoId: number;
  let ids: Record<string, number>;

  const post = (url: string, body: unknown, token = admin, lang = EN) => t.call('POST', url, { token, body, lang });
  /** DEMO's grants as they are now, plus the given screens with every button they offer. */
  const demoGrantsWith = async (codes: string[]) => {
    const have = await t.ctx.db.select().from(tenantMenus).where(eq(tenantMenus.tenantId, demoId));
    const extra = codes.map((c) => ({ menuId: ids[c], actions: ['query'] }));
    return [...have.map((g) => ({ menuId: g.menuId, actions: g.actions })), ...extra];
  };

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('admin', 'admin123');
    demo = await t.login('demo', 'demo123');
    [{ id: demoId }] = await t.ctx.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, 'DEMO'));
    const rows = await t.ctx.db.select({ id: menus.id, code: menus.code }).from(menus).where(inArray(menus.code, PLATFORM));
    ids = Object.fromEntries(rows.map((r) => [r.code, r.id]));
  });
  afterAll(() => t?.close());

  it('knows the platform screens from the code, not from the table', () => {
    for (const c of PLATFORM) expect(isPlatformScreen(c)).toBe(true);
    expect(isPlatformScreen('label/purchase-order')).toBe(false);
    expect(isPlatformScreen('dashboard/admin')).toBe(false);
  });

  it("refuses to move a platform screen to the tenants' side, in every language", async () => {
    for (const side of ['T', 'B']) {
      const r = await post('/api/general/menu/update', { id: ids['general/table-structure'], side });
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe('“Table structure” is a platform screen: it stays on the platform side and cannot be given to tenants');
    }
    const tw = await post('/api/general/menu/update', { id: ids['general/menu'], side: 'T' }, admin, 'zh_TW');
    expect(tw.body.msg).toBe('「選單」是平台畫面：只能留在平台端，不能授予租戶');
    const [row] = await t.ctx.db.select({ side: menus.side }).from(menus).where(eq(menus.id, ids['general/table-structure']));
    expect(row.side).toBe('P');
    // a new menu may not take a platform screen's code on the tenants' side either
    const [{ id: renamed }] = await t.ctx.db
      .update(menus)
      .set({ code: 'x-renamed-dictionary' })
      .where(eq(menus.id, ids['general/dictionary']))
      .returning({ id: menus.id });
    try {
      const made = await post('/api/general/menu/create', {
        parentId: (await t.ctx.db.select().from(menus).where(eq(menus.id, renamed)))[0].parentId,
        code: 'general/dictionary',
        component: 'general/dictionary',
        names: { zh_CN: '字典', zh_TW: '字典', en_US: 'Dictionary' },
        side: 'T',
      });
      expect(made.status).toBe(400);
    } finally {
      await t.ctx.db.update(menus).set({ code: 'general/dictionary' }).where(eq(menus.id, renamed));
    }
  });

  it('refuses to grant a platform screen to a tenant even when the table says it is a tenant screen', async () => {
    // the attack: an administrator flips the side in the database, then grants the screen
    await t.ctx.db.update(menus).set({ side: 'T' }).where(inArray(menus.code, PLATFORM));
    try {
      const tree = await t.call('GET', `/api/general/tenant/menus?id=${demoId}`, { token: admin });
      const codes = JSON.stringify(tree.body.data ?? tree.body);
      for (const c of PLATFORM) expect(codes).not.toContain(`"${c}"`);

      const upd = await post('/api/general/tenant/update', { id: demoId, menus: await demoGrantsWith(['general/table-structure']) });
      expect(upd.status).toBe(400);
      expect(upd.body.msg).toBe('“Table structure” is a platform screen: it stays on the platform side and cannot be given to tenants');

      const [goods] = await t.ctx.db.select({ id: templateGoodsAttrs.id }).from(templateGoodsAttrs).limit(1);
      const [loc] = await t.ctx.db.select({ id: templateLocationAttrs.id }).from(templateLocationAttrs).limit(1);
      const [rule] = await t.ctx.db.select({ id: templateCodingRules.id }).from(templateCodingRules).limit(1);
      const created = await post('/api/general/tenant/create', {
        code: 'BND1',
        name: 'Boundary tenant',
        adminUsername: 'bnd1_admin',
        password: 'bound1234',
        confirmPassword: 'bound1234',
        goodsAttrTemplateId: goods.id,
        locationAttrTemplateId: loc.id,
        codingRuleTemplateId: rule.id,
        menus: [{ menuId: ids['general/menu'], actions: ['query'] }],
      });
      expect(created.status).toBe(400);
      expect(created.body.msg).toBe('“Menu” is a platform screen: it stays on the platform side and cannot be given to tenants');
      expect(await t.ctx.db.select().from(tenants).where(eq(tenants.code, 'BND1'))).toEqual([]);
    } finally {
      await t.ctx.db.update(menus).set({ side: 'P' }).where(inArray(menus.code, PLATFORM));
    }
  });

  it("answers 403 to a tenant administrator holding a platform screen's grant, and refuses it in tenant role grants", async () => {
    // a grant written before the fix (or straight into the table): the code still says no
    await t.ctx.db.insert(tenantMenus).values(
      PLATFORM.map((c) => ({
        tenantId: demoId,
        menuId: ids[c],
        actions: ['query', 'add', 'edit', 'delete', 'setting', 'export', 'refresh'],
      })),
    );
    await t.ctx.bus.emit('permissions');
    try {
      const calls: [string, unknown][] = [
        ['/api/table/web/tableTree', {}],
        ['/api/table/web/tableDetail', { tableName: 'users' }],
        ['/api/general/menu/list', {}],
        ['/api/general/menu/update', { id: ids['general/menu'], side: 'T' }],
        ['/api/dictionary/web/showModel', { page: 1, pageSize: 20 }],
        ['/api/dictionary/web/insert', { code: 'HACK', name: 'hack' }],
      ];
      for (const [url, body] of calls) {
        const r = await post(url, body, demo);
        expect([url, r.status]).toEqual([url, 403]);
      }
      const tree = await post('/api/menu/selectMenuByCurrentUserId', {}, demo);
      expect(tree.status).toBe(200);
      const shown = JSON.stringify(tree.body.data);
      for (const c of PLATFORM) expect(shown).not.toContain(`"${c}"`);

      // the platform admin may not pass it on to a tenant role either
      const role = await post('/api/general/role/create', { tenantId: demoId, code: 'BND_ROLE', name: 'Boundary role', terminal: 'web' });
      expect(role.status).toBe(200);
      const assign = await post('/api/general/role/assign', {
        id: role.body.data.id,
        grants: [{ menuId: ids['general/table-structure'], actions: ['query'] }],
      });
      expect(assign.status).toBe(400);
      expect(assign.body.msg).toBe('“Table structure” is a platform screen: it stays on the platform side and cannot be given to tenants');
      const offered = await post('/api/general/role/menus', { id: role.body.data.id });
      const offeredText = JSON.stringify(offered.body.data);
      for (const c of PLATFORM) expect(offeredText).not.toContain(`"${c}"`);
    } finally {
      await t.ctx.db.delete(tenantMenus).where(and(eq(tenantMenus.tenantId, demoId), inArray(tenantMenus.menuId, Object.values(ids))));
      await t.ctx.bus.emit('permissions');
    }
    // the platform keeps them
    expect((await post('/api/table/web/tableTree', {})).status).toBe(200);
    expect((await post('/api/general/menu/list', {})).status).toBe(200);
    expect(demoId).not.toBe(PLATFORM_TENANT_ID);
  });
});
