import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Tables of the ingestion area (re-exported by the rfid module's tables.ts so drizzle-kit sees
 * them). The three feeds (packages/domain/src/feed/rfid.ts) are partitioned by range on created_at
 * (PARTITION BY is hand-written in the migration; partitions kept by core/partitions.ts). Only the
 * indexes the screens need: every index costs each of the millions of reads written.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Raw tag reads (feed rfid/raw-data), by day: ONE row a payload's reads, a column of arrays for each
 * field of a read (the n-th element of each is read n), created_at the time the batch was received.
 * A read costs an array element instead of a row and three index entries: a tenth of the
 * database's work a read (bench/ingest). Found by reader (one index entry a batch) and by EPC (a
 * GIN index on the array of EPCs, updated in place: a lookup never scans a pending list).
 */
export const rfidReadBatches = pgTable(
  'rfid_read_batches',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    batchId: bigint('batch_id', { mode: 'number' }).notNull(),
    equipmentCoding: text('equipment_coding').notNull(),
    /** where the reader was bound when it read (null: an unbound reader) */
    locationId: bigint('location_id', { mode: 'number' }),
    locationName: text('location_name').notNull().default(''),
    sceneId: bigint('scene_id', { mode: 'number' }),
    reads: integer('reads').notNull(),
    /** each read's time, epoch milliseconds */
    atMs: doublePrecision('at_ms').array().notNull(),
    /** upper-case hex */
    epcs: text('epcs').array().notNull(),
    /** '' when the reader sent none */
    tids: text('tids').array().notNull(),
    antennas: smallint('antennas').array().notNull(),
    /** hundredths of a dBm */
    rssis: integer('rssis').array().notNull(),
    freqs: integer('freqs').array().notNull(),
    counts: integer('counts').array().notNull(),
    /** degrees to 0.01, when the reader reports it */
    phases: real('phases').array().notNull(),
    /** Hz to 0.01 (Impinj dopplerFrequency), when the reader reports it (migration 0043) */
    dopplers: real('dopplers').array(),
    /** what tag access operations read with the inventory (formats.ts TagRead.memory), null when none (migration 0043) */
    memories: text('memories').array(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.createdAt, t.batchId] }),
    index('rfid_read_batches_epcs_idx').using('gin', t.epcs).with({ fastupdate: false }),
    index('rfid_read_batches_equipment_prefix_idx').on(
      t.tenantId,
      sql`upper(${t.equipmentCoding}) text_pattern_ops`,
      t.createdAt,
      t.batchId,
    ),
  ],
);

/**
 * One row a read (a view, migration 0039): the batches' arrays unnested in their order. created_at
 * is the batch's (received; the list's window and order, pruning partitions), read_at the read's
 * own time; id = batch id × 10,000 + the read's place (a batch holds at most INGEST_MAX_EVENTS,
 * 5,000); batch_epcs the batch's array of EPCs (a filter on it is answered by the GIN index).
 */
export const rfidReads = pgView('rfid_reads', {
  tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
  id: bigint('id', { mode: 'number' }).notNull(),
  createdAt: ts('created_at').notNull(),
  equipmentCoding: text('equipment_coding').notNull(),
  epc: text('epc').notNull(),
  tid: text('tid').notNull(),
  antenna: smallint('antenna'),
  rssiCdbm: integer('rssi_cdbm'),
  frequencyKhz: integer('frequency_khz'),
  readCount: integer('read_count').notNull(),
  phase: real('phase'),
  dopplerHz: real('doppler_hz'),
  memory: text('memory'),
  readAt: ts('read_at').notNull(),
  locationId: bigint('location_id', { mode: 'number' }),
  locationName: text('location_name').notNull(),
  sceneId: bigint('scene_id', { mode: 'number' }),
  batchId: bigint('batch_id', { mode: 'number' }).notNull(),
  batchEpcs: text('batch_epcs').array().notNull(),
}).existing();

