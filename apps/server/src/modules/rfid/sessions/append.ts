/**
 * Reads into a session's EPCs: the fold's (a tunnel's or live handheld's reads, to the reader's
 * OPEN session) and a handheld upload's. One statement a call: the EPCs upserted (reads added up,
 * first/last time and strongest RSSI kept) and the session's epc_count/read_count moved by what it
 * added, so the counts stay exact whoever appends and however often.
 */
import { SCENE_TYPE } from '@tagloom/domain/rfid/presence.js';
import { READ_SESSION_KIND, READ_SESSION_STATE, type ReadSessionKind } from '@tagloom/domain/rfid/sessions.js';
import { sql } from 'drizzle-orm';
import { nextDocumentCode } from '../../../core/numbering.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { pgNumArray, pgTextArray } from '../state/fold-data.js';
import { SESSION_COLUMNS, sessionRows } from './row.js';
import { sessionSubjects } from './subjects.js';

/** The reads of one EPC, added up (times in epoch ms, RSSI in cdBm). */
export interface EpcReads {
  first: number;
  last: number;
  reads: number;
  maxRssi: number | null;
  /** the antenna of the strongest read (of the newest when no RSSI) */
  antenna: number | null;
}

/** Adds a read to an EPC's reads (a new entry when the map has none). */
export function addRead(
  map: Map<string, EpcReads>,
  epc: string,
  at: number,
  count: number,
  rssi: number | null,
  antenna: number | null,
): void {
  const e = map.get(epc);
  if (!e) {
    map.set(epc, { first: at, last: at, reads: count, maxRssi: rssi, antenna });
    return;
  }
  e.reads += count;
  if (at < e.first) e.first = at;
  if (at > e.last) e.last = at;
  if (rssi !== null && (e.maxRssi === null || rssi > e.maxRssi)) {
    e.maxRssi = rssi;
    e.antenna = antenna;
  }
}

/**
 * Appends EPCs to a session in ONE statement (the caller chunks: at most SESSION_EPC_CHUNK). The
 * EPCs are distinct (a map's keys): an upsert may not touch a row twice. `touch`: the reads came
 * now (a live session's quiet close counts from last_read_at).
 */
export async function appendEpcs(
  tx: Tx,
  tenantId: number,
  sessionId: number,
  epcs: readonly [string, EpcReads][],
  touch: boolean,
): Promise<void> {
  if (!epcs.length) return;
  const col = <T>(f: (e: EpcReads) => T) => epcs.map(([, e]) => f(e));
  const n = (v: (number | null)[], type: string) => sql`${pgNumArray(v)}::${sql.raw(type)}[]`;
  let reads = 0;
  for (const [, e] of epcs) reads += e.reads;
  // (xmax = 0): the row was inserted, not updated — an EPC new to the session
  await tx.execute(sql`
    with u as (
      insert into rfid_session_epcs as e (tenant_id, session_id, epc, first_at, last_at, reads, max_rssi_cdbm, antenna)
      select ${tenantId}, ${sessionId}, u.epc, to_timestamp(u.f / 1000), to_timestamp(u.l / 1000), u.n, u.rssi, u.ant
      from unnest(${pgTextArray(epcs.map(([epc]) => epc))}::text[], ${n(
        col((e) => e.first),
        'float8',
      )}, ${n(
        col((e) => e.last),
        'float8',
      )},
                  ${n(
                    col((e) => e.reads),
                    'int',
                  )}, ${n(
                    col((e) => e.maxRssi),
                    'int',
                  )}, ${n(
                    col((e) => e.antenna),
                    'int',
                  )})
        as u(epc, f, l, n, rssi, ant)
      on conflict (tenant_id, session_id, epc) do update set
        reads = e.reads + excluded.reads,
        first_at = least(e.first_at, excluded.first_at),
        last_at = greatest(e.last_at, excluded.last_at),
        antenna = case when excluded.max_rssi_cdbm > coalesce(e.max_rssi_cdbm, -2147483648) then excluded.antenna
                       else coalesce(e.antenna, excluded.antenna) end,
        max_rssi_cdbm = greatest(e.max_rssi_cdbm, excluded.max_rssi_cdbm)
      returning (e.xmax = 0) as added)
    update rfid_read_sessions s
    set epc_count = s.epc_count + (select count(*) from u where u.added),
        read_count = s.read_count + ${reads}${touch ? sql`, last_read_at = now()` : sql``}
    where s.tenant_id = ${tenantId} and s.id = ${sessionId}`);
}

