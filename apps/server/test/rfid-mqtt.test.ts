/**
 * The readers' MQTT path against a real mosquitto and the real database: a device publishes its
 * vendor's payloads on its topic with its token, the reads land; wrong tokens are refused; a resend
 * is stored once; a database error leaves the message unacknowledged and the broker's resend stores it.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueDeviceKey } from '../src/core/feed/device-keys.js';
import { equipment, tenants } from '../src/db/schema/index.js';
import { ingestQuota } from '../src/modules/rfid/ingest/quota.js';
import { rfidBatches, rfidEquipmentEvents, rfidReads } from '../src/modules/rfid/ingest/tables.js';
import { type MqttIngest, startMqttIngest } from '../src/modules/rfid/mqtt/index.js';
import { type Broker, startBroker } from './rfid-mqtt-broker.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

const EPC = '3034257BF7194E4000001A85';
const EPC_B64 = Buffer.from(EPC, 'hex').toString('base64');
const EPC2 = '3074257BF7194E4000001A86';

/** Polls `probe` until it returns something truthy (the state a test waits for), or fails after `ms`. */
async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const impinj = (at: Date) =>
  JSON.stringify([
    {
      timestamp: at.toISOString(),
      hostname: 'impinj-14-2b-7c',
      eventType: 'tagInventory',
      tagInventoryEvent: { epc: EPC_B64, antennaPort: 1, antennaName: 'Antenna 1', peakRssiCdbm: -6150, frequency: 915250 },
    },
    {
      timestamp: at.toISOString(),
      hostname: 'impinj-14-2b-7c',
      eventType: 'tagInventory',
      tagInventoryEvent: { epcHex: EPC2, tidHex: 'E2801190200050A4C7C60304', antennaPort: 2, peakRssiCdbm: -5800, frequency: 916750 },
    },
  ]);

// Zebra's habit: objects back to back, no separator
const zebra = (at: Date) =>
  [
    { timestamp: at.toISOString(), type: 'SIMPLE', data: { idHex: EPC, antenna: 1, peakRssi: -61, reads: 3, format: 'epc' } },
    { timestamp: at.toISOString(), type: 'SIMPLE', data: { idHex: EPC2, antenna: 2, peakRssi: -55, reads: 1 } },
  ]
    .map((e) => JSON.stringify(e))
    .join('');

