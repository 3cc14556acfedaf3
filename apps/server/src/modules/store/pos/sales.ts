/**
 * What the till sold at a store in a time range, for other modules (the fitting rooms' conversion:
 * a garment tried is bought when its piece, or another size of its style, is sold here soon after):
 * each sold piece a row — its EPC (null for an untagged piece), SKU, time, receipt no. and amount.
 * Sales and exchanges, sold lines only (quantity > 0); a transaction's partition is its time, so a
 * range reads the months it spans.
 */
import { POS_KIND } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.js';

export interface SoldPiece {
  epc: string | null;
  skuId: number;
  at: number;
  txnNo: string;
  amount: number;
}

/** The pieces sold at a store in [from, to] (epoch ms), oldest first. */
export async function soldAt(tx: Tx, tenantId: number, storeId: number, from: number, to: number): Promise<SoldPiece[]> {
  const rows = await queryRows<{ epc: string | null; sku_id: string | number; at: number; txn_no: string; amount: string; qty: number }>(
    tx,
    sql`select l.epc, l.sku_id, extract(epoch from t.created_at) * 1000 as at, t.txn_no, l.amount::text as amount, l.qty
          from pos_transactions t
          join pos_transaction_lines l on l.tenant_id = t.tenant_id and l.created_at = t.created_at and l.txn_id = t.id
         where t.tenant_id = ${tenantId} and t.store_id = ${storeId}
           and t.created_at between to_timestamp(${from / 1000}) and to_timestamp(${to / 1000})
           and t.kind in (${POS_KIND.SALE}, ${POS_KIND.EXCHANGE}) and l.qty > 0 and l.sku_id is not null
         order by t.created_at, l.line_no`,
  );
  return rows.map((r) => ({
    epc: r.epc,
    skuId: Number(r.sku_id),
    at: Number(r.at),
    txnNo: r.txn_no,
    amount: Math.round((Number(r.amount) / Math.max(1, r.qty)) * 100) / 100,
  }));
}
