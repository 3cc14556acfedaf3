/**
 * Presence moved by documents rather than reads (the till: ../shared/operations.md §6 E11). A sale
 * does to an EPC's state what a point-of-sale reader's read does (presence.ts, the POS scene): sold
 * at the store, its sale time kept, reads elsewhere within the return guard ignored — so an EAS exit
 * lets it out. A return places it present at the zone the store takes returns in (its stock room),
 * with no departure due (no reader there has to keep it: the next read anywhere moves it as usual),
 * so an exit alarms again. Both take the tenant's fold lock (the fold and a document never write
 * one state at once) and write one statement whatever the number of EPCs; neither records
 * lifecycle events nor calls the presence listeners (the document records its own event), both
 * tell the presence tallies.
 */
import { DEFAULT_RULES } from '@tagloom/domain/rfid/presence.js';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.js';
import { lockFold } from './fold.js';
import { pgNumArray, pgTextArray } from './fold-data.js';
import { presenceTallies } from './listeners.js';

export interface DocumentPresence {
  /** upper-case hex */
  epc: string;
  at: Date;
  /** where: the store (a sale) or the zone taking it back (a return) */
  locationId: number;
  /** the device that made the document (a POS), shown as the reader that placed it */
  equipment: string;
}

const columns = (items: readonly DocumentPresence[]) => sql`unnest(
    ${pgTextArray(items.map((i) => i.epc))}::text[], ${pgTextArray(items.map((i) => i.at.toISOString()))}::timestamptz[],
    ${pgNumArray(items.map((i) => i.locationId))}::bigint[], ${pgTextArray(items.map((i) => i.equipment))}::text[]) as u(epc, at, loc, eq)`;

/** An EPC a document changed, with where it was present before (null: it was not). */
interface Moved {
  epc: string;
  was_at: number | string | null;
}

/**
 * The states of the items before the document (the statement's snapshot: no FOR UPDATE, which would
 * skip the rows the upsert `up` changes; the fold lock keeps other writers out), and the answer of
 * the upsert: its EPCs and where each was present.
 */
const before = (tenantId: number, items: readonly DocumentPresence[]) =>
  sql`prev as (
        select epc, presence_location_id as loc from rfid_epc_states
         where tenant_id = ${tenantId} and epc = any(${pgTextArray(items.map((i) => i.epc))}::text[]) and presence = 'present')`;
const movedOf = sql`select up.epc, prev.loc as was_at from up left join prev on prev.epc = up.epc`;

/** The presence tallies (listeners.ts) of what a document moved: out of where each was present, into `into` (a return's zone; null: a sale). */
async function tallied(tx: Tx, tenantId: number, rows: readonly Moved[], into: ReadonlyMap<string, number> | null): Promise<void> {
  const moves = rows
    .map((r) => ({ epc: r.epc, from: r.was_at === null ? null : Number(r.was_at), to: into?.get(r.epc) ?? null, at: null }))
    .filter((m) => m.from !== m.to);
  await presenceTallies.moved(tx, tenantId, moves);
}

/**
 * Sells these EPCs (presence sold at `locationId` since `at`, sold_at = at, reads elsewhere ignored
 * for the POS scene's return guard); an EPC no reader has seen gets its state now. A state sold at
 * the same time or later is left alone. Answers the EPCs whose state changed.
 */
export async function markSoldByDocument(tx: Tx, tenantId: number, items: readonly DocumentPresence[]): Promise<string[]> {
  if (!items.length) return [];
  await lockFold(tx, tenantId);
  const guardMs = DEFAULT_RULES.returnGuard * 1000;
  const rows = await queryRows<Moved>(
    tx,
    sql`with ${before(tenantId, items)}, up as (
        insert into rfid_epc_states as s (tenant_id, epc, first_seen_at, last_seen_at, read_count, last_equipment, last_location_id,
          presence, presence_location_id, presence_since, presence_equipment, sold_at, return_guard_until, updated_at)
        select ${tenantId}, u.epc, u.at, u.at, 0, u.eq, u.loc, 'sold', u.loc, u.at, u.eq, u.at,
               u.at + make_interval(secs => ${guardMs / 1000}), now()
          from ${columns(items)}
        on conflict (tenant_id, epc) do update set
          presence = 'sold', presence_location_id = excluded.presence_location_id, presence_since = excluded.presence_since,
          presence_equipment = excluded.presence_equipment, presence_seen_at = null, presence_rssi_cdbm = null,
          depart_due_at = null, depart_check_at = null, candidate_location_id = null, candidate_since = null,
          candidate_rssi_cdbm = null, candidate_reads = null, candidate_seen_at = null, candidate_equipment = null,
          sold_at = excluded.sold_at, return_guard_until = excluded.return_guard_until, updated_at = now()
        where s.presence is distinct from 'sold' or s.sold_at is null or s.sold_at < excluded.sold_at
        returning s.epc)
        ${movedOf}`,
  );
  await tallied(tx, tenantId, rows, null);
  return rows.map((r) => r.epc);
}

/**
 * Brings these EPCs back (a return at the till): present at `locationId` since `at`, no departure
 * due, the sale time kept. Answers the EPCs whose state changed.
 */
export async function markReturnedByDocument(tx: Tx, tenantId: number, items: readonly DocumentPresence[]): Promise<string[]> {
  if (!items.length) return [];
  await lockFold(tx, tenantId);
  const rows = await queryRows<Moved>(
    tx,
    sql`with ${before(tenantId, items)}, up as (
        insert into rfid_epc_states as s (tenant_id, epc, first_seen_at, last_seen_at, read_count, last_equipment, last_location_id,
          presence, presence_location_id, presence_since, presence_equipment, updated_at)
        select ${tenantId}, u.epc, u.at, u.at, 0, u.eq, u.loc, 'present', u.loc, u.at, u.eq, now()
          from ${columns(items)}
        on conflict (tenant_id, epc) do update set
          presence = 'present', presence_location_id = excluded.presence_location_id, presence_since = excluded.presence_since,
          presence_equipment = excluded.presence_equipment, presence_seen_at = null, presence_rssi_cdbm = null,
          depart_due_at = null, depart_check_at = null, candidate_location_id = null, candidate_since = null,
          candidate_rssi_cdbm = null, candidate_reads = null, candidate_seen_at = null, candidate_equipment = null,
          return_guard_until = null, updated_at = now()
        returning s.epc)
        ${movedOf}`,
  );
  await tallied(tx, tenantId, rows, new Map(items.map((i) => [i.epc, i.locationId])));
  return rows.map((r) => r.epc);
}

/** What the states say of these EPCs: present / departed / sold (null: never placed), and when last sold. */
export async function presenceOf(
  tx: Tx,
  tenantId: number,
  epcs: readonly string[],
): Promise<Map<string, { presence: string | null; soldAt: Date | null; locationId: number | null }>> {
  const out = new Map<string, { presence: string | null; soldAt: Date | null; locationId: number | null }>();
  if (!epcs.length) return out;
  const rows = await queryRows<{ epc: string; presence: string | null; sold_at: Date | string | null; loc: string | number | null }>(
    tx,
    sql`select epc, presence, sold_at, presence_location_id as loc from rfid_epc_states
         where tenant_id = ${tenantId} and epc = any(${pgTextArray([...epcs])}::text[])`,
  );
  for (const r of rows)
    out.set(r.epc, {
      presence: r.presence,
      soldAt: r.sold_at == null ? null : new Date(r.sold_at),
      locationId: r.loc == null ? null : Number(r.loc),
    });
  return out;
}
