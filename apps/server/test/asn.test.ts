import { BILL_KIND, BILL_ORIGIN, BILL_STATUS, CARTON_STATUS } from '@tagloom/domain';
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
    expect(asn).toMatchObject({
      kind: BILL_KIND.PURCHASE_IN,
      status: BILL_STATUS.CREATED,
      origin: BILL_ORIGIN.SUPPLY_AUDIT,
      factoryId: fa01.id,
      piecesExpected: 30,
    });
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

describe(`a normal receipt reviewing itself (WMS_AUTO_REVIEW_NORMAL) on ${DRIVER}`, () => {
  let t: TestApp;
  let demo: string;
  let tenantId: number;
  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
    [{ id: tenantId }] = await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from tenants where code = 'DEMO'`);
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  /** A store return being received at WH01, its one line received as `received` of 5, no carton left to check. */
  async function receiving(code: string, received: number, standard = 1) {
    const [sku] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id::int as id from goods_skus where tenant_id = ${tenantId} order by id limit 1`,
    );
    const [bill] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`insert into wms_bills (tenant_id, code, kind, status, source_location_id, dest_location_id, is_standard, shipped_at, received_at)
          select ${tenantId}, ${code}, ${BILL_KIND.STORE_RETURN}, ${BILL_STATUS.RECEIVING}, s.id, w.id, ${standard}, now(), now()
            from locations s, locations w where s.tenant_id = ${tenantId} and s.code = 'ST001' and w.tenant_id = ${tenantId} and w.code = 'WH01'
          returning id::int as id`,
    );
    await t.ctx.db.execute(sql`insert into wms_bill_lines (tenant_id, bill_id, carton_no, sku_id, expected_qty, received_qty, diff_qty)
      values (${tenantId}, ${bill.id}, '', ${sku.id}, 5, ${received}, ${received - 5})`);
    return bill.id;
  }
  const finish = async (id: number) => {
    const r = await t.call('POST', '/api/warehouse/goods-received/receive', { token: demo, body: { id }, lang: 'en_US' });
    expect(r.status, r.body.msg).toBe(200);
    const [bill] = await queryRows<{ status: number; review_status: number }>(
      t.ctx.db,
      sql`select status, review_status from wms_bills where tenant_id = ${tenantId} and id = ${id}`,
    );
    return bill;
  };
  const setParam = (value: string) =>
    t.ctx.db.execute(sql`insert into tenant_params (tenant_id, module, code, name, value_type, value)
      values (${tenantId}, 'warehouse', 'WMS_AUTO_REVIEW_NORMAL', '正常收货单自动复核', 5, ${value})
      on conflict (tenant_id, code) do update set value = excluded.value`);

  it('stays received while the parameter is off; reviews itself when on, only normal and standard', async () => {
    await setParam('0');
    expect(await finish(await receiving('BLAUTO0001', 5))).toMatchObject({ status: BILL_STATUS.RECEIVED });
    await setParam('1');
    expect(await finish(await receiving('BLAUTO0002', 5))).toMatchObject({ status: BILL_STATUS.REVIEWED, review_status: 2 });
    // a piece short: abnormal, left for a person to review with its reason
    expect(await finish(await receiving('BLAUTO0003', 4))).toMatchObject({ status: BILL_STATUS.RECEIVED });
    // not standard cartons
    expect(await finish(await receiving('BLAUTO0004', 5, 0))).toMatchObject({ status: BILL_STATUS.RECEIVED });
    const log = await queryRows<{ action: string }>(
      t.ctx.db,
      sql`select action from operation_log where tenant_id = ${tenantId} and screen = 'warehouse/bill' and method = 'SYSTEM'
          and target in (select id::text from wms_bills where tenant_id = ${tenantId} and code = 'BLAUTO0002')`,
    );
    expect(log.map((l) => l.action)).toEqual(['autoReview']);
  });
});
