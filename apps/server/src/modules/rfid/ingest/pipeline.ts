/**
 * The one ingestion pipeline of the readers' payloads: the HTTP routes (routes.ts) and the MQTT
 * subscriber call ingestPayload. One payload is parsed (formats.ts, off the event loop when
 * large), then in ONE transaction: its batch key claimed (a resend returns the first answer and
 * stores nothing), its raw reads written in one statement, its status events logged, its reads
 * queued for the fold into EPC state (P's enqueueFold), the reader marked seen and its batch row
 * written. The answer is given after the commit; then the fold runs (P's kickFold: the batches
 * that arrived meanwhile fold together, one write per EPC) and the live console hears a summary.
 */
import { createHash } from 'node:crypto';
import { deviceMessage, type RfidBatchStatus, type RfidFormat, type RfidInvalidReason, type RfidTransport } from '@tagloom/domain';
import { type InvalidEvent, type ParsedPayload, PayloadError, type TagRead } from '@tagloom/domain/rfid/formats.js';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../core/context.js';
import { AppError } from '../../../core/errors.js';
import type { DeviceIdentity } from '../../../core/feed/device-keys.js';
import { LIVE_TOPICS, type LiveRead, type LiveReadsData, publishLive } from '../../../core/live.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { bindingOf, markSeen } from '../equipment/service.js';
import { enqueueFold } from '../state/fold-queue.js';
import { kickFold } from '../state/fold-runner.js';
import { recordEquipmentEvents } from './log.js';
import { parseOffLoop } from './parse-pool.js';
import { rfidBatches, rfidBatchKeys } from './tables.js';

