import { BILL_STATUS, CARTON_STATUS, EPC_CLASS, isSscc, RECEIPT_STATUS } from '@tagloom/domain';
import { CARTON_RESULT } from '@tagloom/domain/rfid/reconcile.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueDeviceKey } from '../src/core/feed/device-keys.js';
import { queryRows } from '../src/db/client.js';
import { stopParsePool } from '../src/modules/rfid/ingest/parse-pool.js';
import { foldRunner } from '../src/modules/rfid/state/fold-runner.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

// biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely
type Row = Record<string, any>;

/** Cartons and their receiving check (issue 29, ../shared/operations.md E2, E3, F5). */
describe(`cartons and the receiving check on ${DRIVER}`, () => {
  let t: TestApp;
  let demo: string;
  let wh01: string;
  let tenantId: number;
  let key: string;
  let hhKey: string;
  const TUNNEL = 'TUN-TEST-01';

  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
    wh01 = await t.login('wh01', 'demo1234');
    [{ id: tenantId }] = await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from tenants where code = 'DEMO'`);
    // a dock tunnel in WH01's inbound dock
    const [dock] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select z.id::int as id from locations z join locations w on w.id = z.site_id and w.tenant_id = z.tenant_id
          where z.tenant_id = ${tenantId} and w.code = 'WH01' and z.kind = 5 order by z.id limit 1`,
    );
    const [scene] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`insert into rfid_scenes (tenant_id, scene_code, scene_name, min_period, interval_period, max_period, read_power, report_interval,
            scene_type, depart_after, move_holdoff, return_guard)
          values (${tenantId}, 'S-TUN-TEST', 'tunnel', 1, 1, 1, 1, 1, 5, 600, 10, 300) returning id::int as id`,
    );
    await t.ctx.db.execute(sql`insert into equipment (tenant_id, equipment_coding, equipment_name, sn_number, online_status, location_id, scene_id)
      values (${tenantId}, ${TUNNEL}, ${TUNNEL}, 'SN-TUN-TEST', 0, ${dock.id}, ${scene.id})`);
    key = (await issueDeviceKey(t.ctx.db, tenantId, TUNNEL)).key;
    const [hhScene] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`insert into rfid_scenes (tenant_id, scene_code, scene_name, min_period, interval_period, max_period, read_power, report_interval,
            scene_type, depart_after, move_holdoff, return_guard)
          values (${tenantId}, 'S-HH-TEST', 'handheld', 1, 1, 1, 1, 1, 6, 600, 10, 300) returning id::int as id`,
    );
    await t.ctx.db.execute(sql`insert into equipment (tenant_id, equipment_coding, equipment_name, sn_number, online_status, location_id, scene_id)
      values (${tenantId}, 'HH-TEST-01', 'HH-TEST-01', 'SN-HH-TEST', 0, ${dock.id}, ${hhScene.id})`);
    hhKey = (await issueDeviceKey(t.ctx.db, tenantId, 'HH-TEST-01')).key;
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
  const billOf = async (reservationNo: string) => (await list('warehouse/bill', { reservationNo })).list[0];
  const cartonsOf = async (billId: number, token = demo) =>
    (await list('warehouse/box', { billId, pageSize: 100 }, token)).list.sort((a, b) => a.cartonNo.localeCompare(b.cartonNo));
  const act = (action: string, body: Row, token = demo) =>
    t.call('POST', `/api/warehouse/receiving-check/${action}`, { token, body, lang: 'en_US' });
  const dev = (url: string, body: unknown, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${key}`, 'x-device-key': key, 'content-type': 'application/json', langeType: 'en_US', ...extra },
      payload: JSON.stringify(body),
    });
  /** A carton through the test tunnel: its scan, its reads (through ingestion and the fold), the next scan's close. */
  async function tunnel(subjectCode: string, epcs: string[], batchKey: string) {
    const opened = await dev('/api/rfid/sessions', { subjectType: 'carton', subjectCode });
    expect(opened.statusCode, opened.body).toBe(200);
    const at = new Date(Date.now() - 1000).toISOString().replace('Z', '+0000');
    const batch = epcs.map((epc) => ({ timestamp: at, type: 'SIMPLE', data: { idHex: epc, antenna: 1, peakRssi: -55, reads: 2 } }));
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/rfid/ingest/zebra',
      headers: { 'x-device-key': key, 'content-type': 'application/json', 'idempotency-key': batchKey },
      payload: JSON.stringify(batch),
    });
    expect(sent.statusCode).toBeLessThan(300);
    const end = Date.now() + 15_000;
    for (;;) {
      const [q] = await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from rfid_fold_queue`);
      if (q.n === 0) break;
      if (Date.now() > end) throw new Error('fold did not finish');
      await new Promise((r) => setTimeout(r, 50));
    }
    await foldRunner(t.ctx).idle();
    const session = JSON.parse(opened.body).data.session;
    const closed = await dev(`/api/rfid/sessions/${session.id}/close`, {});
    expect(closed.statusCode, closed.body).toBe(200);
    return session as Row;
  }
  const bindings = async (cartonId: number) =>
    queryRows<{ epc: string; result: number; source: number }>(
      t.ctx.db,
      sql`select epc, result, source from wms_carton_epcs where tenant_id = ${tenantId} and carton_id = ${cartonId} and unbound_at is null order by epc`,
    );

  it('seeds a receipt in progress: a carton of each result, the held one abnormal, the bill receiving', async () => {
    const bill = await billOf('ASN-FA01-0002');
    expect(bill.status).toBe(BILL_STATUS.RECEIVING);
    const cartons = await cartonsOf(bill.id);
    expect(cartons.map((c) => [c.status, c.result])).toEqual([
      [CARTON_STATUS.ACCEPTED, CARTON_RESULT.MATCHED],
      [CARTON_STATUS.CHECKED, CARTON_RESULT.SHORT],
      [CARTON_STATUS.CHECKED, CARTON_RESULT.OVER],
      [CARTON_STATUS.CHECKED, CARTON_RESULT.SHORT],
      [CARTON_STATUS.HELD, CARTON_RESULT.MIXED],
      [CARTON_STATUS.EXPECTED, CARTON_RESULT.PENDING],
    ]);
    // the mis-pack: over in one carton, short in the next; the held one read a foreign and an unknown EPC
    expect(cartons[2]).toMatchObject({ expectedPieces: 5, readPieces: 6, matched: 5, over: 1, short: 0 });
    expect(cartons[3]).toMatchObject({ expectedPieces: 5, readPieces: 4, matched: 4, short: 1 });
    expect(cartons[4]).toMatchObject({ matched: 4, short: 1, foreign: 1, unknown: 1 });
    for (const c of cartons) expect(isSscc(c.sscc)).toBe(true);
    // every count adds up: matched + short = expected, matched + over + foreign + unknown = read
    for (const c of cartons.slice(0, 5)) {
      expect(c.matched + c.short).toBe(c.expectedPieces);
      expect(c.matched + c.over + c.foreign + c.unknown).toBe(c.readPieces);
    }
    const after = await billOf('ASN-FA01-0002');
    expect(after).toMatchObject({ piecesExpected: 30, piecesReceived: 23, piecesDiff: -7, receiptStatus: RECEIPT_STATUS.ABNORMAL });
    // the bindings say which EPC was what
    const classes = (await bindings(cartons[4].id)).map((b) => b.result);
    expect(classes.filter((c) => c === EPC_CLASS.FOREIGN)).toHaveLength(1);
    expect(classes.filter((c) => c === EPC_CLASS.UNKNOWN)).toHaveLength(1);
    const asn = await list('logistics/asn-binding', { billId: bill.id, pageSize: 100 });
    expect(asn.total).toBeGreaterThanOrEqual(31);
  });

  it('a carton through the tunnel: its scan opens a session, its reads close it checked (matched: accepted at once)', async () => {
    const bill = await billOf('ASN-FA01-0002');
    const last = (await cartonsOf(bill.id))[5];
    const expected = (await bindings(last.id)).map((b) => b.epc);
    expect(expected).toHaveLength(5);
    const session = await tunnel(last.sscc, expected, 'carton-test-1');
    const now = (await cartonsOf(bill.id))[5];
    expect(now).toMatchObject({
      status: CARTON_STATUS.ACCEPTED,
      result: CARTON_RESULT.MATCHED,
      readPieces: 5,
      matched: 5,
      sessionCode: session.code,
      deviceNo: TUNNEL,
    });
    expect((await billOf('ASN-FA01-0002')).piecesReceived).toBe(28);
  });

  it('the checker holds, reads again and accepts; the refusals name the field and the state', async () => {
    const bill = await billOf('ASN-FA01-0002');
    const [, short, , , held] = await cartonsOf(bill.id);
    // a hold needs its reason
    const noReason = await act('hold', { id: short.id });
    expect(noReason.status).toBe(400);
    expect(JSON.stringify(noReason.body)).toContain('holdReason');
    const hold = await act('hold', { id: short.id, holdReason: 'one piece missing, asking the factory' });
    expect(hold.status, hold.body.msg).toBe(200);
    expect(hold.body.data.status).toBe(CARTON_STATUS.HELD);
    // a held carton cannot be held again
    expect((await act('hold', { id: short.id, holdReason: 'again' })).status).toBe(409);
    // read again: its reads forgotten
    const again = await act('reread', { id: short.id });
    expect(again.status, again.body.msg).toBe(200);
    expect(again.body.data).toMatchObject({ status: CARTON_STATUS.EXPECTED, result: CARTON_RESULT.PENDING, readPieces: 0, matched: 0 });
    expect((await bindings(short.id)).every((b) => b.result === EPC_CLASS.PENDING)).toBe(true);
    // an expected carton cannot be accepted before it is read
    expect((await act('review', { id: short.id })).status).toBe(409);
    // the held, mixed carton accepted as read
    const accepted = await act('review', { id: held.id });
    expect(accepted.status, accepted.body.msg).toBe(200);
    expect(accepted.body.data.status).toBe(CARTON_STATUS.ACCEPTED);
  });

  it('a receipt finished and reviewed: refused while a pad upload is missing, then without the reason of its difference', async () => {
    const site = new Map((await list('tenant/location', { pageSize: 500 })).list.map((r) => [r.code, r.id]));
    const [tag] = await queryRows<{ epc: string; sku_id: number }>(
      t.ctx.db,
      sql`select epc, sku_id::int as sku_id from label_tags where tenant_id = ${tenantId} and epc <> ''
          and epc not in (select epc from wms_carton_epcs) order by id desc limit 1`,
    );
    const made = await t.call('POST', '/api/warehouse/bill/create', {
      token: demo,
      body: {
        kind: 1,
        factoryId: (await list('tenant/factory')).list[0].id,
        destLocationId: site.get('WH01'),
        reservationNo: 'ASN-TEST-R1',
        lines: [{ cartonNo: 'R-1', skuId: tag.sku_id, expectedQty: 2 }],
      },
    });
    expect(made.status, made.body.msg).toBe(200);
    const id = made.body.data.id;
    expect((await t.call('POST', '/api/warehouse/bill/ship', { token: demo, body: { id } })).status).toBe(200);
    // a handheld announces its offline session of the carton; its reads are still on the device
    const header = { deviceSessionId: 'HH-TEST-S1', subject: { type: 'carton', code: 'R-1' }, startedAt: new Date().toISOString() };
    const hh = (body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/rfid/handheld/sessions',
        headers: { authorization: `Bearer ${hhKey}`, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    expect((await hh(header)).statusCode).toBe(200);
    // one piece of two through the tunnel: checked short (by SKU: the ASN lists quantities)
    await tunnel('R-1', [tag.epc], 'carton-test-r1');
    const [carton] = await cartonsOf(id);
    expect(carton).toMatchObject({ status: CARTON_STATUS.CHECKED, result: CARTON_RESULT.SHORT, matched: 1, short: 1 });
    const received = (await list('warehouse/goods-received', { reservationNo: 'ASN-TEST-R1' })).list;
    expect(received.map((b) => b.status)).toEqual([BILL_STATUS.RECEIVING]);
    const finish = await t.call('POST', '/api/warehouse/goods-received/receive', { token: demo, body: { id }, lang: 'en_US' });
    expect(finish.status, finish.body.msg).toBe(200);
    expect(finish.body.data).toMatchObject({
      status: BILL_STATUS.RECEIVED,
      piecesReceived: 1,
      piecesDiff: -1,
      receiptStatus: RECEIPT_STATUS.ABNORMAL,
    });
    const review = (body: Row) =>
      t.call('POST', '/api/logistics/receipt-review/review', { token: demo, body: { id, ...body }, lang: 'en_US' });
    const waiting = await review({ diffReason: 'one piece short' });
    expect(waiting.status).toBe(409);
    expect(waiting.body.msg).toContain('upload offline handheld data before review');
    // the pad's reads arrive (the same piece): now the difference needs its reason
    const up = await hh({ ...header, reads: [{ epc: tag.epc, at: new Date().toISOString(), count: 3 }] });
    expect(up.statusCode).toBe(200);
    const noReason = await review({});
    expect(noReason.status).toBe(400);
    expect(noReason.body.data.fields.map((f: Row) => f.field)).toEqual(['diffReason']);
    const ok = await review({ diffReason: 'one piece short: the factory sends it with the next ASN' });
    expect(ok.status, ok.body.msg).toBe(200);
    expect(ok.body.data).toMatchObject({ status: BILL_STATUS.REVIEWED, reviewStatus: 2 });
    const again = await review({ diffReason: 'again' });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('Contains reviewed bills, do not submit again');
    // a receipt cannot finish while a carton is unchecked
    const open = (await list('warehouse/goods-received', { status: BILL_STATUS.RECEIVING })).list.find(
      (b) => b.reservationNo === 'ASN-FA01-0002',
    );
    expect(open?.cartonsPending).toBe(1);
    const early = await t.call('POST', '/api/warehouse/goods-received/receive', { token: demo, body: { id: open?.id }, lang: 'en_US' });
    expect(early.status).toBe(409);
    expect(early.body.msg).toContain('1 cartons are not checked yet');
  });

  it('a zero-cleared bill receives nothing more: its cartons refuse every move', async () => {
    const bill = await billOf('ASN-FA01-0002');
    const cartons = await cartonsOf(bill.id);
    const z = await t.call('POST', '/api/warehouse/bill/zeroClear', {
      token: demo,
      body: { id: bill.id, zeroClearReason: 'factory confirmed the missing pieces' },
      lang: 'en_US',
    });
    expect(z.status, z.body.msg).toBe(200);
    const refused = await act('reread', { id: cartons[2].id });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain(bill.code);
    expect((await cartonsOf(bill.id))[2].status).toBe(CARTON_STATUS.CHECKED);
  });

  it('a bill shipped makes its cartons with SSCCs; a warehouse keeper sees only the cartons of its bills', async () => {
    const site = new Map((await list('tenant/location', { pageSize: 500 })).list.map((r) => [r.code, r.id]));
    const sku = (await list('tenant/goods-sku', { pageSize: 1 })).list[0].id;
    const made = await t.call('POST', '/api/warehouse/bill/create', {
      token: demo,
      body: {
        kind: 3,
        sourceLocationId: site.get('WH02'),
        destLocationId: site.get('ST004'),
        lines: [
          { cartonNo: 'T-1', skuId: sku, expectedQty: 3 },
          { cartonNo: 'T-2', skuId: sku, expectedQty: 2 },
        ],
      },
    });
    expect(made.status, made.body.msg).toBe(200);
    expect(await cartonsOf(made.body.data.id)).toHaveLength(0);
    const shipped = await t.call('POST', '/api/warehouse/bill/ship', { token: demo, body: { id: made.body.data.id } });
    expect(shipped.status, shipped.body.msg).toBe(200);
    const cartons = await cartonsOf(made.body.data.id);
    expect(cartons.map((c) => [c.cartonNo, c.expectedPieces, c.status])).toEqual([
      ['T-1', 3, CARTON_STATUS.EXPECTED],
      ['T-2', 2, CARTON_STATUS.EXPECTED],
    ]);
    expect(cartons.every((c) => isSscc(c.sscc))).toBe(true);
    const seen = (await list('warehouse/box', { pageSize: 100 }, wh01)).list;
    expect(seen.length).toBeGreaterThan(0);
    const bills = new Set((await list('warehouse/bill', { pageSize: 500 }, wh01)).list.map((b) => b.id));
    for (const c of seen) expect(bills.has(c.billId)).toBe(true);
    expect(seen.some((c) => c.billId === made.body.data.id)).toBe(false);
    const asnBill = await billOf('ASN-FA01-0002');
    expect((await list('warehouse/box', { billId: asnBill.id }, wh01)).list.length).toBeGreaterThan(0);
    // nor another site's carton by its id, nor its EPC bindings
    const mine = await t.call('GET', `/api/warehouse/box/get?id=${seen[0].id}`, { token: wh01 });
    expect(mine.status).toBe(200);
    const other = await t.call('GET', `/api/warehouse/box/get?id=${cartons[0].id}`, { token: wh01 });
    expect(other.status).toBe(404);
    expect((await list('logistics/asn-binding', { billId: made.body.data.id }, wh01)).total).toBe(0);
  });
});
