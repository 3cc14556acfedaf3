/**
 * The fold (area P): reads into EPC state, in the fold queue's transaction (fold-queue.ts: the
 * batches acknowledged since the last fold). The reads are grouped by EPC, one fold at a time a
 * tenant (an advisory lock, so read_count, first/last seen and presence stay exact), the previous
 * states read and locked in ONE statement,
 * the next states written FOLD_CHUNK EPCs a statement (INSERT … SELECT FROM unnest … ON CONFLICT DO
 * UPDATE; the database writes a chunk while the next is computed),
 * and the presence changes appended to the tag lifecycle (one event per change/location/time,
 * naming up to 1000 EPCs); a tunnel's or handheld's reads go to the reader's open read session
 * too (sessions/append.ts: one statement a reader). A tag only read again (same place) changes no indexed column but once a
 * minute (migration 0037): its row is rewritten in its page, with no new index entry.
 */
import {
  DEFAULT_RULES,
  EMPTY_PRESENCE,
  foldPresence,
  type Presence,
  type PresenceChangeKind,
  type PresenceEvent,
  type PresenceRead,
  type PresenceState,
  type SceneRules,
} from '@tagloom/domain/rfid/presence.js';
import { READ_SESSION_KIND, type ReadSessionKind } from '@tagloom/domain/rfid/sessions.js';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.js';
import { addRead, appendFoldReads, type ReaderReads, sessionKindOfScene } from '../sessions/append.js';
import { recordPlaceConflicts } from './conflicts.js';
import { type EasAlarm, recordEasAlarms } from './eas.js';
import { pgNumArray, pgTextArray } from './fold-data.js';
import { recordPresenceEvents } from './lifecycle.js';
import {
  type PresenceMove,
  type PresenceSeen,
  presenceListeners,
  presenceTallies,
  type SceneRead,
  sceneReadListeners,
} from './listeners.js';
import { scenesRules } from './rules.js';

/** One read to fold (I's pipeline gives them, after validation; epc upper-case hex). */
export interface FoldRead {
  epc: string;
  tid: string | null;
  at: Date;
  equipmentCoding: string;
  antenna: number | null;
  rssiCdbm: number | null;
  readCount: number;
  locationId: number | null;
  sceneId: number | null;
}

/** A presence change the fold (or the sweep, or an unbinding) made. */
export interface PresenceChange {
  epc: string;
  kind: PresenceChangeKind;
  at: Date;
  locationId: number | null;
  fromLocationId: number | null;
  equipmentCoding: string | null;
}

export interface FoldResult {
  /** distinct EPCs folded */
  epcs: number;
  changes: PresenceChange[];
}

interface StateRow {
  epc: string;
  presence: Presence | null;
  presence_location_id: string | number | null;
  presence_since: number | null;
  presence_equipment: string | null;
  presence_seen_at: number | null;
  presence_rssi_cdbm: number | null;
  depart_due_at: number | null;
  candidate_location_id: string | number | null;
  candidate_since: number | null;
  candidate_rssi_cdbm: number | null;
  candidate_reads: number | null;
  candidate_seen_at: number | null;
  candidate_equipment: string | null;
  sold_at: number | null;
  return_guard_until: number | null;
}

const num = (v: string | number | null): number | null => (v === null ? null : Number(v));
/** A timestamptz column as epoch milliseconds (a number to JavaScript), under its own name. */
const toMs = (col: string) => sql.raw(`floor(extract(epoch from ${col}) * 1000)::float8 as ${col.split('.').pop()}`);
/** A float8 column of epoch milliseconds (null for none) as timestamptz. */
const fromMs = (col: string) => sql.raw(`to_timestamp(${col} / 1000)`);

/** A state row's presence, as the domain folds it. */
export function presenceOfRow(r: StateRow): PresenceState {
  const candidateLocation = num(r.candidate_location_id);
  return {
    presence: r.presence,
    locationId: num(r.presence_location_id),
    since: r.presence_since,
    equipment: r.presence_equipment,
    seenAt: r.presence_seen_at,
    rssi: r.presence_rssi_cdbm,
    departDueAt: r.depart_due_at,
    candidate:
      candidateLocation === null
        ? null
        : {
            locationId: candidateLocation,
            since: r.candidate_since ?? 0,
            rssi: r.candidate_rssi_cdbm,
            // a candidate of a row from before migration 0044: read once, at its first read
            reads: r.candidate_reads ?? 1,
            seenAt: r.candidate_seen_at ?? r.candidate_since ?? 0,
            equipment: r.candidate_equipment ?? '',
          },
    soldAt: r.sold_at,
    guardUntil: r.return_guard_until,
  };
}

