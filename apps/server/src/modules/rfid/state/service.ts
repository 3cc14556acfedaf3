/**
 * EPC state beyond the fold: the departure sweep, closing what a reader placed (unbinding), counts
 * by presence (dashboards), one EPC's state (the integrator's lookup) and the screens' lists.
 */
import { PRESENCES, type Presence, SCENE_TYPE } from '@tagloom/domain/rfid/presence.js';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ReadScope } from '../../../core/tenant-scope.js';
import { type Param, preparedStatement, queryRows, type Tx } from '../../../db/client.js';
import { decoded } from '../../label/tags/decode.js';
import { epcEventsSelect, epcFactsSelect, epcReached, type FactsRow, factsOf, type Reach } from '../../label/tags/index.js';
import { lockFold, type PresenceChange } from './fold.js';
import { recordPresenceEvents } from './lifecycle.js';
import { presenceTallies } from './listeners.js';
import { rfidEpcStates } from './tables.js';

interface ClosedRow {
  tenant_id: number | string;
  epc: string;
  at: Date | string;
  location_id: number | string | null;
  equipment: string | null;
}

async function appendDepartures(tx: Tx, rows: readonly ClosedRow[], source: string): Promise<PresenceChange[]> {
  const byTenant = new Map<number, ClosedRow[]>();
  for (const r of rows) {
    const t = Number(r.tenant_id);
    const list = byTenant.get(t) ?? [];
    list.push(r);
    byTenant.set(t, list);
  }
  const changes: PresenceChange[] = [];
  for (const [tenantId, list] of byTenant) {
    const events = list.map((r) => ({
      epc: r.epc,
      kind: 'departed' as const,
      at: new Date(r.at).getTime(),
      locationId: r.location_id === null ? null : Number(r.location_id),
      equipment: r.equipment,
      sceneType: SCENE_TYPE.GENERAL,
    }));
    await recordPresenceEvents(tx, tenantId, events, source);
    await presenceTallies.moved(
      tx,
      tenantId,
      events.map((e) => ({ epc: e.epc, from: e.locationId, to: null, at: null })),
    );
    for (const e of events)
      changes.push({
        epc: e.epc,
        kind: 'departed',
        at: new Date(e.at),
        locationId: e.locationId,
        fromLocationId: null,
        equipmentCoding: e.equipment,
      });
  }
  return changes;
}

/** At most this many tags depart per sweep statement (a run loops a few of them). */
export const SWEEP_CHUNK = 5000;

/**
 * Present tags of every tenant whose departure fell due by `now` (no read at their location for
 * their scene's departAfter) depart, at the time it fell due: set-based, SWEEP_CHUNK rows per
 * statement (skipping rows an ingestion holds), at most `maxChunks` rounds per run. The sweep finds
 * them by depart_check_at (at or before the due time: re-reads push the due time on without moving
 * it, fold.ts); a tag whose check came while its due time lies ahead gets the check moved up to it.
 * Each tenant's departures are written in a transaction of their own under its fold lock (the
 * presence tallies, listeners.ts). Appends 'departed' lifecycle events. Returns how many departed.
 */
export async function sweepDepartures(db: Tx, now: Date, maxChunks = 20): Promise<number> {
  const dueAt = sql`presence = 'present' and depart_check_at <= ${now} and depart_due_at <= ${now}`;
  let total = 0;
  for (let i = 0; i < maxChunks; i++) {
    // present tags whose check came while their due time lies ahead: the check moved up to it (no
    // presence changes, no lock but the rows'; rows an ingestion holds skipped)
    const later = await queryRows<{ epc: string }>(
      db,
      sql`with due as (
            select tenant_id, epc from rfid_epc_states
            where presence = 'present' and depart_check_at <= ${now} and depart_due_at > ${now}
            order by depart_check_at limit ${SWEEP_CHUNK}
            for update skip locked)
          update rfid_epc_states s set depart_check_at = s.depart_due_at
          from due where s.tenant_id = due.tenant_id and s.epc = due.epc
          returning s.epc`,
    );
    // the tenants with departures due, then each tenant's in a transaction of its own, under the
    // tenant's fold lock taken first (as the fold takes it: no deadlock with a fold, which locks the
    // same rows after it; the presence tallies are written by one transaction a tenant at a time)
    const due = await queryRows<{ tenant_id: number | string; n: number }>(
      db,
      sql`select tenant_id, count(*)::int as n from (
            select tenant_id from rfid_epc_states where ${dueAt} order by depart_check_at limit ${SWEEP_CHUNK}) d
          group by tenant_id order by tenant_id`,
    );
    let found = 0;
    for (const t of due) {
      const tenantId = Number(t.tenant_id);
      found += t.n;
      total += await db.transaction(async (tx) => {
        await lockFold(tx, tenantId);
        const rows = await queryRows<ClosedRow>(
          tx,
          sql`with due as (
                select epc from rfid_epc_states
                where tenant_id = ${tenantId} and ${dueAt}
                order by depart_check_at limit ${SWEEP_CHUNK}
                for update skip locked)
              update rfid_epc_states s set presence = 'departed', presence_since = s.depart_due_at, depart_due_at = null,
                depart_check_at = null, candidate_location_id = null, candidate_since = null, candidate_rssi_cdbm = null,
                candidate_reads = null, candidate_seen_at = null, candidate_equipment = null, updated_at = now()
              from due where s.tenant_id = ${tenantId} and s.epc = due.epc
              returning s.tenant_id, s.epc, s.presence_since as at, s.presence_location_id as location_id, s.presence_equipment as equipment`,
        );
        await appendDepartures(tx, rows, 'rfid.sweepDepartures');
        return rows.length;
      });
    }
    if (later.length < SWEEP_CHUNK && found < SWEEP_CHUNK) break;
  }
  return total;
}

