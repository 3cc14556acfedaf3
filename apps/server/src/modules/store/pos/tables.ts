/** Tables of the till (../shared/operations.md §6 E11; migration 0064; db/schema re-exports this file through ../tables.ts). */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A store's point-of-sale transaction — partitioned by month on `created_at`, the transaction's
 * own time (PARTITION BY hand-written in migration 0064; partitions kept 24 months by
 * core/partitions.ts from the feed store/cashier).
 */
export const posTransactions = pgTable(
  'pos_transactions',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    /** when it happened at the till */
    createdAt: ts('created_at').notNull(),
    txnNo: text('txn_no').notNull(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    /** the store's code and name as they were */
    storeCode: text('store_code').notNull().default(''),
    storeName: text('store_name').notNull().default(''),
    /** the POS (its read point, else its device code) */
    posCode: text('pos_code').notNull().default(''),
    cashier: text('cashier').notNull().default(''),
    /** PosKind */
    kind: smallint('kind').notNull(),
    currency: text('currency').notNull().default('CNY'),
    /** Σ line amounts (a return's negative) */
    total: numeric('total', { precision: 14, scale: 2 }).notNull().default('0'),
    lineCount: integer('line_count').notNull().default(0),
    /** PosEas */
    eas: smallint('eas').notNull().default(1),
    /** PosSource */
    source: smallint('source').notNull().default(1),
    /** the lifecycle events it recorded (label_tag_events ids) */
    eventIds: jsonb('event_ids').$type<number[]>().notNull().default([]),
    recordedAt: ts('recorded_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.createdAt, t.id] }),
    index('pos_transactions_store_idx').on(t.tenantId, t.storeCode, t.createdAt, t.id),
    index('pos_transactions_txn_no_prefix_idx').on(t.tenantId, sql`upper(${t.txnNo}) text_pattern_ops`, t.createdAt, t.id),
  ],
);

/** A transaction's line: quantity signed (+ sold, − returned), its EPC when the piece is tagged. */
export const posTransactionLines = pgTable(
  'pos_transaction_lines',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    /** the transaction's time (its partition) */
    createdAt: ts('created_at').notNull(),
    txnId: bigint('txn_id', { mode: 'number' }).notNull(),
    lineNo: integer('line_no').notNull(),
    skuId: bigint('sku_id', { mode: 'number' }),
    skuCode: text('sku_code').notNull().default(''),
    /** upper-case hex; null for an untagged piece */
    epc: text('epc'),
    qty: integer('qty').notNull(),
    unitPrice: numeric('unit_price', { precision: 12, scale: 2 }).notNull().default('0'),
    discount: numeric('discount', { precision: 12, scale: 2 }).notNull().default('0'),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull().default('0'),
    originalTxnNo: text('original_txn_no').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.createdAt, t.id] }),
    index('pos_transaction_lines_txn_idx').on(t.tenantId, t.txnId),
    index('pos_transaction_lines_epc_idx').on(t.tenantId, t.epc).where(sql`${t.epc} is not null`),
  ],
);

/** One row per (store, txn no.): a second post of the same transaction finds the first. */
export const posTxnKeys = pgTable(
  'pos_txn_keys',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    txnNo: text('txn_no').notNull(),
    txnAt: ts('txn_at').notNull(),
    txnId: bigint('txn_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.storeId, t.txnNo] })],
);
