/**
 * The demo tenant's last day of reader traffic, played once on the first start with demo data
 * (main.ts, after the seed): its bound readers report registry tags as Impinj batches through the
 * one ingestion pipeline, and the fold and the departure sweep run between the scenes of the day,
 * so raw data, reported data state, EPC data and state, the lifecycle and the dashboards tell the
 * same story:
 *
 * - 22 h ago: a delivery of the registry's first tags passes the receiving gate GATE-01 (WH01);
 * - 20 h ago: most of them leave through the shipping gate FIX-02 (WH01), then depart;
 * - from 8 h ago: the store's handheld HH-03 (ST001) counts them every 20 minutes;
 * - through the afternoon: some go to the fitting room (FIT-ST001), some are sold at the till
 *   (POS-ST001) and are read no more.
 *
 * About 3,000 reads in 60 batches: a few seconds on embedded PGlite (measured in the report of the
 * change that added it). Recorded in app_meta (`seeded.demoReads`): never played twice.
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../core/context.js';
import { queryRows } from '../../../db/client.js';
import { appMeta } from '../../../db/schema/index.js';
import { foldQueued } from '../state/fold-queue.js';
import { sweepDepartures } from '../state/service.js';
import { ingestPayload } from './pipeline.js';
import { QuotaError } from './quota.js';

const META_KEY = 'seeded.demoReads';
const MIN = 60_000;
const HOUR = 60 * MIN;

/** Tags of the registry the day's traffic moves (the first ones by id). */
export const DEMO_READ_TAGS = 120;

export interface Batch {
  reader: string;
  /** the batch's reads: EPC, time (epoch ms), antenna, RSSI (cdBm) */
  reads: { epc: string; at: number; antenna: number; rssi: number }[];
}

/** A small deterministic generator (the demo is the same on every first start). */
function random(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x / 2_147_483_648;
  };
}

/** The day's batches for these EPCs, in the order of their reads (oldest first), ending a few minutes before `now`. */
export function demoDay(epcs: readonly string[], now: number): Batch[] {
  const rnd = random(27);
  const read = (epc: string, at: number, antennas = 2) => ({
    epc,
    at: Math.round(at),
    antenna: 1 + Math.floor(rnd() * antennas),
    rssi: -4500 - Math.floor(rnd() * 2500),
  });
  const phases: { phase: string; at: number; batches: Batch[] }[] = [];
  // a gate pass: 20 tags a minute, each read three times `gap` ms apart (± `jitter`)
  const gatePass = (phase: string, reader: string, tags: readonly string[], at: number, gap: number, jitter: number) =>
    phases.push({
      phase,
      at,
      batches: chunk(tags, 20).map((group, i) => ({
        reader,
        reads: group.flatMap((epc) => [0, 1, 2].map((k) => read(epc, at + i * MIN + k * gap + rnd() * jitter, 4))),
      })),
    });
  // received through the receiving gate
  gatePass('receiving', 'GATE-01', epcs, now - 22 * HOUR, 800, 400);
  // shipped: two thirds leave through the shipping gate two hours later
  const shipped = epcs.slice(0, Math.ceil((epcs.length * 2) / 3));
  gatePass('shipping', 'FIX-02', shipped, now - 20 * HOUR, 700, 300);
  // on the shop floor: half of the shipped tags, counted by the handheld every 20 minutes from 8 h ago
  const floor = shipped.slice(0, Math.ceil(shipped.length * 0.75));
  const sold = floor.slice(0, 12);
  const fitting = floor.slice(12, 22);
  const floorFrom = now - 8 * HOUR;
  const saleAt = (i: number) => now - 3 * HOUR + i * 12 * MIN;
  const rounds: Batch[] = [];
  for (let r = 0; r < 24; r++) {
    const at = floorFrom + r * 20 * MIN;
    if (at > now - 3 * MIN) break;
    // a tag sold is read no more
    const here = floor.filter((epc) => {
      const s = sold.indexOf(epc);
      return s < 0 || saleAt(s) > at + 2 * MIN;
    });
    rounds.push({ reader: 'HH-03', reads: here.flatMap((epc, k) => [read(epc, at + k * 900, 1), read(epc, at + k * 900 + 300, 1)]) });
  }
  phases.push({ phase: 'floor', at: floorFrom, batches: rounds });
  // the fitting room through the early afternoon, a batch a visit
  phases.push({
    phase: 'fitting',
    at: now - 5 * HOUR,
    batches: chunk(fitting, 2).map((pair, i) => ({
      reader: 'FIT-ST001',
      reads: pair.flatMap((epc) => Array.from({ length: 5 }, (_, k) => read(epc, now - 5 * HOUR + i * 25 * MIN + k * 20_000 + 7 * MIN))),
    })),
  });
  // the till: a sale every 12 minutes over the last 3 hours, the tag read twice
  phases.push({
    phase: 'sales',
    at: saleAt(0),
    batches: sold.map((epc, i) => ({ reader: 'POS-ST001', reads: [read(epc, saleAt(i), 1), read(epc, saleAt(i) + 400, 1)] })),
  });
  return phases
    .flatMap((p) => p.batches)
    .filter((b) => b.reads.length)
    .sort((a, b) => a.reads[0].at - b.reads[0].at);
}

