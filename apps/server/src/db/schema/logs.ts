import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * High-volume logs: partitioned by month on created_at (see the migration), pruned by the
 * maintenance job. created_at is part of the primary key because PostgreSQL requires the
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
  ],
);

/** Tables partitioned by month, and the column they are partitioned on. */
export const PARTITIONED_TABLES = ['login_log', 'operation_log'] as const;
