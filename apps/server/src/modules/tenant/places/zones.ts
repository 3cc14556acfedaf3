/**
 * Zones (../shared/operations.md F1): where a zone sits. Every write of a location row — on the
 * location screen, a site's zone screen (warehouse/management) or by import — passes here: a zone's
 * parent is a store, a warehouse or one of their zones; its type is one its site holds; its site
 * (the nearest store or warehouse above it) is stored with it, and moves with it, its inner zones
 * too; a place that holds zones keeps its kind. A user bound to a site places zones in its own site only.
 */
import { isSiteKind, type L10n, type Lang, LOCATION_KIND, zoneTypesOf } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import type { SessionInfo } from '../../../core/context.js';
import { validationError } from '../../../core/errors.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { locations } from './tables.js';

type Row = Record<string, unknown>;
const given = (v: unknown) => v !== undefined && v !== null && v !== '';

/** The parent's site and that site's kind, or null when the parent is no store, warehouse or zone of one. */
async function siteOf(tx: Tx, tenantId: number, parentId: number): Promise<{ siteId: number; siteKind: number; chain: number[] } | null> {
  // the parent and its ancestors, nearest first (a zone of a zone: a fitting area's cabins)
  const rows = await queryRows<{ id: string | number; kind: number; parent_id: string | number | null }>(
    tx,
    sql`with recursive up(id, kind, parent_id, depth) as (
          select id, kind, parent_id, 0 from ${locations} where tenant_id = ${tenantId} and id = ${parentId}
          union all
          select l.id, l.kind, l.parent_id, up.depth + 1 from ${locations} l join up on l.id = up.parent_id
          where l.tenant_id = ${tenantId} and up.kind = ${LOCATION_KIND.ZONE} and up.depth < 16)
        select id, kind, parent_id from up order by depth`,
  );
  const site = rows.find((r) => r.kind !== LOCATION_KIND.ZONE);
  if (!site || !isSiteKind(site.kind) || rows.slice(0, rows.indexOf(site)).some((r) => r.kind !== LOCATION_KIND.ZONE)) return null;
  return { siteId: Number(site.id), siteKind: site.kind, chain: rows.map((r) => Number(r.id)) };
}

/**
 * Checks and places a location row before it is written: `data` is the whole row (on update the
 * stored row with the changes), `out` where the derived site goes (the row on create, the changes
 * on update). `labels` name the fields in a refusal (the screen's: a warehouse's zone screen calls
 * the parent the warehouse).
 */
export async function placeLocation(
  tx: Tx,
  data: Row,
  out: Row,
  info: { session: SessionInfo; existing?: Row; lang?: Lang },
  labels: Record<string, L10n>,
): Promise<void> {
  const { session, existing } = info;
  const lang = info.lang ?? session.lang;
  const refuse = (path: string, message: string) => validationError(lang, [{ code: 'custom', path: [path], message }], labels);
  const tenantId = session.tenantId;
  const kind = Number(data.kind);
  if (existing && Number(existing.kind) !== kind) {
    const [inner] = await queryRows<{ id: unknown }>(
      tx,
      sql`select id from ${locations} where tenant_id = ${tenantId} and parent_id = ${Number(existing.id)} limit 1`,
    );
    if (inner) throw refuse('kind', 'validation.zoneKind');
  }
  if (kind !== LOCATION_KIND.ZONE) {
    // (the declaration's rules refuse a parent or a zone type given to another kind of place)
    out.siteId = null;
    return;
  }
  if (!given(data.parentId)) return; // the rules ask for it
  const site = await siteOf(tx, tenantId, Number(data.parentId));
  if (!site) throw refuse('parentId', 'validation.zoneParent');
  if (existing && site.chain.includes(Number(existing.id))) throw refuse('parentId', 'validation.zoneCycle');
  if (session.party && site.siteId !== session.party.id) throw refuse('parentId', 'validation.partyOnly');
  if (given(data.zoneType) && !zoneTypesOf(site.siteKind).includes(Number(data.zoneType)))
    throw refuse('zoneType', 'validation.zoneTypeOfSite');
  out.siteId = site.siteId;
  // a zone moved to another site takes its inner zones along
  if (existing && Number(existing.siteId) !== site.siteId)
    await tx.execute(
      sql`with recursive inner_zones(id) as (
            select id from ${locations} where tenant_id = ${tenantId} and parent_id = ${Number(existing.id)}
            union all
            select l.id from ${locations} l join inner_zones z on l.parent_id = z.id where l.tenant_id = ${tenantId})
          update ${locations} set site_id = ${site.siteId} where tenant_id = ${tenantId} and id in (select id from inner_zones)`,
    );
}

