/**
 * Tables of the fitting rooms (../shared/operations.md §8, E13/E16/E17; migration 0074; db/schema
 * re-exports this file). The archive, the sessions and their garments are built from their
 * declarations; the two rollups the reports read are hand-written, one row a (day, store, SKU) and a
 * (day, store, hour), rewritten whole for a (day, store) by the rollup (idempotent); the cabins' raw
 * reads are a view of the rfid module's reads of FITTING-scene readers with the SKU their tags name.
 */
import { fittingArchiveResource, fittingItemResource, fittingSessionResource } from '@tagloom/domain';
import { bigint, date, index, integer, numeric, pgTable, pgView, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { resourceTable } from '../../db/resource-table.js';
// archives and sessions point at stores, cabins (locations) and SKUs
import '../tenant/tables.js';

/** Each store's fitting area, cabins and rules (smart-store/archive). */
export const frAreas = resourceTable(fittingArchiveResource);
/** The cabins' sessions (smart-store/data), made by the fitting fold. */
export const frSessions = resourceTable(fittingSessionResource);
/** A session's garments. */
export const frSessionItems = resourceTable(fittingItemResource);

/** The garments' sums every rollup row holds: garments, tries, bought, swapped, amount, dwell. */
const garmentSumColumns = () => ({
  items: integer('items').notNull().default(0),
  tries: integer('tries').notNull().default(0),
  bought: integer('bought').notNull().default(0),
  swapped: integer('swapped').notNull().default(0),
  amount: numeric('amount', { precision: 14, scale: 2 }).notNull().default('0'),
  dwellSumS: integer('dwell_sum_s').notNull().default(0),
});

/** The sums a rollup row of sessions holds (per hour, day or store). */
const sumColumns = () => ({
  sessions: integer('sessions').notNull().default(0),
  /** sessions with at least one garment bought */
  sessionsBought: integer('sessions_bought').notNull().default(0),
  ...garmentSumColumns(),
});

/** The sums a rollup row of a SKU holds (sessions that had it, and its garments' sums). */
const skuSumColumns = () => ({
  styleId: bigint('style_id', { mode: 'number' }).notNull(),
  sessions: integer('sessions').notNull().default(0),
  ...garmentSumColumns(),
});

/** Per day, store and SKU: sessions that had it, tries, bought, swapped for another size, dwell. */
export const frSkuDaily = pgTable(
  'fr_sku_daily',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    skuId: bigint('sku_id', { mode: 'number' }).notNull(),
    ...skuSumColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.day, t.storeId, t.skuId] }),
    index('fr_sku_daily_style_idx').on(t.tenantId, t.day, t.styleId),
  ],
);

/** Per day, store and hour (0–23, the tenant's clock): sessions, garments, tries, bought, dwell. */
export const frStoreHourly = pgTable(
  'fr_store_hourly',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    hour: smallint('hour').notNull(),
    ...sumColumns(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.storeId, t.hour] })],
);

/**
 * fr_sku_daily without the store (the whole tenant's reports: 200 stores summed once, at the rollup,
 * not at every call): per SKU a row a day (grain 1, `day` the day) and a row an ISO week (grain 7,
 * `day` its Monday), rewritten with the days they sum (migration 0075).
 */
export const frSkuPeriod = pgTable(
  'fr_sku_period',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    /** 1: a day; 7: an ISO week from its Monday */
    grain: smallint('grain').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    skuId: bigint('sku_id', { mode: 'number' }).notNull(),
    ...skuSumColumns(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.grain, t.day, t.skuId] })],
);

/** fr_store_hourly without the hour: a row a day and store (the per-store tables of turnover and statistics, migration 0075). */
export const frStoreDaily = pgTable(
  'fr_store_daily',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    ...sumColumns(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.storeId] })],
);

/** fr_store_hourly without the store: a row a day and local hour of the whole tenant (its trend, migration 0075). */
export const frTenantHourly = pgTable(
  'fr_tenant_hourly',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    hour: smallint('hour').notNull(),
    ...sumColumns(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.hour] })],
);

/** The reads of fitting-scene readers (smart-store/raw-data), with the SKU each EPC's tag names (view, migration 0074). */
export const frRawReads = pgView('fr_raw_reads', {
  tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
  id: bigint('id', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  equipmentCoding: text('equipment_coding').notNull(),
  epc: text('epc').notNull(),
  antenna: smallint('antenna'),
  rssiCdbm: integer('rssi_cdbm'),
  readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }).notNull(),
  locationId: bigint('location_id', { mode: 'number' }),
  locationName: text('location_name').notNull(),
  skuId: bigint('sku_id', { mode: 'number' }),
  skuBarcode: text('sku_barcode').notNull(),
}).existing();
