/**
 * Loading at the dock-out gate (../shared/operations.md §7, shipment review): an audited carton is
 * loaded when its warehouse's dock-out gate placed at least LOADED_SHARE of its packed EPCs (present
 * there, or departed from there with the truck). Its pack station's read placed them at the station
 * when it was packed, so a dock-out place is one they reached after their packing. The fold's presence changes
 * come here through the rfid module's presence listeners: arrivals at a dock-out zone recount the
 * shipments whose cartons they belong to (their audited and loaded cartons, the share of pieces
 * read); a fold that places nothing at a dock-out zone costs one small query at most.
 */
import { BILL_STATUS, CARTON_DIRECTION, CARTON_EPC_SOURCE, CARTON_STATUS, LOADED_SHARE, ZONE_TYPE } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.js';
import type { PresenceChange } from '../../rfid/state/fold.js';
import { pgNumArray, pgTextArray } from '../../rfid/state/fold-data.js';
import { presenceListeners } from '../../rfid/state/listeners.js';

/** Shipment states whose loading is followed (packed, reviewed, and shipped: the figures stay as they were). */
const LOADING_STATES = [BILL_STATUS.PACKED, BILL_STATUS.SHIP_REVIEWED] as number[];

/** A carton of a shipment as its gate read it: its packed EPCs, those read at the dock-out since its audit. */
export interface LoadedCarton {
  id: number;
  cartonNo: string;
  sscc: string;
  total: number;
  read: number;
  loaded: boolean;
  /** the dock-out zone most of its EPCs were read at */
  zoneId: number | null;
}

/** The audited (or shipped) cartons and reviewed loose lots of a shipment and what its warehouse's dock-out gates read of each. */
export async function loadingOf(tx: Tx, tenantId: number, billId: number): Promise<LoadedCarton[]> {
  const rows = await queryRows<{
    id: string | number;
    carton_no: string;
    sscc: string;
    total: number;
    read: number;
    zone: string | number | null;
  }>(
    tx,
    sql`select c.id, c.carton_no, c.sscc, count(e.epc)::int as total,
               (count(*) filter (where z.id is not null))::int as read,
               mode() within group (order by z.id) filter (where z.id is not null) as zone
          from wms_cartons c
          join wms_bills b on b.tenant_id = c.tenant_id and b.id = c.bill_id
          left join wms_carton_epcs e on e.tenant_id = c.tenant_id and e.carton_id = c.id and e.unbound_at is null
               and e.source = ${CARTON_EPC_SOURCE.DC_REPACK}
          left join rfid_epc_states s on s.tenant_id = e.tenant_id and s.epc = e.epc
               and s.presence in ('present', 'departed')
          left join locations z on z.tenant_id = s.tenant_id and z.id = s.presence_location_id
               and z.zone_type = ${ZONE_TYPE.DOCK_OUT} and z.site_id = b.source_location_id
         where c.tenant_id = ${tenantId} and c.bill_id = ${billId}
           and ((c.direction = ${CARTON_DIRECTION.OUT} and c.status in (${CARTON_STATUS.AUDITED}, ${CARTON_STATUS.SHIPPED}))
             or (c.direction = ${CARTON_DIRECTION.LOOSE} and c.status in (${CARTON_STATUS.REVIEWED}, ${CARTON_STATUS.SHIPPED})))
         group by c.id, c.carton_no, c.sscc order by c.carton_no`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    cartonNo: r.carton_no,
    sscc: r.sscc,
    total: r.total,
    read: r.read,
    loaded: r.total > 0 && r.read >= Math.ceil(r.total * LOADED_SHARE),
    zoneId: r.zone == null ? null : Number(r.zone),
  }));
}

/**
 * A shipment's outbound figures written on it: its cartons audited (or shipped), those loaded, and
 * the share of their pieces its dock-out gates read. Answers the cartons as loadingOf does.
 */
export async function tallyShipment(tx: Tx, tenantId: number, billId: number): Promise<LoadedCarton[]> {
  const cartons = await loadingOf(tx, tenantId, billId);
  const total = cartons.reduce((n, c) => n + c.total, 0);
  const read = cartons.reduce((n, c) => n + c.read, 0);
  await tx.execute(sql`update wms_bills set cartons_audited = ${cartons.length},
        cartons_loaded = ${cartons.filter((c) => c.loaded).length},
        loaded_ratio = ${total ? Math.round((10_000 * read) / total) / 100 : 0}, updated_at = now()
      where tenant_id = ${tenantId} and id = ${billId}`);
  return cartons;
}

/** Recounts the loading of the shipments whose audited cartons the changes' arrivals at a dock-out zone belong to. Answers those bills. */
export async function loadByReads(tx: Tx, tenantId: number, changes: readonly PresenceChange[]): Promise<number[]> {
  const arrivals = changes.filter((c) => (c.kind === 'arrived' || c.kind === 'moved') && c.locationId != null);
  if (!arrivals.length) return [];
  const docks = await queryRows<{ id: string | number }>(
    tx,
    sql`select id from locations where tenant_id = ${tenantId} and zone_type = ${ZONE_TYPE.DOCK_OUT}
          and id = any(${pgNumArray([...new Set(arrivals.map((c) => c.locationId!))])}::bigint[])`,
  );
  if (!docks.length) return [];
  const atDock = new Set(docks.map((d) => Number(d.id)));
  const epcs = arrivals.filter((c) => atDock.has(c.locationId!)).map((c) => c.epc);
  const bills = await queryRows<{ bill_id: string | number }>(
    tx,
    sql`select distinct e.bill_id from wms_carton_epcs e
          join wms_cartons c on c.tenant_id = e.tenant_id and c.id = e.carton_id
          join wms_bills b on b.tenant_id = e.tenant_id and b.id = e.bill_id
         where e.tenant_id = ${tenantId} and e.epc = any(${pgTextArray(epcs)}::text[]) and e.unbound_at is null
           and e.source = ${CARTON_EPC_SOURCE.DC_REPACK}
           and ((c.direction = ${CARTON_DIRECTION.OUT} and c.status = ${CARTON_STATUS.AUDITED})
             or (c.direction = ${CARTON_DIRECTION.LOOSE} and c.status = ${CARTON_STATUS.REVIEWED}))
           and b.status = any(${pgNumArray(LOADING_STATES)}::smallint[])`,
  );
  for (const b of bills) await tallyShipment(tx, tenantId, Number(b.bill_id));
  return bills.map((b) => Number(b.bill_id));
}

/** Registers the loading count with the fold's presence changes (at import). Returns the remover (tests). */
export function loadingOnReads(): () => void {
  return presenceListeners.on(async (tx, tenantId, changes) => {
    await loadByReads(tx, tenantId, changes);
  });
}
