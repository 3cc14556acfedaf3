/**
 * Demo history of bills (for other modules' demo data: the store reports' weeks of transfers):
 * bills written as they stand after their journey — shipped, in transit, received, reviewed or
 * zero-cleared at given times — with a carton a line (one SKU, standard cartons), each carton's
 * check result from the pieces read (short, over, matched), and the bill's counts kept as any
 * bill's (tallyBill). No tag events: the history is the documents', not a replay of reads.
 */
import { BILL_STATUS, CARTON_STATUS } from '@tagloom/domain';
import { CARTON_RESULT } from '@tagloom/domain/rfid/reconcile.js';
import { sql } from 'drizzle-orm';
import { dayStamp, takeNumbers } from '../../../core/numbering.js';
import type { Tx } from '../../../db/client.js';
import { makeCartons } from '../cartons/make.js';
import { tallyBill } from './hooks.js';
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

/** Writes the bills (see the file's comment); answers their ids. */
export async function historicBillsDemo(tx: Tx, tenantId: number, bills: readonly HistoricBill[]): Promise<number[]> {
  const ids: number[] = [];
  for (const b of bills) {
    const day = dayStamp(b.shippedAt);
    const n = await takeNumbers(tx, tenantId, `BL${day}`, 1);
    const [made] = await tx
      .insert(wmsBills)
      .values({
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
        isStandard: 1,
        remark: b.remark ?? '',
      })
      .returning({ id: wmsBills.id });
    const id = Number(made.id);
    ids.push(id);
    const received = RECEIVED.includes(b.status);
    await tx.insert(wmsBillLines).values(
      b.cartons.map((c) => {
        const got = received ? c.read + (c.over ?? 0) : 0;
        return { tenantId, billId: id, cartonNo: c.cartonNo, skuId: c.skuId, expectedQty: c.qty, receivedQty: got, diffQty: got - c.qty };
      }),
    );
    await makeCartons(tx, tenantId, { id, destLocationId: b.destLocationId });
    if (received) {
      const values = sql.join(
        b.cartons.map((c) => {
          const over = c.over ?? 0;
          const short = Math.max(0, c.qty - c.read);
          const result =
            short && over ? CARTON_RESULT.MIXED : short ? CARTON_RESULT.SHORT : over ? CARTON_RESULT.OVER : CARTON_RESULT.MATCHED;
          return sql`(${c.cartonNo}, ${c.read}::int, ${over}::int, ${short}::int, ${result}::smallint)`;
        }),
        sql`, `,
      );
      const checkedAt = b.receivedAt ?? b.shippedAt;
      await tx.execute(sql`
        update wms_cartons c set read_pieces = v.got + v.extra, matched = v.got, over = v.extra, short = v.missing, result = v.result,
               status = ${CARTON_STATUS.ACCEPTED}, checked_at = ${checkedAt.toISOString()}::timestamptz, checked_by = 'demo'
          from (values ${values}) as v(carton_no, got, extra, missing, result)
         where c.tenant_id = ${tenantId} and c.bill_id = ${id} and c.carton_no = v.carton_no`);
    }
    await tallyBill(tx, tenantId, id);
  }
  return ids;
}
