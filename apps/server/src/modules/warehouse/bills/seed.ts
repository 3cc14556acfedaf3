import { BILL_KIND, BILL_STATUS, LOCATION_KIND, PACKING_STATUS } from '@tagloom/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { dayStamp, takeNumbers } from '../../../core/numbering.js';
import type { Tx } from '../../../db/client.js';
import { supplyPackingLines, supplyPackings } from '../../supply/chain/tables.js';
import { goodsSkus } from '../../tenant/goods/tables.js';
import { factories, locations } from '../../tenant/places/tables.js';
import { DEMO_DOCK_READER } from '../cartons/dock-seed.js';
import { makeCartons } from '../cartons/make.js';
import { checkedCartonsDemo, seedCartonsDemo, settledCartonsDemo } from '../cartons/seed.js';
import { seedInspectionsDemo, seedQiSampleDemo } from '../inspections/seed.js';
import { tallyBill } from './hooks.js';
import { wmsBillLines, wmsBills } from './tables.js';

const DAY = 86_400_000;

/** The demo's received bill waiting for its review (a pad's session of one of its cartons announced, not uploaded). */
export const RECEIVED_DEMO_ASN = 'ASN-FA02-0004';

type Line = { cartonNo: string; skuId: number; expectedQty: number; receivedQty?: number };

/**
 * The demo tenant's bills, one in each state an inbound bill reaches before its cartons are read:
 * the advance shipping notice of FA01's audited cartons in transit to WH01 (its lines the cartons'),
 * a draft from FA02, a transfer from WH01 to the flagship store in transit, a store return being
 * received with a piece short so far, a receipt of FA02's waiting for its review, a zero-cleared
 * receipt at WH02 and a cancelled draft.
 */
