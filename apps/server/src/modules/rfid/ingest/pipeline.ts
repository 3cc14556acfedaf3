/**
 * The one ingestion pipeline of the readers' payloads: the HTTP routes (routes.ts) and the MQTT
 * subscriber call ingestPayload. One payload is parsed and encoded (encode.ts: off the event loop
 * when large), then stored in ONE statement, which is its own transaction and one round trip: its
 * batch key claimed (a resend stores nothing and gets the first answer), its raw reads written as
 * one row of arrays (rfid_read_batches), its status events logged, its reads queued for the fold
 * into EPC state, the reader marked seen and its batch row written. The answer is given after the
 * commit; then the fold runs (P's kickFold: the batches that arrived meanwhile fold together, one
 * write per EPC) and the live console hears a summary.
 *
 * Before anything, the reader's and its tenant's quotas (quota.ts): a batch over one is refused
 * (429) unread. A batch key the reader used before for another body (its SHA-256 differs) is
 * refused (409, and an equipment-log line), never taken for a resend.
 */
import {
  deviceMessage,
  ONLINE,
  type RfidBatchStatus,
  type RfidFormat,
  type RfidInvalidReason,
  type RfidTransport,
  storedMessage,
} from '@tagloom/domain';
import { type InvalidEvent, PayloadError } from '@tagloom/domain/rfid/formats.js';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../../core/context.js';
import { badRequest, conflict } from '../../../core/errors.js';
import type { DeviceIdentity } from '../../../core/feed/device-keys.js';
import { LIVE_TOPICS, type LiveRead, type LiveReadsData, publishLive } from '../../../core/live.js';
import { preparedRows, queryRows, type Tx } from '../../../db/client.js';
import { bindingSelect, seenUpdate } from '../equipment/service.js';
import { triggered } from '../sessions/gate.js';
import { enqueueFoldFrom } from '../state/fold-queue.js';
import { kickFold } from '../state/fold-runner.js';
import { defaultLevel, equipmentEventsValues, insertEquipmentEventsFrom, recordEquipmentEvent } from './log.js';
import { bodyHash, type ParseResult, parseOffLoop, RefusedPayload } from './parse-pool.js';
import { type Admission, ingestQuota, QuotaError } from './quota.js';
import { rfidBatches, rfidBatchKeys } from './tables.js';

export interface IngestMeta {
  transport: RfidTransport;
  /** the batch's admission by the quotas when the caller took it (HTTP: before the body was read); else ingestPayload does */
  admission?: Admission;
  /** the sender's batch id (HTTP Idempotency-Key / X-Batch-Id, an MQTT message id); default: the body's SHA-256 */
  batchKey?: string;
  /** when the batch was received (default: now); only the server's own replays set it (the demo's reads of the last day) */
  receivedAt?: Date;
}

/** An event refused: its position in the payload (from 1), its reason (message key `ingest.reason.<reason>`) and parameters. */
export type IngestError = InvalidEvent;

export interface IngestResult {
  batchId: number;
  /** true: the same batch was stored before; nothing was stored now and this is the first answer */
  duplicate: boolean;
  /** valid events stored (tag reads, status events, heartbeats) */
  accepted: number;
  invalid: number;
  /** the first ERRORS_KEPT refused events */
  errors: IngestError[];
}

/** Refused events listed in an answer (and kept in the batch row). */
export const ERRORS_KEPT = 20;
/** Batch keys are remembered this long (readers resend within minutes). */
const KEY_TTL = '2 days';
const PRUNE_EVERY_MS = 10 * 60_000;
const MAX_KEY = 200;

/** The sender's batch key, trimmed and cut to MAX_KEY (undefined: none given). */
const givenKey = (given?: string) => given?.trim().slice(0, MAX_KEY) || undefined;

/** The batch key of a payload: the sender's, else its body's SHA-256 (hex, parse-pool.ts bodyHash). */
export function batchKeyOf(hash: string, given?: string): string {
  return givenKey(given) ?? `sha256:${hash}`;
}

/**
 * What a payload refused whole costs its reader's quota: the events it was found to hold (too many:
 * at least the limit and one), else one.
 */
function refusedCost(err: PayloadError): number {
  if (err.reason !== 'tooManyEvents') return 1;
  const { count, max } = err.params;
  return typeof count === 'number' ? count : Number(max) + 1;
}

