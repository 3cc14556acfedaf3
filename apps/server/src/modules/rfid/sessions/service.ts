/**
 * Read sessions (operations.md F3): opened by a scan (a carton's barcode at a tunnel) or by the
 * first reads of a tunnel or handheld reader without one (append.ts), closed by the next scan, a
 * close (button or device), or their quiet (quiet.ts). Closing calls the subject's handlers
 * (subjects.ts) in the same transaction. Every write here runs in the caller's transaction.
 */
import { LOCATION_KIND, ONLINE, ZONE_TYPE } from '@tagloom/domain';
import { SCENE_TYPE } from '@tagloom/domain/rfid/presence.js';
import {
  QI_QUIET_CLOSE_MS,
  QUIET_CLOSE_MS,
  READ_SESSION_KIND,
  READ_SESSION_STATE,
  type ReadSessionKind,
  type ReadSessionState,
} from '@tagloom/domain/rfid/sessions.js';
import { type SQL, sql } from 'drizzle-orm';
import { badRequest, conflict, notFound } from '../../../core/errors.js';
import { nextDocumentCode } from '../../../core/numbering.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { bindingOf } from '../equipment/service.js';
import { FOLD_ATTEMPTS } from '../state/fold-queue.js';
import { sessionKindOfScene } from './append.js';
import { iso, numOrNull, type ReadSession, SESSION_COLUMNS, type SessionRow, sessionOf, sessionRows } from './row.js';
import { type SessionStep, sessionSubjects } from './subjects.js';

export { type ReadSession, SESSION_COLUMNS, type SessionRow, sessionOf, sessionRows } from './row.js';

/** Which sessions a caller reaches: `reach` (a user's party: its place's readers), else its tenant's. */
const reached = (reach?: SQL) => (reach ? sql`and ${reach}` : sql``);

/** How long a session of `s` stays open without a read: `quietMs`, and a QI sample's at least QI_QUIET_CLOSE_MS. */
const quietOf = (quietMs: number) =>
  sql`greatest(${quietMs}::float8, case when s.kind = ${READ_SESSION_KIND.QI} then ${QI_QUIET_CLOSE_MS}::float8 else 0 end) * interval '1 millisecond'`;

export interface OpenInput {
  equipmentCoding: string;
  subjectType: string;
  subjectCode: string;
  subjectId?: number | null;
  /** default: the reader's scene's (CARTON_CHECK for a tunnel, HANDHELD for a handheld) */
  kind?: ReadSessionKind;
  /** the console user starting it (its step is checked: sessionSubjects.steps); none for a device or the system */
  actor?: SessionStep['actor'];
}

/**
 * Opens a session on a reader for a subject (a scan): the reader's OPEN session closes first (its
 * subject's handlers run), so the reads from now on are the new subject's. Refused (400 naming the
 * field) for a reader the tenant has not, or one whose scene keeps no sessions (only tunnel and
 * handheld readers' reads go to sessions); a console user's start is asked of the step checks
 * (a warehouse's grants: 403 outside the user's zones).
 */
