/**
 * What a customer order's moves do to its pieces (../shared/operations.md E12, F6, §9): shipped to
 * a consumer (e-commerce, ship from store) the pieces are sold — tags SOLD, presence sold at the
 * site, the book's SOLD, an ObjectEvent shipping / in_transit with the order as purchase order;
 * shipped to a store for pickup they are SHIPPED (the book's SHIPPED at the sender) and received
 * at the store (RECEIVED there, receiving / in_progress); handed over at a store they are sold
 * (retail_selling / retail_sold); a return's pieces are received (receiving / returned, the return
 * as RMA) and, inspected, restocked (present in the site's e-commerce area or stock room, the
 * book's RETURNED, stocking / sellable_accessible) or judged defective (inspecting / damaged).
 */
import { LOCATION_KIND, ORDER_EPC_ROLE, ORDER_KIND, TAG_STATUS, ZONE_TYPE } from '@tagloom/domain';
import type { BizStep, Disposition } from '@tagloom/domain/feed/tag-events.js';
import { sql } from 'drizzle-orm';
import type { Mover } from '../../../core/resource/transitions.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { recordTagEventChunks, setTagStatus } from '../../label/tags/index.js';
import { markReturnedByDocument, markSoldByDocument } from '../../rfid/state/index.js';
import { postStockMoves, type StockMove } from '../../stock/index.js';
import { openReturnDefects } from '../defects/open.js';

type Row = Record<string, unknown>;
type By = Pick<Mover, 'userId' | 'username'>;

/** The screen code orders are logged and evented under. */
export const ORDERS_DOC = 'logistics/ecom-delivery';

/** An order's EPCs of a role (packed; returned, only those on the original order when `matchedOnly`), with their SKUs. */
export async function orderEpcs(tx: Tx, tenantId: number, orderId: number, role: number, matchedOnly = false) {
  return queryRows<{ epc: string; sku_id: number | null }>(
    tx,
    sql`select epc, sku_id::int as sku_id from customer_order_epcs
         where tenant_id = ${tenantId} and order_id = ${orderId} and role = ${role}
           ${matchedOnly ? sql`and matched = 1` : sql``}
         order by epc`,
  );
}

/** The pieces per SKU of these EPCs. */
const perSku = (epcs: { sku_id: number | null }[]) => {
  const n = new Map<number, number>();
  for (const e of epcs) if (e.sku_id != null) n.set(e.sku_id, (n.get(e.sku_id) ?? 0) + 1);
  return n;
};

/** A site's zone of one of these types (the first found), else null: where returned pieces are put. */
async function zoneOf(tx: Tx, tenantId: number, siteId: number, types: number[]): Promise<number | null> {
  const rows = await queryRows<{ id: number; zone_type: number }>(
    tx,
    sql`select id::int, zone_type from locations where tenant_id = ${tenantId} and site_id = ${siteId}
          and kind = ${LOCATION_KIND.ZONE} and zone_type in (${sql.join(
            types.map((t) => sql`${t}`),
            sql`, `,
          )})`,
  );
  for (const t of types) {
    const z = rows.find((r) => r.zone_type === t);
    if (z) return z.id;
  }
  return null;
}

/** One ObjectEvent OBSERVE of an order's pieces at a place. */
async function observe(
  tx: Tx,
  tenantId: number,
  row: Row,
  epcs: readonly string[],
  at: { locationId: number | null; bizStep: BizStep; disposition: Disposition },
  by: By,
): Promise<void> {
  if (!epcs.length) return;
  const original = String(row.originalOrderNo ?? '');
  await recordTagEventChunks(tx, {
    tenantId,
    userId: by.userId,
    username: by.username,
    source: ORDERS_DOC,
    action: 'OBSERVE',
    locationId: at.locationId,
    bizStep: at.bizStep,
    disposition: at.disposition,
    epcs,
    bizTransactions:
      Number(row.kind) === ORDER_KIND.RETURN
        ? [{ type: 'rma', id: String(row.orderNo) }, ...(original ? [{ type: 'po' as const, id: original }] : [])]
        : [{ type: 'po', id: String(row.orderNo) }],
  });
}

