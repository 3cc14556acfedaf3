import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Read sessions (operations.md F3/F4; packages/domain/src/rfid/sessions.ts for kinds and states):
 * one row a session of one reader — a tunnel's carton, a handheld's job, an uploaded pad session.
 * Its EPCs are rfid_session_epcs; epc_count and read_count are kept on the row by whoever appends.
 */
export const rfidReadSessions = pgTable(
  'rfid_read_sessions',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    /** 'RS' + yyyymmdd + a sequence of the day (core/numbering.ts) */
    code: text('code').notNull(),
    /** READ_SESSION_KIND */
    kind: smallint('kind').notNull(),
    equipmentCoding: text('equipment_coding').notNull(),
    /** where the reader was bound when the session opened (a zone, mostly) */
    locationId: bigint('location_id', { mode: 'number' }),
    /** what the session reads for: 'carton', 'count', 'qi', …; '' for none (a tunnel's reads without a scan) */
    subjectType: text('subject_type').notNull().default(''),
    subjectId: bigint('subject_id', { mode: 'number' }),
    subjectCode: text('subject_code').notNull().default(''),
    /** the handheld's own id of an uploaded session: an upload is idempotent by it */
    deviceSessionId: text('device_session_id'),
    startedAt: ts('started_at').notNull(),
    endedAt: ts('ended_at'),
    /** the server's time of the last reads appended (a live session's quiet close counts from it) */
    lastReadAt: ts('last_read_at'),
    epcCount: integer('epc_count').notNull().default(0),
    readCount: bigint('read_count', { mode: 'number' }).notNull().default(0),
    /** READ_SESSION_STATE */
    state: smallint('state').notNull(),
    /** uploaded by a handheld after the fact (F4), not read live */
    offline: boolean('offline').notNull().default(false),
    uploadedAt: ts('uploaded_at'),
    /** why pad review rejected it (warehouse/pad-review) */
    rejectReason: text('reject_reason').notNull().default(''),
    /** the console user who uploaded it as a file; null: its device */
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** its last move on pad review */
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('rfid_read_sessions_code_idx').on(t.tenantId, t.code),
    uniqueIndex('rfid_read_sessions_device_idx')
      .on(t.tenantId, t.equipmentCoding, t.deviceSessionId)
      .where(sql`${t.deviceSessionId} is not null`),
    // a reader has one OPEN session at most; the fold and a scan find it by this index, the quiet
    // close sweeps it (few rows: one a reader at most)
    uniqueIndex('rfid_read_sessions_open_idx').on(t.tenantId, t.equipmentCoding).where(sql`${t.state} = 1`),
    index('rfid_read_sessions_subject_idx').on(t.tenantId, t.subjectType, t.subjectCode),
    check('rfid_read_sessions_kind_enum', sql`${t.kind} in (1, 2, 3, 4, 5, 6, 7)`),
    check('rfid_read_sessions_state_enum', sql`${t.state} in (0, 1, 2, 3, 4, 5)`),
    // the lengths pad review's declaration states (migration 0051)
    ...(
      [
        ['code', 32],
        ['equipment_coding', 64],
        ['subject_type', 32],
        ['subject_code', 64],
        ['device_session_id', 100],
        ['reject_reason', 256],
      ] as const
    ).map(([col, max]) => check(`rfid_read_sessions_${col}_len`, sql`char_length(${sql.identifier(col)}) <= ${sql.raw(String(max))}`)),
    // pad review lists one kind, newest first
    index('rfid_read_sessions_kind_idx').on(t.tenantId, t.kind, t.createdAt, t.id),
  ],
);

/** The EPCs a session read: one row a (session, EPC), its reads added up. */
export const rfidSessionEpcs = pgTable(
  'rfid_session_epcs',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    sessionId: bigint('session_id', { mode: 'number' }).notNull(),
    /** upper-case hex */
    epc: text('epc').notNull(),
    firstAt: ts('first_at').notNull(),
    lastAt: ts('last_at').notNull(),
    reads: integer('reads').notNull(),
    /** the strongest read's RSSI (hundredths of dBm) and antenna */
    maxRssiCdbm: integer('max_rssi_cdbm'),
    antenna: integer('antenna'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.sessionId, t.epc] }),
    foreignKey({
      name: 'rfid_session_epcs_session_fk',
      columns: [t.tenantId, t.sessionId],
      foreignColumns: [rfidReadSessions.tenantId, rfidReadSessions.id],
    }).onDelete('cascade'),
  ],
);
