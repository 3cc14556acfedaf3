import { EPC_STATE, LABEL_ORDER, LABEL_ORDER_KIND, type labelOrderResource, type RowOf } from '@tagloom/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../core/context.js';
import { conflict } from '../../../core/errors.js';
import { nextDocumentCode } from '../../../core/numbering.js';
import type { ResourceHooks } from '../../../core/resource/service.js';
import { move } from '../../../core/resource/transitions.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { usableOrderLines } from '../../supply/chain/service.js';
import { skuFacts } from '../../tenant/goods/service.js';
import { withdrawOrderTags } from '../tags/store.js';
import { labelSampleCards } from '../templates/tables.js';
import { startGenerateEpc } from './epc-job.js';
import { checkLabelCaps } from './limits.js';
import { labelOrderLines, labelOrders } from './tables.js';

type Order = RowOf<typeof labelOrderResource>;
type Row = Record<string, unknown>;

/** A 69 code: the GTIN-13 a Chinese brand's goods carry (prefix 690–699). */
const is69 = (gtin: string) => /^69\d{11}$/.test(gtin);

/**
 * Keeps an order's totals from its lines, in the write's transaction: each line's labels with the
 * order's loss ratio, then the order's SKU count, quantity and labels (`check` may refuse them
 * first: the caps). Answers the order as it is now.
 */
export async function refreshTotals(
  tx: Tx,
  tenantId: number,
  orderId: number,
  check?: (order: Order, totals: { labels: number }) => Promise<void>,
): Promise<Row> {
  const [order] = (await tx
    .select()
    .from(labelOrders)
    .where(and(eq(labelOrders.tenantId, tenantId), eq(labelOrders.id, orderId)))) as Order[];
  const ratio = Number(order.lossRatio ?? 0);
  // ceil(quantity × (1 + ratio/100)) in integers: labelsFor() in the domain says the same
  await tx.execute(sql`
    update ${labelOrderLines} set label_quantity = (quantity::bigint * (10000 + ${Math.round(ratio * 100)}) + 9999) / 10000
    where tenant_id = ${tenantId} and order_id = ${orderId}`);
  const [totals] = await tx
    .select({
      skus: sql<number>`count(distinct ${labelOrderLines.skuId})::int`,
      quantity: sql<number>`coalesce(sum(${labelOrderLines.quantity}), 0)::bigint`,
      labels: sql<number>`coalesce(sum(${labelOrderLines.labelQuantity}), 0)::bigint`,
    })
    .from(labelOrderLines)
    .where(and(eq(labelOrderLines.tenantId, tenantId), eq(labelOrderLines.orderId, orderId)));
  await check?.(order, { labels: Number(totals.labels) });
  const [row] = await tx
    .update(labelOrders)
    .set({ skuCount: Number(totals.skus), totalQuantity: Number(totals.quantity), labelQuantity: Number(totals.labels) })
    .where(and(eq(labelOrders.tenantId, tenantId), eq(labelOrders.id, orderId)))
    .returning();
  return row as Row;
}

/**
 * The order's checks before it is confirmed (spec §5): it has goods lines, and every line's SKU
 * carries its 69 code (a GTIN-13 from 690–699, printed on the hang tag and encoded in the EPC).
 */
async function checkConfirmable(tx: Tx, tenantId: number, order: Order): Promise<void> {
  const lines = await tx
    .select({ skuId: labelOrderLines.skuId })
    .from(labelOrderLines)
    .where(and(eq(labelOrderLines.tenantId, tenantId), eq(labelOrderLines.orderId, order.id as number)));
  if (!lines.length) throw conflict('labelOrder.noGoods');
  const skus = await skuFacts(
    tx,
    tenantId,
    lines.map((l) => Number(l.skuId)),
  );
  for (const l of lines) {
    const sku = skus.get(Number(l.skuId));
    if (!sku || !is69(sku.gtin)) throw conflict('labelOrder.no69', { sku: sku?.skuBarcode ?? String(l.skuId) });
  }
  // the sample card's hang-tag information: its 69 code is one of the order's goods
  if (order.sampleCardId) {
    const [card] = await tx
      .select({ code69: labelSampleCards.code69 })
      .from(labelSampleCards)
      .where(and(eq(labelSampleCards.tenantId, tenantId), eq(labelSampleCards.id, Number(order.sampleCardId))));
    const code = String(card?.code69 ?? '');
    if (code && ![...skus.values()].some((s) => s.gtin === code)) throw conflict('labelOrder.mismatch69', { code });
  }
}