/** What the folded reads of one EPC add up to. */
export interface Agg {
  tid: string | null;
  first: number;
  last: number;
  count: number;
  /** the newest read's reader, antenna, location, RSSI */
  equipment: string;
  antenna: number | null;
  locationId: number | null;
  rssi: number | null;
  reads: FoldPresenceRead[];
}

/** A read as presence folds it, with what a read session keeps of it besides (sessions/append.ts). */
export interface FoldPresenceRead extends PresenceRead {
  count: number;
  antenna: number | null;
  /** read after a GPI trigger of its batch: a tunnel's triggered session takes it (sessions/gate.ts), not the open one */
  afterTrigger: boolean;
}

/** The reads of a fold, added up by EPC as they come (no object per read but presence's). */
export class FoldInput {
  readonly byEpc = new Map<string, Agg>();
  readonly sceneIds = new Set<number>();
  reads = 0;

  add(
    epc: string,
    tid: string | null,
    at: number,
    equipment: string,
    antenna: number | null,
    rssi: number | null,
    readCount: number,
    locationId: number | null,
    sceneId: number | null,
    afterTrigger = false,
  ): void {
    this.reads++;
    let a = this.byEpc.get(epc);
    if (!a) {
      a = { tid, first: at, last: at, count: 0, equipment, antenna, locationId, rssi, reads: [] };
      this.byEpc.set(epc, a);
    }
    a.count += readCount > 1 ? readCount : 1;
    if (at < a.first) a.first = at;
    if (at >= a.last) {
      a.last = at;
      a.equipment = equipment;
      a.antenna = antenna;
      a.locationId = locationId;
      a.rssi = rssi;
    }
    if (tid) a.tid = tid;
    if (locationId !== null) {
      a.reads.push({ at, locationId, rssi, equipment, sceneId, count: Math.max(readCount, 1), antenna, afterTrigger });
      if (sceneId !== null) this.sceneIds.add(sceneId);
    }
  }
}

/** The advisory lock class of a tenant's fold (the second key is the tenant's id). */
export const FOLD_LOCK = 74_110_013;

/**
 * Takes the tenant's fold lock for the caller's transaction: whoever changes presence (the fold, the
 * sweep, an unbinding, a document, a recount of the tallies) takes it first, one writer a tenant.
 */
export const lockFold = (tx: Tx, tenantId: number) => tx.execute(sql`select pg_advisory_xact_lock(${FOLD_LOCK}, ${tenantId}::int)`);

/**
 * Folds a batch of reads into the tenant's EPC states; returns how many EPCs and the presence
 * changes (already appended to the lifecycle). In a transaction: the fold queue's, or a test's.
 */
export async function foldReads(tx: Tx, tenantId: number, reads: readonly FoldRead[]): Promise<FoldResult> {
  const input = new FoldInput();
  for (const r of reads)
    input.add(r.epc, r.tid, r.at.getTime(), r.equipmentCoding, r.antenna, r.rssiCdbm, r.readCount, r.locationId, r.sceneId);
  return foldInput(tx, tenantId, input);
}

/** The reads of readers of these scenes, one by one (a pass over the fold's reads). */
function readsOfScenes(byEpc: Map<string, Agg>, scenes: ReadonlySet<number>): SceneRead[] {
  const out: SceneRead[] = [];
  for (const [epc, a] of byEpc)
    for (const r of a.reads)
      if (r.sceneId !== null && scenes.has(r.sceneId) && r.locationId !== null)
        out.push({ epc, locationId: r.locationId, equipment: r.equipment, at: r.at, rssi: r.rssi });
  return out;
}

/**
 * The reads of readers of session scenes (tunnel, handheld), by reader and EPC: a pass over the
 * fold's reads, made only when such a scene is among the fold's.
 */
