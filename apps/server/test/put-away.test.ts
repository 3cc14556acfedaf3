import { BILL_STATUS, CARTON_STATUS, ssccUri } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { stopParsePool } from '../src/modules/rfid/ingest/parse-pool.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';
import { readAndFold, testReader, testScene, zoneOf } from './support-readers.js';

// biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely
type Row = Record<string, any>;

/** Put-away (issue 29, ../shared/operations.md slice A): by the reads of a storage zone, or by hand. */
describe(`put-away on ${DRIVER}`, () => {
  let t: TestApp;
  let demo: string;
  let wh01: string;
  let tenantId: number;
  let storageKey: string;

  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
    wh01 = await t.login('wh01', 'demo1234');
    [{ id: tenantId }] = await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from tenants where code = 'DEMO'`);
    const scene = await testScene(t, tenantId, 'S-STORE-TEST', 1);
    storageKey = await testReader(t, tenantId, 'RD-WH01-STORE-T', await zoneOf(t, tenantId, 'WH01', 9), scene);
  }, 240_000);
  afterAll(async () => {
    await stopParsePool();
    await t?.close();
  });

  const list = async (code: string, body: Row = {}, token = demo) => {
    const r = await t.call('POST', `/api/${code}/list`, { token, body: { page: 1, pageSize: 100, ...body }, lang: 'en_US' });
    expect(r.status, r.body.msg).toBe(200);
    return r.body.data as { list: Row[]; total: number };
  };
  const cartonsOf = async (reservationNo: string) => {
    const [bill] = (await list('warehouse/bill', { reservationNo })).list;
    return (await list('warehouse/box', { billId: bill.id })).list.sort((a, b) => a.cartonNo.localeCompare(b.cartonNo));
  };
  const epcsOf = async (cartonId: number) =>
    (
      await queryRows<{ epc: string }>(
        t.ctx.db,
        sql`select epc from wms_carton_epcs where tenant_id = ${tenantId} and carton_id = ${cartonId} and unbound_at is null and result = 1 order by epc`,
      )
    ).map((r) => r.epc);
  /** Reads of the storage reader, through ingestion and the fold. */
  const readInStorage = (epcs: string[], batchKey: string) => readAndFold(t, storageKey, epcs, batchKey);

  it('puts an accepted carton away once its pieces are read in a storage zone of its site, not before', async () => {
    const [matched] = await cartonsOf('ASN-FA01-0002');
    expect(matched.status).toBe(CARTON_STATUS.ACCEPTED);
    const epcs = await epcsOf(matched.id);
    expect(epcs.length).toBe(5);
    // four of five (80 %) in storage: still accepted
    await readInStorage(epcs.slice(0, 4), 'store-1');
    expect((await cartonsOf('ASN-FA01-0002'))[0].status).toBe(CARTON_STATUS.ACCEPTED);
    await readInStorage(epcs.slice(4), 'store-2');
    const [after] = await cartonsOf('ASN-FA01-0002');
    expect(after.status).toBe(CARTON_STATUS.PUT_AWAY);
    // the move is the warehouse's: in its log, by the reader
    const log = await queryRows<{ username: string; action: string }>(
      t.ctx.db,
      sql`select username, action from wms_log where tenant_id = ${tenantId} and doc_code = ${matched.cartonNo} order by id desc limit 1`,
    );
    expect(log[0]).toMatchObject({ username: 'RD-WH01-STORE-T' });
    // the tag's lifecycle: the carton's aggregation ends (unpacking, its SSCC the parent), then the piece is stored
    const events = await queryRows<{ event_type: string; action: string; biz_step: string; parent_id: string }>(
      t.ctx.db,
      sql`select event_type, action, biz_step, parent_id from label_tag_events
          where tenant_id = ${tenantId} and epcs @> array[${epcs[0]}]::text[] and source = 'warehouse/put-away' order by id`,
    );
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ event_type: 'AggregationEvent', action: 'DELETE', biz_step: 'unpacking' });
    expect(events[1]).toMatchObject({ event_type: 'ObjectEvent', biz_step: 'storing' });
    // the parent is the carton's SSCC, as its EPC URI
    expect(events[0].parent_id).toBe(ssccUri(matched.sscc));
  });

  it('puts a carton away by hand (confirmed in the console), only once accepted, whatever became of its bill', async () => {
    // the settled WH02 receipt (zero-cleared): put away but its last carton
    const bills = (await list('warehouse/bill', { status: BILL_STATUS.CLOSED })).list;
    const cartons = (await Promise.all(bills.map(async (b) => (await list('warehouse/box', { billId: b.id })).list))).flat();
    const waiting = cartons.filter((c) => c.status === CARTON_STATUS.ACCEPTED);
    expect(cartons.some((c) => c.status === CARTON_STATUS.PUT_AWAY)).toBe(true);
    expect(waiting.length).toBeGreaterThan(0);
    const ok = await t.call('POST', '/api/warehouse/receiving-check/putAway', { token: demo, body: { id: waiting[0].id }, lang: 'en_US' });
    expect(ok.status, ok.body.msg).toBe(200);
    expect(ok.body.msg).toMatch(/Put away/);
    const again = await t.call('POST', '/api/warehouse/receiving-check/putAway', {
      token: demo,
      body: { id: waiting[0].id },
      lang: 'en_US',
    });
    expect(again.status).toBe(409);
    // a carton still being checked is not put away
    const checked = (await cartonsOf('ASN-FA01-0002')).find((c) => c.status === CARTON_STATUS.CHECKED)!;
    expect((await t.call('POST', '/api/warehouse/receiving-check/putAway', { token: wh01, body: { id: checked.id } })).status).toBe(409);
  });
});