/** An order's packing certified (its pack read matched its lines): an ObjectEvent packing / in_progress of its pieces where they were read. */
export async function recordOrderPacked(tx: Tx, tenantId: number, row: Row, locationId: number | null, by: By): Promise<void> {
  const epcs = (await orderEpcs(tx, tenantId, Number(row.id), ORDER_EPC_ROLE.PACKED)).map((e) => e.epc);
  await observe(
    tx,
    tenantId,
    row,
    epcs,
    { locationId: locationId ?? Number(row.fulfilSiteId), bizStep: 'packing', disposition: 'in_progress' },
    by,
  );
}

/** The book's movement of these pieces (per SKU) at a site (and zone), by this order's document. */
async function book(
  tx: Tx,
  tenantId: number,
  row: Row,
  pieces: { sku_id: number | null }[],
  at: { siteId: number; zoneId?: number | null; kind: StockMove['kind']; when: Date },
): Promise<void> {
  await postStockMoves(
    tx,
    tenantId,
    [...perSku(pieces)].map(([skuId, qty]) => ({
      siteId: at.siteId,
      zoneId: at.zoneId ?? null,
      skuId,
      qty,
      kind: at.kind,
      at: at.when,
      docType: ORDERS_DOC,
      docCode: String(row.orderNo),
    })),
  );
}

/** These pieces sold at a site: their presence sold there (EAS off), their tags SOLD. */
async function sellAt(tx: Tx, tenantId: number, epcs: string[], siteId: number, when: Date): Promise<void> {
  await markSoldByDocument(
    tx,
    tenantId,
    epcs.map((epc) => ({ epc, at: when, locationId: siteId, equipment: '' })),
  );
  await setTagStatus(tx, tenantId, epcs, TAG_STATUS.SOLD);
}

/**
 * An order shipped: to a consumer its pieces are sold (tag SOLD, presence sold, the book's SOLD at
 * the site); to a store for pickup they are SHIPPED (the book's SHIPPED at the sender). Either way
 * the shipping ObjectEvent, in_transit.
 */
export async function recordOrderShipped(tx: Tx, tenantId: number, row: Row, toStore: boolean, by: By): Promise<void> {
  const site = Number(row.fulfilSiteId);
  const packed = await orderEpcs(tx, tenantId, Number(row.id), ORDER_EPC_ROLE.PACKED);
  const epcs = packed.map((e) => e.epc);
  const now = new Date();
  if (toStore) await setTagStatus(tx, tenantId, epcs, TAG_STATUS.SHIPPED);
  else await sellAt(tx, tenantId, epcs, site, now);
  await book(tx, tenantId, row, packed, { siteId: site, kind: toStore ? 'SHIPPED' : 'SOLD', when: now });
  await observe(tx, tenantId, row, epcs, { locationId: site, bizStep: 'shipping', disposition: 'in_transit' }, by);
}

/** An order shipped to a store arrived there: its pieces RECEIVED at the store (the book, the tags, receiving / in_progress). */
export async function recordOrderArrived(tx: Tx, tenantId: number, row: Row, by: By): Promise<void> {
  const store = Number(row.pickupStoreId);
  const packed = await orderEpcs(tx, tenantId, Number(row.id), ORDER_EPC_ROLE.PACKED);
  const epcs = packed.map((e) => e.epc);
  await setTagStatus(tx, tenantId, epcs, TAG_STATUS.RECEIVED);
  await book(tx, tenantId, row, packed, { siteId: store, kind: 'RECEIVED', when: new Date() });
  await observe(tx, tenantId, row, epcs, { locationId: store, bizStep: 'receiving', disposition: 'in_progress' }, by);
}

