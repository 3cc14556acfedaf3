import {
  type CodingEncoder,
  type CodingRuleInput,
  EPC_STATE,
  LABEL_ORDER,
  type Lang,
  labelOrderResource,
  VALUE_TYPE,
} from '@tagloom/domain';
import { and, eq, sql } from 'drizzle-orm';
import { requestsWithin } from '../../../core/activity.js';
import type { AppContext } from '../../../core/context.js';
import { conflict } from '../../../core/errors.js';
import { enqueue } from '../../../core/queue/queue.js';
import type { JobKind, JobRow } from '../../../core/queue/registry.js';
import { type Mover, move } from '../../../core/resource/transitions.js';
import type { Tx } from '../../../db/client.js';
import { workNow } from '../../../db/lanes.js';
import { reserveSerials } from '../../general/coding-rule/serials.js';
import { tenantCodingRule } from '../../general/coding-rule/service.js';
import { skuFacts } from '../../tenant/goods/service.js';
import { deleteUnfinishedTags, insertSerialRange, insertSerialRun, recordTagEvent } from '../tags/store.js';
import { checkEpcDisk, checkLabelCaps, diskWatch } from './limits.js';
import { labelOrderLines, labelOrders } from './tables.js';

export const GENERATE_EPC = 'label.generateEpc';

/**
 * How long one statement of Get EPC may hold the database. Embedded PGlite serves one statement at
 * a time (on the server's own thread, or on its worker): every request waiting for it waits until
 * the statement ends, so while requests come (one began in the last QUIET_MS) a statement is kept
 * to a few milliseconds and the job gives way between statements; while none does, statements are
 * longer, as a statement has a fixed cost there (fewer, larger ones finish the order sooner), and
 * the first request to come waits for at most one of them. PostgreSQL serves other connections
 * meanwhile: longer statements, fewer round trips, whatever the traffic.
 */
export const EPC_SLICE_MS = { pglite: { busy: 12, quiet: 50 }, pg: { busy: 120, quiet: 120 } } as const;
const QUIET_MS = 100;
/**
 * Statements Get EPC keeps running at once: one on PGlite (one connection); two on PostgreSQL,
 * where one insert is bound by its backend's core (1M tags: 4.3 s in one connection, 3.7 s in two).
 */
const EPC_LANES = { pglite: 1, pg: 2 } as const;
const ROWS = { pglite: { first: 300, min: 100, max: 60_000 }, pg: { first: 5_000, min: 500, max: 100_000 } } as const;

/**
 * Rows a statement writes, sized by time: the rate the last statements managed (rows per ms, each
 * statement's time including its wait for the connection) times the slice the traffic allows now,
 * so that each statement takes about its slice whatever the machine's speed and load.
 */
export function pacer(kind: 'pglite' | 'pg', busy: () => boolean = () => requestsWithin(QUIET_MS)) {
  const slice = EPC_SLICE_MS[kind];
  const { first, min, max } = ROWS[kind];
  let rate = first / slice.busy;
  let asked: number = first;
  return {
    rows() {
      asked = Math.round(Math.min(max, Math.max(min, rate * (busy() ? slice.busy : slice.quiet))));
      return asked;
    },
    took(n: number, ms: number) {
      if (n < asked) return; // a run's short tail says nothing of the rate
      const seen = n / Math.max(ms, 0.25);
      // half way to what was seen, at most doubling: one slow statement (a checkpoint, a busy core) does not swing it
      rate = Math.min(rate * 2, (rate + seen) / 2);
    },
  };
}

/** Lets the requests waiting for the event loop, and through it for the database, have their turn. */
const giveWay = () => new Promise<void>((resolve) => setImmediate(resolve));

type Payload = { orderId: number };

const orderWhere = (tenantId: number, orderId: number) => and(eq(labelOrders.tenantId, tenantId), eq(labelOrders.id, orderId));
/** The job's moves of the order are its creator's (who pressed Get EPC), as the operation log names them. */
const jobMover = (job: JobRow): Mover => ({ tenantId: job.tenantId, userId: job.createdBy, username: '' });

/**
 * Starts Get EPC for an order (its generateEpc transition, same transaction): refused when the
 * order, or the tenant with it, would pass its cap of labels, or the disk would not hold its tags;
 * then the job and the order's note of it. Starts of one tenant are taken one at a time (a
 * transaction lock), so two orders cannot both fit in what is left of the tenant's cap.
 */
