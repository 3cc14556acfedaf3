import * as XLSX from '@e965/xlsx';
import { BILL_KIND, BILL_STATUS, WMS_OPS } from '@tagloom/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { move } from '../src/core/resource/transitions.js';
import { menus, roleMenus, roles, wmsBills, wmsLog } from '../src/db/schema/index.js';
import { wmsGrants } from '../src/modules/warehouse/grants/tables.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

// biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely
type Row = Record<string, any>;

/** The warehouse log (F8/E15) and grants (E14): every bill move logged once; a keeper moves bills only with its grant. */
describe(`warehouse log and grants on ${DRIVER}`, () => {
  let t: TestApp;
  let demo: string;
  let wh01: string;
  let demoUser: number;
  let keeper: number;
  let grantId: number;
  const site = new Map<string, number>();
  let factory: number;
  let sku: number;
  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
    wh01 = await t.login('wh01', 'demo1234');
    for (const r of (await list('tenant/location', { pageSize: 500 })).list) site.set(r.code, r.id);
    factory = (await list('tenant/factory')).list[0].id;
    sku = (await list('tenant/goods-sku', { pageSize: 1 })).list[0].id;
    const users = (await list('tenant/user', { pageSize: 500 })).list;
    demoUser = users.find((u) => u.username === 'demo')!.id;
    keeper = users.find((u) => u.username === 'wh01')!.id;
    grantId = (await list('warehouse/permission', { userId: keeper })).list[0].id;
  });
  afterAll(() => t?.close());

  async function list(code: string, body: Row = {}, token = demo) {
    const r = await t.call('POST', `/api/${code}/list`, { token, body: { page: 1, pageSize: 100, ...body } });
    expect(r.status, r.body.msg).toBe(200);
    return r.body.data as { list: Row[]; total: number };
  }
  const bill = (path: string, body: Row, token = demo) => t.call('POST', `/api/warehouse/bill/${path}`, { token, body, lang: 'en_US' });
  const logOf = async (id: number) =>
    t.ctx.db
      .select()
      .from(wmsLog)
      .where(and(eq(wmsLog.docType, 'warehouse/bill'), eq(wmsLog.docId, id)))
      .orderBy(wmsLog.id);
  const feed = async (token: string, body: Row = {}) => {
    const r = await t.call('POST', '/api/warehouse/log/list', { token, body: { pageSize: 500, ...body } });
    expect(r.status, r.body.msg).toBe(200);
    return r.body.data.list as Row[];
  };
  const made = async (row: Row, token = demo) => {
    const r = await bill('create', { ...row, lines: [{ cartonNo: 'C1', skuId: sku, expectedQty: 10 }] }, token);
    expect(r.status, r.body.msg).toBe(200);
    return r.body.data as Row;
  };

  it('a ship writes one log row: from created to in transit, the user, the bill’s site and code', async () => {
    const b = await made({ kind: BILL_KIND.PURCHASE_IN, factoryId: factory, destLocationId: site.get('WH01') });
    expect(await logOf(b.id)).toEqual([]);
    const shipped = await bill('ship', { id: b.id });
    expect(shipped.status, shipped.body.msg).toBe(200);
    const rows = await logOf(b.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'ship',
      fromState: BILL_STATUS.CREATED,
      toState: BILL_STATUS.IN_TRANSIT,
      userId: demoUser,
      username: 'demo',
      siteId: site.get('WH01'),
      docCode: b.code,
    });
    expect(rows[0].siteName).not.toBe('');
    // the feed shows it, found by the bill's code
    const shown = await feed(demo, { docCode: b.code });
    expect(shown.map((r) => [r.action, r.fromState, r.toState])).toEqual([['ship', BILL_STATUS.CREATED, BILL_STATUS.IN_TRANSIT]]);
  });

  it('a zero clearance too, with its reason; a system move (receiving begun) is logged without a user', async () => {
    const b = await made({ kind: BILL_KIND.STORE_RETURN, sourceLocationId: site.get('ST001'), destLocationId: site.get('WH01') });
    expect((await bill('ship', { id: b.id })).status).toBe(200);
    const [{ tenantId }] = await t.ctx.db.select({ tenantId: wmsBills.tenantId }).from(wmsBills).where(eq(wmsBills.id, b.id));
    await t.ctx.db.transaction((tx) => move(tx, 'warehouse/bill', b.id, 'startReceiving', { tenantId, userId: null, username: '' }));
    const cleared = await bill('zeroClear', { id: b.id, zeroClearReason: 'never came' });
    expect(cleared.status, cleared.body.msg).toBe(200);
    const rows = await logOf(b.id);
    expect(rows.map((r) => [r.action, r.fromState, r.toState, r.userId])).toEqual([
      ['ship', BILL_STATUS.CREATED, BILL_STATUS.IN_TRANSIT, demoUser],
      ['startReceiving', BILL_STATUS.IN_TRANSIT, BILL_STATUS.RECEIVING, null],
      ['zeroClear', BILL_STATUS.RECEIVING, BILL_STATUS.CLOSED, demoUser],
    ]);
    expect(rows[1].detail).toEqual({ system: true });
    expect(rows[2]).toMatchObject({ siteId: site.get('WH01'), detail: { zeroClearReason: 'never came' } });
    // a refused move writes nothing
    expect((await bill('zeroClear', { id: b.id, zeroClearReason: 'again' })).status).toBe(409);
    expect(await logOf(b.id)).toHaveLength(3);
  });

  it('a keeper without the operation is refused 403 wms.noGrant and the bill does not move; with it, it moves', async () => {
    const transfer = { kind: BILL_KIND.TRANSFER, sourceLocationId: site.get('WH01'), destLocationId: site.get('ST001') };
    const b = await made(transfer, wh01);
    const narrowed = await t.call('POST', '/api/warehouse/permission/update', {
      token: demo,
      body: { id: grantId, ops: WMS_OPS.filter((o) => o !== 'ship') },
    });
    expect(narrowed.status, narrowed.body.msg).toBe(200);
    const refused = await bill('ship', { id: b.id }, wh01);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toMatch(/may not Ship at this warehouse/);
    expect((await t.call('POST', '/api/warehouse/bill/ship', { token: wh01, body: { id: b.id } })).body.msg).toMatch(/发货/);
    expect((await list('warehouse/bill', { code: b.code }, wh01)).list[0].status).toBe(BILL_STATUS.CREATED);
    expect(await logOf(b.id)).toEqual([]);
    // the administrator (bound to no warehouse) needs no grant
    const other = await made(transfer);
    expect((await bill('ship', { id: other.id })).status).toBe(200);

    const restored = await t.call('POST', '/api/warehouse/permission/update', { token: demo, body: { id: grantId, ops: [...WMS_OPS] } });
    expect(restored.status, restored.body.msg).toBe(200);
    const shipped = await bill('ship', { id: b.id }, wh01);
    expect(shipped.status, shipped.body.msg).toBe(200);
    expect(shipped.body.data.status).toBe(BILL_STATUS.IN_TRANSIT);
    expect((await logOf(b.id)).map((r) => [r.action, r.username, r.siteId])).toEqual([['ship', 'wh01', site.get('WH01')]]);
  });

  it('a grant names its warehouse’s zones only, and at least one operation', async () => {
    const zones = (await list('warehouse/management', { pageSize: 500 })).list;
    const other = zones.find((z) => z.siteId !== site.get('WH01'));
    const mine = zones.find((z) => z.siteId === site.get('WH01'))!;
    const base = { userId: keeper, siteId: site.get('WH01') };
    if (other) {
      const bad = await t.call('POST', '/api/warehouse/permission/create', {
        token: demo,
        lang: 'en_US',
        body: { ...base, ops: ['ship'], zoneIds: [other.id] },
      });
      expect([bad.status, bad.body.data?.fields?.[0]?.field]).toEqual([400, 'zoneIds']);
    }
    const none = await t.call('POST', '/api/warehouse/permission/create', { token: demo, body: { ...base, ops: [] } });
    expect(none.status).toBe(400);
    const good = await t.call('POST', '/api/warehouse/permission/create', {
      token: demo,
      body: { ...base, ops: ['count'], zoneIds: [mine.id, mine.id] },
    });
    expect(good.status, good.body.msg).toBe(200);
    expect(good.body.data).toMatchObject({ zoneIds: [mine.id], zoneNames: [mine.name] });
    expect((await t.call('POST', '/api/warehouse/permission/delete', { token: demo, body: { ids: [good.body.data.id] } })).status).toBe(
      200,
    );
  });

  it('a keeper sees its own warehouse’s log rows and grants only', async () => {
    const all = await feed(demo);
    expect(all.some((r) => r.siteId !== site.get('WH01'))).toBe(true);
    const mine = await feed(wh01);
    expect(mine.length).toBeGreaterThan(0);
    for (const r of mine) expect(r.siteId).toBe(site.get('WH01'));
    // a grant at another warehouse is the administrator's to see
    const elsewhere = await t.call('POST', '/api/warehouse/permission/create', {
      token: demo,
      body: { userId: demoUser, siteId: site.get('WH02'), ops: ['audit'] },
    });
    expect(elsewhere.status, elsewhere.body.msg).toBe(200);
    expect((await list('warehouse/permission')).list.map((g) => g.siteId)).toContain(site.get('WH02'));
    const seen = (await list('warehouse/permission', {}, wh01)).list;
    expect(seen.length).toBeGreaterThan(0);
    for (const g of seen) expect(g.siteId).toBe(site.get('WH01'));
  });

  it('a keeper cannot manage grants: neither widen its own nor grant another user, and a role given the buttons still not its own', async () => {
    const mine = (await list('warehouse/permission', { userId: keeper })).list[0];
    const zone = (await list('warehouse/management', { pageSize: 500 })).list.find((z) => z.siteId === site.get('WH01'))!;
    const tries = (token: string) => [
      t.call('POST', '/api/warehouse/permission/update', { token, lang: 'en_US', body: { id: mine.id, ops: [...WMS_OPS], zoneIds: [] } }),
      t.call('POST', '/api/warehouse/permission/create', {
        token,
        lang: 'en_US',
        body: { userId: keeper, siteId: site.get('WH01'), ops: [...WMS_OPS], zoneIds: [] },
      }),
      t.call('POST', '/api/warehouse/permission/create', {
        token,
        lang: 'en_US',
        body: { userId: demoUser, siteId: site.get('WH01'), ops: ['audit'], zoneIds: [zone.id] },
      }),
      t.call('POST', '/api/warehouse/permission/delete', { token, lang: 'en_US', body: { ids: [mine.id] } }),
    ];
    const stored = async () => (await list('warehouse/permission', { userId: keeper })).list.map((g) => [g.id, g.ops, g.zoneIds]);
    const before = await stored();
    // the keeper's role holds the screen to read (query) only: every write refused by its buttons
    for (const r of await Promise.all(tries(wh01))) expect([r.status, r.body.code]).toEqual([403, 403]);
    expect(await stored()).toEqual(before);
    expect((await list('warehouse/permission', { userId: demoUser, siteId: site.get('WH01') })).list).toEqual([]);

    // a role explicitly given the management buttons grants others at its warehouse, but never changes its own grant
    const [{ tenantId }] = await t.ctx.db.select({ tenantId: wmsGrants.tenantId }).from(wmsGrants).where(eq(wmsGrants.id, mine.id));
    const [role] = await t.ctx.db
      .select()
      .from(roles)
      .where(and(eq(roles.tenantId, tenantId), eq(roles.code, 'WAREHOUSE_KEEPER')));
    const [screen] = await t.ctx.db.select().from(menus).where(eq(menus.code, 'warehouse/permission'));
    const [grant] = await t.ctx.db
      .select()
      .from(roleMenus)
      .where(and(eq(roleMenus.tenantId, tenantId), eq(roleMenus.roleId, role.id), eq(roleMenus.menuId, screen.id)));
    expect(grant.actions).toEqual(['query']);
    const setButtons = async (actions: string[]) => {
      await t.ctx.db
        .update(roleMenus)
        .set({ actions })
        .where(and(eq(roleMenus.tenantId, tenantId), eq(roleMenus.roleId, role.id), eq(roleMenus.menuId, screen.id)));
      await t.ctx.bus.emit('permissions');
    };
    await setButtons(['query', 'add', 'edit', 'delete']);
    try {
      const [widen, self, other] = await Promise.all(tries(wh01).slice(0, 3));
      for (const r of [widen, self]) {
        expect([r.status, r.body.code], r.body.msg).toEqual([403, 403]);
        expect(r.body.msg).toBe('You may not change your own warehouse permission: ask an administrator');
      }
      expect(other.status, other.body.msg).toBe(200);
      // moving another user's grant onto oneself is changing one's own too; so is taking one's own away
      const onto = await t.call('POST', '/api/warehouse/permission/update', {
        token: wh01,
        body: { id: other.body.data.id, userId: keeper },
      });
      expect([onto.status, onto.body.msg]).toEqual([403, '您不能修改自己的仓库权限，请联系管理员']);
      const gone = await t.call('POST', '/api/warehouse/permission/delete', { token: wh01, lang: 'zh_TW', body: { ids: [mine.id] } });
      expect([gone.status, gone.body.msg]).toEqual([403, '您不能修改自己的倉庫權限，請聯絡管理員']);
      expect(await stored()).toEqual(before);
      expect((await t.call('POST', '/api/warehouse/permission/delete', { token: wh01, body: { ids: [other.body.data.id] } })).status).toBe(
        200,
      );
    } finally {
      await setButtons(['query']);
    }
    // the tenant administrator keeps managing the keeper's grant
    const byAdmin = await t.call('POST', '/api/warehouse/permission/update', {
      token: demo,
      body: { id: mine.id, remark: 'kept by the administrator' },
    });
    expect(byAdmin.status, byAdmin.body.msg).toBe(200);
  });

  it('exports the log in the reader’s words: the document, action, states and a system mover as the screen shows them', async () => {
    const b = await made({ kind: BILL_KIND.STORE_RETURN, sourceLocationId: site.get('ST002'), destLocationId: site.get('WH01') });
    expect((await bill('ship', { id: b.id })).status).toBe(200);
    const [{ tenantId }] = await t.ctx.db.select({ tenantId: wmsBills.tenantId }).from(wmsBills).where(eq(wmsBills.id, b.id));
    await t.ctx.db.transaction((tx) => move(tx, 'warehouse/bill', b.id, 'startReceiving', { tenantId, userId: null, username: '' }));
    const sheet = async (lang: string) => {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/warehouse/log/export',
        headers: { token: demo, langeType: lang },
        payload: { docCode: b.code },
      });
      expect(r.statusCode, r.body).toBe(200);
      const wb = XLSX.read(r.rawPayload, { type: 'buffer' });
      return XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]], { header: 1 });
    };
    // columns: tenant, time, user, warehouse, document, doc no., action, from, to, EPCs (newest first)
    const cn = await sheet('zh_CN');
    expect(cn[0].slice(2)).toEqual(['操作人', '仓库', '单据类型', '单据号', '操作', '原状态', '新状态', 'EPC 数']);
    expect(cn.slice(1).map((r) => [r[2], r[4], r[5], r[6], r[7], r[8]])).toEqual([
      ['系统', '单据', b.code, '开始收货', '在途', '收货中'],
      ['demo', '单据', b.code, '发货', '新建', '在途'],
    ]);
    const en = await sheet('en_US');
    expect(en.slice(1).map((r) => [r[2], r[4], r[6], r[7], r[8]])).toEqual([
      ['System', 'Bill', 'Start receiving', 'In transit', 'Receiving'],
      ['demo', 'Bill', 'Ship', 'Created', 'In transit'],
    ]);
    // no raw code anywhere in the rows
    for (const row of [...cn.slice(1), ...en.slice(1)]) {
      expect(row).not.toContain('warehouse/bill');
      expect(row).not.toContain('ship');
      expect(row).not.toContain(BILL_STATUS.IN_TRANSIT);
    }
  });

  it('seeds the demo bills’ past moves', async () => {
    const rows = await feed(demo);
    const actions = new Set(rows.map((r) => r.action));
    for (const a of ['ship', 'startReceiving', 'zeroClear', 'cancel']) expect(actions).toContain(a);
  });
});
