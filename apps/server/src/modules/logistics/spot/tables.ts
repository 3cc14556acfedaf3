import { bigint, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** A sender of goods to a DC, as the spot check keeps its rate: a factory, or a site (a store or warehouse sending). */
export const SENDER_KIND = { FACTORY: 1, LOCATION: 2 } as const;

/**
 * A sender's raised spot-check rate (../shared/operations.md §7): a failed spot check raises the
 * share of its cartons picked at random to 10 % for 30 days; one row a sender, the latest failure's
 * (migration 0072). A sender without a row, or whose row expired, is picked at the usual 2 %.
 */
export const wmsSpotRates = pgTable(
  'wms_spot_rates',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    senderKind: smallint('sender_kind').notNull(),
    senderId: bigint('sender_id', { mode: 'number' }).notNull(),
    ratePct: smallint('rate_pct').notNull(),
    until: timestamp('until', { withTimezone: true, mode: 'date' }).notNull(),
    /** the carton whose failure raised it (its number) */
    reason: text('reason').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.senderKind, t.senderId] })],
);
