/** A read session's row as the code passes it (sessions of tunnel and handheld readers, operations.md F3). */
import type { ReadSessionKind, ReadSessionState } from '@tagloom/domain/rfid/sessions.js';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.js';

export interface ReadSession {
  tenantId: number;
  id: number;
  code: string;
  kind: ReadSessionKind;
  equipmentCoding: string;
  locationId: number | null;
  subjectType: string;
  subjectId: number | null;
  subjectCode: string;
  deviceSessionId: string | null;
  startedAt: string;
  endedAt: string | null;
  lastReadAt: string | null;
  epcCount: number;
  readCount: number;
  state: ReadSessionState;
  offline: boolean;
  uploadedAt: string | null;
  createdAt: string;
}

export interface SessionRow {
  tenant_id: string | number;
  id: string | number;
  code: string;
  kind: number;
  equipment_coding: string;
  location_id: string | number | null;
  subject_type: string;
  subject_id: string | number | null;
  subject_code: string;
  device_session_id: string | null;
  started_at: Date | string;
  ended_at: Date | string | null;
  last_read_at: Date | string | null;
  epc_count: number;
  read_count: string | number;
  state: number;
  offline: boolean;
  uploaded_at: Date | string | null;
  created_at: Date | string;
}

/** The columns of a session row, as `s.` (its statements' alias). */
export const SESSION_COLUMNS = sql.raw(
  `s.tenant_id, s.id, s.code, s.kind, s.equipment_coding, s.location_id, s.subject_type, s.subject_id, s.subject_code, s.device_session_id,
   s.started_at, s.ended_at, s.last_read_at, s.epc_count, s.read_count, s.state, s.offline, s.uploaded_at, s.created_at`,
);

export const iso = (v: Date | string) => new Date(v).toISOString();
const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));
export const numOrNull = (v: string | number | null) => (v === null ? null : Number(v));

export function sessionOf(r: SessionRow): ReadSession {
  return {
    tenantId: Number(r.tenant_id),
    id: Number(r.id),
    code: r.code,
    kind: Number(r.kind) as ReadSessionKind,
    equipmentCoding: r.equipment_coding,
    locationId: numOrNull(r.location_id),
    subjectType: r.subject_type,
    subjectId: numOrNull(r.subject_id),
    subjectCode: r.subject_code,
    deviceSessionId: r.device_session_id,
    startedAt: iso(r.started_at),
    endedAt: isoOrNull(r.ended_at),
    lastReadAt: isoOrNull(r.last_read_at),
    epcCount: Number(r.epc_count),
    readCount: Number(r.read_count),
    state: Number(r.state) as ReadSessionState,
    offline: r.offline,
    uploadedAt: isoOrNull(r.uploaded_at),
    createdAt: iso(r.created_at),
  };
}

/** A session's rows as sessions. */
export const sessionRows = async (tx: Tx, query: SQL) => (await queryRows<SessionRow>(tx, query)).map(sessionOf);
