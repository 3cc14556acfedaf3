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
  /** created_at, epoch ms */
  at_ms: number;
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

/** What one fold transaction did. */
interface Folded {
  /** batches taken off the queue (folded, or regrouped into parts) */
  batches: number;
  /** reads folded into EPC state */
  reads: number;
  /** there may be more to fold at once (a full claim, parts made or one folded) */
  more: boolean;
}

/** Adds a committed fold to the run. */
function count(run: FoldRun, tenantId: number, got: Folded): void {
  run.batches += got.batches;
  run.reads += got.reads;
  if (got.reads > 0 && !run.tenants.includes(tenantId)) run.tenants.push(tenantId);
}

/**
 * Parts (embedded PGlite): a fold that would write more than `txEpcs` EPC states in one
 * transaction — holding PGlite's one connection, so every request, for as long — regroups instead
 * the reads it took off the queue, in that same transaction, into queue rows of at most `txEpcs`
 * EPCs each (a part: the lines of those EPCs, in their order, a row per reader, location and scene),
 * and each part is then folded in a transaction of its own, other statements running between them.
 * A read is still folded once (the batches and their parts are swapped in one transaction, a part
 * is deleted as it is folded), with the same reads of the EPC as one transaction would (an EPC's
 * reads are all in one part, each reader's in their order, and the parts, negative ids, are folded
 * before any batch; presence folds a tag's reads in time order), and an EPC is written once for
 * all the reads the fold took of it. bench/ingest (PGlite on its worker thread, in memory, 400,000
 * reads, load 3): a reader's batch p99 0.7–1.1 s instead of 2.9 s.
 */
const PART_IDS = -(2 ** 52);
/** Queue rows of one part (a row a reader, location and scene) share their id's group: (id - PART_IDS) / PART_ROWS. */
const PART_ROWS = 1024;
let lastPartGroup = 0;
/** Ids for parts of `rows` rows each: a new group a part (more when a part has more rows than PART_ROWS), increasing across restarts (a group a ms). */
function partIds(rows: readonly number[]): number[][] {
  let group = Math.max(lastPartGroup + 1, Date.now());
  const out: number[][] = [];
  for (const n of rows) {
    const ids: number[] = [];
    for (let j = 0; j < n; j++) {
      if (j > 0 && j % PART_ROWS === 0) group++;
      ids.push(PART_IDS + group * PART_ROWS + (j % PART_ROWS));
    }
    out.push(ids);
    lastPartGroup = group++;
  }
  return out;
}

/** A queue row of a part: the lines of one reader, location and scene (those of `row`). */
interface PartRow {
  part: number;
  row: QueueRow;
  lines: string[];
  /** the oldest created_at of the batches its lines come from (epoch ms) */
  atMs: number;
}

/** The rows' lines regrouped into parts of at most `txEpcs` EPCs; undefined when they hold no more EPCs than that. */
function regroup(rows: readonly QueueRow[], txEpcs: number) {
  const epcOf = (data: string, i: number) => data.slice(i, data.indexOf('\t', i));
  const partOf = new Map<string, number>();
  for (const row of rows) {
    const d = row.data;
    for (let i = 0; i < d.length; ) {
      partOf.set(epcOf(d, i), 0);
      const nl = d.indexOf('\n', i);
      i = nl < 0 ? d.length : nl + 1;
    }
  }
  if (partOf.size <= txEpcs) return undefined;
  const sorted = [...partOf.keys()].sort();
  const parts = Math.ceil(sorted.length / txEpcs);
  const size = Math.ceil(sorted.length / parts);
  for (let i = 0; i < sorted.length; i++) partOf.set(sorted[i], Math.floor(i / size));
  const groups = new Map<string, PartRow>();
  for (const row of rows) {
    const d = row.data;
    for (let i = 0; i < d.length; ) {
      const nl = d.indexOf('\n', i);
      const end = nl < 0 ? d.length : nl;
      const part = partOf.get(epcOf(d, i))!;
      const key = `${part}\t${row.equipment_coding}\t${row.location_id}\t${row.scene_id}`;
      let g = groups.get(key);
      if (!g) {
        g = { part, row, lines: [], atMs: row.at_ms };
        groups.set(key, g);
      }
      g.lines.push(d.slice(i, end));
      g.atMs = Math.min(g.atMs, row.at_ms);
      i = end + 1;
    }
  }
  const byPart = Array.from({ length: parts }, () => [] as PartRow[]);
  for (const g of groups.values()) byPart[g.part].push(g);
  return byPart;
}

