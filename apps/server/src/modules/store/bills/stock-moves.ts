import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.js';

type Row = Record<string, unknown>;

/** One movement of the stock ledger (operations.md §9), as the stock module's postStockMoves takes it. */
export interface StockMove {
  siteId: number;
  zoneId?: number;
  skuId: number;
  kind: 'received' | 'returned' | 'sold' | 'shipped' | 'adjusted';
  qty: number;
}

/**
 * A store's receipt reviewed moves the book stock (§9: movements come from documents, never from
 * reads): per SKU of its lines, the pieces received at the destination and the pieces sent out of
 * the source. Posted in the review's transaction; answers the moves.
 */
export async function postReceiptStock(tx: Tx, tenantId: number, bill: Row): Promise<StockMove[]> {
  const lines = await queryRows<{ sku_id: string | number; expected: number; received: number }>(
    tx,
    sql`select sku_id, sum(expected_qty)::int as expected, sum(received_qty)::int as received from wms_bill_lines
        where tenant_id = ${tenantId} and bill_id = ${Number(bill.id)} group by sku_id order by sku_id`,
  );
  const moves: StockMove[] = [];
  for (const l of lines) {
    if (bill.destLocationId != null && l.received > 0)
      moves.push({ siteId: Number(bill.destLocationId), skuId: Number(l.sku_id), kind: 'received', qty: l.received });
    if (bill.sourceLocationId != null && l.expected > 0)
      moves.push({ siteId: Number(bill.sourceLocationId), skuId: Number(l.sku_id), kind: 'shipped', qty: l.expected });
  }
  // TODO(lead): postStockMoves — await postStockMoves(tx, tenantId, moves) (modules/stock/index.ts, written by the lead)
  return moves;
}
