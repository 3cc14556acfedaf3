/**
 * The fold queue (area P): a batch's reads are acknowledged once stored raw; their fold into EPC
 * state runs right after, off the reader's request, from this queue. The ingestion statement adds
 * one row a batch (the reads the fold needs, compact) beside its raw reads, so an acknowledged batch
 * is folded exactly once even when the process dies before it: the row and the fold go in one
 * transaction (the rows are deleted as their reads are folded). One fold at a time a tenant (an
 * advisory lock), the batches in the order they were claimed, as many as have arrived (up to a
 * limit): a busy reader's reads of the same tags fold into one write per EPC.
 */
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.js';
import { FOLD_LOCK, FoldInput, foldInput } from './fold.js';
import { encodeReads, forEachRead, type QueuedRead } from './fold-data.js';

/** Batches folded in one transaction at most (500 reads a batch: 200,000 reads; fold-runner.ts says when a fold runs). */
export const FOLD_BATCHES = 400;

/** Queues a batch's reads for the fold, in a transaction of the caller (tests; the pipeline uses enqueueFoldFrom). */
export async function enqueueFold(
  tx: Tx,
  tenantId: number,
  batchId: number,
  where: { equipmentCoding: string; locationId: number | null; sceneId: number | null },
  reads: readonly QueuedRead[],
): Promise<void> {
  if (!reads.length) return;
  await tx.execute(sql`
    insert into rfid_fold_queue (tenant_id, batch_id, equipment_coding, location_id, scene_id, reads, data)
    values (${tenantId}, ${batchId}, ${where.equipmentCoding}, ${where.locationId}, ${where.sceneId}, ${reads.length}, ${encodeReads(reads)})`);
}

/**
 * Queues a batch's reads as a part of the ingestion's one statement: `batch` names a CTE of one
 * row (batch_id, location_id, scene_id), none when the batch was a resend; `at` is the batch's
 * created_at (so the oldest batch not folded yet is known by its time: queuedSince).
 */
export function enqueueFoldFrom(tenantId: number, equipmentCoding: string, batch: string, at: string, reads: number, data: string): SQL {
  return sql`insert into rfid_fold_queue (tenant_id, batch_id, created_at, equipment_coding, location_id, scene_id, reads, data)
    select ${tenantId}, b.batch_id, ${at}::timestamptz, ${equipmentCoding}, b.location_id, b.scene_id, ${reads}, ${data} from ${sql.raw(batch)} b`;
}

/** When the tenant's oldest batch not folded yet was received (null: all folded). */
export async function queuedSince(db: Tx, tenantId: number): Promise<string | null> {
  const [row] = await queryRows<{ at: string | null }>(
    db,
    sql`select to_char(min(created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at from rfid_fold_queue where tenant_id = ${tenantId}`,
  );
  return row?.at ?? null;
}

interface QueueRow {
  batch_id: string | number;
  equipment_coding: string;
  location_id: string | number | null;
  scene_id: string | number | null;
  data: string;
}

/** A batch whose fold failed this many times (in as many runs) is left aside instead of holding its tenant up. */
export const FOLD_ATTEMPTS = 3;

export interface FoldRun {
  batches: number;
  reads: number;
  /** tenants whose states changed (the live dashboards are told) */
  tenants: number[];
  /** tenants another process was folding (tried again shortly) */
  busy: number;
  /** batches whose fold failed in this run (kept queued; tried again next run, up to FOLD_ATTEMPTS) */
  failures: { tenantId: number; batchId: number; message: string }[];
}

/** What one fold transaction folded. */
interface Folded {
  batches: number;
  reads: number;
}

/** Adds a committed fold to the run. */
function count(run: FoldRun, tenantId: number, got: Folded): void {
  run.batches += got.batches;
  run.reads += got.reads;
  if (got.batches > 0 && !run.tenants.includes(tenantId)) run.tenants.push(tenantId);
}

