/**
 * The RFID figures of the admin dashboard, as the session sees them: a platform user every tenant's,
 * a tenant user its own, a store clerk or warehouse keeper its site's (the readers bound to its store
 * or warehouse, their reads, the tags placed there; the equipment declaration's partyScope), a user
 * bound to another kind of party none. Registered devices are counted by kind (readers, handhelds,
 * printers, other: the model's category), each online + offline = registered; devices not yet
 * registered are counted apart. Each site with a registered reader is listed with its reads, a
 * silent one included: no reads is itself what the operator must see.
 */
import {
  equipmentResource,
  ONLINE,
  PLATFORM_TENANT_ID,
  REGISTRATION_STATUS,
  TAG_EXCEPTION_STATE,
  tagExceptionResource,
} from '@tagloom/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionInfo } from '../../core/context.js';
import { partyCondition } from '../../core/party.js';
import type { Tx } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { equipment, locations, products, tenants } from '../../db/schema/index.js';
import { labelTagExceptions } from '../label/tags/tables.js';
import { rfidBatches } from '../rfid/ingest/tables.js';
import { rfidEpcStates } from '../rfid/state/tables.js';

export const DEVICE_KINDS = ['reader', 'handheld', 'printer', 'other'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];
export const TAG_STATES = ['present', 'departed', 'sold', 'unplaced'] as const;

/** ProductCategory → kind: fixed readers, gates and smart shelves read tags; handhelds; label printers. */
const KIND_OF_CATEGORY = sql`case p.category when 1 then 'reader' when 3 then 'reader' when 4 then 'reader'
  when 2 then 'handheld' when 5 then 'printer' else 'other' end`;

export interface RfidSummary {
  readsToday: number;
  /** the last batch of reads in view (any day), null when none ever came */
  lastReadAt: string | null;
  devices: { kind: DeviceKind; online: number; offline: number; unregistered: number }[];
  tagsByState: { state: (typeof TAG_STATES)[number]; count: number }[];
  /** label exceptions waiting to be handled, by TagExceptionKind value (only the kinds some hold) */
  exceptionsByKind: { kind: number; count: number }[];
  /** sites with a registered reader (at most 20, the quietest first): reads today and in the last hour */
  sites: { locationId: number; locationName: string; readers: number; online: number; readsToday: number; readsLastHour: number }[];
}