/** Appends EPCs a SESSION_EPC_CHUNK a statement. */
export async function appendAll(tx: Tx, tenantId: number, sessionId: number, epcs: Map<string, EpcReads>, touch: boolean, chunk: number) {
  const all = [...epcs];
  for (let from = 0; from < all.length; from += chunk) await appendEpcs(tx, tenantId, sessionId, all.slice(from, from + chunk), touch);
}

/** The reads a fold gives one reader bound to a session scene: its kind (by scene type) and location. */
export interface ReaderReads {
  kind: ReadSessionKind;
  locationId: number | null;
  epcs: Map<string, EpcReads>;
}

/**
 * A reader's OPEN session (its row locked), or one opened now without a subject: reads of a tunnel
 * before or without a carton scan are still a session (kind by scene: CARTON_CHECK for a tunnel,
 * HANDHELD for a handheld), closed like any by the next scan or its quiet. A scan opening one at
 * the same moment wins the reader's one OPEN slot (the partial unique index): it is read again.
 */
export async function openSessionOf(tx: Tx, tenantId: number, equipmentCoding: string, r: Omit<ReaderReads, 'epcs'>): Promise<number> {
  const find = async () =>
    (
      await queryRows<{ id: string | number }>(
        tx,
        sql`select id from rfid_read_sessions where tenant_id = ${tenantId} and equipment_coding = ${equipmentCoding}
            and state = ${READ_SESSION_STATE.OPEN} for update`,
      )
    )[0];
  for (let attempt = 0; attempt < 3; attempt++) {
    const open = await find();
    if (open) return Number(open.id);
    const code = await nextDocumentCode(tx, tenantId, 'RS');
    const [made] = await queryRows<{ id: string | number }>(
      tx,
      sql`insert into rfid_read_sessions (tenant_id, code, kind, equipment_coding, location_id, started_at, state, last_read_at)
          values (${tenantId}, ${code}, ${r.kind}, ${equipmentCoding}, ${r.locationId}, now(), ${READ_SESSION_STATE.OPEN}, now())
          on conflict (tenant_id, equipment_coding) where state = ${READ_SESSION_STATE.OPEN} do nothing
          returning id`,
    );
    if (made) return Number(made.id);
  }
  throw new Error(`no open read session for ${equipmentCoding}`);
}

/** Live reads into a session (touched: its quiet counts from now), and the live view of its subject told. */
export async function appendLive(tx: Tx, tenantId: number, sessionId: number, epcs: Map<string, EpcReads>, chunk: number): Promise<void> {
  await appendAll(tx, tenantId, sessionId, epcs, true, chunk);
  // a live view follows the session's subject (a carton in the tunnel: its reads so far)
  if (sessionSubjects.followed) {
    const [session] = await sessionRows(
      tx,
      sql`select ${SESSION_COLUMNS} from rfid_read_sessions s where s.tenant_id = ${tenantId} and s.id = ${sessionId}`,
    );
    if (session?.subjectType) await sessionSubjects.progressed(tx, session);
  }
}

/** The fold's part: each reader's reads to its OPEN session, one statement a reader (FOLD's transaction). */
export async function appendFoldReads(tx: Tx, tenantId: number, byReader: Map<string, ReaderReads>, chunk: number): Promise<void> {
  for (const [equipmentCoding, r] of byReader)
    await appendLive(tx, tenantId, await openSessionOf(tx, tenantId, equipmentCoding, r), r.epcs, chunk);
}

/** The session kind of a scene type's readers, or undefined for a scene whose reads go to no session. */
export function sessionKindOfScene(sceneType: number | null): ReadSessionKind | undefined {
  if (sceneType === SCENE_TYPE.TUNNEL) return READ_SESSION_KIND.CARTON_CHECK;
  if (sceneType === SCENE_TYPE.HANDHELD) return READ_SESSION_KIND.HANDHELD;
  return undefined;
}
