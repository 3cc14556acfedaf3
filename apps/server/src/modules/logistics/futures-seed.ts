import { BILL_KIND, BILL_STATUS, LOCATION_KIND, REVIEW_STATUS } from '@tagloom/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { dayStamp, takeNumbers } from '../../core/numbering.js';
import type { Tx } from '../../db/client.js';
import { tenants } from '../../db/schema/platform.js';
import { supplyOrders } from '../supply/chain/tables.js';
import { goodsSkus } from '../tenant/goods/tables.js';
import { factories, locations } from '../tenant/places/tables.js';
import { crossDock } from '../warehouse/bills/cross-dock.js';
import { tallyBill } from '../warehouse/bills/hooks.js';
import { wmsBillAllocations, wmsBillLines, wmsBills } from '../warehouse/bills/tables.js';
import { tallyAllocations } from './futures.js';

const DAY = 86_400_000;

interface FuturesDemo {
  row: Record<string, unknown>;
  /** pieces per SKU: expected, and received when the goods came */
  lines: { expected: number; received?: number }[];
  /** stores (codes) and the pieces of each SKU each gets */
  stores: string[];
  each: number;
}

/**
 * The demo futures bills (operations.md §11), each with its lines and allocations, when the tenant
 * has none yet: for DEMO, 2027 spring goods from FA01 allocated to six stores (a draft: edited, then
 * shipped and received on the receipt screens), a received one with a SKU two pieces short (its
 * review scales that SKU's allocations down) and a reviewed one with its transfers made; ACME one
 * draft (with lines and allocations as far as its archive has goods and stores).
 */
export async function seedFuturesDemo(tx: Tx, demo: { id: number }): Promise<void> {
  await seedTenant(tx, demo.id, true);
  const [acme] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, 'ACME'));
  if (acme) await seedTenant(tx, Number(acme.id), false);
}

async function seedTenant(tx: Tx, tenantId: number, full: boolean): Promise<void> {
  const [had] = await tx
    .select({ id: wmsBills.id })
    .from(wmsBills)
    .where(and(eq(wmsBills.tenantId, tenantId), eq(wmsBills.kind, BILL_KIND.FUTURES_IN)))
    .limit(1);
  if (had) return;
  const places = await tx
    .select({ id: locations.id, code: locations.code, kind: locations.kind })
    .from(locations)
    .where(and(eq(locations.tenantId, tenantId), inArray(locations.kind, [LOCATION_KIND.STORE, LOCATION_KIND.WAREHOUSE])))
    .orderBy(asc(locations.code));
  const site = new Map(places.map((p) => [p.code, Number(p.id)]));
  const warehouse = site.get('WH01') ?? places.find((p) => Number(p.kind) === LOCATION_KIND.WAREHOUSE)?.id;
  const stores = places.filter((p) => Number(p.kind) === LOCATION_KIND.STORE).map((p) => p.code);
  const fac = (
    await tx.select({ id: factories.id }).from(factories).where(eq(factories.tenantId, tenantId)).orderBy(asc(factories.code))
  ).map((f) => Number(f.id));
  // the later SKUs of the archive: the ASNs' bills take the first ones
  const skus = (
    await tx
      .select({ id: goodsSkus.id })
      .from(goodsSkus)
      .where(eq(goodsSkus.tenantId, tenantId))
      .orderBy(asc(goodsSkus.id))
      .offset(full ? 20 : 0)
      .limit(6)
  ).map((s) => Number(s.id));
  if (!warehouse || !fac.length) return;
  const [order] = await tx
    .select({ id: supplyOrders.id })
    .from(supplyOrders)
    .where(eq(supplyOrders.tenantId, tenantId))
    .orderBy(asc(supplyOrders.id))
    .limit(1);
  const now = Date.now();
  const head = { kind: BILL_KIND.FUTURES_IN, destLocationId: Number(warehouse), season: '2027SS' };
  const demos: FuturesDemo[] = [
    {
      row: {
        ...head,
        status: BILL_STATUS.CREATED,
        factoryId: fac[0],
        supplyOrderId: order?.id ?? null,
        reservationNo: 'FUT-2027SS-01',
        expectedAt: new Date(now + 10 * DAY),
        remark: '2027 春季期货订货会',
      },
      lines: skus.map(() => ({ expected: 60 })),
      stores: stores.slice(0, 6),
      each: 9,
    },
  ];
  if (full)
    demos.push(
      {
        row: {
          ...head,
          status: BILL_STATUS.RECEIVED,
          factoryId: fac[1] ?? fac[0],
          reservationNo: 'FUT-2027SS-02',
          shippedAt: new Date(now - 3 * DAY),
          receivedAt: new Date(now - 3_600_000),
        },
        lines: skus.slice(0, 3).map((_, i) => ({ expected: 40, received: i === 1 ? 38 : 40 })),
        stores: stores.slice(6, 10),
        each: 10,
      },
      {
        row: {
          ...head,
          season: '2026AW',
          status: BILL_STATUS.REVIEWED,
          factoryId: fac[2] ?? fac[0],
          reservationNo: 'FUT-2026AW-07',
          shippedAt: new Date(now - 9 * DAY),
          receivedAt: new Date(now - 7 * DAY),
          reviewedAt: new Date(now - 6 * DAY),
          reviewStatus: REVIEW_STATUS.APPROVED,
        },
        lines: skus.slice(3, 5).map(() => ({ expected: 24, received: 24 })),
        stores: stores.slice(10, 12),
        each: 12,
      },
    );
  const day = dayStamp(new Date(now));
  const first = await takeNumbers(tx, tenantId, `BL${day}`, demos.length);
  for (const [i, d] of demos.entries()) {
    const [made] = await tx
      .insert(wmsBills)
      .values({ tenantId, code: `BL${day}${String(first + i).padStart(4, '0')}`, ...d.row })
      .onConflictDoNothing()
      .returning();
    if (!made) continue;
    const billId = Number(made.id);
    if (skus.length)
      await tx.insert(wmsBillLines).values(
        d.lines.slice(0, skus.length).map((l, j) => ({
          tenantId,
          billId,
          cartonNo: `F${day}${i}${String(j + 1).padStart(3, '0')}`,
          skuId: skus[j],
          expectedQty: l.expected,
          receivedQty: l.received ?? 0,
          diffQty: (l.received ?? 0) - l.expected,
        })),
      );
    const allocations = d.stores.flatMap((code) =>
      d.lines.slice(0, skus.length).map((_, j) => ({ tenantId, billId, storeId: Number(site.get(code)), skuId: skus[j], qty: d.each })),
    );
    if (allocations.length) await tx.insert(wmsBillAllocations).values(allocations);
    const tallied = await tallyBill(tx, tenantId, billId);
    await tallyAllocations(tx, tenantId, billId);
    // the reviewed one's transfers, as its review made them
    if (d.row.status === BILL_STATUS.REVIEWED) await crossDock(tx, tenantId, tallied, { userId: null, username: '' });
  }
}
