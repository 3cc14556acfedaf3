/**
 * The warehouse's inbound steps in the tag lifecycle (full EPCIS 2.0 events): a bill shipped packs
 * each carton (AggregationEvent ADD, parent its SSCC) and ships its pieces (po, desadv, source and
 * destination), a carton accepted receives them, a reviewed receipt accepts them; a lot inspected
 * and a carton unpacked into storage. Every document validates against GS1's schema and every
 * event's ID is its canonical hash.
 */
import { readFileSync } from 'node:fs';
import { BILL_STATUS, CARTON_EPC_SOURCE, CARTON_STATUS, EPC_CLASS, eventHash, ssccUri, TAG_STATUS } from '@tagloom/domain';
import { Ajv } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { checkCarton } from '../src/modules/warehouse/cartons/check.js';
import { makeCartons } from '../src/modules/warehouse/cartons/make.js';
import { recordCartonUnpack, recordLotInspected } from '../src/modules/warehouse/events.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

// biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely
type Row = Record<string, any>;

const schema = JSON.parse(readFileSync(new URL('../src/modules/label/epcis/gs1/EPCIS-JSON-Schema.json', import.meta.url), 'utf8'));
const ajv = new Ajv({ strict: false, allErrors: true });
(addFormatsPlugin as unknown as (a: Ajv) => void)(ajv);
const validate = ajv.compile(schema);

