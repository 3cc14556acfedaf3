/**
 * Place conflicts (a label exception, kind PLACE_CONFLICT): an EPC the fold moves from one site to
 * another. A tag really carried between sites departs the first (after its scene's quiet time, by
 * the sweep, or through a dock-out) long before a truck brings it to the second; present at two
 * sites within that time, it is a cloned tag or a reader placed wrongly. Found in the fold's
 * transaction, at the site and zone it was read at.
 */
import { TAG_EXCEPTION_KIND } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.js';
import { recordException, registryOf } from '../../label/tags/index.js';
import type { PresenceChange } from './fold.js';
import { pgNumArray } from './fold-data.js';

export async function recordPlaceConflicts(tx: Tx, tenantId: number, changes: readonly PresenceChange[]): Promise<number> {
  const moved = changes.filter((c) => c.kind === 'moved' && c.fromLocationId != null && c.locationId != null);
  if (!moved.length) return 0;
  const ids = [...new Set(moved.flatMap((c) => [c.fromLocationId!, c.locationId!]))];
  // each location's site (a site is its own) and the site's name
  const rows = await queryRows<{ id: string | number; site: string | number; name: string }>(
    tx,
    sql`select l.id, coalesce(l.site_id, l.id) as site, s.name
          from locations l join locations s on s.tenant_id = l.tenant_id and s.id = coalesce(l.site_id, l.id)
         where l.tenant_id = ${tenantId} and l.id = any(${pgNumArray(ids)}::bigint[])`,
  );
  const site = new Map(rows.map((r) => [Number(r.id), { id: Number(r.site), name: r.name }]));
  const conflicts = moved.filter((c) => {
    const from = site.get(c.fromLocationId!);
    const to = site.get(c.locationId!);
    return from && to && from.id !== to.id;
  });
  if (!conflicts.length) return 0;
  const tags = await registryOf(
    tx,
    tenantId,
    conflicts.map((c) => c.epc),
  );
  for (const c of conflicts) {
    const from = site.get(c.fromLocationId!)!;
    const to = site.get(c.locationId!)!;
    await recordException(tx, tenantId, {
      epc: c.epc,
      kind: TAG_EXCEPTION_KIND.PLACE_CONFLICT,
      orderId: tags.get(c.epc)?.orderId ?? null,
      reason: { key: 'tags.placeConflict', params: { epc: c.epc, site: to.name, other: from.name } },
      place: { siteId: to.id, zoneId: c.locationId },
    });
  }
  return conflicts.length;
}
