/** Difference lists (../shared/operations.md §9 "Difference list"): a site's ERP stock against its RFID stock, SKU by SKU. */
import {
  bigint,
  bigserial,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

/**
 * A difference list: the site, the ERP stock and what it was compared with (the book, or an approved
 * count), its state (DifferenceListStatus: Nedap's export_status from approval on), its totals over
 * the lines not ignored, its KPIs over every SKU compared (kept: "only differences" stores fewer lines).
 */
export const stockDifferenceLists = pgTable(
  'stock_difference_lists',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    code: text('code').notNull(),
    siteId: bigint('site_id', { mode: 'number' }).notNull(),
    erpStockId: bigint('erp_stock_id', { mode: 'number' }).notNull(),
    /** DifferenceSource */
    source: smallint('source').notNull().default(1),
    /** the approved count compared (source COUNT), else null */
    countId: bigint('count_id', { mode: 'number' }),
    onlyDifferences: smallint('only_differences').notNull().default(0),
    /** DifferenceListStatus */
    status: smallint('status').notNull().default(1),
    skuCount: integer('sku_count').notNull().default(0),
    plusQty: integer('plus_qty').notNull().default(0),
    minusQty: integer('minus_qty').notNull().default(0),
    absQty: integer('abs_qty').notNull().default(0),
    ignoredSkus: integer('ignored_skus').notNull().default(0),
    diffValue: money('diff_value').notNull().default(0),
    absValue: money('abs_value').notNull().default(0),
    currency: text('currency').notNull().default('CNY'),
    erpTotal: integer('erp_total').notNull().default(0),
    rfidTotal: integer('rfid_total').notNull().default(0),
    /** SKUs compared (either side > 0) and of them those whose figures agree */
    comparedSkus: integer('compared_skus').notNull().default(0),
    exactSkus: integer('exact_skus').notNull().default(0),
    accuracySmape: numeric('accuracy_smape', { precision: 7, scale: 6, mode: 'number' }).notNull().default(1),
    accuracySku: numeric('accuracy_sku', { precision: 7, scale: 6, mode: 'number' }).notNull().default(1),
    /** when the RFID figures were taken (the book's time, or the count's end) */
    rfidAt: ts('rfid_at').notNull(),
    approvedBy: bigint('approved_by', { mode: 'number' }),
    approvedAt: ts('approved_at'),
    exportJobId: text('export_job_id'),
    exportFileId: bigint('export_file_id', { mode: 'number' }),
    exportedAt: ts('exported_at'),
    exportMessage: text('export_message').notNull().default(''),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('stock_difference_lists_code_uq').on(t.tenantId, t.code),
    index('stock_difference_lists_site_idx').on(t.tenantId, t.siteId, t.createdAt),
  ],
);

/** A SKU of a list: ERP and RFID figures, diff = rfid − erp, its value at the SKU's price; ignored ones stay out of totals and export. */
export const stockDifferenceLines = pgTable(
  'stock_difference_lines',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    listId: bigint('list_id', { mode: 'number' }).notNull(),
    skuId: bigint('sku_id', { mode: 'number' }).notNull(),
    erpQty: integer('erp_qty').notNull(),
    rfidQty: integer('rfid_qty').notNull(),
    diffQty: integer('diff_qty').notNull(),
    price: money('price').notNull().default(0),
    value: money('value').notNull().default(0),
    ignored: smallint('ignored').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.listId, t.skuId] })],
);
