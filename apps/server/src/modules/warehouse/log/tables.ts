import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The warehouse log (feed warehouse/log, ../shared/operations.md F8): a row a move of a warehouse
 * document's machine, partitioned by month on created_at (the move's time; PARTITION BY is
 * hand-written in migration 0050, partitions kept 24 months by core/partitions.ts). The site's name
 * is kept as it was, as the raw reads keep their place's.
 */
export const wmsLog = pgTable(
  'wms_log',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** null: a system move without a user (a job) */
    userId: bigint('user_id', { mode: 'number' }),
    username: text('username').notNull().default(''),
    siteId: bigint('site_id', { mode: 'number' }),
    siteName: text('site_name').notNull().default(''),
    /** the document's declaration code (warehouse/bill, warehouse/box …) */
    docType: text('doc_type').notNull(),
    docId: bigint('doc_id', { mode: 'number' }).notNull(),
    docCode: text('doc_code').notNull().default(''),
    action: text('action').notNull(),
    fromState: integer('from_state'),
    toState: integer('to_state'),
    epcCount: integer('epc_count').notNull().default(0),
    /** what the action was given (a reason …), whether the system moved it */
    detail: jsonb('detail'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.createdAt, t.id] }),
    // a site's user's list (party scope) and the document code search, newest first
    index('wms_log_site_idx').on(t.tenantId, t.siteId, t.createdAt, t.id),
    index('wms_log_doc_code_prefix_idx').on(t.tenantId, sql`upper(${t.docCode}) text_pattern_ops`, t.createdAt, t.id),
  ],
);