const E = equipment;
const num = (v: unknown) => Number(v ?? 0);
const iso = (v: unknown) => (v == null ? null : v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

/** The site a session is held to: undefined for all the tenant's, a location id, or null (no site: sees no reader). */
function siteOf(session: SessionInfo): number | null | undefined {
  if (!session.party) return undefined;
  return session.party.kind === 'store' || session.party.kind === 'warehouse' ? session.party.id : null;
}

export async function rfidSummary(db: Tx, session: SessionInfo): Promise<RfidSummary> {
  const platform = session.tenantId === PLATFORM_TENANT_ID;
  const site = siteOf(session);
  const tenantOf = (col: SQL): SQL => (platform ? sql`true` : sql`${col} = ${session.tenantId}`);
  // the equipment in view: the tenant's, narrowed by the equipment declaration's party rule
  const party = partyCondition(equipmentResource, equipment, session);
  // unaliased: the party condition names the equipment table's columns
  const inView = party ? sql`${tenantOf(sql`${E.tenantId}`)} and ${party}` : tenantOf(sql`${E.tenantId}`);
  // the readers' codes whose batches count (every batch of the tenant when the session is not held to a site)
  const batchesInView = (alias: string) =>
    site === undefined
      ? tenantOf(sql.raw(`${alias}.tenant_id`))
      : sql`${sql.raw(`${alias}.tenant_id`)} = ${session.tenantId} and ${sql.raw(`${alias}.equipment_coding`)} in (
          select ${E.equipmentCoding} from ${E} where ${inView})`;
  const since = sql`least(date_trunc('day', now()), now() - interval '1 hour')`;
  const exceptionsParty = partyCondition(tagExceptionResource, labelTagExceptions, session);

  const [today, last, devices, states, exceptions, sites] = await Promise.all([
    queryRows<{ n: unknown }>(
      db,
      sql`select coalesce(sum(b.tag_reads), 0) as n from ${rfidBatches} b
          where ${batchesInView('b')} and b.created_at >= date_trunc('day', now())`,
    ),
    // per tenant, along the (tenant_id, created_at) primary key
    queryRows<{ at: unknown }>(
      db,
      sql`select max(x.at) as at from (select ${tenants.id} as id from ${tenants} where ${platform ? sql`true` : sql`${tenants.id} = ${session.tenantId}`}) t
          cross join lateral (select b.created_at as at from ${rfidBatches} b
            where b.tenant_id = t.id and ${site === undefined ? sql`true` : batchesInView('b')}
            order by b.created_at desc limit 1) x`,
    ),
    queryRows<{ kind: DeviceKind; online: unknown; offline: unknown; unregistered: unknown }>(
      db,
      sql`select ${KIND_OF_CATEGORY} as kind,
            count(*) filter (where ${E.registrationStatus} = ${REGISTRATION_STATUS.REGISTERED} and ${E.onlineStatus} = ${ONLINE.ONLINE}) as online,
            count(*) filter (where ${E.registrationStatus} = ${REGISTRATION_STATUS.REGISTERED} and ${E.onlineStatus} is distinct from ${ONLINE.ONLINE}) as offline,
            count(*) filter (where ${E.registrationStatus} is distinct from ${REGISTRATION_STATUS.REGISTERED}) as unregistered
          from ${E} left join ${products} p on p.id = ${E.productId}
          where ${inView} group by 1`,
    ),
    site === null
      ? Promise.resolve([])
      : queryRows<{ presence: string | null; n: unknown }>(
          db,
          sql`select ${rfidEpcStates.presence} as presence, count(*) as n from ${rfidEpcStates}
              where ${tenantOf(sql`${rfidEpcStates.tenantId}`)}
                ${site === undefined ? sql`` : sql`and ${rfidEpcStates.presenceLocationId} = ${site}`}
              group by 1`,
        ),
    queryRows<{ kind: unknown; n: unknown }>(
      db,
      sql`select ${labelTagExceptions.kind} as kind, count(*) as n from ${labelTagExceptions}
          where ${tenantOf(sql`${labelTagExceptions.tenantId}`)} and ${labelTagExceptions.state} = ${TAG_EXCEPTION_STATE.PENDING}
            ${exceptionsParty ? sql`and ${exceptionsParty}` : sql``}
          group by 1 order by 1`,
    ),
    platform
      ? Promise.resolve([])
      : queryRows<{ id: unknown; name: string; readers: unknown; online: unknown; today: unknown; hour: unknown }>(
          db,
          sql`select l.id, l.name, count(*) as readers,
                count(*) filter (where ${E.onlineStatus} = ${ONLINE.ONLINE}) as online,
                coalesce(sum(b.today), 0) as today, coalesce(sum(b.hour), 0) as hour
              from ${E}
              join ${locations} z on z.tenant_id = ${E.tenantId} and z.id = ${E.locationId}
              -- a reader bound to a zone (a QI area, a dock) counts for the zone's site
              join ${locations} l on l.tenant_id = z.tenant_id and l.id = coalesce(z.site_id, z.id)
              left join ${products} p on p.id = ${E.productId}
              left join (select b.equipment_coding as code,
                           sum(b.tag_reads) filter (where b.created_at >= date_trunc('day', now())) as today,
                           sum(b.tag_reads) filter (where b.created_at >= now() - interval '1 hour') as hour
                         from ${rfidBatches} b where b.tenant_id = ${session.tenantId} and b.created_at >= ${since}
                         group by 1) b on b.code = ${E.equipmentCoding}
              where ${inView} and ${E.registrationStatus} = ${REGISTRATION_STATUS.REGISTERED}
                and (p.category is null or p.category in (1, 3, 4))
              group by l.id, l.name order by 6, 5, l.name limit 20`,
        ),
  ]);

  const byKind = new Map(devices.map((d) => [d.kind, d]));
  const byState = new Map(states.map((r) => [r.presence ?? 'unplaced', num(r.n)]));
  return {
    readsToday: num(today[0]?.n),
    lastReadAt: iso(last[0]?.at),
    devices: DEVICE_KINDS.map((kind) => {
      const d = byKind.get(kind);
      return { kind, online: num(d?.online), offline: num(d?.offline), unregistered: num(d?.unregistered) };
    }),
    // a site's user sees the tags placed at its site: never-placed ones belong to no site
    tagsByState: TAG_STATES.filter((s) => site === undefined || s !== 'unplaced').map((state) => ({
      state,
      count: byState.get(state) ?? 0,
    })),
    exceptionsByKind: exceptions.map((e) => ({ kind: num(e.kind), count: num(e.n) })),
    sites: sites.map((s) => ({
      locationId: num(s.id),
      locationName: s.name,
      readers: num(s.readers),
      online: num(s.online),
      readsToday: num(s.today),
      readsLastHour: num(s.hour),
    })),
  };
}