/** Folds the tenant's next batches (`only`: that batch alone) in one transaction; 'busy' when another process holds the tenant. */
async function foldSome(db: Tx, tenantId: number, only?: number): Promise<Folded | 'busy'> {
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${FOLD_LOCK}, ${tenantId}::int) as ok`);
    if (!lock?.ok) return 'busy' as const;
    const which =
      only === undefined
        ? sql`q.batch_id in (select batch_id from rfid_fold_queue where tenant_id = ${tenantId} and attempts < ${FOLD_ATTEMPTS}
                              order by batch_id limit ${FOLD_BATCHES})`
        : sql`q.batch_id = ${only}`;
    const rows = await queryRows<QueueRow>(
      tx,
      sql`delete from rfid_fold_queue q where q.tenant_id = ${tenantId} and ${which}
          returning q.batch_id, q.equipment_coding, q.location_id, q.scene_id, q.data`,
    );
    const input = new FoldInput();
    for (const row of rows) {
      const equipment = row.equipment_coding;
      const locationId = row.location_id === null ? null : Number(row.location_id);
      const sceneId = row.scene_id === null ? null : Number(row.scene_id);
      forEachRead(row.data, (epc, tid, at, antenna, rssi, count) =>
        input.add(epc, tid, at, equipment, antenna, rssi, count, locationId, sceneId),
      );
    }
    if (input.reads) await foldInput(tx, tenantId, input);
    return { batches: rows.length, reads: input.reads };
  });
}

/**
 * After a failed fold of many batches: each batch alone, in order, so one that cannot be folded
 * (counted, its message kept) holds up neither the batches after it nor other tenants.
 */
async function foldOneByOne(db: Tx, tenantId: number, run: FoldRun): Promise<'done' | 'busy'> {
  let after = 0;
  for (;;) {
    const [next] = await queryRows<{ batch_id: string | number }>(
      db,
      sql`select batch_id from rfid_fold_queue where tenant_id = ${tenantId} and attempts < ${FOLD_ATTEMPTS} and batch_id > ${after}
          order by batch_id limit 1`,
    );
    if (!next) return 'done';
    const batchId = Number(next.batch_id);
    after = batchId;
    try {
      const got = await foldSome(db, tenantId, batchId);
      if (got === 'busy') return 'busy';
      count(run, tenantId, got);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await db.execute(
        sql`update rfid_fold_queue set attempts = attempts + 1, error = ${message.slice(0, 500)} where tenant_id = ${tenantId} and batch_id = ${batchId}`,
      );
      run.failures.push({ tenantId, batchId, message });
    }
  }
}

/**
 * Folds what is queued, tenant by tenant, FOLD_BATCHES at a time, until the queue is empty (or
 * another process holds the tenant). Safe in any number of processes at once. A failed fold is
 * retried batch by batch: the batch that fails stays queued with its message, the rest are folded.
 */
export async function foldQueued(db: Tx): Promise<FoldRun> {
  const run: FoldRun = { batches: 0, reads: 0, tenants: [], busy: 0, failures: [] };
  const tenants = await queryRows<{ tenant_id: string | number }>(
    db,
    sql`select distinct tenant_id from rfid_fold_queue where attempts < ${FOLD_ATTEMPTS}`,
  );
  for (const { tenant_id } of tenants) {
    const tenantId = Number(tenant_id);
    for (;;) {
      let got: Folded | 'busy' | 'done';
      try {
        got = await foldSome(db, tenantId);
      } catch {
        got = await foldOneByOne(db, tenantId, run);
      }
      if (got === 'busy') {
        run.busy++;
        break;
      }
      if (got === 'done') break;
      count(run, tenantId, got);
      if (got.batches < FOLD_BATCHES) break;
    }
  }
  return run;
}

/**
 * Batches acknowledged and not folded yet (all tenants): the health check's and the operator's
 * backlog; `stuck`: those left aside after FOLD_ATTEMPTS failed folds (their reads are stored raw).
 */
export async function foldBacklog(db: Tx): Promise<{ batches: number; reads: number; oldestAt: Date | null; stuck: number }> {
  const [row] = await queryRows<{
    batches: string | number;
    reads: string | number | null;
    oldest: Date | string | null;
    stuck: string | number;
  }>(
    db,
    sql`select count(*) as batches, sum(reads) as reads, min(created_at) as oldest,
               count(*) filter (where attempts >= ${FOLD_ATTEMPTS}) as stuck
        from rfid_fold_queue`,
  );
  return {
    batches: Number(row?.batches ?? 0),
    reads: Number(row?.reads ?? 0),
    oldestAt: row?.oldest ? new Date(row.oldest) : null,
    stuck: Number(row?.stuck ?? 0),
  };
}
