import { BILL_STATUS, type Lang } from '@tagloom/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext, SessionInfo } from '../../../core/context.js';
import { enqueue } from '../../../core/queue/enqueue.js';
import type { JobKind, JobRow, Progress } from '../../../core/queue/registry.js';
import { type JobSession, jobSession, storeImportWorkbook } from '../../../core/queue/resource-jobs.js';
import { IMPORT_CHUNK_MS } from '../../../core/resource/import.js';
import { type Mover, move } from '../../../core/resource/transitions.js';
import { SHEET_LIMITS } from '../../../core/sheet/limits.js';
import { readSheetRows } from '../../../core/sheet/run.js';
import { TenantScope } from '../../../core/tenant-scope.js';
import { type Db, queryRows, type Tx } from '../../../db/client.js';
import { workNow } from '../../../db/lanes.js';
import { jobWrites } from '../../../db/schema/index.js';
import { deleteUnhappenedEvents, EVENT_EPCS_MAX } from '../../label/tags/index.js';
import { makeCartons } from '../cartons/make.js';
import { wmsCartonEpcs, wmsCartons } from '../cartons/tables.js';
import { recordShipAggregations, recordShipPieces, shipPlan } from '../events.js';
import { shippedRecorded } from './hooks.js';
import {
  ASN_MAX_ROWS,
  type AsnHead,
  type AsnImported,
  type AsnRow,
  asnBillHead,
  asnLines,
  checkAsnHead,
  checkAsnRows,
  givenCartons,
  insertBindings,
  insertGivenCartons,
} from './import-asn.js';
import { addBillLines, makeBill } from './make.js';
import { wmsBills } from './tables.js';

export const ASN_IMPORT_KIND = 'warehouse.asnImport';
/** The uploaded sheets of ASN import jobs (deleted when the job ends). */
export const ASN_FILE_SCOPE = 'jobs/asn-import';
/** job_writes targets: the bill the job made, the tag events it recorded. */
const BILL_TARGET = 'warehouse/bill';
const EVENTS_TARGET = 'label/tag-event';
/**
 * Each shipping event names at most this many EPCs (a small file's shipping records events of
 * EVENT_EPCS_MAX): an event's hash is computed on the event loop, a quarter of the EPCs a quarter of the time.
 */
const SHIP_EVENT_EPCS = EVENT_EPCS_MAX / 4;

interface Payload {
  fileId: number;
  fileName: string;
  head: {
    destLocationId: number;
    factoryId: number;
    expectedAt: string | null;
    reservationNo?: string;
    remark?: string;
    needsInspection?: number;
  };
  lang: Lang;
  session: JobSession;
}

