import { BILL_KIND, billResource, RECEIPT_STATUS, REVIEW_STATUS } from '@tagloom/domain';
import { and, eq } from 'drizzle-orm';
import type { SessionInfo } from '../../../core/context.js';
import { conflict, fieldRefusal } from '../../../core/errors.js';
import type { Tx } from '../../../db/client.js';
import { recordedSessionsOf } from '../../rfid/sessions/index.js';
import { wmsCartons } from '../cartons/tables.js';
import { recordBillAccepted } from '../events.js';
import { inspectionDone } from '../inspections/service.js';
import { crossDock } from './cross-dock.js';
import { tallyBill } from './hooks.js';
import { wmsBills } from './tables.js';

type Row = Record<string, unknown>;

/** The inbound kinds a warehouse's receipt review judges (purchase, futures, a store's return). */
export const REVIEWED_KINDS = [BILL_KIND.PURCHASE_IN, BILL_KIND.FUTURES_IN, BILL_KIND.STORE_RETURN] as number[];

/**
 * A received bill reviewed (E1 `review`): refused while a handheld session of one of its cartons
 * was announced and not uploaded ("please upload offline handheld data before review"), and for an
 * abnormal receipt without its difference reason (naming the field). The review is stamped
 * (approved, its time) and its counts are what they are now; a futures bill's goods go on to its
 * stores, one transfer bill each (cross-dock.ts), in the review's transaction.
 */
export async function reviewBill(tx: Tx, row: Row, session: SessionInfo): Promise<void> {
  const tenantId = session.tenantId;
  const id = Number(row.id);
  const cartons = await tx
    .select({ cartonNo: wmsCartons.cartonNo, sscc: wmsCartons.sscc })
    .from(wmsCartons)
    .where(and(eq(wmsCartons.tenantId, tenantId), eq(wmsCartons.billId, id)));
  const codes = cartons.flatMap((c) => [c.cartonNo, c.sscc ?? ''].filter(Boolean));
  if (await recordedSessionsOf(tx, tenantId, 'carton', codes)) throw conflict('bill.handheldNotUploaded', { code: String(row.code) });
  if (Number(row.needsInspection) === 1 && !(await inspectionDone(tx, tenantId, id)))
    throw conflict('bill.inspectionPending', { code: String(row.code) });
  const tallied = await tallyBill(tx, tenantId, id);
  if (Number(tallied.receiptStatus) === RECEIPT_STATUS.ABNORMAL && !String(row.diffReason ?? '').trim())
    throw fieldRefusal({ key: 'diffReason', label: billResource.labels.diffReason }, 'validation.diffReasonNeeded', {}, session.lang);
  await tx
    .update(wmsBills)
    .set({ reviewStatus: REVIEW_STATUS.APPROVED, reviewedAt: new Date() })
    .where(and(eq(wmsBills.tenantId, tenantId), eq(wmsBills.id, id)));
  await recordBillAccepted(tx, tenantId, tallied, session);
  if (Number(row.kind) === BILL_KIND.FUTURES_IN) await crossDock(tx, tenantId, tallied, session);
}
