/**
 * Store receiving (operations.md §6, store/receiving): a transfer to a store is received by the
 * reads of its EPCs arriving at the store. The fold's presence changes come here (the rfid module's
 * presence listeners, in the fold's transaction, as the warehouse's put-away takes them): an EPC
 * that one of the store's bills in transit or being received expects, arriving at one of the
 * store's zones, is read into its carton — the warehouse's carton check (F5), which begins the
 * bill's receiving at the first. The bill finishes by itself when every carton's EPCs arrived, or
 * two hours after its first read: the listener finishes the overdue ones of the tenant it folds,
 * and a recurring job (every STORE_FINISH_EVERY_MS) those of every tenant, so a quiet store's
 * receipt finishes too. The clerk's `receive` finishes and reviews in one move with the warehouse's
 * review (its guards), and posts the stock.
 */
import { BILL_STATUS, CARTON_STATUS, LOCATION_KIND, STORE_RECEIPT_FINISH_MS, STORE_RECEIVED_KINDS } from '@tagloom/domain';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../../core/context.js';
import { READ_ONLY_ROUTES, type ResourceHooks } from '../../../core/resource/service.js';
import { type Mover, move } from '../../../core/resource/transitions.js';
import { queryRows, type Tx } from '../../../db/client.js';
import type { PresenceChange } from '../../rfid/state/fold.js';
import { pgNumArray, pgTextArray } from '../../rfid/state/fold-data.js';
import { presenceListeners } from '../../rfid/state/listeners.js';
import { tallyBill } from '../../warehouse/bills/hooks.js';
import { reviewBill } from '../../warehouse/bills/review.js';
import { wmsBills } from '../../warehouse/bills/tables.js';
import { checkCarton, EXPECTING, SHIPPED_STATES } from '../../warehouse/cartons/check.js';

/** How often the recurring job looks for receipts to finish (a receipt finishes 2 h to 2 h + this after its first read). */
export const STORE_FINISH_EVERY_MS = 5 * 60_000;

/** Bills to a store (the store receiving screen's rows): a transfer of a DC or of another store, shipped. */
export const toStore = (bills: typeof wmsBills): SQL =>
  sql`${inArray(bills.kind, [...STORE_RECEIVED_KINDS])} and ${inArray(bills.status, SHIPPED_STATES)}
    and ${bills.destLocationId} in (select s.id from locations s where s.tenant_id = ${bills.tenantId} and s.kind = ${LOCATION_KIND.STORE})`;

