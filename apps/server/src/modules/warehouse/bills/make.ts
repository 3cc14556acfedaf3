import { BILL_STATUS } from '@tagloom/domain';
import { nextDocumentCode } from '../../../core/numbering.js';
import type { Tx } from '../../../db/client.js';
import { tallyBill } from './hooks.js';
import { wmsBillLines, wmsBills } from './tables.js';

/** What a bill the system makes says: its kind, its sites and factory, where it comes from. */
export interface MadeBill {
  kind: number;
  sourceLocationId: number | null;
  destLocationId: number | null;
  factoryId?: number | null;
  supplyOrderId?: number | null;
  reservationNo?: string;
  remark?: string;
  /** BillOrigin (default: by hand) */
  origin?: number;
  expectedAt?: Date | null;
  /** YesNo (default 0): its review waits for a quality inspection */
  needsInspection?: number;
  /** BillStatus (default: CREATED, a draft) */
  status?: number;
}

/**
 * A bill the system makes from another (a QI return to the vendor, a futures bill's cross-dock
 * transfers to its stores): numbered as a new bill (BL + day + sequence), a draft (CREATED) with
 * one line a SKU, nothing received yet, its counts kept as any bill's. Answers its id and code.
 */
export async function makeBill(
  tx: Tx,
  tenantId: number,
  head: MadeBill,
  lines: readonly BillLine[],
): Promise<{ id: number; code: string }> {
  const code = await nextDocumentCode(tx, tenantId, 'BL');
  const [made] = await tx
    .insert(wmsBills)
    .values({ tenantId, code, status: BILL_STATUS.CREATED, ...head })
    .returning({ id: wmsBills.id });
  await addBillLines(tx, tenantId, Number(made.id), lines);
  return { id: Number(made.id), code };
}

/** A line of a bill the system writes: a SKU's pieces, in a carton when the bill lists its cartons. */
export interface BillLine {
  skuId: number;
  qty: number;
  cartonNo?: string;
}

/** Adds lines to a draft bill (those of no piece left out) and keeps its counts. */
export async function addBillLines(tx: Tx, tenantId: number, billId: number, lines: readonly BillLine[]): Promise<void> {
  const kept = lines.filter((l) => l.qty > 0);
  if (kept.length)
    await tx.insert(wmsBillLines).values(
      kept.map((l) => ({
        tenantId,
        billId,
        cartonNo: l.cartonNo ?? '',
        skuId: l.skuId,
        expectedQty: l.qty,
        receivedQty: 0,
        diffQty: -l.qty,
      })),
    );
  await tallyBill(tx, tenantId, billId);
}
