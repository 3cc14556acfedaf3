import { BILL_KIND, BILL_ORIGIN, BILL_STATUS, CARTON_EPC_SOURCE, CARTON_STATUS, EPC_CLASS } from '@tagloom/domain';
import { CARTON_RESULT } from '@tagloom/domain/rfid/reconcile.js';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { dayStamp, takeNumbers } from '../../../core/numbering.js';
import type { Tx } from '../../../db/client.js';
import { someTags } from '../../label/tags/index.js';
import { tallyBill } from '../bills/hooks.js';
import { wmsBillLines, wmsBills } from '../bills/tables.js';
import { recordBillShipped } from '../events.js';
import { checkCarton } from './check.js';
import { seedDockDemo } from './dock-seed.js';
import { makeCartons } from './make.js';
import { putAwayCarton } from './put-away.js';
import { wmsCartonEpcs, wmsCartons } from './tables.js';

/** Pieces a demo carton holds (the tags of the demo tenant are few). */
const PER = 5;
/** An EPC no tenant registered (an SGTIN-96 of another company): read as unknown. */
const STRANGER = '30340789000C0E4000000001';

type Tag = { epc: string; skuId: number };

/**
 * A bill of cartons whose EPCs the factory packed by reads: its lines one per carton and SKU, its
 * cartons made as when it ships, each carton's EPCs bound (factory pack). Answers the bill's id and
 * its cartons' ids in carton order.
 */
export async function packedBill(
  tx: Tx,
  tenantId: number,
  code: string,
  row: Record<string, unknown>,
  cartons: Tag[][],
  /** how the DC learnt the cartons' EPCs (the factory's pack reads, or the factory's ASN spreadsheet imported) */
  source: number = CARTON_EPC_SOURCE.FACTORY_PACK,
): Promise<{ billId: number; cartonIds: number[] }> {
  const [bill] = await tx
    .insert(wmsBills)
    .values({ tenantId, code, ...row, status: BILL_STATUS.IN_TRANSIT })
    .returning();
  const day = code.slice(2, 10);
  const cartonNo = (i: number) => `C${day}${code.slice(-3)}${String(i + 1).padStart(2, '0')}`;
  const lines = cartons.flatMap((tags, i) => {
    const per = new Map<number, number>();
    for (const t of tags) per.set(t.skuId, (per.get(t.skuId) ?? 0) + 1);
    return [...per].map(([skuId, qty]) => ({ tenantId, billId: bill.id, cartonNo: cartonNo(i), skuId, expectedQty: qty, diffQty: -qty }));
  });
  await tx.insert(wmsBillLines).values(lines);
  await makeCartons(tx, tenantId, bill);
  const made = await tx
    .select({ id: wmsCartons.id, cartonNo: wmsCartons.cartonNo, sscc: wmsCartons.sscc })
    .from(wmsCartons)
    .where(and(eq(wmsCartons.tenantId, tenantId), eq(wmsCartons.billId, bill.id)))
    .orderBy(wmsCartons.cartonNo);
  await tx.insert(wmsCartonEpcs).values(
    made.flatMap((c, i) =>
      cartons[i].map((t) => ({
        tenantId,
        epc: t.epc,
        skuId: t.skuId,
        cartonId: c.id,
        sscc: c.sscc,
        billId: bill.id,
        source,
        result: EPC_CLASS.PENDING,
        boundAt: row.shippedAt as Date,
        boundBy: source === CARTON_EPC_SOURCE.ASN_IMPORT ? 'demo' : 'FA01',
      })),
    ),
  );
  await tallyBill(tx, tenantId, bill.id);
  // its shipping in the tag lifecycle, as the ship button leaves it (cartons packed, pieces in transit)
  await recordBillShipped(tx, tenantId, bill, { userId: null, username: 'FA01' }, row.shippedAt as Date);
  return { billId: bill.id, cartonIds: made.map((c) => Number(c.id)) };
}

/** Reads of a carton at the dock tunnel (before its check). */
export async function readIn(tx: Tx, tenantId: number, billId: number, cartonId: number, epcs: string[], reader: string) {
  await tx
    .insert(wmsCartonEpcs)
    .values(
      epcs.map((epc) => ({
        tenantId,
        epc,
        cartonId,
        billId,
        source: CARTON_EPC_SOURCE.TUNNEL,
        result: EPC_CLASS.OVER,
        boundAt: new Date(),
        boundBy: reader,
      })),
    )
    .onConflictDoUpdate({ target: [wmsCartonEpcs.tenantId, wmsCartonEpcs.cartonId, wmsCartonEpcs.epc], set: { result: EPC_CLASS.OVER } });
}

/**
 * The demo tenant's cartons being received at WH01 (operations.md §11): an ASN of six cartons the
 * factory packed by reads, five of them through the dock tunnel — one matched (accepted at once),
 * one a piece short, a mis-pack between two cartons (one over, the other short), one with an EPC of
 * another bill and an unknown tag (held) — and one still expected; and the other in-transit ASN
 * whose carton lent its EPC (imported from the factory's ASN spreadsheet). The in-transit ASN of
 * FA01's audited cartons stays as shipped.
 */