function sessionReads(byEpc: Map<string, Agg>, scenes: Map<number, ReadSessionKind>): Map<string, ReaderReads> {
  const out = new Map<string, ReaderReads>();
  for (const [epc, a] of byEpc)
    for (const r of a.reads) {
      const kind = r.sceneId === null ? undefined : scenes.get(r.sceneId);
      // a tunnel's read after its batch's trigger is the triggered session's (sessions/gate.ts)
      if (kind === undefined || (r.afterTrigger && kind === READ_SESSION_KIND.CARTON_CHECK)) continue;
      let reader = out.get(r.equipment);
      if (!reader) {
        reader = { kind, locationId: r.locationId, epcs: new Map() };
        out.set(r.equipment, reader);
      }
      addRead(reader.epcs, epc, r.at, r.count, r.rssi, r.antenna);
    }
  return out;
}

/** EPCs a statement of the fold's upsert at most. */
export const FOLD_CHUNK = 5000;

/** The next states of a chunk of EPCs, a column each (the upsert's arrays). */
const newColumns = () => ({
  epc: [] as string[],
  tid: [] as (string | null)[],
  first: [] as number[],
  last: [] as number[],
  count: [] as number[],
  equipment: [] as string[],
  antenna: [] as (number | null)[],
  location: [] as (number | null)[],
  rssi: [] as (number | null)[],
  presence: [] as (string | null)[],
  pLocation: [] as (number | null)[],
  pSince: [] as (number | null)[],
  pEquipment: [] as (string | null)[],
  pSeen: [] as (number | null)[],
  pRssi: [] as (number | null)[],
  due: [] as (number | null)[],
  cLocation: [] as (number | null)[],
  cSince: [] as (number | null)[],
  cRssi: [] as (number | null)[],
  cReads: [] as (number | null)[],
  cSeen: [] as (number | null)[],
  cEquipment: [] as (string | null)[],
  sold: [] as (number | null)[],
  guard: [] as (number | null)[],
});
type Columns = ReturnType<typeof newColumns>;

/** The upsert of a chunk's next states: one statement, each column one array. */
function upsertStates(tenantId: number, cols: Columns) {
  // each column one typed array literal (no per-element casts; text quoted, so any reader code or TID is safe)
  const n = (v: (number | null)[], type: string) => sql`${pgNumArray(v)}::${sql.raw(type)}[]`;
  const x = (v: (string | null)[]) => sql`${pgTextArray(v)}::text[]`;
  return sql`
    insert into rfid_epc_states as s (tenant_id, epc, tid, first_seen_at, last_seen_at, read_count, last_equipment, last_antenna,
      last_location_id, last_rssi_cdbm, presence, presence_location_id, presence_since, presence_equipment, presence_seen_at,
      presence_rssi_cdbm, depart_due_at, depart_check_at, candidate_location_id, candidate_since, candidate_rssi_cdbm, candidate_reads,
      candidate_seen_at, candidate_equipment, sold_at, return_guard_until, updated_at)
    select ${tenantId}, u.epc, nullif(u.tid, ''), ${fromMs('u.f')}, ${fromMs('u.l')}, u.n, u.eq, u.ant, u.loc, u.rssi, u.p, u.pl,
      ${fromMs('u.ps')}, u.pe, ${fromMs('u.pseen')}, u.pr, ${fromMs('u.due')}, case when u.p = 'present' then ${fromMs('u.due')} end,
      u.cl, ${fromMs('u.cs')}, u.cr, u.cn, ${fromMs('u.cseen')}, u.ce, ${fromMs('u.sold')}, ${fromMs('u.guard')}, now()
    from unnest(${x(cols.epc)}, ${x(cols.tid)}, ${n(cols.first, 'float8')}, ${n(cols.last, 'float8')}, ${n(cols.count, 'bigint')},
      ${x(cols.equipment)}, ${n(cols.antenna, 'int')}, ${n(cols.location, 'bigint')}, ${n(cols.rssi, 'int')}, ${x(cols.presence)},
      ${n(cols.pLocation, 'bigint')}, ${n(cols.pSince, 'float8')}, ${x(cols.pEquipment)}, ${n(cols.pSeen, 'float8')},
      ${n(cols.pRssi, 'int')}, ${n(cols.due, 'float8')}, ${n(cols.cLocation, 'bigint')}, ${n(cols.cSince, 'float8')},
      ${n(cols.cRssi, 'int')}, ${n(cols.cReads, 'smallint')}, ${n(cols.cSeen, 'float8')}, ${x(cols.cEquipment)}, ${n(cols.sold, 'float8')},
      ${n(cols.guard, 'float8')})
      as u(epc, tid, f, l, n, eq, ant, loc, rssi, p, pl, ps, pe, pseen, pr, due, cl, cs, cr, cn, cseen, ce, sold, guard)
    on conflict (tenant_id, epc) do update set
      tid = coalesce(excluded.tid, s.tid),
      first_seen_at = least(s.first_seen_at, excluded.first_seen_at),
      last_seen_at = greatest(s.last_seen_at, excluded.last_seen_at),
      read_count = s.read_count + excluded.read_count,
      last_equipment = case when excluded.last_seen_at >= s.last_seen_at then excluded.last_equipment else s.last_equipment end,
      last_antenna = case when excluded.last_seen_at >= s.last_seen_at then excluded.last_antenna else s.last_antenna end,
      last_location_id = case when excluded.last_seen_at >= s.last_seen_at then excluded.last_location_id else s.last_location_id end,
      last_rssi_cdbm = case when excluded.last_seen_at >= s.last_seen_at then excluded.last_rssi_cdbm else s.last_rssi_cdbm end,
      presence = excluded.presence,
      presence_location_id = excluded.presence_location_id,
      presence_since = excluded.presence_since,
      presence_equipment = excluded.presence_equipment,
      presence_seen_at = excluded.presence_seen_at,
      presence_rssi_cdbm = excluded.presence_rssi_cdbm,
      depart_due_at = excluded.depart_due_at,
      -- kept while re-reads at the same place push the due time on (never after it: the sweep moves it
      -- up when it comes), so that such a write changes no indexed column (seen_minute aside, once a minute)
      depart_check_at = case
        when excluded.depart_check_at is null then null
        when s.presence is distinct from 'present' or s.depart_check_at is null
          or s.presence_location_id is distinct from excluded.presence_location_id then excluded.depart_check_at
        else least(s.depart_check_at, excluded.depart_check_at) end,
      candidate_location_id = excluded.candidate_location_id,
      candidate_since = excluded.candidate_since,
      candidate_rssi_cdbm = excluded.candidate_rssi_cdbm,
      candidate_reads = excluded.candidate_reads,
      candidate_seen_at = excluded.candidate_seen_at,
      candidate_equipment = excluded.candidate_equipment,
      sold_at = excluded.sold_at,
      return_guard_until = excluded.return_guard_until,
      updated_at = now()`;
}