export async function seedWarehouseDemo(tx: Tx, tenant: { id: number }): Promise<void> {
  const tenantId = tenant.id;
  const places = await tx
    .select({ id: locations.id, code: locations.code })
    .from(locations)
    .where(and(eq(locations.tenantId, tenantId), inArray(locations.kind, [LOCATION_KIND.STORE, LOCATION_KIND.WAREHOUSE])));
  const site = new Map(places.map((p) => [p.code, Number(p.id)]));
  const fac = new Map(
    (await tx.select({ id: factories.id, code: factories.code }).from(factories).where(eq(factories.tenantId, tenantId))).map((f) => [
      f.code,
      Number(f.id),
    ]),
  );
  const skus = (
    await tx.select({ id: goodsSkus.id }).from(goodsSkus).where(eq(goodsSkus.tenantId, tenantId)).orderBy(asc(goodsSkus.id)).limit(12)
  ).map((s) => Number(s.id));
  if (!site.get('WH01') || !site.get('ST001') || skus.length < 6) return;
  // FA01's audited cartons, as the factory packed them: the ASN's lines
  const audited = await tx
    .select({
      cartonNo: supplyPackings.cartonNo,
      orderId: supplyPackings.orderId,
      factoryId: supplyPackings.factoryId,
      skuId: supplyPackingLines.skuId,
      qty: supplyPackingLines.quantity,
    })
    .from(supplyPackings)
    .innerJoin(
      supplyPackingLines,
      and(eq(supplyPackingLines.tenantId, supplyPackings.tenantId), eq(supplyPackingLines.packingId, supplyPackings.id)),
    )
    .where(and(eq(supplyPackings.tenantId, tenantId), eq(supplyPackings.status, PACKING_STATUS.AUDITED)))
    .orderBy(asc(supplyPackings.cartonNo));
  const asn = audited.filter((a) => a.orderId === audited[0]?.orderId);
  const now = Date.now();
  const day = dayStamp(new Date(now));
  const lines = (n: number, cartons: number, qty: number): Line[] =>
    Array.from({ length: n }, (_, i) => ({
      cartonNo: `C${day}${String(100 + (i % cartons)).padStart(5, '0')}`,
      skuId: skus[i % skus.length],
      expectedQty: qty,
    }));
  const bills: { row: Record<string, unknown>; lines: Line[] }[] = [
    {
      row: {
        kind: BILL_KIND.PURCHASE_IN,
        status: BILL_STATUS.IN_TRANSIT,
        factoryId: asn[0]?.factoryId ?? fac.get('FA01'),
        supplyOrderId: asn[0]?.orderId ?? null,
        destLocationId: site.get('WH01'),
        reservationNo: 'ASN-FA01-0001',
        isStandard: 1,
        needsInspection: 1,
        expectedAt: new Date(now + DAY),
        shippedAt: new Date(now - DAY),
      },
      lines: asn.length ? asn.map((a) => ({ cartonNo: a.cartonNo, skuId: Number(a.skuId), expectedQty: a.qty })) : lines(6, 3, 30),
    },
    {
      row: {
        kind: BILL_KIND.PURCHASE_IN,
        status: BILL_STATUS.CREATED,
        factoryId: fac.get('FA02'),
        destLocationId: site.get('WH01'),
        reservationNo: 'ASN-FA02-0007',
        expectedAt: new Date(now + 4 * DAY),
      },
      lines: lines(4, 2, 50),
    },
    {
      row: {
        kind: BILL_KIND.TRANSFER,
        status: BILL_STATUS.IN_TRANSIT,
        sourceLocationId: site.get('WH01'),
        destLocationId: site.get('ST001'),
        expectedAt: new Date(now + DAY),
        shippedAt: new Date(now - 3_600_000),
      },
      lines: lines(5, 2, 12),
    },
    {
      row: {
        kind: BILL_KIND.STORE_RETURN,
        status: BILL_STATUS.RECEIVING,
        sourceLocationId: site.get('ST004') ?? site.get('ST001'),
        destLocationId: site.get('WH01'),
        shippedAt: new Date(now - 2 * DAY),
        receivedAt: new Date(now - 1_800_000),
      },
      lines: lines(3, 1, 8).map((l, i) => ({ ...l, receivedQty: i === 0 ? 7 : 8 })),
    },
    {
      // received at WH01 an hour ago, its cartons all accepted; its review waits for the pad's reads of
      // one carton, announced and not uploaded (pads/seed.ts): the review says to upload them first
      row: {
        kind: BILL_KIND.PURCHASE_IN,
        status: BILL_STATUS.RECEIVED,
        factoryId: fac.get('FA02'),
        destLocationId: site.get('WH01'),
        reservationNo: RECEIVED_DEMO_ASN,
        isStandard: 1,
        shippedAt: new Date(now - 2 * DAY),
        expectedAt: new Date(now - 3_600_000),
        receivedAt: new Date(now - 3_600_000),
      },
      lines: lines(4, 2, 24).map((l) => ({ ...l, receivedQty: l.expectedQty })),
    },
    {
      row: {
        kind: BILL_KIND.PURCHASE_IN,
        status: BILL_STATUS.CLOSED,
        factoryId: fac.get('FA03'),
        destLocationId: site.get('WH02') ?? site.get('WH01'),
        shippedAt: new Date(now - 6 * DAY),
        closedAt: new Date(now - 2 * DAY),
        zeroClearReason: '工厂确认 2 件未装箱，差异由工厂补发',
      },
      lines: lines(4, 2, 40).map((l, i) => ({ ...l, receivedQty: i === 1 ? 38 : 40 })),
    },
    {
      row: {
        kind: BILL_KIND.PURCHASE_IN,
        status: BILL_STATUS.CANCELLED,
        factoryId: fac.get('FA01'),
        destLocationId: site.get('WH01'),
        remark: '工厂改期，重新预约',
      },
      lines: lines(2, 1, 20),
    },
  ];
  // numbered as the screen numbers a new bill (the day's counter moves past them)
  const first = await takeNumbers(tx, tenantId, `BL${day}`, bills.length);
  const received: { id: number; destLocationId: unknown }[] = [];
  for (const [i, b] of bills.entries()) {
    const [made] = await tx
      .insert(wmsBills)
      .values({ tenantId, code: `BL${day}${String(first + i).padStart(4, '0')}`, ...b.row })
      .onConflictDoNothing()
      .returning({ id: wmsBills.id });
    if (!made) continue;
    await tx.insert(wmsBillLines).values(
      b.lines.map((l) => ({
        tenantId,
        billId: made.id,
        ...l,
        receivedQty: l.receivedQty ?? 0,
        diffQty: (l.receivedQty ?? 0) - l.expectedQty,
      })),
    );
    // a shipped ASN's cartons, as shipping makes them
    if (b.row.status === BILL_STATUS.IN_TRANSIT) await makeCartons(tx, tenantId, { id: made.id, destLocationId: b.row.destLocationId });
    if (b.row.status === BILL_STATUS.CLOSED)
      await settledCartonsDemo(tx, tenantId, { id: Number(made.id), destLocationId: b.row.destLocationId });
    // a received bill's cartons come after the other demo cartons (their spot-check draws go by carton id)
    if (b.row.status === BILL_STATUS.RECEIVED) received.push({ id: Number(made.id), destLocationId: b.row.destLocationId });
    else await tallyBill(tx, tenantId, Number(made.id));
  }
  await seedCartonsDemo(tx, tenantId, site, fac);
  for (const bill of received) {
    await checkedCartonsDemo(tx, tenantId, bill, DEMO_DOCK_READER, 1.2);
    await tallyBill(tx, tenantId, bill.id);
  }
  await seedInspectionsDemo(tx, tenantId);
  await seedQiSampleDemo(tx, tenantId);
}