export async function seedCartonsDemo(tx: Tx, tenantId: number, site: Map<string, number>, factory: Map<string, number>) {
  const tags = await someTags(tx, tenantId, 6 * PER + 3, { unbound: true });
  const wh01 = site.get('WH01');
  if (!wh01) return;
  const dock = await seedDockDemo(tx, tenantId, wh01);
  if (tags.length < 6 * PER + 3 || !dock) return;
  const cartons = Array.from({ length: 6 }, (_, i) => tags.slice(i * PER, (i + 1) * PER));
  const day = dayStamp(new Date());
  const first = await takeNumbers(tx, tenantId, `BL${day}`, 2);
  const shippedAt = new Date(Date.now() - 2 * 86_400_000);
  const base = { kind: BILL_KIND.PURCHASE_IN, factoryId: factory.get('FA01'), destLocationId: wh01, shippedAt, isStandard: 0 };
  const other = await packedBill(
    tx,
    tenantId,
    `BL${day}${String(first + 1).padStart(4, '0')}`,
    // bound for WH02: its piece found in a WH01 carton is another bill's; the factory's ASN spreadsheet imported
    {
      ...base,
      destLocationId: site.get('WH02') ?? wh01,
      reservationNo: 'ASN-FA01-0003',
      expectedAt: new Date(Date.now() + 86_400_000),
      origin: BILL_ORIGIN.ASN_IMPORT,
      remark: '由工厂 ASN 表格导入',
    },
    [tags.slice(6 * PER)],
    CARTON_EPC_SOURCE.ASN_IMPORT,
  );
  const { billId, cartonIds } = await packedBill(
    tx,
    tenantId,
    `BL${day}${String(first).padStart(4, '0')}`,
    { ...base, reservationNo: 'ASN-FA01-0002', needsInspection: 1, expectedAt: new Date() },
    cartons,
  );
  const epcs = (i: number) => cartons[i].map((t) => t.epc);
  const reads = [
    epcs(0), // matched
    epcs(1).slice(1), // a piece short
    [...epcs(2), epcs(3)[0]], // one of the next carton's pieces packed here: over
    epcs(3).slice(1), // …and short there
    [...epcs(4).slice(0, 4), tags[6 * PER].epc, STRANGER], // another ASN's piece and a tag nobody registered
  ];
  const by = { tenantId, userId: null, username: dock.code };
  for (const [i, r] of reads.entries()) {
    await readIn(tx, tenantId, billId, cartonIds[i], r, dock.code);
    await checkCarton(tx, tenantId, cartonIds[i], by);
  }
  // read in the dock's tunnel: the receiving check's dock shows the last of them
  await tx
    .update(wmsCartons)
    .set({ deviceNo: dock.code, locationId: dock.zoneId })
    .where(and(eq(wmsCartons.tenantId, tenantId), inArray(wmsCartons.id, cartonIds.slice(0, reads.length))));
  await tx
    .update(wmsCartons)
    .set({ status: CARTON_STATUS.HELD, holdReason: '混入他单货品与未知标签，待供应商确认' })
    .where(and(eq(wmsCartons.tenantId, tenantId), inArray(wmsCartons.id, [cartonIds[4]])));
  await tallyBill(tx, tenantId, billId);
  void other;
}

/**
 * The cartons of a receipt whose checks are done (all accepted, each with the pieces its lines
 * received, the rest short), as the dock's tunnel left them `hoursAgo`.
 */
export async function checkedCartonsDemo(
  tx: Tx,
  tenantId: number,
  bill: { id: number; destLocationId: unknown },
  by: string,
  hoursAgo: number,
): Promise<void> {
  await makeCartons(tx, tenantId, bill);
  await tx.execute(sql`
    update wms_cartons c set status = ${CARTON_STATUS.ACCEPTED}, read_pieces = l.received, matched = l.received,
      short = c.expected_pieces - l.received, result = (case when l.received < c.expected_pieces then ${CARTON_RESULT.SHORT} else ${CARTON_RESULT.MATCHED} end)::smallint,
      checked_at = now() - make_interval(mins => ${Math.round(hoursAgo * 60)}), checked_by = ${by}
    from (select carton_no, sum(received_qty)::int as received from wms_bill_lines
          where tenant_id = ${tenantId} and bill_id = ${bill.id} group by carton_no) l
    where c.tenant_id = ${tenantId} and c.bill_id = ${bill.id} and c.carton_no = l.carton_no`);
}

/**
 * The cartons of a receipt that ended before the demo (zero-cleared, its lines' received pieces
 * kept): as its checks left them three days ago (checkedCartonsDemo), and put away but the last.
 */
export async function settledCartonsDemo(tx: Tx, tenantId: number, bill: { id: number; destLocationId: unknown }): Promise<void> {
  await checkedCartonsDemo(tx, tenantId, bill, 'TUN-WH02-01', 72);
  // put away since, all but the last (waiting in staging for a storage reader or a hand)
  const cartons = await tx
    .select({ id: wmsCartons.id })
    .from(wmsCartons)
    .where(and(eq(wmsCartons.tenantId, tenantId), eq(wmsCartons.billId, bill.id), eq(wmsCartons.status, CARTON_STATUS.ACCEPTED)))
    .orderBy(wmsCartons.id);
  const by = { tenantId, userId: null, username: 'RD-WH02-STORE' };
  for (const c of cartons.slice(0, -1)) await putAwayCarton(tx, tenantId, Number(c.id), by);
}