export async function openSession(
  tx: Tx,
  tenantId: number,
  input: OpenInput,
): Promise<{ session: ReadSession; closed: ReadSession | null }> {
  const binding = await bindingOf(tx, tenantId, input.equipmentCoding);
  if (!binding) throw badRequest('readSession.noReader', { equipment: input.equipmentCoding });
  const sceneKind = sessionKindOfScene(binding.sceneType);
  if (sceneKind === undefined) throw badRequest('readSession.notSessionReader', { equipment: input.equipmentCoding });
  if (input.actor)
    await sessionSubjects.checkStep(tx, {
      actor: input.actor,
      step: 'open',
      equipmentCoding: input.equipmentCoding,
      locationId: binding.locationId,
      subjectType: input.subjectType,
    });
  // the subject's owner may refuse the opening (or resolve its subject) seeing the reader's open session
  const [open] = await sessionRows(
    tx,
    sql`select ${SESSION_COLUMNS} from rfid_read_sessions s
        where s.tenant_id = ${tenantId} and s.equipment_coding = ${input.equipmentCoding} and s.state = ${READ_SESSION_STATE.OPEN} for update`,
  );
  const answer = await sessionSubjects.checkOpening(tx, {
    tenantId,
    equipmentCoding: input.equipmentCoding,
    locationId: binding.locationId,
    subjectType: input.subjectType,
    subjectCode: input.subjectCode,
    subjectId: input.subjectId ?? null,
    open: open ?? null,
  });
  const subjectId = answer?.subjectId !== undefined ? answer.subjectId : (input.subjectId ?? null);
  const subjectCode = answer?.subjectCode ?? input.subjectCode;
  const kind = input.kind ?? answer?.kind ?? sceneKind;
  const closed = await closeSession(tx, tenantId, { equipmentCoding: input.equipmentCoding });
  const code = await nextDocumentCode(tx, tenantId, 'RS');
  const [session] = await sessionRows(
    tx,
    sql`insert into rfid_read_sessions as s (tenant_id, code, kind, equipment_coding, location_id, subject_type, subject_id, subject_code,
          started_at, state)
        values (${tenantId}, ${code}, ${kind}, ${input.equipmentCoding}, ${binding.locationId}, ${input.subjectType}, ${subjectId},
          ${subjectCode}, now(), ${READ_SESSION_STATE.OPEN})
        returning ${SESSION_COLUMNS}`,
  );
  await answer?.opened?.(tx, session);
  if (session.subjectType) await sessionSubjects.progressed(tx, session);
  return { session, closed };
}

/**
 * Closes a session (by id) or a reader's OPEN session (by equipment), calling its subject's
 * handlers in the caller's transaction; null when there was none to close (by equipment). One
 * conditional UPDATE: a session closes once, whichever process or request comes first. By id, a
 * session not OPEN is refused (409), an unknown one 404.
 */
export async function closeSession(
  tx: Tx,
  tenantId: number,
  which: { id: number } | { equipmentCoding: string },
  reach?: SQL,
  /** the console user closing it (its step is checked, as an opening's) */
  actor?: SessionStep['actor'],
): Promise<ReadSession | null> {
  const where = 'id' in which ? sql`s.id = ${which.id}` : sql`s.equipment_coding = ${which.equipmentCoding}`;
  const [session] = await sessionRows(
    tx,
    sql`update rfid_read_sessions s set state = ${READ_SESSION_STATE.CLOSED}, ended_at = now()
        where s.tenant_id = ${tenantId} and ${where} and s.state = ${READ_SESSION_STATE.OPEN} ${reached(reach)}
        returning ${SESSION_COLUMNS}`,
  );
  if (session) {
    if (actor)
      await sessionSubjects.checkStep(tx, {
        actor,
        step: 'close',
        equipmentCoding: session.equipmentCoding,
        locationId: session.locationId,
        subjectType: session.subjectType,
      });
    await sessionSubjects.closed(tx, session);
    return session;
  }
  if (!('id' in which)) return null;
  const had = await getSession(tx, tenantId, which.id, reach);
  throw conflict('readSession.notOpen', { code: had.code });
}

/**
 * Closes one quiet session (no read nor opening for `quietMs`; a QI sample's for QI_QUIET_CLOSE_MS at least) in its own transaction, if it is
 * still OPEN and quiet then (another process, a read, a scan may have come first) and no batch of
 * its reader waits for the fold; its end is its last read. Returns whether it closed.
 */
