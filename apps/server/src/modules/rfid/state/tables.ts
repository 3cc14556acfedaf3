import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The state of every EPC a tenant's readers have seen (area P, issue 13): what the raw reads add
 * up to — first and last seen, read count, the last reader/antenna/location/RSSI — and its presence
 * (packages/domain/src/rfid/presence.ts): `present` at a location since a time, `departed` after a
 * silence, `sold` by a point-of-sale reader; null while it was never placed (read only by unbound
 * readers). One row per (tenant, EPC), written by the fold (fold.ts) from the fold queue.
 */
export const rfidEpcStates = pgTable(
  'rfid_epc_states',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    /** upper-case hex */
    epc: text('epc').notNull(),
    tid: text('tid'),
    firstSeenAt: ts('first_seen_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    readCount: bigint('read_count', { mode: 'number' }).notNull().default(0),
    lastEquipment: text('last_equipment').notNull().default(''),
    lastAntenna: integer('last_antenna'),
    lastLocationId: bigint('last_location_id', { mode: 'number' }),
    /** hundredths of dBm */
    lastRssiCdbm: integer('last_rssi_cdbm'),
    /** RfidPresence: present, departed, sold; null when never placed */
    presence: text('presence'),
    presenceLocationId: bigint('presence_location_id', { mode: 'number' }),
    presenceSince: ts('presence_since'),
    /** the reader that placed it (unbinding a reader closes the presence it placed) */
    presenceEquipment: text('presence_equipment'),
    /** the last read at the presence location, and the location's smoothed RSSI (presence.ts; until migration 0044 the last read's) */
    presenceSeenAt: ts('presence_seen_at'),
    presenceRssiCdbm: integer('presence_rssi_cdbm'),
    /** when a present tag departs if no read at its location comes (presence_seen_at + the scene's departAfter) */
    departDueAt: ts('depart_due_at'),
    /**
     * When the departure sweep looks at a present tag next: at or before depart_due_at, kept while
     * re-reads push the due time on (the sweep moves it up to the due time when it passes), so a
     * re-read changes no indexed column and its write stays on its page (a HOT update, no index entry)
     */
    departCheckAt: ts('depart_check_at'),
    /**
     * Another location reading it, not (yet) enough to move it: since its first read, its smoothed
     * RSSI, its reads at distinct instants (null on a row from before 0044: one), its last read
     * (null: candidate_since) and reader
     */
    candidateLocationId: bigint('candidate_location_id', { mode: 'number' }),
    candidateSince: ts('candidate_since'),
    candidateRssiCdbm: integer('candidate_rssi_cdbm'),
    candidateReads: smallint('candidate_reads'),
    candidateSeenAt: ts('candidate_seen_at'),
    candidateEquipment: text('candidate_equipment'),
    soldAt: ts('sold_at'),
    /**
     * sold: reads elsewhere before this are ignored (the sale's scene's returnGuard); departed through
     * an EAS exit: that exit's reads up to this are the same passage, no second alarm (presence.ts)
     */
    returnGuardUntil: ts('return_guard_until'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** the minute of last_seen_at (epoch minutes): the list's index, changed once a minute however often a tag is read */
    seenMinute: bigint('seen_minute', { mode: 'number' }).generatedAlwaysAs(sql`tagloom_epoch_minute(last_seen_at)`),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.epc] }),
    // newest seen first: by minute, then sorted within the minute (incremental sort). An index on
    // last_seen_at itself would take a new entry at every fold of every tag (no HOT update)
    index('rfid_epc_states_seen_idx').on(t.tenantId, t.seenMinute.desc()),
    index('rfid_epc_states_presence_idx').on(t.tenantId, t.presence, t.presenceLocationId),
    index('rfid_epc_states_depart_idx').on(t.departCheckAt).where(sql`${t.presence} = 'present'`),
    index('rfid_epc_states_placed_idx').on(t.tenantId, t.presenceEquipment).where(sql`${t.presence} = 'present'`),
    check('rfid_epc_states_presence_enum', sql`${t.presence} in ('present', 'departed', 'sold')`),
  ],
);

/**
 * Batches acknowledged and not folded into EPC state yet (fold-queue.ts): one row a batch, written
 * in the ingestion statement beside the raw reads, deleted in the transaction that folds it. The
 * reads as the fold needs them, one line each (EPC, TID, time, antenna, RSSI, read count).
 */
export const rfidFoldQueue = pgTable(
  'rfid_fold_queue',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    batchId: bigint('batch_id', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    equipmentCoding: text('equipment_coding').notNull(),
    locationId: bigint('location_id', { mode: 'number' }),
    sceneId: bigint('scene_id', { mode: 'number' }),
    reads: integer('reads').notNull(),
    data: text('data').notNull(),
    /** folds of this batch that failed; at FOLD_ATTEMPTS it is left aside (health: stuck) */
    attempts: integer('attempts').notNull().default(0),
    /** the last failure's message */
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.batchId] })],
);
