import { Code, ENUMS, LOCATION_KIND, type WmsOp } from '@tagloom/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { SessionInfo } from '../../../core/context.js';
import { AppError } from '../../../core/errors.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { locations } from '../../tenant/places/tables.js';
import { wmsGrants } from './tables.js';

type Who = Pick<SessionInfo, 'tenantId' | 'userId' | 'party'>;

/** Where a warehouse action happens: its warehouse, and the zone (or a place of the warehouse) it is done in when it has one. */
export interface WmsPlace {
  siteId?: number | null;
  /** the zone the action is done in (a reader's, a carton's); a site given here stands for the whole warehouse */
  zoneId?: number | null;
}

/** The operation a read session of a subject type is (a carton's check is receiving; a QI sample, QI; …); others: any grant of the zone. */
export const SESSION_OPS: Readonly<Record<string, WmsOp>> = {
  carton: 'receive',
  qi: 'qi',
  count: 'count',
  pack: 'pack',
  order: 'pack',
  return: 'receive',
};

const opLabel = (op: WmsOp) => ENUMS.WmsOp?.find((o) => o.value === op)?.label ?? op;
const idsOf = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : []);

/** Whether a session is held to its grants (a warehouse's user); tenant users and other parties' users are not. */
export const heldToGrants = (session: Pick<SessionInfo, 'party'>): boolean => session.party?.kind === 'warehouse';

/**
 * The one question every warehouse action asks (E14): may this session do `op` at this place? A
 * user bound to a warehouse needs a grant of the place's warehouse holding the op (refused 403
 * `wms.noGrant`, naming the op) and, when the action is done in a zone (a reader's, a carton's) and
 * the grant names zones, a grant naming that zone (refused 403 `wms.noZone`, naming the zone and
 * the op). `op` null: any grant of the warehouse and zone (a read session of no known subject).
 * Users of the whole tenant (bound to no party) and users bound to another kind of party (a store's
 * clerk: its party scope already holds it to its store) pass. A bare number is the warehouse.
 */
export async function requireWmsGrant(tx: Tx, session: Who, where: number | null | WmsPlace, op: WmsOp | null): Promise<void> {
  if (!heldToGrants(session)) return;
  const place: WmsPlace = typeof where === 'object' && where !== null ? where : { siteId: where };
  let siteId = place.siteId ?? null;
  let zone: { id: number; name: string } | null = null;
  if (place.zoneId != null) {
    const [loc] = await tx
      .select({ id: locations.id, name: locations.name, kind: locations.kind, siteId: locations.siteId })
      .from(locations)
      .where(and(eq(locations.tenantId, session.tenantId), eq(locations.id, Number(place.zoneId))));
    if (loc?.kind === LOCATION_KIND.ZONE) {
      zone = { id: Number(loc.id), name: loc.name };
      siteId ??= loc.siteId == null ? null : Number(loc.siteId);
    } else if (loc) siteId ??= Number(loc.id);
  }
  const grants =
    siteId === null
      ? []
      : await tx
          .select({ zoneIds: wmsGrants.zoneIds })
          .from(wmsGrants)
          .where(
            and(
              eq(wmsGrants.tenantId, session.tenantId),
              eq(wmsGrants.userId, session.userId),
              eq(wmsGrants.siteId, siteId),
              op ? sql`${wmsGrants.ops} @> ${JSON.stringify([op])}::jsonb` : undefined,
            ),
          );
  if (!grants.length)
    throw op ? new AppError(403, Code.FORBIDDEN, 'wms.noGrant', { op: opLabel(op) }) : new AppError(403, Code.FORBIDDEN, 'wms.noSiteGrant');
  if (zone && !grants.some((g) => idsOf(g.zoneIds).length === 0 || idsOf(g.zoneIds).includes(zone.id)))
    throw new AppError(403, Code.FORBIDDEN, op ? 'wms.noZone' : 'wms.noZoneAny', { zone: zone.name, ...(op ? { op: opLabel(op) } : {}) });
}

/**
 * The places of a warehouse a session may work in for `op`, as a condition on a location column
 * (a reader's zone): every place for a user not held to grants (undefined); for a warehouse's user
 * the zones its grants holding the op name — all of a warehouse's whose grant names none. What the
 * console's reader pickers and dock cards list, so that they offer only what the guard allows.
 */
export function grantedPlaces(session: Who, op: WmsOp | null, location: SQL): SQL | undefined {
  if (!heldToGrants(session)) return undefined;
  return sql`exists (select 1 from wms_grants g join locations gl on gl.tenant_id = g.tenant_id and gl.id = ${location}
      where g.tenant_id = ${session.tenantId} and g.user_id = ${session.userId}
        ${op ? sql`and g.ops @> ${JSON.stringify([op])}::jsonb` : sql``}
        and (g.site_id = gl.site_id or g.site_id = gl.id)
        and (jsonb_array_length(g.zone_ids) = 0 or g.zone_ids @> to_jsonb(array[gl.id])))`;
}

/** Whether the session may work at this place for `op` (the console's row actions): the guard's answer without the refusal. */
export async function mayWorkAt(tx: Tx, session: Who, locationId: number, op: WmsOp | null): Promise<boolean> {
  const cond = grantedPlaces(session, op, sql`${locationId}::bigint`);
  if (!cond) return true;
  const [r] = await queryRows<{ ok: boolean }>(tx, sql`select ${cond} as ok`);
  return !!r?.ok;
}
