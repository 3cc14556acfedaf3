import { commodityOrderUsable, PACKING_STATUS, SUPPLY_ORDER_STATUS, USER_TYPE } from '@tagloom/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories, goods, goodsSkus, labelSuppliers, roles, tenants, users } from '../src/db/schema/index.js';
import { createUser } from '../src/modules/general/user/service.js';
import { usableOrderLines } from '../src/modules/supply/chain/service.js';
import { supplyOrders } from '../src/modules/supply/chain/tables.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

/**
 * The supply chain (issue 12): commodity purchase orders (lines, totals, confirm, repeal and what a
 * repealed order may no longer do), the factory user's scope and the read-only detail screens,
 * packing review (review before audit, cancel review, audited is final), sample card shipments,
 * certificate sample cards (GB and 69 codes) and barcode replacements.
 */
describe(`supply chain (${DRIVER})`, () => {
  let t: TestApp;
  let demo: string;
  let factory: string;
  let supplier: string;
  /** a user with the tenant admin's buttons bound to label supplier LS01 */
  let boundToSupplier: string;
  let tenantId: number;
  let fa01: number;
  let fa02: number;
  /** two SKUs of one style, and one SKU of another */
  let a: { id: number; goodsId: number; skuBarcode: string };
  let b: { id: number; goodsId: number; skuBarcode: string };
  let other: { id: number; goodsId: number; skuBarcode: string; style: string };

  const post = (url: string, token: string, body: unknown, lang = 'en_US') => t.call('POST', `/api/${url}`, { token, body, lang });

  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
    factory = await t.login('factory01', 'demo1234');
    supplier = await t.login('supplier01', 'demo1234');
    [{ id: tenantId }] = await t.ctx.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, 'DEMO'));
    const [admin] = await t.ctx.db
      .select()
      .from(roles)
      .where(and(eq(roles.tenantId, tenantId), eq(roles.allMenus, true)));
    const [ls01] = await t.ctx.db
      .select({ id: labelSuppliers.id })
      .from(labelSuppliers)
      .where(and(eq(labelSuppliers.tenantId, tenantId), eq(labelSuppliers.code, 'LS01')));
    const user = await createUser(t.ctx.db, tenantId, 'DEMO', {
      username: 'supply_ls',
      password: 'scope1234',
      userType: USER_TYPE.TENANT_USER,
      roleIds: [admin.id],
    });
    await t.ctx.db
      .update(users)
      .set({ partyKind: 'labelSupplier', partyId: ls01.id })
      .where(and(eq(users.tenantId, tenantId), eq(users.id, user.id)));
    boundToSupplier = await t.login('supply_ls', 'scope1234');
    const facs = await t.ctx.db
      .select({ id: factories.id, code: factories.code })
      .from(factories)
      .where(eq(factories.tenantId, tenantId))
      .orderBy(asc(factories.code));
    fa01 = facs.find((f) => f.code === 'FA01')!.id;
    fa02 = facs.find((f) => f.code === 'FA02')!.id;
    const skus = await t.ctx.db
      .select({ id: goodsSkus.id, goodsId: goodsSkus.goodsId, skuBarcode: goodsSkus.skuBarcode, style: goods.styleNumber })
      .from(goodsSkus)
      .innerJoin(goods, and(eq(goods.tenantId, goodsSkus.tenantId), eq(goods.id, goodsSkus.goodsId)))
      .where(eq(goodsSkus.tenantId, tenantId))
      .orderBy(asc(goodsSkus.id))
      .limit(40);
    type Sku = { id: number; goodsId: number; skuBarcode: string; style: string };
    [a, b] = skus as Sku[];
    other = skus.find((s) => s.goodsId !== a.goodsId) as Sku;
  });
  afterAll(() => t?.close());

  it('numbers an order, keeps its total from its lines and refuses a SKU of another style', async () => {
    const made = await post('supply/purchase-order/create', demo, {
      factoryId: fa01,
      orderDate: '2026-11-24',
      lines: [
        { goodsId: a.goodsId, skuId: a.id, quantity: 100 },
        { goodsId: b.goodsId, skuId: b.id, quantity: 50 },
      ],
    });
    expect(made.status, made.body.msg).toBe(200);
    expect(made.body.data.code).toMatch(/^PO\d{8}\d{4}$/);
    expect(made.body.data.totalQuantity).toBe(150);
    expect(made.body.data.status).toBe(SUPPLY_ORDER_STATUS.NEW);

    const bad = await post('supply/purchase-order/create', demo, {
      orderDate: '2026-11-24',
      lines: [{ goodsId: a.goodsId, skuId: other.id, quantity: 1 }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain(other.skuBarcode);
    const zero = await post('supply/purchase-order/create', demo, {
      orderDate: '2026-11-24',
      lines: [{ goodsId: a.goodsId, skuId: a.id, quantity: 0 }],
    });
    expect(zero.status).toBe(400);
    expect(zero.body.msg).toMatch(/quantity/i);
  });

  it('confirms only an order with lines, then no longer edits it; repeals it for good', async () => {
    const empty = await post('supply/purchase-order/create', demo, { code: 'POTEST0001', orderDate: '2026-11-24', factoryId: fa01 });
    expect(empty.status).toBe(200);
    const id = empty.body.data.id;
    const refused = await post('supply/purchase-order/confirm', demo, { id });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toMatch(/no goods lines/);

    const upd = await post('supply/purchase-order/update', demo, { id, lines: [{ goodsId: a.goodsId, skuId: a.id, quantity: 10 }] });
    expect(upd.status, upd.body.msg).toBe(200);
    expect(upd.body.data.totalQuantity).toBe(10);
    expect((await post('supply/purchase-order/confirm', demo, { id })).status).toBe(200);
    // confirmed: no more edits, no delete
    expect((await post('supply/purchase-order/update', demo, { id, remark: 'changed' })).status).toBe(409);
    expect((await post('supply/purchase-order/delete', demo, { ids: [id] })).status).toBe(409);

    const repealed = await post('supply/purchase-order/repeal', demo, { id });
    expect(repealed.status).toBe(200);
    expect(repealed.body.data.status).toBe(SUPPLY_ORDER_STATUS.REPEALED);
    const again = await post('supply/purchase-order/repeal', demo, { id });
    expect(again.status).toBe(409);
    expect(again.body.msg).toMatch(/Repealed/);
    expect((await post('supply/purchase-order/confirm', demo, { id })).status).toBe(409);

    const [row] = await t.ctx.db.select().from(supplyOrders).where(eq(supplyOrders.id, id));
    expect(commodityOrderUsable(row)?.key).toBe('supply.order.repealed');
    expect(commodityOrderUsable({ ...row, status: SUPPLY_ORDER_STATUS.CONFIRMED })).toBeUndefined();
    // the label order wizard's service: lines of usable orders; a repealed one refused naming it
    const usable = await post('supply/purchase-order/create', demo, {
      orderDate: '2026-11-24',
      factoryId: fa01,
      lines: [
        { goodsId: a.goodsId, skuId: a.id, quantity: 3 },
        { goodsId: b.goodsId, skuId: b.id, quantity: 4 },
      ],
    });
    const lines = await usableOrderLines(t.ctx.db, tenantId, [usable.body.data.id]);
    expect(lines.map((l) => [l.orderCode, l.factoryId, l.skuId, l.quantity])).toEqual([
      [usable.body.data.code, fa01, a.id, 3],
      [usable.body.data.code, fa01, b.id, 4],
    ]);
    await expect(usableOrderLines(t.ctx.db, tenantId, [usable.body.data.id, id])).rejects.toMatchObject({
      status: 409,
      key: 'supply.order.repealed',
      params: { code: 'POTEST0001' },
    });
    await expect(usableOrderLines(t.ctx.db, tenantId, [usable.body.data.id], { factoryId: fa02 })).rejects.toMatchObject({ status: 404 });
    // a repealed order packs no cartons either
    const carton = await post('supply/packing-review/create', demo, { cartonNo: 'CTN-REPEALED', orderId: id });
    expect(carton.status).toBe(400);
    expect(carton.body.data.fields.map((f: { field: string }) => f.field)).toContain('orderId');
    expect(carton.body.msg).toContain('POTEST0001');
  });

  it("keeps a factory user to its factory's orders and their lines; other partners see none", async () => {
    const mine = await post('supply/purchase-order/create', demo, {
      factoryId: fa01,
      orderDate: '2026-11-24',
      lines: [{ goodsId: a.goodsId, skuId: a.id, quantity: 7 }],
    });
    const theirs = await post('supply/purchase-order/create', demo, {
      factoryId: fa02,
      orderDate: '2026-11-24',
      lines: [{ goodsId: b.goodsId, skuId: b.id, quantity: 9 }],
    });
    const seen = (await post('supply/purchase-order/list', factory, { pageSize: 500 })).body.data.list as {
      id: number;
      factoryId: number;
    }[];
    expect(seen.map((r) => r.id)).toContain(mine.body.data.id);
    expect(seen.map((r) => r.id)).not.toContain(theirs.body.data.id);
    expect(new Set(seen.map((r) => r.factoryId))).toEqual(new Set([fa01]));
    // the label supplier's partner role holds no button of the commodity orders; bound to a label
    // supplier with every button, a user still sees none of them
    expect((await post('supply/purchase-order/list', supplier, {})).status).toBe(403);
    expect((await post('supply/purchase-order/list', boundToSupplier, {})).body.data.list).toEqual([]);

    // the detail screen: lines of the factory's orders only, searched by order code and style number
    const lines = (await post('supply/purchase-order-detail/list', factory, { pageSize: 500 })).body.data.list as { orderId: number }[];
    expect(lines.some((l) => l.orderId === mine.body.data.id)).toBe(true);
    expect(lines.some((l) => l.orderId === theirs.body.data.id)).toBe(false);
    expect((await post('supply/purchase-order-detail/list', boundToSupplier, {})).body.data.list).toEqual([]);
    const byCode = await post('supply/purchase-order-detail/list', demo, { orderCode: theirs.body.data.code });
    expect(byCode.body.data.list.map((l: { orderId: number }) => l.orderId)).toEqual([theirs.body.data.id]);
    const [style] = await t.ctx.db.select({ s: goods.styleNumber }).from(goods).where(eq(goods.id, b.goodsId));
    const byStyle = await post('supply/purchase-order-detail/list', demo, { styleNumber: style.s.toLowerCase(), pageSize: 500 });
    expect(byStyle.body.data.list.length).toBeGreaterThan(0);
    expect(byStyle.body.data.list.every((l: { goodsId: number }) => l.goodsId === b.goodsId)).toBe(true);
    // read-only: no create route, and the detail's buttons are query and export
    expect((await post('supply/purchase-order-detail/create', demo, { quantity: 1 })).status).toBe(404);
  });

  it('reviews a carton before its audit; cancelling a review asks for a new one; an audited carton is final', async () => {
    const order = await post('supply/purchase-order/create', demo, {
      factoryId: fa01,
      orderDate: '2026-11-24',
      lines: [{ goodsId: a.goodsId, skuId: a.id, quantity: 40 }],
    });
    // the factory user packs: its factory stamped, the order's factory checked
    const empty = await post('supply/packing-review/create', factory, { cartonNo: 'CTN-T-0001', orderId: order.body.data.id });
    expect(empty.status, empty.body.msg).toBe(200);
    expect(empty.body.data.factoryId).toBe(fa01);
    const id = empty.body.data.id;
    expect((await post('supply/packing-review/review', factory, { id })).body.msg).toMatch(/holds no pieces/);
    const packed = await post('supply/packing-review/update', factory, { id, lines: [{ skuId: a.id, quantity: 12 }] });
    expect(packed.body.data.pieces).toBe(12);

    expect((await post('supply/packing-review/audit', demo, { id })).status).toBe(409);
    const reviewed = await post('supply/packing-review/review', factory, { id });
    expect(reviewed.status).toBe(200);
    expect(reviewed.body.data.reviewedAt).toBeTruthy();
    // reviewed: the carton no longer changes
    expect((await post('supply/packing-review/update', factory, { id, remark: 'x' })).status).toBe(409);
    const cancelled = await post('supply/packing-review/cancelReview', factory, { id });
    expect(cancelled.body.data.status).toBe(PACKING_STATUS.NEW);
    expect(cancelled.body.data.reviewedAt).toBeNull();
    expect((await post('supply/packing-review/audit', demo, { id })).status).toBe(409);
    expect((await post('supply/packing-review/review', factory, { id })).status).toBe(200);
    // the factory partner holds no audit button; the brand audits
    expect((await post('supply/packing-review/audit', factory, { id })).status).toBe(403);
    const audited = await post('supply/packing-review/audit', demo, { id });
    expect(audited.body.data.status).toBe(PACKING_STATUS.AUDITED);
    for (const action of ['review', 'cancelReview', 'audit'])
      expect((await post(`supply/packing-review/${action}`, demo, { id })).status).toBe(409);
    expect((await post('supply/packing-review/delete', demo, { ids: [id] })).status).toBe(409);

    // another factory's order is refused on the order field
    const foreign = await post('supply/purchase-order/create', demo, { factoryId: fa02, orderDate: '2026-11-24' });
    const wrong = await post('supply/packing-review/create', demo, {
      cartonNo: 'CTN-T-0002',
      orderId: foreign.body.data.id,
      factoryId: fa01,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.fields[0].field).toBe('orderId');

    // the submission detail lists the carton's lines, found by carton number and order code
    const byCarton = await post('supply/submission-detail/list', factory, { cartonNo: 'ctn-t-0001' });
    expect(byCarton.body.data.list).toMatchObject([{ packingId: id, skuId: a.id, quantity: 12 }]);
    const byOrder = await post('supply/submission-detail/list', demo, { orderCode: order.body.data.code });
    expect(byOrder.body.data.list.map((l: { packingId: number }) => l.packingId)).toEqual([id]);
    expect((await post('supply/submission-detail/list', boundToSupplier, {})).body.data.list).toEqual([]);
  });

  it('sends sample cards only with an express number; the brand approves or rejects them', async () => {
    const made = await post('supply/sample-card/create', supplier, { code: 'SC-T-0001', quantity: 2 });
    expect(made.status, made.body.msg).toBe(200);
    const id = made.body.data.id;
    expect(made.body.data.supplierId).toBeTruthy();
    expect((await post('supply/sample-card/submit', supplier, { id })).body.msg).toMatch(/express number/);
    await post('supply/sample-card/update', supplier, { id, expressCompany: 'SF', expressNo: 'SF0001' });
    expect((await post('supply/sample-card/submit', supplier, { id })).status).toBe(200);
    expect((await post('supply/sample-card/confirm', supplier, { id })).status).toBe(403);
    expect((await post('supply/sample-card/reject', demo, { id })).status).toBe(200);
    expect((await post('supply/sample-card/submit', supplier, { id })).status).toBe(200);
    expect((await post('supply/sample-card/confirm', demo, { id })).body.data.status).toBe(3);
    expect((await post('supply/sample-card/update', supplier, { id, quantity: 5 })).status).toBe(409);
  });

  it('checks a certificate sample card: GB code 13 characters, 69 code 13 digits with its check digit', async () => {
    const card = { name: 'T 合格证', code: 'SC-T-1', gbCode: '6901234567892', code69: '6901234567892', safetyLevel: 2 };
    const shortGb = await post('label/sample-card/create', demo, { ...card, gbCode: '690123456789' });
    expect(shortGb.status).toBe(400);
    expect(shortGb.body.msg).toContain('GB code');
    const wrongCheck = await post('label/sample-card/create', demo, { ...card, code69: '6901234567891' });
    expect(wrongCheck.status).toBe(400);
    expect(wrongCheck.body.msg).toMatch(/69 code.*check digit/);
    const letters = await post('label/sample-card/create', demo, { ...card, code69: '69012345678AB' });
    expect(letters.body.msg).toMatch(/13 digits/);
    const ok = await post('label/sample-card/create', demo, card);
    expect(ok.status, ok.body.msg).toBe(200);
    expect((await post('label/sample-card/confirm', demo, { id: ok.body.data.id })).status).toBe(200);
    expect((await post('label/sample-card/update', demo, { id: ok.body.data.id, name: 'x' })).status).toBe(409);
  });

  it("replaces a SKU's barcode: the old one must be the SKU's, the new one another; submitted, it is stamped and final", async () => {
    const same = await post('label/replace-barcode/create', demo, { code: 'RB-T-1', oldBarcode: 'X1', newBarcode: 'X1', reason: 'r' });
    expect(same.status).toBe(400);
    expect(same.body.data.fields[0].field).toBe('newBarcode');
    const notSku = await post('label/replace-barcode/create', demo, {
      code: 'RB-T-2',
      skuId: a.id,
      oldBarcode: 'NOT-IT',
      newBarcode: 'NEW-1',
      reason: 'r',
    });
    expect(notSku.status).toBe(400);
    expect(notSku.body.msg).toContain(a.skuBarcode);
    const ok = await post('label/replace-barcode/create', demo, {
      code: 'RB-T-3',
      skuId: a.id,
      oldBarcode: a.skuBarcode,
      newBarcode: `${a.skuBarcode}X`,
      reason: 'r',
    });
    expect(ok.status, ok.body.msg).toBe(200);
    expect(ok.body.data.goodsId).toBe(a.goodsId);
    const sent = await post('label/replace-barcode/submit', demo, { id: ok.body.data.id });
    expect(sent.body.data.submittedAt).toBeTruthy();
    expect((await post('label/replace-barcode/update', demo, { id: ok.body.data.id, reason: 'x' })).status).toBe(409);
  });

  it('seeds the demo supply chain: orders across the three factories, two repealed, cartons in every state', async () => {
    const orders = (
      (await post('supply/purchase-order/list', demo, { pageSize: 500, contractCode: 'HT-2026-01' })).body.data.list as {
        status: number;
        factoryId: number;
        totalQuantity: number;
      }[]
    ).filter((o) => o.factoryId);
    expect(orders.length).toBeGreaterThanOrEqual(12);
    expect(orders.filter((o) => o.status === SUPPLY_ORDER_STATUS.REPEALED).length).toBeGreaterThanOrEqual(2);
    expect(new Set(orders.map((o) => o.factoryId).filter(Boolean)).size).toBe(3);
    expect(orders.every((o) => o.totalQuantity > 0)).toBe(true);
    const cartons = (await post('supply/packing-review/list', demo, { pageSize: 500 })).body.data.list as { status: number }[];
    expect(new Set(cartons.map((c) => c.status))).toEqual(new Set([1, 2, 3]));
  });
});
