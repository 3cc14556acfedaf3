/**
 * The fold (area P): reads into EPC state, in the fold queue's transaction (fold-queue.ts: the
 * batches acknowledged since the last fold). The reads are grouped by EPC, one fold at a time a
 * tenant (an advisory lock, so read_count, first/last seen and presence stay exact), the previous
 * states read and locked in ONE statement,
 * the next states written in ONE statement (INSERT … SELECT FROM unnest … ON CONFLICT DO UPDATE),
 * and the presence changes appended to the tag lifecycle (one event per change/location/time,
 * naming up to 1000 EPCs).
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
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.js';
import { recordPresenceEvents } from './lifecycle.js';
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
  presence_since: Date | string | null;
  presence_equipment: string | null;
  presence_seen_at: Date | string | null;
  presence_rssi_cdbm: number | null;
  depart_due_at: Date | string | null;
  candidate_location_id: string | number | null;
  candidate_since: Date | string | null;
  candidate_rssi_cdbm: number | null;
  candidate_equipment: string | null;
  sold_at: Date | string | null;
  return_guard_until: Date | string | null;
}

const ms = (v: Date | string | null): number | null => (v === null ? null : new Date(v).getTime());
const num = (v: string | number | null): number | null => (v === null ? null : Number(v));
const iso = (v: number | null): string | null => (v === null ? null : new Date(v).toISOString());

/** A state row's presence, as the domain folds it. */
export function presenceOfRow(r: StateRow): PresenceState {
  const candidateLocation = num(r.candidate_location_id);
  return {
    presence: r.presence,
    locationId: num(r.presence_location_id),
    since: ms(r.presence_since),
    equipment: r.presence_equipment,
    seenAt: ms(r.presence_seen_at),
    rssi: r.presence_rssi_cdbm,
    departDueAt: ms(r.depart_due_at),
    candidate:
      candidateLocation === null
        ? null
        : {
            locationId: candidateLocation,
            since: ms(r.candidate_since) ?? 0,
            rssi: r.candidate_rssi_cdbm,
            equipment: r.candidate_equipment ?? '',
          },
    soldAt: ms(r.sold_at),
    guardUntil: ms(r.return_guard_until),
  };
}

/** The batch's aggregate of one EPC (what the raw reads add up to). */
interface Agg {
  epc: string;
  tid: string | null;
  first: number;
  last: number;
  count: number;
  lastRead: FoldRead;
  reads: PresenceRead[];
}

/** The advisory lock class of a tenant's fold (the second key is the tenant's id). */
export const FOLD_LOCK = 74_110_013;

/** A text[] parameter (hex, digits and ISO times hold no comma; null as the empty string). */
const arr = (values: readonly (string | number | null)[]) => values.map((v) => (v === null ? '' : String(v))).join(',');

/**
 * Folds a batch of reads into the tenant's EPC states; returns how many EPCs and the presence
 * changes (already appended to the lifecycle). In a transaction: the fold queue's, or a test's.
 */