export async function startGenerateEpc(
  ctx: AppContext,
  tx: Tx,
  tenantId: number,
  userId: number,
  orderId: number,
  lang: Lang = 'zh_CN',
): Promise<JobRow> {
  await tx.execute(sql`select pg_advisory_xact_lock(74110026, ${tenantId}::int)`);
  const [order] = await tx
    .select({ code: labelOrders.code, labels: labelOrders.labelQuantity })
    .from(labelOrders)
    .where(orderWhere(tenantId, orderId));
  const labels = Number(order?.labels ?? 0);
  await checkLabelCaps(ctx, tx, { tenantId, orderId, code: String(order?.code ?? ''), labels, field: 'order', lang });
  await checkEpcDisk(ctx, tx, labels);
  const job = await enqueue(ctx, { kind: GENERATE_EPC, tenantId, owner: userId, payload: { orderId } satisfies Payload }, tx);
  await tx.update(labelOrders).set({ epcState: EPC_STATE.GENERATING, epcJobId: job!.id }).where(orderWhere(tenantId, orderId));
  return job!;
}

/**
 * Where the EPCs of a run count up with its serials, so that the database can make them: the
 * coding rule's serial domain ends the code (its last bit, in whole hex digits) and no domain is
 * random, so EPC(s) = head + (base + s) in `digits` hex digits (at most 15: a bigint in SQL).
 * Checked against the encoder at the run's first, middle and last serial; undefined when it does
 * not hold (the EPCs are then encoded here and sent).
 */
export function serialWindow(
  rule: CodingRuleInput,
  encoder: CodingEncoder,
  gtin: string,
  first: bigint,
  count: number,
): { head: string; base: bigint; digits: number } | undefined {
  const serial = rule.domains.find((d) => d.valueType === VALUE_TYPE.serial);
  if (!serial || count < 1 || rule.totalLength % 4 !== 0 || serial.endIndex !== rule.totalLength - 1) return undefined;
  if (rule.domains.some((d) => d.valueType === VALUE_TYPE.random)) return undefined;
  const d0 = Math.floor(serial.startIndex / 4);
  const digits = encoder.hexDigits - d0;
  if (digits < 1 || digits > 15) return undefined;
  const at = (s: bigint) => encoder.epcs({ gtin, firstSerial: s, count: 1 })[0];
  const e0 = at(first);
  const head = e0.slice(0, d0);
  const base = BigInt(`0x${e0.slice(d0)}`) - first;
  if (base < 0n) return undefined;
  for (const s of [first + BigInt(count >> 1), first + BigInt(count - 1)]) {
    const e = at(s);
    if (e.slice(0, d0) !== head || BigInt(`0x${e.slice(d0)}`) - s !== base) return undefined;
  }
  return { head, base, digits };
}

/**
 * Get EPC: one EPC per label of the order (each line's labels, loss included), from the tenant's
 * coding rule with serials reserved for the whole order at once (a serial is never given twice in
 * the tenant), then the order moves to EPC generated and its commissioning event is recorded (one
 * event for all its tags).
 *
 * The caps and the disk are checked again as it starts (refused: the job fails with the message).
 * The tags are written by statements sized to take about EPC_SLICE_MS each (short while requests
 * come, longer while none does), the job giving way to waiting requests between them (a macrotask: embedded PGlite answers on promises, and awaiting them
 * alone lets no request in), so the server keeps answering whatever the order's size; where the
 * coding rule allows it (GS1 SGTIN-96 does) the database makes the EPCs from the serials, nothing
 * sent per tag. On PostgreSQL two statements run at once (EPC_LANES). Each statement commits without waiting for its write-ahead log to reach the disk
 * (synchronous_commit off for that transaction: on PGlite too, where a commit's write of the log
 * cost as much as a few hundred rows): the order's final commit waits, and a crash before it
 * retries the job from nothing.
 *
 * All or nothing: a run that does not finish (failed, cancelled, stopped because the disk fell
 * under its margin) takes its tags away again, in slices too, and leaves the order "not generated".
 */