/**
 * Folds the tenant's next batches (`only`: that batch alone) in one transaction; 'busy' when another
 * process holds the tenant. With `txEpcs`, a part waiting is folded first (alone), and batches of
 * more EPCs than that are regrouped into parts instead of folded (see PART_IDS).
 */
async function foldSome(db: Tx, tenantId: number, only?: number, txEpcs?: number, txBatches = FOLD_BATCHES): Promise<Folded | 'busy'> {
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${FOLD_LOCK}, ${tenantId}::int) as ok`);
    if (!lock?.ok) return 'busy' as const;
    const take = (which: SQL) =>
      queryRows<QueueRow>(
        tx,
        sql`delete from rfid_fold_queue q where q.tenant_id = ${tenantId} and ${which}
            returning q.batch_id, q.equipment_coding, q.location_id, q.scene_id, q.data,
              floor(extract(epoch from q.created_at) * 1000)::float8 as at_ms`,
      );
    let rows: QueueRow[] = [];
    let part = false;
    if (only !== undefined) rows = await take(sql`q.batch_id = ${only}`);
    else {
      if (txEpcs !== undefined) {
        // the rows of the first part waiting (its group of ids)
        rows = await take(
          sql`q.batch_id < 0 and attempts < ${FOLD_ATTEMPTS} and (q.batch_id - ${PART_IDS}::bigint) / ${PART_ROWS} =
                (select (min(batch_id) - ${PART_IDS}::bigint) / ${PART_ROWS} from rfid_fold_queue
                 where tenant_id = ${tenantId} and batch_id < 0 and attempts < ${FOLD_ATTEMPTS})`,
        );
        part = rows.length > 0;
      }
      if (!part)
        rows = await take(
          sql`q.batch_id in (select batch_id from rfid_fold_queue where tenant_id = ${tenantId} and attempts < ${FOLD_ATTEMPTS}
                             order by batch_id limit ${txBatches})`,
        );
    }
    const batches = part ? 0 : rows.length;
    const parts = !part && only === undefined && txEpcs !== undefined ? regroup(rows, txEpcs) : undefined;
    if (parts) {
      const ids = partIds(parts.map((p) => p.length));
      const values = parts.flatMap((p, k) =>
        p.map(
          (g, j) =>
            sql`(${tenantId}, ${ids[k][j]}, to_timestamp(${g.atMs}::float8 / 1000), ${g.row.equipment_coding}, ${g.row.location_id},
                 ${g.row.scene_id}, ${g.lines.length}, ${g.lines.join('\n')})`,
        ),
      );
      await tx.execute(sql`insert into rfid_fold_queue (tenant_id, batch_id, created_at, equipment_coding, location_id, scene_id, reads, data)
        values ${sql.join(values, sql`, `)}`);
      return { batches, reads: 0, more: true };
    }
    const input = new FoldInput();
    for (const row of rows) {
      const equipment = row.equipment_coding;
      const locationId = row.location_id === null ? null : Number(row.location_id);
      const sceneId = row.scene_id === null ? null : Number(row.scene_id);
      forEachRead(row.data, (epc, tid, at, antenna, rssi, count, afterTrigger) =>
        input.add(epc, tid, at, equipment, antenna, rssi, count, locationId, sceneId, afterTrigger),
      );
    }
    if (input.reads) await foldInput(tx, tenantId, input);
    return { batches, reads: input.reads, more: part || rows.length >= txBatches };
  });
}

/**
 * After a failed fold of many batches: each batch (or part) alone, in order, so one that cannot be
 * folded (counted, its message kept) holds up neither the batches after it nor other tenants.
 */
async function foldOneByOne(db: Tx, tenantId: number, run: FoldRun): Promise<'done' | 'busy'> {
  let after: number = Number.MIN_SAFE_INTEGER;
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

/** Lets other work in between two fold transactions (embedded PGlite on the event loop answers in microtasks). */
const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Folds what is queued, tenant by tenant, FOLD_BATCHES at a time, until the queue is empty (or
 * another process holds the tenant). Safe in any number of processes at once. A failed fold is
 * retried batch by batch: the batch that fails stays queued with its message, the rest are folded.
 * `txEpcs` (embedded PGlite): at most that many EPC states written a transaction (PART_IDS).
 */
export async function foldQueued(db: Tx, opts: { txEpcs?: number; txBatches?: number } = {}): Promise<FoldRun> {
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
        got = await foldSome(db, tenantId, undefined, opts.txEpcs, opts.txBatches);
      } catch {
        got = await foldOneByOne(db, tenantId, run);
      }
      if (got === 'busy') {
        run.busy++;
        break;
      }
      if (got === 'done') break;
      count(run, tenantId, got);
      if (!got.more) break;
      await yieldTurn();
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