describe(`warehouse steps in the tag lifecycle on ${DRIVER}`, () => {
  let t: TestApp;
  let demo: string;
  let tenantId: number;
  let epcs: string[];
  let billId: number;
  let carton: Row;
  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
    [{ id: tenantId }] = await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from tenants where code = 'DEMO'`);
  }, 240_000);
  afterAll(() => t?.close());

  async function list(code: string, body: Row = {}) {
    const r = await t.call('POST', `/api/${code}/list`, { token: demo, body: { page: 1, pageSize: 100, ...body } });
    expect(r.status, r.body.msg).toBe(200);
    return r.body.data as { list: Row[]; total: number };
  }
  const history = async (epc: string) => {
    const r = await t.call('GET', `/api/label/lifecycle/events?epc=${epc}`, { token: demo });
    expect(r.status).toBe(200);
    return r.body.data.events as Row[];
  };
  const documentOf = async (epc: string) => {
    const r = await t.call('GET', `/api/label/lifecycle/epcis?epc=${epc}`, { token: demo });
    expect(r.status).toBe(200);
    return r.body as Row;
  };
  const statusOf = async (epc: string) =>
    (
      await queryRows<{ status: number }>(
        t.ctx.db,
        sql`select status::int as status from label_tags where tenant_id = ${tenantId} and epc = ${epc}`,
      )
    )[0].status;
  const linkedEvents = async () =>
    (
      await queryRows<{ event_id: string }>(
        t.ctx.db,
        sql`select event_id from wms_carton_epcs where tenant_id = ${tenantId} and carton_id = ${Number(carton.id)} order by epc`,
      )
    ).map((r) => r.event_id);
  const warehouseSteps = (events: Row[]) =>
    events.filter((e) => String(e.source).startsWith('warehouse/') || e.source === 'logistics/receipt-review');

  it('a bill shipped: each packed carton an AggregationEvent ADD under its SSCC, then the shipping of its pieces', async () => {
    const tags = await queryRows<{ epc: string; sku_id: number }>(
      t.ctx.db,
      sql`select epc, sku_id::int as sku_id from label_tags where tenant_id = ${tenantId} and epc <> ''
          and epc not in (select epc from wms_carton_epcs where tenant_id = ${tenantId}) and status in (1, 2, 3) order by id desc limit 2`,
    );
    epcs = tags.map((x) => x.epc);
    const site = new Map((await list('tenant/location', { pageSize: 500 })).list.map((r) => [r.code, r.id]));
    const order = (await list('supply/purchase-order', { pageSize: 1 })).list[0];
    const made = await t.call('POST', '/api/warehouse/bill/create', {
      token: demo,
      body: {
        kind: 1,
        factoryId: (await list('tenant/factory')).list[0].id,
        destLocationId: site.get('WH01'),
        ...(order ? { supplyOrderId: order.id } : {}),
        reservationNo: 'ASN-EV-1',
        lines: tags.map((x) => ({ cartonNo: 'EV-1', skuId: x.sku_id, expectedQty: 1 })),
      },
    });
    expect(made.status, made.body.msg).toBe(200);
    billId = made.body.data.id;
    // the factory's pack reads: the carton made ahead of the ship (as an ASN import would) and its EPCs bound
    const [bill] = await queryRows<Row>(
      t.ctx.db,
      sql`select id, dest_location_id as "destLocationId" from wms_bills where tenant_id = ${tenantId} and id = ${billId}`,
    );
    await t.ctx.db.transaction((tx) => makeCartons(tx, tenantId, bill));
    [carton] = await queryRows<Row>(
      t.ctx.db,
      sql`select id::int as id, sscc from wms_cartons where tenant_id = ${tenantId} and bill_id = ${billId}`,
    );
    for (const epc of epcs)
      await t.ctx.db.execute(sql`insert into wms_carton_epcs (tenant_id, epc, carton_id, bill_id, sscc, source, result, bound_at, bound_by)
        values (${tenantId}, ${epc}, ${carton.id}, ${billId}, ${carton.sscc}, ${CARTON_EPC_SOURCE.FACTORY_PACK}, ${EPC_CLASS.PENDING}, now(), 'FA01')`);
    const shipped = await t.call('POST', '/api/warehouse/bill/ship', { token: demo, body: { id: billId } });
    expect(shipped.status, shipped.body.msg).toBe(200);
    const steps = warehouseSteps(await history(epcs[0]));
    expect(steps.map((e) => [e.eventType, e.action, e.bizStep, e.disposition])).toEqual([
      ['AggregationEvent', 'ADD', 'packing', 'in_progress'],
      ['ObjectEvent', 'OBSERVE', 'shipping', 'in_transit'],
    ]);
    expect(steps[0].parentId).toBe(ssccUri(carton.sscc));
    expect([...steps[0].epcs].sort()).toEqual([...epcs].sort());
    expect(steps[1].bizTransactions.map((b: Row) => b.type)).toEqual([...(order ? ['po'] : []), 'desadv']);
    expect(steps[1].sources.map((s: Row) => s.type)).toEqual(['owning_party', 'location']);
    expect(steps[1].destinations.map((s: Row) => s.type)).toEqual(['owning_party', 'location']);
    expect(await statusOf(epcs[0])).toBe(TAG_STATUS.SHIPPED);
    // each binding links the aggregation that made it (E3's eventId), as the binding list shows it
    expect(steps[0].eventId).toMatch(/^ni:\/\/\/sha-256;/);
    expect(await linkedEvents()).toEqual(epcs.map(() => steps[0].eventId));
    const bindings = await list('logistics/asn-binding', { billId });
    expect(bindings.list.map((b) => b.eventId)).toEqual(epcs.map(() => steps[0].eventId));
  });

  it('a carton accepted receives its pieces; the reviewed receipt accepts them: the history reads pack, ship, receive, accept', async () => {
    // what the dock tunnel read (both pieces): the carton checked matched, so accepted at once
    await t.ctx.db.execute(
      sql`update wms_carton_epcs set result = ${EPC_CLASS.MATCHED} where tenant_id = ${tenantId} and carton_id = ${carton.id}`,
    );
    const checked = await t.ctx.db.transaction((tx) =>
      checkCarton(tx, tenantId, carton.id, { tenantId, userId: null, username: 'TUN-EV' }),
    );
    expect(checked.status).toBe(CARTON_STATUS.ACCEPTED);
    expect(await statusOf(epcs[1])).toBe(TAG_STATUS.RECEIVED);
    const finish = await t.call('POST', '/api/warehouse/goods-received/receive', { token: demo, body: { id: billId }, lang: 'en_US' });
    expect(finish.status, finish.body.msg).toBe(200);
    const review = await t.call('POST', '/api/logistics/receipt-review/review', { token: demo, body: { id: billId }, lang: 'en_US' });
    expect(review.status, review.body.msg).toBe(200);
    expect(review.body.data.status).toBe(BILL_STATUS.REVIEWED);
    const steps = warehouseSteps(await history(epcs[1]));
    expect(steps.map((e) => `${e.eventType}/${e.bizStep}/${e.disposition}`)).toEqual([
      'AggregationEvent/packing/in_progress',
      'ObjectEvent/shipping/in_transit',
      'ObjectEvent/receiving/in_progress',
      'ObjectEvent/accepting/in_progress',
    ]);
    // accepting passes ownership: from the factory to the warehouse
    expect(steps[3].destinations.find((d: Row) => d.type === 'location').id).toBe(steps[2].bizLocation);
    // every event validates, and every ID is the canonical hash of the event as served
    const doc = await documentOf(epcs[1]);
    expect(validate(doc) ? [] : validate.errors).toEqual([]);
    const all = doc.epcisBody.eventList as Row[];
    const mine = all.slice(-4);
    expect(mine.map((e) => e.type)).toEqual(['AggregationEvent', 'ObjectEvent', 'ObjectEvent', 'ObjectEvent']);
    // the seeded events went through the same writer: each event naming its EPCs has its hash as its ID
    // (an order's whole-order event is hashed as stored, without the EPC list its document adds)
    const stored = await history(epcs[1]);
    expect(stored).toHaveLength(all.length);
    const own = all.filter((_, i) => stored[i].epcs.length > 0);
    expect(own.length).toBeGreaterThanOrEqual(4);
    for (const e of own) expect(eventHash(e), `${e.type} ${e.bizStep}`).toBe(e.eventID);
    expect(new Set(all.map((e) => e.eventID)).size).toBe(all.length);
    expect(mine[0]).toMatchObject({ parentID: ssccUri(carton.sscc), action: 'ADD' });
    expect(mine[0].childEPCs).toHaveLength(2);
    expect(mine[1].sourceList).toHaveLength(2);
    // the same document served again: the same IDs (stable)
    const again = await documentOf(epcs[1]);
    expect((again.epcisBody.eventList as Row[]).map((e) => e.eventID)).toEqual((doc.epcisBody.eventList as Row[]).map((e) => e.eventID));
  });

  it('a lot inspected and a carton unpacked into storage (put-away) write valid events', async () => {
    const [wh01] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id::int as id from locations where tenant_id = ${tenantId} and code = 'WH01'`,
    );
    await t.ctx.db.transaction(async (tx) => {
      await recordLotInspected(tx, tenantId, { billId }, false, { userId: null, username: 'qi' });
      const ids = await recordCartonUnpack(tx, { tenantId, cartonId: Number(carton.id), sscc: carton.sscc, epcs, locationId: wh01.id });
      expect(ids).toHaveLength(2);
    });
    const steps = warehouseSteps(await history(epcs[0])).slice(-3);
    expect(steps.map((e) => `${e.eventType}/${e.action}/${e.bizStep}/${e.disposition}`)).toEqual([
      'ObjectEvent/OBSERVE/inspecting/non_conformant',
      'AggregationEvent/DELETE/unpacking/in_progress',
      'ObjectEvent/OBSERVE/storing/available',
    ]);
    expect(steps[1].parentId).toBe(ssccUri(carton.sscc));
    // the bindings now link the aggregation that ended them
    expect(await linkedEvents()).toEqual(epcs.map(() => steps[1].eventId));
    const doc = await documentOf(epcs[0]);
    expect(validate(doc) ? [] : validate.errors).toEqual([]);
    const del = (doc.epcisBody.eventList as Row[]).find((e) => e.type === 'AggregationEvent' && e.action === 'DELETE');
    expect(del).toMatchObject({ bizStep: 'unpacking', parentID: ssccUri(carton.sscc) });
    expect(eventHash(del!)).toBe(del!.eventID);
  });

  it('a vendor return shipped sends the lot back: shipping, returned, from the warehouse to the factory', async () => {
    const site = new Map((await list('tenant/location', { pageSize: 500 })).list.map((r) => [r.code, r.id]));
    const [bill] = await queryRows<Row>(
      t.ctx.db,
      sql`select code, factory_id::int as "factoryId" from wms_bills where tenant_id = ${tenantId} and id = ${billId}`,
    );
    const [line] = await queryRows<{ sku: number }>(
      t.ctx.db,
      sql`select sku_id::int as sku from wms_bill_lines where tenant_id = ${tenantId} and bill_id = ${billId} limit 1`,
    );
    const made = await t.call('POST', '/api/warehouse/bill/create', {
      token: demo,
      body: {
        kind: 6,
        sourceLocationId: site.get('WH01'),
        factoryId: bill.factoryId,
        reservationNo: bill.code,
        lines: [{ cartonNo: '', skuId: line.sku, expectedQty: 2 }],
      },
    });
    expect(made.status, made.body.msg).toBe(200);
    const shipped = await t.call('POST', '/api/warehouse/bill/ship', { token: demo, body: { id: made.body.data.id } });
    expect(shipped.status, shipped.body.msg).toBe(200);
    const last = (await history(epcs[0])).at(-1)!;
    expect(last).toMatchObject({ eventType: 'ObjectEvent', bizStep: 'shipping', disposition: 'returned' });
    expect([...last.epcs].sort()).toEqual([...epcs].sort());
    expect(last.sources.find((x: Row) => x.type === 'location').id).toMatch(/^urn:epc:id:sgln:|^urn:tagloom:loc:/);
    expect(last.destinations.map((x: Row) => x.id).join(' ')).toContain('urn:tagloom:');
    expect(await statusOf(epcs[0])).toBe(TAG_STATUS.SHIPPED);
    const doc = await documentOf(epcs[0]);
    expect(validate(doc) ? [] : validate.errors).toEqual([]);
  });
});