export const generateEpcJob: JobKind = {
  kind: GENERATE_EPC,
  background: true,
  maxAttempts: 2,
  leaseMs: 60_000,
  async run({ ctx }, job, progress) {
    const tenantId = job.tenantId;
    const { orderId } = job.payload as Payload;
    const db = ctx.db;
    const kind = ctx.database.kind;
    const [order] = await db.select().from(labelOrders).where(orderWhere(tenantId, orderId));
    if (!order || order.status !== LABEL_ORDER.EPC_GENERATING)
      return { message: 'labelOrder.epcDone', params: { count: 0, code: order?.code ?? '' } };
    const lines = await db
      .select({ skuId: labelOrderLines.skuId, labels: labelOrderLines.labelQuantity })
      .from(labelOrderLines)
      .where(and(eq(labelOrderLines.tenantId, tenantId), eq(labelOrderLines.orderId, orderId)));
    const skus = await skuFacts(
      db,
      tenantId,
      lines.map((l) => Number(l.skuId)),
    );
    const { ruleId, rule, encoder } = await tenantCodingRule(db, tenantId);
    const total = lines.reduce((n, l) => n + Number(l.labels ?? 0), 0);
    for (const line of lines) {
      const sku = skus.get(Number(line.skuId));
      if (!sku?.gtin) throw conflict('labelOrder.noGtin', { sku: sku?.skuBarcode ?? String(line.skuId) });
    }
    // what held when the job was queued may not now (a cap lowered, the disk filled meanwhile)
    await checkLabelCaps(ctx, db, { tenantId, orderId, code: String(order.code), labels: total, field: 'order', lang: 'zh_CN' });
    await checkEpcDisk(ctx, db, total);
    await progress.start(total, 'labelOrder.epcPhase');
    // the serials of the whole order, in one short transaction (never given again in the tenant)
    const first = await db.transaction((tx) => reserveSerials(tx, tenantId, ruleId, total));
    const disk = diskWatch(ctx);
    const pace = pacer(kind);
    // the order's lines one after the other, each cut in statements as the pace allows
    let serials = first;
    const runs = lines.map((line) => {
      const sku = skus.get(Number(line.skuId))!;
      const count = Number(line.labels ?? 0);
      const start = serials;
      serials += BigInt(count);
      return { sku, count, start, window: serialWindow(rule, encoder, sku.gtin, start, count) };
    });
    let line = 0;
    let at = 0;
    let stop = false;
    const next = () => {
      if (stop) return undefined;
      while (line < runs.length && at >= runs[line].count) [line, at] = [line + 1, 0];
      if (line >= runs.length) return undefined;
      const run = runs[line];
      const n = Math.min(pace.rows(), run.count - at);
      const piece = { run, serial0: run.start + BigInt(at), n };
      at += n;
      return piece;
    };
    let done = 0;
    const lane = async () => {
      for (let piece = next(); piece; piece = next()) {
        const { run, serial0, n } = piece;
        const t0 = workNow();
        // each statement its own transaction, committed without waiting for the disk (see above)
        if (run.window) {
          const range = { skuId: run.sku.id, gtin: run.sku.gtin, first: serial0, count: n, ...run.window };
          await insertSerialRange(db, tenantId, orderId, range, { noWaitCommit: true });
        } else {
          const epcs = encoder.epcs({ gtin: run.sku.gtin, firstSerial: serial0, count: n });
          await insertSerialRun(
            db,
            tenantId,
            orderId,
            { skuId: run.sku.id, gtin: run.sku.gtin, firstSerial: Number(serial0), epcs },
            { noWaitCommit: true },
          );
        }
        pace.took(n, workNow() - t0);
        done += n;
        await progress.report(done); // written a few times a second; throws when the job was cancelled
        await disk();
        await giveWay();
      }
    };
    // a lane that fails stops the others after their statement: nothing is written once the undo may run
    const ends = await Promise.allSettled(
      Array.from({ length: EPC_LANES[kind] }, () =>
        lane().catch((err) => {
          stop = true;
          throw err;
        }),
      ),
    );
    const failed = ends.find((e) => e.status === 'rejected');
    if (failed) throw failed.reason;
    await db.transaction(async (tx) => {
      // the machine's system move, while the order is still generating (a reset meanwhile leaves it be)
      await move(tx, labelOrderResource.code, orderId, 'epcGenerated', jobMover(job), {
        set: { epcState: EPC_STATE.GENERATED, epcCount: done },
        ifAllowed: true,
      });
      await recordTagEvent(tx, {
        tenantId,
        action: 'ADD',
        // CBV: the EPCs are encoded (the print file's), commissioned when a printer binds each to its chip
        bizStep: 'encoding',
        disposition: 'encoded',
        orderId,
        orderCode: order.code as string,
        epcCount: done,
        bizTransactions: [{ type: 'po', id: order.code as string }],
        userId: job.createdBy,
        source: GENERATE_EPC,
      });
    });
    return { message: 'labelOrder.epcDone', params: { count: done, code: order.code }, result: { orderId, count: done } };
  },
  // a run that did not finish leaves no tag behind (a retry starts over with new serials): deleted
  // in slices as they were written, never recorded as withdrawn (they were never given out)
  async undo({ ctx }, job) {
    const { orderId } = job.payload as Payload;
    const pace = pacer(ctx.database.kind);
    for (;;) {
      const t0 = workNow();
      const want = pace.rows();
      const gone = await deleteUnfinishedTags(ctx.db, job.tenantId, orderId, want);
      if (gone === 0) break;
      pace.took(gone, workNow() - t0);
      await giveWay();
    }
  },
  // whatever the end, with it: an order still generating did not get its EPCs (once the job shows
  // as ended, the order shows it too)
  async ended(tx, _c, job) {
    const { orderId } = job.payload as Payload;
    await move(tx, labelOrderResource.code, orderId, 'epcNotGenerated', jobMover(job), {
      set: { epcState: EPC_STATE.FAILED },
      ifAllowed: true,
    });
  },
};
