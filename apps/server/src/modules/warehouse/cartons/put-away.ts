/**
 * Put-away (../shared/operations.md slice A): an accepted carton is stored when PUT_AWAY_SHARE of
 * the pieces it was received with are present in a storage zone of its site — read there by a
 * storage reader or a handheld, as the fold places them. The fold's changes come here through the
 * rfid module's presence listeners, in the fold's transaction; a fold that places nothing in storage
 * costs one small query at most. A carton no storage reader reads is put away by hand (receiving
 * check, button "Put away").
 */
import { CARTON_STATUS, EPC_CLASS, ZONE_TYPE } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { type Mover, move } from '../../../core/resource/transitions.js';
import { queryRows, type Tx } from '../../../db/client.js';
import type { PresenceChange } from '../../rfid/state/fold.js';
import { pgNumArray, pgTextArray } from '../../rfid/state/fold-data.js';
import { presenceListeners } from '../../rfid/state/listeners.js';
import { recordCartonUnpack } from '../events.js';
import { publishCarton } from './publish.js';

/** The share of a carton's received pieces that must be in storage (operations.md: 95 %, to revisit with measured read rates). */
export const PUT_AWAY_SHARE = 0.95;
/** The pieces a carton was received with: read and kept (an unknown tag is nobody's piece). */
const RECEIVED = [EPC_CLASS.MATCHED, EPC_CLASS.OVER, EPC_CLASS.FOREIGN];

/**
 * Puts away the accepted cartons that the changes' arrivals in storage complete. Answers the
 * cartons put away.
 */
export async function putAwayByReads(tx: Tx, tenantId: number, changes: readonly PresenceChange[]): Promise<number[]> {
  const arrivals = changes.filter((c) => (c.kind === 'arrived' || c.kind === 'moved') && c.locationId != null);
  if (!arrivals.length) return [];
  const storage = await queryRows<{ id: string | number }>(
    tx,
    sql`select id from locations where tenant_id = ${tenantId} and zone_type = ${ZONE_TYPE.STORAGE}
          and id = any(${pgNumArray([...new Set(arrivals.map((c) => c.locationId!))])}::bigint[])`,
  );
  if (!storage.length) return [];
  const inStorage = new Set(storage.map((s) => Number(s.id)));
  const stored = arrivals.filter((c) => inStorage.has(c.locationId!));
  // the accepted cartons these pieces travel in: their received pieces, and how many of them are
  // present in a storage zone of the carton's own site
  const cartons = await queryRows<{
    id: string | number;
    total: number;
    stored: number;
    reader: string | null;
    zone: string | number | null;
  }>(
    tx,
    sql`with hit as (
          select distinct e.carton_id from wms_carton_epcs e
            join wms_cartons c on c.tenant_id = e.tenant_id and c.id = e.carton_id
           where e.tenant_id = ${tenantId} and e.epc = any(${pgTextArray(stored.map((c) => c.epc))}::text[])
             and e.unbound_at is null and c.status = ${CARTON_STATUS.ACCEPTED})
        select c.id, count(*)::int as total,
               (count(*) filter (where s.presence = 'present' and z.zone_type = ${ZONE_TYPE.STORAGE} and z.site_id = c.site_id))::int as stored,
               max(s.presence_equipment) filter (where z.zone_type = ${ZONE_TYPE.STORAGE}) as reader,
               mode() within group (order by z.id) filter (where z.zone_type = ${ZONE_TYPE.STORAGE}) as zone
          from hit
          join wms_cartons c on c.tenant_id = ${tenantId} and c.id = hit.carton_id
          join wms_carton_epcs e on e.tenant_id = c.tenant_id and e.carton_id = c.id and e.unbound_at is null
               and e.result = any(${pgNumArray(RECEIVED)}::smallint[])
          left join rfid_epc_states s on s.tenant_id = e.tenant_id and s.epc = e.epc
          left join locations z on z.tenant_id = s.tenant_id and z.id = s.presence_location_id
         group by c.id`,
  );
  const done: number[] = [];
  for (const c of cartons) {
    if (c.total === 0 || c.stored < Math.ceil(c.total * PUT_AWAY_SHARE)) continue;
    const by = { tenantId, userId: null, username: c.reader ?? 'rfid' };
    const moved = await move(tx, 'warehouse/box', Number(c.id), 'autoPutAway', by, { ifAllowed: true });
    if (!moved) continue;
    await unpackCarton(tx, tenantId, moved, by, c.zone == null ? null : Number(c.zone));
    await publishCarton(tx, tenantId, Number(c.id));
    done.push(Number(c.id));
  }
  return done;
}

/**
 * A carton put away: its aggregation ends — an AggregationEvent DELETE of its SSCC and the pieces it
 * was received with — and its pieces are stored where they are (`locationId`: the storage zone most
 * of them were read in, else its site).
 */
export async function unpackCarton(tx: Tx, tenantId: number, carton: Record<string, unknown>, by: Mover, locationId: number | null) {
  if (!carton.sscc) return;
  const epcs = await queryRows<{ epc: string }>(
    tx,
    sql`select epc from wms_carton_epcs where tenant_id = ${tenantId} and carton_id = ${Number(carton.id)} and unbound_at is null
          and result = any(${pgNumArray(RECEIVED)}::smallint[]) order by epc`,
  );
  await recordCartonUnpack(tx, {
    tenantId,
    cartonId: Number(carton.id),
    sscc: String(carton.sscc),
    epcs: epcs.map((e) => e.epc),
    locationId: locationId ?? (carton.siteId == null ? null : Number(carton.siteId)),
    userId: by.userId,
    username: by.username,
  });
}

/** Puts a carton away now (a system move, e.g. a demo's history) and unpacks it at its site. */
export async function putAwayCarton(tx: Tx, tenantId: number, cartonId: number, by: Mover): Promise<void> {
  const moved = await move(tx, 'warehouse/box', cartonId, 'autoPutAway', by);
  if (moved) await unpackCarton(tx, tenantId, moved, by, null);
}

/** Registers put-away with the fold (the warehouse module does at import). */
export function putAwayOnReads(): () => void {
  return presenceListeners.on(async (tx, tenantId, changes) => {
    await putAwayByReads(tx, tenantId, changes);
  });
}
