/**
 * A printed re-tag is applied when its new label is read once at its site (operations.md §6:
 * "the applied tag read once"): the fold's arrivals (presence listeners, in the fold's transaction)
 * of a printed row's new EPC at a zone of the row's store or warehouse — or the site itself, by any
 * of its readers — move it to APPLIED (the move of the screen of its kind of site: the store
 * re-tags', or the warehouses' label reprints', which the warehouse log records), stamped with the
 * time and the reader. A fold that places no printed label costs one indexed query.
 */
import { LOCATION_KIND, labelReprintResource, RETAG_STATUS, storeRetagResource } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { move } from '../../../core/resource/transitions.js';
import { queryRows, type Tx } from '../../../db/client.js';
import type { PresenceChange } from '../../rfid/state/fold.js';
import { pgNumArray, pgTextArray } from '../../rfid/state/fold-data.js';
import { presenceListeners } from '../../rfid/state/listeners.js';

/** Applies the printed re-tags whose new labels these changes place at their store; answers their ids. */
export async function applyByReads(tx: Tx, tenantId: number, changes: readonly PresenceChange[]): Promise<number[]> {
  const arrivals = changes.filter((c) => (c.kind === 'arrived' || c.kind === 'moved') && c.locationId != null);
  if (!arrivals.length) return [];
  const rows = await queryRows<{ id: string | number; new_epc: string; site_id: string | number; kind: number | null }>(
    tx,
    sql`select r.id, r.new_epc, r.site_id, l.kind from store_retags r
         left join locations l on l.tenant_id = r.tenant_id and l.id = r.site_id
         where r.tenant_id = ${tenantId} and r.status = ${RETAG_STATUS.PRINTED}
           and r.new_epc = any(${pgTextArray([...new Set(arrivals.map((c) => c.epc))])}::text[])`,
  );
  if (!rows.length) return [];
  // the sites of the places the labels were read at (a zone's site, or the store itself)
  const places = await queryRows<{ id: string | number; site: string | number | null }>(
    tx,
    sql`select id, coalesce(site_id, id) as site from locations
         where tenant_id = ${tenantId} and id = any(${pgNumArray([...new Set(arrivals.map((c) => c.locationId!))])}::bigint[])`,
  );
  const siteOf = new Map(places.map((p) => [Number(p.id), p.site == null ? null : Number(p.site)]));
  const done: number[] = [];
  for (const r of rows) {
    const read = arrivals.find((c) => c.epc === r.new_epc && siteOf.get(c.locationId!) === Number(r.site_id));
    if (!read) continue;
    const by = { tenantId, userId: null, username: read.equipmentCoding ?? 'rfid' };
    const screen = Number(r.kind) === LOCATION_KIND.WAREHOUSE ? labelReprintResource.code : storeRetagResource.code;
    const moved = await move(tx, screen, Number(r.id), 'applied', by, {
      set: { appliedAt: read.at, appliedBy: (read.equipmentCoding ?? 'rfid').slice(0, 64) },
      ifAllowed: true,
    });
    if (moved) done.push(Number(r.id));
  }
  return done;
}

/** Registers apply-on-read with the fold (the store module does at import, for both screens). */
export function applyOnReads(): () => void {
  return presenceListeners.on(async (tx, tenantId, changes) => {
    await applyByReads(tx, tenantId, changes);
  });
}