/** A zone another module keeps (a store's fitting area and its cabins): its code, name and type. */
export interface KeptZone {
  code: string;
  name: string;
  zoneType: number;
}

/**
 * Zones under `parentId` (a site or a zone of it) that another module keeps: each made unless the
 * tenant has a location of its code (then that one is answered, left as it is). The zones' site is
 * the site given. Answers the zones in the order asked, with their ids.
 */
export async function ensureZones(
  tx: Tx,
  tenantId: number,
  at: { parentId: number; siteId: number },
  zones: readonly KeptZone[],
): Promise<{ id: number; code: string; name: string }[]> {
  const out: { id: number; code: string; name: string }[] = [];
  for (const z of zones) {
    await tx
      .insert(locations)
      .values({
        tenantId,
        code: z.code,
        name: z.name,
        kind: LOCATION_KIND.ZONE,
        parentId: at.parentId,
        siteId: at.siteId,
        zoneType: z.zoneType,
        attrs: {},
      })
      .onConflictDoNothing();
    const [row] = await queryRows<{ id: string | number; code: string; name: string }>(
      tx,
      sql`select id, code, name from ${locations} where tenant_id = ${tenantId} and code = ${z.code}`,
    );
    out.push({ id: Number(row.id), code: row.code, name: row.name });
  }
  return out;
}

/** The zones right under these places, of one type, by place: [{id, code, name}] in code order. */
export async function zonesUnder(
  tx: Tx,
  tenantId: number,
  parentIds: readonly number[],
  zoneType: number,
): Promise<Map<number, { id: number; code: string; name: string }[]>> {
  const out = new Map<number, { id: number; code: string; name: string }[]>();
  if (!parentIds.length) return out;
  const rows = await queryRows<{ id: string | number; code: string; name: string; parent_id: string | number }>(
    tx,
    sql`select id, code, name, parent_id from ${locations}
         where tenant_id = ${tenantId} and kind = ${LOCATION_KIND.ZONE} and zone_type = ${zoneType}
           and parent_id = any(${`{${parentIds.join(',')}}`}::bigint[])
         order by code`,
  );
  for (const r of rows) {
    const list = out.get(Number(r.parent_id)) ?? [];
    list.push({ id: Number(r.id), code: r.code, name: r.name });
    out.set(Number(r.parent_id), list);
  }
  return out;
}

/** A store's code (null when the id is no store of the tenant). */
export async function storeCodeOf(tx: Tx, tenantId: number, storeId: number): Promise<string | null> {
  const [row] = await queryRows<{ code: string }>(
    tx,
    sql`select code from ${locations} where tenant_id = ${tenantId} and id = ${storeId} and kind = ${LOCATION_KIND.STORE}`,
  );
  return row?.code ?? null;
}

/** What other modules read of some locations: code, name, zone type and site (null: not a zone), by id. */
export async function zoneFacts(
  tx: Tx,
  tenantId: number,
  ids: readonly number[],
): Promise<Map<number, { code: string; name: string; zoneType: number | null; siteId: number | null }>> {
  const out = new Map<number, { code: string; name: string; zoneType: number | null; siteId: number | null }>();
  if (!ids.length) return out;
  const rows = await queryRows<{
    id: string | number;
    code: string;
    name: string;
    zone_type: number | null;
    site_id: string | number | null;
  }>(
    tx,
    sql`select id, code, name, zone_type, site_id from ${locations}
         where tenant_id = ${tenantId} and id = any(${`{${[...new Set(ids)].join(',')}}`}::bigint[])`,
  );
  for (const r of rows)
    out.set(Number(r.id), {
      code: r.code,
      name: r.name,
      zoneType: r.zone_type === null ? null : Number(r.zone_type),
      siteId: r.site_id === null ? null : Number(r.site_id),
    });
  return out;
}

/** Every location of a tenant as other modules name places: id, code, GLN and parent (null: a top one). */
export async function placeTree(tx: Tx, tenantId: number): Promise<{ id: number; code: string; gln: string; parentId: number | null }[]> {
  const rows = await queryRows<{ id: string | number; code: string; gln: string | null; parent_id: string | number | null }>(
    tx,
    sql`select id, code, gln, parent_id from ${locations} where tenant_id = ${tenantId}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    code: r.code,
    gln: r.gln ?? '',
    parentId: r.parent_id == null ? null : Number(r.parent_id),
  }));
}