/** Folds reads added up by FoldInput (the fold queue gives them so, straight from its lines). */
export async function foldInput(tx: Tx, tenantId: number, input: FoldInput): Promise<FoldResult> {
  const byEpc = input.byEpc;
  if (!byEpc.size) return { epcs: 0, changes: [] };
  // one fold at a time a tenant (the fold queue's runners, a test folding directly): a new EPC
  // cannot be seen "for the first time" by two folds at once. The previous states are read and
  // their rows locked (sorted: the departure sweep and an unbinding skip or wait for them), without
  // rewriting them: the one write of a row is the upsert below.
  await lockFold(tx, tenantId);
  const epcs = [...byEpc.keys()].sort();
  const prevRows = await queryRows<StateRow>(
    tx,
    sql`select s.epc, s.presence, s.presence_location_id, ${toMs('s.presence_since')}, s.presence_equipment, ${toMs('s.presence_seen_at')},
          s.presence_rssi_cdbm, ${toMs('s.depart_due_at')}, s.candidate_location_id, ${toMs('s.candidate_since')}, s.candidate_rssi_cdbm,
          s.candidate_reads, ${toMs('s.candidate_seen_at')}, s.candidate_equipment, ${toMs('s.sold_at')}, ${toMs('s.return_guard_until')}
        from rfid_epc_states s
        where s.tenant_id = ${tenantId} and s.epc = any(string_to_array(${epcs.join(',')}, ','))
        order by s.epc
        for update`,
  );
  const prev = new Map(prevRows.map((r) => [r.epc, presenceOfRow(r)]));
  const rules = await scenesRules(tx, tenantId, [...input.sceneIds]);
  const rulesOf = (id: number | null): SceneRules => (id === null ? DEFAULT_RULES : (rules.get(id) ?? DEFAULT_RULES));
  // a tunnel's or handheld's reads also go to the reader's open read session, in this transaction
  const sessionScenes = new Map<number, ReadSessionKind>();
  for (const [id, r] of rules) {
    const kind = sessionKindOfScene(r.sceneType);
    if (kind !== undefined) sessionScenes.set(id, kind);
  }
  if (sessionScenes.size) await appendFoldReads(tx, tenantId, sessionReads(byEpc, sessionScenes), FOLD_CHUNK);
  // the reads of scene types another module listens to (a fitting cabin's), to that module
  const listened = sceneReadListeners.types();
  if (listened.length)
    for (const type of listened) {
      const ids = new Set([...rules].filter(([, r]) => r.sceneType === type).map(([id]) => id));
      if (ids.size) await sceneReadListeners.read(tx, tenantId, type, readsOfScenes(byEpc, ids));
    }

  const changes: PresenceChange[] = [];
  const events: (PresenceEvent & { epc: string })[] = [];
  // unsold tags through an EAS exit (eas.ts)
  const alarms: EasAlarm[] = [];
  // for the presence tallies: where each EPC was and is present, and the present ones read in a new minute
  const moves: PresenceMove[] = [];
  const seen: PresenceSeen[] = [];
  // the states are written FOLD_CHUNK EPCs a statement, each sent before the next chunk is
  // computed: the database writes one chunk while the next one's presence is folded here
  let writing: Promise<unknown> | undefined;
  for (let from = 0; from < epcs.length; from += FOLD_CHUNK) {
    const cols = newColumns();
    for (const epc of epcs.slice(from, from + FOLD_CHUNK)) {
      const a = byEpc.get(epc)!;
      const before = prev.get(epc) ?? EMPTY_PRESENCE;
      const { state, changes: ch } = foldPresence(before, a.reads, rulesOf);
      const wasAt = before.presence === 'present' ? before.locationId : null;
      const isAt = state.presence === 'present' ? state.locationId : null;
      // (the last read at the place it is present at)
      const seenAt = state.seenAt ?? a.last;
      if (wasAt !== isAt) moves.push({ epc, from: wasAt, to: isAt, at: isAt === null ? null : new Date(seenAt) });
      else if (isAt !== null && Math.floor(seenAt / 60_000) > Math.floor((before.seenAt ?? 0) / 60_000))
        seen.push({ epc, locationId: isAt, at: new Date(seenAt) });
      for (const c of ch) {
        events.push({ ...c, epc });
        if (c.alarm) alarms.push({ epc, at: new Date(c.at), equipmentCoding: c.equipment, locationId: c.locationId });
        changes.push({
          epc,
          kind: c.kind,
          at: new Date(c.at),
          locationId: c.locationId,
          fromLocationId: c.fromLocationId ?? null,
          equipmentCoding: c.equipment,
        });
      }
      cols.epc.push(epc);
      cols.tid.push(a.tid);
      cols.first.push(a.first);
      cols.last.push(a.last);
      cols.count.push(a.count);
      cols.equipment.push(a.equipment);
      cols.antenna.push(a.antenna);
      cols.location.push(a.locationId);
      cols.rssi.push(a.rssi);
      cols.presence.push(state.presence);
      cols.pLocation.push(state.locationId);
      cols.pSince.push(state.since);
      cols.pEquipment.push(state.equipment);
      cols.pSeen.push(state.seenAt);
      cols.pRssi.push(state.rssi);
      cols.due.push(state.departDueAt);
      cols.cLocation.push(state.candidate?.locationId ?? null);
      cols.cSince.push(state.candidate?.since ?? null);
      cols.cRssi.push(state.candidate?.rssi ?? null);
      cols.cReads.push(state.candidate?.reads ?? null);
      cols.cSeen.push(state.candidate?.seenAt ?? null);
      cols.cEquipment.push(state.candidate?.equipment ?? null);
      cols.sold.push(state.soldAt);
      cols.guard.push(state.guardUntil);
    }
    const statement = upsertStates(tenantId, cols);
    await writing;
    const write = tx.execute(statement).then(() => undefined);
    // (awaited at the next chunk or below; a failure meanwhile is not "unhandled")
    write.catch(() => undefined);
    writing = write;
  }
  await writing;
  if (events.length) await recordPresenceEvents(tx, tenantId, events, 'rfid');
  if (changes.length) await recordPlaceConflicts(tx, tenantId, changes);
  if (alarms.length) await recordEasAlarms(tx, tenantId, alarms);
  await presenceTallies.moved(tx, tenantId, moves, seen);
  await presenceListeners.changed(tx, tenantId, changes);
  return { epcs: epcs.length, changes };
}