/** An order handed over at a store: its pieces sold there (tags, presence, the book, retail_selling / retail_sold). */
export async function recordOrderHandedOver(tx: Tx, tenantId: number, row: Row, by: By): Promise<void> {
  const store = Number(row.pickupStoreId ?? row.fulfilSiteId);
  const packed = await orderEpcs(tx, tenantId, Number(row.id), ORDER_EPC_ROLE.PACKED);
  const epcs = packed.map((e) => e.epc);
  const now = new Date();
  await sellAt(tx, tenantId, epcs, store, now);
  await book(tx, tenantId, row, packed, { siteId: store, kind: 'SOLD', when: now });
  await observe(tx, tenantId, row, epcs, { locationId: store, bizStep: 'retail_selling', disposition: 'retail_sold' }, by);
}

/** The site a return comes back to: the store it is brought to, else the warehouse. */
export const returnSiteOf = (row: Row) => Number(row.pickupStoreId ?? row.fulfilSiteId);

/** A return received: the pieces it brought back, receiving / returned (the return as RMA, its original order as PO). */
export async function recordReturnReceived(tx: Tx, tenantId: number, row: Row, by: By): Promise<void> {
  const epcs = (await orderEpcs(tx, tenantId, Number(row.id), ORDER_EPC_ROLE.RETURNED)).map((e) => e.epc);
  await observe(tx, tenantId, row, epcs, { locationId: returnSiteOf(row), bizStep: 'receiving', disposition: 'returned' }, by);
}

/**
 * A return inspected. Restocked: its pieces that were on the original order are present again in
 * the site's e-commerce area (a warehouse) or stock room (a store), tags RECEIVED, the book's
 * RETURNED there, stocking / sellable_accessible. Defective: inspecting / damaged, and a defect opened
 * a piece (logistics/defective) for the defect desk to dispose of. Pieces not on the original order are neither: they stay flagged on the return.
 * Answers the pieces restocked.
 */
export async function recordReturnInspected(tx: Tx, tenantId: number, row: Row, restock: boolean, by: By): Promise<number> {
  const site = returnSiteOf(row);
  const back = await orderEpcs(tx, tenantId, Number(row.id), ORDER_EPC_ROLE.RETURNED, true);
  const epcs = back.map((e) => e.epc);
  if (!restock) {
    await observe(tx, tenantId, row, epcs, { locationId: site, bizStep: 'inspecting', disposition: 'damaged' }, by);
    // the defect desk takes the pieces: one defect a piece, for its disposal
    await openReturnDefects(tx, {
      siteId: site,
      returnCode: String(row.orderNo),
      pieces: back.filter((b) => b.sku_id != null).map((b) => ({ epc: b.epc, skuId: Number(b.sku_id) })),
      by: { tenantId, userId: by.userId, username: by.username },
      remark: `退货 ${String(row.orderNo)} 检验判为次品`,
    });
    return 0;
  }
  const zone = (await zoneOf(tx, tenantId, site, [ZONE_TYPE.ECOM_AREA, ZONE_TYPE.STOCK_ROOM, ZONE_TYPE.STORAGE])) ?? site;
  const now = new Date();
  await markReturnedByDocument(
    tx,
    tenantId,
    epcs.map((epc) => ({ epc, at: now, locationId: zone, equipment: '' })),
  );
  await setTagStatus(tx, tenantId, epcs, TAG_STATUS.RECEIVED);
  await book(tx, tenantId, row, back, { siteId: site, zoneId: zone === site ? null : zone, kind: 'RETURNED', when: now });
  await observe(tx, tenantId, row, epcs, { locationId: zone, bizStep: 'stocking', disposition: 'sellable_accessible' }, by);
  return epcs.length;
}

/** Whether a site is a store (else a warehouse). */
export async function isStore(tx: Tx, tenantId: number, siteId: number): Promise<boolean> {
  const [l] = await queryRows<{ kind: number }>(tx, sql`select kind from locations where tenant_id = ${tenantId} and id = ${siteId}`);
  return l?.kind === LOCATION_KIND.STORE;
}