export async function closeIfQuiet(db: Tx, tenantId: number, id: number, quietMs = QUIET_CLOSE_MS): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [session] = await sessionRows(
      tx,
      sql`update rfid_read_sessions s set state = ${READ_SESSION_STATE.CLOSED}, ended_at = coalesce(s.last_read_at, s.started_at)
          where s.tenant_id = ${tenantId} and s.id = ${id} and s.state = ${READ_SESSION_STATE.OPEN}
            and coalesce(s.last_read_at, s.started_at) < now() - ${quietOf(quietMs)}
            and not exists (select 1 from rfid_fold_queue q where q.tenant_id = s.tenant_id and q.equipment_coding = s.equipment_coding
                            and q.attempts < ${FOLD_ATTEMPTS})
          returning ${SESSION_COLUMNS}`,
    );
    if (session) await sessionSubjects.closed(tx, session);
    return !!session;
  });
}

/** OPEN sessions of every tenant quiet for `quietMs` (the sweep's candidates; the open index holds one row a reader at most). */
export async function quietSessions(db: Tx, quietMs = QUIET_CLOSE_MS, limit = 200): Promise<{ tenantId: number; id: number }[]> {
  const rows = await queryRows<{ tenant_id: string | number; id: string | number }>(
    db,
    sql`select s.tenant_id, s.id from rfid_read_sessions s
        where s.state = ${READ_SESSION_STATE.OPEN} and coalesce(s.last_read_at, s.started_at) < now() - ${quietOf(quietMs)}
        order by coalesce(s.last_read_at, s.started_at) limit ${limit}`,
  );
  return rows.map((r) => ({ tenantId: Number(r.tenant_id), id: Number(r.id) }));
}

/** A session of the tenant (within `reach`), or 404. */
export async function getSession(tx: Tx, tenantId: number, id: number, reach?: SQL): Promise<ReadSession> {
  const [session] = await sessionRows(
    tx,
    sql`select ${SESSION_COLUMNS} from rfid_read_sessions s where s.tenant_id = ${tenantId} and s.id = ${id} ${reached(reach)}`,
  );
  if (!session) throw notFound('readSession.notFound', { id });
  return session;
}

/**
 * Applies a reviewed session's reads to its subject (pad review, operations.md E4): its subject
 * type's handlers run (a carton's check, a count) in the caller's transaction — the review's, so a
 * handler that refuses undoes the review. The session as it is now.
 */
export async function applyReviewedSession(tx: Tx, tenantId: number, id: number): Promise<ReadSession> {
  const session = await getSession(tx, tenantId, id);
  await sessionSubjects.closed(tx, session);
  return session;
}

export interface SessionEpc {
  epc: string;
  firstAt: string;
  lastAt: string;
  reads: number;
  maxRssiCdbm: number | null;
  antenna: number | null;
}

/** A session's EPCs in EPC order, `limit` after `after` (keyset). */
export async function sessionEpcs(tx: Tx, tenantId: number, sessionId: number, limit: number, after = ''): Promise<SessionEpc[]> {
  const rows = await queryRows<{
    epc: string;
    first_at: Date | string;
    last_at: Date | string;
    reads: number;
    max_rssi_cdbm: number | null;
    antenna: number | null;
  }>(
    tx,
    sql`select epc, first_at, last_at, reads, max_rssi_cdbm, antenna from rfid_session_epcs
        where tenant_id = ${tenantId} and session_id = ${sessionId} and epc > ${after} order by epc limit ${limit}`,
  );
  return rows.map((r) => ({
    epc: r.epc,
    firstAt: iso(r.first_at),
    lastAt: iso(r.last_at),
    reads: Number(r.reads),
    maxRssiCdbm: r.max_rssi_cdbm === null ? null : Number(r.max_rssi_cdbm),
    antenna: r.antenna === null ? null : Number(r.antenna),
  }));
}

export interface SessionFilter {
  equipment?: string;
  state?: number;
  subjectType?: string;
  subjectCode?: string;
  /** keyset: sessions with a smaller id */
  before?: number;
  limit: number;
}

