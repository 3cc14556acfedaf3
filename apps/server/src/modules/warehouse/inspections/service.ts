/**
 * Quality inspections (operations.md E5): the sample plan of a lot (ISO 2859-1, single sampling,
 * normal inspection: quality/sampling.ts), an inspection opened for a receipt that needs one, and
 * whether a bill's inspection is done (its review waits for it).
 */
import {
  BILL_KIND,
  DEFECT_SEVERITY,
  INSPECTION_KIND,
  INSPECTION_RESULT,
  INSPECTION_STATUS,
  QI_DISPOSITION,
  QI_LEVEL,
} from '@tagloom/domain';
import { type Aql, aqlOfCode, samplePlan } from '@tagloom/domain/quality/sampling.js';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { nextDocumentCode } from '../../../core/numbering.js';
import type { Tx } from '../../../db/client.js';
import { tenantParam } from '../../tenant/people/params.js';
import { makeBill } from '../bills/make.js';
import { wmsBillLines, wmsBills } from '../bills/tables.js';
import { wmsInspectionLines, wmsInspectionSamples, wmsInspections } from './tables.js';

type Row = Record<string, unknown>;

const LEVELS = { [QI_LEVEL.I]: 'I', [QI_LEVEL.II]: 'II', [QI_LEVEL.III]: 'III' } as const;

/** The plan's numbers of a lot: sample size, acceptance and rejection numbers (a lot of 0: nothing to sample). */
export function planOf(lotQty: number, aql: unknown, level: unknown) {
  if (lotQty < 2) return { sampleSize: lotQty, acceptNo: 0, rejectNo: 1 };
  const p = samplePlan(lotQty, Number(aql ?? 2.5) as Aql, LEVELS[Number(level ?? QI_LEVEL.II) as 2] ?? 'II');
  return { sampleSize: p.sampleSize, acceptNo: p.accept, rejectNo: p.reject };
}

/** The lot an inspection judges: what its bill received (or, `asSent` or while nothing came yet, what it expects). */
export async function lotOf(tx: Tx, tenantId: number, billId: number, asSent = false): Promise<{ lotQty: number; siteId: number | null }> {
  const [bill] = await tx
    .select({ received: wmsBills.piecesReceived, expected: wmsBills.piecesExpected, site: wmsBills.destLocationId })
    .from(wmsBills)
    .where(and(eq(wmsBills.tenantId, tenantId), eq(wmsBills.id, billId)));
  const lotQty = bill ? (asSent ? Number(bill.expected) : Number(bill.received) || Number(bill.expected)) : 0;
  return { lotQty, siteId: bill?.site == null ? null : Number(bill.site) };
}

/** The tenant parameter naming the AQL of the inspections its receipts open (one of ISO 2859-1's; without it 2.5). */
export const QI_AQL = { module: 'warehouse', code: 'WMS_QI_AQL' } as const;

/** The AQL a tenant's receiving inspections are opened with (QI_AQL, an option's code: aqlCode; 2.5 when unset). */
export async function receivingAql(tx: Tx, tenantId: number): Promise<Aql> {
  return aqlOfCode(await tenantParam(tx, tenantId, QI_AQL.code)) ?? 2.5;
}

/** Opens the receiving inspection of a bill that needs one (none open or done yet): pending, its plan from the lot. */
export async function openInspection(tx: Tx, tenantId: number, billId: number): Promise<void> {
  const [had] = await tx
    .select({ id: wmsInspections.id })
    .from(wmsInspections)
    .where(and(eq(wmsInspections.tenantId, tenantId), eq(wmsInspections.billId, billId)))
    .limit(1);
  if (had) return;
  // from the first carton on, before the rest arrived: the lot the ASN sends
  const { lotQty, siteId } = await lotOf(tx, tenantId, billId, true);
  const aql = await receivingAql(tx, tenantId);
  await tx.insert(wmsInspections).values({
    siteId,
    tenantId,
    code: await nextDocumentCode(tx, tenantId, 'QI'),
    kind: INSPECTION_KIND.RECEIVING,
    billId,
    lotQty,
    level: QI_LEVEL.II,
    aql: String(aql),
    ...planOf(lotQty, aql, QI_LEVEL.II),
    status: INSPECTION_STATUS.PENDING,
  });
}

