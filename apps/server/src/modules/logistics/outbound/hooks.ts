/**
 * Packing review and shipment review (../shared/operations.md §7): the buttons' consequences. A box
 * reviewed or audited is stamped; the last box of a pick list audited packs its shipment. Cancelling
 * a review clears the box's read (its packing undone: it is read again before another review); a
 * reset, confirmed by the carton's number typed, empties the carton for good and frees its number.
 * A shipment's loading review names the cartons its dock-out gate missed; its audit ships it (the
 * cartons on their way to the receiver, who checks them as expected cartons; the pieces shipped in
 * the lifecycle and the book); a shipment is voided back onto the dock until its receiver reads it.
 */
import { BILL_STATUS, CARTON_DIRECTION, CARTON_EPC_SOURCE, CARTON_STATUS, EPC_CLASS, LOCATION_KIND } from '@tagloom/domain';
import { CARTON_RESULT } from '@tagloom/domain/rfid/reconcile.js';
import { sql } from 'drizzle-orm';
import { conflict, fieldRefusal } from '../../../core/errors.js';
import { READ_ONLY_ROUTES, type ResourceHooks } from '../../../core/resource/service.js';
import { type Mover, move } from '../../../core/resource/transitions.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { tallyBill } from '../../warehouse/bills/hooks.js';
import { postBillShipped, postBillUnshipped } from '../../warehouse/bills/stock.js';
import { recordCartonEmptied, recordShipmentLoaded, recordShipmentShipped, recordShippingVoided } from '../../warehouse/events.js';
import { shipments } from '../tables.js';
import { tallyShipment } from './loading.js';
import { screenOfCarton } from './pack.js';

type Row = Record<string, unknown>;

/** The states of a shipment being packed and loaded (after them, the receiver's: shown when its cartons were audited here). */
export const SHIPMENT_STATES = [BILL_STATUS.PICKING, BILL_STATUS.PACKED, BILL_STATUS.SHIP_REVIEWED] as number[];

const stampCarton = (tx: Tx, row: Row, set: ReturnType<typeof sql>) =>
  tx.execute(sql`update wms_cartons set ${set}, updated_at = now() where tenant_id = ${Number(row.tenantId)} and id = ${Number(row.id)}`);

/**
 * A box's packing undone (`row` as it was): its packed EPCs unbound (an AggregationEvent DELETE when
 * its packing was recorded: a matched carton's), its counts and result cleared, its read session forgotten.
 */
async function emptyCarton(tx: Tx, row: Row, by: Mover): Promise<void> {
  const tenantId = Number(row.tenantId);
  const freed = await queryRows<{ epc: string; result: number }>(
    tx,
    sql`update wms_carton_epcs set unbound_at = now()
         where tenant_id = ${tenantId} and carton_id = ${Number(row.id)} and unbound_at is null
        returning epc, result`,
  );
  // its packing was an aggregation only when it matched (pack.ts)
  if (Number(row.result) === CARTON_RESULT.MATCHED)
    await recordCartonEmptied(
      tx,
      tenantId,
      row,
      freed.filter((f) => Number(f.result) === EPC_CLASS.MATCHED).map((f) => f.epc),
      by,
    );
  await stampCarton(
    tx,
    row,
    sql`read_pieces = 0, matched = 0, short = 0, over = 0, "foreign" = 0, "unknown" = 0, result = ${CARTON_RESULT.PENDING},
        session_code = '', reviewed_at = null`,
  );
}

/**
 * The shipment of a box or lot packed once every carton number of its pick list has an audited
 * carton and its pieces without a carton (if any) a reviewed loose lot.
 */
