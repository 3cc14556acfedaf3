import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
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
import { tenants } from './platform.js';
import { schedulerTasks } from './resources.js';

/**
 * High-volume logs (feeds, see packages/domain/src/feed): partitioned by range on created_at (by
 * month or day as each feed declares, see core/partitions.ts), pruned per feed's retention. Each
 * has a (created_at, id) index for the keyset lists across tenants. created_at is part of the primary key because PostgreSQL requires the
 * partition key in it; tenant_id leads it for sharding.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const loginLog = pgTable(
  'login_log',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    userId: bigint('user_id', { mode: 'number' }),
    username: text('username').notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    loginType: text('login_type').notNull().default('1'),
    /** 1 success, 0 failure */
    result: smallint('result').notNull(),
    message: text('message').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.createdAt, t.id] }),
    index('login_log_username_idx').on(t.username, t.createdAt),
    index('login_log_ip_idx').on(t.ip, t.createdAt),
    index('login_log_keyset_idx').on(t.createdAt, t.id),
  ],
);

export const operationLog = pgTable(
  'operation_log',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    userId: bigint('user_id', { mode: 'number' }),
    username: text('username').notNull().default(''),
    screen: text('screen').notNull().default(''),
    action: text('action').notNull().default(''),
    method: text('method').notNull(),
    url: text('url').notNull(),
    target: text('target').notNull().default(''),
    /** 1 success, 0 failure */
    result: smallint('result').notNull(),
    status: integer('status').notNull(),
    message: text('message').notNull().default(''),
    ip: text('ip').notNull().default(''),
    durationMs: integer('duration_ms').notNull().default(0),
    body: jsonb('body'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.createdAt, t.id] }),
    index('operation_log_screen_idx').on(t.tenantId, t.screen, t.createdAt),
    index('operation_log_keyset_idx').on(t.createdAt, t.id),
  ],
);

/** Exchanges with outside systems (ERP, WMS, label suppliers): one row per document sent or received. */
export const syncLog = pgTable(
  'sync_log',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** 1 inbound (received), 2 outbound (pushed): enum SyncDirection */
    direction: smallint('direction').notNull(),
    /** the other system, e.g. ERP, WMS, SAP */
    system: text('system').notNull(),
    businessType: text('business_type').notNull().default(''),
    documentNo: text('document_no').notNull().default(''),
    /** 1 success, 0 failure */
    result: smallint('result').notNull(),
    message: text('message').notNull().default(''),
    durationMs: integer('duration_ms').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.createdAt, t.id] }),
    index('sync_log_document_idx').on(t.documentNo, t.createdAt),
    index('sync_log_keyset_idx').on(t.createdAt, t.id),
  ],
);

/** Events reported by readers, handhelds, gates and printers. */
export const deviceLog = pgTable(
  'device_log',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    deviceCode: text('device_code').notNull(),
    /** enum DeviceEventType */
    eventType: text('event_type').notNull(),
    /** enum LogLevel: info, warn, error */
    level: text('level').notNull().default('info'),
    message: text('message').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.createdAt, t.id] }),
    // the device filter (starts with, any case): one device's events newest first, by index
    index('device_log_device_prefix_idx').on(sql`upper(${t.deviceCode}) text_pattern_ops`, t.createdAt, t.id),
    index('device_log_keyset_idx').on(t.createdAt, t.id),
    index('device_log_event_idx').on(t.eventType, t.createdAt, t.id),
  ],
);

/** Run history of scheduled tasks (pruned to the last runs of each task; not partitioned). */
export const schedulerRuns = pgTable(
  'scheduler_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    taskId: bigint('task_id', { mode: 'number' })
      .notNull()
      .references(() => schedulerTasks.id, { onDelete: 'cascade' }),
    /** the due time this run was claimed for */
    firedAt: ts('fired_at').notNull(),
    startedAt: ts('started_at').notNull(),
    endedAt: ts('ended_at').notNull(),
    durationMs: integer('duration_ms').notNull(),
    /** 1 success, 0 failure */
    result: smallint('result').notNull(),
    /** i18n key of the outcome and its parameters; `message` holds raw error text */
    messageKey: text('message_key').notNull().default(''),
    params: jsonb('params'),
    message: text('message').notNull().default(''),
  },
  (t) => [index('scheduler_runs_task_idx').on(t.taskId, t.id)],
);

/**
 * Credentials of devices writing to feeds (POST /api/ingest/…): one key per device of a tenant,
 * stored as its SHA-256 (the key is 32 random bytes, shown once when issued).
 */
export const deviceKeys = pgTable(
  'device_keys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: bigint('tenant_id', { mode: 'number' })
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    deviceCode: text('device_code').notNull(),
    keyHash: text('key_hash').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [uniqueIndex('device_keys_hash_idx').on(t.keyHash), index('device_keys_device_idx').on(t.tenantId, t.deviceCode)],
);
