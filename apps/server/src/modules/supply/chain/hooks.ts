import { commodityOrderUsable, packingResource, type Reason, type ResourceDef } from '@tagloom/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { SessionInfo } from '../../../core/context.js';
import { badRequest, fieldRefusal } from '../../../core/errors.js';
import { startsWith } from '../../../core/like.js';
import { nextDocumentCode } from '../../../core/numbering.js';
import type { ResourceHooks } from '../../../core/resource/service.js';
import type { Tx } from '../../../db/client.js';
import { goods, goodsSkus } from '../../tenant/goods/tables.js';
import { supplyOrderLines, supplyOrders, supplyPackingLines, supplyPackings } from './tables.js';

type Row = Record<string, unknown>;
const fieldOf = (def: ResourceDef, key: string) => def.list.find((f) => f.key === key)!;

/** Each line's SKU is one of the line's goods (the lines were just written, in the same transaction). */
async function checkSkusOfGoods(tx: Tx, tenantId: number, orderId: number): Promise<void> {
  const [bad] = await tx
    .select({ sku: goodsSkus.skuBarcode, style: goods.styleNumber })
    .from(supplyOrderLines)
    .innerJoin(goodsSkus, and(eq(goodsSkus.tenantId, supplyOrderLines.tenantId), eq(goodsSkus.id, supplyOrderLines.skuId)))
    .innerJoin(goods, and(eq(goods.tenantId, supplyOrderLines.tenantId), eq(goods.id, supplyOrderLines.goodsId)))
    .where(
      and(
        eq(supplyOrderLines.tenantId, tenantId),
        eq(supplyOrderLines.orderId, orderId),
        sql`${supplyOrderLines.goodsId} <> ${goodsSkus.goodsId}`,
      ),
    )
    .limit(1);
  if (bad) throw badRequest('supply.order.skuNotOfGoods', { sku: bad.sku, style: bad.style });
}

/** Commodity purchase orders: a number when none is given, lines whose SKU belongs to their goods, the order's total kept from its lines. */
export const supplyOrderHooks: ResourceHooks = {
  async beforeWrite(tx, data, { session, existing }) {
    // a new order left without a code is numbered PO + day + sequence (PO202611240001)
    if (!existing && !data.code) data.code = await nextDocumentCode(tx, session.tenantId!, 'PO');
  },
  async afterLines(tx, row, { session }) {
    const tenantId = session.tenantId!;
    const id = row.id as number;
    await checkSkusOfGoods(tx, tenantId, id);
    const [moved] = await tx
      .update(supplyOrders)
      .set({
        totalQuantity: sql`(select coalesce(sum(${supplyOrderLines.quantity}), 0)::int from ${supplyOrderLines}
          where ${supplyOrderLines.tenantId} = ${tenantId} and ${supplyOrderLines.orderId} = ${id})`,
      })
      .where(and(eq(supplyOrders.tenantId, tenantId), eq(supplyOrders.id, id)))
      .returning();
    return moved as Row;
  },
};

/** The order of a carton, within the tenant (or undefined). */
async function orderOf(tx: Tx, tenantId: number, id: number) {
  const [order] = await tx
    .select({ id: supplyOrders.id, code: supplyOrders.code, status: supplyOrders.status, factoryId: supplyOrders.factoryId })
    .from(supplyOrders)
    .where(and(eq(supplyOrders.tenantId, tenantId), eq(supplyOrders.id, id)));
  return order;
}

const stampAt =
  (column: 'reviewedAt' | 'auditedAt', value: () => Date | null, also: Row = {}) =>
  async (tx: Tx, row: Row, { session }: { session: SessionInfo }) => {
    await tx
      .update(supplyPackings)
      .set({ [column]: value(), ...also })
      .where(and(eq(supplyPackings.tenantId, session.tenantId!), eq(supplyPackings.id, row.id as number)));
  };

/**
 * Packing review: a carton packs goods of a usable commodity order (not repealed) of its own factory
 * (taken from the order when left out); its pieces are kept from its lines; review and audit are
 * stamped, cancelling a review clears it (the carton is checked and reviewed again).
 */