const chunk = <T>(list: readonly T[], n: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / n) }, (_, i) => list.slice(i * n, i * n + n));

/** An Impinj R700 webhook batch of these reads. */
const impinjBody = (b: Batch) =>
  JSON.stringify(
    b.reads.map((r) => ({
      timestamp: new Date(r.at).toISOString(),
      hostname: `impinj-${b.reader.toLowerCase()}`,
      eventType: 'tagInventory',
      tagInventoryEvent: {
        epcHex: r.epc,
        antennaPort: r.antenna,
        peakRssiCdbm: r.rssi,
        frequency: 920_625,
        lastSeenTime: new Date(r.at).toISOString(),
      },
    })),
  );

/** Folds what the tenant has queued (another fold under way: waits for it). */
async function foldAll(ctx: AppContext, tenantId: number): Promise<void> {
  for (let i = 0; i < 600; i++) {
    await foldQueued(ctx.db, ctx.database.kind === 'pglite' ? { txEpcs: 2000, txBatches: 150 } : {});
    const [q] = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from rfid_fold_queue where tenant_id = ${tenantId} and attempts < 3`,
    );
    if (!Number(q?.n)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** One batch through the pipeline, received just after its last read (a quota refusal waits as a reader would). */
async function ingest(ctx: AppContext, tenantId: number, b: Batch, last: number): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await ingestPayload(ctx, { keyId: 0, tenantId, deviceCode: b.reader }, 'impinj', impinjBody(b), {
        transport: 'http',
        batchKey: `demo-${b.reader}-${last}`,
        receivedAt: new Date(last + 1500),
      });
      return;
    } catch (err) {
      if (!(err instanceof QuotaError) || attempt > 20) throw err;
      await new Promise((r) => setTimeout(r, err.retryAfter * 1000));
    }
  }
}

/**
 * Plays the demo tenant's last day of reads, once (the first start with demo data: `seeded.demo`
 * set, `seeded.demoReads` not); returns what it stored, or null when it had nothing to do.
 */
export async function seedDemoReads(ctx: AppContext, now = Date.now()): Promise<{ batches: number; reads: number; ms: number } | null> {
  return playDemoOnce(ctx, META_KEY, now, async (tenantId) => {
    const tags = await queryRows<{ epc: string }>(
      ctx.db,
      sql`select epc from label_tags where tenant_id = ${tenantId} and epc <> '' order by id limit ${DEMO_READ_TAGS}`,
    );
    return demoDay(
      tags.map((t) => t.epc),
      now,
    );
  });
}

/**
 * Plays batches of reads of the demo tenant's bound readers once (recorded in app_meta under
 * `metaKey`), through the one ingestion pipeline and the fold, on the first start with demo data:
 * the rfid module's day of traffic, and another module's (the fitting rooms' cabins). `batches`
 * makes them, in time order, given the tenant's id. Returns what it stored, or null.
 */
export async function playDemoOnce(
  ctx: AppContext,
  metaKey: string,
  now: number,
  batches: (tenantId: number) => Promise<Batch[]>,
): Promise<{ batches: number; reads: number; ms: number } | null> {
  if (!ctx.config.seedDemo) return null;
  const started = performance.now();
  const metas = await queryRows<{ key: string }>(ctx.db, sql`select key from ${appMeta} where key in ('seeded.demo', ${metaKey})`);
  const keys = new Set(metas.map((m) => m.key));
  if (!keys.has('seeded.demo') || keys.has(metaKey)) return null;
  const [tenant] = await queryRows<{ id: number }>(ctx.db, sql`select id::int as id from tenants where code = 'DEMO'`);
  const done = async () =>
    ctx.db.execute(sql`insert into ${appMeta} (key, value) values (${metaKey}, ${new Date().toISOString()}) on conflict (key) do nothing`);
  if (!tenant) {
    await done();
    return null;
  }
  const tenantId = Number(tenant.id);
  const readers = new Set(
    (
      await queryRows<{ code: string }>(
        ctx.db,
        sql`select equipment_coding as code from equipment where tenant_id = ${tenantId} and location_id is not null`,
      )
    ).map((r) => r.code),
  );
  let count = 0;
  let reads = 0;
  // folded and swept at each long pause in the traffic (the sweep's job runs every minute): what fell
  // due by then departs at its time, as it would have. Between the handheld's rounds (20 minutes
  // apart, its scene's departAfter 30) nothing falls due, so they fold together: a state write per
  // EPC instead of one a round
  let foldedTo = Number.NEGATIVE_INFINITY;
  for (const b of await batches(tenantId)) {
    if (!readers.has(b.reader) || !b.reads.length) continue;
    const first = b.reads[0].at;
    if (first - foldedTo > 30 * MIN) {
      await foldAll(ctx, tenantId);
      await sweepDepartures(ctx.db, new Date(first));
    }
    const last = Math.max(...b.reads.map((r) => r.at));
    await ingest(ctx, tenantId, b, last);
    foldedTo = last;
    count++;
    reads += b.reads.length;
  }
  await foldAll(ctx, tenantId);
  await sweepDepartures(ctx.db, new Date(now));
  await done();
  return { batches: count, reads, ms: Math.round(performance.now() - started) };
}