async function packedWhenAllAudited(tx: Tx, tenantId: number, billId: number, by: Mover): Promise<void> {
  const [left] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from (select distinct carton_no from wms_bill_lines
          where tenant_id = ${tenantId} and bill_id = ${billId}) l
         where not exists (select 1 from wms_cartons c where c.tenant_id = ${tenantId} and c.bill_id = ${billId}
           and ((l.carton_no <> '' and c.carton_no = l.carton_no and c.direction = ${CARTON_DIRECTION.OUT} and c.status = ${CARTON_STATUS.AUDITED})
             or (l.carton_no = '' and c.direction = ${CARTON_DIRECTION.LOOSE} and c.status = ${CARTON_STATUS.REVIEWED})))`,
  );
  if (left.n === 0) await move(tx, 'logistics/shipment-review', billId, 'packed', by, { ifAllowed: true });
}

/** The typed confirmation of a reset: the carton's number, exactly (the field is named in the refusal). */
function confirmReset(row: Row, before: Row, lang: Parameters<typeof fieldRefusal>[3]): void {
  const typed = String(row.resetConfirm ?? '').trim();
  if (typed !== String(before.cartonNo))
    throw fieldRefusal(
      { key: 'resetConfirm', label: { zh_CN: '输入箱号确认重置', zh_TW: '輸入箱號確認重設', en_US: 'Type the carton no. to confirm' } },
      'packing.resetMismatch',
      { code: String(before.cartonNo) },
      lang,
    );
}

/**
 * A reset carton's number, freed for a new packing of its pick list: the old carton keeps it with a
 * suffix (-R1, -R2 …; its original number stays in originalPackageNo).
 */
async function freeNumber(tx: Tx, row: Row, cartonNo: string): Promise<void> {
  const tenantId = Number(row.tenantId);
  const [{ n }] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from wms_cartons where tenant_id = ${tenantId} and bill_id = ${Number(row.billId)}
          and original_package_no = ${cartonNo} and status = ${CARTON_STATUS.RESET}`,
  );
  const suffix = `-R${n}`;
  await stampCarton(tx, row, sql`carton_no = ${cartonNo.slice(0, 32 - suffix.length) + suffix}, original_package_no = ${cartonNo}`);
}

/** Scattered review's move (logistics/scattered): a loose lot reviewed is its shipment's, as an audited box is. */
export const scatteredHooks: ResourceHooks = {
  omitRoutes: READ_ONLY_ROUTES,
  transitions: {
    async review(tx, row, { session }) {
      await stampCarton(tx, row, sql`reviewed_at = now(), audited_at = now()`);
      await tallyShipment(tx, session.tenantId, Number(row.billId));
      await packedWhenAllAudited(tx, session.tenantId, Number(row.billId), session);
    },
  },
};

/** Packing review's moves (logistics/packing): the outbound cartons of the warehouse's shipments. */
export const packingHooks: ResourceHooks = {
  omitRoutes: READ_ONLY_ROUTES,
  transitions: {
    async review(tx, row) {
      await stampCarton(tx, row, sql`reviewed_at = now()`);
    },
    async audit(tx, row, { session }) {
      await stampCarton(tx, row, sql`audited_at = now()`);
      await tallyShipment(tx, session.tenantId, Number(row.billId));
      await packedWhenAllAudited(tx, session.tenantId, Number(row.billId), session);
    },
    async cancelReview(tx, _row, { session, before }) {
      await emptyCarton(tx, before, session);
    },
    async reset(tx, row, { session, before }) {
      confirmReset(row, before, session.lang);
      await emptyCarton(tx, before, session);
      await freeNumber(tx, row, String(before.cartonNo));
    },
  },
};

/** The warehouses' shipments: bills a warehouse sends. */
const fromWarehouse = sql`${shipments.sourceLocationId} in (select w.id from locations w where w.tenant_id = ${shipments.tenantId} and w.kind = ${LOCATION_KIND.WAREHOUSE})`;

/**
 * Shipment review's moves (logistics/shipment-review): the loading review names the cartons the
 * gate missed (the figures recounted first: reads since the last fold); the audit ships; a void
 * brings a shipment its receiver has not read back onto the dock.
 */
