import { INSPECTION_RESULT, INSPECTION_STATUS, TAG_EXCEPTION_KIND, ZONE_TYPE } from '@tagloom/domain';
import { READ_SESSION_STATE } from '@tagloom/domain/rfid/sessions.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { stopParsePool } from '../src/modules/rfid/ingest/parse-pool.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';
import { readAndFold, testReader, testScene, zoneOf } from './support-readers.js';
import { openSse } from './support-sse.js';
import { multipart } from './uploads.js';

// biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely
type Row = Record<string, any>;

const QI = 'warehouse/receiving-qi';
const READER = 'QI-TEST-01';
const DOCK_READER = 'DOCK-TEST-01';
/** An SGTIN-96 no tenant registered: an unknown tag. */
const UNKNOWN = '30340789000C0E4000000077';

/** The QI sample read at the QI area (issue 29, ../shared/operations.md E5): a read session whose EPCs become the sample. */
describe(`QI sample read at the QI area on ${DRIVER}`, () => {
  let t: TestApp;
  let demo: string;
  let wh01: string;
  let tenantId: number;
  let key: string;
  let base: string;

  beforeAll(async () => {
    t = await startTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    demo = await t.login('demo', 'demo123');
    wh01 = await t.login('wh01', 'demo1234');
    [{ id: tenantId }] = await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from tenants where code = 'DEMO'`);
    const tunnel = await testScene(t, tenantId, 'S-QI-TEST', 5);
    key = await testReader(t, tenantId, READER, await zoneOf(t, tenantId, 'WH01', ZONE_TYPE.QI_AREA), tunnel);
    await testReader(t, tenantId, DOCK_READER, await zoneOf(t, tenantId, 'WH01', ZONE_TYPE.DOCK_IN), tunnel);
  }, 240_000);
  afterAll(async () => {
    await stopParsePool();
    await t?.close();
  });

  const list = async (code: string, body: Row = {}, token = demo) => {
    const r = await t.call('POST', `/api/${code}/list`, { token, body: { page: 1, pageSize: 100, ...body } });
    expect(r.status, r.body.msg).toBe(200);
    return r.body.data as { list: Row[]; total: number };
  };
  const inspectionOf = async (reservationNo: string, token = demo) => {
    const [bill] = (await list('warehouse/bill', { reservationNo }, token)).list;
    return (await list(QI, { billId: bill.id }, token)).list[0];
  };
  const post = (path: string, body: Row, token = demo, lang = 'en_US') => t.call('POST', `/api/${QI}/${path}`, { token, body, lang });
  const sampleOf = async (id: number, token = demo) => {
    const r = await t.call('GET', `/api/${QI}/sample?id=${id}`, { token, lang: 'en_US' });
    expect(r.status, r.body.msg).toBe(200);
    return r.body.data as Row;
  };
  /** EPCs of a bill's lot (bound to its cartons, not as foreign or unknown), in EPC order. */
  const lotOf = async (billId: number) =>
    (
      await queryRows<{ epc: string }>(
        t.ctx.db,
        sql`select distinct epc from wms_carton_epcs where tenant_id = ${tenantId} and bill_id = ${billId} and unbound_at is null
            and result not in (4, 5) order by epc`,
      )
    ).map((r) => r.epc);
  const otherBillEpc = async (billId: number) =>
    (
      await queryRows<{ epc: string }>(
        t.ctx.db,
        sql`select epc from wms_carton_epcs where tenant_id = ${tenantId} and bill_id <> ${billId} and unbound_at is null
            and epc not in (select epc from wms_carton_epcs where tenant_id = ${tenantId} and bill_id = ${billId}) order by epc limit 1`,
      )
    )[0].epc;

  it('seeds a QI reader at WH01 and an inspection whose sample was read there, two pieces short and one foreign tag', async () => {
    const qi = await inspectionOf('ASN-FA01-0002');
    expect(qi.status).toBe(INSPECTION_STATUS.INSPECTING);
    expect(qi.inspectedQty).toBe(qi.sampleSize - 2);
    const sample = await sampleOf(qi.id);
    expect(sample).toMatchObject({ counted: qi.sampleSize - 2, foreign: 1, session: null });
    expect(sample.epcs.filter((e: Row) => !e.foreign).every((e: Row) => e.sku && e.equipment === 'QI-WH01')).toBe(true);
    const readers = await t.call('GET', `/api/${QI}/qi-readers?id=${qi.id}`, { token: demo });
    expect(readers.body.data.list.map((r: Row) => r.code)).toEqual(['QI-TEST-01', 'QI-WH01']);
    // the sample is short: submitting is refused
    expect((await post('submit', { id: qi.id })).status).toBe(409);
  });

  it('reads a sample at the QI reader through ingestion and the fold: stored on close, the foreign EPC shown and not counted', async () => {
    const qi = await inspectionOf('ASN-FA01-0002');
    // QI reset clears the seeded sample (confirmed in the console)
    const reset = await post('reset', { id: qi.id });
    expect(reset.status, reset.body.msg).toBe(200);
    expect(reset.body.data).toMatchObject({ status: INSPECTION_STATUS.PENDING, inspectedQty: 0 });
    expect((await sampleOf(qi.id)).epcs).toEqual([]);

    const [mark] = await queryRows<{ id: number }>(t.ctx.db, sql`select coalesce(max(id), 0)::int as id from label_tag_events`);
    // the sample dialog's stream: told each time the sample changes (this inspection's only)
    const live = await openSse(base, `/api/${QI}/sample/live?id=${qi.id}`, demo);
    expect(live.res.status).toBe(200);
    await live.waitFor((e) => e.event === 'ready');
    const started = await post('sample/start', { id: qi.id, equipment: READER });
    expect(started.status, started.body.msg).toBe(200);
    expect(started.body.msg).toBe(`Reading the sample at ${READER}`);
    const lot = await lotOf(qi.billId);
    const stranger = await otherBillEpc(qi.billId);
    const some = lot.slice(0, qi.sampleSize - 3);
    await readAndFold(t, key, [...some, stranger], 'qi-1');
    await live.waitFor((e) => e.event === 'sample' && e.data.inspectionId === qi.id && e.data.open === true);
    // while it reads: the count so far, not stored yet
    const reading = await sampleOf(qi.id);
    expect(reading.session).toMatchObject({ equipmentCoding: READER, epcCount: some.length + 1 });
    expect(reading).toMatchObject({ counted: some.length, foreign: 1 });
    expect(reading.epcs.every((e: Row) => e.reading)).toBe(true);
    // read again (the same pieces) and one more: counted once
    await readAndFold(t, key, [...some.slice(0, 2), lot[qi.sampleSize - 3]], 'qi-2');
    const closed = await post('sample/close', { id: qi.id });
    expect(closed.status, closed.body.msg).toBe(200);
    await live.waitFor((e) => e.event === 'sample' && e.data.open === false);
    expect(live.events.filter((e) => e.event === 'sample').every((e) => e.data.inspectionId === qi.id)).toBe(true);
    live.close();
    const counted = some.length + 1;
    expect(closed.body.data).toMatchObject({ counted, foreign: 1, sampleSize: qi.sampleSize, short: qi.sampleSize - counted });
    // fewer than the plan: stored, and said so
    expect(closed.body.msg).toBe(`Sample stored: ${counted} / ${qi.sampleSize} pieces, ${qi.sampleSize - counted} short of the plan`);
    const stored = await sampleOf(qi.id);
    expect(stored).toMatchObject({ session: null, counted, foreign: 1 });
    expect(stored.epcs.find((e: Row) => e.epc === stranger)).toMatchObject({ foreign: true, reading: false });
    expect(stored.epcs.filter((e: Row) => !e.foreign).every((e: Row) => e.skuId && e.sku)).toBe(true);
    const [after] = (await list(QI, { code: qi.code })).list;
    expect(after).toMatchObject({ status: INSPECTION_STATUS.INSPECTING, inspectedQty: counted });

    // each step in the warehouse log and the operation log; the sampled pieces observed inspecting
    const log = await queryRows<{ action: string; username: string; epc_count: number }>(
      t.ctx.db,
      sql`select action, username, epc_count from wms_log where tenant_id = ${tenantId} and doc_code = ${qi.code} order by id`,
    );
    expect(log.slice(-4).map((l) => l.action)).toEqual(['reset', 'sampleStart', 'start', 'sampleRead']);
    expect(log.at(-1)).toMatchObject({ username: 'demo', epc_count: counted });
    const ops = await queryRows<{ url: string }>(
      t.ctx.db,
      sql`select url from operation_log where tenant_id = ${tenantId} and screen = ${QI} and action = 'readSample' order by id`,
    );
    expect(ops.map((o) => o.url)).toEqual([`/api/${QI}/sample/start`, `/api/${QI}/sample/close`]);
    const events = await queryRows<{ epcs: string[]; disposition: string; action: string }>(
      t.ctx.db,
      sql`select epcs, disposition, action from label_tag_events
          where tenant_id = ${tenantId} and id > ${mark.id} and biz_step = 'inspecting' and epcs @> array[${some[0]}]::text[] order by id`,
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ action: 'OBSERVE', disposition: 'in_progress' });
    expect([...events[0].epcs].sort()).toEqual([...some, lot[qi.sampleSize - 3]].sort());

    // a second read completes the sample; a defect marked on a sampled EPC takes its SKU; then it submits
    expect((await post('sample/start', { id: qi.id, equipment: READER })).status).toBe(200);
    await readAndFold(t, key, lot.slice(qi.sampleSize - 3, qi.sampleSize), 'qi-3');
    const full = await post('sample/close', { id: qi.id });
    expect(full.body.data).toMatchObject({ counted: qi.sampleSize, short: 0 });
    expect(full.body.msg).toBe(`Sample stored: ${qi.sampleSize} / ${qi.sampleSize} pieces`);
    const defect = await post('update', { id: qi.id, lines: [{ epc: some[0].toLowerCase(), severity: 2, reason: 'seam open' }] });
    expect(defect.status, defect.body.msg).toBe(200);
    const got = await t.call('GET', `/api/${QI}/get?id=${qi.id}`, { token: demo });
    const sampled = stored.epcs.find((e: Row) => e.epc === some[0]);
    expect(got.body.data.lines[0].skuId).toBe(sampled.skuId);
    const submitted = await post('submit', { id: qi.id });
    expect(submitted.status, submitted.body.msg).toBe(200);
    expect(submitted.body.data.result).toBe(qi.acceptNo >= 1 ? INSPECTION_RESULT.PASS : INSPECTION_RESULT.FAIL);
  });

  it('refuses, in the user’s language: a reader outside the QI area, a submitted inspection, a sample already open, a busy reader', async () => {
    const submitted = await inspectionOf('ASN-FA01-0002');
    expect(submitted.status).toBe(INSPECTION_STATUS.SUBMITTED);
    const done = await post('sample/start', { id: submitted.id, equipment: READER });
    expect(done.status).toBe(409);
    expect(done.body.msg).toBe(`Inspection ${submitted.code} is already submitted: reset it to read its sample again`);
    // a new inspection of the receipt being planned at WH01 (in transit)
    const [bill] = (await list('warehouse/bill', { reservationNo: 'ASN-FA01-0001' })).list;
    const made = await post('create', { billId: bill.id });
    expect(made.status, made.body.msg).toBe(200);
    const id = made.body.data.id;
    const dock = await post('sample/start', { id, equipment: DOCK_READER });
    expect(dock.status).toBe(400);
    expect(dock.body.msg).toBe(`Reader: ${DOCK_READER} is not at a QI area of 华东中心仓（昆山）`);
    const dockZh = await post('sample/start', { id, equipment: DOCK_READER }, demo, 'zh_CN');
    expect(dockZh.body.msg).toBe(`读写器：${DOCK_READER} 不在 华东中心仓（昆山） 的质检区`);
    expect((await post('sample/start', { id, equipment: READER })).status).toBe(200);
    const again = await post('sample/start', { id, equipment: 'QI-WH01' });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(`A sample of ${made.body.data.code} is being read at ${READER}: close that read first`);
    // submitting or resetting waits for the read's close
    const submit = await post('submit', { id });
    expect(submit.status).toBe(409);
    // the reader is busy with that sample: another inspection cannot take it
    const other = await post('create', { billId: bill.id });
    const busy = await post('sample/start', { id: other.body.data.id, equipment: READER });
    expect(busy.status).toBe(409);
    expect(busy.body.msg).toBe(`Reader: ${READER} is reading for ${made.body.data.code}; close that read first`);
    // the same refusals by device: a reader opening a QI session for an inspection through the read sessions API
    const device = await t.app.inject({
      method: 'POST',
      url: '/api/rfid/sessions',
      headers: { authorization: `Bearer ${key}`, 'x-device-key': key, 'content-type': 'application/json', langeType: 'en_US' },
      payload: JSON.stringify({ subjectType: 'qi', subjectCode: String(other.body.data.code) }),
    });
    expect(device.statusCode).toBe(409);
    // closing with nothing read: an empty sample, the inspection still pending
    const empty = await post('sample/close', { id });
    expect(empty.status, empty.body.msg).toBe(200);
    expect(empty.body.data).toMatchObject({ counted: 0, short: empty.body.data.sampleSize });
    expect((await list(QI, { code: made.body.data.code })).list[0].status).toBe(INSPECTION_STATUS.PENDING);
    const none = await post('sample/close', { id });
    expect(none.status).toBe(409);
    expect(none.body.msg).toBe(`No sample of ${made.body.data.code} is being read`);
  });

  it('wh01 reads a sample of its warehouse; an inspection of another warehouse is not its', async () => {
    const mine = (await list(QI, { status: INSPECTION_STATUS.PENDING }, wh01)).list[0];
    expect(mine).toBeTruthy();
    const readers = await t.call('GET', `/api/${QI}/qi-readers?id=${mine.id}`, { token: wh01 });
    expect(readers.body.data.list.map((r: Row) => r.code)).toContain(READER);
    expect((await post('sample/start', { id: mine.id, equipment: READER }, wh01)).status).toBe(200);
    const asn = await inspectionOf('ASN-FA01-0002', wh01);
    await readAndFold(t, key, (await lotOf(asn.billId)).slice(0, 1), 'qi-wh01');
    const closed = await post('sample/close', { id: mine.id }, wh01);
    expect(closed.status, closed.body.msg).toBe(200);
    // the WH02 inspection (the failed purchase) is out of its reach
    const theirs = (await list('logistics/quality-inspection', { result: INSPECTION_RESULT.FAIL })).list[0];
    const out = await t.call('GET', `/api/${QI}/sample?id=${theirs.id}`, { token: wh01, lang: 'en_US' });
    expect(out.status).toBe(404);
    const stream = await openSse(base, `/api/${QI}/sample/live?id=${theirs.id}`, wh01);
    expect(stream.res.status).toBe(404);
    const start = await post('sample/start', { id: theirs.id, equipment: READER }, wh01);
    expect(start.status).toBe(404);
  });
  it('a foreign or unknown tag in a sample is an abnormal label found at the QI area, as a carton check finds one', async () => {
    const [bill] = (await list('warehouse/bill', { reservationNo: 'ASN-FA01-0001' })).list;
    const made = await post('create', { billId: bill.id });
    expect(made.status, made.body.msg).toBe(200);
    const asn = await inspectionOf('ASN-FA01-0002');
    const lot = await lotOf(asn.billId);
    // ASN-FA01-0002's pieces travel on another bill than ASN-FA01-0001
    const stranger = lot[0];
    expect((await post('sample/start', { id: made.body.data.id, equipment: READER })).status).toBe(200);
    await readAndFold(t, key, [stranger, UNKNOWN], 'qi-strange');
    const closed = await post('sample/close', { id: made.body.data.id });
    expect(closed.body.data).toMatchObject({ counted: 0, foreign: 2 });
    const qiZone = await zoneOf(t, tenantId, 'WH01', ZONE_TYPE.QI_AREA);
    const [wh] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id::int as id from locations where tenant_id = ${tenantId} and code = 'WH01'`,
    );
    const found = await queryRows<{ epc: string; kind: number; site_id: number; zone_id: number; bill_code: string; carton_no: string }>(
      t.ctx.db,
      sql`select epc, kind, site_id::int as site_id, zone_id::int as zone_id, bill_code, carton_no from label_tag_exceptions
          where tenant_id = ${tenantId} and epc in (${stranger}, ${UNKNOWN}) and state = 1 order by kind`,
    );
    expect(found).toEqual([
      { epc: UNKNOWN, kind: TAG_EXCEPTION_KIND.UNKNOWN_EPC, site_id: wh.id, zone_id: qiZone, bill_code: bill.code, carton_no: '' },
      { epc: stranger, kind: TAG_EXCEPTION_KIND.FOREIGN_EPC, site_id: wh.id, zone_id: qiZone, bill_code: bill.code, carton_no: '' },
    ]);
    // on the warehouse's abnormal labels
    const abnormal = await t.call('POST', '/api/warehouse/abnormal-label/list', {
      token: wh01,
      lang: 'en_US',
      body: { page: 1, pageSize: 20, epc: stranger },
    });
    expect(abnormal.status, abnormal.body.msg).toBe(200);
    const row = (abnormal.body.data.list as Row[]).find((r) => r.kind === TAG_EXCEPTION_KIND.FOREIGN_EPC);
    const [home] = (await list('warehouse/bill', { reservationNo: 'ASN-FA01-0002' })).list;
    // (worded in the session's language, the keeper's Chinese; the console words `reason` in its own)
    expect(row?.detail).toBe(`EPC ${stranger} 在 ${made.body.data.code}（${bill.code}）的质检抽样中读到，但它属于 ${home.code}`);
    expect(row?.reason).toMatchObject({ key: 'tags.foreignInSample', params: { inspection: made.body.data.code, other: home.code } });
  });

  it('a handheld sample uploaded and reviewed on pad review passes the same check: refused outside a QI area, stored at one', async () => {
    const [bill] = (await list('warehouse/bill', { reservationNo: 'ASN-FA01-0001' })).list;
    const made = await post('create', { billId: bill.id });
    const qi = made.body.data as Row;
    const asn = await inspectionOf('ASN-FA01-0002');
    const stranger = (await lotOf(asn.billId))[1];
    const upload = async (equipment: string, id: string) => {
      const body = multipart(
        'qi.json',
        Buffer.from(
          JSON.stringify({
            deviceSessionId: id,
            equipment,
            subject: { type: 'qi', code: qi.code },
            startedAt: new Date(Date.now() - 60_000).toISOString(),
            endedAt: new Date().toISOString(),
            reads: [stranger, UNKNOWN].map((epc) => ({ epc, at: new Date(Date.now() - 30_000).toISOString(), rssi: -50, count: 2 })),
          }),
        ),
      );
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/warehouse/pad-review/upload',
        headers: { ...body.headers, token: wh01, langeType: 'en_US' },
        payload: body.payload,
      });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().data.id as number;
    };
    const review = (id: number, lang = 'en_US') => t.call('POST', '/api/warehouse/pad-review/review', { token: wh01, body: { id }, lang });
    // WH01's pad is bound to the warehouse itself, not its QI area: refused as the console's Read sample is
    const atDock = await upload('PAD-WH01', 'PAD-QI-1');
    const refused = await review(atDock);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('Reader: PAD-WH01 is not at a QI area of 华东中心仓（昆山）');
    expect((await review(atDock, 'zh_CN')).body.msg).toBe('读写器：PAD-WH01 不在 华东中心仓（昆山） 的质检区');
    expect((await sampleOf(qi.id)).epcs).toEqual([]);
    const [still] = await queryRows<{ state: number }>(t.ctx.db, sql`select state from rfid_read_sessions where id = ${atDock}`);
    expect(still.state).toBe(READ_SESSION_STATE.UPLOADED);
    // a handheld at the QI area: its review stores the sample, the strangers raised as abnormal labels
    const handheld = await testScene(t, tenantId, 'S-QI-PAD', 6);
    await testReader(t, tenantId, 'QI-PAD-TEST', await zoneOf(t, tenantId, 'WH01', ZONE_TYPE.QI_AREA), handheld);
    const atQi = await upload('QI-PAD-TEST', 'PAD-QI-2');
    const ok = await review(atQi);
    expect(ok.status, ok.body.msg).toBe(200);
    const sample = await sampleOf(qi.id);
    expect(sample).toMatchObject({ counted: 0, foreign: 2 });
    expect(sample.epcs.every((e: Row) => e.equipment === 'QI-PAD-TEST')).toBe(true);
    const raised = await queryRows<{ kind: number; bill_code: string }>(
      t.ctx.db,
      sql`select kind, bill_code from label_tag_exceptions where tenant_id = ${tenantId} and epc = ${stranger} and state = 1`,
    );
    expect(raised).toEqual([{ kind: TAG_EXCEPTION_KIND.FOREIGN_EPC, bill_code: bill.code }]);
  });
});