export const packingHooks: ResourceHooks = {
  async beforeWrite(tx, data, { session, lang = 'zh_CN' }) {
    if (!data.orderId) return;
    const order = await orderOf(tx, session.tenantId!, Number(data.orderId));
    if (!order) return; // the foreign key names a missing order
    const refusal: Reason | undefined = commodityOrderUsable(order);
    if (refusal) throw fieldRefusal(fieldOf(packingResource, 'orderId'), refusal.key, refusal.params ?? {}, lang);
    if (!data.factoryId && order.factoryId) data.factoryId = order.factoryId;
    else if (order.factoryId && Number(data.factoryId) !== Number(order.factoryId))
      throw fieldRefusal(fieldOf(packingResource, 'orderId'), 'supply.packing.otherFactory', { code: order.code }, lang);
  },
  async afterLines(tx, row, { session }) {
    const tenantId = session.tenantId!;
    const id = row.id as number;
    const [moved] = await tx
      .update(supplyPackings)
      .set({
        pieces: sql`(select coalesce(sum(${supplyPackingLines.quantity}), 0)::int from ${supplyPackingLines}
          where ${supplyPackingLines.tenantId} = ${tenantId} and ${supplyPackingLines.packingId} = ${id})`,
      })
      .where(and(eq(supplyPackings.tenantId, tenantId), eq(supplyPackings.id, id)))
      .returning();
    return moved as Row;
  },
  transitions: {
    review: stampAt('reviewedAt', () => new Date()),
    cancelReview: stampAt('reviewedAt', () => null),
    audit: stampAt('auditedAt', () => new Date()),
  },
};

/**
 * The read-only line screens: a user bound to a factory sees the lines of its factory's orders
 * (cartons); a user bound to another kind of party, none. Search boxes by order code, style number
 * and carton number (semi-joins over the prefix-searched codes).
 */
export function orderLineHooks(): ResourceHooks {
  const ordersOf = (session: SessionInfo) =>
    sql`select ${supplyOrders.id} from ${supplyOrders} where ${supplyOrders.tenantId} = ${session.tenantId} and ${supplyOrders.factoryId} = ${session.party!.id}`;
  return {
    scope: (session) =>
      !session.party
        ? undefined
        : session.party.kind === 'factory'
          ? sql`${supplyOrderLines.orderId} in (${ordersOf(session)})`
          : sql`false`,
    searches: {
      orderCode: (v, session) =>
        sql`${supplyOrderLines.orderId} in (select ${supplyOrders.id} from ${supplyOrders} where ${and(eq(supplyOrders.tenantId, session.tenantId!), startsWith(supplyOrders.code, v))})`,
      styleNumber: (v, session) =>
        sql`${supplyOrderLines.goodsId} in (select ${goods.id} from ${goods} where ${and(eq(goods.tenantId, session.tenantId!), startsWith(goods.styleNumber, v))})`,
    },
    omitRoutes: ['create', 'update', 'delete', 'template', 'import'],
  };
}

export function packingLineHooks(): ResourceHooks {
  const cartons = (session: SessionInfo, cond: SQL) =>
    sql`${supplyPackingLines.packingId} in (select ${supplyPackings.id} from ${supplyPackings} where ${and(eq(supplyPackings.tenantId, session.tenantId!), cond)})`;
  return {
    scope: (session) =>
      !session.party
        ? undefined
        : session.party.kind === 'factory'
          ? cartons(session, eq(supplyPackings.factoryId, session.party.id))
          : sql`false`,
    searches: {
      cartonNo: (v, session) => cartons(session, startsWith(supplyPackings.cartonNo, v)),
      orderCode: (v, session) =>
        cartons(
          session,
          sql`${supplyPackings.orderId} in (select ${supplyOrders.id} from ${supplyOrders} where ${and(eq(supplyOrders.tenantId, session.tenantId!), startsWith(supplyOrders.code, v))})`,
        ),
    },
    omitRoutes: ['create', 'update', 'delete', 'template', 'import'],
  };
}
