/** Tables of the stock ledger (../shared/operations.md §9; db/schema re-exports this file). */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A site's book stock of a SKU (zone_id 0) and of its zones (the stock room, the sales floor …):
 * the last approved count and what moved since, `on_hand` their sum (kept in the same statement that
 * moves it). Fill factor 90 (hand-written in migration 0060): a movement changes no indexed column,
 * so its update stays a HOT update.
 */
export const stockSkuLocations = pgTable(
  'stock_sku_locations',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    siteId: bigint('site_id', { mode: 'number' }).notNull(),
    /** 0: the whole site */
    zoneId: bigint('zone_id', { mode: 'number' }).notNull().default(0),
    skuId: bigint('sku_id', { mode: 'number' }).notNull(),
    onHand: integer('on_hand').notNull().default(0),
    countedQty: integer('counted_qty').notNull().default(0),
    /** null: never counted (the book starts at 0) */
    countedAt: ts('counted_at'),
    receivedSince: integer('received_since').notNull().default(0),
    returnedSince: integer('returned_since').notNull().default(0),
    soldSince: integer('sold_since').notNull().default(0),
    shippedSince: integer('shipped_since').notNull().default(0),
    adjustedSince: integer('adjusted_since').notNull().default(0),
    /** pieces promised to customer orders (O2O picks), still on hand */
    reserved: integer('reserved').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.siteId, t.zoneId, t.skuId] })],
);

/**
 * The ledger's journal: every movement of a site's book, with the document that made it —
 * partitioned by month on `at` (PARTITION BY hand-written in migration 0060; partitions kept 24
 * months by core/partitions.ts from the feed store/stock-moves).
 */
export const stockMoves = pgTable(
  'stock_moves',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    /** the movement's time (a sale's, a review's …); `created_at` of the feed */
    createdAt: ts('created_at').notNull().defaultNow(),
    siteId: bigint('site_id', { mode: 'number' }).notNull(),
    /** the site's name as it was (as the warehouse log keeps it) */
    siteName: text('site_name').notNull().default(''),
    zoneId: bigint('zone_id', { mode: 'number' }).notNull().default(0),
    skuId: bigint('sku_id', { mode: 'number' }).notNull(),
    /** the SKU's barcode as it was */
    skuCode: text('sku_code').notNull().default(''),
    /** StockMoveKind */
    kind: smallint('kind').notNull(),
    /** pieces moved (always ≥ 0; the kind says which way); a count's reset: the pieces counted */
    qty: integer('qty').notNull(),
    /** the book's stock after the movement (site level) */
    onHand: integer('on_hand').notNull(),
    /** the document: its declaration's code and its code (a bill, a till receipt, a count) */
    docType: text('doc_type').notNull().default(''),
    docCode: text('doc_code').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.createdAt, t.id] }),
    index('stock_moves_site_sku_idx').on(t.tenantId, t.siteId, t.skuId, t.createdAt),
    index('stock_moves_sku_code_prefix_idx').on(t.tenantId, sql`upper(${t.skuCode}) text_pattern_ops`, t.createdAt, t.id),
    index('stock_moves_doc_code_prefix_idx').on(t.tenantId, sql`upper(${t.docCode}) text_pattern_ops`, t.createdAt, t.id),
  ],
);

/** Refill tasks (refill.ts of the store module): the pieces to bring from the stock room to the floor, per SKU. */
export const stockRefillTasks = pgTable(
  'stock_refill_tasks',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity().notNull(),
    siteId: bigint('site_id', { mode: 'number' }).notNull(),
    code: text('code').notNull(),
    /** 1 open, 2 done, 9 cancelled */
    status: smallint('status').notNull().default(1),
    /** [{ skuId, qty, moved }] */
    lines: jsonb('lines').notNull(),
    pieces: integer('pieces').notNull().default(0),
    moved: integer('moved').notNull().default(0),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    doneAt: ts('done_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('stock_refill_tasks_open_idx').on(t.tenantId, t.siteId, t.id).where(sql`${t.status} = 1`),
  ],
);

/**
 * The tags present now per place (a zone, or a site without zones) and SKU (presence.ts of this
 * module): what the readers see, kept by the presence tallies of every change of a tag's presence
 * (rfid/state/listeners.ts) in the writer's transaction, so a store's "present now" is a read of a
 * few thousand rows, not an aggregate of every present tag. `last_read`: the newest read of a tag of
 * the SKU there (to the minute). Fill factor 90 (migration 0068): its updates stay HOT.
 */
export const stockPresentSkus = pgTable(
  'stock_present_skus',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    locationId: bigint('location_id', { mode: 'number' }).notNull(),
    skuId: bigint('sku_id', { mode: 'number' }).notNull(),
    present: integer('present').notNull().default(0),
    lastRead: ts('last_read'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.locationId, t.skuId] })],
);
