/**
 * What a bill moves in the sites' book stock (../shared/operations.md §9: movements come from
 * documents, never from reads): shipping takes its pieces out of the source's book (a factory is no
 * site: nothing moves there), and its review — or zero-clearing, for what did arrive — puts the
 * pieces received into the destination's book, per SKU of its lines.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.js';
import { postStockMoves, type StockMove } from '../../stock/index.js';

type Row = Record<string, unknown>;

async function linesOf(tx: Tx, tenantId: number, billId: number) {
  return queryRows<{ sku_id: string | number; expected: number; received: number }>(
    tx,
    sql`select sku_id, sum(expected_qty)::int as expected, sum(greatest(received_qty, 0))::int as received from wms_bill_lines
         where tenant_id = ${tenantId} and bill_id = ${billId} group by sku_id order by sku_id`,
  );
}

/** A bill's pieces per SKU of its lines (expected or received) posted at one of its sites as one kind of move. Answers the moves. */
async function postLines(
  tx: Tx,
  tenantId: number,
  bill: Row,
  at: 'sourceLocationId' | 'destLocationId',
  pieces: 'expected' | 'received',
  kind: StockMove['kind'],
  docType = 'warehouse/bill',
): Promise<StockMove[]> {
  if (bill[at] == null) return [];
  const moves: StockMove[] = (await linesOf(tx, tenantId, Number(bill.id)))
    .filter((l) => l[pieces] > 0)
    .map((l) => ({ siteId: Number(bill[at]), skuId: Number(l.sku_id), kind, qty: l[pieces], docType, docCode: String(bill.code ?? '') }));
  await postStockMoves(tx, tenantId, moves);
  return moves;
}

/** The bill shipped: its expected pieces leave the source site's book. Answers the moves. */
export const postBillShipped = (tx: Tx, tenantId: number, bill: Row) =>
  postLines(tx, tenantId, bill, 'sourceLocationId', 'expected', 'SHIPPED');

/** The bill reviewed (or zero-cleared): the pieces received enter the destination site's book. Answers the moves. */
export const postBillReceived = (tx: Tx, tenantId: number, bill: Row) =>
  postLines(tx, tenantId, bill, 'destLocationId', 'received', 'RECEIVED');

/** A shipment's shipping voided: its pieces are back in the source site's book (an adjustment). Answers the moves. */
export const postBillUnshipped = (tx: Tx, tenantId: number, bill: Row) =>
  postLines(tx, tenantId, bill, 'sourceLocationId', 'expected', 'ADJUSTED', 'logistics/shipment-review');
