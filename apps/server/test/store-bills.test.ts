import { BILL_KIND, BILL_STATUS, CARTON_STATUS, RECEIPT_STATUS, STOCK_MOVE_KIND } from '@tagloom/domain';
import { CARTON_RESULT } from '@tagloom/domain/rfid/reconcile.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueDeviceKey } from '../src/core/feed/device-keys.js';
import { queryRows } from '../src/db/client.js';
import { stopParsePool } from '../src/modules/rfid/ingest/parse-pool.js';
import { finishOverdue } from '../src/modules/store/bills/receiving.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';
import { readAndFold, testReader, testScene } from './support-readers.js';

// biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely
type Row = Record<string, any>;

/** Store receiving and store delivery (issue 30, ../shared/operations.md §6): bills to and from a store. */
describe(`store bills on ${DRIVER}`, () => {
  let t: TestApp;
  let demo: string;
  let store01: string;
  let tenantId: number;
  let gateKey: string;
  let hhKey: string;
  const site = new Map<string, number>();
  let skus: number[];

  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
    store01 = await t.login('store01', 'demo1234');
    [{ id: tenantId }] = await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from tenants where code = 'DEMO'`);
    for (const r of (await list('tenant/location', { pageSize: 500 })).list) site.set(r.code, r.id);
    skus = (await list('tenant/goods-sku', { pageSize: 5 })).list.map((r) => r.id);
    // the store's stock-room door (a zone of ST001 when it has one, else the store)
    const [zone] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select z.id::int as id from locations z where z.tenant_id = ${tenantId} and z.site_id = ${site.get('ST001')!} and z.id <> z.site_id order by z.zone_type desc limit 1`,
    );
    const place = zone?.id ?? site.get('ST001')!;
    gateKey = await testReader(t, tenantId, 'RD-ST001-TGATE', place, await testScene(t, tenantId, 'S-ST-GATE', 2));
    const hhScene = await testScene(t, tenantId, 'S-ST-HH', 6);
    await t.ctx.db.execute(sql`insert into equipment (tenant_id, equipment_coding, equipment_name, sn_number, online_status, location_id, scene_id)
      values (${tenantId}, 'HH-ST001-T', 'HH-ST001-T', 'SN-HH-ST001-T', 0, ${place}, ${hhScene})`);
    hhKey = (await issueDeviceKey(t.ctx.db, tenantId, 'HH-ST001-T')).key;
  }, 240_000);
  afterAll(async () => {
    await stopParsePool();
    await t?.close();
  });

  async function list(code: string, body: Row = {}, token = demo) {
    const r = await t.call('POST', `/api/${code}/list`, { token, body: { page: 1, pageSize: 200, ...body } });
    expect(r.status, r.body.msg).toBe(200);
    return r.body.data as { list: Row[]; total: number };
  }
  const call = (code: string, path: string, body: Row, token = demo) =>
    t.call('POST', `/api/${code}/${path}`, { token, body, lang: 'en_US' });
  const receive = (id: number, more: Row = {}, token = store01) => call('store/receiving', 'receive', { id, ...more }, token);
  const fieldsOf = (r: { body: { data: Row | null } }) => (r.body.data?.fields ?? []).map((f: { field: string }) => f.field);
  const billOf = async (reservationNo: string) => (await list('store/receiving', { reservationNo })).list[0];
  const cartonsOf = (billId: number) =>
    queryRows<{ id: number; carton_no: string; status: number }>(
      t.ctx.db,
      sql`select id::int as id, carton_no, status from wms_cartons where tenant_id = ${tenantId} and bill_id = ${billId} order by carton_no`,
    );
  const epcsOf = async (cartonId: number) =>
    (
      await queryRows<{ epc: string }>(
        t.ctx.db,
        sql`select epc from wms_carton_epcs where tenant_id = ${tenantId} and carton_id = ${cartonId} and source = 3 order by epc`,
      )
    ).map((r) => r.epc);
  const arrive = (epcs: string[], key: string) => readAndFold(t, gateKey, epcs, key);

  it("shows a store's clerk the bills to its store only, in every receiving state", async () => {
    const mine = (await list('store/receiving', {}, store01)).list;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((b) => b.destLocationId === site.get('ST001'))).toBe(true);
    expect(mine.every((b) => [BILL_KIND.TRANSFER, BILL_KIND.STORE_TRANSFER].includes(b.kind))).toBe(true);
    for (const s of [BILL_STATUS.IN_TRANSIT, BILL_STATUS.RECEIVING, BILL_STATUS.RECEIVED, BILL_STATUS.REVIEWED])
      expect(mine.some((b) => b.status === s)).toBe(true);
    // the tenant sees other stores' too (ST001's transfer to ST004 in transit), never a draft
    const all = (await list('store/receiving')).list;
    expect(all.some((b) => b.destLocationId === site.get('ST004'))).toBe(true);
    expect(all.some((b) => b.status === BILL_STATUS.CREATED)).toBe(false);
    const other = all.find((b) => b.destLocationId === site.get('ST004'))!;
    expect((await receive(other.id)).status).toBe(404);
    expect((await t.call('GET', `/api/store/receiving/get?id=${other.id}`, { token: store01 })).status).toBe(404);
    expect((await call('store/receiving', 'cartons/list', { id: other.id }, store01)).status).toBe(404);
    expect((await call('store/receiving', 'cartons/list', { id: other.id })).body.data.total).toBeGreaterThan(0);
    const sent = (await list('store/delivery', {}, store01)).list;
    expect(sent.length).toBeGreaterThanOrEqual(4);
    expect(sent.every((b) => b.sourceLocationId === site.get('ST001'))).toBe(true);
  });

  it('lets a clerk write deliveries from its own store only: a return to a warehouse, a transfer to another store', async () => {
    const lines = [{ skuId: skus[0], expectedQty: 3 }];
    const made = await call('store/delivery', 'create', { kind: BILL_KIND.STORE_RETURN, destLocationId: site.get('WH01'), lines }, store01);
    expect(made.status, made.body.msg).toBe(200);
    expect(made.body.data).toMatchObject({ sourceLocationId: site.get('ST001'), status: BILL_STATUS.CREATED, piecesExpected: 3 });
    const elsewhere = await call(
      'store/delivery',
      'create',
      { kind: BILL_KIND.STORE_RETURN, sourceLocationId: site.get('ST004'), destLocationId: site.get('WH01'), lines },
      store01,
    );
    expect(elsewhere.status).toBe(400);
    expect(fieldsOf(elsewhere)).toEqual(['sourceLocationId']);
    const toStore = await call(
      'store/delivery',
      'create',
      { kind: BILL_KIND.STORE_RETURN, destLocationId: site.get('ST004'), lines },
      store01,
    );
    expect(toStore.status).toBe(400);
    expect(fieldsOf(toStore)).toEqual(['destLocationId']);
    expect(toStore.body.msg).toContain('must be a warehouse');
    const toWarehouse = await call(
      'store/delivery',
      'create',
      { kind: BILL_KIND.STORE_TRANSFER, destLocationId: site.get('WH01'), lines },
      store01,
    );
    expect(fieldsOf(toWarehouse)).toEqual(['destLocationId']);
    const wrongKind = await call(
      'store/delivery',
      'create',
      { kind: BILL_KIND.TRANSFER, destLocationId: site.get('ST004'), lines },
      store01,
    );
    expect(wrongKind.status).toBe(400);
    expect(fieldsOf(wrongKind)).toContain('kind');
    // the tenant's user names the store it sends from (a warehouse is no store)
    const fromWarehouse = await call('store/delivery', 'create', {
      kind: BILL_KIND.STORE_RETURN,
      sourceLocationId: site.get('WH02'),
      destLocationId: site.get('WH01'),
      lines,
    });
    expect(fieldsOf(fromWarehouse)).toEqual(['sourceLocationId']);
    const st004 = await call('store/delivery', 'create', {
      kind: BILL_KIND.STORE_TRANSFER,
      sourceLocationId: site.get('ST004'),
      destLocationId: site.get('ST001'),
      lines,
    });
    expect(st004.status, st004.body.msg).toBe(200);
    expect((await list('store/delivery', {}, store01)).list.some((b) => b.id === st004.body.data.id)).toBe(false);
    expect((await call('store/delivery', 'ship', { id: st004.body.data.id }, store01)).status).toBe(404);
  });

  it('ships a draft (in transit), refuses what its state does not allow, deletes a draft only', async () => {
    const lines = [{ skuId: skus[1], expectedQty: 2 }];
    const a = (
      await call('store/delivery', 'create', { kind: BILL_KIND.STORE_TRANSFER, destLocationId: site.get('ST004'), lines }, store01)
    ).body.data;
    const empty = (await call('store/delivery', 'create', { kind: BILL_KIND.STORE_RETURN, destLocationId: site.get('WH01') }, store01)).body
      .data;
    expect((await call('store/delivery', 'ship', { id: empty.id }, store01)).status).toBe(409);
    const shipped = await call('store/delivery', 'ship', { id: a.id }, store01);
    expect(shipped.status, shipped.body.msg).toBe(200);
    expect(shipped.body.data).toMatchObject({ status: BILL_STATUS.IN_TRANSIT });
    expect(shipped.body.data.shippedAt).toBeTruthy();
    expect((await call('store/delivery', 'ship', { id: a.id }, store01)).status).toBe(409);
    expect((await call('store/delivery', 'update', { id: a.id, remark: 'late' }, store01)).status).toBe(409);
    expect((await call('store/delivery', 'delete', { ids: [a.id] }, store01)).status).toBe(409);
    const del = await call('store/delivery', 'delete', { ids: [empty.id] }, store01);
    expect(del.status, del.body.msg).toBe(200);
    // the receiving store sees it coming; the sender does not receive it
    expect((await list('store/receiving')).list.some((b) => b.id === a.id)).toBe(true);
    expect((await list('store/receiving', {}, store01)).list.some((b) => b.id === a.id)).toBe(false);
  });

  it('receives a transfer by its EPCs arriving at the store: RECEIVING at the first, RECEIVED when every carton arrived', async () => {
    const bill = await billOf('TO-ST001-0031');
    expect(bill.status).toBe(BILL_STATUS.IN_TRANSIT);
    expect((await receive(bill.id)).status).toBe(409);
    const [c1, c2] = await cartonsOf(bill.id);
    const first = await epcsOf(c1.id);
    await arrive(first.slice(0, 1), 'st-arr-1');
    expect(await billOf('TO-ST001-0031')).toMatchObject({ status: BILL_STATUS.RECEIVING });
    const pending = await receive(bill.id);
    expect(pending.status).toBe(409);
    expect(pending.body.msg).toContain('not checked yet');
    // the receipt's detail shows the clerk each carton with what the store's reads found in it
    const cartonsShown = async () => {
      const r = await t.call('GET', `/api/store/receiving/get?id=${bill.id}`, { token: store01 });
      expect(r.status, r.body.msg).toBe(200);
      return (r.body.data.cartons as Row[]).map((c) => [c.cartonNo, c.status, c.result, c.expectedPieces, c.readPieces, c.short]);
    };
    expect(await cartonsShown()).toEqual([
      [c1.carton_no, CARTON_STATUS.CHECKED, CARTON_RESULT.SHORT, first.length, 1, first.length - 1],
      [c2.carton_no, c2.status, CARTON_RESULT.PENDING, (await epcsOf(c2.id)).length, 0, 0],
    ]);
    await arrive(first.slice(1), 'st-arr-2');
    expect((await cartonsOf(bill.id))[0].status).toBe(CARTON_STATUS.ACCEPTED);
    expect((await cartonsShown())[0]).toEqual([c1.carton_no, CARTON_STATUS.ACCEPTED, CARTON_RESULT.MATCHED, first.length, first.length, 0]);
    expect((await billOf('TO-ST001-0031')).status).toBe(BILL_STATUS.RECEIVING);
    await arrive(await epcsOf(c2.id), 'st-arr-3');
    const done = await billOf('TO-ST001-0031');
    expect(done).toMatchObject({ status: BILL_STATUS.RECEIVED, piecesDiff: 0, cartonsPending: 0 });
    const ok = await receive(bill.id);
    expect(ok.status, ok.body.msg).toBe(200);
    expect(ok.body.data).toMatchObject({ status: BILL_STATUS.REVIEWED, reviewStatus: 2 });
    const again = await receive(bill.id);
    expect(again.status).toBe(409);
    expect(again.body.msg).toContain('do not submit again');
    // the review put the pieces received into the store's book; shipping had taken them out of the DC's
    const moves = await queryRows<{ site_id: number; kind: number; qty: number }>(
      t.ctx.db,
      sql`select site_id::int, kind, qty from stock_moves where tenant_id = ${tenantId} and doc_type = 'warehouse/bill' and doc_code = ${String(done.code)}`,
    );
    const sum = (kind: number) => moves.filter((m) => m.kind === kind).reduce((n, m) => n + m.qty, 0);
    expect(sum(STOCK_MOVE_KIND.RECEIVED)).toBe(done.piecesExpected);
    expect(new Set(moves.filter((m) => m.kind === STOCK_MOVE_KIND.RECEIVED).map((m) => m.site_id))).toEqual(new Set([site.get('ST001')]));
  });

  it('finishes a receipt two hours after its first read; an abnormal one is received with its difference reason only', async () => {
    const bill = await billOf('TO-ST001-0032');
    expect(bill.status).toBe(BILL_STATUS.RECEIVING);
    // not yet two hours: nothing finishes
    expect(await t.ctx.db.transaction((tx) => finishOverdue(tx, tenantId))).toBe(0);
    await t.ctx.db.execute(
      sql`update wms_bills set received_at = now() - interval '3 hours' where tenant_id = ${tenantId} and id = ${bill.id}`,
    );
    expect(await t.ctx.db.transaction((tx) => finishOverdue(tx, tenantId))).toBe(1);
    const finished = await billOf('TO-ST001-0032');
    expect(finished).toMatchObject({ status: BILL_STATUS.RECEIVED, receiptStatus: RECEIPT_STATUS.ABNORMAL });
    expect(finished.piecesDiff).toBeLessThan(0);
    const noReason = await receive(bill.id);
    expect(noReason.status).toBe(400);
    expect(fieldsOf(noReason)).toEqual(['diffReason']);
    // a handheld announced a session of the carton that never arrived: its upload comes first
    const [, c2] = await cartonsOf(bill.id);
    const header = { deviceSessionId: 'HH-ST-T1', subject: { type: 'carton', code: c2.carton_no }, startedAt: new Date().toISOString() };
    const hh = (body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/rfid/handheld/sessions',
        headers: { authorization: `Bearer ${hhKey}`, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const announced = await hh(header);
    expect(announced.statusCode, announced.body).toBe(200);
    const waiting = await receive(bill.id, { diffReason: 'one carton lost on the way' });
    expect(waiting.status).toBe(409);
    expect(waiting.body.msg).toContain('upload offline handheld data before review');
    expect((await billOf('TO-ST001-0032')).status).toBe(BILL_STATUS.RECEIVED);
    // its reads arrive (one piece of the missing carton): the receipt may be received
    const [piece] = await epcsOf(c2.id);
    const up = await hh({ ...header, reads: [{ epc: piece, at: new Date().toISOString(), count: 2 }] });
    expect(up.statusCode, up.body).toBe(200);
    const ok = await receive(bill.id, { diffReason: 'one carton lost on the way' });
    expect(ok.status, ok.body.msg).toBe(200);
    expect(ok.body.data).toMatchObject({ status: BILL_STATUS.REVIEWED, diffReason: 'one carton lost on the way' });
  });

  it('refuses receive to a user without the button, and the reviewed bill stays reviewed', async () => {
    const viewer = await t.login('viewer', 'viewer123');
    const bill = await billOf('TO-ST001-0033');
    expect(bill.status).toBe(BILL_STATUS.RECEIVED);
    expect((await receive(bill.id, {}, viewer)).status).toBe(403);
    const ok = await receive(bill.id);
    expect(ok.status, ok.body.msg).toBe(200);
    const reviewed = await billOf('TO-ST001-0034');
    expect(reviewed.status).toBe(BILL_STATUS.REVIEWED);
    expect((await receive(reviewed.id)).status).toBe(409);
  });
});
