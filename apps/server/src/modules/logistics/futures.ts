/**
 * Futures warehousing (logistics/futures, operations.md E1 kind FUTURES_IN): the bills of
 * forward-order goods into a warehouse and their allocations to stores — written as bills are,
 * checked against their lines, the allocated share kept on the row.
 */
import { futuresAllocationResource, futuresResource, type L10n, LANGS, type Lang, LOCATION_KIND } from '@tagloom/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { fieldRefusal } from '../../core/errors.js';
import type { ResourceHooks } from '../../core/resource/service.js';
import type { Tx } from '../../db/client.js';
import { goodsSkus } from '../tenant/goods/tables.js';
import { locations } from '../tenant/places/tables.js';
import { billHooks, tallyBill, toWarehouse } from '../warehouse/bills/hooks.js';
import { wmsBillAllocations, wmsBillLines, wmsBills } from '../warehouse/bills/tables.js';

type Row = Record<string, unknown>;
type Allocation = { storeId: number; skuId: number; qty: number };

/** A whole positive number, or undefined (a malformed line is refused by the line rules, which run later). */
const count = (v: unknown): number | undefined => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** An allocation's field named with its place in the list ("Store allocation 2 · Store"). */
const allocationField = (i: number, key: 'storeId' | 'skuId' | 'qty') => ({
  key: `allocations.${i}.${key}`,
  label: Object.fromEntries(
    LANGS.map((l) => [l, `${futuresAllocationResource.names[l]} ${i + 1} · ${futuresAllocationResource.labels[key][l]}`]),
  ) as L10n,
});

/** The lines (SKU, pieces) and allocations a write leaves the bill with: the body's lists, else the stored ones. */
async function planOf(tx: Tx, tenantId: number, data: Row, id: number | undefined) {
  const stored = async <T>(read: () => Promise<T[]>): Promise<T[]> => (id === undefined ? [] : read());
  const lines = Array.isArray(data.lines)
    ? (data.lines as Row[]).map((l) => ({ skuId: count(l?.skuId), qty: count(l?.expectedQty) }))
    : await stored(() =>
        tx
          .select({ skuId: wmsBillLines.skuId, qty: wmsBillLines.expectedQty })
          .from(wmsBillLines)
          .where(and(eq(wmsBillLines.tenantId, tenantId), eq(wmsBillLines.billId, id!))),
      );
  const allocations = Array.isArray(data.allocations)
    ? (data.allocations as Row[]).map((a) => ({ storeId: count(a?.storeId), skuId: count(a?.skuId), qty: count(a?.qty) }))
    : await stored(() =>
        tx
          .select({ storeId: wmsBillAllocations.storeId, skuId: wmsBillAllocations.skuId, qty: wmsBillAllocations.qty })
          .from(wmsBillAllocations)
          .where(and(eq(wmsBillAllocations.tenantId, tenantId), eq(wmsBillAllocations.billId, id!)))
          .orderBy(wmsBillAllocations.storeId, wmsBillAllocations.id),
      );
  return { lines, allocations: allocations as Partial<Allocation>[] };
}

/**
 * A futures bill's plan checked: it arrives at a warehouse; each allocation goes to a store, of a
 * SKU its lines bring, and no SKU is allocated more pieces than its lines bring. Each refusal names
 * the field (the allocation's place in the list).
 */
async function checkPlan(tx: Tx, tenantId: number, data: Row, id: number | undefined, lang: Lang): Promise<void> {
  const siteIds = [Number(data.destLocationId)].filter((n) => Number.isInteger(n) && n > 0);
  const { lines, allocations } = await planOf(tx, tenantId, data, id);
  const storeIds = allocations.map((a) => a.storeId).filter((n): n is number => n !== undefined);
  const sites = new Map(
    (
      await tx
        .select({ id: locations.id, kind: locations.kind, name: locations.name })
        .from(locations)
        .where(and(eq(locations.tenantId, tenantId), inArray(locations.id, [...siteIds, ...storeIds, 0])))
    ).map((s) => [Number(s.id), s]),
  );
  const dest = sites.get(siteIds[0] ?? 0);
  if (dest && Number(dest.kind) !== LOCATION_KIND.WAREHOUSE)
    throw fieldRefusal({ key: 'destLocationId', label: futuresResource.labels.destLocationId }, 'validation.futuresWarehouse', {}, lang);
  allocations.forEach((a, i) => {
    const site = a.storeId === undefined ? undefined : sites.get(a.storeId);
    if (site && Number(site.kind) !== LOCATION_KIND.STORE)
      throw fieldRefusal(allocationField(i, 'storeId'), 'validation.allocationStore', { name: site.name }, lang);
  });
  const brought = new Map<number, number>();
  for (const l of lines) if (l.skuId !== undefined) brought.set(l.skuId, (brought.get(l.skuId) ?? 0) + (l.qty ?? 0));
  const allocated = new Map<number, number>();
  const refusal = async (i: number, key: 'skuId' | 'qty', message: string, skuId: number, params: Row = {}) => {
    const [sku] = await tx
      .select({ barcode: goodsSkus.skuBarcode })
      .from(goodsSkus)
      .where(and(eq(goodsSkus.tenantId, tenantId), eq(goodsSkus.id, skuId)));
    return fieldRefusal(allocationField(i, key), message, { sku: sku?.barcode ?? skuId, ...params }, lang);
  };
  for (const [i, a] of allocations.entries()) {
    if (a.skuId === undefined) continue;
    if (!brought.has(a.skuId)) throw await refusal(i, 'skuId', 'validation.allocationSkuMissing', a.skuId);
    const sum = (allocated.get(a.skuId) ?? 0) + (a.qty ?? 0);
    allocated.set(a.skuId, sum);
    const expected = brought.get(a.skuId) ?? 0;
    if (sum > expected) throw await refusal(i, 'qty', 'validation.allocationOver', a.skuId, { allocated: sum, expected });
  }
}

/** The allocated pieces of a bill and their share of the pieces expected (100 · allocated / expected). */
export async function tallyAllocations(tx: Tx, tenantId: number, id: number): Promise<Row> {
  const allocated = sql`(select coalesce(sum(a.qty), 0)::int from ${wmsBillAllocations} a where a.tenant_id = ${tenantId} and a.bill_id = ${id})`;
  const [row] = await tx
    .update(wmsBills)
    .set({
      piecesAllocated: allocated,
      allocatedRatio: sql`case when ${wmsBills.piecesExpected} > 0 then round(100.0 * ${allocated} / ${wmsBills.piecesExpected}, 2) else 0 end`,
    })
    .where(and(eq(wmsBills.tenantId, tenantId), eq(wmsBills.id, id)))
    .returning();
  return row as Row;
}

/**
 * Futures bills: a warehouse's (the receipt screens' rows), numbered and counted as bills are,
 * their plan checked on every write that touches it, the allocated share kept from the allocations.
 */
export const futuresHooks: ResourceHooks = {
  scope: () => toWarehouse,
  async beforeWrite(tx, data, info) {
    await billHooks.beforeWrite!(tx, data, info);
    const touched = !info.existing || Array.isArray(data.lines) || Array.isArray(data.allocations) || info.changes?.destLocationId;
    if (touched)
      await checkPlan(
        tx,
        info.session.tenantId,
        data,
        info.existing ? Number(info.existing.id) : undefined,
        info.lang ?? info.session.lang,
      );
  },
  async afterLines(tx, row, { session }) {
    await tallyBill(tx, session.tenantId, Number(row.id));
    return tallyAllocations(tx, session.tenantId, Number(row.id));
  },
};
