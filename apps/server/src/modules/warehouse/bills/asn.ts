/**
 * The advance shipping notice of a supply order, made from its factory's audited packing cartons
 * (../shared/operations.md slice A, bill `ship`: "automatic when the supply packing cartons of the
 * order are audited"). Each carton audited on supply/packing-review joins its order's draft ASN (a
 * purchase receipt bill, reservation `ASN-<order>`, for the tenant's receiving warehouse: the first
 * warehouse by code), one line a SKU of the carton; when the last carton of the order is audited, the
 * ASN ships itself (a system move): its cartons are made and it is in transit. A keeper may ship a
 * draft ASN by hand before that; the order's later cartons then open the next one.
 */
import { BILL_KIND, BILL_ORIGIN, BILL_STATUS, LOCATION_KIND } from '@tagloom/domain';
import { and, eq, sql } from 'drizzle-orm';
import { move, moveListeners } from '../../../core/resource/transitions.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { cartonsToAudit, packedCarton } from '../../supply/chain/service.js';
import { shipped } from './hooks.js';
import { addBillLines, makeBill } from './make.js';
import { wmsBills } from './tables.js';

/** The reservation number of a supply order's ASN. */
export const asnNo = (orderCode: string) => `ASN-${orderCode}`.slice(0, 32);

/** The warehouse a tenant's factories ship to: its first warehouse by code (null: it has none). */
async function receivingWarehouse(tx: Tx, tenantId: number): Promise<number | null> {
  const [w] = await queryRows<{ id: string | number }>(
    tx,
    sql`select id from locations where tenant_id = ${tenantId} and kind = ${LOCATION_KIND.WAREHOUSE} order by code limit 1`,
  );
  return w ? Number(w.id) : null;
}

/**
 * A packing carton audited: it joins its order's draft ASN (made when there is none); the ASN ships
 * when no carton of the order is left to audit. Answers the ASN's id, or null (no order, no warehouse).
 */
export async function asnFromAudit(
  tx: Tx,
  tenantId: number,
  packingId: number,
  by: { tenantId: number; userId: number | null; username: string },
): Promise<number | null> {
  const carton = await packedCarton(tx, tenantId, packingId);
  if (!carton) return null;
  const reservationNo = asnNo(carton.orderCode);
  const [open] = await tx
    .select({ id: wmsBills.id })
    .from(wmsBills)
    .where(
      and(
        eq(wmsBills.tenantId, tenantId),
        eq(wmsBills.supplyOrderId, carton.orderId),
        eq(wmsBills.kind, BILL_KIND.PURCHASE_IN),
        eq(wmsBills.status, BILL_STATUS.CREATED),
        eq(wmsBills.reservationNo, reservationNo),
      ),
    )
    .orderBy(wmsBills.id)
    .limit(1)
    .for('update');
  const lines = carton.lines.map((l) => ({ skuId: l.skuId, qty: l.quantity, cartonNo: carton.cartonNo }));
  let billId: number;
  if (open) {
    billId = Number(open.id);
    await addBillLines(tx, tenantId, billId, lines);
  } else {
    const dest = await receivingWarehouse(tx, tenantId);
    if (dest === null) return null;
    billId = (
      await makeBill(
        tx,
        tenantId,
        {
          kind: BILL_KIND.PURCHASE_IN,
          sourceLocationId: null,
          destLocationId: dest,
          factoryId: carton.factoryId,
          supplyOrderId: carton.orderId,
          reservationNo,
          origin: BILL_ORIGIN.SUPPLY_AUDIT,
          remark: `由采购单 ${carton.orderCode} 的审核装箱生成`,
        },
        lines,
      )
    ).id;
  }
  if ((await cartonsToAudit(tx, tenantId, carton.orderId)) === 0) {
    const row = await move(tx, 'warehouse/bill', billId, 'autoShip', by, { ifAllowed: true });
    if (row) await shipped(tx, row, by);
  }
  return billId;
}

/** Listens to supply packing audits (the warehouse module does at import). */
export function asnOnAudit(): () => void {
  return moveListeners.on('supply/packing-review', async (tx, row, info) => {
    if (info.action !== 'audit') return;
    await asnFromAudit(tx, info.by.tenantId, Number(row.id), info.by);
  });
}