const statusOf = (accepted: number, invalid: number): RfidBatchStatus => (invalid === 0 ? 'ok' : accepted > 0 ? 'partial' : 'rejected');

/** A payload refused whole still gets its batch row (the report-state screen shows failures). */
async function recordRejected(
  ctx: AppContext,
  device: DeviceIdentity,
  format: RfidFormat,
  meta: IngestMeta,
  batchKey: string,
  reason: RfidInvalidReason,
  params: Record<string, string | number>,
  started: number,
): Promise<void> {
  try {
    await ctx.db.insert(rfidBatches).values({
      tenantId: device.tenantId,
      equipmentCoding: device.deviceCode,
      format,
      transport: meta.transport,
      batchKey,
      status: 'rejected',
      firstError: reason,
      errors: [{ index: 0, reason, params }],
      durationMs: Math.round(performance.now() - started),
    });
  } catch (err) {
    ctx.log.warn({ err }, 'rfid batch refusal not recorded');
  }
}

const lastPrune = new WeakMap<object, number>();
/** Forgets batch keys older than KEY_TTL, at most every PRUNE_EVERY_MS a process (after a commit, never failing the batch). */
async function pruneKeys(ctx: AppContext): Promise<void> {
  const now = Date.now();
  if (now - (lastPrune.get(ctx.database) ?? 0) < PRUNE_EVERY_MS) return;
  lastPrune.set(ctx.database, now);
  try {
    await ctx.db.execute(sql`delete from rfid_batch_keys where created_at < now() - ${KEY_TTL}::interval`);
  } catch (err) {
    ctx.log.warn({ err }, 'rfid batch keys not pruned');
  }
}

/**
 * Parses, dedupes, stores and folds one payload in one transaction; resolves after the commit.
 * Throws a 400 AppError (`ingest.reason.<reason>`) when the payload is refused whole (not JSON,
 * too large, too many events); bad events inside a payload are counted and listed instead.
 */
export async function ingestPayload(
  ctx: AppContext,
  device: DeviceIdentity,
  format: RfidFormat,
  /** the payload as text, or as its UTF-8 bytes (HTTP: a large body goes to a parse worker undecoded, and is given away) */
  body: string | Uint8Array,
  meta: IngestMeta,
): Promise<IngestResult> {
  const quota = ingestQuota(ctx);
  let admission = meta.admission;
  if (!admission) {
    const mqtt = meta.transport === 'mqtt';
    const a = quota.admit(device.tenantId, device.deviceCode, meta.transport, body.length, !mqtt);
    if (a instanceof QuotaError) {
      // a message every process of a plain MQTT subscription gets: the one that stored it answers;
      // here it is a resend already stored, not a refusal (HTTP refuses unread: the reader resends later)
      if (mqtt) {
        const hash = bodyHash(body);
        const prior = await firstAnswer(ctx, device, batchKeyOf(hash, meta.batchKey), givenKey(meta.batchKey) ? hash : null);
        if (prior) return prior;
        quota.counted(a);
      }
      throw a;
    }
    admission = a;
  }
  // what the batch costs its quotas once read: the events it held (none for a resend, or a failure of ours)
  const cost = { events: 0 };
  try {
    return await store(ctx, device, format, body, meta, cost);
  } finally {
    quota.settle(admission, cost.events);
  }
}