/** Whether a bill's inspection is done (submitted, or its failed lot returned): a review that needs one asks. */
export async function inspectionDone(tx: Tx, tenantId: number, billId: number): Promise<boolean> {
  const [done] = await tx
    .select({ id: wmsInspections.id })
    .from(wmsInspections)
    .where(
      and(
        eq(wmsInspections.tenantId, tenantId),
        eq(wmsInspections.billId, billId),
        inArray(wmsInspections.status, [INSPECTION_STATUS.SUBMITTED, INSPECTION_STATUS.RETURNED]),
      ),
    )
    .limit(1);
  return !!done;
}

/** An inspection's defects that count against its plan: critical and major ones. */
export async function countDefects(tx: Tx, tenantId: number, id: number): Promise<number> {
  const [r] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(wmsInspectionLines)
    .where(
      and(
        eq(wmsInspectionLines.tenantId, tenantId),
        eq(wmsInspectionLines.inspectionId, id),
        inArray(wmsInspectionLines.severity, [DEFECT_SEVERITY.CRITICAL, DEFECT_SEVERITY.MAJOR]),
      ),
    );
  return Number(r?.n ?? 0);
}

/** Judges a submitted inspection: pass when its defects are within the acceptance number (to stock), else fail (back to the vendor). */
export async function judge(tx: Tx, tenantId: number, row: Row, inspector: string): Promise<boolean> {
  const defects = await countDefects(tx, tenantId, Number(row.id));
  const pass = defects <= Number(row.acceptNo);
  await tx
    .update(wmsInspections)
    .set({
      defects,
      result: pass ? INSPECTION_RESULT.PASS : INSPECTION_RESULT.FAIL,
      disposition: pass ? QI_DISPOSITION.STOCK : QI_DISPOSITION.VENDOR_RETURN,
      inspector,
      inspectedAt: new Date(),
    })
    .where(and(eq(wmsInspections.tenantId, tenantId), eq(wmsInspections.id, Number(row.id))));
  return pass;
}

/** QI reset: the inspection's sample (the EPCs read at the QI area) and defects cleared, its judgement gone. */
export async function clearInspection(tx: Tx, tenantId: number, id: number): Promise<void> {
  await tx.delete(wmsInspectionSamples).where(and(eq(wmsInspectionSamples.tenantId, tenantId), eq(wmsInspectionSamples.inspectionId, id)));
  await tx.delete(wmsInspectionLines).where(and(eq(wmsInspectionLines.tenantId, tenantId), eq(wmsInspectionLines.inspectionId, id)));
  await tx
    .update(wmsInspections)
    .set({
      inspectedQty: 0,
      defects: 0,
      result: INSPECTION_RESULT.PENDING,
      disposition: QI_DISPOSITION.NONE,
      inspector: '',
      inspectedAt: null,
    })
    .where(and(eq(wmsInspections.tenantId, tenantId), eq(wmsInspections.id, id)));
}

/**
 * QI return: a vendor-return bill of the failed lot — from the warehouse that received it, to the
 * factory that sent it, one line a SKU of what was received. Answers its code.
 */
export async function vendorReturn(tx: Tx, tenantId: number, billId: number): Promise<string> {
  const [bill] = await tx
    .select()
    .from(wmsBills)
    .where(and(eq(wmsBills.tenantId, tenantId), eq(wmsBills.id, billId)));
  const lines = await tx
    .select({ skuId: wmsBillLines.skuId, qty: sql<number>`sum(greatest(${wmsBillLines.receivedQty}, 0))::int` })
    .from(wmsBillLines)
    .where(and(eq(wmsBillLines.tenantId, tenantId), eq(wmsBillLines.billId, billId)))
    .groupBy(wmsBillLines.skuId);
  const { code } = await makeBill(
    tx,
    tenantId,
    {
      kind: BILL_KIND.VENDOR_RETURN,
      sourceLocationId: bill.destLocationId,
      destLocationId: null,
      factoryId: bill.factoryId,
      supplyOrderId: bill.supplyOrderId,
      reservationNo: bill.code,
      remark: `QI return of ${bill.code}`,
    },
    lines.map((l) => ({ skuId: Number(l.skuId), qty: Number(l.qty) })),
  );
  return code;
}
