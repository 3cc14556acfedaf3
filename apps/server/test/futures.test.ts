import { BILL_KIND, BILL_STATUS } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaledQty } from '../src/modules/warehouse/bills/cross-dock.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

// biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely
type Row = Record<string, any>;

/** Futures warehousing (logistics/futures, ../shared/operations.md E1 kind FUTURES_IN): allocations and the cross-dock. */
describe(`futures bills on ${DRIVER}`, () => {
  let t: TestApp;
  let demo: string;
  let wh01: string;
  let acme: string;
  const site = new Map<string, number>();
  let factory: number;
  let skus: number[];
  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
    wh01 = await t.login('wh01', 'demo1234');
    acme = await t.login('acme', 'acme123');
    for (const r of (await list('tenant/location', { pageSize: 500 })).list) site.set(r.code, r.id);
    factory = (await list('tenant/factory')).list[0].id;
    skus = (await list('tenant/goods-sku', { pageSize: 5 })).list.map((r) => r.id);
  });
  afterAll(() => t?.close());

  async function list(code: string, body: Row = {}, token = demo) {
    const r = await t.call('POST', `/api/${code}/list`, { token, body: { page: 1, pageSize: 100, ...body } });
    expect(r.status, r.body.msg).toBe(200);
    return r.body.data as { list: Row[]; total: number };
  }
  const call = (path: string, body: Row, token = demo) => t.call('POST', `/api/logistics/futures/${path}`, { token, body, lang: 'en_US' });
  const fieldsOf = (r: { body: { data: Row | null } }) => (r.body.data?.fields ?? []).map((f: { field: string }) => f.field);
  const futures = (more: Row = {}) => ({
    factoryId: factory,
    destLocationId: site.get('WH01'),
    season: '2027SS',
    lines: [
      { cartonNo: 'F1', skuId: skus[0], expectedQty: 10 },
      { cartonNo: 'F1', skuId: skus[1], expectedQty: 20 },
    ],
    ...more,
  });

  it('seeds futures bills with their allocations, the allocated share kept on the row; ACME has one', async () => {
    const rows = (await list('logistics/futures')).list;
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const r of rows) expect(r).toMatchObject({ kind: BILL_KIND.FUTURES_IN, destLocationId: site.get('WH01') });
    const draft = rows.find((r) => r.reservationNo === 'FUT-2027SS-01')!;
    expect(draft).toMatchObject({ status: BILL_STATUS.CREATED, piecesExpected: 360, piecesAllocated: 324, allocatedRatio: 90 });
    const got = (await t.call('GET', `/api/logistics/futures/get?id=${draft.id}`, { token: demo })).body.data;
    expect(new Set(got.allocations.map((a: Row) => a.storeId)).size).toBe(6);
    // the reviewed one went on to its stores
    const reviewed = rows.find((r) => r.status === BILL_STATUS.REVIEWED)!;
    const transfers = (await list('warehouse/bill', { kind: BILL_KIND.TRANSFER, reservationNo: reviewed.code })).list;
    expect(transfers).toHaveLength(2);
    expect((await list('logistics/futures', {}, acme)).total).toBe(1);
  });

  it('refuses an allocation to a warehouse, of a SKU not on the lines, or beyond the lines, naming the field', async () => {
    const before = (await list('logistics/futures')).total;
    const warehouse = await call('create', futures({ allocations: [{ storeId: site.get('WH02'), skuId: skus[0], qty: 2 }] }));
    expect(warehouse.status).toBe(400);
    expect(fieldsOf(warehouse)).toEqual(['allocations.0.storeId']);
    expect(warehouse.body.msg).toMatch(/^Store allocation 1 · Store: must be a store/);
    const missing = await call('create', futures({ allocations: [{ storeId: site.get('ST001'), skuId: skus[2], qty: 1 }] }));
    expect(missing.status).toBe(400);
    expect(fieldsOf(missing)).toEqual(['allocations.0.skuId']);
    expect(missing.body.msg).toContain("is not on the bill's lines");
    const over = await call(
      'create',
      futures({
        allocations: [
          { storeId: site.get('ST001'), skuId: skus[0], qty: 6 },
          { storeId: site.get('ST002'), skuId: skus[0], qty: 5 },
        ],
      }),
    );
    expect(over.status).toBe(400);
    expect(fieldsOf(over)).toEqual(['allocations.1.qty']);
    expect(over.body.msg).toContain("allocated 11 pieces, more than the 10 on the bill's lines");
    // a futures bill arrives at a warehouse
    const toStore = await call('create', futures({ destLocationId: site.get('ST001') }));
    expect(fieldsOf(toStore)).toEqual(['destLocationId']);
    // nothing of the refused bills was written
    expect((await list('logistics/futures')).total).toBe(before);
  });

  it('keeps the allocated share, and is edited only while a draft', async () => {
    const made = await call(
      'create',
      futures({ allocations: [{ storeId: site.get('ST001'), skuId: skus[1], qty: 15 }], reservationNo: 'FUT-T-EDIT' }),
    );
    expect(made.status, made.body.msg).toBe(200);
    expect(made.body.data).toMatchObject({ kind: BILL_KIND.FUTURES_IN, piecesExpected: 30, piecesAllocated: 15, allocatedRatio: 50 });
    expect(made.body.data.code).toMatch(/^BL\d{12}$/);
    // lowering a line under what is allocated is refused too (the stored allocations checked)
    const lower = await call('update', { id: made.body.data.id, lines: [{ cartonNo: 'F1', skuId: skus[1], expectedQty: 12 }] });
    expect(lower.status).toBe(400);
    expect(lower.body.msg).toContain('allocated 15 pieces, more than the 12');
    const received = (await list('logistics/futures', { status: BILL_STATUS.RECEIVED })).list[0];
    const late = await call('update', { id: received.id, remark: 'too late' });
    expect(late.status).toBeGreaterThanOrEqual(400);
  });

  it('scales a SKU down in proportion, rounding down', () => {
    expect(scaledQty(10, 20, 15)).toBe(7);
    expect(scaledQty(5, 20, 15)).toBe(3);
    expect(scaledQty(5, 20, 25)).toBe(5);
    expect(scaledQty(5, 20, 0)).toBe(0);
  });

  it('reviewed, makes one transfer per allocated store with its lines, scaled when fewer pieces came', async () => {
    const made = await call(
      'create',
      futures({
        reservationNo: 'FUT-T-XDOCK',
        allocations: [
          { storeId: site.get('ST001'), skuId: skus[0], qty: 4 },
          { storeId: site.get('ST001'), skuId: skus[1], qty: 10 },
          { storeId: site.get('ST002'), skuId: skus[0], qty: 6 },
          { storeId: site.get('ST002'), skuId: skus[1], qty: 5 },
        ],
      }),
    );
    expect(made.status, made.body.msg).toBe(200);
    const id = made.body.data.id;
    // received as the receipt screens would leave it: all of the first SKU, 15 of the second's 20
    await t.ctx.db.execute(
      sql`update wms_bill_lines set received_qty = case when sku_id = ${skus[0]} then 10 else 15 end where bill_id = ${id}`,
    );
    await t.ctx.db.execute(sql`update wms_bills set status = ${BILL_STATUS.RECEIVED} where id = ${id}`);
    const review = await t.call('POST', '/api/logistics/receipt-review/review', {
      token: wh01,
      body: { id, diffReason: '工厂少发 5 件' },
      lang: 'en_US',
    });
    expect(review.status, review.body.msg).toBe(200);
    const transfers = (await list('warehouse/bill', { kind: BILL_KIND.TRANSFER, reservationNo: made.body.data.code })).list;
    expect(transfers.map((b) => b.destLocationId).sort()).toEqual([site.get('ST001'), site.get('ST002')].sort());
    const want: Record<number, Record<number, number>> = {
      [site.get('ST001')!]: { [skus[0]]: 4, [skus[1]]: 7 },
      [site.get('ST002')!]: { [skus[0]]: 6, [skus[1]]: 3 },
    };
    for (const b of transfers) {
      expect(b).toMatchObject({ status: BILL_STATUS.CREATED, sourceLocationId: site.get('WH01') });
      expect(b.code).toMatch(/^BL\d{12}$/);
      const lines = (await t.call('GET', `/api/warehouse/bill/get?id=${b.id}`, { token: demo })).body.data.lines as Row[];
      expect(Object.fromEntries(lines.map((l) => [l.skuId, l.expectedQty]))).toEqual(want[b.destLocationId]);
    }
    // the bill's log says what was made and what was scaled
    const log = await t.call('POST', '/api/warehouse/log/list', { token: demo, body: { pageSize: 50, docCode: made.body.data.code } });
    const dock = (log.body.data.list as Row[]).find((r) => r.action === 'crossDock')!;
    expect(dock.detail.transfers.sort()).toEqual(transfers.map((b) => b.code).sort());
    expect(dock.detail.scaled).toEqual([expect.objectContaining({ expected: 20, received: 15 })]);
    // a second review changes nothing
    const again = await t.call('POST', '/api/logistics/receipt-review/review', { token: demo, body: { id, diffReason: 'x' } });
    expect(again.status).toBe(409);
    expect((await list('warehouse/bill', { kind: BILL_KIND.TRANSFER, reservationNo: made.body.data.code })).total).toBe(2);
  });

  it("shows a warehouse keeper its own warehouse's futures bills only, and gives it its warehouse", async () => {
    const elsewhere = await call('create', futures({ destLocationId: site.get('WH02'), reservationNo: 'FUT-T-WH02', lines: [] }));
    expect(elsewhere.status, elsewhere.body.msg).toBe(200);
    const mine = (await list('logistics/futures', {}, wh01)).list;
    expect(mine.length).toBeGreaterThan(0);
    for (const r of mine) expect(r.destLocationId).toBe(site.get('WH01'));
    expect(mine.map((r) => r.id)).not.toContain(elsewhere.body.data.id);
    const got = await t.call('GET', `/api/logistics/futures/get?id=${elsewhere.body.data.id}`, { token: wh01 });
    expect(got.status).toBe(404);
    const own = await call('create', { factoryId: factory, reservationNo: 'FUT-T-OWN' }, wh01);
    expect(own.status, own.body.msg).toBe(200);
    expect(own.body.data.destLocationId).toBe(site.get('WH01'));
  });
});
