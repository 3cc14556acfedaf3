import { countSiteResource, storeInventoryResource } from '@tagloom/domain';
import { bigint, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { resourceTable, rowsOfTable } from '../../../db/resource-table.js';
// counts point at locations, users and goods SKUs
import '../../tenant/tables.js';
// the users table under the tenant users' screen (the assignee's and reviewer's foreign keys)
import '../../warehouse/grants/tables.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Counts (../shared/operations.md E9): store/inventory's rows (logistics/inventory sees the warehouses' ones). */
export const stockCounts = resourceTable(storeInventoryResource);
/** The stores and warehouses a count is of (rows of the locations table). */
export const countSites = rowsOfTable(countSiteResource);

/**
 * A count's lines, one a SKU (migration 0063): expected (the book frozen at the start), moved since
 * the snapshot (sync), counted (refresh), over and short against expected + moved. Written by the
 * server only (start, refresh, sync), shown in the count's drawer.
 */
export const stockCountLines = pgTable(
  'stock_count_lines',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    countId: bigint('count_id', { mode: 'number' }).notNull(),
    skuId: bigint('sku_id', { mode: 'number' }).notNull(),
    expectedQty: integer('expected_qty').notNull().default(0),
    countedQty: integer('counted_qty').notNull().default(0),
    movedQty: integer('moved_qty').notNull().default(0),
    overQty: integer('over_qty').notNull().default(0),
    shortQty: integer('short_qty').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'stock_count_lines_pk', columns: [t.tenantId, t.countId, t.skuId] }),
    index('stock_count_lines_sku_idx').on(t.tenantId, t.skuId),
  ],
);

/**
 * The EPCs a count counted (refresh): one row an EPC, in the zone of its last read, with its SKU
 * (null: not in the tag registry), its first and last read and where it came from (a handheld
 * session's code, or the overhead readers' presence: ''). A refresh writes the next generation
 * (`gen`) aside and swaps it in (stock_count_gens, migration 0067): the one on show is epc_gen.
 * Partitioned by month on created_at (PARTITIONED_TABLES of the domain): a count's EPCs are kept 13
 * months, its lines and figures for good.
 */
export const stockCountEpcs = pgTable(
  'stock_count_epcs',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    countId: bigint('count_id', { mode: 'number' }).notNull(),
    epc: text('epc').notNull(),
    skuId: bigint('sku_id', { mode: 'number' }),
    zoneId: bigint('zone_id', { mode: 'number' }),
    firstAt: ts('first_at').notNull(),
    lastAt: ts('last_at').notNull(),
    source: text('source').notNull().default(''),
    gen: integer('gen').notNull().default(0),
    /** when the refresh wrote it: the table is partitioned by month on it (migration 0083), kept 13 months */
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'stock_count_epcs_pk', columns: [t.tenantId, t.countId, t.gen, t.epc, t.createdAt] })],
);

/** A count's generations of EPCs: the one on show (epc_gen) and the last a refresh started (last_gen). */
export const stockCountGens = pgTable(
  'stock_count_gens',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    countId: bigint('count_id', { mode: 'number' }).notNull(),
    epcGen: integer('epc_gen').notNull().default(0),
    lastGen: integer('last_gen').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'stock_count_gens_pk', columns: [t.tenantId, t.countId] })],
);

/**
 * A count's workflow records in Nedap's shape (migration 0082): cycle_count_started when its
 * expected is frozen, cycle_count_finished when it is approved (the EPCs it counted and the EPCIS
 * event IDs of its lifecycle events). Written by the server only; `GET …/{id}/workflow` answers them.
 */
export const stockCountWorkflow = pgTable(
  'stock_count_workflow',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    countId: bigint('count_id', { mode: 'number' }).notNull(),
    seq: smallint('seq').notNull(),
    type: text('type').notNull(),
    eventTime: ts('event_time').notNull(),
    location: text('location').notNull(),
    epcCount: integer('epc_count'),
    eventIds: text('event_ids').array().notNull().default([]),
    userId: bigint('user_id', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'stock_count_workflow_pk', columns: [t.tenantId, t.countId, t.seq] })],
);
