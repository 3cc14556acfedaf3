import { commodityOrderUsable, PACKING_STATUS, SUPPLY_ORDER_STATUS } from '@tagloom/domain';
import { and, asc, count, desc, eq, ilike, inArray, ne, or } from 'drizzle-orm';
import { conflict, notFound } from '../../../core/errors.js';
import { prefixPattern } from '../../../core/like.js';
import type { Tx } from '../../../db/client.js';
import { supplyOrderLines, supplyOrders, supplyPackingLines, supplyPackings } from './tables.js';

/** A line of a commodity purchase order, with what a label order takes from its order. */
export interface CommodityLine {
  lineId: number;
  orderId: number;
  orderCode: string;
  contractCode: string;
  factoryId: number | null;
  brandId: number | null;
  goodsId: number;
  skuId: number;
  quantity: number;
}

/**
 * The lines of some commodity purchase orders of a tenant (by order, then line), for the label
 * order wizard: refused with 409 naming the order when one is repealed (a repealed order produces no
 * label orders, spec §4), 404 when one is not the tenant's. Pass the party's session scope yourself
 * (a factory user may only name its factory's orders): `factoryId` keeps to one factory's orders.
 */
export async function usableOrderLines(
  tx: Tx,
  tenantId: number,
  orderIds: readonly number[],
  opts: { factoryId?: number } = {},
): Promise<CommodityLine[]> {
  const ids = [...new Set(orderIds)];
  if (!ids.length) return [];
  const orders = await tx
    .select()
    .from(supplyOrders)
    .where(
      and(
        eq(supplyOrders.tenantId, tenantId),
        inArray(supplyOrders.id, ids),
        opts.factoryId === undefined ? undefined : eq(supplyOrders.factoryId, opts.factoryId),
      ),
    );
  if (orders.length !== ids.length) throw notFound('supply.order.what');
  for (const order of orders) {
    const refusal = commodityOrderUsable(order);
    if (refusal) throw conflict(refusal.key, refusal.params);
  }
  const byId = new Map(orders.map((o) => [Number(o.id), o]));
  const lines = await tx
    .select()
    .from(supplyOrderLines)
    .where(and(eq(supplyOrderLines.tenantId, tenantId), inArray(supplyOrderLines.orderId, ids)))
    .orderBy(asc(supplyOrderLines.orderId), asc(supplyOrderLines.id));
  return lines.map((l) => {
    const o = byId.get(Number(l.orderId))!;
    return {
      lineId: Number(l.id),
      orderId: Number(l.orderId),
      orderCode: String(o.code),
      contractCode: String(o.contractCode ?? ''),
      factoryId: o.factoryId == null ? null : Number(o.factoryId),
      brandId: o.brandId == null ? null : Number(o.brandId),
      goodsId: Number(l.goodsId),
      skuId: Number(l.skuId),
      quantity: Number(l.quantity),
    };
  });
}

/** Rows a page of usablePurchaseOrders holds. */
export const USABLE_ORDERS_PAGE = 20;

/**
 * A page of the commodity purchase orders a label order may be made from (none repealed), newest
 * first, searched by order number or contract number (a prefix, any case); `factoryId` keeps to
 * one factory's orders (a factory's user).
 */
export async function usablePurchaseOrders(tx: Tx, tenantId: number, opts: { q?: string; page?: number; factoryId?: number } = {}) {
  const prefix = opts.q ? prefixPattern(opts.q) : undefined;
  const where = and(
    eq(supplyOrders.tenantId, tenantId),
    ne(supplyOrders.status, SUPPLY_ORDER_STATUS.REPEALED),
    opts.factoryId === undefined ? undefined : eq(supplyOrders.factoryId, opts.factoryId),
    prefix ? or(ilike(supplyOrders.code, prefix), ilike(supplyOrders.contractCode, prefix)) : undefined,
  );
  const page = opts.page ?? 1;
  const [{ total }] = await tx.select({ total: count() }).from(supplyOrders).where(where);
  const rows = await tx
    .select()
    .from(supplyOrders)
    .where(where)
    .orderBy(desc(supplyOrders.id))
    .limit(USABLE_ORDERS_PAGE)
    .offset((page - 1) * USABLE_ORDERS_PAGE);
  const list = rows.map((o) => ({
    value: Number(o.id),
    label: String(o.code),
    contractCode: String(o.contractCode ?? ''),
    status: Number(o.status),
    totalQuantity: Number(o.totalQuantity ?? 0),
  }));
  return { list, total: Number(total), page, pageSize: USABLE_ORDERS_PAGE };
}

/** A packed carton as the warehouse takes it for an advance shipping notice: its order and what it holds. */
export interface PackedCarton {
  cartonNo: string;
  orderId: number;
  orderCode: string;
  factoryId: number | null;
  lines: { skuId: number; quantity: number }[];
}

/**
 * A supply packing carton (supply/packing-review) with its order and lines, or undefined when it
 * names no order (the warehouse makes ASNs of an order's cartons).
 */
export async function packedCarton(tx: Tx, tenantId: number, packingId: number): Promise<PackedCarton | undefined> {
  const [p] = await tx
    .select({
      cartonNo: supplyPackings.cartonNo,
      orderId: supplyPackings.orderId,
      factoryId: supplyPackings.factoryId,
      orderCode: supplyOrders.code,
    })
    .from(supplyPackings)
    .innerJoin(supplyOrders, and(eq(supplyOrders.tenantId, supplyPackings.tenantId), eq(supplyOrders.id, supplyPackings.orderId)))
    .where(and(eq(supplyPackings.tenantId, tenantId), eq(supplyPackings.id, packingId)));
  if (!p) return undefined;
  const lines = await tx
    .select({ skuId: supplyPackingLines.skuId, quantity: supplyPackingLines.quantity })
    .from(supplyPackingLines)
    .where(and(eq(supplyPackingLines.tenantId, tenantId), eq(supplyPackingLines.packingId, packingId)))
    .orderBy(asc(supplyPackingLines.id));
  return {
    cartonNo: String(p.cartonNo),
    orderId: Number(p.orderId),
    orderCode: String(p.orderCode),
    factoryId: p.factoryId == null ? null : Number(p.factoryId),
    lines: lines.map((l) => ({ skuId: Number(l.skuId), quantity: Number(l.quantity) })),
  };
}

/** How many packing cartons of an order are not audited yet (still to be checked and handed over). */
export async function cartonsToAudit(tx: Tx, tenantId: number, orderId: number): Promise<number> {
  const [r] = await tx
    .select({ n: count() })
    .from(supplyPackings)
    .where(
      and(eq(supplyPackings.tenantId, tenantId), eq(supplyPackings.orderId, orderId), ne(supplyPackings.status, PACKING_STATUS.AUDITED)),
    );
  return Number(r?.n ?? 0);
}
