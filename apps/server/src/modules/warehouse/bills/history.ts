/**
 * Demo history of bills (for other modules' demo data: the store reports' weeks of transfers):
 * bills written as they stand after their journey — shipped, in transit, received, reviewed or
 * zero-cleared at given times — with a carton a line (one SKU, standard cartons), each carton's
 * check result from the pieces read (short, over, matched), and the bill's counts as tallyBill
 * keeps them. No tag events: the history is the documents', not a replay of reads.
 */
import { BILL_STATUS, CARTON_DIRECTION, CARTON_STATUS, makeSscc, RECEIPT_STATUS, REVIEW_STATUS } from '@tagloom/domain';
import { CARTON_RESULT } from '@tagloom/domain/rfid/reconcile.js';
import { dayStamp, takeNumbers } from '../../../core/numbering.js';
import type { Tx } from '../../../db/client.js';
import { wmsCartons } from '../cartons/tables.js';
import { wmsBillLines, wmsBills } from './tables.js';

export interface HistoricCarton {
  cartonNo: string;
  skuId: number;
  /** pieces it should hold */
  qty: number;
  /** pieces of it read at the receiver (of those it should hold); ignored before receiving */
  read: number;
  /** pieces read in it beyond those (mis-packs) */
  over?: number;
}

export interface HistoricBill {
  kind: number;
  status: number;
  sourceLocationId: number;
  destLocationId: number;
  shippedAt: Date;
  receivedAt?: Date | null;
  reviewedAt?: Date | null;
  closedAt?: Date | null;
  remark?: string;
  cartons: readonly HistoricCarton[];
}

const RECEIVED: readonly number[] = [BILL_STATUS.RECEIVING, BILL_STATUS.RECEIVED, BILL_STATUS.REVIEWED, BILL_STATUS.CLOSED];
/** The GS1 company prefix of the demo's SSCCs (GS1's example prefix). */
const DEMO_PREFIX = '0614141';

/**
 * Writes the bills (see the file's comment) in a few statements whatever their number (the demo's
 * seconds are counted): the bills with their counts as tallyBill keeps them, their lines, their
 * cartons with their results. Answers their ids.
 */
export async function historicBillsDemo(tx: Tx, tenantId: number, bills: readonly HistoricBill[]): Promise<number[]> {
  if (!bills.length) return [];
  // numbered as the screen numbers a new bill: BL + the shipping day + the day's sequence
  const days = new Map<string, number>();
  for (const b of bills) days.set(dayStamp(b.shippedAt), (days.get(dayStamp(b.shippedAt)) ?? 0) + 1);
  const next = new Map<string, number>();
  for (const [day, n] of days) next.set(day, await takeNumbers(tx, tenantId, `BL${day}`, n));
  const facts = bills.map((b) => {
    const received = RECEIVED.includes(b.status);
    const cartons = b.cartons.map((c) => {
      const over = received ? (c.over ?? 0) : 0;
      const got = received ? c.read : 0;
      const short = received ? Math.max(0, c.qty - c.read) : 0;
      const result = !received
        ? CARTON_RESULT.PENDING
        : short && over
          ? CARTON_RESULT.MIXED
          : short
            ? CARTON_RESULT.SHORT
            : over
              ? CARTON_RESULT.OVER
              : CARTON_RESULT.MATCHED;
      return { ...c, got, over, short, result };
    });
    const expected = cartons.reduce((n, c) => n + c.qty, 0);
    const piecesReceived = cartons.reduce((n, c) => n + c.got + c.over, 0);
    const diff = piecesReceived - expected;
    const cartonsReceived = cartons.filter((c) => c.got + c.over > 0).length;
    return { b, received, cartons, expected, piecesReceived, diff, cartonsReceived };
  });
  const made = await tx
    .insert(wmsBills)
    .values(
      facts.map(({ b, received, cartons, expected, piecesReceived, diff, cartonsReceived }) => {
        const day = dayStamp(b.shippedAt);
        const n = next.get(day)!;
        next.set(day, n + 1);
        return {
          tenantId,
          code: `BL${day}${String(n).padStart(4, '0')}`,
          kind: b.kind,
          status: b.status,
          sourceLocationId: b.sourceLocationId,
          destLocationId: b.destLocationId,
          shippedAt: b.shippedAt,
          expectedAt: new Date(b.shippedAt.getTime() + 2 * 86_400_000),
          receivedAt: b.receivedAt ?? null,
          reviewedAt: b.reviewedAt ?? null,
          closedAt: b.closedAt ?? null,
          reviewStatus: b.status === BILL_STATUS.REVIEWED ? REVIEW_STATUS.APPROVED : REVIEW_STATUS.NEW,
          isStandard: 1,
          remark: b.remark ?? '',
          piecesExpected: expected,
          piecesReceived,
          piecesDiff: diff,
          cartonsExpected: cartons.length,
          cartonsReceived,
          cartonsDiff: cartonsReceived - cartons.length,
          cartonsPending: received ? 0 : cartons.length,
          diffRatio: expected ? ((100 * Math.abs(diff)) / expected).toFixed(2) : '0',
          ...(received ? { receiptStatus: diff === 0 ? RECEIPT_STATUS.NORMAL : RECEIPT_STATUS.ABNORMAL } : {}),
        };
      }),
    )
    .returning({ id: wmsBills.id });
  const ids = made.map((m) => Number(m.id));
  await tx.insert(wmsBillLines).values(
    facts.flatMap((f, i) =>
      f.cartons.map((c) => ({
        tenantId,
        billId: ids[i],
        cartonNo: c.cartonNo,
        skuId: c.skuId,
        expectedQty: c.qty,
        receivedQty: c.got + c.over,
        diffQty: c.got + c.over - c.qty,
      })),
    ),
  );
  const total = facts.reduce((n, f) => n + f.cartons.length, 0);
  let sscc = await takeNumbers(tx, tenantId, 'SSCC', total);
  await tx.insert(wmsCartons).values(
    facts.flatMap((f, i) =>
      f.cartons.map((c) => ({
        tenantId,
        billId: ids[i],
        siteId: f.b.destLocationId,
        cartonNo: c.cartonNo,
        originalPackageNo: c.cartonNo,
        sscc: makeSscc(DEMO_PREFIX, sscc++),
        direction: CARTON_DIRECTION.IN,
        status: f.received ? CARTON_STATUS.ACCEPTED : CARTON_STATUS.EXPECTED,
        expectedPieces: c.qty,
        readPieces: c.got + c.over,
        matched: c.got,
        over: c.over,
        short: c.short,
        result: c.result,
        ...(f.received ? { checkedAt: f.b.receivedAt ?? f.b.shippedAt, checkedBy: 'demo' } : {}),
      })),
    ),
  );
  return ids;
}
