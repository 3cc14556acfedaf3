/**
 * The cross-dock of a futures bill (operations.md E1, kind FUTURES_IN): its review sends the goods
 * on to the stores they were sold to, one transfer bill per allocated store.
 */
import { BILL_KIND } from '@tagloom/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { goodsSkus } from '../../tenant/goods/tables.js';
import { writeWmsLog } from '../log/writer.js';
import { makeBill } from './make.js';
import { wmsBillAllocations, wmsBillLines } from './tables.js';

type Row = Record<string, unknown>;

/** A SKU's pieces a store gets: its allocation, scaled down by what came of the SKU (floor) when less came than was expected. */
export const scaledQty = (qty: number, expected: number, received: number): number =>
  received >= expected || expected <= 0 ? qty : Math.floor((qty * Math.max(received, 0)) / expected);

/**
 * The transfers of a reviewed futures bill: per allocated store, a transfer from the bill's
 * warehouse to the store (CREATED, numbered as any bill) whose lines are the store's allocations,
 * each scaled per SKU when fewer pieces came than the lines expected (a store left with nothing
 * gets no bill). The bill's log says which transfers were made and which SKUs were scaled.
 * Answers the transfers' codes.
 */
export async function crossDock(tx: Tx, tenantId: number, bill: Row, by: { userId: number | null; username: string }): Promise<string[]> {
  const billId = Number(bill.id);
  const allocations = await tx
    .select({ storeId: wmsBillAllocations.storeId, skuId: wmsBillAllocations.skuId, qty: sql<number>`sum(${wmsBillAllocations.qty})::int` })
    .from(wmsBillAllocations)
    .where(and(eq(wmsBillAllocations.tenantId, tenantId), eq(wmsBillAllocations.billId, billId)))
    .groupBy(wmsBillAllocations.storeId, wmsBillAllocations.skuId)
    .orderBy(asc(wmsBillAllocations.storeId), asc(wmsBillAllocations.skuId));
  if (!allocations.length) return [];
  const lines = await tx
    .select({
      skuId: wmsBillLines.skuId,
      expected: sql<number>`sum(${wmsBillLines.expectedQty})::int`,
      received: sql<number>`sum(greatest(${wmsBillLines.receivedQty}, 0))::int`,
    })
    .from(wmsBillLines)
    .where(and(eq(wmsBillLines.tenantId, tenantId), eq(wmsBillLines.billId, billId)))
    .groupBy(wmsBillLines.skuId);
  const came = new Map(lines.map((l) => [Number(l.skuId), { expected: Number(l.expected), received: Number(l.received) }]));
  const short = lines.filter((l) => Number(l.received) < Number(l.expected)).map((l) => Number(l.skuId));
  const byStore = new Map<number, { skuId: number; qty: number }[]>();
  for (const a of allocations) {
    const sku = came.get(Number(a.skuId)) ?? { expected: 0, received: 0 };
    const qty = scaledQty(Number(a.qty), sku.expected, sku.received);
    const store = byStore.get(Number(a.storeId)) ?? [];
    store.push({ skuId: Number(a.skuId), qty });
    byStore.set(Number(a.storeId), store);
  }
  const codes: string[] = [];
  for (const [storeId, storeLines] of byStore) {
    if (!storeLines.some((l) => l.qty > 0)) continue;
    const made = await makeBill(
      tx,
      tenantId,
      {
        kind: BILL_KIND.TRANSFER,
        sourceLocationId: bill.destLocationId == null ? null : Number(bill.destLocationId),
        destLocationId: storeId,
        reservationNo: String(bill.code),
        remark: `Cross-dock of ${String(bill.code)}`,
      },
      storeLines,
    );
    codes.push(made.code);
  }
  const barcodes = short.length
    ? new Map(
        (
          await tx
            .select({ id: goodsSkus.id, barcode: goodsSkus.skuBarcode })
            .from(goodsSkus)
            .where(and(eq(goodsSkus.tenantId, tenantId), inArray(goodsSkus.id, short)))
        ).map((s) => [Number(s.id), String(s.barcode)]),
      )
    : new Map<number, string>();
  await writeWmsLog(tx, {
    tenantId,
    userId: by.userId,
    username: by.username,
    siteId: bill.destLocationId == null ? null : Number(bill.destLocationId),
    docType: 'warehouse/bill',
    docId: billId,
    docCode: String(bill.code),
    action: 'crossDock',
    fromState: null,
    toState: null,
    detail: {
      transfers: codes,
      // the SKUs of which fewer pieces came than expected: their allocations scaled down in proportion (floor)
      scaled: short
        .filter((id) => allocations.some((a) => Number(a.skuId) === id))
        .map((id) => ({ sku: barcodes.get(id) ?? String(id), expected: came.get(id)?.expected, received: came.get(id)?.received })),
    },
  });
  return codes;
}