describe(`RFID over MQTT (mosquitto) on ${DRIVER}`, () => {
  let broker: Broker;
  let t: TestApp;
  let sub: MqttIngest;
  let pub: MqttClient;
  let demoId: number;
  let gateKey: string;
  let fixKey: string;
  /** the first Impinj batch published (a resend is the same body) */
  let firstImpinj: string;

  beforeAll(async () => {
    broker = await startBroker();
    // the platform alone (starts in seconds), one tenant with two readers
    t = await startTestApp({ MQTT_URL: broker.url, MQTT_CLIENT_ID: `tagloom-test-${process.pid}`, SEED_DEMO: '0' });
    sub = startMqttIngest(t.ctx)!;
    await sub.connected();
    demoId = (await t.ctx.db.insert(tenants).values({ code: 'DEMO', name: 'Demo' }).returning())[0].id;
    await t.ctx.db.insert(equipment).values([
      { tenantId: demoId, equipmentCoding: 'GATE-01', equipmentName: 'Gate', snNumber: 'SN-GATE-01' },
      { tenantId: demoId, equipmentCoding: 'FIX-02', equipmentName: 'Fixed', snNumber: 'SN-FIX-02' },
    ] as never);
    gateKey = (await issueDeviceKey(t.ctx.db, demoId, 'GATE-01')).key;
    fixKey = (await issueDeviceKey(t.ctx.db, demoId, 'FIX-02')).key;
    pub = await mqtt.connectAsync(broker.url, { protocolVersion: 5, clientId: `reader-${process.pid}`, reconnectPeriod: 200 });
  });
  afterAll(async () => {
    await pub?.endAsync(true);
    await sub?.stop();
    await t?.close();
    await broker?.dispose();
  });

  const publish = (topic: string, body: string, opts: { token?: string; batchId?: string; correlation?: string } = {}) =>
    pub.publishAsync(topic, body, {
      qos: 1,
      properties: {
        userProperties: {
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...(opts.batchId ? { batchId: opts.batchId } : {}),
        },
        ...(opts.correlation ? { correlationData: Buffer.from(opts.correlation) } : {}),
      },
    });
  const batchesOf = (key: string) =>
    t.ctx.db
      .select()
      .from(rfidBatches)
      .where(and(eq(rfidBatches.tenantId, demoId), eq(rfidBatches.batchKey, key)));
  const readsOf = async (batchId: number) =>
    Number((await t.ctx.db.select({ n: count() }).from(rfidReads).where(eq(rfidReads.batchId, batchId)))[0].n);

  it('stores Impinj (token in a user property) and Zebra (token as the last topic level) payloads published on the device topic', async () => {
    const now = new Date();
    firstImpinj = impinj(now);
    await publish('tagloom/DEMO/GATE-01/impinj', firstImpinj, { token: gateKey, correlation: 'mq-impinj-1' });
    const [a] = await until('the Impinj batch', async () => (await batchesOf('mq-impinj-1'))[0] && batchesOf('mq-impinj-1'));
    expect(a).toMatchObject({ equipmentCoding: 'GATE-01', format: 'impinj', transport: 'mqtt', tagReads: 2, status: 'ok' });
    expect(await readsOf(a.id)).toBe(2);
    const epcs = await t.ctx.db.select({ epc: rfidReads.epc }).from(rfidReads).where(eq(rfidReads.batchId, a.id));
    expect(epcs.map((r) => r.epc).sort()).toEqual([EPC, EPC2].sort());

    await pub.publishAsync(`tagloom/DEMO/GATE-01/zebra/${gateKey}`, zebra(now), {
      qos: 1,
      properties: { userProperties: { batchId: 'mq-zebra-1' } },
    });
    const [z] = await until('the Zebra batch', async () => (await batchesOf('mq-zebra-1'))[0] && batchesOf('mq-zebra-1'));
    expect(z).toMatchObject({ equipmentCoding: 'GATE-01', format: 'zebra', transport: 'mqtt', tagReads: 2 });
    expect(await readsOf(z.id)).toBe(2);
  });

  it("refuses an unknown token and another device's token (acknowledged, nothing stored), and stores a resend once", async () => {
    const now = new Date();
    const before = sub.status().refused;
    await publish('tagloom/DEMO/GATE-01/impinj', impinj(now), { token: 'dk_not-a-key', batchId: 'mq-bad' });
    await publish('tagloom/DEMO/GATE-01/impinj', impinj(now), { token: fixKey, batchId: 'mq-other' });
    await publish('tagloom/DEMO/GATE-01/impinj', impinj(now), { batchId: 'mq-none' });
    // the same batch again (a reader that missed the acknowledgement resends)
    await publish('tagloom/DEMO/GATE-01/impinj', firstImpinj, { token: gateKey, correlation: 'mq-impinj-1' });
    // one subscriber takes the messages in order: when this one is stored, those before were handled
    await publish('tagloom/DEMO/GATE-01/impinj', impinj(now), { token: gateKey, batchId: 'mq-sentinel' });
    await until('the sentinel', async () => (await batchesOf('mq-sentinel')).length > 0);

    expect(sub.status().refused - before).toBe(3);
    expect(await batchesOf('mq-bad')).toEqual([]);
    expect(await batchesOf('mq-none')).toEqual([]);
    // the other device's key proved who published: its own report state shows the refusal
    const other = await batchesOf('mq-other');
    expect(other.map((b) => [b.equipmentCoding, b.status, b.firstError, b.tagReads])).toEqual([['FIX-02', 'rejected', 'wrongDevice', 0]]);
    const again = await batchesOf('mq-impinj-1');
    expect(again).toHaveLength(1);
    expect(await readsOf(again[0].id)).toBe(2);
  });

  it('does not acknowledge a message the database could not store: the broker resends it and it is stored once', async () => {
    const now = new Date();
    const failedBefore = sub.status().failed;
    // a real database error: the reads' table is away while the message arrives
    await t.ctx.db.execute(sql`ALTER TABLE rfid_read_batches RENAME TO rfid_read_batches_away`);
    try {
      await publish('tagloom/DEMO/GATE-01/impinj', impinj(now), { token: gateKey, batchId: 'mq-retry' });
      await until('the failure', async () => sub.status().failed > failedBefore);
      expect(await batchesOf('mq-retry')).toEqual([]);
    } finally {
      await t.ctx.db.execute(sql`ALTER TABLE rfid_read_batches_away RENAME TO rfid_read_batches`);
    }
    // the subscriber renews its connection after a backoff; the broker resends the unacknowledged message
    const [b] = await until('the resent batch', async () => (await batchesOf('mq-retry'))[0] && batchesOf('mq-retry'));
    expect(await readsOf(b.id)).toBe(2);
    expect(await batchesOf('mq-retry')).toHaveLength(1);
  });
  it('refuses a reader over its quota (acknowledged, counted, in the equipment log) and still answers a resend of a batch it stored', async () => {
    const saved = { ...t.ctx.config.ingestQuota };
    const quota = ingestQuota(t.ctx);
    const fresh = async () => {
      await quota.flush();
      await t.ctx.db.execute(sql`delete from rfid_ingest_buckets`);
      quota.reset();
    };
    const rateLimited = async () =>
      (
        await t.ctx.db
          .select()
          .from(rfidEquipmentEvents)
          .where(and(eq(rfidEquipmentEvents.tenantId, demoId), eq(rfidEquipmentEvents.eventType, 'rateLimited')))
      ).length;
    try {
      t.ctx.config.ingestQuota = { deviceRate: 1, deviceBurst: 1, tenantRate: 0, tenantBurst: 1 };
      await fresh();
      const body = impinj(new Date());
      await publish('tagloom/DEMO/GATE-01/impinj', body, { token: gateKey, batchId: 'mq-quota-1' });
      await until('the first batch', async () => (await batchesOf('mq-quota-1')).length > 0);
      const before = sub.status().refused;
      await publish('tagloom/DEMO/GATE-01/impinj', impinj(new Date()), { token: gateKey, batchId: 'mq-quota-2' });
      // a resend of the batch stored: its first answer, not a refusal
      await publish('tagloom/DEMO/GATE-01/impinj', body, { token: gateKey, batchId: 'mq-quota-1' });
      // another reader is taken; one subscriber takes the messages in order: the ones before were handled
      await publish('tagloom/DEMO/FIX-02/impinj', impinj(new Date()), { token: fixKey, batchId: 'mq-quota-fix' });
      await until('the other reader', async () => (await batchesOf('mq-quota-fix')).length > 0);
      expect(sub.status().refused - before).toBe(1);
      expect(await batchesOf('mq-quota-2')).toEqual([]);
      expect(await batchesOf('mq-quota-1')).toHaveLength(1);
      await until('the equipment log line', async () => (await rateLimited()) === 1);
    } finally {
      t.ctx.config.ingestQuota = saved;
      await fresh();
    }
  });
});
