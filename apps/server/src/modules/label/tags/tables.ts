import { bindingRecordResource, ENUMS, TAG_STATUS, tagExceptionResource } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { resourceTable } from '../../../db/resource-table.js';

/**
 * Tables of the tags area (re-exported by the label module's tables.ts so drizzle-kit sees them).
 * label_tags (the tag registry, declaration label/tid-binding; the EPC query reads the same rows)
 * is written by hand after its declaration, because an order's million tags must be written in
 * seconds: no per-row foreign-key check at all (to tenants, SKUs or orders: a key's check costs as
 * much as the row — the tags are written for an order read in the same job, and an order is
 * deleted only as a draft, before it has tags, its hooks refusing one with tags), and only the
 * indexes the screens need — the primary key, unique (tenant_id, epc), (tenant_id, order_id) for an
 * order's tags, and unique (tenant_id, tid) where a TID is set (a partial index).
 */
export const labelTags = pgTable(
  'label_tags',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    epc: text('epc').notNull().default(''),
    tid: text('tid').notNull().default(''),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    // a plain id (see the declaration): no key, no index
    skuId: integer('sku_id').notNull(),
    gtin: text('gtin').notNull().default(''),
    serial: text('serial').notNull().default(''),
    status: smallint('status').notNull().default(TAG_STATUS.GENERATED),
    boundAt: timestamp('bound_at', { withTimezone: true, mode: 'date' }),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('label_tags_epc_uq').on(t.tenantId, t.epc),
    uniqueIndex('label_tags_tid_key').on(t.tenantId, t.tid).where(sql`${t.tid} <> ''`),
    index('label_tags_order_id_ref_idx').on(t.tenantId, t.orderId),
    check('label_tags_epc_len', sql`char_length(${t.epc}) <= 64`),
    check('label_tags_tid_len', sql`char_length(${t.tid}) <= 64`),
    check('label_tags_gtin_len', sql`char_length(${t.gtin}) <= 14`),
    check('label_tags_serial_len', sql`char_length(${t.serial}) <= 20`),
    check('label_tags_sku_id_range', sql`${t.skuId} >= 1 and true`),
    check('label_tags_status_enum', sql`${t.status} in (${sql.raw(ENUMS.TagStatus.map((o) => o.value).join(', '))})`),
  ],
);
export const labelTagBindings = resourceTable(bindingRecordResource);
export const labelTagExceptions = resourceTable(tagExceptionResource);

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The tag event history (feed label/lifecycle, packages/domain/src/feed/tag-events.ts): full EPCIS
 * 2.0 events (Object, Aggregation, Transaction, Association; migration 0054; and the events partners
 * capture, Transformation too: 0077), partitioned by month on created_at (the event time; PARTITION BY
 * is hand-written in the migration; older than the months kept: a default partition). An event names a
 * few EPCs (`epcs`, GIN-indexed: an aggregation's children) or a whole label order (`order_id`, one
 * row for all its tags).
 */
export const labelTagEvents = pgTable(
  'label_tag_events',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    /** the event time (EPCIS eventTime) */
    createdAt: ts('created_at').notNull().defaultNow(),
    eventTimeZoneOffset: text('event_time_zone_offset').notNull().default('+00:00'),
    recordTime: ts('record_time').notNull().defaultNow(),
    /** ObjectEvent, AggregationEvent, TransactionEvent, AssociationEvent */
    eventType: text('event_type').notNull().default('ObjectEvent'),
    /** GS1's canonical event hash, ni:///sha-256;…?ver=CBV2.0 ('' for rows before migration 0054) */
    eventId: text('event_id').notNull().default(''),
    /** ADD, OBSERVE, DELETE */
    action: text('action').notNull(),
    bizStep: text('biz_step').notNull(),
    disposition: text('disposition').notNull().default(''),
    readPoint: text('read_point').notNull().default(''),
    bizLocation: text('biz_location').notNull().default(''),
    /** [{ type: 'po', id: 'LPO…' }] */
    bizTransactions: jsonb('biz_transactions').notNull().default([]),
    /** the parent's URI (an aggregation's SSCC, urn:epc:id:sscc:…), '' for none */
    parentId: text('parent_id').notNull().default(''),
    /** [{ epcClass: URI, quantity, uom? }]: an aggregation's child quantities, else the quantity list */
    quantities: jsonb('quantities').notNull().default([]),
    /** CBV sources and destinations: [{ type: 'owning_party' | 'possessing_party' | 'location', id: URI }] */
    sources: jsonb('sources').notNull().default([]),
    destinations: jsonb('destinations').notNull().default([]),
    /** { declarationTime, reason?, correctiveEventIDs? } of an event declared in error */
    errorDeclaration: jsonb('error_declaration'),
    /** the EPCs (upper-case hex) the event names (an aggregation's children); empty for an event of a whole order */
    epcs: text('epcs').array().notNull().default(sql`'{}'::text[]`),
    /** the first EPC (the feed's column) */
    epc: text('epc').notNull().default(''),
    /** the tags it covers */
    epcCount: integer('epc_count').notNull().default(0),
    orderId: bigint('order_id', { mode: 'number' }),
    orderCode: text('order_code').notNull().default(''),
    userId: bigint('user_id', { mode: 'number' }),
    username: text('username').notNull().default(''),
    /** what recorded it: a screen, a job, a device code */
    source: text('source').notNull().default(''),
    /** the location it happened at (a store's or warehouse's user reads its own place's events) */
    locationId: bigint('location_id', { mode: 'number' }),
    /** a captured event as it came (EPCIS interface): { event, context? } — its extensions, ILMD, sensor data kept (migration 0077) */
    doc: jsonb('doc'),
    /** the capture (epcis_captures) that brought it */
    captureId: bigint('capture_id', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.createdAt, t.id] }),
    index('label_tag_events_epcs_idx').using('gin', t.epcs),
    index('label_tag_events_order_idx').on(t.tenantId, t.orderId, t.createdAt),
    index('label_tag_events_event_id_idx').on(t.tenantId, t.eventId).where(sql`${t.eventId} <> ''`),
    index('label_tag_events_parent_idx').on(t.tenantId, t.parentId).where(sql`${t.parentId} <> ''`),
    index('label_tag_events_capture_idx').on(t.tenantId, t.captureId).where(sql`${t.captureId} is not null`),
    // a subscription's deliveries and GE_recordTime pulls: events in record-time order from a point on
    index('label_tag_events_record_idx').on(t.tenantId, t.recordTime, t.id),
    check(
      'label_tag_events_event_type_enum',
      sql`${t.eventType} in ('ObjectEvent', 'AggregationEvent', 'TransactionEvent', 'AssociationEvent', 'TransformationEvent')`,
    ),
  ],
);

/**
 * EPCs withdrawn from their order (Reset EPC deletes the order's tags): kept so the lifecycle of a
 * withdrawn EPC still finds its order's events, and so no withdrawn EPC is generated again.
 */
export const labelTagWithdrawals = pgTable(
  'label_tag_withdrawals',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    epc: text('epc').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    skuId: bigint('sku_id', { mode: 'number' }),
    /** when its tag was generated: its order's whole-order events apply to it from then to its withdrawal */
    generatedAt: ts('generated_at'),
    withdrawnAt: ts('withdrawn_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.epc] })],
);