export const shipmentHooks: ResourceHooks = {
  // from their picking on: being packed or loaded, or shipped with cartons audited at a pack station
  scope: () =>
    sql`(${shipments.status} in (${sql.join(
      SHIPMENT_STATES.map((s) => sql`${s}`),
      sql`, `,
    )}) or ${shipments.cartonsAudited} > 0) and ${fromWarehouse}`,
  omitRoutes: READ_ONLY_ROUTES,
  transitions: {
    async review(tx, row, { session }) {
      const cartons = await tallyShipment(tx, session.tenantId, Number(row.id));
      const missing = cartons.filter((c) => !c.loaded);
      if (missing.length) throw conflict('shipment.missing', { cartons: missing.map((c) => c.cartonNo).join(', ') });
      const epcs = await queryRows<{ epc: string }>(
        tx,
        sql`select e.epc from wms_carton_epcs e join wms_cartons c on c.tenant_id = e.tenant_id and c.id = e.carton_id
             where e.tenant_id = ${session.tenantId} and e.bill_id = ${Number(row.id)} and e.unbound_at is null
               and e.source = ${CARTON_EPC_SOURCE.DC_REPACK} and c.status in (${CARTON_STATUS.AUDITED}, ${CARTON_STATUS.REVIEWED}) order by e.epc`,
      );
      const zone = cartons.find((c) => c.zoneId != null)?.zoneId ?? null;
      await recordShipmentLoaded(
        tx,
        session.tenantId,
        row,
        epcs.map((e) => e.epc),
        zone,
        session,
      );
    },
    async audit(tx, row, { session }) {
      await shipOutbound(tx, row, session);
    },
    async void(tx, row, { session }) {
      const tenantId = session.tenantId;
      for (const c of await cartonsOf(tx, tenantId, Number(row.id), CARTON_STATUS.SHIPPED))
        await move(tx, screenOfCarton(c.direction), c.id, 'unship', session, { set: { siteId: Number(row.sourceLocationId) } });
      await recordShippingVoided(tx, tenantId, row, session);
      await postBillUnshipped(tx, tenantId, row);
      await tx.execute(sql`update wms_bills set shipped_at = null where tenant_id = ${tenantId} and id = ${Number(row.id)}`);
      await tallyBill(tx, tenantId, Number(row.id));
    },
  },
};

/** A shipment's outbound cartons and loose lots in these states. */
async function cartonsOf(tx: Tx, tenantId: number, billId: number, ...status: number[]): Promise<{ id: number; direction: number }[]> {
  const rows = await queryRows<{ id: string | number; direction: number }>(
    tx,
    sql`select id, direction from wms_cartons where tenant_id = ${tenantId} and bill_id = ${billId}
          and direction in (${CARTON_DIRECTION.OUT}, ${CARTON_DIRECTION.LOOSE}) and status in (${sql.join(
            status.map((s) => sql`${s}`),
            sql`, `,
          )}) order by id`,
  );
  return rows.map((r) => ({ id: Number(r.id), direction: Number(r.direction) }));
}

/**
 * An outbound shipment shipped (its audit): each audited carton SHIPPED — at its receiver now, its
 * packed EPCs what the receiver expects (their check cleared, its counts back to nothing until it is
 * read there) — the bill stamped and counted, its pieces' shipping recorded, the sender's book down.
 */
export async function shipOutbound(tx: Tx, row: Row, by: Mover): Promise<void> {
  const tenantId = by.tenantId;
  const billId = Number(row.id);
  for (const c of await cartonsOf(tx, tenantId, billId, CARTON_STATUS.AUDITED, CARTON_STATUS.REVIEWED))
    await move(tx, screenOfCarton(c.direction), c.id, 'ship', by, {
      set: {
        siteId: row.destLocationId == null ? null : Number(row.destLocationId),
        readPieces: 0,
        matched: 0,
        short: 0,
        over: 0,
        foreign: 0,
        unknown: 0,
        result: CARTON_RESULT.PENDING,
      },
    });
  await tx.execute(sql`update wms_carton_epcs set result = ${EPC_CLASS.PENDING}
                        where tenant_id = ${tenantId} and bill_id = ${billId} and unbound_at is null
                          and source = ${CARTON_EPC_SOURCE.DC_REPACK}`);
  await tx.execute(sql`update wms_bills set shipped_at = now() where tenant_id = ${tenantId} and id = ${billId}`);
  await tallyBill(tx, tenantId, billId);
  await recordShipmentShipped(tx, tenantId, row, by);
  await postBillShipped(tx, tenantId, row);
}
