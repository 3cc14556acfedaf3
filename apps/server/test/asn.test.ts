import { BILL_KIND, BILL_STATUS, CARTON_STATUS } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

// biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely
type Row = Record<string, any>;

/** The ASN of a supply order, made from its audited packing cartons (issue 29, operations.md slice A, bill `ship`). */
describe(`ASN from audited packing cartons on ${DRIVER}`, () => {
  let t: TestApp;
  let demo: string;
  let wh01: string;
  let tenantId: number;
  const post = (url: string, token: string, body: unknown) => t.call('POST', `/api/${url}`, { token, body, lang: 'en_US' });

  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
    wh01 = await t.login('wh01', 'demo1234');
    [{ id: tenantId }] = await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from tenants where code = 'DEMO'`);
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  it('adds each audited carton of an order to its draft ASN and ships it with the last; the keeper receives it', async () => {
    const [fa01] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id::int as id from factories where tenant_id = ${tenantId} and code = 'FA01'`,
    );
    const skus = await queryRows<{ id: number; goodsId: number }>(
      t.ctx.db,
      sql`select id::int as id, goods_id::int as "goodsId" from goods_skus where tenant_id = ${tenantId} order by id limit 2`,
    );
    const order = await post('supply/purchase-order/create', demo, {
      factoryId: fa01.id,
      orderDate: '2026-11-28',
      lines: skus.map((s) => ({ goodsId: s.goodsId, skuId: s.id, quantity: 30 })),
    });
    expect(order.status, order.body.msg).toBe(200);
    const code = order.body.data.code as string;
    const carton = async (cartonNo: string, lines: { skuId: number; quantity: number }[]) => {
      const made = await post('supply/packing-review/create', demo, { cartonNo, orderId: order.body.data.id, lines });
      expect(made.status, made.body.msg).toBe(200);
      const id = made.body.data.id as number;
      expect((await post('supply/packing-review/review', demo, { id })).status).toBe(200);
      return id;
    };
    const first = await carton('CTN-ASN-T-01', [
      { skuId: skus[0].id, quantity: 20 },
      { skuId: skus[1].id, quantity: 10 },
    ]);
    const second = await carton('CTN-ASN-T-02', [{ skuId: skus[0].id, quantity: 10 }]);
    const asnOf = async () => {
      const bills = await post('warehouse/bill/list', demo, { reservationNo: `ASN-${code}`, page: 1, pageSize: 10 });
      return bills.body.data.list as Row[];
    };
    expect(await asnOf()).toEqual([]);

    // the first carton audited: a draft ASN of its lines, for WH01 (the first warehouse), the order's factory
    expect((await post('supply/packing-review/audit', demo, { id: first })).status).toBe(200);
    let [asn] = await asnOf();
    expect(asn).toMatchObject({ kind: BILL_KIND.PURCHASE_IN, status: BILL_STATUS.CREATED, factoryId: fa01.id, piecesExpected: 30 });
    const lines = await queryRows<{ carton_no: string; expected_qty: number }>(
      t.ctx.db,
      sql`select carton_no, expected_qty from wms_bill_lines where tenant_id = ${tenantId} and bill_id = ${asn.id} order by id`,
    );
    expect(lines).toEqual([
      { carton_no: 'CTN-ASN-T-01', expected_qty: 20 },
      { carton_no: 'CTN-ASN-T-01', expected_qty: 10 },
    ]);

    // the last: it joins, and the ASN ships — in transit, one carton a packing carton
    expect((await post('supply/packing-review/audit', demo, { id: second })).status).toBe(200);
    [asn] = await asnOf();
    expect(asn).toMatchObject({ status: BILL_STATUS.IN_TRANSIT, piecesExpected: 40, cartonsExpected: 2 });
    expect(asn.shippedAt).toBeTruthy();
    const cartons = (await post('warehouse/receiving-check/list', wh01, { billId: asn.id, page: 1, pageSize: 10 })).body.data.list as Row[];
    expect(cartons.map((c) => [c.cartonNo, c.status, c.expectedPieces]).sort()).toEqual([
      ['CTN-ASN-T-01', CARTON_STATUS.EXPECTED, 30],
      ['CTN-ASN-T-02', CARTON_STATUS.EXPECTED, 10],
    ]);
    // the system's move is in the bill's log
    const log = await queryRows<{ action: string }>(
      t.ctx.db,
      sql`select action from operation_log where tenant_id = ${tenantId} and screen = 'warehouse/bill' and target = ${String(asn.id)}`,
    );
    expect(log.map((l) => l.action)).toContain('autoShip');
  });
});
