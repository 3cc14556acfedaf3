import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { issueDeviceKey, revokeDeviceKey } from '../src/core/feed/device-keys.js';
import { queryRows } from '../src/db/client.js';
import { stopParsePool } from '../src/modules/rfid/ingest/parse-pool.js';
import { IngestQuota, ingestQuota, QuotaError } from '../src/modules/rfid/ingest/quota.js';
import { enqueueFold, FOLD_ATTEMPTS, foldQueued } from '../src/modules/rfid/state/fold-queue.js';
import { foldRunner } from '../src/modules/rfid/state/fold-runner.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

const FIXTURES = '/work/shared/fixtures/readers';

/** The ingestion routes' answer. */
interface Answer {
  batchId: number;
  duplicate: boolean;
  accepted: number;
  invalid: number;
  errors: { index: number; reason: string; message: string; params?: Record<string, unknown> }[];
}
const EPC = '3034257BF7194E4000001A85';

/** The fixture's text with its times moved to `base` (same offsets between events; Zebra's +0000 form kept). */
function recent(name: string, base: number): string {
  const text = readFileSync(`${FIXTURES}/${name}`, 'utf8');
  const first = Date.parse('2026-11-21T08:15:00Z');
  return text.replace(/"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3})(Z|\+0000)"/g, (_, t: string, zone: string) => {
    const iso = new Date(base + Date.parse(`${t}Z`) - first).toISOString();
    return `"${zone === 'Z' ? iso : `${iso.slice(0, 23)}+0000`}"`;
  });
}