/**
 * Unbinding a reader: the tags it placed (present, placed by this reader) are closed — departed
 * now, with 'departed' lifecycle events. In the caller's transaction; returns the changes.
 */
export async function closePresenceAt(tx: Tx, tenantId: number, equipmentCoding: string, at = new Date()): Promise<PresenceChange[]> {
  // (the tenant's fold lock: presence changes one writer a tenant at a time, listeners.ts)
  await lockFold(tx, tenantId);
  const rows = await queryRows<ClosedRow>(
    tx,
    sql`update rfid_epc_states s set presence = 'departed', presence_since = ${at}, depart_due_at = null, depart_check_at = null,
          candidate_location_id = null, candidate_since = null, candidate_rssi_cdbm = null, candidate_reads = null,
          candidate_seen_at = null, candidate_equipment = null, updated_at = now()
        where s.tenant_id = ${tenantId} and s.presence = 'present' and s.presence_equipment = ${equipmentCoding}
        returning s.tenant_id, s.epc, s.presence_since as at, s.presence_location_id as location_id, s.presence_equipment as equipment`,
  );
  return appendDepartures(tx, rows, 'rfid/equipment');
}

export type PresenceCounts = Record<Presence | 'unplaced', number> & { total: number };

/** Tags by presence state that the session may see (its tenant's; all for the platform), optionally at one location. */
/**
 * The EPC states a caller reaches besides its tenant (undefined: all of them; `s` the states' alias
 * in the query): a user bound to a store or warehouse, the EPCs last seen or present at its place;
 * bound to a label supplier or factory, the EPCs of its own label orders' tags (the label area's reach).
 */
export function stateReach(who: Reach, s = sql.raw('s')): SQL | undefined {
  const party = who.party;
  if (!party) return undefined;
  if (party.kind === 'store' || party.kind === 'warehouse') {
    // the site and its zones (its sales floor, stock room, docks …: ../shared/operations.md F1, rolled up per site)
    const places = sql`(select z.id from locations z where z.tenant_id = ${s}.tenant_id and (z.id = ${party.id} or z.site_id = ${party.id}))`;
    return sql`(${s}.last_location_id in ${places} or ${s}.presence_location_id in ${places})`;
  }
  return epcReached(who, sql`${s}.epc`);
}

export async function countByPresence(db: Tx, scope: ReadScope, locationId?: number, reach?: SQL): Promise<PresenceCounts> {
  const t = rfidEpcStates as typeof rfidEpcStates & { tenantId: AnyPgColumn };
  const where = scope(t, locationId === undefined ? undefined : sql`${rfidEpcStates.presenceLocationId} = ${locationId}`, reach);
  const rows = await queryRows<{ presence: Presence | null; n: number | string }>(
    db,
    sql`select presence, count(*)::bigint as n from rfid_epc_states ${where ? sql`where ${where}` : sql``} group by presence`,
  );
  const out: PresenceCounts = { present: 0, departed: 0, sold: 0, unplaced: 0, total: 0 };
  for (const r of rows) {
    const n = Number(r.n);
    if (r.presence && (PRESENCES as readonly string[]).includes(r.presence)) out[r.presence] = n;
    else out.unplaced += n;
    out.total += n;
  }
  return out;
}

/** A state row as the API gives it (camelCase, numbers, ISO times) with its location names. */
export const STATE_COLUMNS = sql`s.epc, s.tid, s.first_seen_at as "firstSeenAt", s.last_seen_at as "lastSeenAt", s.read_count::float8 as "readCount",
  s.last_equipment as "lastEquipment", s.last_antenna as "lastAntenna", s.last_location_id::float8 as "lastLocationId",
  ll.code as "lastLocationCode", ll.name as "lastLocationName", s.last_rssi_cdbm as "lastRssiCdbm",
  s.presence, s.presence_location_id::float8 as "presenceLocationId", pl.code as "presenceLocationCode", pl.name as "presenceLocationName",
  s.presence_since as "presenceSince", s.presence_equipment as "presenceEquipment", s.presence_seen_at as "presenceSeenAt",
  s.depart_due_at as "departDueAt", s.candidate_location_id::float8 as "candidateLocationId", cl.code as "candidateLocationCode",
  cl.name as "candidateLocationName", s.candidate_since as "candidateSince", s.sold_at as "soldAt",
  s.return_guard_until as "returnGuardUntil"`;
