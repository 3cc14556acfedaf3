import { sglnUri, TAG_EXCEPTION_KIND, TAG_EXCEPTION_STATE, TAG_STATUS, USER_TYPE } from '@tagloom/domain';
import { sgtin96Hex } from '@tagloom/domain/epc/index.js';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { roles, tenants, users } from '../src/db/schema/index.js';
import { createUser } from '../src/modules/general/user/service.js';
import { demoTid } from '../src/modules/label/tags/seed.js';
import { deleteOrderTags, insertTags, recordTagEvent, withdrawOrderTags } from '../src/modules/label/tags/store.js';
import { labelTagBindings, labelTagExceptions, labelTags } from '../src/modules/label/tags/tables.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

// biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely
type Row = Record<string, any>;

describe(`label tags on ${DRIVER}`, () => {
  let t: TestApp;
  let demo: string;
  let acme: string;
  let viewer: string;
  let tenantId: number;
  let acmeId: number;
  let sku: { id: number; gtin: string };
  let orderSeq = 0;
  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
    acme = await t.login('acme', 'acme123');
    viewer = await t.login('viewer', 'viewer123');
    [{ id: tenantId }] = await t.ctx.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, 'DEMO'));
    [{ id: acmeId }] = await t.ctx.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, 'ACME'));
    const [s] = await queryRows<{ id: number; gtin: string }>(
      t.ctx.db,
      sql`select id, gtin from goods_skus where tenant_id = ${tenantId} and char_length(gtin) = 13 order by id limit 1`,
    );
    sku = { id: Number(s.id), gtin: s.gtin };
  });
  afterAll(() => t?.close());

  /** A label order row of the tenant (the orders area's table; only its code matters here). */
  const newOrder = async (tenant = tenantId) => {
    const code = `LPOT${Date.now() % 1e8}${++orderSeq}`;
    const [o] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`insert into label_orders (tenant_id, code) values (${tenant}, ${code}) returning id`,
    );
    return { id: Number(o.id), code };
  };
  /** SGTIN-96 EPCs of the SKU, serials from `from`. */
  const epcsOf = (from: number, n: number) => Array.from({ length: n }, (_, i) => sgtin96Hex(sku.gtin, 7, 1, from + i));
  /** An order with `n` tags (serials from `from`) and its encoding event (as Get EPC records it). */
  const orderWithTags = async (from: number, n: number, tenant = tenantId) => {
    const order = await newOrder(tenant);
    const epcs = epcsOf(from, n);
    await t.ctx.db.transaction(async (tx) => {
      await insertTags(
        tx,
        tenant,
        order.id,
        epcs.map((epc, i) => ({ epc, skuId: sku.id, gtin: `0${sku.gtin}`, serial: String(from + i) })),
      );
      await recordTagEvent(tx, {
        tenantId: tenant,
        action: 'ADD',
        bizStep: 'encoding',
        disposition: 'encoded',
        orderId: order.id,
        source: 'test',
      });
    });
    return { ...order, epcs };
  };
  const tagOf = async (epc: string) =>
    (
      await t.ctx.db
        .select()
        .from(labelTags)
        .where(and(eq(labelTags.tenantId, tenantId), eq(labelTags.epc, epc)))
    )[0];
  const bind = (pairs: { epc: string; tid: string }[], token = demo, path = 'bind') =>
    t.call('POST', `/api/label/tid-binding/${path}`, { token, body: { pairs }, lang: 'en_US' });
  const tid = (n: number) => `E2003412011${String(n).padStart(13, '0')}`;

  it('inserts an order’s tags in bulk statements, refuses a chunk holding an EPC the tenant has, and withdraws them', async () => {
    const order = await newOrder();
    const rows = Array.from({ length: 40_000 }, (_, i) => ({
      epc: `3034${(0x10000000 + i).toString(16).toUpperCase()}${'0'.repeat(12)}`,
      skuId: sku.id,
      gtin: null,
      serial: String(i + 1),
    }));
    await t.ctx.db.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += 20_000) await insertTags(tx, tenantId, order.id, rows.slice(i, i + 20_000));
    });
    const [{ n }] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from label_tags where tenant_id = ${tenantId} and order_id = ${order.id} and status = ${TAG_STATUS.GENERATED}`,
    );
    expect(n).toBe(40_000);
    // one EPC already in the tenant: the whole chunk is refused, nothing of it written
    const again = [
      { ...rows[0], serial: '1' },
      { epc: `3034${'F'.repeat(20)}`, skuId: sku.id, gtin: null, serial: '2' },
    ];
    await expect(t.ctx.db.transaction((tx) => insertTags(tx, tenantId, order.id, again))).rejects.toThrow();
    expect(await tagOf(again[1].epc)).toBeUndefined();
    // another tenant may hold the same EPC (unique per tenant)
    const acmeOrder = await newOrder(acmeId);
    const [acmeGoods] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`insert into goods (tenant_id, style_number, goods_name) values (${acmeId}, 'T-ACME-1', 'Tee') returning id`,
    );
    const [acmeSku] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`insert into goods_skus (tenant_id, goods_id, colour, size, sku_barcode, gtin) values (${acmeId}, ${acmeGoods.id}, 'R', 'M', 'TACME1RM', ${sku.gtin}) returning id`,
    );
    await t.ctx.db.transaction((tx) => insertTags(tx, acmeId, acmeOrder.id, [{ ...rows[0], skuId: Number(acmeSku.id) }]));
    const [{ m }] = await queryRows<{ m: number }>(t.ctx.db, sql`select count(*)::int as m from label_tags where epc = ${rows[0].epc}`);
    expect(m).toBe(2);
    // Reset EPC: the order's tags go, remembered as withdrawn
    const gone = await t.ctx.db.transaction((tx) => deleteOrderTags(tx, tenantId, order.id));
    expect(gone).toBe(40_000);
    expect(await tagOf(rows[5].epc)).toBeUndefined();
    await t.ctx.db.transaction((tx) =>
      recordTagEvent(tx, {
        tenantId,
        action: 'DELETE',
        bizStep: 'decommissioning',
        disposition: 'inactive',
        orderId: order.id,
        epcCount: gone,
      }),
    );
    const life = await t.call('GET', `/api/label/lifecycle/events?epc=${rows[5].epc}`, { token: demo });
    expect(life.status).toBe(200);
    expect(life.body.data.withdrawn).toBe(true);
    expect(life.body.data.order).toEqual({ id: order.id, code: order.code });
    expect(life.body.data.events.map((e: Row) => e.bizStep)).toEqual(['decommissioning']);
    expect(life.body.data.events[0]).toMatchObject({ action: 'DELETE', epcCount: 40_000, orderCode: order.code });
  });

  it('binds EPC ↔ TID: a TID bound to another EPC, an EPC bound to another TID and strangers are refused and recorded as exceptions', async () => {
    const { epcs } = await orderWithTags(1000, 6);
    const ok = await bind([
      { epc: epcs[0].toLowerCase(), tid: tid(1) },
      { epc: epcs[1], tid: tid(2) },
    ]);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ bound: 2, already: 0, refused: [] });
    expect(await tagOf(epcs[0])).toMatchObject({ tid: tid(1), status: TAG_STATUS.BOUND });
    // the same pair again: already bound, nothing written twice
    expect((await bind([{ epc: epcs[0], tid: tid(1) }])).body.data).toMatchObject({ bound: 0, already: 1 });
    const records = await t.ctx.db
      .select()
      .from(labelTagBindings)
      .where(and(eq(labelTagBindings.tenantId, tenantId), eq(labelTagBindings.epc, epcs[0])));
    expect(records).toHaveLength(1);

    const stranger = `30${'1'.repeat(22)}`;
    const foreign = `E2${'0'.repeat(22)}`;
    const r = await bind([
      { epc: epcs[2], tid: tid(1) }, // TID already bound to epcs[0]
      { epc: epcs[1], tid: tid(9) }, // EPC bound to another TID
      { epc: stranger, tid: tid(10) }, // no tag of the tenant
      { epc: foreign, tid: tid(11) }, // header E2: no GS1 scheme
      { epc: epcs[3], tid: tid(12) }, // the same EPC with two TIDs
      { epc: epcs[3], tid: tid(13) },
      { epc: epcs[4], tid: tid(14) }, // fine
    ]);
    expect(r.status).toBe(200);
    expect(r.body.data.bound).toBe(1);
    const refused = r.body.data.refused as Row[];
    expect(refused.map((x) => [x.line, x.key])).toEqual([
      [1, 'tags.tidTaken'],
      [2, 'tags.tidMismatch'],
      [3, 'tags.unknownEpc'],
      [4, 'tags.nonGs1Header'],
      [5, 'tags.duplicateEpc'],
      [6, 'tags.duplicateEpc'],
    ]);
    expect(refused[0].message).toBe(`TID ${tid(1)} is already bound to another EPC (${epcs[0]})`);
    expect(await tagOf(epcs[2])).toMatchObject({ tid: '' });
    expect(await tagOf(epcs[1])).toMatchObject({ tid: tid(2) });
    const kinds = async (epc: string) =>
      (
        await t.ctx.db
          .select({ kind: labelTagExceptions.kind })
          .from(labelTagExceptions)
          .where(and(eq(labelTagExceptions.tenantId, tenantId), eq(labelTagExceptions.epc, epc)))
      ).map((x) => x.kind);
    expect(await kinds(epcs[2])).toEqual([TAG_EXCEPTION_KIND.TID_MISMATCH]);
    expect(await kinds(epcs[1])).toEqual([TAG_EXCEPTION_KIND.TID_MISMATCH]);
    expect(await kinds(stranger)).toEqual([TAG_EXCEPTION_KIND.UNKNOWN_EPC]);
    expect(await kinds(foreign)).toEqual([TAG_EXCEPTION_KIND.NON_GS1_HEADER]);
    expect(await kinds(epcs[3])).toEqual([TAG_EXCEPTION_KIND.DUPLICATE_EPC]); // once while pending

    // a malformed code is a 400 naming the field, nothing written
    const bad = await bind([{ epc: 'XYZ', tid: tid(20) }]);
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields.map((f: Row) => f.field)).toEqual(['pairs.0.epc']);
    expect(bad.body.msg).toContain('hexadecimal');
    // a role without the bind button
    expect((await bind([{ epc: epcs[5], tid: tid(21) }], viewer)).status).toBe(403);
    // the import path binds the same way, recorded as an import
    const imp = await bind([{ epc: epcs[5], tid: tid(22) }], demo, 'import');
    expect(imp.body.data.bound).toBe(1);
    const [rec] = await t.ctx.db
      .select()
      .from(labelTagBindings)
      .where(and(eq(labelTagBindings.tenantId, tenantId), eq(labelTagBindings.epc, epcs[5])));
    expect(rec).toMatchObject({ action: 1, source: 2, operator: 'demo', tid: tid(22) });

    // unbind: the TID goes, a record says so; unbinding an unbound tag is refused
    const tag0 = await tagOf(epcs[0]);
    const un = await t.call('POST', '/api/label/tid-binding/unbind', { token: demo, body: { ids: [tag0.id] } });
    expect(un.status).toBe(200);
    expect(await tagOf(epcs[0])).toMatchObject({ tid: '', status: TAG_STATUS.ENCODED });
    expect((await t.call('POST', '/api/label/tid-binding/unbind', { token: demo, body: { ids: [tag0.id] } })).status).toBe(409);
    const history = await t.call('POST', '/api/label/binding-record/list', { token: demo, body: { epc: epcs[0] } });
    expect(history.body.data.list.map((x: Row) => x.action)).toEqual([2, 1]);
    // the freed TID binds again
    expect((await bind([{ epc: epcs[2], tid: tid(1) }])).body.data.bound).toBe(1);
  });

  it('seeds DEMO with a label order of tags, eight bound as a printer sent them, and exceptions of every kind, worded in the reader’s language', async () => {
    const tags = await t.call('POST', '/api/label/tid-binding/list', { token: demo, body: { pageSize: 100 } });
    expect(tags.body.data.total).toBeGreaterThanOrEqual(24);
    // the bound ones (the stores' stock tags, another order's, are many and unbound)
    const boundList = await t.call('POST', '/api/label/tid-binding/list', {
      token: demo,
      body: { pageSize: 100, status: TAG_STATUS.BOUND },
    });
    const bound = (boundList.body.data.list as Row[]).filter((r) => r.tid);
    expect(bound.length).toBeGreaterThanOrEqual(8);
    expect(bound[0].skuBarcode).toMatch(/\S/);
    const records = await t.call('POST', '/api/label/binding-record/list', { token: demo, body: { source: 3 } });
    expect(records.body.data.total).toBeGreaterThanOrEqual(8);
    const ex = await t.call('POST', '/api/label/exception/list', { token: demo, body: { pageSize: 100 }, lang: 'en_US' });
    // every kind: the registry's four, and the warehouse's (a foreign EPC in a carton, an EPC at two sites)
    expect(new Set((ex.body.data.list as Row[]).map((r) => r.kind))).toEqual(new Set(Object.values(TAG_EXCEPTION_KIND)));
    const unknown = (ex.body.data.list as Row[]).find(
      (r) => r.kind === TAG_EXCEPTION_KIND.UNKNOWN_EPC && (r.reason as Row | null)?.key === 'tags.unknownEpc',
    )!;
    // worded in the session's language (the export's too); the console words `reason` in its own
    expect(unknown.detail).toBe(`EPC ${unknown.epc} 不是本租户生成的标签`);
    expect(unknown.reason).toMatchObject({ key: 'tags.unknownEpc', params: { epc: unknown.epc } });
    expect((await t.call('POST', '/api/label/exception/list', { token: acme, body: {} })).body.data.total).toBe(0);
  });

  it('handles and clears exceptions: a note is required, a handled one is not handled again', async () => {
    const list = await t.call('POST', '/api/label/exception/list', {
      token: demo,
      body: { state: TAG_EXCEPTION_STATE.PENDING, pageSize: 50 },
    });
    expect(list.body.data.total).toBeGreaterThan(0);
    const id = list.body.data.list[0].id;
    expect((await t.call('POST', '/api/label/exception/handle', { token: demo, body: { ids: [id] }, lang: 'en_US' })).status).toBe(400);
    const h = await t.call('POST', '/api/label/exception/handle', { token: demo, body: { ids: [id], note: 'Re-encoded by the supplier' } });
    expect(h.status).toBe(200);
    const got = (await t.call('GET', `/api/label/exception/get?id=${id}`, { token: demo })).body.data;
    expect(got).toMatchObject({ state: TAG_EXCEPTION_STATE.HANDLED, note: 'Re-encoded by the supplier', handledBy: 'demo' });
    const twice = await t.call('POST', '/api/label/exception/handle', { token: demo, body: { ids: [id], note: 'again' }, lang: 'en_US' });
    expect(twice.status).toBe(409);
    expect((await t.call('POST', '/api/label/exception/clear', { token: demo, body: { ids: [id] } })).status).toBe(200);
    expect((await t.call('GET', `/api/label/exception/get?id=${id}`, { token: demo })).body.data.state).toBe(TAG_EXCEPTION_STATE.CLEARED);
    expect((await t.call('POST', '/api/label/exception/clear', { token: demo, body: { ids: [id] } })).status).toBe(409);
    // another tenant's exception ids are not found
    expect((await t.call('POST', '/api/label/exception/clear', { token: acme, body: { ids: [id] } })).status).toBe(404);
  });

  it('clears tag status for good: a decommissioning event, no second clearing, no binding after; unknown EPCs clear nothing', async () => {
    const { epcs } = await orderWithTags(2000, 3);
    const check = await t.call('POST', '/api/label/clear-tag/check', { token: demo, body: { epcs: [...epcs, `30${'2'.repeat(22)}`] } });
    expect(check.body.data.tags).toHaveLength(3);
    expect(check.body.data.unknown).toEqual([`30${'2'.repeat(22)}`]);
    const refused = await t.call('POST', '/api/label/clear-tag/clear', {
      token: demo,
      body: { epcs: [epcs[0], `30${'2'.repeat(22)}`] },
      lang: 'en_US',
    });
    expect(refused.status).toBe(400);
    expect((await tagOf(epcs[0])).status).toBe(TAG_STATUS.GENERATED);
    const ok = await t.call('POST', '/api/label/clear-tag/clear', { token: demo, body: { epcs: epcs.slice(0, 2) } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.cleared).toBe(2);
    expect((await tagOf(epcs[0])).status).toBe(TAG_STATUS.CLEARED);
    const again = await t.call('POST', '/api/label/clear-tag/clear', { token: demo, body: { epcs: [epcs[1]] }, lang: 'en_US' });
    expect(again.status).toBe(409);
    expect(again.body.msg).toContain('cannot be repeated');
    expect((await bind([{ epc: epcs[0], tid: tid(30) }])).body.data.refused[0].key).toBe('tags.tagCleared');
    expect((await t.call('POST', '/api/label/clear-tag/clear', { token: viewer, body: { epcs: [epcs[2]] } })).status).toBe(403);
  });

  it("gives one EPC's lifecycle in time order (its order's events and its own) and its EPCIS 2.0 document", async () => {
    const order = await orderWithTags(3000, 2);
    const [epc, other] = order.epcs;
    expect((await bind([{ epc, tid: tid(40) }])).body.data.bound).toBe(1);
    await t.ctx.db.transaction((tx) =>
      recordTagEvent(tx, {
        tenantId,
        action: 'OBSERVE',
        bizStep: 'shipping',
        disposition: 'in_transit',
        orderId: order.id,
        readPoint: 'urn:epc:id:sgln:0614141.00777.0',
        eventTimeZoneOffset: '+08:00',
      }),
    );
    await t.call('POST', '/api/label/clear-tag/clear', { token: demo, body: { epcs: [epc] } });
    const life = await t.call('GET', `/api/label/lifecycle/events?epc=${epc}`, { token: demo });
    expect(life.status).toBe(200);
    const events = life.body.data.events as Row[];
    // CBV: encoded (Get EPC) before commissioned (the printer binds it)
    expect(events.map((e) => e.bizStep)).toEqual(['encoding', 'commissioning', 'shipping', 'decommissioning']);
    expect(events.map((e) => e.eventTime)).toEqual([...events.map((e) => e.eventTime)].sort());
    expect(life.body.data.tag).toMatchObject({ epc, status: TAG_STATUS.CLEARED });
    // the other tag shares its order's events, not this one's own
    const otherLife = await t.call('GET', `/api/label/lifecycle/events?epc=${other}`, { token: demo });
    expect(otherLife.body.data.events.map((e: Row) => e.bizStep)).toEqual(['encoding', 'shipping']);

    // served as the EPCIS document itself (JSON-LD), not inside {code, msg, data}
    const served = await t.call('GET', `/api/label/lifecycle/epcis?epc=${epc}`, { token: demo });
    expect(served.status).toBe(200);
    expect(String(served.headers['content-type'])).toMatch(/^application\/ld\+json/);
    expect(served.headers['content-disposition']).toBeUndefined();
    expect(served.body).not.toHaveProperty('code');
    const doc = served.body as Row;
    expect(doc['@context']).toEqual(['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld']);
    expect(doc).toMatchObject({ type: 'EPCISDocument', schemaVersion: '2.0' });
    const list = doc.epcisBody.eventList as Row[];
    expect(list).toHaveLength(4);
    const uri = `urn:epc:id:sgtin:${sku.gtin.slice(0, 7)}.0${sku.gtin.slice(7, 12)}.3000`;
    for (const e of list) {
      expect(e.type).toBe('ObjectEvent');
      expect(e.epcList).toEqual([uri]);
      expect(e.eventTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(e.bizTransactionList).toEqual([{ type: 'po', bizTransaction: `urn:tagloom:bt:po:${order.code}` }]);
    }
    expect(list[0]).toMatchObject({ action: 'ADD', bizStep: 'encoding', disposition: 'encoded' });
    expect(list[1]).toMatchObject({ action: 'ADD', bizStep: 'commissioning', disposition: 'active' });
    expect(list[2]).toMatchObject({
      action: 'OBSERVE',
      bizStep: 'shipping',
      eventTimeZoneOffset: '+08:00',
      readPoint: { id: 'urn:epc:id:sgln:0614141.00777.0' },
    });
    expect(list[3]).toMatchObject({ action: 'DELETE', bizStep: 'decommissioning', disposition: 'inactive' });
    // asked as a file (the console's download): the same document, as an attachment
    const file = await t.call('GET', `/api/label/lifecycle/epcis?epc=${epc}&download=1`, { token: demo });
    expect(file.headers['content-disposition']).toMatch(/^attachment;.*epcis-/);
    expect((file.body as Row).epcisBody.eventList).toHaveLength(4);
    // the OpenAPI document says so
    const api = await t.call('GET', '/api/docs/json', { token: demo });
    const op = (api.body as Row).paths['/api/label/lifecycle/epcis'].get;
    expect(Object.keys(op.responses['200'].content)).toEqual(['application/ld+json']);
    expect(op.responses['200'].content['application/ld+json'].schema.properties).toHaveProperty('epcisBody');
    // a malformed EPC is a 400 naming it (an envelope: an error is no document)
    const bad = await t.call('GET', '/api/label/lifecycle/events?epc=12', { token: demo, lang: 'en_US' });
    expect(bad.status).toBe(400);
    const badDoc = await t.call('GET', '/api/label/lifecycle/epcis?epc=12', { token: demo, lang: 'en_US' });
    expect(badDoc.status).toBe(400);
    expect(badDoc.body.msg).toMatch(/EPC/);
  });

  it("keeps each tenant's tags and events to itself", async () => {
    const order = await orderWithTags(4000, 1);
    const [epc] = order.epcs;
    const mine = await t.call('GET', `/api/label/lifecycle/events?epc=${epc}`, { token: demo });
    expect(mine.body.data.events.length).toBeGreaterThan(0);
    const theirs = await t.call('GET', `/api/label/lifecycle/events?epc=${epc}`, { token: acme });
    expect(theirs.body.data).toMatchObject({ tag: null, order: null, events: [] });
    const feed = await t.call('POST', '/api/label/lifecycle/list', { token: acme, body: { pageSize: 500 } });
    expect(feed.status).toBe(200);
    expect(feed.body.data.list.map((e: Row) => e.orderCode)).not.toContain(order.code);
    const ours = await t.call('POST', '/api/label/lifecycle/list', { token: demo, body: { orderCode: order.code } });
    expect(ours.body.data.list).toHaveLength(1);
    expect((await t.call('GET', `/api/label/epc-query/lookup?code=${epc}`, { token: acme })).body.data.found).toBe(false);
    const found = (await t.call('GET', `/api/label/epc-query/lookup?code=${epc}`, { token: demo })).body.data;
    expect(found).toMatchObject({ found: true, order: { code: order.code }, sku: { gtin: sku.gtin } });
    expect(found.decoded).toMatchObject({ scheme: 'sgtin-96', serial: '4000', gtin: `0${sku.gtin}` });
    expect((await t.call('POST', '/api/label/tid-binding/list', { token: acme, body: { epc } })).body.data.total).toBe(0);
    expect(
      (await t.call('POST', '/api/label/tid-binding/bind', { token: acme, body: { pairs: [{ epc, tid: tid(50) }] } })).body.data.refused[0]
        .key,
    ).toBe('tags.unknownEpc');
  });
  /** One EPC's lifecycle as [bizStep, disposition] pairs, as `token` reads it. */
  const stepsOf = async (epc: string, token = demo) =>
    ((await t.call('GET', `/api/label/lifecycle/events?epc=${epc}`, { token })).body.data.events as Row[]).map((e) => [
      e.bizStep,
      e.disposition,
    ]);
  /** The EPC of the demo tag bound to demoTid(n). */
  const demoEpc = async (n: number) =>
    (await queryRows<{ epc: string }>(t.ctx.db, sql`select epc from label_tags where tenant_id = ${tenantId} and tid = ${demoTid(n)}`))[0]
      .epc;

  it('bounds an order’s whole-order events by each EPC’s generation: a new EPC has no withdrawal of those before it, a withdrawn one no encoding of those after', async () => {
    const order = await newOrder();
    const generate = (from: number) =>
      t.ctx.db.transaction(async (tx) => {
        const epcs = epcsOf(from, 2);
        await insertTags(
          tx,
          tenantId,
          order.id,
          epcs.map((epc, i) => ({ epc, skuId: sku.id, gtin: `0${sku.gtin}`, serial: String(from + i) })),
        );
        await recordTagEvent(tx, { tenantId, action: 'ADD', bizStep: 'encoding', disposition: 'encoded', orderId: order.id });
        return epcs;
      });
    const before = await generate(5000);
    // Reset EPC, as the order's action does it: the withdrawal and its event in one transaction
    await t.ctx.db.transaction((tx) => withdrawOrderTags(tx, { tenantId, orderId: order.id }));
    const after = await generate(5100);
    expect(await stepsOf(after[0])).toEqual([['encoding', 'encoded']]);
    expect(await stepsOf(before[0])).toEqual([
      ['encoding', 'encoded'],
      ['decommissioning', 'inactive'],
    ]);
    const doc = (await t.call('GET', `/api/label/lifecycle/epcis?epc=${after[1]}`, { token: demo })).body as Row;
    expect(doc.epcisBody.eventList.map((e: Row) => e.bizStep)).toEqual(['encoding']);
  });

  it('seeds a lifecycle in CBV order: encoded before commissioned, then a journey through WH01 and ST001 with a sale and a return; no event recorded before it happened', async () => {
    const [{ n }] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from label_tag_events where tenant_id = ${tenantId} and record_time < created_at`,
    );
    expect(n).toBe(0);
    expect(await stepsOf(await demoEpc(1))).toEqual([
      ['encoding', 'encoded'],
      ['commissioning', 'active'],
      ['receiving', 'in_progress'],
      ['storing', 'available'],
      ['shipping', 'in_transit'],
      ['receiving', 'in_progress'],
      ['storing', 'available'],
      ['retail_selling', 'retail_sold'],
      ['receiving', 'returned'],
      ['storing', 'available'],
    ]);
    // every tag the demo bound was encoded before it was commissioned
    for (const k of [2, 9, 17]) {
      const steps = (await stepsOf(await demoEpc(k))).map(([step]) => step);
      expect(steps.indexOf('encoding'), `demo tag ${k}`).toBeGreaterThanOrEqual(0);
      expect(steps.indexOf('encoding')).toBeLessThan(steps.indexOf('commissioning'));
    }
  });

  it('lets a store’s or a warehouse’s user reach the tags seen at its own place: EPC query, lifecycle, EPCIS document and feed', async () => {
    const [admin] = await t.ctx.db
      .select()
      .from(roles)
      .where(and(eq(roles.tenantId, tenantId), eq(roles.allMenus, true)));
    const places = await queryRows<{ id: number; code: string; gln: string }>(
      t.ctx.db,
      sql`select id::int as id, code, gln from locations where tenant_id = ${tenantId} and code in ('ST001', 'WH01')`,
    );
    const placeOf = (code: string) => places.find((p) => p.code === code)!;
    const userAt = async (kind: 'store' | 'warehouse', code: string) => {
      const username = `site_${kind}`;
      const user = await createUser(t.ctx.db, tenantId, 'DEMO', {
        username,
        password: 'site12345',
        userType: USER_TYPE.TENANT_USER,
        roleIds: [admin.id],
      });
      await t.ctx.db
        .update(users)
        .set({ partyKind: kind, partyId: placeOf(code).id })
        .where(and(eq(users.tenantId, tenantId), eq(users.id, user.id)));
      return t.login(username, 'site12345');
    };
    const store = await userAt('store', 'ST001');
    const wh = await userAt('warehouse', 'WH01');
    // the demo journey: tag 1 went through WH01 to ST001, tag 4 stayed at WH01; tag 9 (another order) was at neither
    const [atBoth, atWarehouse, nowhere, readAtStore] = [await demoEpc(1), await demoEpc(4), await demoEpc(9), await demoEpc(10)];
    // an RFID reader at ST001 last saw tag 10 (its EPC state; no event of it there)
    await t.ctx.db.execute(
      sql`insert into rfid_epc_states (tenant_id, epc, first_seen_at, last_seen_at, last_location_id)
          values (${tenantId}, ${readAtStore}, now(), now(), ${placeOf('ST001').id})`,
    );
    const found = async (epc: string, token: string) =>
      (await t.call('GET', `/api/label/epc-query/lookup?code=${epc}`, { token })).body.data.found as boolean;
    expect([
      await found(atBoth, store),
      await found(atWarehouse, store),
      await found(nowhere, store),
      await found(readAtStore, store),
    ]).toEqual([true, false, false, true]);
    expect([await found(atBoth, wh), await found(atWarehouse, wh), await found(nowhere, wh), await found(readAtStore, wh)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    // the lifecycle of a tag it reaches is the tag's whole history; of any other, nothing
    expect(await stepsOf(atBoth, store)).toEqual(await stepsOf(atBoth));
    expect(await stepsOf(atWarehouse, store)).toEqual([]);
    const doc = async (epc: string, token: string) => (await t.call('GET', `/api/label/lifecycle/epcis?epc=${epc}`, { token })).body as Row;
    expect((await doc(atBoth, store)).epcisBody.eventList).toHaveLength(10);
    expect((await doc(atWarehouse, store)).epcisBody.eventList).toEqual([]);
    expect((await doc(atWarehouse, wh)).epcisBody.eventList.map((e: Row) => e.bizStep)).toEqual([
      'encoding',
      'commissioning',
      'receiving',
      'storing',
    ]);
    // the feed: the events at its own place
    const feed = (await t.call('POST', '/api/label/lifecycle/list', { token: store, body: { pageSize: 100 } })).body.data.list as Row[];
    expect(feed.length).toBeGreaterThan(0);
    expect(new Set(feed.map((e) => e.bizLocation))).toEqual(new Set([sglnUri(placeOf('ST001').gln, 7)]));
  });
});
