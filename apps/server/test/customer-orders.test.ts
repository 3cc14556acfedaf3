import { CARTON_STATUS, ORDER_CHANNEL, ORDER_KIND, RETURN_INSPECTION, ORDER_STATUS as S, TAG_STATUS, ZONE_TYPE } from '@tagloom/domain';
import { CARTON_RESULT } from '@tagloom/domain/rfid/reconcile.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { stopParsePool } from '../src/modules/rfid/ingest/parse-pool.js';
import { problems as epcisProblems } from './epcis-validate.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';
import { readAndFold, testReader, testScene, zoneOf } from './support-readers.js';

// biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely
type Row = Record<string, any>;

/**
 * Customer orders (issue 31, ../shared/operations.md E12): an e-commerce order at WH01 accepted,
 * picked and packed by its read at the e-commerce area (a read short of its lines refused packing,
 * read again), shipped with its tracking number (not twice), returned with one piece it held and one
 * it never held (flagged), received and restocked; a pickup order at ST001 made ready and handed
 * over only once the customer's ID is checked; the sites' users see their own orders, customer data
 * masked in lists; the EPCIS documents of the pieces valid against GS1's schema.
 */
describe(`customer orders on ${DRIVER}`, () => {
  let t: TestApp;
  let demo: string;
  let wh01: string;
  let store01: string;
  let tenantId: number;
  let wh01Id: number;
  const keys: Record<string, string> = {};
  let skus: { skuId: number; epcs: string[] }[];
  let order: Row;

  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
    wh01 = await t.login('wh01', 'demo1234');
    store01 = await t.login('store01', 'demo1234');
    [{ id: tenantId }] = await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from tenants where code = 'DEMO'`);
    [{ id: wh01Id }] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id::int as id from locations where tenant_id = ${tenantId} and code = 'WH01'`,
    );
    const scene = await testScene(t, tenantId, 'S-EC-TEST', 5, 1);
    keys.ec = await testReader(t, tenantId, 'TUN-EC-TEST', await zoneOf(t, tenantId, 'WH01', ZONE_TYPE.ECOM_AREA), scene);
    // two SKUs' tags nothing holds now (3 and 2 of them)
    const tags = await queryRows<{ sku_id: number; epc: string }>(
      t.ctx.db,
      sql`with free as (select t.sku_id, t.epc from label_tags t where t.tenant_id = ${tenantId} and t.sku_id is not null
                          and not exists (select 1 from wms_carton_epcs e where e.tenant_id = t.tenant_id and e.epc = t.epc)
                          and not exists (select 1 from customer_order_epcs e where e.tenant_id = t.tenant_id and e.epc = t.epc)),
               s as (select sku_id from free group by sku_id having count(*) >= 3 order by sku_id limit 2)
          select f.sku_id::int as sku_id, f.epc from free f join s on s.sku_id = f.sku_id order by f.sku_id, f.epc`,
    );
    const by = new Map<number, { skuId: number; epcs: string[] }>();
    for (const r of tags) {
      const s = by.get(r.sku_id) ?? { skuId: r.sku_id, epcs: [] };
      s.epcs.push(r.epc);
      by.set(r.sku_id, s);
    }
    skus = [...by.values()];
    expect(skus).toHaveLength(2);
  }, 240_000);
  afterAll(async () => {
    await stopParsePool();
    await t?.close();
  });

  async function list(code: string, body: Row = {}, token = demo) {
    const r = await t.call('POST', `/api/${code}/list`, { token, body: { page: 1, pageSize: 500, ...body } });
    expect(r.status, r.body.msg).toBe(200);
    return r.body.data as { list: Row[]; total: number };
  }
  const act = (code: string, action: string, body: Row, token = demo) =>
    t.call('POST', `/api/${code}/${action}`, { token, body, lang: 'en_US' });
  const get = async (code: string, id: number, token = demo) => {
    const r = await t.call('GET', `/api/${code}/get?id=${id}`, { token, lang: 'en_US' });
    expect(r.status, r.body.msg).toBe(200);
    return r.body.data as Row;
  };
  const dev = (url: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${keys.ec}`, 'x-device-key': keys.ec, 'content-type': 'application/json', langeType: 'en_US' },
      payload: JSON.stringify(body),
    });
  let batches = 0;
  /** A number scanned at the e-commerce tunnel (subject type), these pieces read, the session closed. Answers the scan's answer. */
  async function readAt(subjectType: 'order' | 'return', code: string, epcs: string[]) {
    const opened = await dev('/api/rfid/sessions', { subjectType, subjectCode: code });
    if (opened.statusCode !== 200) return opened;
    await readAndFold(t, keys.ec, epcs, `ord-${++batches}`, 0, { rssi: -55 });
    const session = JSON.parse(opened.body).data.session;
    const closed = await dev(`/api/rfid/sessions/${session.id}/close`, {});
    expect(closed.statusCode, closed.body).toBe(200);
    return opened;
  }
  const tagStatus = async (epc: string) =>
    (await queryRows<{ status: number }>(t.ctx.db, sql`select status from label_tags where tenant_id = ${tenantId} and epc = ${epc}`))[0]
      .status;

  it('seeds WH01 orders in every state, returns with a mismatch, O2O at the stores; each site sees its own, customers masked in lists', async () => {
    const orders = (await list('logistics/ecom-delivery')).list;
    const states = new Set(orders.map((o) => o.status));
    for (const s of [S.NEW, S.ACCEPTED, S.PICKING, S.PACKED, S.SHIPPED, S.DELIVERED, S.CANCELLED, S.UNFULFILLABLE])
      expect(states.has(s), String(s)).toBe(true);
    expect(orders.some((o) => o.status === S.PICKING && o.packResult === CARTON_RESULT.SHORT)).toBe(true);
    expect(orders.some((o) => o.channel === ORDER_CHANNEL.SHIP_TO_STORE)).toBe(true);
    // masked in the list, whole in the detail
    const one = orders[0];
    expect(one.customerPhone).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(String(one.customerName)).toMatch(/^.\*+$/);
    expect((await get('logistics/ecom-delivery', one.id)).customerPhone).toMatch(/^\d{11}$/);
    // WH02's order is not wh01's
    const mine = (await list('logistics/ecom-delivery', {}, wh01)).list;
    expect(mine.length).toBe(orders.length - 1);
    expect(mine.every((o) => o.fulfilSiteId === wh01Id)).toBe(true);

    const returns = (await list('logistics/ecom-return')).list;
    expect(returns.length).toBe(15);
    expect(new Set(returns.map((r) => r.status))).toEqual(new Set([S.NEW, S.RECEIVED, S.RESTOCKED, S.DEFECTIVE, S.REFUSED]));
    expect(returns.filter((r) => r.mismatchPieces > 0)).toHaveLength(1);
    // a return inspected defective opened a defect a piece for the defect desk
    const defective = returns.filter((r) => r.status === S.DEFECTIVE);
    expect(defective.length).toBeGreaterThan(0);
    const opened = (await list('logistics/defective', { sourceCode: defective[0].orderNo })).list;
    expect(opened.length).toBe(defective[0].matchedPieces);
    expect(opened[0]).toMatchObject({ source: 4, status: 1 });

    const o2o = (await list('store/o2o-delivery')).list;
    expect(o2o.length).toBe(30);
    const st001 = (await list('store/o2o-delivery', {}, store01)).list;
    expect(st001.length).toBe(10);
    expect(new Set(st001.map((o) => o.status))).toEqual(
      new Set([S.NEW, S.ACCEPTED, S.PICKING, S.PACKED, S.READY_FOR_PICKUP, S.PICKED_UP, S.UNFULFILLABLE, S.SHIPPED]),
    );
    // ST001 receives: the orders shipped to it for pickup, the returns brought to it
    const arriving = (await list('store/o2o-receiving', {}, store01)).list;
    expect(
      arriving
        .filter((o) => o.kind === ORDER_KIND.ORDER)
        .map((o) => o.status)
        .sort(),
    ).toEqual([S.SHIPPED, S.READY_FOR_PICKUP].sort());
    expect(
      arriving
        .filter((o) => o.kind === ORDER_KIND.RETURN)
        .map((o) => o.status)
        .sort(),
    ).toEqual([S.NEW, S.RECEIVED].sort());
    // a warehouse keeper has no O2O screens' rows, a store's clerk no warehouse orders
    expect((await t.call('POST', '/api/logistics/ecom-delivery/list', { token: store01, body: { page: 1, pageSize: 10 } })).status).toBe(
      403,
    );
  });

  it('an order is accepted, refused packing until its read matches its lines, packed, shipped once (pieces sold), never picked again', async () => {
    const made = await act(
      'logistics/ecom-delivery',
      'create',
      {
        channel: ORDER_CHANNEL.ECOM,
        fulfilSiteId: wh01Id,
        customerName: '测试顾客',
        customerPhone: '13912345678',
        address: '上海市浦东新区测试路 1 号',
        lines: [
          { skuId: skus[0].skuId, qty: 2 },
          { skuId: skus[1].skuId, qty: 1 },
        ],
      },
      wh01,
    );
    expect(made.status, made.body.msg).toBe(200);
    order = made.body.data;
    expect(order).toMatchObject({ status: S.NEW, pieces: 3, kind: ORDER_KIND.ORDER });
    expect(order.orderNo).toMatch(/^EC\d{8}\d{4}$/);

    // read before it is accepted: refused with the spec's words
    const early = await readAt('order', order.orderNo, []);
    expect(early.statusCode).toBe(409);
    expect(JSON.parse(early.body).msg).toBe(`Please accept the order first: ${order.orderNo}`);
    expect((await act('logistics/ecom-delivery', 'accept', { id: order.id }, wh01)).status).toBe(200);
    const again = await act('logistics/ecom-delivery', 'accept', { id: order.id }, wh01);
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('Already accepted, do not repeat');

    // one piece short: picking, not packed, not shippable
    expect((await readAt('order', order.orderNo, [skus[0].epcs[0], skus[1].epcs[0]])).statusCode).toBe(200);
    let now = await get('logistics/ecom-delivery', order.id);
    expect(now).toMatchObject({ status: S.PICKING, pickedPieces: 2, short: 1, packResult: CARTON_RESULT.SHORT });
    expect(
      (await act('logistics/ecom-delivery', 'ship', { id: order.id, carrier: '顺丰速运', trackingNo: 'SF1234567890' }, wh01)).status,
    ).toBe(409);
    // read again with every piece: packed
    const pieces = [skus[0].epcs[0], skus[0].epcs[1], skus[1].epcs[0]];
    expect((await readAt('order', order.orderNo, pieces)).statusCode).toBe(200);
    now = await get('logistics/ecom-delivery', order.id);
    expect(now).toMatchObject({ status: S.PACKED, pickedPieces: 3, short: 0, packResult: CARTON_RESULT.MATCHED });

    // shipped with its carrier and tracking number (both asked for), not twice
    const bare = await act('logistics/ecom-delivery', 'ship', { id: order.id }, wh01);
    expect(bare.status).toBe(400);
    const shipped = await act('logistics/ecom-delivery', 'ship', { id: order.id, carrier: '顺丰速运', trackingNo: 'SF1234567890' }, wh01);
    expect(shipped.status, shipped.body.msg).toBe(200);
    const twice = await act('logistics/ecom-delivery', 'ship', { id: order.id, carrier: '顺丰速运', trackingNo: 'SF1234567890' }, wh01);
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toBe('Already shipped, do not repeat');
    for (const epc of pieces) expect(await tagStatus(epc)).toBe(TAG_STATUS.SOLD);
    const gone = await readAt('order', order.orderNo, pieces);
    expect(gone.statusCode).toBe(409);
    expect(JSON.parse(gone.body).msg).toContain('shipped goods');
  });

  it('a return brings back a piece of the order and one it never held (flagged), is received, then restocked in the e-commerce area', async () => {
    const refusedNo = await act(
      'logistics/ecom-return',
      'create',
      { fulfilSiteId: wh01Id, originalOrderNo: 'EC-NO-SUCH', customerName: '测试顾客', customerPhone: '13912345678', lines: [] },
      wh01,
    );
    expect(refusedNo.status).toBe(400);
    expect(refusedNo.body.msg).toContain('EC-NO-SUCH');
    const made = await act(
      'logistics/ecom-return',
      'create',
      {
        fulfilSiteId: wh01Id,
        originalOrderNo: order.orderNo,
        customerName: '测试顾客',
        customerPhone: '13912345678',
        lines: [{ skuId: skus[0].skuId, qty: 1 }],
      },
      wh01,
    );
    expect(made.status, made.body.msg).toBe(200);
    const ret = made.body.data as Row;
    expect(ret).toMatchObject({ kind: ORDER_KIND.RETURN, status: S.NEW });
    expect(ret.orderNo).toMatch(/^RT/);
    const early = await act('logistics/ecom-return', 'receive', { id: ret.id }, wh01);
    expect(early.status).toBe(409);
    expect(early.body.msg).toBe('Read the returned pieces before receiving the return');

    // the order's piece, and one it never held
    const stranger = skus[0].epcs[2];
    expect((await readAt('return', ret.orderNo, [skus[0].epcs[0], stranger])).statusCode).toBe(200);
    let now = await get('logistics/ecom-return', ret.id);
    expect(now).toMatchObject({ returnedPieces: 2, matchedPieces: 1, mismatchPieces: 1 });
    expect((await act('logistics/ecom-return', 'receive', { id: ret.id }, wh01)).status).toBe(200);
    const noVerdict = await act('logistics/ecom-return', 'inspect', { id: ret.id }, wh01);
    expect(noVerdict.status).toBe(400);
    const inspected = await act('logistics/ecom-return', 'inspect', { id: ret.id, inspection: RETURN_INSPECTION.RESTOCK }, wh01);
    expect(inspected.status, inspected.body.msg).toBe(200);
    now = await get('logistics/ecom-return', ret.id);
    expect(now.status).toBe(S.RESTOCKED);
    // the order's piece is back in stock at the e-commerce area; the stranger is not restocked
    expect(await tagStatus(skus[0].epcs[0])).toBe(TAG_STATUS.RECEIVED);
    const [state] = await queryRows<{ presence: string; zone_type: number }>(
      t.ctx.db,
      sql`select s.presence, z.zone_type from rfid_epc_states s join locations z on z.tenant_id = s.tenant_id and z.id = s.presence_location_id
           where s.tenant_id = ${tenantId} and s.epc = ${skus[0].epcs[0]}`,
    );
    expect(state).toEqual({ presence: 'present', zone_type: ZONE_TYPE.ECOM_AREA });
    const [moved] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from stock_moves where tenant_id = ${tenantId} and doc_code = ${ret.orderNo} and kind = 2`,
    );
    expect(moved.n).toBe(1);
    // a restocked return is final
    expect((await act('logistics/ecom-return', 'refuse', { id: ret.id }, wh01)).status).toBe(409);

    // the piece's EPCIS document (commissioned … packed, shipped, returned, restocked) is valid against GS1's schema
    const doc = (await t.call('GET', `/api/label/lifecycle/epcis?epc=${skus[0].epcs[0]}`, { token: demo })).body as Row;
    expect(epcisProblems(doc)).toEqual([]);
    const steps = (doc.epcisBody.eventList as Row[]).map((e) => `${e.bizStep}/${e.disposition}`);
    expect(steps).toEqual(
      expect.arrayContaining(['packing/in_progress', 'shipping/in_transit', 'receiving/returned', 'stocking/sellable_accessible']),
    );
  });

  it("a shipped outbound carton's pieces have valid EPCIS documents (packing aggregation, loading, shipping)", async () => {
    const [c] = await queryRows<{ epc: string }>(
      t.ctx.db,
      sql`select e.epc from wms_carton_epcs e join wms_cartons c on c.tenant_id = e.tenant_id and c.id = e.carton_id
           where e.tenant_id = ${tenantId} and c.status = ${CARTON_STATUS.SHIPPED} and e.unbound_at is null order by e.epc limit 1`,
    );
    const doc = (await t.call('GET', `/api/label/lifecycle/epcis?epc=${c.epc}`, { token: demo })).body as Row;
    expect(epcisProblems(doc)).toEqual([]);
    const steps = (doc.epcisBody.eventList as Row[]).map((e) => `${e.type}:${e.bizStep}`);
    expect(steps).toEqual(expect.arrayContaining(['AggregationEvent:packing', 'ObjectEvent:loading', 'ObjectEvent:shipping']));
  });

  it("a pickup order at ST001 is made ready and handed over only once the customer's ID is checked; its pick list says where the pieces are", async () => {
    const packed = (await list('store/o2o-delivery', { status: S.PACKED }, store01)).list.find((o) => o.channel === ORDER_CHANNEL.BOPIS)!;
    expect(packed).toBeTruthy();
    const find = await t.call('GET', `/api/store/o2o-delivery/find?id=${packed.id}`, { token: store01 });
    expect(find.status).toBe(200);
    expect(find.body.data.lines.length).toBeGreaterThan(0);
    expect(find.body.data.lines[0]).toMatchObject({ skuBarcode: expect.any(String), qty: expect.any(Number) });
    // another store's order is not store01's to find
    const other = (await list('store/o2o-delivery')).list.find((o) => o.fulfilSiteId !== packed.fulfilSiteId)!;
    expect((await t.call('GET', `/api/store/o2o-delivery/find?id=${other.id}`, { token: store01 })).status).toBe(404);

    expect((await act('store/o2o-delivery', 'ship', { id: packed.id, carrier: 'EMS', trackingNo: 'EM1' }, store01)).body.msg).toBe(
      'A pickup order is not shipped: make it ready and hand it over',
    );
    expect((await act('store/o2o-delivery', 'ready', { id: packed.id }, store01)).status).toBe(200);
    const unchecked = await act('store/o2o-delivery', 'handover', { id: packed.id, idChecked: 0 }, store01);
    expect(unchecked.status).toBe(400);
    expect(unchecked.body.msg).toContain("Check the customer's ID before handing over");
    const handed = await act('store/o2o-delivery', 'handover', { id: packed.id, idChecked: 1 }, store01);
    expect(handed.status, handed.body.msg).toBe(200);
    const epcs = await queryRows<{ epc: string }>(
      t.ctx.db,
      sql`select epc from customer_order_epcs where tenant_id = ${tenantId} and order_id = ${packed.id} and role = 1`,
    );
    expect(epcs.length).toBeGreaterThan(0);
    for (const e of epcs) expect(await tagStatus(e.epc)).toBe(TAG_STATUS.SOLD);
  });

  it('an order shipped to ST001 is received there, ready for pickup', async () => {
    const shipped = (await list('store/o2o-receiving', { status: S.SHIPPED }, store01)).list[0];
    expect(shipped).toBeTruthy();
    const r = await act('store/o2o-receiving', 'receive', { id: shipped.id }, store01);
    expect(r.status, r.body.msg).toBe(200);
    expect((await get('store/o2o-receiving', shipped.id, store01)).status).toBe(S.READY_FOR_PICKUP);
  });
});
