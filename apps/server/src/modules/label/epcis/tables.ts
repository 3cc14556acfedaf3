/**
 * Tables of the EPCIS interface (migration 0077; re-exported by the label module's tables.ts): the
 * captures (each capture job's outcome, as GET /capture/{captureID} tells it), the named queries and
 * their subscriptions (a webhook, its signature token, and the cursor it has been delivered up to).
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Values of epcis_captures.status. */
export const CAPTURE_STATUS = { RUNNING: 1, SUCCESS: 2, FAILED: 3, PARTIAL: 4 } as const;
/** Values of epcis_subscriptions.status. */
export const SUBSCRIPTION_STATUS = { ACTIVE: 1, SUSPENDED: 2 } as const;

export const epcisCaptures = pgTable(
  'epcis_captures',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    status: smallint('status').notNull().default(CAPTURE_STATUS.RUNNING),
    /** GS1-Capture-Error-Behaviour: rollback, proceed or all */
    errorBehaviour: text('error_behaviour').notNull().default('rollback'),
    eventsTotal: integer('events_total').notNull().default(0),
    eventsStored: integer('events_stored').notNull().default(0),
    /** events whose eventID the repository holds already (stored once) */
    eventsKnown: integer('events_known').notNull().default(0),
    /** the problems found: [{ type, title, status, detail }] */
    errors: jsonb('errors').notNull().default([]),
    jobId: text('job_id'),
    userId: bigint('user_id', { mode: 'number' }),
    keyId: bigint('key_id', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [primaryKey({ name: 'epcis_captures_pk', columns: [t.tenantId, t.id] })],
);

/**
 * A running capture's events as the rows they are stored as (read.ts preparedChunks: a JSON array a
 * chunk), made when the document came; the capture job stores a chunk a statement, then they go.
 */
export const epcisCaptureChunks = pgTable(
  'epcis_capture_chunks',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    captureId: bigint('capture_id', { mode: 'number' }).notNull(),
    seq: integer('seq').notNull(),
    /** the events it holds */
    events: integer('events').notNull(),
    rows: text('rows').notNull(),
  },
  (t) => [primaryKey({ name: 'epcis_capture_chunks_pk', columns: [t.tenantId, t.captureId, t.seq] })],
);

export const epcisQueries = pgTable(
  'epcis_queries',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    /** the query's parameters, as GET /events takes them */
    query: jsonb('query').notNull().default({}),
    userId: bigint('user_id', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'epcis_queries_pk', columns: [t.tenantId, t.name] })],
);

export const epcisSubscriptions = pgTable(
  'epcis_subscriptions',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    queryName: text('query_name').notNull(),
    /** the webhook the query documents are posted to */
    dest: text('dest').notNull(),
    /** the subscriber's token: the HMAC key of GS1-Signature */
    signatureToken: text('signature_token').notNull().default(''),
    reportIfEmpty: boolean('report_if_empty').notNull().default(false),
    /** delivered as events are captured (else on its schedule) */
    stream: boolean('stream').notNull().default(true),
    schedule: jsonb('schedule'),
    initialRecordTime: ts('initial_record_time'),
    /** delivered up to this record time and event id (advanced only after a 2xx) */
    cursorTime: ts('cursor_time'),
    cursorId: bigint('cursor_id', { mode: 'number' }).notNull().default(0),
    status: smallint('status').notNull().default(SUBSCRIPTION_STATUS.ACTIVE),
    failingSince: ts('failing_since'),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    /** the last delivery the subscriber answered 2xx */
    lastNotifiedAt: ts('last_notified_at'),
    lastError: text('last_error').notNull().default(''),
    userId: bigint('user_id', { mode: 'number' }),
    keyId: bigint('key_id', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'epcis_subscriptions_pk', columns: [t.tenantId, t.id] }),
    index('epcis_subscriptions_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 1`),
  ],
);