/** One row a payload (feed rfid/report-state), by day; created_at is when it was received. */
export const rfidBatches = pgTable(
  'rfid_batches',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    equipmentCoding: text('equipment_coding').notNull(),
    /** impinj, zebra */
    format: text('format').notNull(),
    /** http, mqtt */
    transport: text('transport').notNull(),
    /** the sender's batch id (Idempotency-Key / X-Batch-Id) or the body's SHA-256 */
    batchKey: text('batch_key').notNull().default(''),
    events: integer('events').notNull().default(0),
    tagReads: integer('tag_reads').notNull().default(0),
    statusEvents: integer('status_events').notNull().default(0),
    invalid: integer('invalid').notNull().default(0),
    /** ok, partial, rejected */
    status: text('status').notNull(),
    /** the first invalid event's reason (RFID_INVALID_REASONS), '' when none */
    firstError: text('first_error').notNull().default(''),
    /** the first invalid events: [{ index, reason: { key, params } }] */
    errors: jsonb('errors').notNull().default([]),
    durationMs: integer('duration_ms').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.createdAt, t.id] }),
    index('rfid_batches_equipment_prefix_idx').on(t.tenantId, sql`upper(${t.equipmentCoding}) text_pattern_ops`, t.createdAt, t.id),
    index('rfid_batches_key_idx').on(t.tenantId, t.batchKey, t.createdAt),
  ],
);

/** The equipment log (feed rfid/equipment-log), by month. */
export const rfidEquipmentEvents = pgTable(
  'rfid_equipment_events',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    equipmentCoding: text('equipment_coding').notNull(),
    /** RFID_EQUIPMENT_EVENT_TYPES */
    eventType: text('event_type').notNull(),
    /** info, warn, error */
    level: text('level').notNull().default('info'),
    antenna: smallint('antenna'),
    message: text('message').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.createdAt, t.id] }),
    index('rfid_equipment_events_equipment_prefix_idx').on(
      t.tenantId,
      sql`upper(${t.equipmentCoding}) text_pattern_ops`,
      t.createdAt,
      t.id,
    ),
    index('rfid_equipment_events_type_idx').on(t.tenantId, t.eventType, t.createdAt, t.id),
  ],
);

/**
 * Batch keys already stored (not partitioned, pruned by age): a resend of a batch (same key from
 * the same reader) returns the first result and stores nothing. Keyed by the reader's coding, not
 * its credential, so a resend after a key rotation is still recognised.
 */
export const rfidBatchKeys = pgTable(
  'rfid_batch_keys',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    equipmentCoding: text('equipment_coding').notNull(),
    batchKey: text('batch_key').notNull(),
    batchId: bigint('batch_id', { mode: 'number' }),
    /** the first answer: { batchId, accepted, invalid, errors } */
    result: jsonb('result'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /**
     * the SHA-256 (hex) of the body stored under a key the reader gave: the same key with another
     * body is refused (409), not taken for a resend. Null when the key is the body's hash itself.
     */
    bodyHash: text('body_hash'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.equipmentCoding, t.batchKey] }), index('rfid_batch_keys_created_idx').on(t.createdAt)],
);

/**
 * The ingestion's token buckets (quota.ts), in events: one row a reader, and one a tenant
 * (equipment_coding ''). `tokens` is the level at `updated_at`; it refills at `rate` a second up to
 * `burst` and may fall below zero (a batch taken with a few tokens left is taken whole: the reader
 * then waits until the level is above zero again). Written by each server process at most every
 * few hundred milliseconds with what it took since (one statement), which answers the levels. The
 * batches refused today (the operator's panel) are counted on the reader's row.
 */
export const rfidIngestBuckets = pgTable(
  'rfid_ingest_buckets',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    /** the reader's coding; '' for the tenant's bucket */
    equipmentCoding: text('equipment_coding').notNull(),
    tokens: doublePrecision('tokens').notNull(),
    /** events a second, as last configured */
    rate: doublePrecision('rate').notNull(),
    burst: doublePrecision('burst').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** the day (the database's) refused_batches counts */
    refusedDay: date('refused_day', { mode: 'string' }),
    refusedBatches: integer('refused_batches').notNull().default(0),
    refusedAt: ts('refused_at'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.equipmentCoding] })],
);
