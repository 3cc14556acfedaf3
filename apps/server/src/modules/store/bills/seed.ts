import { BILL_KIND, BILL_STATUS, CARTON_EPC_SOURCE, EPC_CLASS, LOCATION_KIND, REVIEW_STATUS } from '@tagloom/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { dayStamp, takeNumbers } from '../../../core/numbering.js';
import { move } from '../../../core/resource/transitions.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { someTags } from '../../label/tags/index.js';
import { DEMO_READ_TAGS } from '../../rfid/ingest/demo.js';
import { goodsSkus } from '../../tenant/goods/tables.js';
import { locations } from '../../tenant/places/tables.js';
import { tallyBill } from '../../warehouse/bills/hooks.js';
import { wmsBillLines, wmsBills } from '../../warehouse/bills/tables.js';
import { checkCarton } from '../../warehouse/cartons/check.js';
import { makeCartons } from '../../warehouse/cartons/make.js';
import { wmsCartonEpcs, wmsCartons } from '../../warehouse/cartons/tables.js';
import { recordBillShipped } from '../../warehouse/events.js';

const HOUR = 3_600_000;
/** Pieces of a demo carton, cartons of a demo transfer (the demo tenant's tags are few). */
const PER = 4;
const CARTONS = 2;

type Tag = { epc: string; skuId: number };

/**
 * The store side of the demo's bills (operations.md §11), beside what the warehouse seed makes (a
 * transfer WH01 → ST001 in transit, ST004's return being received at WH01): transfers WH01 → ST001
 * whose EPCs the DC knows (packed by reads), one in transit (its pieces' arrival at the store
 * receives it), one being received (a carton arrived), one received and one reviewed; and ST001's
 * deliveries — a return to WH01 and a transfer to ST004, each a draft and one in transit.
 */