/** The cartons still waiting for EPCs that must arrive (expected or checked short): none left means every carton's EPCs arrived. */
async function cartonsWaiting(tx: Tx, tenantId: number, billId: number): Promise<number> {
  const [r] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from wms_cartons c where c.tenant_id = ${tenantId} and c.bill_id = ${billId}
          and (c.status in (${CARTON_STATUS.EXPECTED}, ${CARTON_STATUS.SHIPPED}) or (c.status in (${CARTON_STATUS.CHECKED}, ${CARTON_STATUS.HELD}) and c.short > 0))`,
  );
  return r?.n ?? 0;
}

/** Finishes a store's receipt (a system move, logged); answers whether it moved. */
async function finish(tx: Tx, billId: number, by: Mover): Promise<boolean> {
  const moved = await move(tx, 'store/receiving', billId, 'finishReceiving', by, { ifAllowed: true });
  if (moved) await tallyBill(tx, by.tenantId, billId);
  return !!moved;
}

/**
 * Reads arriving at stores: each EPC a store's bill in transit or being received expects, arriving
 * at that store (one of its zones, or the store itself), is read into its carton (checkCarton); the
 * bills all of whose cartons' EPCs arrived finish. Answers the bills read into.
 */
export async function receiveByArrivals(tx: Tx, tenantId: number, changes: readonly PresenceChange[]): Promise<number[]> {
  const arrivals = changes.filter((c) => (c.kind === 'arrived' || c.kind === 'moved') && c.locationId != null);
  if (!arrivals.length) return [];
  const places = await queryRows<{ id: string | number; site: string | number }>(
    tx,
    sql`select l.id, s.id as site from locations l
          join locations s on s.tenant_id = l.tenant_id and s.id = coalesce(l.site_id, l.id) and s.kind = ${LOCATION_KIND.STORE}
         where l.tenant_id = ${tenantId} and l.id = any(${pgNumArray([...new Set(arrivals.map((c) => c.locationId!))])}::bigint[])`,
  );
  if (!places.length) return [];
  const siteOf = new Map(places.map((p) => [Number(p.id), Number(p.site)]));
  const at = new Map<string, number>();
  for (const c of arrivals) if (siteOf.has(c.locationId!)) at.set(c.epc, siteOf.get(c.locationId!)!);
  if (!at.size) return [];
  const hits = await queryRows<{ epc: string; carton_id: string | number; bill_id: string | number; dest: string | number }>(
    tx,
    sql`select e.epc, e.carton_id, e.bill_id, b.dest_location_id as dest
          from wms_carton_epcs e
          join wms_bills b on b.tenant_id = e.tenant_id and b.id = e.bill_id
          join wms_cartons c on c.tenant_id = e.tenant_id and c.id = e.carton_id
         where e.tenant_id = ${tenantId} and e.epc = any(${pgTextArray([...at.keys()])}::text[]) and e.unbound_at is null
           and e.source = any(${pgNumArray(EXPECTING)}::smallint[])
           and b.kind = any(${pgNumArray([...STORE_RECEIVED_KINDS])}::smallint[])
           and b.status in (${BILL_STATUS.IN_TRANSIT}, ${BILL_STATUS.RECEIVING})
           and c.status in (${CARTON_STATUS.EXPECTED}, ${CARTON_STATUS.SHIPPED}, ${CARTON_STATUS.CHECKED}, ${CARTON_STATUS.HELD})
         order by e.bill_id, e.carton_id`,
  );
  const cartons = new Map<number, { billId: number; epcs: string[] }>();
  for (const h of hits) {
    if (at.get(h.epc) !== Number(h.dest)) continue;
    const c = cartons.get(Number(h.carton_id)) ?? { billId: Number(h.bill_id), epcs: [] };
    c.epcs.push(h.epc);
    cartons.set(Number(h.carton_id), c);
  }
  if (!cartons.size) return [];
  const reader = arrivals.find((c) => c.equipmentCoding)?.equipmentCoding ?? 'rfid';
  const by: Mover = { tenantId, userId: null, username: reader };
  for (const [cartonId, c] of cartons) await checkCarton(tx, tenantId, cartonId, by, undefined, c.epcs);
  const bills = [...new Set([...cartons.values()].map((c) => c.billId))];
  for (const billId of bills) if ((await cartonsWaiting(tx, tenantId, billId)) === 0) await finish(tx, billId, by);
  return bills;
}

/**
 * The store receipts of a tenant (every tenant: null) being received for longer than two hours
 * since their first read, finished — each in the caller's transaction. Answers how many.
 */
export async function finishOverdue(tx: Tx, tenantId: number | null, now = new Date()): Promise<number> {
  const due = await tx
    .select({ id: wmsBills.id, tenantId: wmsBills.tenantId })
    .from(wmsBills)
    .where(
      and(
        tenantId === null ? undefined : eq(wmsBills.tenantId, tenantId),
        eq(wmsBills.status, BILL_STATUS.RECEIVING),
        inArray(wmsBills.kind, [...STORE_RECEIVED_KINDS]),
        sql`${wmsBills.receivedAt} <= ${new Date(now.getTime() - STORE_RECEIPT_FINISH_MS)}`,
        sql`${wmsBills.destLocationId} in (select s.id from locations s where s.tenant_id = ${wmsBills.tenantId} and s.kind = ${LOCATION_KIND.STORE})`,
      ),
    )
    .limit(500);
  let n = 0;
  for (const b of due) if (await finish(tx, Number(b.id), { tenantId: Number(b.tenantId), userId: null, username: 'system' })) n++;
  return n;
}

/** The recurring job's run: every tenant's overdue store receipts finished, each in a transaction of its own. */
export async function finishOverdueAll(ctx: AppContext, now = new Date()): Promise<number> {
  const tenants = await queryRows<{ tenant_id: string | number }>(
    ctx.db,
    sql`select distinct tenant_id from wms_bills where status = ${BILL_STATUS.RECEIVING} and received_at <= ${new Date(now.getTime() - STORE_RECEIPT_FINISH_MS)}`,
  );
  let n = 0;
  for (const t of tenants) n += await ctx.db.transaction((tx) => finishOverdue(tx, Number(t.tenant_id), now));
  return n;
}

/** Registers store receiving with the fold (the store module does at import). */
export function receiveOnReads(): () => void {
  return presenceListeners.on(async (tx, tenantId, changes) => {
    await receiveByArrivals(tx, tenantId, changes);
    await finishOverdue(tx, tenantId);
  });
}

/**
 * The store receiving screen: the shipped bills to a store; `receive` finishes a receipt still
 * being received (the machine asked every carton checked) and reviews it with the warehouse's
 * review — refused while a handheld session of its cartons waits for its upload, and for an
 * abnormal receipt without its difference reason — then posts its stock.
 */
export const storeReceivingHooks: ResourceHooks = {
  scope: () => toStore(wmsBills),
  omitRoutes: READ_ONLY_ROUTES,
  transitions: {
    async receive(tx, row, { session, before }) {
      if (Number(before.status) === BILL_STATUS.RECEIVING && !before.receivedAt)
        await tx
          .update(wmsBills)
          .set({ receivedAt: new Date() })
          .where(and(eq(wmsBills.tenantId, session.tenantId), eq(wmsBills.id, Number(row.id))));
      // the review posts the pieces received into the store's book (warehouse bills/stock.ts)
      await reviewBill(tx, row, session);
    },
  },
};
