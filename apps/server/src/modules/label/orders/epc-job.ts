import { EPC_STATE, LABEL_ORDER } from '@tagloom/domain';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../../core/context.js';
import { AppError } from '../../../core/errors.js';
import { enqueue } from '../../../core/queue/queue.js';
import type { JobKind, JobRow } from '../../../core/queue/registry.js';
import type { Tx } from '../../../db/client.js';
import { reserveSerials } from '../../general/coding-rule/serials.js';
import { tenantCodingRule } from '../../general/coding-rule/service.js';
import { skuFacts } from '../../tenant/goods/service.js';
import { deleteOrderTags, insertSerialRun, recordTagEvent } from '../tags/store.js';
import { labelOrderLines, labelOrders } from './tables.js';

export const GENERATE_EPC = 'label.generateEpc';
/** EPCs written per statement (and per transaction: other requests are served between chunks). */
export const EPC_CHUNK = 20_000;

type Payload = { orderId: number };

const orderWhere = (tenantId: number, orderId: number) => and(eq(labelOrders.tenantId, tenantId), eq(labelOrders.id, orderId));

/** Starts Get EPC for an order (its generateEpc transition, same transaction): the job and the order's note of it. */
export async function startGenerateEpc(ctx: AppContext, tx: Tx, tenantId: number, userId: number, orderId: number): Promise<JobRow> {
  const job = await enqueue(ctx, { kind: GENERATE_EPC, tenantId, owner: userId, payload: { orderId } satisfies Payload }, tx);
  await tx.update(labelOrders).set({ epcState: EPC_STATE.GENERATING, epcJobId: job!.id }).where(orderWhere(tenantId, orderId));
  return job!;
}

/**
 * Get EPC: one EPC per label of the order (each line's labels, loss included), from the tenant's
 * coding rule with serials reserved for the whole order at once (a serial is never given twice in
 * the tenant), written in chunks of EPC_CHUNK by one multi-row statement each, with progress; then
 * the order moves to EPC generated and its commissioning event is recorded (one event for all its
 * tags). A failed or cancelled run takes its tags away again and leaves the order "not generated".
 */
export const generateEpcJob: JobKind = {
  kind: GENERATE_EPC,
  maxAttempts: 2,
  leaseMs: 60_000,
  async run({ ctx }, job, progress) {
    const tenantId = job.tenantId;
    const { orderId } = job.payload as Payload;
    const db = ctx.db;
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
    const { ruleId, encoder } = await tenantCodingRule(db, tenantId);
    const total = lines.reduce((n, l) => n + Number(l.labels ?? 0), 0);
    await progress.start(total, 'labelOrder.epcPhase');
    // the serials of the whole order, in one short transaction (never given again in the tenant)
    const first = Number(await db.transaction((tx) => reserveSerials(tx, tenantId, ruleId, total)));
    let done = 0;
    for (const line of lines) {
      const sku = skus.get(Number(line.skuId));
      if (!sku?.gtin) throw new AppError(409, 409, 'labelOrder.noGtin', { sku: sku?.skuBarcode ?? String(line.skuId) });
      const count = Number(line.labels ?? 0);
      for (let at = 0; at < count; at += EPC_CHUNK) {
        const n = Math.min(EPC_CHUNK, count - at);
        const serial0 = first + done;
        const epcs = encoder.epcs({ gtin: sku.gtin, firstSerial: serial0, count: n });
        await db.transaction((tx) => insertSerialRun(tx, tenantId, orderId, { skuId: sku.id, gtin: sku.gtin, firstSerial: serial0, epcs }));
        done += n;
        await progress.report(done);
      }
    }
    await db.transaction(async (tx) => {
      await tx
        .update(labelOrders)
        .set({ status: LABEL_ORDER.EPC_GENERATED, epcState: EPC_STATE.GENERATED, epcCount: done, updatedAt: new Date() })
        .where(and(orderWhere(tenantId, orderId), eq(labelOrders.status, LABEL_ORDER.EPC_GENERATING)));
      await recordTagEvent(tx, {
        tenantId,
        action: 'ADD',
        bizStep: 'commissioning',
        disposition: 'active',
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
  // a run that did not finish leaves no tag behind (a retry starts over with new serials)
  async undo({ ctx }, job) {
    const { orderId } = job.payload as Payload;
    await ctx.db.transaction((tx) => deleteOrderTags(tx, job.tenantId, orderId));
  },
  // whatever the end: an order still generating did not get its EPCs
  async settle({ ctx }, job) {
    const { orderId } = job.payload as Payload;
    await ctx.db
      .update(labelOrders)
      .set({ status: LABEL_ORDER.NOT_GENERATED, epcState: EPC_STATE.FAILED, updatedAt: new Date() })
      .where(and(orderWhere(job.tenantId, orderId), eq(labelOrders.status, LABEL_ORDER.EPC_GENERATING)));
  },
};