const asSession = (s: JobSession): SessionInfo => ({ ...s, tokenHash: '' });
/** A macrotask: requests waiting for the event loop, and through it for the database, get their turn. */
const giveWay = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Writes `items` a chunk a transaction, each chunk sized so that its transaction holds the database
 * about IMPORT_CHUNK_MS (from the last chunk's time), giving way between chunks; `done(n)` after each
 * (the job's progress: a cancel stops the run there).
 */
async function inChunks<T>(
  db: Db,
  items: readonly T[],
  write: (tx: Tx, part: T[]) => Promise<void>,
  done: (n: number) => Promise<void>,
  size: { first: number; min: number; max: number } = { first: 100, min: 50, max: 2_000 },
): Promise<void> {
  let n = size.first;
  for (let k = 0; k < items.length; ) {
    const part = items.slice(k, k + n);
    const t0 = workNow();
    await db.transaction(async (tx) => {
      // its commit does not wait for the disk (on PGlite too, where that wait cost more than the
      // chunk's rows): the last step's commit does, and a crash before it undoes the whole job anyway
      await tx.execute(sql`select set_config('synchronous_commit', 'off', true)`);
      await write(tx, part);
    });
    k += part.length;
    const ms = Math.max(1, workNow() - t0);
    // at most doubling: one quick chunk (a quiet moment) does not make the next one long
    if (part.length === n) n = Math.min(size.max, n * 2, Math.max(size.min, Math.round((part.length * IMPORT_CHUNK_MS) / ms)));
    await done(part.length);
    await giveWay();
  }
}

/** The bill this job made, and its state (undefined before it made one). */
async function billOfJob(db: Db, job: JobRow): Promise<{ id: number; code: string; status: number } | undefined> {
  const [w] = await db
    .select({ rowIds: jobWrites.rowIds })
    .from(jobWrites)
    .where(and(eq(jobWrites.tenantId, job.tenantId), eq(jobWrites.jobId, job.id), eq(jobWrites.target, BILL_TARGET)));
  const id = w?.rowIds[0];
  if (id === undefined) return undefined;
  const [bill] = await db
    .select({ id: wmsBills.id, code: wmsBills.code, status: wmsBills.status })
    .from(wmsBills)
    .where(and(eq(wmsBills.tenantId, job.tenantId), eq(wmsBills.id, id)));
  return bill ? { id: Number(bill.id), code: String(bill.code), status: Number(bill.status) } : undefined;
}

/** What a finished import answers: the bill, its cartons, pieces and EPCs bound. */
async function importedOf(db: Db, tenantId: number, bill: { id: number; code: string }): Promise<AsnImported> {
  const [b] = await db
    .select({ cartons: wmsBills.cartonsExpected, pieces: wmsBills.piecesExpected })
    .from(wmsBills)
    .where(and(eq(wmsBills.tenantId, tenantId), eq(wmsBills.id, bill.id)));
  const [e] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(wmsCartonEpcs)
    .where(and(eq(wmsCartonEpcs.tenantId, tenantId), eq(wmsCartonEpcs.billId, bill.id)));
  return { id: bill.id, code: bill.code, cartons: Number(b?.cartons ?? 0), pieces: Number(b?.pieces ?? 0), epcs: Number(e?.n ?? 0) };
}

const outcome = (made: AsnImported) => ({
  message: 'asnImport.done',
  params: { code: made.code, cartons: made.cartons, pieces: made.pieces, epcs: made.epcs },
  result: made,
});

/** The checked rows written as a bill, chunk by chunk (see the file's head); answers what was made. */
async function writeAsnInChunks(
  db: Db,
  job: JobRow,
  session: SessionInfo,
  head: AsnHead & { destLocationId: number },
  rows: AsnRow[],
  lang: Lang,
  progress: Progress,
): Promise<AsnImported> {
  const tenantId = session.tenantId;
  const by: Mover = { tenantId, userId: session.userId, username: session.username };
  const lines = asnLines(rows);
  const given = givenCartons(rows);
  const numbered = new Set(rows.filter((r) => !r.sscc).map((r) => r.carton)).size;
  const bound = rows.filter((r) => r.epc);
  let done = 0;
  const step = async (n: number) => {
    done += n;
    await progress.report(done);
  };
  await progress.start(lines.length + given.length + numbered + bound.length, 'jobs.phase.writing');
  // the bill, importing, and the job's record of it (what the undo takes away) in one transaction
  const bill = await db.transaction(async (tx) => {
    const made = await makeBill(tx, tenantId, asnBillHead(head, BILL_STATUS.IMPORTING), []);
    await tx.insert(jobWrites).values({ tenantId, jobId: job.id, seq: 0, target: BILL_TARGET, rowIds: [made.id] });
    return made;
  });
  const site = { id: bill.id, destLocationId: head.destLocationId };
  await inChunks(db, lines, (tx, part) => addBillLines(tx, tenantId, bill.id, part), step);
  // the cartons whose number is an SSCC keep it (checked again against other open bills); the others are numbered as any bill's
  await inChunks(db, given, (tx, part) => insertGivenCartons(tx, session, site, part, lang, rows.length), step);
  await inChunks(
    db,
    Array.from({ length: numbered }),
    async (tx, part) => {
      await makeCartons(tx, tenantId, site, part.length);
    },
    step,
  );
  const cartons = await db
    .select({ id: wmsCartons.id, cartonNo: wmsCartons.cartonNo, sscc: wmsCartons.sscc })
    .from(wmsCartons)
    .where(and(eq(wmsCartons.tenantId, tenantId), eq(wmsCartons.billId, bill.id)));
  const cartonOf = new Map(cartons.map((c) => [String(c.cartonNo), { id: Number(c.id), sscc: String(c.sscc ?? '') }]));
  const at = new Date();
  await inChunks(db, bound, (tx, part) => insertBindings(tx, session, bill.id, part, cartonOf, at, lang, rows.length), step);

  // its shipping in the tag lifecycle, recorded while it is still importing (the undo takes the events back)
  const [row] = await db
    .select()
    .from(wmsBills)
    .where(and(eq(wmsBills.tenantId, tenantId), eq(wmsBills.id, bill.id)));
  const packed = bound.map((r) => {
    const c = cartonOf.get(r.carton)!;
    return { epc: r.epc, cartonId: c.id, sscc: c.sscc };
  });
  const plan = await shipPlan(db, tenantId, row as Record<string, unknown>, by, new Date(), packed);
  let seq = 1;
  const remember = async (tx: Tx, ids: number[]) => {
    if (ids.length) await tx.insert(jobWrites).values({ tenantId, jobId: job.id, seq: seq++, target: EVENTS_TARGET, rowIds: ids });
  };
  if (plan) {
    done = 0;
    const pieces: string[][] = [];
    for (let k = 0; k < plan.epcs.length; k += SHIP_EVENT_EPCS) pieces.push(plan.epcs.slice(k, k + SHIP_EVENT_EPCS));
    await progress.start(plan.cartons.length + plan.epcs.length, 'asnImport.phase.shipping');
    // an event's hash is computed here, on the event loop: a few cartons' events a chunk to begin with
    await inChunks(db, plan.cartons, async (tx, part) => remember(tx, await recordShipAggregations(tx, plan, part)), step, {
      first: 2,
      min: 1,
      max: 200,
    });
    // a shipping event of SHIP_EVENT_EPCS pieces a transaction
    await inChunks(
      db,
      pieces,
      async (tx, part) => remember(tx, await recordShipPieces(tx, plan, part.flat())),
      (n) => step(n * SHIP_EVENT_EPCS),
      { first: 1, min: 1, max: 1 },
    );
  }
  // the last step, short: in transit (operation log, warehouse log), its counts, its tags SHIPPED
  await progress.report(done, 'asnImport.phase.shipping');
  await db.transaction(async (tx) => {
    const moved = await move(tx, 'warehouse/bill', bill.id, 'importShip', by);
    await shippedRecorded(tx, moved!, plan?.epcs ?? []);
  });
  return importedOf(db, tenantId, bill);
}

/** The import of a stored ASN sheet (enqueued by enqueueAsnImport). */
export const asnImportJob: JobKind = {
  kind: ASN_IMPORT_KIND,
  background: true,
  maxAttempts: 2,
  leaseMs: 60_000,
  async run({ ctx, services }, job, progress) {
    const p = job.payload as Payload;
    // a retry after the process stopped between the bill's shipping and the job's end: that bill is the answer
    const had = await billOfJob(ctx.db, job);
    if (had && had.status !== BILL_STATUS.IMPORTING) return outcome(await importedOf(ctx.db, job.tenantId, had));
    const session = asSession(p.session);
    await progress.start(0, 'jobs.phase.reading');
    const { stream } = await services.files.open(new TenantScope(ctx.db, job.tenantId), p.fileId);
    const parts: Buffer[] = [];
    for await (const chunk of stream) parts.push(chunk as Buffer);
    const sheet = await readSheetRows(Buffer.concat(parts), { lang: p.lang, limits: { ...SHEET_LIMITS, rows: ASN_MAX_ROWS } });
    const head: AsnHead = { ...p.head, expectedAt: p.head.expectedAt ? new Date(p.head.expectedAt) : null };
    // the head again (a grant withdrawn, a factory deleted since), then every row before anything is written
    const dest = await checkAsnHead(ctx.db, session, head, p.lang);
    const rows = await checkAsnRows(ctx.db, session, sheet, p.lang, {
      start: (n) => progress.start(n, 'jobs.phase.checking'),
      report: (n) => progress.report(n),
    });
    const made = await writeAsnInChunks(ctx.db, job, session, { ...head, destLocationId: dest }, rows, p.lang, progress);
    return outcome(made);
  },
  async undo({ ctx }, job) {
    await undoAsnImport(ctx.db, job);
  },
  // whatever the end (the undo has run for a failure or a cancel): the job's record of its writes goes
  async ended(tx, _c, job) {
    await tx.delete(jobWrites).where(and(eq(jobWrites.tenantId, job.tenantId), eq(jobWrites.jobId, job.id)));
  },
  async settle({ ctx, services }, job) {
    await services.files.remove(new TenantScope(ctx.db, job.tenantId), (job.payload as Payload).fileId);
  },
};

/** Deletes up to `limit` rows of a bill from one of its tables; answers how many went. */
async function deleteSlice(db: Db, table: string, tenantId: number, billId: number, limit: number): Promise<number> {
  const [gone] = await queryRows<{ n: number }>(
    db,
    sql`with gone as (delete from ${sql.identifier(table)} where tenant_id = ${tenantId}
          and id in (select id from ${sql.identifier(table)} where tenant_id = ${tenantId} and bill_id = ${billId} limit ${limit})
          returning 1)
        select count(*)::int as n from gone`,
  );
  return Number(gone?.n ?? 0);
}

/**
 * The compensation of an ASN import job that did not finish: the tag events it recorded, then its
 * bill's bindings, cartons and lines a time-boxed slice at a time, then the bill, and the record of
 * them. A bill no longer importing (shipped: the job's run finished) is left as it is. Safe to run twice.
 */
export async function undoAsnImport(db: Db, job: JobRow): Promise<void> {
  const tenantId = job.tenantId;
  const bill = await billOfJob(db, job);
  if (bill && bill.status !== BILL_STATUS.IMPORTING) return;
  const mine = and(eq(jobWrites.tenantId, tenantId), eq(jobWrites.jobId, job.id));
  const events = await db
    .select({ seq: jobWrites.seq, rowIds: jobWrites.rowIds })
    .from(jobWrites)
    .where(and(mine, eq(jobWrites.target, EVENTS_TARGET)));
  for (const e of events) {
    await db.transaction(async (tx) => {
      await deleteUnhappenedEvents(tx, tenantId, e.rowIds);
      await tx.delete(jobWrites).where(and(mine, eq(jobWrites.seq, e.seq)));
    });
    await giveWay();
  }
  if (bill) {
    for (const table of ['wms_carton_epcs', 'wms_cartons', 'wms_bill_lines']) {
      let n = 200;
      for (;;) {
        const t0 = workNow();
        const gone = await deleteSlice(db, table, tenantId, bill.id, n);
        if (gone < n) break;
        n = Math.min(5_000, Math.max(50, Math.round((gone * IMPORT_CHUNK_MS) / Math.max(1, workNow() - t0))));
        await giveWay();
      }
    }
    await db.transaction(async (tx) => {
      await tx
        .delete(wmsBills)
        .where(and(eq(wmsBills.tenantId, tenantId), eq(wmsBills.id, bill.id), eq(wmsBills.status, BILL_STATUS.IMPORTING)));
    });
  }
  await db.delete(jobWrites).where(mine);
}

/**
 * Stores an uploaded ASN sheet and enqueues its import as the user (the job owns the file: deleted
 * when it ends). The head was checked by the request; the job checks it again as it starts.
 */
export async function enqueueAsnImport(
  ctx: AppContext,
  session: SessionInfo,
  head: AsnHead & { destLocationId: number },
  file: { name: string; buf: Buffer },
  lang: Lang,
): Promise<JobRow> {
  const stored = await storeImportWorkbook(ctx, session, file, ASN_FILE_SCOPE);
  const payload: Payload = {
    fileId: stored.id,
    fileName: stored.name,
    head: {
      destLocationId: head.destLocationId,
      factoryId: head.factoryId,
      expectedAt: head.expectedAt ? head.expectedAt.toISOString() : null,
      reservationNo: head.reservationNo,
      needsInspection: head.needsInspection,
      remark: head.remark,
    },
    lang,
    session: jobSession(session),
  };
  const job = await enqueue(ctx, { kind: ASN_IMPORT_KIND, tenantId: session.tenantId, owner: session.userId, payload: { ...payload } });
  return job!;
}
