import { BILL_KIND, billResource, RECEIPT_STATUS, REVIEW_STATUS } from '@tagloom/domain';
import { and, eq } from 'drizzle-orm';
import type { SessionInfo } from '../../../core/context.js';
import { conflict, fieldRefusal } from '../../../core/errors.js';
import type { ResourceHooks } from '../../../core/resource/service.js';
import { type Mover, move } from '../../../core/resource/transitions.js';
import type { Tx } from '../../../db/client.js';
import { recordedSessionsOf } from '../../rfid/sessions/index.js';
import { tenantParam } from '../../tenant/people/params.js';
import { wmsCartons } from '../cartons/tables.js';
import { recordBillAccepted } from '../events.js';
import { inspectionDone } from '../inspections/service.js';
import { crossDock } from './cross-dock.js';
import { goodsReceivedHooks, tallyBill } from './hooks.js';
import { postBillReceived } from './stock.js';
import { wmsBills } from './tables.js';

type Row = Record<string, unknown>;

/** The inbound kinds a warehouse's receipt review judges (purchase, futures, a store's return). */
export const REVIEWED_KINDS = [BILL_KIND.PURCHASE_IN, BILL_KIND.FUTURES_IN, BILL_KIND.STORE_RETURN] as number[];

/** Whether a handheld session of one of the bill's cartons (by carton number or SSCC) is announced and not uploaded. */
async function handheldPending(tx: Tx, tenantId: number, billId: number): Promise<boolean> {
  const cartons = await tx
    .select({ cartonNo: wmsCartons.cartonNo, sscc: wmsCartons.sscc })
    .from(wmsCartons)
    .where(and(eq(wmsCartons.tenantId, tenantId), eq(wmsCartons.billId, billId)));
  return !!(await recordedSessionsOf(
    tx,
    tenantId,
    'carton',
    cartons.flatMap((c) => [c.cartonNo, c.sscc ?? ''].filter(Boolean)),
  ));
}

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
  if (await handheldPending(tx, tenantId, id)) throw conflict('bill.handheldNotUploaded', { code: String(row.code) });
  if (Number(row.needsInspection) === 1 && !(await inspectionDone(tx, tenantId, id)))
    throw conflict('bill.inspectionPending', { code: String(row.code) });
  const tallied = await tallyBill(tx, tenantId, id);
  if (Number(tallied.receiptStatus) === RECEIPT_STATUS.ABNORMAL && !String(row.diffReason ?? '').trim())
    throw fieldRefusal({ key: 'diffReason', label: billResource.labels.diffReason }, 'validation.diffReasonNeeded', {}, session.lang);
  await approved(tx, tenantId, tallied, session);
}

/** A review's effects (by hand or by itself): stamped approved, the goods accepted in the tag lifecycle, a futures bill cross-docked. */
async function approved(tx: Tx, tenantId: number, tallied: Row, by: Mover): Promise<void> {
  await tx
    .update(wmsBills)
    .set({ reviewStatus: REVIEW_STATUS.APPROVED, reviewedAt: new Date() })
    .where(and(eq(wmsBills.tenantId, tenantId), eq(wmsBills.id, Number(tallied.id))));
  await recordBillAccepted(tx, tenantId, tallied, by);
  await postBillReceived(tx, tenantId, tallied);
  if (Number(tallied.kind) === BILL_KIND.FUTURES_IN) await crossDock(tx, tenantId, tallied, by);
}

/** The tenant parameter that lets a normal receipt of standard cartons review itself (operations.md E1 `finishReceiving`). */
export const AUTO_REVIEW = { module: 'warehouse', code: 'WMS_AUTO_REVIEW_NORMAL' } as const;

/**
 * A receipt just finished, reviewed by itself when its tenant says so (parameter AUTO_REVIEW = 1,
 * default off): a normal receipt (no difference, no foreign or unknown tag, no held carton) of
 * standard cartons (one SKU, a fixed quantity), nothing waiting for it — no handheld upload, no
 * inspection. A system move, logged as any review. Answers whether it reviewed it.
 */
export async function autoReview(tx: Tx, row: Row, by: Mover): Promise<boolean> {
  const tenantId = Number(row.tenantId);
  const id = Number(row.id);
  if (Number(row.isStandard) !== 1) return false;
  if ((await tenantParam(tx, tenantId, AUTO_REVIEW.code)) !== '1') return false;
  const tallied = await tallyBill(tx, tenantId, id);
  if (Number(tallied.receiptStatus) !== RECEIPT_STATUS.NORMAL) return false;
  if (Number(row.needsInspection) === 1 && !(await inspectionDone(tx, tenantId, id))) return false;
  if (await handheldPending(tx, tenantId, id)) return false;
  const moved = await move(tx, 'warehouse/bill', id, 'autoReview', by, { ifAllowed: true });
  if (!moved) return false;
  await approved(tx, tenantId, moved, by);
  return true;
}

/** Goods received: finishing a receipt, then its review by itself where the tenant says so (autoReview). */
export const receiptHooks: ResourceHooks = {
  ...goodsReceivedHooks,
  transitions: {
    ...goodsReceivedHooks.transitions,
    async receive(tx, row, info) {
      await goodsReceivedHooks.transitions?.receive?.(tx, row, info);
      await autoReview(tx, row, info.session);
    },
  },
};