/** ingestPayload once the batch was admitted: sets `cost.events` to what it costs its quotas. */
async function store(
  ctx: AppContext,
  device: DeviceIdentity,
  format: RfidFormat,
  body: string | Uint8Array,
  meta: IngestMeta,
  cost: { events: number },
): Promise<IngestResult> {
  const started = performance.now();
  let read: ParseResult;
  try {
    read = await parseOffLoop(format, body, { now: Date.now() });
  } catch (err) {
    if (!(err instanceof PayloadError)) throw err;
    const hash = err instanceof RefusedPayload ? err.hash : undefined;
    const key = givenKey(meta.batchKey) ?? (hash ? `sha256:${hash}` : '');
    cost.events = refusedCost(err);
    await recordRejected(ctx, device, format, meta, key, err.reason, err.params, started);
    throw badRequest(`ingest.reason.${err.reason}`, err.params);
  }
  const { payload: parsed, hash } = read;
  const batchKey = batchKeyOf(hash, meta.batchKey);
  // the body's hash is kept with a key the reader gave (a key of our own is the hash)
  const keptHash = givenKey(meta.batchKey) ? hash : null;
  const { tenantId, deviceCode } = device;
  const accepted = parsed.events - parsed.invalid.length;
  const errors = parsed.invalid.slice(0, ERRORS_KEPT);
  const receivedAt = meta.receivedAt ?? new Date();
  const at = receivedAt.toISOString();
  const c = parsed.columns;
  const claimed = sql`exists (select 1 from k)`;
  const parts: SQL[] = [
    // the claim of the batch key allocates the batch's id; a resend waits for the first one's
    // commit (the key's unique index), then finds its key taken and nothing below is written
    sql`k as (
      insert into rfid_batch_keys (tenant_id, equipment_coding, batch_key, batch_id, created_at, body_hash)
      values (${tenantId}, ${deviceCode}, ${batchKey}, nextval('rfid_batches_id_seq'), ${at}::timestamptz, ${keptHash}::text)
      on conflict do nothing returning batch_id)`,
    sql`w as (${bindingSelect(tenantId, deviceCode)})`,
    sql`b as (select k.batch_id, w.location_id, coalesce(w.location_name, '') as location_name, w.scene_id from k left join w on true)`,
  ];
  if (parsed.reads) {
    // the raw reads: one row of arrays (rfid_read_batches), received with the batch
    parts.push(sql`r as (
      insert into rfid_read_batches (tenant_id, created_at, batch_id, equipment_coding, location_id, location_name, scene_id, reads,
                                     at_ms, epcs, tids, antennas, rssis, freqs, counts, phases, dopplers, memories)
      select ${tenantId}::bigint, ${at}::timestamptz, b.batch_id, ${deviceCode}::text, b.location_id, b.location_name, b.scene_id,
             ${parsed.reads}::int, ${c.atMs}::float8[], ${c.epc}::text[], ${c.tid}::text[], ${c.antenna}::smallint[], ${c.rssi}::int[],
             ${c.frequency}::int[], ${c.count}::int[], ${c.phase}::real[], ${c.doppler}::real[], ${c.memory}::text[]
      from b)`);
    parts.push(sql`f as (${enqueueFoldFrom(tenantId, deviceCode, 'b', at, parsed.reads, parsed.fold)})`);
  }
  if (parsed.statuses.length)
    parts.push(
      sql`e as (${insertEquipmentEventsFrom(
        tenantId,
        sql`${equipmentEventsValues(
          parsed.statuses.map((s) => ({
            tenantId,
            equipmentCoding: deviceCode,
            eventType: s.eventType,
            level: s.level,
            antenna: s.antenna,
            message: s.message === undefined ? undefined : deviceMessage(s.message),
            at: s.at,
          })),
        )} where ${claimed}`,
      )})`,
    );
  parts.push(
    sql`s as (${seenUpdate(tenantId, deviceCode, receivedAt, claimed)})`,
    sql`cn as (${insertEquipmentEventsFrom(
      tenantId,
      sql`select ${at}::timestamptz as created_at, ${deviceCode}::text as equipment_coding, 'connected'::text as event_type,
                 ${defaultLevel('connected')}::text as level, null::smallint as antenna, ''::text as message
          from s where s.was <> ${ONLINE.ONLINE}`,
    )})`,
    sql`bt as (
      insert into rfid_batches (tenant_id, id, created_at, equipment_coding, format, transport, batch_key, events, tag_reads,
                                status_events, invalid, status, first_error, errors, duration_ms)
      select ${tenantId}, b.batch_id, ${at}::timestamptz, ${deviceCode}, ${format}, ${meta.transport}, ${batchKey}, ${parsed.events},
             ${parsed.reads}, ${parsed.statuses.length}, ${parsed.invalid.length}, ${statusOf(accepted, parsed.invalid.length)},
             ${parsed.invalid[0]?.reason ?? ''}, ${JSON.stringify(errors)}::jsonb,
             (${Math.round(performance.now() - started)} + 1000 * extract(epoch from clock_timestamp() - statement_timestamp()))::int
      from b)`,
  );
  // ONE statement (its own transaction): the batch is stored whole or not at all, in one round trip;
  // a batch of tag reads alone (nearly every batch) is one text, prepared once a connection
  const statement = sql`with ${sql.join(parts, sql`, `)} select b.batch_id, b.location_id from b`;
  type Stored = { batch_id: string | number; location_id: string | number | null };
  const [stored] =
    parsed.reads && !parsed.statuses.length
      ? await preparedRows<Stored>(ctx.db, 'tagloom_ingest_reads', statement)
      : await queryRows<Stored>(ctx.db, statement);
  if (!stored) {
    // a key the reader used for another body is refused (409): it costs its quota like a batch stored
    const prior = await firstAnswer(ctx, device, batchKey, keptHash, () => {
      cost.events = parsed.events;
    });
    return prior ?? { batchId: 0, duplicate: true, accepted: 0, invalid: 0, errors: [] };
  }
  cost.events = parsed.events;
  const batchId = Number(stored.batch_id);
  const locationId = stored.location_id === null ? null : Number(stored.location_id);
  const live: LiveReadsData = {
    batchId,
    equipmentCoding: deviceCode,
    locationId,
    format,
    transport: meta.transport,
    accepted,
    invalid: parsed.invalid.length,
    reads: parsed.newest.map(
      (r): LiveRead => ({
        epc: r.epc,
        tid: r.tid,
        antenna: r.antenna,
        rssiCdbm: r.rssiCdbm,
        at: r.at.toISOString(),
        locationId,
        readCount: r.readCount,
      }),
    ),
  };
  const result: IngestResult = { batchId, duplicate: false, accepted, invalid: parsed.invalid.length, errors };

  if (parsed.reads) kickFold(ctx);
  // a tunnel's photo-eye: the reader's next read session starts (its reads so far kept for the one before)
  if (parsed.triggered.length) await triggered(ctx, tenantId, deviceCode, parsed.triggered);
  await publishLive(ctx, { tenantId, topic: LIVE_TOPICS.reads, data: live });
  await pruneKeys(ctx);
  return result;
}