describe(`RFID ingestion in the readers' formats on ${DRIVER}`, () => {
  let t: TestApp;
  let demoId: number;
  let key: string;
  let keyId: number;
  let demo: string;
  let acme: string;

  const post = async (format: string, body: string, opts: { type?: string; headers?: Record<string, string>; auth?: string } = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/rfid/ingest/${format}`,
      headers: { 'content-type': opts.type ?? 'application/json', 'x-device-key': opts.auth ?? key, langeType: 'en_US', ...opts.headers },
      payload: body,
    });
    return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: Answer }, headers: res.headers };
  };
  const reads = (where = sql`true`) =>
    queryRows<{
      epc: string;
      tid: string;
      antenna: number;
      rssi_cdbm: number;
      frequency_khz: number;
      read_count: number;
      batch_id: string;
    }>(
      t.ctx.db,
      sql`select epc, tid, antenna, rssi_cdbm, frequency_khz, read_count, batch_id from rfid_reads where tenant_id = ${demoId} and ${where} order by created_at, id`,
    );
  const list = (screen: string, body: Record<string, unknown>, token = demo) =>
    t.call('POST', `/api/rfid/${screen}/list`, { token, body, lang: 'en_US' });

  beforeAll(async () => {
    t = await startTestApp();
    demoId = (await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from tenants where code = 'DEMO'`))[0].id;
    ({ key, id: keyId } = await issueDeviceKey(t.ctx.db, demoId, 'GATE-01'));
    demo = await t.login('demo', 'demo123');
    acme = await t.login('acme', 'acme123');
  });
  afterAll(async () => {
    await stopParsePool();
    await t?.close();
  });
  /** Every reader's and tenant's quota full again (what the tests before took forgotten). */
  const freshQuotas = async () => {
    const quota = ingestQuota(t.ctx);
    await quota.flush();
    await t.ctx.db.execute(sql`delete from rfid_ingest_buckets`);
    quota.reset();
  };
  beforeEach(freshQuotas);

  it('stores an Impinj batch as raw reads (EPC from base64 or hex, antenna, RSSI) and its status events in the equipment log', async () => {
    // a batch key remembered 3 days ago is forgotten by the first ingestion (keys live 2 days)
    await t.ctx.db.execute(
      sql`insert into rfid_batch_keys (tenant_id, equipment_coding, batch_key, batch_id, created_at) values (${demoId}, 'GATE-01', 'old-key', 1, now() - interval '3 days')`,
    );
    const base = Date.now() - 60_000;
    const r = await post('impinj', recent('impinj-r700-events.json', base), { headers: { 'idempotency-key': 'impinj-1' } });
    const old = await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from rfid_batch_keys where batch_key = 'old-key'`);
    expect(old[0].n).toBe(0);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ duplicate: false, invalid: 0, errors: [] });
    const batchId = r.body.data.batchId;
    const rows = await reads(sql`batch_id = ${batchId}`);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows[0]).toMatchObject({ epc: EPC, tid: '', antenna: 1, rssi_cdbm: -6150, frequency_khz: 915250, read_count: 1 });
    expect(rows[1]).toMatchObject({ epc: EPC, tid: 'E2801190200050A4C7C60304', antenna: 2, rssi_cdbm: -5800 });
    const log = await queryRows<{ event_type: string; antenna: number | null; level: string; message: string }>(
      t.ctx.db,
      sql`select event_type, antenna, level, message from rfid_equipment_events where tenant_id = ${demoId} and equipment_coding = 'GATE-01' and created_at >= ${new Date(base).toISOString()}::timestamptz`,
    );
    expect(log).toContainEqual(expect.objectContaining({ event_type: 'antennaDisconnected', antenna: 3, level: 'warn' }));
    expect(log).toContainEqual(expect.objectContaining({ event_type: 'inventoryStatus', message: 'running' }));
    expect(r.body.data.accepted).toBe(rows.length + log.filter((l) => l.event_type !== 'connected').length);
  });

  it('stores the NDJSON stream and Zebra objects posted back to back (odd content types)', async () => {
    const base = Date.now() - 50_000;
    const nd = await post('impinj', recent('impinj-r700-stream.ndjson', base), { type: 'application/x-ndjson' });
    expect(nd.status).toBe(200);
    const ndRows = await reads(sql`batch_id = ${nd.body.data.batchId}`);
    expect(ndRows[0]).toMatchObject({ epc: EPC, antenna: 1, rssi_cdbm: -6150 });

    const zebra = (JSON.parse(recent('zebra-iotc-tag-events.json', base)) as unknown[]).map((e) => JSON.stringify(e)).join('');
    const z = await post('zebra', zebra, { type: 'text/plain' });
    expect(z.status).toBe(200);
    expect(z.body.data).toMatchObject({ accepted: 2, invalid: 0 });
    const zRows = await reads(sql`batch_id = ${z.body.data.batchId}`);
    expect(zRows).toEqual([
      expect.objectContaining({ epc: EPC, antenna: 1, rssi_cdbm: -6100, read_count: 3, frequency_khz: 915250 }),
      expect.objectContaining({ epc: '3074257BF7194E4000001A85', antenna: 2, rssi_cdbm: -5500, read_count: 1 }),
    ]);
    // each read keeps its reader's time to the millisecond (Zebra writes `+0000`; Impinj `Z`)
    const times = (batchId: number) =>
      queryRows<{ ms: number }>(
        t.ctx.db,
        sql`select (extract(epoch from read_at) * 1000)::float8 as ms from rfid_reads where tenant_id = ${demoId} and batch_id = ${batchId} order by created_at, id`,
      );
    const sent = (text: string) => [...text.matchAll(/"timestamp":"([^"]+)"/g)].map((m) => Date.parse(m[1].replace(/\+0000$/, 'Z')));
    expect((await times(z.body.data.batchId)).map((r) => Math.round(Number(r.ms)))).toEqual(sent(zebra));
    type Line = { eventType: string; timestamp: string; tagInventoryEvent?: { lastSeenTime?: string } };
    const ndSent = recent('impinj-r700-stream.ndjson', base)
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as Line)
      .filter((e) => e.eventType === 'tagInventory')
      .map((e) => Date.parse(e.tagInventoryEvent?.lastSeenTime ?? e.timestamp))
      .sort((a, b) => a - b);
    expect((await times(nd.body.data.batchId)).map((r) => Math.round(Number(r.ms)))).toEqual(ndSent);
  });

  it('counts and lists bad events with a message naming the field, and stores the good ones', async () => {
    const at = new Date(Date.now() - 5_000).toISOString();
    const ev = (tag: Record<string, unknown>) => ({ timestamp: at, eventType: 'tagInventory', tagInventoryEvent: tag });
    const body = JSON.stringify([
      ev({ epcHex: '3034257BF7194E4000000001', antennaPort: 1, peakRssiCdbm: -5000 }),
      ev({ epcHex: 'NOT-HEX' }),
      ev({ epcHex: '3034257BF7194E4000000002', antennaPort: 2 }),
      { timestamp: '2001-01-01T00:00:00Z', eventType: 'tagInventory', tagInventoryEvent: { epcHex: '3034257BF7194E4000000003' } },
    ]);
    const r = await post('impinj', body);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ accepted: 2, invalid: 2 });
    expect(r.body.data.errors).toEqual([
      expect.objectContaining({ index: 2, reason: 'badEpc', message: expect.stringContaining('epcHex') }),
      expect.objectContaining({ index: 4, reason: 'timeOutOfRange', message: expect.stringContaining('timestamp') }),
    ]);
    expect((await reads(sql`batch_id = ${r.body.data.batchId}`)).map((x) => x.epc)).toEqual([
      '3034257BF7194E4000000001',
      '3034257BF7194E4000000002',
    ]);
    const state = await list('report-state', {
      batchKey: `sha256:${(await import('node:crypto')).createHash('sha256').update(body).digest('hex')}`,
    });
    expect(state.body.data.list).toEqual([expect.objectContaining({ status: 'partial', invalid: 2, tagReads: 2, firstError: 'badEpc' })]);
  });

  it('refuses a body that is not JSON with a clear 400, and records the refusal', async () => {
    const r = await post('zebra', 'this is not json', { type: 'text/plain' });
    expect(r.status).toBe(400);
    expect(r.body.msg).toMatch(/not JSON/);
    const state = await list('report-state', { status: 'rejected', format: 'zebra' });
    expect(state.body.data.list[0]).toMatchObject({ equipmentCoding: 'GATE-01', status: 'rejected', firstError: 'notJson' });
  });

  it('stores a resent batch once: same Idempotency-Key, or the same body without a key', async () => {
    const at = new Date(Date.now() - 3_000).toISOString();
    const body = JSON.stringify([
      { timestamp: at, eventType: 'tagInventory', tagInventoryEvent: { epcHex: '3034257BF7194E40000000AA', antennaPort: 1 } },
    ]);
    const count = async () => (await reads(sql`epc = '3034257BF7194E40000000AA'`)).length;
    const first = await post('impinj', body, { headers: { 'x-batch-id': 'B-77' } });
    const again = await post('impinj', body, { headers: { 'x-batch-id': 'B-77' } });
    expect(first.body.data.duplicate).toBe(false);
    expect(again.body.data).toEqual({ ...first.body.data, duplicate: true });
    expect(await count()).toBe(1);

    const body2 = JSON.stringify([
      { timestamp: at, eventType: 'tagInventory', tagInventoryEvent: { epcHex: '3034257BF7194E40000000BB', antennaPort: 1 } },
    ]);
    const a = await post('impinj', body2);
    const [b, c] = await Promise.all([post('impinj', body2), post('impinj', body2)]);
    expect([b.body.data.duplicate, c.body.data.duplicate]).toEqual([true, true]);
    expect(b.body.data.batchId).toBe(a.body.data.batchId);
    expect((await reads(sql`epc = '3034257BF7194E40000000BB'`)).length).toBe(1);
  });

  it('refuses a revoked credential with 401', async () => {
    const other = await issueDeviceKey(t.ctx.db, demoId, 'FIX-02');
    const body = JSON.stringify({
      timestamp: new Date().toISOString(),
      eventType: 'inventoryStatus',
      inventoryStatusEvent: { inventoryStatus: 'idle' },
    });
    expect((await post('impinj', body, { auth: other.key })).status).toBe(200);
    await revokeDeviceKey(t.ctx.db, demoId, other.id);
    const r = await post('impinj', body, { auth: other.key, headers: { 'idempotency-key': 'after-revoke' } });
    expect(r.status).toBe(401);
    expect(keyId).toBeGreaterThan(0);
  });

  it("lists raw reads by reader, EPC prefix and time, and never another tenant's", async () => {
    const at = new Date(Date.now() - 2_000);
    const body = JSON.stringify([
      { timestamp: at.toISOString(), eventType: 'tagInventory', tagInventoryEvent: { epcHex: 'E28011700000020F1E2D3C4B', antennaPort: 4 } },
    ]);
    await post('impinj', body);
    const byEpc = await list('raw-data', { epc: 'e2801170' });
    expect(byEpc.status).toBe(200);
    expect(byEpc.body.data.list).toEqual([
      expect.objectContaining({ epc: 'E28011700000020F1E2D3C4B', equipmentCoding: 'GATE-01', antenna: 4 }),
    ]);
    const byReader = await list('raw-data', { equipmentCoding: 'gate-0', pageSize: 500 });
    expect(byReader.body.data.list.length).toBeGreaterThan(5);
    const early = await list('raw-data', { epc: 'E2801170', createdAt: [null, new Date(at.getTime() - 1000).toISOString()] });
    expect(early.body.data.list).toEqual([]);
    const other = await list('raw-data', { epc: 'E2801170' }, acme);
    expect(other.status === 403 || other.body.data.list.length === 0).toBe(true);
    const log = await list('equipment-log', { eventType: 'antennaDisconnected' });
    expect(log.body.data.list[0]).toMatchObject({ equipmentCoding: 'GATE-01', antenna: 3, level: 'warn' });
  });

  it('takes the payloads of a reader registered through the API, authenticated by its Bearer device token', async () => {
    const reg = await t.call('POST', '/api/rfid/equipment/register', {
      body: { registrationCode: 'DEMO-READER-1', snNumber: 'SN-R700-000901', macAddress: '00:16:25:12:34:56' },
    });
    expect(reg.status).toBe(200);
    const { equipmentCoding, deviceToken } = reg.body.data;
    const base = Date.now() - 40_000;
    const bearer = async (format: string, body: string, type = 'application/json') => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/rfid/ingest/${format}`,
        headers: { 'content-type': type, authorization: `Bearer ${deviceToken}` },
        payload: body,
      });
      return { status: res.statusCode, body: res.json() as { data: { batchId: number; accepted: number } } };
    };
    const a = await bearer('impinj', recent('impinj-r700-events.json', base));
    const b = await bearer('zebra', recent('zebra-iotc-tag-events.json', base), 'text/plain');
    expect([a.status, b.status]).toEqual([200, 200]);
    const rows = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from rfid_reads where tenant_id = ${demoId} and equipment_coding = ${equipmentCoding} and batch_id in (${a.body.data.batchId}, ${b.body.data.batchId})`,
    );
    expect(rows[0].n).toBeGreaterThanOrEqual(4);
  });

  it("parses a 5,000-event batch in the parser's worker thread and stores it whole", async () => {
    const now = Date.now();
    const events = Array.from({ length: 5000 }, (_, i) => ({
      timestamp: new Date(now - 10_000 + i).toISOString(),
      eventType: 'tagInventory',
      tagInventoryEvent: { epcHex: `30342570${String(i).padStart(16, '0')}`, antennaPort: 1 + (i % 4), peakRssiCdbm: -6000 },
    }));
    const r = await post('impinj', events.map((e) => JSON.stringify(e)).join('\n'), { type: 'application/x-ndjson' });
    expect(r.status).toBe(200);
    expect(r.body.data.accepted).toBe(5000);
    expect((await reads(sql`batch_id = ${r.body.data.batchId}`)).length).toBe(5000);
  });

  it('folds acknowledged batches into EPC state just after the answer: counts add up once, a resend folds nothing, a batch left queued is folded by the next run', async () => {
    const epc = '3034257BF7194E4000F01D01';
    const batch = (n: number) =>
      JSON.stringify(
        Array.from({ length: n }, (_, i) => ({
          timestamp: new Date(Date.now() - 2_000 + i).toISOString(),
          eventType: 'tagInventory',
          tagInventoryEvent: { epcHex: epc, antennaPort: 1, peakRssiCdbm: -5200 },
        })),
      );
    const state = async () =>
      (
        await queryRows<{ read_count: string | number; first_seen_at: Date }>(
          t.ctx.db,
          sql`select read_count, first_seen_at from rfid_epc_states where tenant_id = ${demoId} and epc = ${epc}`,
        )
      )[0];
    const queued = async () => Number((await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from rfid_fold_queue`))[0].n);
    expect(await state()).toBeUndefined();
    const one = await post('impinj', batch(2), { headers: { 'idempotency-key': 'fold-1' } });
    // (a resend is the same body under the same key)
    const three = batch(3);
    const two = await post('impinj', three, { headers: { 'idempotency-key': 'fold-2' } });
    const resent = await post('impinj', three, { headers: { 'idempotency-key': 'fold-2' } });
    expect([one.body.data.accepted, two.body.data.accepted, resent.body.data.duplicate]).toEqual([2, 3, true]);
    await expect.poll(async () => Number((await state())?.read_count ?? 0), { timeout: 15_000 }).toBe(5);
    await expect.poll(queued, { timeout: 15_000 }).toBe(0);
    // the health check shows the backlog (none now)
    expect((await t.call('GET', '/api/health')).body.data.rfidFold).toEqual({ batches: 0, reads: 0, oldestAt: null, stuck: 0 });

    // the runner stops (as a process that dies): what was queued stays queued, and the next run folds
    // every queued batch of the tenant in one transaction (one write per EPC)
    await foldRunner(t.ctx).stop();
    for (const [id, n] of [
      [9_000_001, 4],
      [9_000_002, 1],
    ] as const)
      await t.ctx.db.transaction((tx) =>
        enqueueFold(
          tx,
          demoId,
          id,
          { equipmentCoding: 'GATE-01', locationId: null, sceneId: null },
          Array.from({ length: n }, (_, i) => ({
            epc,
            tid: null,
            at: new Date(Date.now() - 1000 + i),
            antenna: 2,
            rssiCdbm: -4800,
            readCount: 1,
          })),
        ),
      );
    const health = (await t.call('GET', '/api/health')).body.data.rfidFold;
    expect([health.batches, health.reads]).toEqual([2, 5]);
    expect(Number((await state())!.read_count)).toBe(5);
    expect(await foldQueued(t.ctx.db)).toEqual({ batches: 2, reads: 5, tenants: [demoId], busy: 0, failures: [] });
    expect(Number((await state())!.read_count)).toBe(10);
    expect(await queued()).toBe(0);
    expect(await foldQueued(t.ctx.db)).toEqual({ batches: 0, reads: 0, tenants: [], busy: 0, failures: [] });

    // a batch that cannot be folded holds up neither the batches after it nor another tenant's: it stays queued with its message, and after FOLD_ATTEMPTS runs it
    // is left aside and counted as stuck by the health check (here the database refuses an antenna
    // number out of its column's range, which validation never lets through)
    const [other] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id::int as id from tenants where id <> ${demoId} order by id limit 1`,
    );
    const good = (tenantId: number, id: number) =>
      t.ctx.db.transaction((tx) =>
        enqueueFold(tx, tenantId, id, { equipmentCoding: 'GATE-01', locationId: null, sceneId: null }, [
          { epc, tid: null, at: new Date(), antenna: 1, rssiCdbm: -5000, readCount: 1 },
        ]),
      );
    await good(demoId, 9_000_003);
    await t.ctx.db.execute(
      sql`insert into rfid_fold_queue (tenant_id, batch_id, equipment_coding, reads, data) values (${demoId}, 9000004, 'GATE-01', 1, ${`3034257BF7194E4000F01D02\t\t${Date.now()}\t99999999999\t-5000\t1`})`,
    );
    await good(demoId, 9_000_005);
    await good(other.id, 9_000_006);
    const first = await foldQueued(t.ctx.db);
    expect([first.batches, first.reads, first.failures.map((f) => [f.tenantId, f.batchId])]).toEqual([3, 3, [[demoId, 9_000_004]]]);
    expect(first.tenants.sort()).toEqual([demoId, other.id].sort());
    expect(Number((await state())!.read_count)).toBe(12);
    const left = async () =>
      queryRows<{ batch_id: number; attempts: number; error: string }>(
        t.ctx.db,
        sql`select batch_id::int as batch_id, attempts, error from rfid_fold_queue order by batch_id`,
      );
    expect((await left()).map((r) => [r.batch_id, r.attempts, !!r.error])).toEqual([[9_000_004, 1, true]]);
    expect((await t.call('GET', '/api/health')).body.data.rfidFold).toMatchObject({ batches: 1, reads: 1, stuck: 0 });
    // two more runs fail it again; then it is stuck, and runs leave it be
    for (let i = 0; i < FOLD_ATTEMPTS - 1; i++) expect((await foldQueued(t.ctx.db)).failures.length).toBe(1);
    expect(await foldQueued(t.ctx.db)).toEqual({ batches: 0, reads: 0, tenants: [], busy: 0, failures: [] });
    expect((await left()).map((r) => [r.batch_id, r.attempts])).toEqual([[9_000_004, FOLD_ATTEMPTS]]);
    expect((await t.call('GET', '/api/health')).body.data.rfidFold).toMatchObject({ batches: 1, stuck: 1 });
    await t.ctx.db.execute(sql`delete from rfid_fold_queue`);
    await t.ctx.db.execute(sql`delete from rfid_epc_states where tenant_id = ${other.id} and epc = ${epc}`);
  });

  it('finds raw reads by the start of their EPC before and after their fold, and by a start more than a thousand EPCs share', async () => {
    // (the fold runner is stopped since the test above: a batch stays queued until foldQueued)
    const at = Date.now() - 1500;
    const ev = (epc: string, i: number) => ({
      timestamp: new Date(at + i).toISOString(),
      eventType: 'tagInventory',
      tagInventoryEvent: { epcHex: epc, antennaPort: 1 },
    });
    const few = ['E2003412AB0000000000F001', 'E2003412AB0000000000F002'];
    expect((await post('impinj', JSON.stringify(few.map(ev)))).status).toBe(200);
    const epcsOf = async (q: Record<string, unknown>) => (await list('raw-data', q)).body.data.list.map((r: { epc: string }) => r.epc);
    // not folded yet: among the batches received since the oldest one queued
    expect(await epcsOf({ epc: 'e2003412ab' })).toEqual([few[1], few[0]]);
    await foldQueued(t.ctx.db);
    // folded: through the EPCs of that start in EPC state and the batches' GIN index
    expect(await epcsOf({ epc: 'e2003412ab' })).toEqual([few[1], few[0]]);
    expect(await epcsOf({ epc: 'E2003412-AB00-0000-0000-F002' })).toEqual([few[1]]);
    expect(await epcsOf({ epc: 'E2003412AC' })).toEqual([]);
    expect(await epcsOf({ epc: 'not hex' })).toEqual([]);
    // each read's own time, beside the time its batch was received
    const [row] = (await list('raw-data', { epc: few[0] })).body.data.list;
    expect(new Date(row.readAt).getTime()).toBe(at);
    expect(new Date(row.createdAt).getTime()).toBeGreaterThan(at);
    // a start 1,001 EPCs share: the window's batches are read
    const many = Array.from({ length: 1001 }, (_, i) => ev(`E2003499${String(i).padStart(16, '0')}`, i));
    expect((await post('impinj', JSON.stringify(many))).status).toBe(200);
    await foldQueued(t.ctx.db);
    const page = await list('raw-data', { epc: 'E2003499', pageSize: 500 });
    expect([page.body.data.list.length, page.body.data.hasMore, page.body.data.list[0].epc]).toEqual([
      500,
      true,
      'E20034990000000000001000',
    ]);
  });

  it('stores a batch whole or not at all: one the database refuses leaves no read, key, status event or queued fold, and its resend is stored once', async () => {
    const at = new Date().toISOString();
    const body = JSON.stringify([
      {
        timestamp: at,
        hostname: 'r700',
        eventType: 'tagInventory',
        tagInventoryEvent: { epcHex: '3034257BF7194E4000A70A01', antennaPort: 1 },
      },
      {
        timestamp: at,
        hostname: 'r700',
        eventType: 'tagInventory',
        tagInventoryEvent: { epcHex: '3034257BF7194E4000A70A02', antennaPort: 2 },
      },
      { timestamp: at, hostname: 'r700', eventType: 'antennaDisconnected', antennaDisconnectedEvent: { antennaPort: 4 } },
    ]);
    const stored = async () => {
      const [row] = await queryRows<{ reads: number; keys: number; events: number; queued: number; batches: number }>(
        t.ctx.db,
        sql`select (select count(*)::int from rfid_reads where tenant_id = ${demoId} and epc like '3034257BF7194E4000A70A%') as reads,
                   (select count(*)::int from rfid_batch_keys where tenant_id = ${demoId} and batch_key = 'all-or-nothing') as keys,
                   (select count(*)::int from rfid_equipment_events where tenant_id = ${demoId} and antenna = 4 and created_at = ${at}::timestamptz) as events,
                   (select count(*)::int from rfid_fold_queue q join rfid_batch_keys k on k.tenant_id = q.tenant_id and k.batch_id = q.batch_id
                     where k.batch_key = 'all-or-nothing') as queued,
                   (select count(*)::int from rfid_batches where tenant_id = ${demoId} and batch_key = 'all-or-nothing') as batches`,
      );
      return row;
    };
    // the batch row, written last in the batch's one statement, is refused: nothing else stays
    await t.ctx.db.execute(sql`alter table rfid_batches add constraint test_refuse check (batch_key <> 'all-or-nothing')`);
    try {
      const refused = await post('impinj', body, { headers: { 'idempotency-key': 'all-or-nothing' } });
      // (a refused check reads as a bad request; what matters: no answer of success, nothing kept)
      expect([refused.status, refused.body.data]).toEqual([400, null]);
      expect(await stored()).toEqual({ reads: 0, keys: 0, events: 0, queued: 0, batches: 0 });
    } finally {
      await t.ctx.db.execute(sql`alter table rfid_batches drop constraint test_refuse`);
    }
    // the reader resends after the error: stored once, whole
    const resent = await post('impinj', body, { headers: { 'idempotency-key': 'all-or-nothing' } });
    expect([resent.status, resent.body.data.accepted, resent.body.data.duplicate]).toEqual([200, 3, false]);
    const again = await post('impinj', body, { headers: { 'idempotency-key': 'all-or-nothing' } });
    expect([again.body.data.duplicate, again.body.data.batchId]).toEqual([true, resent.body.data.batchId]);
    const after = await stored();
    expect([after.reads, after.keys, after.events, after.batches]).toEqual([2, 1, 1, 1]);
  });

  it('counts an event with a raw NUL byte (not JSON) invalid and stores the rest of the batch', async () => {
    const at = new Date().toISOString();
    const ok = (epc: string) =>
      JSON.stringify({ timestamp: at, eventType: 'tagInventory', tagInventoryEvent: { epcHex: epc, antennaPort: 1 } });
    // the second line holds a NUL byte itself (not the JSON escape \\u0000), which JSON does not allow in a string
    const raw = `{"timestamp":"${at}","eventType":"tagInventory","tagInventoryEvent":{"epcHex":"30${String.fromCharCode(0)}"}}`;
    const body = [ok('3074257BF7194E4000000A01'), raw, ok('3074257BF7194E4000000A02')].join('\n');
    expect(body.includes('\u0000')).toBe(true);
    const r = await post('impinj', body, { type: 'application/x-ndjson', headers: { 'idempotency-key': 'raw-nul' } });
    expect([r.status, r.body.data.accepted, r.body.data.invalid, r.body.data.errors[0]?.index]).toEqual([200, 2, 1, 2]);
    expect((await reads(sql`batch_id = ${r.body.data.batchId}`)).map((x) => x.epc).sort()).toEqual([
      '3074257BF7194E4000000A01',
      '3074257BF7194E4000000A02',
    ]);
  });

  it("stores a reader's words that PostgreSQL cannot hold (NUL, half a surrogate pair) with U+FFFD, not refusing the batch", async () => {
    const at = new Date().toISOString();
    const body = `{"timestamp":"${at}","type":"ERROR","data":{"description":"bad\\u0000 \\udc00 end"}}`;
    const r = await post('zebra', body, { type: 'text/plain', headers: { 'idempotency-key': 'bad-words' } });
    expect([r.status, r.body.data.accepted]).toEqual([200, 1]);
    const [row] = await queryRows<{ message: string }>(
      t.ctx.db,
      sql`select message from rfid_equipment_events where tenant_id = ${demoId} and event_type = 'error' and created_at = ${at}::timestamptz`,
    );
    expect(row.message).toContain('bad\ufffd \ufffd end');
  });
  /** `n` tag reads of EPCs starting with `prefix`, a second ago, as an Impinj JSON array. */
  const tagBatch = (prefix: string, n: number) =>
    JSON.stringify(
      Array.from({ length: n }, (_, i) => ({
        timestamp: new Date(Date.now() - 1000 + i).toISOString(),
        eventType: 'tagInventory',
        tagInventoryEvent: { epcHex: `${prefix}${String(i).padStart(24 - prefix.length, '0')}`, antennaPort: 1 },
      })),
    );
  const equipmentLog = (eventType: string, code: string) =>
    queryRows<{ message: string; level: string }>(
      t.ctx.db,
      sql`select message, level from rfid_equipment_events where tenant_id = ${demoId} and equipment_coding = ${code} and event_type = ${eventType} order by created_at, id`,
    );

  it("refuses a reader over its quota with 429 and Retry-After before reading the batch, logs and counts it, takes another reader's batches, and refuses every reader over the tenant's quota", async () => {
    const saved = { ...t.ctx.config.ingestQuota };
    const fresh = freshQuotas;
    const fix = await issueDeviceKey(t.ctx.db, demoId, 'FIX-02');
    const readsOf = async (prefix: string) => (await reads(sql`epc like ${`${prefix}%`}`)).length;
    try {
      // a reader may take 100 events at once, then 10 a second; its tenant plenty
      t.ctx.config.ingestQuota = { deviceRate: 10, deviceBurst: 100, tenantRate: 100_000, tenantBurst: 1_000_000 };
      await fresh();
      // a batch is taken whole while the bucket is above zero (150 events: 50 below)
      const first = await post('impinj', tagBatch('30340A0A', 150), { headers: { 'idempotency-key': 'quota-1' } });
      expect([first.status, first.body.data.accepted]).toEqual([200, 150]);
      const over = await post('impinj', tagBatch('30340A0B', 20), { headers: { 'idempotency-key': 'quota-2' } });
      expect(over.status).toBe(429);
      expect(over.body.code).toBe(429);
      // the seconds until the bucket is above zero again: 51 events at 10 a second, less what the
      // bucket gained since the first batch (a busy machine takes a second between the two)
      const wait = Number(over.headers['retry-after']);
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(6);
      expect(over.body.msg).toMatch(new RegExp(`GATE-01.*quota of 10 events a second.*resend it in ${wait} s`));
      expect(await readsOf('30340A0B')).toBe(0);
      // refused before it is read: a body that is not even JSON gets the same 429
      const unread = await post('impinj', 'not json at all', { headers: { 'idempotency-key': 'quota-3' } });
      expect([unread.status, unread.headers['retry-after']]).toEqual([429, expect.stringMatching(/^[1-6]$/)]);
      // another reader of the tenant is taken
      const other = await post('impinj', tagBatch('30340A0C', 20), { auth: fix.key, headers: { 'idempotency-key': 'quota-4' } });
      expect([other.status, other.body.data.accepted]).toEqual([200, 20]);
      expect(await readsOf('30340A0C')).toBe(20);

      // the equipment log says so (once for the episode, with the count), and so does the operator's panel
      await expect.poll(async () => (await equipmentLog('rateLimited', 'GATE-01')).length, { timeout: 10_000 }).toBe(1);
      const [line] = await equipmentLog('rateLimited', 'GATE-01');
      expect(line.level).toBe('warn');
      const listed = await list('equipment-log', { eventType: 'rateLimited' });
      expect(listed.body.data.list[0]).toMatchObject({ equipmentCoding: 'GATE-01', eventType: 'rateLimited' });
      expect(listed.body.data.list[0].message).toMatch(
        /reader's quota of 10 events a second \(http\): [12] in \d+ s; told to resend after [1-6] s/,
      );
      const panel = async () =>
        (await t.call('GET', '/api/dashboard/admin/widgets', { token: demo })).body.data.find(
          (w: { code: string }) => w.code === 'rfid.operator',
        ).data.rateLimited;
      await expect.poll(async () => (await panel()).batches, { timeout: 10_000 }).toBe(2);
      expect((await panel()).readers).toEqual([expect.objectContaining({ equipmentCoding: 'GATE-01', batches: 2 })]);

      // the buckets are the database's: another process learns the reader's level from its first write
      const elsewhere = new IngestQuota(t.ctx);
      expect(elsewhere.refusal(demoId, 'GATE-01', 'http')).toBeUndefined();
      elsewhere.take(demoId, 'GATE-01', 1);
      await elsewhere.flush();
      expect(elsewhere.refusal(demoId, 'GATE-01', 'http')).toBeInstanceOf(QuotaError);
      await elsewhere.close();

      // the tenant's bucket: over it, every reader of the tenant waits
      t.ctx.config.ingestQuota = { deviceRate: 100_000, deviceBurst: 1_000_000, tenantRate: 10, tenantBurst: 100 };
      await fresh();
      expect((await post('impinj', tagBatch('30340A0D', 150), { auth: fix.key })).status).toBe(200);
      for (const auth of [fix.key, key]) {
        const r = await post('impinj', tagBatch('30340A0E', 5), { auth });
        expect([r.status, r.headers['retry-after']]).toEqual([429, expect.stringMatching(/^[1-6]$/)]);
        expect(r.body.msg).toMatch(/tenant's readers together are over its quota of 10 events a second/);
      }
      expect(await readsOf('30340A0E')).toBe(0);
      await expect.poll(async () => (await equipmentLog('rateLimited', 'FIX-02')).length, { timeout: 10_000 }).toBe(1);
    } finally {
      t.ctx.config.ingestQuota = saved;
      await fresh();
    }
  });

  it('refuses an NDJSON body of more than 5,000 lines by counting them, before it is parsed', async () => {
    // 5,001 lines that are not JSON: parsed, the body would be refused as not JSON; counted, it has too many events
    const body = Array.from({ length: 5001 }, (_, i) => `{not json, line ${i} ${'x'.repeat(20)}`).join('\n');
    expect(body.length).toBeGreaterThan(64 * 1024);
    const r = await post('impinj', body, { type: 'application/x-ndjson', headers: { 'idempotency-key': 'too-many-lines' } });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('A batch holds at most 5000 events; this one has >5000');
    const state = await list('report-state', { batchKey: 'too-many-lines' });
    expect(state.body.data.list).toEqual([expect.objectContaining({ status: 'rejected', firstError: 'tooManyEvents' })]);
    // a small body too (parsed inline otherwise)
    const small = await post('zebra', Array.from({ length: 5001 }, () => '{').join('\n'), { type: 'text/plain' });
    expect([small.status, small.body.msg]).toEqual([400, 'A batch holds at most 5000 events; this one has >5000']);
  });

  it('refuses a batch key the reader used for another body with 409 naming the key, and logs it; the same body is a duplicate as before', async () => {
    const original = tagBatch('30340B0A', 3);
    const first = await post('impinj', original, { headers: { 'idempotency-key': 'counter-7' } });
    expect([first.status, first.body.data.duplicate]).toEqual([200, false]);
    // the reader rebooted and counts from 7 again: another batch under the same key
    const reused = await post('impinj', tagBatch('30340B0B', 2), { headers: { 'idempotency-key': 'counter-7' } });
    expect(reused.status).toBe(409);
    expect(reused.body.msg).toMatch(/^Idempotency-Key counter-7: this reader already sent a different batch with this key/);
    expect(await reads(sql`epc like '30340B0B%'`)).toEqual([]);
    const [line] = await equipmentLog('batchKeyReused', 'GATE-01');
    expect(line.level).toBe('warn');
    const listed = await list('equipment-log', { eventType: 'batchKeyReused' });
    expect(listed.body.data.list[0].message).toMatch(
      new RegExp(`^Idempotency-Key counter-7 came again with a different batch .*batch ${first.body.data.batchId}`),
    );
    // the very same body under its key (X-Batch-Id alike) is a resend: the first answer, marked duplicate
    const again = await post('impinj', original, { headers: { 'x-batch-id': 'counter-7' } });
    expect([again.status, again.body.data]).toEqual([200, { ...first.body.data, duplicate: true }]);
    expect((await reads(sql`epc like '30340B0A%'`)).length).toBe(3);
    const body = tagBatch('30340B0C', 2);
    const a = await post('impinj', body, { headers: { 'x-batch-id': 'counter-8' } });
    const b = await post('impinj', body, { headers: { 'x-batch-id': 'counter-8' } });
    expect([a.status, b.status, b.body.data]).toEqual([200, 200, { ...a.body.data, duplicate: true }]);
    expect((await reads(sql`epc like '30340B0C%'`)).length).toBe(2);
  });
  it("keeps a read's memory read (Impinj tagAccessResponses), its phase to 0.01° and its Doppler frequency, and shows them on the raw-data list", async () => {
    const at = new Date(Date.now() - 4_000).toISOString();
    const body = JSON.stringify([
      {
        timestamp: at,
        eventType: 'tagInventory',
        tagInventoryEvent: {
          epcHex: '3034257BF7194E4000000D01',
          antennaPort: 1,
          phaseAngle: 123.456,
          dopplerFrequency: -12.5,
          tagAccessResponses: [
            { command: 'read', identifier: 'user-memory', response: 'success', dataHex: '0a1b2c3d' },
            { command: 'read', identifier: 'verify-epc', response: 'success', dataHex: '3034257BF7194E4000000D01' },
            { command: 'read', identifier: 'tid-ext', response: 'failure' },
          ],
        },
      },
      { timestamp: at, eventType: 'tagInventory', tagInventoryEvent: { epcHex: '3034257BF7194E4000000D02', phaseAngle: 7 } },
    ]);
    const r = await post('impinj', body);
    expect(r.body.data).toMatchObject({ accepted: 2, invalid: 0 });
    const rows = await queryRows<{ epc: string; phase: number; doppler_hz: number | null; memory: string | null }>(
      t.ctx.db,
      sql`select epc, phase, doppler_hz, memory from rfid_reads where tenant_id = ${demoId} and batch_id = ${r.body.data.batchId} order by id`,
    );
    expect(rows).toEqual([
      {
        epc: '3034257BF7194E4000000D01',
        phase: 123.46,
        doppler_hz: -12.5,
        memory: 'user-memory=0A1B2C3D verify-epc=3034257BF7194E4000000D01 tid-ext!failure',
      },
      { epc: '3034257BF7194E4000000D02', phase: 7, doppler_hz: null, memory: null },
    ]);
    const listed = await list('raw-data', { epc: '3034257BF7194E4000000D01' });
    expect(listed.body.data.list).toEqual([
      expect.objectContaining({ phase: 123.46, dopplerHz: -12.5, memory: expect.stringContaining('user-memory=0A1B2C3D') }),
    ]);
  });

  it('names the field it looked at when it refuses an event without a type or of an unknown type', async () => {
    const at = new Date(Date.now() - 3_000).toISOString();
    const r = await post(
      'impinj',
      JSON.stringify([
        { timestamp: at, hostname: 'r700' },
        { timestamp: at, eventType: 'tagWritten' },
      ]),
    );
    expect(r.body.data.errors.map((e) => [e.reason, e.message])).toEqual([
      ['noType', 'Field eventType: the event type is missing'],
      ['unknownType', 'Field eventType: unsupported event type "tagWritten"'],
    ]);
    const z = await post('zebra', JSON.stringify([{ timestamp: at, data: { antenna: 1 } }]));
    expect(z.body.data.errors.map((e) => e.message)).toEqual(['Field type: the event type is missing']);
  });
});
