import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, real, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Tables of the ingestion area (re-exported by the rfid module's tables.ts so drizzle-kit sees
 * them). The three feeds (packages/domain/src/feed/rfid.ts) are partitioned by range on created_at
 * (PARTITION BY is hand-written in the migration; partitions kept by core/partitions.ts). Only the
 * indexes the screens need: every index costs each of the millions of reads written.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Raw tag reads (feed rfid/raw-data), by day; created_at is the read's time. */
export const rfidReads = pgTable(
  'rfid_reads',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    equipmentCoding: text('equipment_coding').notNull(),
    /** upper-case hex */
    epc: text('epc').notNull(),
    tid: text('tid').notNull().default(''),
    antenna: smallint('antenna'),
    /** hundredths of a dBm */
    rssiCdbm: integer('rssi_cdbm'),
    frequencyKhz: integer('frequency_khz'),
    readCount: integer('read_count').notNull().default(1),
    /** degrees, when the reader reports it */
    phase: real('phase'),
    /** where the reader was bound when it read (null: an unbound reader) */
    locationId: bigint('location_id', { mode: 'number' }),
    locationName: text('location_name').notNull().default(''),
    sceneId: bigint('scene_id', { mode: 'number' }),
    batchId: bigint('batch_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.createdAt, t.id] }),
    // the EPC and reader filters (starts with, any case), newest first, by index
    index('rfid_reads_epc_prefix_idx').on(t.tenantId, sql`upper(${t.epc}) text_pattern_ops`, t.createdAt, t.id),
    index('rfid_reads_equipment_prefix_idx').on(t.tenantId, sql`upper(${t.equipmentCoding}) text_pattern_ops`, t.createdAt, t.id),
  ],
);

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
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.equipmentCoding, t.batchKey] }), index('rfid_batch_keys_created_idx').on(t.createdAt)],
);