/**
 * The answer the first delivery of a batch got (its batch row), marked duplicate; undefined when
 * the key is not stored. A key stored with another body's hash than `hash` (a reader whose batch
 * counter started again, say) is refused: 409 naming the key, and a line in the equipment log
 * (`onReused` runs first).
 */
async function firstAnswer(
  ctx: AppContext,
  device: DeviceIdentity,
  batchKey: string,
  hash: string | null,
  onReused?: () => void,
): Promise<IngestResult | undefined> {
  const tx: Tx = ctx.db;
  const { tenantId, deviceCode: equipmentCoding } = device;
  const [key] = await tx
    .select({ batchId: rfidBatchKeys.batchId, at: rfidBatchKeys.createdAt, hash: rfidBatchKeys.bodyHash })
    .from(rfidBatchKeys)
    .where(
      and(eq(rfidBatchKeys.tenantId, tenantId), eq(rfidBatchKeys.equipmentCoding, equipmentCoding), eq(rfidBatchKeys.batchKey, batchKey)),
    )
    .limit(1);
  if (!key) return undefined;
  const batchId = Number(key.batchId ?? 0);
  // (a key stored before the hashes were kept is taken for a resend, as it was)
  if (hash && key.hash && key.hash !== hash) {
    onReused?.();
    const params = { key: batchKey, batchId, at: key.at.toISOString() };
    await recordEquipmentEvent(tx, {
      tenantId,
      equipmentCoding,
      eventType: 'batchKeyReused',
      message: storedMessage('ingest.log.keyReused', params),
    });
    throw conflict('ingest.keyReused', params);
  }
  const [batch] = key
    ? await tx
        .select({ events: rfidBatches.events, invalid: rfidBatches.invalid, errors: rfidBatches.errors })
        .from(rfidBatches)
        .where(and(eq(rfidBatches.tenantId, tenantId), eq(rfidBatches.createdAt, key.at), eq(rfidBatches.id, batchId)))
        .limit(1)
    : [];
  return {
    batchId,
    duplicate: true,
    accepted: batch ? batch.events - batch.invalid : 0,
    invalid: batch?.invalid ?? 0,
    errors: (batch?.errors as IngestError[] | undefined) ?? [],
  };
}
