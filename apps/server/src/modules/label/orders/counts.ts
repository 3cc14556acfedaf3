/**
 * What the admin dashboard counts of the label area: the label orders by status and the tags they
 * made, as the session sees them — a platform user every tenant's, a tenant user its own, a user
 * bound to a label supplier or a factory the orders of its party (the purchase orders' partyScope)
 * and their tags.
 */
import { PLATFORM_TENANT_ID } from '@tagloom/domain';
import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { AppContext, SessionInfo } from '../../../core/context.js';
import type { ResourceService } from '../../../core/resource/service.js';
import { labelTags } from '../tags/tables.js';
import { labelOrders } from './tables.js';

export interface LabelCounts {
  /** tags registered (EPCs generated or bound) of the orders in view */
  tags: number;
  /** the orders in view by LabelOrderStatus value, only the statuses some order holds, in the enum's order */
  ordersByStatus: { status: number; count: number }[];
}

export async function labelCounts(ctx: AppContext, orders: ResourceService, session: SessionInfo): Promise<LabelCounts> {
  const platform = session.tenantId === PLATFORM_TENANT_ID;
  // every tenant's orders for the platform; otherwise the purchase-order screen's own scope (tenant and party)
  const inView: SQL | undefined = platform ? undefined : orders.scope(session);
  const tagsWhere: SQL | undefined = platform
    ? undefined
    : session.party
      ? and(
          eq(labelTags.tenantId, session.tenantId),
          inArray(labelTags.orderId, ctx.db.select({ id: labelOrders.id }).from(labelOrders).where(inView)),
        )
      : eq(labelTags.tenantId, session.tenantId);
  const [byStatus, [tags]] = await Promise.all([
    ctx.db
      .select({ status: labelOrders.status, n: count() })
      .from(labelOrders)
      .where(inView)
      .groupBy(labelOrders.status)
      .orderBy(labelOrders.status),
    ctx.db.select({ n: count() }).from(labelTags).where(tagsWhere),
  ]);
  return {
    tags: Number(tags?.n ?? 0),
    ordersByStatus: byStatus.filter((r) => r.status !== null).map((r) => ({ status: Number(r.status), count: Number(r.n) })),
  };
}