export const STATE_JOINS = sql`left join locations ll on ll.tenant_id = s.tenant_id and ll.id = s.last_location_id
  left join locations pl on pl.tenant_id = s.tenant_id and pl.id = s.presence_location_id
  left join locations cl on cl.tenant_id = s.tenant_id and cl.id = s.candidate_location_id`;

/** The query of one EPC's state row (STATE_COLUMNS with its location names). */
const stateSelect = (tenantId: Param<number>, epc: Param<string>) =>
  sql`select ${STATE_COLUMNS} from rfid_epc_states s ${STATE_JOINS} where s.tenant_id = ${tenantId} and s.epc = ${epc}`;

/** The state row's times: JSON from the database writes them its way, the API as ISO 8601 in UTC with milliseconds. */
const STATE_TIMES = [
  'firstSeenAt',
  'lastSeenAt',
  'presenceSince',
  'presenceSeenAt',
  'departDueAt',
  'candidateSince',
  'soldAt',
  'returnGuardUntil',
] as const;

/** The decoded identity of an EPC as the screens show it (scheme, GTIN, serial, URI) or the codec's refusal. */
export function decodeForState(epc: string): {
  decoded: Record<string, unknown> | null;
  refusal: { key: string; params: Record<string, string | number> } | null;
} {
  const d = decoded(epc);
  if (!d.epc) return { decoded: null, refusal: d.refusal ?? null };
  const e = d.epc;
  return { decoded: { scheme: e.scheme, gtin: e.gtin ?? null, serial: e.serial ?? null, uri: e.uri ?? null }, refusal: null };
}

/** The lifecycle events a lookup shows (the newest). */
export const LOOKUP_EVENTS = 20;

/**
 * The integrator's lookup: one EPC's state, its decode, its tag registry facts (the tag, its label
 * order) and its last 20 lifecycle events, newest first: one statement, built once and prepared
 * (planned once per connection), one round trip (the label area gives its two reads as queries:
 * epcFactsSelect, epcEventsSelect).
 */
const lookupStatement = preparedStatement<
  { tenantId: number; epc: string; uri: string },
  { state: Record<string, unknown> | null; facts: FactsRow | null; events: Record<string, unknown>[] | null }
>('tagloom_epc_lookup', () => {
  const [tenantId, epc, uri] = [sql.placeholder('tenantId'), sql.placeholder('epc'), sql.placeholder('uri')];
  return sql`select (select row_to_json(s) from (${stateSelect(tenantId, epc)}) s) as state,
          (select row_to_json(f) from (${epcFactsSelect(tenantId, epc)}) f) as facts,
          (select json_agg(e) from (${epcEventsSelect(tenantId, epc, { newest: true, limit: LOOKUP_EVENTS, full: false }, uri)}) e) as events`;
});

export async function epcStateLookup(db: Tx, tenantId: number, epc: string, party?: Reach['party']) {
  const { decoded: dec, refusal } = decodeForState(epc);
  // an EPC a user bound to a party does not reach is unknown to it: no state, facts nor events
  const reach = stateReach({ tenantId, party }, sql.raw('s'));
  if (reach) {
    const [seen] = await queryRows<{ ok: boolean }>(
      db,
      sql`select exists (select 1 from (select ${epc}::text as epc) k
            left join rfid_epc_states s on s.tenant_id = ${tenantId} and s.epc = k.epc
            where ${party?.kind === 'store' || party?.kind === 'warehouse' ? sql`s.epc is not null and ${reach}` : epcReached({ tenantId, party }, sql`k.epc`)}) as ok`,
    );
    if (!seen?.ok) return { epc, found: false, state: null, decoded: dec, refusal, ...factsOf(null), events: [] };
  }
  const [r] = await lookupStatement(db, { tenantId, epc, uri: typeof dec?.uri === 'string' ? dec.uri : '' });
  const state = r?.state ?? null;
  if (state)
    for (const k of STATE_TIMES) {
      const v = state[k];
      if (typeof v === 'string') state[k] = new Date(v).toISOString();
    }
  return { epc, found: !!state, state, decoded: dec, refusal, ...factsOf(r?.facts), events: r?.events ?? [] };
}

/** The tenant's EPCs (upper-case hex) that start with `prefix`, in order, at most `max` (the raw reads' EPC filter). */
export async function epcsStartingWith(db: Tx, tenantId: number, prefix: string, max: number): Promise<string[]> {
  const rows = await queryRows<{ epc: string }>(
    db,
    sql`select epc from rfid_epc_states where tenant_id = ${tenantId} and epc >= ${prefix} and epc < ${`${prefix}Z`} order by epc limit ${max}`,
  );
  return rows.map((r) => r.epc);
}