export async function seedStoreBillsDemo(tx: Tx, tenant: { id: number }): Promise<void> {
  const tenantId = tenant.id;
  const places = await tx
    .select({ id: locations.id, code: locations.code })
    .from(locations)
    .where(and(eq(locations.tenantId, tenantId), inArray(locations.kind, [LOCATION_KIND.STORE, LOCATION_KIND.WAREHOUSE])));
  const site = new Map(places.map((p) => [p.code, Number(p.id)]));
  const wh01 = site.get('WH01');
  const st001 = site.get('ST001');
  const st004 = site.get('ST004');
  if (!wh01 || !st001 || !st004) return;
  // tags no carton holds yet (the warehouse seed's cartons took the first ones), past those the demo
  // readers' day plays (their reads at ST001 would receive the transfers before anyone looks)
  const bound = new Set(
    (await queryRows<{ epc: string }>(tx, sql`select distinct epc from wms_carton_epcs where tenant_id = ${tenantId}`)).map((r) => r.epc),
  );
  const tags = (await someTags(tx, tenantId, DEMO_READ_TAGS + 300)).slice(DEMO_READ_TAGS).filter((t) => !bound.has(t.epc));
  const skus = (
    await tx.select({ id: goodsSkus.id }).from(goodsSkus).where(eq(goodsSkus.tenantId, tenantId)).orderBy(asc(goodsSkus.id)).limit(40)
  ).map((s) => Number(s.id));
  if (skus.length < 30) return;
  const day = dayStamp(new Date());
  const first = await takeNumbers(tx, tenantId, `BL${day}`, 8);
  const code = (i: number) => `BL${day}${String(first + i).padStart(4, '0')}`;
  const now = Date.now();
  const dc = { userId: null, username: 'WH01' };
  const gate = { tenantId, userId: null, username: 'RD-ST001-GATE' };

  // transfers WH01 → ST001, packed by reads at the DC
  const states = [BILL_STATUS.IN_TRANSIT, BILL_STATUS.RECEIVING, BILL_STATUS.RECEIVED, BILL_STATUS.REVIEWED];
  if (tags.length >= states.length * CARTONS * PER)
    for (const [i, state] of states.entries()) {
      const mine = tags.slice(i * CARTONS * PER, (i + 1) * CARTONS * PER);
      const shippedAt = new Date(now - (6 + 20 * i) * HOUR);
      const [bill] = await tx
        .insert(wmsBills)
        .values({
          tenantId,
          code: code(i),
          kind: BILL_KIND.TRANSFER,
          status: BILL_STATUS.IN_TRANSIT,
          sourceLocationId: wh01,
          destLocationId: st001,
          shippedAt,
          expectedAt: new Date(shippedAt.getTime() + 24 * HOUR),
          reservationNo: `TO-ST001-${String(31 + i).padStart(4, '0')}`,
        })
        .returning();
      const cartonNo = (c: number) => `C${day}S${String(i + 1).padStart(2, '0')}${c + 1}`;
      const cartons = Array.from({ length: CARTONS }, (_, c) => mine.slice(c * PER, (c + 1) * PER));
      await tx.insert(wmsBillLines).values(
        cartons.flatMap((ts, c) => {
          const per = new Map<number, number>();
          for (const t of ts) per.set(t.skuId, (per.get(t.skuId) ?? 0) + 1);
          return [...per].map(([skuId, qty]) => ({
            tenantId,
            billId: bill.id,
            cartonNo: cartonNo(c),
            skuId,
            expectedQty: qty,
            diffQty: -qty,
          }));
        }),
      );
      await makeCartons(tx, tenantId, bill);
      const made = await tx
        .select({ id: wmsCartons.id, sscc: wmsCartons.sscc })
        .from(wmsCartons)
        .where(and(eq(wmsCartons.tenantId, tenantId), eq(wmsCartons.billId, bill.id)))
        .orderBy(wmsCartons.cartonNo);
      await tx.insert(wmsCartonEpcs).values(
        made.flatMap((c, n) =>
          cartons[n].map((t: Tag) => ({
            tenantId,
            epc: t.epc,
            skuId: t.skuId,
            cartonId: c.id,
            sscc: c.sscc,
            billId: bill.id,
            source: CARTON_EPC_SOURCE.DC_REPACK,
            result: EPC_CLASS.PENDING,
            boundAt: shippedAt,
            boundBy: 'WH01',
          })),
        ),
      );
      await tallyBill(tx, tenantId, bill.id);
      await recordBillShipped(tx, tenantId, bill, dc, shippedAt);
      // the pieces that arrived at the store: one carton of the one being received, all of the others
      const arrived = state === BILL_STATUS.IN_TRANSIT ? 0 : state === BILL_STATUS.RECEIVING ? 1 : CARTONS;
      for (let c = 0; c < arrived; c++)
        await checkCarton(
          tx,
          tenantId,
          Number(made[c].id),
          gate,
          undefined,
          cartons[c].map((t) => t.epc),
        );
      if (state === BILL_STATUS.RECEIVED || state === BILL_STATUS.REVIEWED)
        await move(tx, 'store/receiving', bill.id, 'finishReceiving', gate);
      if (state === BILL_STATUS.REVIEWED) {
        await move(tx, 'warehouse/bill', bill.id, 'autoReview', { tenantId, userId: null, username: 'store01' });
        await tx
          .update(wmsBills)
          .set({ reviewStatus: REVIEW_STATUS.APPROVED, reviewedAt: new Date(now - 2 * HOUR) })
          .where(and(eq(wmsBills.tenantId, tenantId), eq(wmsBills.id, bill.id)));
      }
      // the first read: within the last two hours for the one being received (it finishes by itself after two), else hours after shipping
      if (arrived)
        await tx
          .update(wmsBills)
          .set({
            receivedAt: state === BILL_STATUS.RECEIVING ? new Date(now - 40 * 60_000) : new Date(shippedAt.getTime() + 5 * HOUR),
            deviceNo: gate.username,
          })
          .where(and(eq(wmsBills.tenantId, tenantId), eq(wmsBills.id, bill.id)));
      await tallyBill(tx, tenantId, bill.id);
    }

  // ST001's deliveries: returns to WH01 and transfers to ST004, by SKU (no cartons)
  const deliveries = [
    { kind: BILL_KIND.STORE_RETURN, dest: wh01, status: BILL_STATUS.CREATED, remark: '季末退仓' },
    { kind: BILL_KIND.STORE_RETURN, dest: wh01, status: BILL_STATUS.IN_TRANSIT, remark: '残次品退仓' },
    { kind: BILL_KIND.STORE_TRANSFER, dest: st004, status: BILL_STATUS.CREATED, remark: '调拨补货' },
    { kind: BILL_KIND.STORE_TRANSFER, dest: st004, status: BILL_STATUS.IN_TRANSIT, remark: '尺码调拨' },
  ];
  for (const [i, d] of deliveries.entries()) {
    const shipped = d.status === BILL_STATUS.IN_TRANSIT;
    const [bill] = await tx
      .insert(wmsBills)
      .values({
        tenantId,
        code: code(4 + i),
        kind: d.kind,
        status: d.status,
        sourceLocationId: st001,
        destLocationId: d.dest,
        remark: d.remark,
        ...(shipped ? { shippedAt: new Date(now - (3 + 8 * i) * HOUR) } : {}),
        expectedAt: new Date(now + (24 + 12 * i) * HOUR),
      })
      .returning({ id: wmsBills.id });
    await tx.insert(wmsBillLines).values(
      [0, 1, 2].map((n) => {
        const qty = 2 + ((i * 3 + n * 5) % 7);
        return { tenantId, billId: bill.id, cartonNo: '', skuId: skus[10 + i * 3 + n], expectedQty: qty, diffQty: -qty };
      }),
    );
    await tallyBill(tx, tenantId, bill.id);
  }
}
