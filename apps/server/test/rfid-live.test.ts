import { sgtin96Hex } from '@tagloom/domain/epc/index.js';
import { and, eq, isNotNull, notLike, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/core/context.js';
import { issueDeviceKey } from '../src/core/feed/device-keys.js';
import { encodeLive, LIVE_CHANNEL, LIVE_MAX_PAYLOAD, LIVE_TOPICS, liveSubscriberCount, publishLive } from '../src/core/live.js';
import { type Database, queryRows } from '../src/db/client.js';
import { equipment, tenants } from '../src/db/schema/index.js';
import { rfidBatches, rfidEquipmentEvents } from '../src/modules/rfid/ingest/tables.js';
import { rfidEpcStates } from '../src/modules/rfid/state/tables.js';
import { DRIVER, openTestDatabase, startTestApp, type TestApp } from './support.js';
import { openSse } from './support-sse.js';

const reads = (equipmentCoding: string, epc: string) => ({
  batchId: 1,
  equipmentCoding,
  accepted: 1,
  invalid: 0,
  reads: [{ epc, antenna: 1, rssiCdbm: -5500, at: new Date().toISOString(), locationId: null }],
});

describe(`RFID live push and dashboards on ${DRIVER}`, () => {
  let t: TestApp;
  let base: string;
  /** a second connection to the same database, as another server process would hold */
  let other: Database;
  let otherCtx: Pick<AppContext, 'database' | 'log'>;
  let demoId: number;
  let acmeId: number;
  beforeAll(async () => {
    t = await startTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // PGlite is one connection in one process: its NOTIFY is the only other "connection" there is
    other = DRIVER === 'pg' ? await openTestDatabase(t.databaseUrl) : t.database;
    otherCtx = { database: other, log: t.ctx.log };
    const id = async (code: string) => (await t.ctx.db.select().from(tenants).where(eq(tenants.code, code)))[0].id;
    demoId = await id('DEMO');
    acmeId = await id('ACME');
  });
  let closed = false;
  afterAll(async () => {
    if (other && other !== t.database) await other.close();
    if (!closed) await t?.close();
  });

  it('streams the reads another connection publishes to the tenant, filtered by reader, and to no other tenant', async () => {
    const [demo, acme] = [await t.login('demo', 'demo123'), await t.login('acme', 'acme123')];
    const all = await openSse(base, '/api/rfid/live', demo);
    const gate = await openSse(base, '/api/rfid/live?equipmentCoding=gate-01', demo);
    const acmeStream = await openSse(base, '/api/rfid/live', acme);
    expect(all.res.status).toBe(200);
    expect(all.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await Promise.all([all, gate, acmeStream].map((s) => s.waitFor((e) => e.event === 'ready')));

    await publishLive(otherCtx, { tenantId: demoId, topic: LIVE_TOPICS.reads, data: reads('FIX-02', 'E28011700000020E7E5B1A01') });
    await publishLive(otherCtx, { tenantId: demoId, topic: LIVE_TOPICS.reads, data: reads('GATE-01', 'E28011700000020E7E5B1A02') });
    // a marker for ACME after DEMO's messages: when it arrives, DEMO's would have arrived before it
    await publishLive(otherCtx, { tenantId: acmeId, topic: LIVE_TOPICS.reads, data: reads('GATE-01', 'ACAC') });

    const second = await all.waitFor((e) => e.event === 'reads' && e.data.equipmentCoding === 'GATE-01');
    expect(second.data.reads[0]).toMatchObject({ epc: 'E28011700000020E7E5B1A02', antenna: 1, rssiCdbm: -5500 });
    expect(all.events.filter((e) => e.event === 'reads').map((e) => e.data.equipmentCoding)).toEqual(['FIX-02', 'GATE-01']);
    await gate.waitFor((e) => e.event === 'reads');
    expect(gate.events.filter((e) => e.event === 'reads').map((e) => e.data.reads[0].epc)).toEqual(['E28011700000020E7E5B1A02']);
    await acmeStream.waitFor((e) => e.event === 'reads');
    expect(acmeStream.events.filter((e) => e.event === 'reads').map((e) => e.data.reads[0].epc)).toEqual(['ACAC']);

    // the client going away frees its subscription
    const before = liveSubscriberCount(t.ctx);
    acmeStream.close();
    await expect.poll(() => liveSubscriberCount(t.ctx)).toBe(before - 1);
    all.close();
    gate.close();
  });

  it('asks for a session and a well-formed reader code', async () => {
    const bad = await t.call('GET', '/api/rfid/live?equipmentCoding=a%20b', { token: await t.login('demo', 'demo123'), lang: 'en_US' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/Equipment code/);
    expect((await t.call('GET', '/api/rfid/live')).status).toBe(401);
  });

  it('trims a payload too large for NOTIFY instead of failing', () => {
    const many = Array.from({ length: 400 }, (_, i) => ({
      epc: `E2801170000002${String(i).padStart(10, '0')}`,
      antenna: 1,
      rssiCdbm: -6000,
      at: 'x',
    }));
    const text = encodeLive({ tenantId: 1, topic: 'rfid.reads', at: 'now', data: { equipmentCoding: 'G', accepted: 400, reads: many } });
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(LIVE_MAX_PAYLOAD);
    const back = JSON.parse(text);
    expect(back.truncated).toBe(true);
    expect(back.data.accepted).toBe(400);
    expect(back.data.reads.length).toBeGreaterThan(10);
    expect(back.data.reads.length).toBeLessThan(400);
    expect(LIVE_CHANNEL).toBe('tagloom_live');
  });

  it("counts the dashboard's widgets and pushes new counters when reads arrive", async () => {
    const demo = await t.login('demo', 'demo123');
    const now = new Date();
    const hourAgo = new Date(now.getTime() - 2 * 3600_000);
    // every reader gone two hours ago but the fitting cabins' (fifteen of them would fill the panel's ten)
    await t.ctx.db
      .update(equipment)
      .set({ onlineStatus: 0, lastTimeOnline: hourAgo })
      .where(and(eq(equipment.tenantId, demoId), notLike(equipment.equipmentCoding, 'FIT-%')));
    await t.ctx.db.insert(rfidBatches).values([
      { tenantId: demoId, equipmentCoding: 'GATE-01', format: 'impinj', transport: 'http', tagReads: 7, events: 7, status: 'ok' },
      {
        tenantId: demoId,
        equipmentCoding: 'FIX-02',
        format: 'zebra',
        transport: 'http',
        tagReads: 3,
        events: 5,
        invalid: 2,
        status: 'partial',
        firstError: 'badEpc',
      },
      { tenantId: acmeId, equipmentCoding: 'GATE-01', format: 'impinj', transport: 'http', tagReads: 100, status: 'ok' },
    ]);
    await t.ctx.db.insert(rfidEquipmentEvents).values({
      tenantId: demoId,
      equipmentCoding: 'GATE-01',
      eventType: 'antennaDisconnected',
      level: 'warn',
      antenna: 2,
      message: 'antenna 2',
    });
    const state = (epc: string, presence: string | null, tid: string | null = null) => ({
      tenantId: demoId,
      epc,
      tid,
      firstSeenAt: now,
      lastSeenAt: now,
      readCount: 1,
      lastEquipment: 'GATE-01',
      presence,
    });
    // the states the demo holds before (its stock, as the last counts found it)
    const before = Object.fromEntries(
      (await t.call('GET', '/api/dashboard/admin/widgets', { token: demo })).body.data
        .find((w: { code: string }) => w.code === 'rfid.counters')
        .data.tagsByState.map((s: { state: string; count: number }) => [s.state, s.count]),
    ) as Record<string, number>;
    await t.ctx.db
      .insert(rfidEpcStates)
      .values([
        state('3074257BF7194E4000001A85', 'present'),
        state('3074257BF7194E4000001A86', 'present'),
        state('3074257BF7194E4000001A87', 'sold'),
        state('DEADBEEFDEADBEEFDEADBEEF', null),
      ]);

    const readersTotal = (await t.ctx.db.select().from(equipment).where(eq(equipment.tenantId, demoId))).length;
    const widgets = await t.call('GET', '/api/dashboard/admin/widgets', { token: demo });
    expect(widgets.body.code).toBe(200);
    const by = Object.fromEntries(widgets.body.data.map((w: { code: string; data: unknown }) => [w.code, w.data]));
    expect(by['rfid.counters']).toEqual({
      readsToday: 10,
      readersOnline: 0,
      readersTotal,
      tagsByState: [
        { state: 'present', count: before.present + 2 },
        { state: 'departed', count: before.departed },
        { state: 'sold', count: before.sold + 1 },
        { state: 'unplaced', count: before.unplaced + 1 },
      ],
    });
    const panel = by['rfid.operator'];
    expect(panel.offline.map((o: { equipmentCoding: string }) => o.equipmentCoding)).toEqual(expect.arrayContaining(['FIX-02', 'GATE-01']));
    expect(panel.offline[0].since).toBe(hourAgo.toISOString());
    expect(panel.antennaFaults).toMatchObject([{ equipmentCoding: 'GATE-01', antenna: 2 }]);
    expect(panel.syncFailures).toMatchObject([{ equipmentCoding: 'FIX-02', status: 'partial', invalid: 2, firstError: 'badEpc' }]);
    expect(panel.ratePerSite.reduce((s: number, r: { reads: number }) => s + r.reads, 0)).toBe(10);
    expect(panel.unknownEpcs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ epc: 'DEADBEEFDEADBEEFDEADBEEF', reason: 'undecodable' }),
        expect.objectContaining({ epc: '3074257BF7194E4000001A85', reason: 'notInRegistry' }),
      ]),
    );

    const acmeCounters = (await t.call('GET', '/api/dashboard/admin/widgets', { token: await t.login('acme', 'acme123') })).body.data[0]
      .data;
    expect(acmeCounters.readsToday).toBe(100);

    // the live stream: counters at once, then again after reads arrive
    const live = await openSse(base, '/api/dashboard/live', demo);
    await live.waitFor((e) => e.event === 'counters' && e.data.readsToday === 10);
    await t.ctx.db
      .insert(rfidBatches)
      .values({ tenantId: demoId, equipmentCoding: 'GATE-01', format: 'impinj', transport: 'http', tagReads: 5, status: 'ok' });
    await publishLive(otherCtx, { tenantId: demoId, topic: LIVE_TOPICS.reads, data: reads('GATE-01', '3074257BF7194E4000001A85') });
    await live.waitFor((e) => e.event === 'counters' && e.data.readsToday === 15);
    live.close();
  });

  it("sends a reader's batch to the live stream once, after its commit, with its id and the reader's location", async () => {
    const demo = await t.login('demo', 'demo123');
    const [bound] = await t.ctx.db
      .select({ code: equipment.equipmentCoding, locationId: equipment.locationId })
      .from(equipment)
      .where(and(eq(equipment.tenantId, demoId), isNotNull(equipment.locationId)))
      .limit(1);
    expect(bound).toBeDefined();
    const { key } = await issueDeviceKey(t.ctx.db, demoId, bound.code);
    const stream = await openSse(base, `/api/rfid/live?equipmentCoding=${encodeURIComponent(bound.code)}`, demo);
    await stream.waitFor((e) => e.event === 'ready');
    // a resend is the same body under the same key (another body under a used key is a 409)
    const bodies = new Map<string, string>();
    const post = async (epc: string, batchKey: string) => {
      if (!bodies.has(batchKey))
        bodies.set(
          batchKey,
          JSON.stringify([
            { timestamp: new Date().toISOString(), eventType: 'tagInventory', tagInventoryEvent: { epcHex: epc, antennaPort: 1 } },
          ]),
        );
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/rfid/ingest/impinj',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, 'idempotency-key': batchKey },
        payload: bodies.get(batchKey),
      });
      expect(res.statusCode).toBe(200);
      return res.json().data as { batchId: number; duplicate: boolean };
    };
    const first = await post('3074257BF7194E4000001B01', 'live-1');
    const got = await stream.waitFor((e) => e.event === 'reads' && e.data.batchId === first.batchId);
    expect(got.data).toMatchObject({ equipmentCoding: bound.code, locationId: bound.locationId, accepted: 1, invalid: 0 });
    expect(got.data.reads).toMatchObject([{ epc: '3074257BF7194E4000001B01', antenna: 1, locationId: bound.locationId }]);
    // a resend is answered as the first delivery and sends nothing; the next batch is heard after it
    expect(await post('3074257BF7194E4000001B01', 'live-1')).toEqual({ ...first, duplicate: true });
    const next = await post('3074257BF7194E4000001B02', 'live-2');
    await stream.waitFor((e) => e.event === 'reads' && e.data.batchId === next.batchId);
    expect(stream.events.filter((e) => e.event === 'reads').map((e) => e.data.batchId)).toEqual([first.batchId, next.batchId]);
    stream.close();
  });

  it("gives each pushed read its goods: the registry tag's SKU, else the SKU of the GTIN it encodes, none for a stranger", async () => {
    const demo = await t.login('demo', 'demo123');
    // a registry tag and its SKU; another SKU whose GTIN an EPC outside the registry encodes
    const [tag] = await queryRows<{ epc: string; sku_barcode: string; style_number: string; colour: string; size: string }>(
      t.ctx.db,
      sql`select t.epc, s.sku_barcode, g.style_number, s.colour, s.size from label_tags t
          join goods_skus s on s.tenant_id = t.tenant_id and s.id = t.sku_id join goods g on g.tenant_id = s.tenant_id and g.id = s.goods_id
          where t.tenant_id = ${demoId} order by t.id limit 1`,
    );
    const [sku] = await queryRows<{ gtin: string; sku_barcode: string; style_number: string; colour: string; size: string }>(
      t.ctx.db,
      sql`select s.gtin, s.sku_barcode, g.style_number, s.colour, s.size from goods_skus s join goods g on g.tenant_id = s.tenant_id and g.id = s.goods_id
          where s.tenant_id = ${demoId} and char_length(s.gtin) = 13 order by s.id desc limit 1`,
    );
    const stranger = sgtin96Hex(sku.gtin, 7, 1, 777_777);
    const stream = await openSse(base, '/api/rfid/live?equipmentCoding=HH-03', demo);
    await stream.waitFor((e) => e.event === 'ready');
    const data = {
      batchId: 91,
      equipmentCoding: 'HH-03',
      accepted: 3,
      invalid: 0,
      reads: [tag.epc, stranger, 'E28011700000020E7E5B1A09'].map((epc) => ({
        epc,
        antenna: 1,
        rssiCdbm: -5000,
        at: new Date().toISOString(),
      })),
    };
    await publishLive(otherCtx, { tenantId: demoId, topic: LIVE_TOPICS.reads, data });
    const got = await stream.waitFor((e) => e.event === 'reads' && e.data.batchId === 91);
    expect(got.data.reads.map((r: { goods: unknown }) => r.goods)).toEqual([
      {
        skuBarcode: tag.sku_barcode,
        styleNumber: tag.style_number,
        goodsName: expect.any(String),
        colour: tag.colour,
        size: tag.size,
        registered: true,
      },
      {
        skuBarcode: sku.sku_barcode,
        styleNumber: sku.style_number,
        goodsName: expect.any(String),
        colour: sku.colour,
        size: sku.size,
        registered: false,
      },
      null,
    ]);
    // the same EPCs again: answered from the stream's cache, in order
    await publishLive(otherCtx, { tenantId: demoId, topic: LIVE_TOPICS.reads, data: { ...data, batchId: 92 } });
    const again = await stream.waitFor((e) => e.event === 'reads' && e.data.batchId === 92);
    expect(again.data.reads[0].goods.skuBarcode).toBe(tag.sku_barcode);
    stream.close();
  });

  // last: it stops this suite's server
  it('ends open streams when the server stops', async () => {
    const stream = await openSse(base, '/api/rfid/live', await t.login('demo', 'demo123'));
    await stream.waitFor((e) => e.event === 'ready');
    const closing = t.close();
    closed = true;
    await stream.waitEnded();
    await closing;
    expect(stream.ended).toBe(true);
  });
});
