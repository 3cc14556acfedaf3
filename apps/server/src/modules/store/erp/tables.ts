/** ERP stock (../shared/operations.md §9 "Three numbers"): what the retailer's ERP says a site holds per SKU. */
import { bigint, bigserial, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One ERP stock of a site (Nedap `erp_stock/create`): its ERP reference (unique per site: the same
 * one sent twice is one stock), the time the ERP took it, where it came from; its lines below.
 */
export const erpStocks = pgTable(
  'erp_stocks',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    siteId: bigint('site_id', { mode: 'number' }).notNull(),
    externRef: text('extern_ref').notNull(),
    /** when the ERP took the stock */
    stockTime: ts('stock_time').notNull(),
    /** ErpStockSource */
    source: smallint('source').notNull(),
    skuCount: integer('sku_count').notNull().default(0),
    totalQty: integer('total_qty').notNull().default(0),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('erp_stocks_site_ref_uq').on(t.tenantId, t.siteId, t.externRef),
    index('erp_stocks_site_time_idx').on(t.tenantId, t.siteId, t.stockTime),
  ],
);

/** A SKU of an ERP stock: the pieces the ERP holds (its GTIN as sent, or the SKU's). */
export const erpStockLines = pgTable(
  'erp_stock_lines',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    erpStockId: bigint('erp_stock_id', { mode: 'number' }).notNull(),
    skuId: bigint('sku_id', { mode: 'number' }).notNull(),
    gtin: text('gtin').notNull().default(''),
    qty: integer('qty').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.erpStockId, t.skuId] })],
);