export interface IngestMeta {
  transport: RfidTransport;
  /** the sender's batch id (HTTP Idempotency-Key / X-Batch-Id, an MQTT message id); default: the body's SHA-256 */
  batchKey?: string;
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
/** Reads a live summary carries (the newest). */
const LIVE_READS = 20;
/** Batch keys are remembered this long (readers resend within minutes). */
const KEY_TTL = '2 days';
const PRUNE_EVERY_MS = 10 * 60_000;
const MAX_KEY = 200;

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/** The batch key of a payload: the sender's, else the body's SHA-256. */
export function batchKeyOf(body: string, given?: string): string {
  const key = given?.trim();
  return key ? key.slice(0, MAX_KEY) : `sha256:${sha256(body)}`;
}

// PostgreSQL array literals of validated values (hex, ISO times, numbers): one parameter a column
const textArray = (v: readonly (string | null)[]) => `{${v.map((x) => (x ? x : '""')).join(',')}}`;
const numArray = (v: readonly (number | null)[]) => `{${v.map((x) => (x === null ? 'NULL' : String(x))).join(',')}}`;

/** Writes a batch's reads in one statement (INSERT … SELECT FROM unnest of one array a column). */
async function insertReads(
  tx: Tx,
  tenantId: number,
  equipmentCoding: string,
  batchId: number,
  where: { locationId: number | null; locationName: string; sceneId: number | null },
  reads: readonly TagRead[],
): Promise<void> {
  if (!reads.length) return;
  await tx.execute(sql`
    insert into rfid_reads (tenant_id, created_at, equipment_coding, epc, tid, antenna, rssi_cdbm, frequency_khz, read_count, phase,
                            location_id, location_name, scene_id, batch_id)
    select ${tenantId}::bigint, t.at, ${equipmentCoding}::text, t.epc, t.tid, t.ant, t.rssi, t.freq, t.cnt, t.phase,
           ${where.locationId}::bigint, ${where.locationName}::text, ${where.sceneId}::bigint, ${batchId}::bigint
    from unnest(${textArray(reads.map((r) => r.at.toISOString()))}::timestamptz[],
                ${textArray(reads.map((r) => r.epc))}::text[],
                ${textArray(reads.map((r) => r.tid))}::text[],
                ${numArray(reads.map((r) => r.antenna))}::smallint[],
                ${numArray(reads.map((r) => r.rssiCdbm))}::int[],
                ${numArray(reads.map((r) => r.frequencyKhz))}::int[],
                ${numArray(reads.map((r) => r.readCount))}::int[],
                ${numArray(reads.map((r) => r.phase))}::real[])
         as t(at, epc, tid, ant, rssi, freq, cnt, phase)`);
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
  body: string,
  meta: IngestMeta,
): Promise<IngestResult> {
  const started = performance.now();
  const batchKey = batchKeyOf(body, meta.batchKey);
  let parsed: ParsedPayload;
  try {
    parsed = await parseOffLoop(format, body, { now: Date.now() });
  } catch (err) {
    if (!(err instanceof PayloadError)) throw err;
    await recordRejected(ctx, device, format, meta, batchKey, err.reason, err.params, started);
    throw new AppError(400, 400, `ingest.reason.${err.reason}`, err.params);
  }
  const { tenantId, deviceCode } = device;
  const accepted = parsed.events - parsed.invalid.length;
  const errors = parsed.invalid.slice(0, ERRORS_KEPT);
  let live: LiveReadsData | undefined;

  const result = await ctx.db.transaction(async (tx): Promise<IngestResult> => {
    const receivedAt = new Date();
    // the claim of the batch key allocates the batch's id; a resend waits for the first one's
    // commit (the key's unique index), then finds its key taken
    const claimed = await queryRows<{ batch_id: string | number }>(
      tx,
      sql`insert into rfid_batch_keys (tenant_id, equipment_coding, batch_key, batch_id, created_at)
          values (${tenantId}, ${deviceCode}, ${batchKey}, nextval('rfid_batches_id_seq'), ${receivedAt.toISOString()}::timestamptz)
          on conflict do nothing returning batch_id`,
    );
    if (!claimed.length) return firstAnswer(tx, tenantId, deviceCode, batchKey);
    const batchId = Number(claimed[0].batch_id);

    const binding = await bindingOf(tx, tenantId, deviceCode);
    const where = {
      locationId: binding?.locationId ?? null,
      locationName: binding?.locationName ?? '',
      sceneId: binding?.sceneId ?? null,
    };
    await insertReads(tx, tenantId, deviceCode, batchId, where, parsed.reads);
    if (parsed.statuses.length)
      await recordEquipmentEvents(
        tx,
        parsed.statuses.map((s) => ({
          tenantId,
          equipmentCoding: deviceCode,
          eventType: s.eventType,
          level: s.level,
          antenna: s.antenna,
          message: s.message === undefined ? undefined : deviceMessage(s.message),
          at: s.at,
        })),
      );
    await enqueueFold(
      tx,
      tenantId,
      batchId,
      { equipmentCoding: deviceCode, locationId: where.locationId, sceneId: where.sceneId },
      parsed.reads,
    );
    // last: it locks the reader's row, which the reader's other batches in flight wait for until this commit
    await markSeen(tx, tenantId, deviceCode, receivedAt);
    await tx.insert(rfidBatches).values({
      tenantId,
      id: batchId,
      createdAt: receivedAt,
      equipmentCoding: deviceCode,
      format,
      transport: meta.transport,
      batchKey,
      events: parsed.events,
      tagReads: parsed.reads.length,
      statusEvents: parsed.statuses.length,
      invalid: parsed.invalid.length,
      status: statusOf(accepted, parsed.invalid.length),
      firstError: parsed.invalid[0]?.reason ?? '',
      errors,
      durationMs: Math.round(performance.now() - started),
    });
    live = {
      batchId,
      equipmentCoding: deviceCode,
      locationId: where.locationId,
      format,
      transport: meta.transport,
      accepted,
      invalid: parsed.invalid.length,
      reads: parsed.reads.slice(-LIVE_READS).map(
        (r): LiveRead => ({
          epc: r.epc,
          tid: r.tid,
          antenna: r.antenna,
          rssiCdbm: r.rssiCdbm,
          at: r.at.toISOString(),
          locationId: where.locationId,
          readCount: r.readCount,
        }),
      ),
    };
    return { batchId, duplicate: false, accepted, invalid: parsed.invalid.length, errors };
  });

  if (live) {
    kickFold(ctx);
    await publishLive(ctx, { tenantId, topic: LIVE_TOPICS.reads, data: live });
  }
  await pruneKeys(ctx);
  return result;
}

/** The answer the first delivery of a batch got (its batch row), marked duplicate. */
async function firstAnswer(tx: Tx, tenantId: number, equipmentCoding: string, batchKey: string): Promise<IngestResult> {
  const [key] = await tx
    .select({ batchId: rfidBatchKeys.batchId, at: rfidBatchKeys.createdAt })
    .from(rfidBatchKeys)
    .where(
      and(eq(rfidBatchKeys.tenantId, tenantId), eq(rfidBatchKeys.equipmentCoding, equipmentCoding), eq(rfidBatchKeys.batchKey, batchKey)),
    )
    .limit(1);
  const batchId = Number(key?.batchId ?? 0);
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
