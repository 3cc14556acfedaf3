/**
 * The RFID figures of the dashboards (area L): counters (reads today, readers online, tags by
 * presence) and the operator's panel (readers offline, antenna faults, read rate per site, unknown
 * and duplicate EPCs, sync failures, batches refused over a quota). Every query is bounded by the
 * tenant and a time range on the leading columns of a primary key or index, so it reads today's (or
 * the last hour's) partition only.
 */
import { ONLINE, PLATFORM_TENANT_ID } from '@tagloom/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { queryRows } from '../../../db/client.js';
import { equipment, locations } from '../../../db/schema/index.js';
import { decoded } from '../../label/tags/decode.js';
import { clearCheck } from '../../label/tags/service.js';
import { rfidBatches, rfidEquipmentEvents, rfidIngestBuckets, rfidReads } from '../ingest/tables.js';
import { rfidEpcStates } from '../state/tables.js';

const num = (v: unknown) => Number(v ?? 0);
const iso = (v: unknown) => (v == null ? null : v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

/** `tenant_id = X` for a tenant, nothing for the platform (every tenant). */
const tenantIs = (col: SQL | unknown, tenantId: number): SQL => (tenantId === PLATFORM_TENANT_ID ? sql`true` : sql`${col} = ${tenantId}`);

export interface RfidCounters {
  readsToday: number;
  readersOnline: number;
  readersTotal: number;
  /** present / departed / sold, and never placed (null presence) as 'unplaced' */
  tagsByState: { state: 'present' | 'departed' | 'sold' | 'unplaced'; count: number }[];
}

/**
 * Reads today: the sum of today's batches' tag reads (one row a payload, not one a read — tens
 * to hundreds of times fewer rows than rfid_reads), by the (tenant_id, created_at) primary-key prefix.
 */
export async function readsToday(db: Tx, tenantId: number): Promise<number> {
  const [r] = await queryRows<{ n: unknown }>(
    db,
    sql`SELECT coalesce(sum(${rfidBatches.tagReads}), 0) AS n FROM ${rfidBatches}
        WHERE ${tenantIs(rfidBatches.tenantId, tenantId)} AND ${rfidBatches.createdAt} >= date_trunc('day', now())`,
  );
  return num(r?.n);
}

export async function readers(db: Tx, tenantId: number): Promise<{ online: number; total: number }> {
  const [r] = await queryRows<{ online: unknown; total: unknown }>(
    db,
    sql`SELECT count(*) FILTER (WHERE ${equipment.onlineStatus} = ${ONLINE.ONLINE}) AS online, count(*) AS total
        FROM ${equipment} WHERE ${tenantIs(equipment.tenantId, tenantId)}`,
  );
  return { online: num(r?.online), total: num(r?.total) };
}

/**
 * The tenant's readers, for the live view's picker (at most 500: a tenant's readers are counted in
 * tens); `reach` the readers a user bound to a party reaches (ingest/routes.ts readersReached).
 */
export async function liveReaders(db: Tx, tenantId: number, reach?: SQL) {
  const rows = await queryRows<{ code: string; name: string; loc: string | null; online: unknown }>(
    db,
    sql`SELECT e.equipment_coding AS code, e.equipment_name AS name, l.name AS loc, e.online_status AS online
        FROM ${equipment} e LEFT JOIN ${locations} l ON l.tenant_id = e.tenant_id AND l.id = e.location_id
        WHERE e.tenant_id = ${tenantId} ${reach ? sql`AND ${reach}` : sql``} ORDER BY e.equipment_coding LIMIT 500`,
  );
  return rows.map((r) => ({
    equipmentCoding: r.code,
    equipmentName: r.name,
    locationName: r.loc,
    online: num(r.online) === ONLINE.ONLINE,
  }));
}

/** Tags by presence (rfid_epc_states_presence_idx leads with tenant_id, presence). */
export async function tagsByState(db: Tx, tenantId: number): Promise<RfidCounters['tagsByState']> {
  const rows = await queryRows<{ presence: string | null; n: unknown }>(
    db,
    sql`SELECT ${rfidEpcStates.presence} AS presence, count(*) AS n FROM ${rfidEpcStates}
        WHERE ${tenantIs(rfidEpcStates.tenantId, tenantId)} GROUP BY 1`,
  );
  const by = new Map(rows.map((r) => [r.presence ?? 'unplaced', num(r.n)]));
  return (['present', 'departed', 'sold', 'unplaced'] as const).map((state) => ({ state, count: by.get(state) ?? 0 }));
}

export async function counters(db: Tx, tenantId: number): Promise<RfidCounters> {
  const [today, r, states] = await Promise.all([readsToday(db, tenantId), readers(db, tenantId), tagsByState(db, tenantId)]);
  return { readsToday: today, readersOnline: r.online, readersTotal: r.total, tagsByState: states };
}

/** How many rows each list of the operator's panel shows at most. */
export const PANEL_LIMIT = 10;

export interface OperatorPanel {
  offline: { equipmentCoding: string; equipmentName: string; locationName: string | null; since: string | null }[];
  antennaFaults: { equipmentCoding: string; antenna: number | null; at: string; message: string }[];
  ratePerSite: { locationId: number | null; locationName: string | null; reads: number }[];
  unknownEpcs: { epc: string; lastSeenAt: string; equipmentCoding: string; reason: 'notInRegistry' | 'undecodable' }[];
  duplicateEpcs: { epc: string; tids: string[] }[];
  syncFailures: {
    id: number;
    at: string;
    equipmentCoding: string;
    status: string;
    invalid: number;
    firstError: string;
  }[];
  /** batches refused today over a quota (429, or an MQTT message refused): in all, and by reader (the latest first) */
  rateLimited: { batches: number; readers: { equipmentCoding: string; batches: number; at: string }[] };
}

/** What an RFID operator looks at first (tenant dashboards). */
export async function operatorPanel(db: Tx, tenantId: number): Promise<OperatorPanel> {
  const [offline, faults, rate, recent, dupReads, failures, limited] = await Promise.all([
    queryRows<{ code: string; name: string; loc: string | null; since: unknown }>(
      db,
      sql`SELECT e.equipment_coding AS code, e.equipment_name AS name, l.name AS loc, e.last_time_online AS since
          FROM ${equipment} e LEFT JOIN ${locations} l ON l.tenant_id = e.tenant_id AND l.id = e.location_id
          WHERE e.tenant_id = ${tenantId} AND e.online_status = ${ONLINE.OFFLINE}
            AND (e.last_time_online IS NOT NULL OR e.location_id IS NOT NULL)
          ORDER BY e.last_time_online DESC NULLS LAST, e.equipment_coding LIMIT ${PANEL_LIMIT}`,
    ),
    // the events index (tenant_id, event_type, created_at) and the last day only
    queryRows<{ code: string; antenna: number | null; at: unknown; message: string }>(
      db,
      sql`SELECT ${rfidEquipmentEvents.equipmentCoding} AS code, ${rfidEquipmentEvents.antenna} AS antenna,
                 ${rfidEquipmentEvents.createdAt} AS at, ${rfidEquipmentEvents.message} AS message
          FROM ${rfidEquipmentEvents}
          WHERE ${rfidEquipmentEvents.tenantId} = ${tenantId} AND ${rfidEquipmentEvents.eventType} = 'antennaDisconnected'
            AND ${rfidEquipmentEvents.createdAt} >= now() - interval '1 day'
          ORDER BY ${rfidEquipmentEvents.createdAt} DESC LIMIT ${PANEL_LIMIT}`,
    ),
    // reads of the last hour per site: batches (one row a payload) by reader, the reader's location
    queryRows<{ loc_id: unknown; loc: string | null; n: unknown }>(
      db,
      sql`SELECT e.location_id AS loc_id, l.name AS loc, sum(b.n) AS n
          FROM (SELECT ${rfidBatches.equipmentCoding} AS code, sum(${rfidBatches.tagReads}) AS n FROM ${rfidBatches}
                WHERE ${rfidBatches.tenantId} = ${tenantId} AND ${rfidBatches.createdAt} >= now() - interval '1 hour'
                GROUP BY 1) b
          LEFT JOIN ${equipment} e ON e.tenant_id = ${tenantId} AND e.equipment_coding = b.code
          LEFT JOIN ${locations} l ON l.tenant_id = e.tenant_id AND l.id = e.location_id
          GROUP BY 1, 2 HAVING sum(b.n) > 0 ORDER BY 3 DESC LIMIT 12`,
    ),
    // the EPCs seen last (rfid_epc_states_seen_idx: by minute, sorted within it), to check against the tag registry
    queryRows<{ epc: string; tid: string | null; seen: unknown; code: string }>(
      db,
      sql`SELECT ${rfidEpcStates.epc} AS epc, ${rfidEpcStates.tid} AS tid, ${rfidEpcStates.lastSeenAt} AS seen,
                 ${rfidEpcStates.lastEquipment} AS code
          FROM ${rfidEpcStates} WHERE ${rfidEpcStates.tenantId} = ${tenantId}
            AND ${rfidEpcStates.lastSeenAt} >= now() - interval '1 day'
            AND ${rfidEpcStates.seenMinute} >= tagloom_epoch_minute(now() - interval '1 day')
          ORDER BY ${rfidEpcStates.seenMinute} DESC NULLS LAST, ${rfidEpcStates.lastSeenAt} DESC LIMIT 500`,
    ),
    // one EPC read with two TIDs in the last 15 minutes (cloned tags); the registry's TID is compared below
    queryRows<{ epc: string; tids: string[] }>(
      db,
      sql`SELECT ${rfidReads.epc} AS epc, array_agg(DISTINCT ${rfidReads.tid}) AS tids FROM ${rfidReads}
          WHERE ${rfidReads.tenantId} = ${tenantId} AND ${rfidReads.createdAt} >= now() - interval '15 minutes' AND ${rfidReads.tid} <> ''
          GROUP BY 1 HAVING count(DISTINCT ${rfidReads.tid}) > 1 LIMIT ${PANEL_LIMIT}`,
    ),
    queryRows<{ id: unknown; at: unknown; code: string; status: string; invalid: unknown; first_error: string }>(
      db,
      sql`SELECT ${rfidBatches.id} AS id, ${rfidBatches.createdAt} AS at, ${rfidBatches.equipmentCoding} AS code,
                 ${rfidBatches.status} AS status, ${rfidBatches.invalid} AS invalid, ${rfidBatches.firstError} AS first_error
          FROM ${rfidBatches}
          WHERE ${rfidBatches.tenantId} = ${tenantId} AND ${rfidBatches.createdAt} >= now() - interval '1 day'
            AND (${rfidBatches.status} <> 'ok' OR ${rfidBatches.invalid} > 0)
          ORDER BY ${rfidBatches.createdAt} DESC LIMIT ${PANEL_LIMIT}`,
    ),
    // the readers' quota buckets (a row a reader, its refusals of the day counted on it; quota.ts)
    queryRows<{ code: string; n: unknown; at: unknown; total: unknown }>(
      db,
      sql`SELECT ${rfidIngestBuckets.equipmentCoding} AS code, ${rfidIngestBuckets.refusedBatches} AS n, ${rfidIngestBuckets.refusedAt} AS at,
                 sum(${rfidIngestBuckets.refusedBatches}) OVER () AS total
          FROM ${rfidIngestBuckets}
          WHERE ${rfidIngestBuckets.tenantId} = ${tenantId} AND ${rfidIngestBuckets.equipmentCoding} <> ''
            AND ${rfidIngestBuckets.refusedDay} = current_date AND ${rfidIngestBuckets.refusedBatches} > 0
          ORDER BY ${rfidIngestBuckets.refusedAt} DESC LIMIT ${PANEL_LIMIT}`,
    ),
  ]);

  // unknown: not in the registry (asked through the tags service) or not decodable; duplicate: the
  // TID read differs from the registered one
  const check = recent.length
    ? await clearCheck(
        db,
        tenantId,
        recent.map((r) => r.epc),
      )
    : { tags: [], unknown: [] as string[] };
  const unknown = new Set(check.unknown);
  const registeredTid = new Map(check.tags.map((t) => [t.epc as string, (t.tid as string | null) ?? '']));
  const unknownEpcs: OperatorPanel['unknownEpcs'] = [];
  const duplicates = new Map<string, Set<string>>(dupReads.map((d) => [d.epc, new Set(d.tids)]));
  for (const r of recent) {
    const undecodable = !decoded(r.epc).epc;
    if ((undecodable || unknown.has(r.epc)) && unknownEpcs.length < PANEL_LIMIT)
      unknownEpcs.push({
        epc: r.epc,
        lastSeenAt: iso(r.seen)!,
        equipmentCoding: r.code,
        reason: undecodable ? 'undecodable' : 'notInRegistry',
      });
    const reg = registeredTid.get(r.epc);
    if (reg && r.tid && reg.toUpperCase() !== r.tid.toUpperCase()) {
      const set = duplicates.get(r.epc) ?? new Set<string>();
      set.add(reg.toUpperCase());
      set.add(r.tid.toUpperCase());
      duplicates.set(r.epc, set);
    }
  }

  return {
    offline: offline.map((o) => ({ equipmentCoding: o.code, equipmentName: o.name, locationName: o.loc, since: iso(o.since) })),
    antennaFaults: faults.map((f) => ({
      equipmentCoding: f.code,
      antenna: f.antenna == null ? null : num(f.antenna),
      at: iso(f.at)!,
      message: f.message,
    })),
    ratePerSite: rate.map((r) => ({ locationId: r.loc_id == null ? null : num(r.loc_id), locationName: r.loc, reads: num(r.n) })),
    unknownEpcs,
    duplicateEpcs: [...duplicates].slice(0, PANEL_LIMIT).map(([epc, tids]) => ({ epc, tids: [...tids].sort() })),
    syncFailures: failures.map((f) => ({
      id: num(f.id),
      at: iso(f.at)!,
      equipmentCoding: f.code,
      status: f.status,
      invalid: num(f.invalid),
      firstError: f.first_error,
    })),
    rateLimited: {
      batches: num(limited[0]?.total),
      readers: limited.map((l) => ({ equipmentCoding: l.code, batches: num(l.n), at: iso(l.at)! })),
    },
  };
}
