/** RFID equipment beyond the generic list: online state from heartbeats, counts for the dashboards. */
import { ONLINE, REGISTRATION_STATUS } from '@tagloom/domain';
import { and, count, eq, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../../core/context.js';
import type { ReadScope } from '../../../core/tenant-scope.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { equipment, locations, rfidScenes } from '../../../db/schema/index.js';
import { recordEquipmentEvent } from '../ingest/log.js';

/** Where a reader is bound (its location and scene), as the ingestion pipeline needs it. */
export interface EquipmentBinding {
  id: number;
  equipmentCoding: string;
  equipmentName: string;
  locationId: number | null;
  locationName: string | null;
  sceneId: number | null;
  sceneType: number | null;
  registered: boolean;
}

/**
 * The binding of a tenant's reader by its code, or undefined when the tenant has no such reader:
 * one query on the (tenant, code) unique index, no cache (an unbind takes effect on the next batch).
 */
export async function bindingOf(db: Tx, tenantId: number, equipmentCoding: string): Promise<EquipmentBinding | undefined> {
  const [row] = await db
    .select({
      id: equipment.id,
      equipmentCoding: equipment.equipmentCoding,
      equipmentName: equipment.equipmentName,
      locationId: equipment.locationId,
      locationName: locations.name,
      sceneId: equipment.sceneId,
      sceneType: rfidScenes.sceneType,
      registrationStatus: equipment.registrationStatus,
    })
    .from(equipment)
    .leftJoin(locations, and(eq(locations.tenantId, equipment.tenantId), eq(locations.id, equipment.locationId)))
    .leftJoin(rfidScenes, and(eq(rfidScenes.tenantId, equipment.tenantId), eq(rfidScenes.id, equipment.sceneId)))
    .where(and(eq(equipment.tenantId, tenantId), eq(equipment.equipmentCoding, equipmentCoding)))
    .limit(1);
  if (!row) return undefined;
  const { registrationStatus, ...rest } = row;
  return {
    ...rest,
    equipmentName: String(rest.equipmentName),
    equipmentCoding: String(rest.equipmentCoding),
    locationId: (rest.locationId as number | null) ?? null,
    locationName: (rest.locationName as string | null) ?? null,
    sceneId: (rest.sceneId as number | null) ?? null,
    sceneType: (rest.sceneType as number | null) ?? null,
    registered: registrationStatus === REGISTRATION_STATUS.REGISTERED,
  };
}

/**
 * The reader seen at `at`, as SQL (a statement, or a part of the ingestion's one statement) that
 * returns `was`, its online status before, when it changed the row: only when the reader was
 * offline or a second has passed (a busy reader does not rewrite its row per batch) and `when`
 * holds. Only then is the row locked (and `was` read from its newest version): a reader's
 * batches in flight do not wait for each other.
 */
export function seenUpdate(tenantId: number, equipmentCoding: string, at: Date, when: SQL = sql`true`): SQL {
  const atIso = at.toISOString();
  return sql`update equipment e
    set online_status = ${ONLINE.ONLINE},
        last_time_online = greatest(coalesce(e.last_time_online, ${atIso}::timestamptz), ${atIso}::timestamptz),
        updated_at = now()
    from (select id, online_status as was from equipment
          where tenant_id = ${tenantId} and equipment_coding = ${equipmentCoding} and (${when})
            and (online_status <> ${ONLINE.ONLINE} or last_time_online is null
                 or last_time_online < ${atIso}::timestamptz - interval '1 second')
          for update) old
    where e.tenant_id = ${tenantId} and e.id = old.id
    returning old.was`;
}

/** Where a reader is bound, as SQL (a part of the ingestion statement): location_id, location_name ('' when none), scene_id. */
export function bindingSelect(tenantId: number, equipmentCoding: string): SQL {
  return sql`select e.location_id, coalesce(l.name, '') as location_name, e.scene_id
    from equipment e left join locations l on l.tenant_id = e.tenant_id and l.id = e.location_id
    where e.tenant_id = ${tenantId} and e.equipment_coding = ${equipmentCoding}`;
}

/**
 * A report from a reader at `at`: it is online and was last online then (never moved back in time).
 * When it was offline, the equipment log gets a 'connected' event.
 */
export async function markSeen(db: Tx, tenantId: number, equipmentCoding: string, at: Date): Promise<void> {
  const [row] = await queryRows<{ was: number }>(db, seenUpdate(tenantId, equipmentCoding, at));
  if (row && Number(row.was) !== ONLINE.ONLINE) {
    await recordEquipmentEvent(db, { tenantId, equipmentCoding, eventType: 'connected', at });
  }
}

/** The readers bound to these locations (a store's fitting cabins), by location: their codes, in code order. */
export async function readersAt(db: Tx, tenantId: number, locationIds: readonly number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (!locationIds.length) return out;
  const rows = await queryRows<{ location_id: string | number; code: string }>(
    db,
    sql`select location_id, equipment_coding as code from ${equipment}
         where tenant_id = ${tenantId} and location_id = any(${`{${locationIds.join(',')}}`}::bigint[])
         order by equipment_coding`,
  );
  for (const r of rows) {
    const list = out.get(Number(r.location_id)) ?? [];
    list.push(r.code);
    out.set(Number(r.location_id), list);
  }
  return out;
}

/** Binds a reader of the tenant to a location (a zone: a fitting cabin), its scene kept. */
export async function rebindReader(db: Tx, tenantId: number, equipmentCoding: string, locationId: number): Promise<void> {
  await db.execute(
    sql`update ${equipment} set location_id = ${locationId}, updated_at = now() where tenant_id = ${tenantId} and equipment_coding = ${equipmentCoding}`,
  );
}

export class EquipmentService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * Readers of every tenant silent since `cutoff` (no heartbeat at or after it) go offline; returns
   * how many changed. A system job: it runs for the platform, not for one tenant's session.
   */
  async markStaleOffline(cutoff: Date): Promise<number> {
    const changed = await this.ctx.db
      .update(equipment)
      .set({ onlineStatus: ONLINE.OFFLINE, updatedAt: new Date() })
      .where(and(eq(equipment.onlineStatus, ONLINE.ONLINE), or(isNull(equipment.lastTimeOnline), lt(equipment.lastTimeOnline, cutoff))))
      .returning({ id: equipment.id });
    return changed.length;
  }

  /** Readers online that the session may see (its tenant's, or all for the platform). */
  async onlineCount(scope: ReadScope): Promise<number> {
    const [row] = await this.ctx.db
      .select({ n: count() })
      .from(equipment)
      .where(scope(equipment as typeof equipment & { tenantId: AnyPgColumn }, eq(equipment.onlineStatus, ONLINE.ONLINE)));
    return Number(row?.n ?? 0);
  }
}
