import { BILL_KIND, BILL_STATUS, CARTON_DIRECTION, CARTON_STATUS, isSscc, TAG_STATUS } from '@tagloom/domain';
import { CARTON_RESULT } from '@tagloom/domain/rfid/reconcile.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { stopParsePool } from '../src/modules/rfid/ingest/parse-pool.js';
import { checkCarton } from '../src/modules/warehouse/cartons/check.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';
import { readAndFold, testReader, testScene, zoneOf } from './support-readers.js';

// biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely
type Row = Record<string, any>;

/**
 * Outbound (issue 31, ../shared/operations.md §7): pack certification at a pack station, box review
 * and audit, a cancelled review read again, a reset confirmed by the typed carton number, the
 * shipment packed, its loading read at the dock-out gate, reviewed, audited (shipped), voided and
 * shipped again, and the carton checked at its receiver against what was packed.
 */
describe(`packing and shipment review on ${DRIVER}`, () => {
  let t: TestApp;
  let demo: string;
  let wh01: string;
  let store01: string;
  let tenantId: number;
  const keys: Record<string, string> = {};
  let skus: { skuId: number; barcode: string; epcs: string[] }[];
  let billId: number;

  /** A reader of a scene type bound to the first zone of WH01 of a zone type, with a device key. */
  async function reader(code: string, zoneType: number, sceneType: number) {
    const scene = await testScene(t, tenantId, `S-${code}`, sceneType, 1);
    keys[code] = await testReader(t, tenantId, code, await zoneOf(t, tenantId, 'WH01', zoneType), scene);
  }

  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
    wh01 = await t.login('wh01', 'demo1234');
    store01 = await t.login('store01', 'demo1234');
    [{ id: tenantId }] = await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from tenants where code = 'DEMO'`);
    await reader('TUN-PK-TEST', 8, 5);
    await reader('GATE-DO-TEST', 6, 2);
    await reader('TUN-DI-TEST', 5, 5);
    // two SKUs' tags no carton holds now (3 and 2 of them)
    const tags = await queryRows<{ sku_id: number; barcode: string; epc: string }>(
      t.ctx.db,
      sql`with s as (select t.sku_id from label_tags t where t.tenant_id = ${tenantId} and t.sku_id is not null
                       and not exists (select 1 from wms_carton_epcs e where e.tenant_id = t.tenant_id and e.epc = t.epc)
                     group by t.sku_id having count(*) >= 3 order by t.sku_id limit 2)
          select t.sku_id::int as sku_id, k.sku_barcode as barcode, t.epc from label_tags t join s on s.sku_id = t.sku_id
            join goods_skus k on k.tenant_id = t.tenant_id and k.id = t.sku_id
           where t.tenant_id = ${tenantId}
             and not exists (select 1 from wms_carton_epcs e where e.tenant_id = t.tenant_id and e.epc = t.epc)
           order by t.sku_id, t.epc`,
    );
    const by = new Map<number, { skuId: number; barcode: string; epcs: string[] }>();
    for (const r of tags) {
      const s = by.get(r.sku_id) ?? { skuId: r.sku_id, barcode: r.barcode, epcs: [] };
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
  const cartonOf = async (cartonNo: string) =>
    (await list('logistics/packing', { billId, cartonNo })).list.find((c) => c.cartonNo === cartonNo)!;
  const shipment = async () => (await list('logistics/shipment-review', { code: undefined })).list.find((b) => b.id === billId)!;
  const act = (code: string, action: string, body: Row, token = demo) =>
    t.call('POST', `/api/${code}/${action}`, { token, body, lang: 'en_US' });
  const dev = (code: string, url: string, body: unknown, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${keys[code]}`, 'x-device-key': keys[code], 'content-type': 'application/json', ...extra },
      payload: JSON.stringify(body),
    });
  let batches = 0;
  /** Reads through a reader (ingestion and the fold); `times` reads of each a second apart (a gate passing). */
  const read = (code: string, epcs: string[], opts: { rssi?: number; times?: number } = {}) =>
    readAndFold(t, keys[code], epcs, `out-${++batches}`, 0, { rssi: -55, ...opts });
  /** A carton at the pack station: its scan, its reads, the session closed. Answers the scan's answer. */
  async function pack(cartonNo: string, epcs: string[]) {
    const opened = await dev('TUN-PK-TEST', '/api/rfid/sessions', { subjectType: 'pack', subjectCode: cartonNo }, { langeType: 'en_US' });
    if (opened.statusCode !== 200) return opened;
    await read('TUN-PK-TEST', epcs);
    const session = JSON.parse(opened.body).data.session;
    const closed = await dev('TUN-PK-TEST', `/api/rfid/sessions/${session.id}/close`, {});
    expect(closed.statusCode, closed.body).toBe(200);
    return opened;
  }
  /** A DC transfer from WH01 to a store with these lines (carton '': without a carton), made through the API. */
  async function transfer(store: string, reservationNo: string, lines: Row[]): Promise<Row> {
    const [wh, st] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id::int as id from locations where tenant_id = ${tenantId} and code in ('WH01', ${store}) order by code desc`,
    );
    const made = await t.call('POST', '/api/warehouse/bill/create', {
      token: demo,
      body: { kind: BILL_KIND.TRANSFER, reservationNo, sourceLocationId: wh.id, destLocationId: st.id, lines },
    });
    expect(made.status, made.body.msg).toBe(200);
    return made.body.data as Row;
  }
  const events = async (bizStep: string, epc: string) =>
    queryRows<{ action: string; event_type: string; parent_id: string | null }>(
      t.ctx.db,
      sql`select action, event_type, parent_id from label_tag_events
           where tenant_id = ${tenantId} and biz_step = ${bizStep} and ${epc} = any(epcs) order by id`,
    );

  it('seeds WH01 shipping in every state: cartons packing to shipped and reset, shipments picking to in transit', async () => {
    const cartons = (await list('logistics/packing')).list;
    const states = new Set(cartons.map((c) => c.status));
    for (const s of [
      CARTON_STATUS.PACKING,
      CARTON_STATUS.PACKED,
      CARTON_STATUS.REVIEWED,
      CARTON_STATUS.AUDITED,
      CARTON_STATUS.SHIPPED,
      CARTON_STATUS.RESET,
    ])
      expect(states.has(s), String(s)).toBe(true);
    const packed = cartons.filter((c) => c.status === CARTON_STATUS.PACKED).map((c) => c.result);
    expect(packed).toEqual(expect.arrayContaining([CARTON_RESULT.MATCHED, CARTON_RESULT.SHORT, CARTON_RESULT.OVER]));
    for (const c of cartons.filter((x) => x.status !== CARTON_STATUS.RESET && x.status !== CARTON_STATUS.PACKING))
      expect(isSscc(c.sscc)).toBe(true);
    const bills = (await list('logistics/shipment-review')).list;
    const byStatus = (s: number) => bills.filter((b) => b.status === s);
    for (const s of [BILL_STATUS.PICKING, BILL_STATUS.PACKED, BILL_STATUS.SHIP_REVIEWED, BILL_STATUS.IN_TRANSIT])
      expect(byStatus(s).length, String(s)).toBeGreaterThan(0);
    // the packed one had one carton of three through the gate: its review names the two missing
    const [half] = byStatus(BILL_STATUS.PACKED);
    expect(half).toMatchObject({ cartonsAudited: 3, cartonsLoaded: 1 });
    const refused = await act('logistics/shipment-review', 'review', { id: half.id });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('2 audited cartons were not read at the dock-out gate');
    // the shipped one's cartons wait at their store as expected ones
    const gone = byStatus(BILL_STATUS.IN_TRANSIT).find((b) => b.cartonsAudited > 0)!;
    expect(gone).toMatchObject({ cartonsPending: gone.cartonsExpected, loadedRatio: 100 });
    // loose lots: one packed, one reviewed (loaded with its shipment)
    const lots = (await list('logistics/scattered')).list;
    expect(new Set(lots.map((l) => l.status))).toEqual(new Set([CARTON_STATUS.PACKING, CARTON_STATUS.PACKED, CARTON_STATUS.REVIEWED]));
    // wh01 sees its warehouse's; the store's clerk none of them
    // (WH02's first carton, scanned at its pack station, is not wh01's)
    expect(cartons.filter((c) => String(c.cartonNo).startsWith('WH02-'))).toHaveLength(1);
    expect((await list('logistics/packing', {}, wh01)).total).toBe(cartons.length - 1);
  });

  it('a transfer from WH01 is picked from its first carton scanned at a pack station; a read off its pick list is refused review and audit', async () => {
    billId = (
      await transfer('ST002', 'OUT-TEST-1', [
        { skuId: skus[0].skuId, expectedQty: 2, cartonNo: 'OUT-T-1' },
        { skuId: skus[1].skuId, expectedQty: 1, cartonNo: 'OUT-T-2' },
      ])
    ).id;
    // a scan of a number the bill does not list, and a scan at a reader that is no pack station, are refused
    const stray = await dev(
      'TUN-PK-TEST',
      '/api/rfid/sessions',
      { subjectType: 'pack', subjectCode: 'NO-SUCH-BOX' },
      { langeType: 'en_US' },
    );
    expect(stray.statusCode).toBe(400);
    expect(JSON.parse(stray.body).msg).toContain('NO-SUCH-BOX');
    const dock = await dev('TUN-DI-TEST', '/api/rfid/sessions', { subjectType: 'pack', subjectCode: 'OUT-T-1' }, { langeType: 'en_US' });
    expect(dock.statusCode).toBe(400);
    expect(JSON.parse(dock.body).msg).toContain('Reader TUN-DI-TEST is not at a pack station of 华东中心仓');

    // carton 1 read with one piece of its SKU and one of another: short 1, over 1
    expect((await pack('OUT-T-1', [skus[0].epcs[0], skus[1].epcs[2]])).statusCode).toBe(200);
    expect((await shipment()).status).toBe(BILL_STATUS.PICKING);
    let c1 = await cartonOf('OUT-T-1');
    expect(c1).toMatchObject({
      status: CARTON_STATUS.PACKED,
      direction: CARTON_DIRECTION.OUT,
      expectedPieces: 2,
      readPieces: 2,
      matched: 1,
      short: 1,
      over: 1,
      result: CARTON_RESULT.MIXED,
    });
    expect(isSscc(c1.sscc)).toBe(true);
    const review = await act('logistics/packing', 'review', { id: c1.id });
    expect(review.status).toBe(409);
    expect(review.body.msg).toContain('did not match its pick list (1 short, 1 over)');
    const audit = await act('logistics/packing', 'audit', { id: c1.id });
    expect(audit.status).toBe(409);
    expect(audit.body.msg).toBe('Select reviewed boxes to audit');
    // no packing event for a mismatched carton
    expect(await events('packing', skus[0].epcs[0])).toEqual([]);

    // repacked and read again: matched — its packing an aggregation under its SSCC
    await pack('OUT-T-1', skus[0].epcs.slice(0, 2));
    c1 = await cartonOf('OUT-T-1');
    expect(c1).toMatchObject({ status: CARTON_STATUS.PACKED, matched: 2, short: 0, over: 0, result: CARTON_RESULT.MATCHED });
    expect((await events('packing', skus[0].epcs[0])).map((e) => [e.event_type, e.action])).toEqual([['AggregationEvent', 'ADD']]);
  });

  it('a reviewed box whose review is cancelled is read again before its next review; a box is audited once reviewed', async () => {
    let c1 = await cartonOf('OUT-T-1');
    expect((await act('logistics/packing', 'review', { id: c1.id })).status).toBe(200);
    expect((await cartonOf('OUT-T-1')).status).toBe(CARTON_STATUS.REVIEWED);
    const cancel = await act('logistics/packing', 'cancelReview', { id: c1.id });
    expect(cancel.status, cancel.body.msg).toBe(200);
    c1 = await cartonOf('OUT-T-1');
    expect(c1).toMatchObject({ status: CARTON_STATUS.PACKED, result: CARTON_RESULT.PENDING, readPieces: 0 });
    // its packing undone in the lifecycle
    expect((await events('unpacking', skus[0].epcs[0])).map((e) => [e.event_type, e.action])).toEqual([['AggregationEvent', 'DELETE']]);
    const again = await act('logistics/packing', 'review', { id: c1.id });
    expect(again.status).toBe(409);
    expect(again.body.msg).toContain('Read the box again');
    await pack('OUT-T-1', skus[0].epcs.slice(0, 2));
    expect((await act('logistics/packing', 'review', { id: c1.id })).status).toBe(200);
    // wh01 (its warehouse's keeper) audits it: audited, never reviewed again nor reset
    const audited = await act('logistics/packing', 'audit', { id: c1.id }, wh01);
    expect(audited.status, audited.body.msg).toBe(200);
    c1 = await cartonOf('OUT-T-1');
    expect(c1.status).toBe(CARTON_STATUS.AUDITED);
    expect(c1.auditedAt).toBeTruthy();
    expect((await act('logistics/packing', 'cancelReview', { id: c1.id })).status).toBe(409);
    expect((await act('logistics/packing', 'reset', { id: c1.id, resetConfirm: 'OUT-T-1' })).status).toBe(409);
    expect(await shipment()).toMatchObject({ status: BILL_STATUS.PICKING, cartonsAudited: 1, cartonsExpected: 2 });
  });

  it('a reset needs the carton number typed; it frees the EPCs and the number, which is packed again', async () => {
    await pack('OUT-T-2', [skus[1].epcs[0]]);
    const c2 = await cartonOf('OUT-T-2');
    expect(c2).toMatchObject({ status: CARTON_STATUS.PACKED, result: CARTON_RESULT.MATCHED });
    const wrong = await act('logistics/packing', 'reset', { id: c2.id, resetConfirm: 'OUT-T-X' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toContain('Type the carton number OUT-T-2 exactly');
    expect(wrong.body.data.fields[0].field).toBe('resetConfirm');
    expect((await cartonOf('OUT-T-2')).status).toBe(CARTON_STATUS.PACKED);
    const reset = await act('logistics/packing', 'reset', { id: c2.id, resetConfirm: 'OUT-T-2' });
    expect(reset.status, reset.body.msg).toBe(200);
    const gone = (await list('logistics/packing', { billId })).list.find((c) => c.id === c2.id)!;
    expect(gone).toMatchObject({ status: CARTON_STATUS.RESET, cartonNo: 'OUT-T-2-R1', originalPackageNo: 'OUT-T-2' });
    const [{ n }] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from wms_carton_epcs where tenant_id = ${tenantId} and carton_id = ${c2.id} and unbound_at is null`,
    );
    expect(n).toBe(0);
    // the number packed again: a new carton, reviewed and audited — the shipment is packed
    await pack('OUT-T-2', [skus[1].epcs[0]]);
    const again = await cartonOf('OUT-T-2');
    expect(again.id).not.toBe(c2.id);
    expect(again.result).toBe(CARTON_RESULT.MATCHED);
    expect((await act('logistics/packing', 'review', { id: again.id })).status).toBe(200);
    expect((await act('logistics/packing', 'audit', { id: again.id })).status).toBe(200);
    expect(await shipment()).toMatchObject({ status: BILL_STATUS.PACKED, cartonsAudited: 2, cartonsLoaded: 0 });
  });

  it('the shipment is reviewed once its dock-out gate read every audited carton, audited (shipped), voided and shipped again', async () => {
    const first = await act('logistics/shipment-review', 'review', { id: billId });
    expect(first.status).toBe(409);
    expect(first.body.msg).toBe('2 audited cartons were not read at the dock-out gate');
    // the gate reads the first carton only
    await read('GATE-DO-TEST', skus[0].epcs.slice(0, 2), { rssi: -40, times: 4 });
    expect(await shipment()).toMatchObject({ cartonsLoaded: 1, loadedRatio: 66.67 });
    const half = await act('logistics/shipment-review', 'review', { id: billId });
    expect(half.body.msg).toBe('1 audited cartons were not read at the dock-out gate');
    await read('GATE-DO-TEST', [skus[1].epcs[0]], { rssi: -40, times: 4 });
    expect(await shipment()).toMatchObject({ cartonsLoaded: 2, loadedRatio: 100 });
    const reviewed = await act('logistics/shipment-review', 'review', { id: billId }, wh01);
    expect(reviewed.status, reviewed.body.msg).toBe(200);
    expect(await events('loading', skus[1].epcs[0])).toHaveLength(1);
    const shipped = await act('logistics/shipment-review', 'audit', { id: billId }, wh01);
    expect(shipped.status, shipped.body.msg).toBe(200);
    expect(await shipment()).toMatchObject({ status: BILL_STATUS.IN_TRANSIT, cartonsPending: 2 });
    const cartons = (await list('logistics/packing', { billId })).list.filter((c) => c.status !== CARTON_STATUS.RESET);
    expect(cartons.map((c) => c.status)).toEqual([CARTON_STATUS.SHIPPED, CARTON_STATUS.SHIPPED]);
    const [tag] = await queryRows<{ status: number }>(
      t.ctx.db,
      sql`select status from label_tags where tenant_id = ${tenantId} and epc = ${skus[0].epcs[0]}`,
    );
    expect(tag.status).toBe(TAG_STATUS.SHIPPED);
    // voided before the store read anything: back on the dock, and shipped again
    const voided = await act('logistics/shipment-review', 'void', { id: billId });
    expect(voided.status, voided.body.msg).toBe(200);
    expect((await shipment()).status).toBe(BILL_STATUS.PACKED);
    expect((await events('void_shipping', skus[0].epcs[0])).length).toBe(1);
    expect((await act('logistics/shipment-review', 'review', { id: billId })).status).toBe(200);
    expect((await act('logistics/shipment-review', 'audit', { id: billId })).status).toBe(200);
  });

  it("a bill's pieces without a carton are read as its loose lot by the bill's number, reviewed, and pack the bill with its audited carton", async () => {
    const second = await transfer('ST003', 'OUT-TEST-2', [
      { skuId: skus[0].skuId, expectedQty: 1, cartonNo: 'OUT-T-9' },
      { skuId: skus[1].skuId, expectedQty: 1, cartonNo: '' },
    ]);
    await pack('OUT-T-9', [skus[0].epcs[2]]);
    const box = (await list('logistics/packing', { billId: second.id })).list[0];
    expect((await act('logistics/packing', 'review', { id: box.id })).status).toBe(200);
    expect((await act('logistics/packing', 'audit', { id: box.id })).status).toBe(200);
    const bill = async () => (await list('logistics/shipment-review')).list.find((b) => b.id === second.id)!;
    // its loose piece not read yet: still picking
    expect((await bill()).status).toBe(BILL_STATUS.PICKING);
    // the bill's number at the pack station: its loose lot, certified against its lines without a carton
    expect((await pack(String(second.code), [skus[1].epcs[1]])).statusCode).toBe(200);
    const lots = (await list('logistics/scattered', { billId: second.id })).list;
    expect(lots).toHaveLength(1);
    expect(lots[0]).toMatchObject({
      cartonNo: `${second.code}-L`,
      direction: CARTON_DIRECTION.LOOSE,
      status: CARTON_STATUS.PACKED,
      result: CARTON_RESULT.MATCHED,
      expectedPieces: 1,
      sscc: '',
    });
    // no container: its packing is an ObjectEvent of the piece, no parent
    expect((await events('packing', skus[1].epcs[1])).map((e) => [e.event_type, e.action, e.parent_id])).toEqual([
      ['ObjectEvent', 'OBSERVE', ''],
    ]);
    // the packing list shows boxes only
    expect((await list('logistics/packing', { billId: second.id })).list).toHaveLength(1);
    const reviewed = await act('logistics/scattered', 'review', { id: lots[0].id }, wh01);
    expect(reviewed.status, reviewed.body.msg).toBe(200);
    expect(await bill()).toMatchObject({ status: BILL_STATUS.PACKED, cartonsAudited: 2 });
  });

  it('the store checks a shipped carton against what was packed in it; the store sees the bill, not the DC screens', async () => {
    const c1 = await cartonOf('OUT-T-1');
    const checked = await t.ctx.db.transaction((tx) =>
      checkCarton(tx, tenantId, c1.id, { tenantId, userId: null, username: 'test' }, undefined, skus[0].epcs.slice(0, 2)),
    );
    expect(checked).toMatchObject({ status: CARTON_STATUS.ACCEPTED, matched: 2, short: 0, result: CARTON_RESULT.MATCHED });
    expect(await shipment()).toMatchObject({ status: BILL_STATUS.RECEIVING, cartonsPending: 1 });
    // once the receiver read it, the shipment is no longer voided
    const late = await act('logistics/shipment-review', 'void', { id: billId });
    expect(late.status).toBe(409);
    // a store's user is refused the DC's screens; wh01 sees its shipment
    expect((await t.call('POST', '/api/logistics/shipment-review/list', { token: store01, body: {} })).status).toBe(403);
    expect((await list('logistics/shipment-review', {}, wh01)).list.some((b) => b.id === billId)).toBe(true);
  });
});
