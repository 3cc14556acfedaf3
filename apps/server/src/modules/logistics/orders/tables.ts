/** Tables of consumers' orders and returns (../shared/operations.md E12; db/schema re-exports this file). */
import { customerOrderLineResource, ecomDeliveryResource, ecomReturnResource } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { resourceTable, rowsOfTable } from '../../../db/resource-table.js';
// orders point at sites (locations) and SKUs
import '../../tenant/tables.js';

/** Customer orders and returns: every channel, every site (logistics/ecom-delivery is the home screen). */
export const customerOrders = resourceTable(ecomDeliveryResource);
/** An order's lines: SKU, pieces ordered and picked. */
export const customerOrderLines = resourceTable(customerOrderLineResource);
/** E-commerce returns: rows of the orders table. */
export const ecomReturns = rowsOfTable(ecomReturnResource);

/**
 * The EPCs of an order: those its pack read certified (role 1, packed), those a return brought back
 * (role 2, returned; `matched` when the piece is one packed on the original order). Written by the
 * order's read sessions (reads.ts), the latest read replacing the former one.
 */
export const customerOrderEpcs = pgTable(
  'customer_order_epcs',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    role: smallint('role').notNull(),
    epc: text('epc').notNull(),
    skuId: bigint('sku_id', { mode: 'number' }),
    /** 1: on the order's lines (packed) or on the original order (returned); 0: not */
    matched: smallint('matched').notNull().default(1),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.orderId, t.role, t.epc] }),
    // a return's check: was this EPC packed on that order (and on which order was it packed)
    index('customer_order_epcs_epc_idx').on(t.tenantId, t.epc).where(sql`${t.role} = 1`),
  ],
);