/** The tenant's sessions (within `reach`), newest first. */
export async function listSessions(tx: Tx, tenantId: number, f: SessionFilter, reach?: SQL): Promise<ReadSession[]> {
  const and = (cond: SQL | false) => (cond ? sql` and ${cond}` : sql``);
  return sessionRows(
    tx,
    sql`select ${SESSION_COLUMNS} from rfid_read_sessions s where s.tenant_id = ${tenantId} ${reached(reach)}
        ${and(f.equipment !== undefined && sql`s.equipment_coding = ${f.equipment}`)}
        ${and(f.state !== undefined && sql`s.state = ${f.state}`)}
        ${and(f.subjectType !== undefined && sql`s.subject_type = ${f.subjectType}`)}
        ${and(f.subjectCode !== undefined && sql`s.subject_code = ${f.subjectCode}`)}
        ${and(f.before !== undefined && sql`s.id < ${f.before}`)}
        order by s.id desc limit ${f.limit}`,
  );
}

/** A tunnel reader (a dock) and its OPEN session, if any. */
export interface TunnelDock {
  equipmentCoding: string;
  equipmentName: string;
  locationId: number | null;
  locationName: string | null;
  online: boolean;
  open: ReadSession | null;
}

/**
 * The tenant's docks (within `reach`: a user's party's readers): its tunnel readers bound to a
 * receiving-dock zone (DOCK_IN) of a warehouse — not a tunnel elsewhere, such as a QI bench's or a
 * pack station's —, each with its OPEN session: the docks of a receiving check (at most 200; a DC
 * has a few).
 */
export async function tunnelDocks(tx: Tx, tenantId: number, reach?: SQL): Promise<TunnelDock[]> {
  const rows = await queryRows<
    SessionRow & {
      r_code: string;
      r_name: string;
      r_location_id: string | number | null;
      r_location: string | null;
      r_online: number;
      s_id: unknown;
    }
  >(
    tx,
    sql`select e.equipment_coding as r_code, e.equipment_name as r_name, e.location_id as r_location_id, l.name as r_location,
          e.online_status as r_online, s.id as s_id, ${SESSION_COLUMNS}
        from equipment e
        join rfid_scenes sc on sc.tenant_id = e.tenant_id and sc.id = e.scene_id and sc.scene_type = ${SCENE_TYPE.TUNNEL}
        join locations l on l.tenant_id = e.tenant_id and l.id = e.location_id
          and l.kind = ${LOCATION_KIND.ZONE} and l.zone_type = ${ZONE_TYPE.DOCK_IN}
        join locations w on w.tenant_id = l.tenant_id and w.id = l.site_id and w.kind = ${LOCATION_KIND.WAREHOUSE}
        left join rfid_read_sessions s on s.tenant_id = e.tenant_id and s.equipment_coding = e.equipment_coding
          and s.state = ${READ_SESSION_STATE.OPEN}
        where e.tenant_id = ${tenantId} ${reach ? sql`and ${reach}` : sql``}
        order by e.equipment_coding limit 200`,
  );
  return rows.map((r) => ({
    equipmentCoding: r.r_code,
    equipmentName: r.r_name,
    locationId: numOrNull(r.r_location_id),
    locationName: r.r_location,
    online: Number(r.r_online) === ONLINE.ONLINE,
    open: r.s_id == null ? null : sessionOf(r),
  }));
}

/**
 * How many sessions of these subjects were announced by a handheld and never uploaded (RECORDED):
 * what a receipt's review waits for ("please upload offline handheld data before review").
 */
export async function recordedSessionsOf(tx: Tx, tenantId: number, subjectType: string, codes: readonly string[]): Promise<number> {
  if (!codes.length) return 0;
  const [r] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from rfid_read_sessions s
        where s.tenant_id = ${tenantId} and s.state = ${READ_SESSION_STATE.RECORDED} and s.subject_type = ${subjectType}
          and s.subject_code in (${sql.join(
            codes.map((c) => sql`${c}`),
            sql`, `,
          )})`,
  );
  return r.n;
}
