import {
  BILL_KIND,
  BILL_STATUS,
  DEFECT_SEVERITY,
  INSPECTION_KIND,
  INSPECTION_RESULT,
  INSPECTION_STATUS,
  QI_DISPOSITION,
  QI_LEVEL,
} from '@tagloom/domain';
import { and, asc, eq } from 'drizzle-orm';
import { nextDocumentCode } from '../../../core/numbering.js';
import type { Tx } from '../../../db/client.js';
import { wmsBillLines, wmsBills } from '../bills/tables.js';
import { lotOf, planOf } from './service.js';
import { wmsInspectionLines, wmsInspections } from './tables.js';

/**
 * The demo tenant's inspections (operations.md §11): the zero-cleared purchase at WH02 failed its
 * sample (three major defects against an acceptance number of two: its lot may go back to the
 * vendor), the store return being received passed; the ASN being received at WH01 has its pending
 * one from its first carton.
 */
export async function seedInspectionsDemo(tx: Tx, tenantId: number): Promise<void> {
  const first = async (kind: number, status: number) =>
    (
      await tx
        .select({ id: wmsBills.id })
        .from(wmsBills)
        .where(and(eq(wmsBills.tenantId, tenantId), eq(wmsBills.kind, kind), eq(wmsBills.status, status)))
        .orderBy(asc(wmsBills.id))
        .limit(1)
    )[0]?.id;
  const failed = await first(BILL_KIND.PURCHASE_IN, BILL_STATUS.CLOSED);
  const passed = await first(BILL_KIND.STORE_RETURN, BILL_STATUS.RECEIVING);
  const day = 86_400_000;
  for (const [billId, defects, at] of [
    [failed, 3, new Date(Date.now() - 2 * day)],
    [passed, 0, new Date(Date.now() - 3_600_000)],
  ] as const) {
    if (!billId) continue;
    const { lotQty, siteId } = await lotOf(tx, tenantId, Number(billId));
    const plan = planOf(lotQty, 2.5, QI_LEVEL.II);
    const pass = defects <= plan.acceptNo;
    const [made] = await tx
      .insert(wmsInspections)
      .values({
        tenantId,
        code: await nextDocumentCode(tx, tenantId, 'QI', at),
        kind: INSPECTION_KIND.RECEIVING,
        billId: Number(billId),
        siteId,
        lotQty,
        level: QI_LEVEL.II,
        aql: '2.5',
        ...plan,
        inspectedQty: plan.sampleSize,
        defects,
        status: INSPECTION_STATUS.SUBMITTED,
        result: pass ? INSPECTION_RESULT.PASS : INSPECTION_RESULT.FAIL,
        disposition: pass ? QI_DISPOSITION.STOCK : QI_DISPOSITION.VENDOR_RETURN,
        inspector: '质检员 王芳',
        inspectedAt: at,
      })
      .returning({ id: wmsInspections.id });
    if (!defects) continue;
    const [line] = await tx
      .select({ skuId: wmsBillLines.skuId })
      .from(wmsBillLines)
      .where(and(eq(wmsBillLines.tenantId, tenantId), eq(wmsBillLines.billId, Number(billId))))
      .limit(1);
    const reasons = ['缝线开裂', '色差明显', '吊牌与洗水唛 SKU 不符'];
    await tx.insert(wmsInspectionLines).values(
      reasons.slice(0, defects).map((reason) => ({
        tenantId,
        inspectionId: made.id,
        skuId: line?.skuId ?? null,
        severity: DEFECT_SEVERITY.MAJOR,
        reason,
      })),
    );
  }
}
