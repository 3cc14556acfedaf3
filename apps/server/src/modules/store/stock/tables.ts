/** A store's on-shelf availability day by day (store/inventory → Refill, store/report-stocktaking). */
import { bigint, date, doublePrecision, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row a store and day (UTC): the hourly samples of its floor's on-shelf availability (osa.ts) —
 * how many were taken and the sum of their shares (the day's OSA is their mean) — and the last
 * sample's options in stock and options full on the floor.
 */
export const storeOsaDays = pgTable(
  'store_osa_days',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    siteId: bigint('site_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    samples: integer('samples').notNull().default(0),
    osaSum: doublePrecision('osa_sum').notNull().default(0),
    options: integer('options').notNull().default(0),
    full: integer('full').notNull().default(0),
    sampledAt: timestamp('sampled_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.siteId, t.day] })],
);