export async function foldReads(tx: Tx, tenantId: number, reads: readonly FoldRead[]): Promise<FoldResult> {
  if (!reads.length) return { epcs: 0, changes: [] };
  const byEpc = new Map<string, Agg>();
  for (const r of reads) {
    const at = r.at.getTime();
    let a = byEpc.get(r.epc);
    if (!a) {
      a = { epc: r.epc, tid: r.tid, first: at, last: at, count: 0, lastRead: r, reads: [] };
      byEpc.set(r.epc, a);
    }
    a.count += Math.max(1, r.readCount);
    if (at < a.first) a.first = at;
    if (at >= a.last) {
      a.last = at;
      a.lastRead = r;
    }
    if (r.tid) a.tid = r.tid;
    if (r.locationId !== null)
      a.reads.push({ at, locationId: r.locationId, rssi: r.rssiCdbm, equipment: r.equipmentCoding, sceneId: r.sceneId });
  }
  // one fold at a time a tenant (the fold queue's runners, a test folding directly): a new EPC
  // cannot be seen "for the first time" by two folds at once. The previous states are read and
  // their rows locked (sorted: the departure sweep and an unbinding skip or wait for them), without
  // rewriting them: the one write of a row is the upsert below.
  await tx.execute(sql`select pg_advisory_xact_lock(${FOLD_LOCK}, ${tenantId}::int)`);
  const epcs = [...byEpc.keys()].sort();
  const prevRows = await queryRows<StateRow>(
    tx,
    sql`select s.epc, s.presence, s.presence_location_id, s.presence_since, s.presence_equipment, s.presence_seen_at,
          s.presence_rssi_cdbm, s.depart_due_at, s.candidate_location_id, s.candidate_since, s.candidate_rssi_cdbm,
          s.candidate_equipment, s.sold_at, s.return_guard_until
        from rfid_epc_states s
        where s.tenant_id = ${tenantId} and s.epc = any(string_to_array(${epcs.join(',')}, ','))
        order by s.epc
        for update`,
  );
  const prev = new Map(prevRows.map((r) => [r.epc, presenceOfRow(r)]));
  const sceneIds = [...new Set(reads.map((r) => r.sceneId).filter((s): s is number => s !== null))];
  const rules = await scenesRules(tx, tenantId, sceneIds);
  const rulesOf = (id: number | null): SceneRules => (id === null ? DEFAULT_RULES : (rules.get(id) ?? DEFAULT_RULES));

  const changes: PresenceChange[] = [];
  const events: (PresenceEvent & { epc: string })[] = [];
  const cols = {
    epc: [] as string[],
    tid: [] as (string | null)[],
    first: [] as string[],
    last: [] as string[],
    count: [] as number[],
    equipment: [] as string[],
    antenna: [] as (number | null)[],
    location: [] as (number | null)[],
    rssi: [] as (number | null)[],
    presence: [] as (string | null)[],
    pLocation: [] as (number | null)[],
    pSince: [] as (string | null)[],
    pEquipment: [] as (string | null)[],
    pSeen: [] as (string | null)[],
    pRssi: [] as (number | null)[],
    due: [] as (string | null)[],
    cLocation: [] as (number | null)[],
    cSince: [] as (string | null)[],
    cRssi: [] as (number | null)[],
    cEquipment: [] as (string | null)[],
    sold: [] as (string | null)[],
    guard: [] as (string | null)[],
  };
  for (const epc of epcs) {
    const a = byEpc.get(epc)!;
    const { state, changes: ch } = foldPresence(prev.get(epc) ?? EMPTY_PRESENCE, a.reads, rulesOf);
    for (const c of ch) {
      events.push({ ...c, epc });
      changes.push({
        epc,
        kind: c.kind,
        at: new Date(c.at),
        locationId: c.locationId,
        fromLocationId: c.fromLocationId ?? null,
        equipmentCoding: c.equipment,
      });
    }
    const lr = a.lastRead;
    cols.epc.push(epc);
    cols.tid.push(a.tid);
    cols.first.push(new Date(a.first).toISOString());
    cols.last.push(new Date(a.last).toISOString());
    cols.count.push(a.count);
    cols.equipment.push(lr.equipmentCoding);
    cols.antenna.push(lr.antenna);
    cols.location.push(lr.locationId);
    cols.rssi.push(lr.rssiCdbm);
    cols.presence.push(state.presence);
    cols.pLocation.push(state.locationId);
    cols.pSince.push(iso(state.since));
    cols.pEquipment.push(state.equipment);
    cols.pSeen.push(iso(state.seenAt));
    cols.pRssi.push(state.rssi);
    cols.due.push(iso(state.departDueAt));
    cols.cLocation.push(state.candidate?.locationId ?? null);
    cols.cSince.push(iso(state.candidate?.since ?? null));
    cols.cRssi.push(state.candidate?.rssi ?? null);
    cols.cEquipment.push(state.candidate?.equipment ?? null);
    cols.sold.push(iso(state.soldAt));
    cols.guard.push(iso(state.guardUntil));
  }
  const t = (v: (string | number | null)[]) => sql`string_to_array(${arr(v)}, ',')`;
  // text columns that may hold any character (the reader code, the TID) go as real arrays
  await tx.execute(sql`
    insert into rfid_epc_states as s (tenant_id, epc, tid, first_seen_at, last_seen_at, read_count, last_equipment, last_antenna,
      last_location_id, last_rssi_cdbm, presence, presence_location_id, presence_since, presence_equipment, presence_seen_at,
      presence_rssi_cdbm, depart_due_at, candidate_location_id, candidate_since, candidate_rssi_cdbm, candidate_equipment,
      sold_at, return_guard_until, updated_at)
    select ${tenantId}, u.epc, nullif(u.tid, ''), u.f::timestamptz, u.l::timestamptz, u.n::bigint, u.eq, nullif(u.ant, '')::int,
      nullif(u.loc, '')::bigint, nullif(u.rssi, '')::int, nullif(u.p, ''), nullif(u.pl, '')::bigint, nullif(u.ps, '')::timestamptz,
      nullif(u.pe, ''), nullif(u.pseen, '')::timestamptz, nullif(u.pr, '')::int, nullif(u.due, '')::timestamptz,
      nullif(u.cl, '')::bigint, nullif(u.cs, '')::timestamptz, nullif(u.cr, '')::int, nullif(u.ce, ''),
      nullif(u.sold, '')::timestamptz, nullif(u.guard, '')::timestamptz, now()
    from unnest(${t(cols.epc)}, ${jsonArray(cols.tid)}, ${t(cols.first)}, ${t(cols.last)}, ${t(cols.count)}, ${jsonArray(cols.equipment)},
      ${t(cols.antenna)}, ${t(cols.location)}, ${t(cols.rssi)}, ${t(cols.presence)}, ${t(cols.pLocation)}, ${t(cols.pSince)},
      ${jsonArray(cols.pEquipment)}, ${t(cols.pSeen)}, ${t(cols.pRssi)}, ${t(cols.due)}, ${t(cols.cLocation)}, ${t(cols.cSince)},
      ${t(cols.cRssi)}, ${jsonArray(cols.cEquipment)}, ${t(cols.sold)}, ${t(cols.guard)})
      as u(epc, tid, f, l, n, eq, ant, loc, rssi, p, pl, ps, pe, pseen, pr, due, cl, cs, cr, ce, sold, guard)
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
      candidate_location_id = excluded.candidate_location_id,
      candidate_since = excluded.candidate_since,
      candidate_rssi_cdbm = excluded.candidate_rssi_cdbm,
      candidate_equipment = excluded.candidate_equipment,
      sold_at = excluded.sold_at,
      return_guard_until = excluded.return_guard_until,
      updated_at = now()`);
  if (events.length) await recordPresenceEvents(tx, tenantId, events, 'rfid');
  return { epcs: epcs.length, changes };
}

/** A text[] parameter of arbitrary strings (as JSON, so commas and quotes are safe); null stays null. */
function jsonArray(values: readonly (string | null)[]) {
  return sql`array(select e.v from jsonb_array_elements_text(${JSON.stringify(values.map((v) => v ?? ''))}::jsonb) with ordinality as e(v, n) order by e.n)`;
}
