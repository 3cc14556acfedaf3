/**
 * The handheld upload (operations.md F4): a pad's session as one JSON document, the third way reads
 * come in beside the readers' formats. Idempotent by the device's own session id (unique per
 * reader): the header alone makes the session RECORDED ("reads to come", so a review can ask for
 * them), the reads make it UPLOADED, and the same upload again changes nothing. The reads go to the
 * session only, not to EPC state: they were read offline, possibly hours ago, and the fold would
 * also give a handheld's reads to its live session (a second copy); a pad session acts on its
 * subject when it is reviewed (E4).
 */
import { normalizeHex } from '@tagloom/domain';
import { READ_SESSION_KIND, READ_SESSION_STATE, SESSION_EPC_CHUNK } from '@tagloom/domain/rfid/sessions.js';
import { sql } from 'drizzle-orm';
import type { SessionInfo } from '../../../core/context.js';
import { badRequest } from '../../../core/errors.js';
import { nextDocumentCode } from '../../../core/numbering.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { bindingOf } from '../equipment/service.js';
import { readersReached } from '../ingest/routes.js';
import { addRead, appendAll, type EpcReads } from './append.js';
import { type ReadSession, SESSION_COLUMNS, sessionRows } from './service.js';
import { sessionSubjects } from './subjects.js';

export interface HandheldRead {
  epc: string;
  tid?: string;
  /** ISO 8601 with an offset */
  at: string;
  /** dBm */
  rssi?: number;
  count?: number;
}

export interface HandheldUpload {
  deviceSessionId: string;
  subject?: { type: string; code: string };
  startedAt: string;
  endedAt?: string;
  /** absent: the header alone (RECORDED); present, even empty: the session's reads (UPLOADED) */
  reads?: HandheldRead[];
}

export interface UploadResult {
  session: ReadSession;
  /** true: this upload changed nothing (the same header again, or reads already uploaded) */
  duplicate: boolean;
}

/**
 * Stores an upload of the handheld `equipmentCoding` in the caller's transaction (see the file's
 * comment); `createdBy`: the console user who uploaded it as a file (null: the device posted it).
 */
export async function uploadHandheld(
  tx: Tx,
  tenantId: number,
  equipmentCoding: string,
  u: HandheldUpload,
  createdBy: number | null = null,
): Promise<UploadResult> {
  const mine = sql`s.tenant_id = ${tenantId} and s.equipment_coding = ${equipmentCoding} and s.device_session_id = ${u.deviceSessionId}`;
  // the row, locked: a second upload of the same session at the same moment waits, then changes nothing
  const find = async () => (await sessionRows(tx, sql`select ${SESSION_COLUMNS} from rfid_read_sessions s where ${mine} for update`))[0];
  let had = await find();
  let inserted = false;
  if (!had) {
    const code = await nextDocumentCode(tx, tenantId, 'RS');
    const binding = await bindingOf(tx, tenantId, equipmentCoding);
    const [made] = await sessionRows(
      tx,
      sql`insert into rfid_read_sessions as s (tenant_id, code, kind, equipment_coding, location_id, subject_type, subject_code,
            device_session_id, started_at, ended_at, state, offline, created_by)
          values (${tenantId}, ${code}, ${READ_SESSION_KIND.HANDHELD}, ${equipmentCoding}, ${binding?.locationId ?? null},
            ${u.subject?.type ?? ''}, ${u.subject?.code ?? ''}, ${u.deviceSessionId}, ${u.startedAt}::timestamptz,
            ${u.endedAt ?? null}::timestamptz, ${READ_SESSION_STATE.RECORDED}, true, ${createdBy})
          on conflict (tenant_id, equipment_coding, device_session_id) where device_session_id is not null do nothing
          returning ${SESSION_COLUMNS}`,
    );
    inserted = !!made;
    had = made ?? (await find());
  }
  if (u.reads === undefined || had.state !== READ_SESSION_STATE.RECORDED) return { session: had, duplicate: !inserted };
  const epcs = new Map<string, EpcReads>();
  for (const r of u.reads)
    addRead(epcs, normalizeHex(r.epc), Date.parse(r.at), r.count ?? 1, r.rssi === undefined ? null : Math.round(r.rssi * 100), null);
  await appendAll(tx, tenantId, had.id, epcs, false, SESSION_EPC_CHUNK);
  const [session] = await sessionRows(
    tx,
    sql`update rfid_read_sessions s set state = ${READ_SESSION_STATE.UPLOADED}, uploaded_at = now(),
          ended_at = coalesce(${u.endedAt ?? null}::timestamptz, s.ended_at)
        where s.tenant_id = ${tenantId} and s.id = ${had.id} returning ${SESSION_COLUMNS}`,
  );
  return { session, duplicate: false };
}

/**
 * A console user's upload of a handheld's session document (warehouse/pad-review's file, for a
 * device that cannot post): the device's upload, for the reader the document names, stamped with
 * the user. Refused naming the reader when the tenant has no such reader or the user's place does
 * not reach it (a warehouse's user uploads for its own readers).
 */
export async function uploadHandheldAs(
  tx: Tx,
  user: Pick<SessionInfo, 'tenantId' | 'party' | 'userId'>,
  equipmentCoding: string,
  u: HandheldUpload,
): Promise<UploadResult> {
  const binding = await bindingOf(tx, user.tenantId, equipmentCoding);
  const reach = readersReached(sql`${equipmentCoding}::text`, user);
  const reached = !reach || !!(await queryRows<{ ok: boolean }>(tx, sql`select ${reach} as ok`))[0]?.ok;
  if (!binding || !reached) throw badRequest('readSession.noReader', { equipment: equipmentCoding });
  // a user's upload is its work at the reader's place (a warehouse's grants: its zones)
  await sessionSubjects.checkStep(tx, {
    actor: user,
    step: 'upload',
    equipmentCoding,
    locationId: binding.locationId,
    subjectType: u.subject?.type ?? '',
  });
  return uploadHandheld(tx, user.tenantId, equipmentCoding, u, user.userId);
}