/** The label purchase order's hooks: its number, its totals, who may change its supplier, what confirming checks. */
export const labelOrderHooks = (ctx: AppContext): ResourceHooks<typeof labelOrderResource> => ({
  async beforeWrite(tx, data, { session, existing }) {
    if (!existing && !data.code) data.code = await nextDocumentCode(tx, session.tenantId!, 'LPO');
    // spec §4: only a new order has its supplier assigned
    if (
      existing &&
      data.supplierId !== undefined &&
      String(data.supplierId ?? '') !== String(existing.supplierId ?? '') &&
      existing.status !== LABEL_ORDER.DRAFT
    )
      throw conflict('labelOrder.supplierOnlyNew');
  },
  // an order with tags (generated or withdrawn) keeps them: the tags carry no key to it (speed)
  async beforeDelete(tx, rows, { session }) {
    const ids = rows.map((r) => Number(r.id));
    const [used] = await queryRows<{ code: string }>(
      tx,
      sql`select o.code from ${labelOrders} o where o.tenant_id = ${session.tenantId} and o.id in ${ids}
          and (exists (select 1 from label_tags t where t.tenant_id = o.tenant_id and t.order_id = o.id)
            or exists (select 1 from label_tag_withdrawals w where w.tenant_id = o.tenant_id and w.order_id = o.id))
          limit 1`,
    );
    if (used) throw conflict('labelOrder.hasTags', { code: used.code });
  },
  async afterLines(tx, row, { session }) {
    const tenantId = session.tenantId!;
    // lines taken from commodity orders: none of them repealed (spec §4)
    const from = await tx
      .selectDistinct({ id: labelOrderLines.supplyOrderId })
      .from(labelOrderLines)
      .where(and(eq(labelOrderLines.tenantId, tenantId), eq(labelOrderLines.orderId, row.id as number)));
    const ids = from.map((f) => Number(f.id)).filter((n) => n > 0);
    if (ids.length) await usableOrderLines(tx, tenantId, ids);
    // the caps, on what the lines ask (before the totals are written: they would not fit their columns)
    return refreshTotals(tx, tenantId, row.id as number, (order, { labels }) =>
      checkLabelCaps(ctx, tx, {
        tenantId,
        orderId: row.id as number,
        code: String(order.code ?? ''),
        labels,
        field: 'line',
        lang: session.lang,
        tenant: Number(order.kind) === LABEL_ORDER_KIND.RFID,
      }),
    );
  },
  transitions: {
    // submitted: the caps again (they may have been lowered since the order was written)
    async submit(tx, row, { session }) {
      await checkLabelCaps(ctx, tx, {
        tenantId: session.tenantId!,
        orderId: row.id as number,
        code: String(row.code ?? ''),
        labels: Number(row.labelQuantity ?? 0),
        field: 'line',
        lang: session.lang,
        tenant: Number(row.kind) === LABEL_ORDER_KIND.RFID,
      });
    },
    async confirm(tx, row, { session, code }) {
      await checkConfirmable(tx, session.tenantId!, row);
      // labels that carry no EPC are bought on at once: the machine's system move
      if (Number(row.kind) !== LABEL_ORDER_KIND.RFID) await move(tx, code, row.id as number, 'purchase', session);
    },
    // Get EPC: a job with progress (the order says which); it moves the order on when it ends.
    // Refused when the order or its tenant would pass its cap, or the disk would not hold its tags
    async generateEpc(tx, row, { session }) {
      await startGenerateEpc(ctx, tx, session.tenantId!, session.userId, row.id as number, session.lang);
    },
    // Reset EPC: the order's tags are withdrawn (never reused) and their lifecycle says so
    async resetEpc(tx, row, { session }) {
      const tenantId = session.tenantId!;
      const orderId = row.id as number;
      await withdrawOrderTags(tx, {
        tenantId,
        orderId,
        orderCode: row.code as string,
        bizTransactions: [{ type: 'po', id: row.code as string }],
        userId: session.userId,
        username: session.username,
        source: 'label/purchase-order',
      });
      await tx
        .update(labelOrders)
        .set({ epcState: EPC_STATE.NONE, epcCount: 0 })
        .where(and(eq(labelOrders.tenantId, tenantId), eq(labelOrders.id, orderId)));
    },
  },
});
