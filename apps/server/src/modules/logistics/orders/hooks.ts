/**
 * Customer orders' rules on each screen (../shared/operations.md E12): which rows a screen shows
 * (its channels, kind and the kind of site), numbering (EC… an order, RT… a return), what a new
 * order or return must name, customer data masked in lists (names, phones and addresses are the
 * customer's: a list shows them cut, the order's detail in full), the pieces kept from the lines,
 * and what each button does to the pieces (effects.ts).
 */
import {
  customerOrderFields,
  LOCATION_KIND,
  ORDER_CHANNEL,
  ORDER_EPC_ROLE,
  ORDER_KIND,
  RETURN_INSPECTION,
  ORDER_STATUS as S,
} from '@tagloom/domain';
import type { Lang } from '@tagloom/domain/lang.js';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { fieldRefusal } from '../../../core/errors.js';
import { nextDocumentCode } from '../../../core/numbering.js';
import type { ResourceHooks } from '../../../core/resource/service.js';
import { move } from '../../../core/resource/transitions.js';
import { queryRows, type Tx } from '../../../db/client.js';
import {
  ORDERS_DOC,
  recordOrderArrived,
  recordOrderHandedOver,
  recordOrderShipped,
  recordReturnInspected,
  recordReturnReceived,
} from './effects.js';
import { customerOrders } from './tables.js';

type Row = Record<string, unknown>;
const o = customerOrders;
/** The states of an order whose pieces reached the customer (a return may name it). */
const SENT: number[] = [S.SHIPPED, S.DELIVERED, S.PICKED_UP];

const field = (key: keyof typeof customerOrderFields) => ({ key, label: customerOrderFields[key].label });
const list = (xs: readonly number[]) => sql.raw(xs.join(', '));
/** The order's site (or the pickup store) is of this kind. */
const siteKind = (column: SQL | typeof o.fulfilSiteId, kind: number) =>
  sql`exists (select 1 from locations l where l.tenant_id = ${o.tenantId} and l.id = ${column} and l.kind = ${kind})`;

/** The rows each screen shows (its part of the orders table). */
export const ORDER_SCOPES = {
  /** online orders a warehouse fulfils: to consumers, and to stores for pickup */
  ecomDelivery: () =>
    sql`${o.kind} = ${ORDER_KIND.ORDER} and ${o.channel} in (${list([ORDER_CHANNEL.ECOM, ORDER_CHANNEL.SHIP_TO_STORE])}) and ${siteKind(o.fulfilSiteId, LOCATION_KIND.WAREHOUSE)}`,
  /** returns coming back to a warehouse */
  ecomReturn: () =>
    sql`${o.kind} = ${ORDER_KIND.RETURN} and ${o.pickupStoreId} is null and ${siteKind(o.fulfilSiteId, LOCATION_KIND.WAREHOUSE)}`,
  /** orders a store fulfils from its own stock */
  o2oDelivery: () =>
    sql`${o.kind} = ${ORDER_KIND.ORDER} and ${o.channel} in (${list([ORDER_CHANNEL.BOPIS, ORDER_CHANNEL.SHIP_FROM_STORE])}) and ${siteKind(o.fulfilSiteId, LOCATION_KIND.STORE)}`,
  /** orders shipped to a store for pickup (once on their way), and returns brought to a store */
  o2oReceiving: () =>
    sql`((${o.kind} = ${ORDER_KIND.ORDER} and ${o.channel} = ${ORDER_CHANNEL.SHIP_TO_STORE} and ${o.status} in (${list([S.SHIPPED, S.READY_FOR_PICKUP, S.PICKED_UP])}))
         or (${o.kind} = ${ORDER_KIND.RETURN} and ${o.pickupStoreId} is not null))`,
};

/** A name, phone or address cut for a list: the first and last characters kept. */
export function masked(v: unknown, keepStart: number, keepEnd: number): string {
  const s = String(v ?? '');
  if (!s) return s;
  const chars = [...s];
  if (chars.length <= keepStart + keepEnd) return `${chars[0]}${'*'.repeat(Math.max(1, chars.length - 1))}`;
  return chars.slice(0, keepStart).join('') + '*'.repeat(chars.length - keepStart - keepEnd) + chars.slice(chars.length - keepEnd).join('');
}

/** Customer data masked in a list (the detail shows it whole). */
const decorate: ResourceHooks['decorate'] = async (rows, { detail }) =>
  detail
    ? rows
    : rows.map((r) => ({
        ...r,
        customerName: masked(r.customerName, 1, 0),
        customerPhone: masked(r.customerPhone, 3, 4),
        address: masked(r.address, 6, 0),
      }));

/** The pieces of an order, kept from its lines. */
async function tallyOrder(tx: Tx, tenantId: number, orderId: number): Promise<Row | undefined> {
  const [row] = await tx
    .update(o)
    .set({
      pieces: sql`coalesce((select sum(qty) from customer_order_lines where tenant_id = ${tenantId} and order_id = ${orderId}), 0)`,
      pickedPieces: sql`coalesce((select sum(picked_qty) from customer_order_lines where tenant_id = ${tenantId} and order_id = ${orderId}), 0)`,
    })
    .where(and(eq(o.tenantId, tenantId), eq(o.id, orderId)))
    .returning();
  return row as Row | undefined;
}

async function stamp(tx: Tx, row: Row, set: Record<string, unknown>): Promise<void> {
  await tx
    .update(o)
    .set(set)
    .where(and(eq(o.tenantId, Number(row.tenantId)), eq(o.id, Number(row.id))));
}

/** The site's kind (a store or a warehouse), or undefined for no site of the tenant. */
async function kindOf(tx: Tx, tenantId: number, id: unknown): Promise<number | undefined> {
  if (id === null || id === undefined || id === '') return undefined;
  const [l] = await queryRows<{ kind: number }>(tx, sql`select kind from locations where tenant_id = ${tenantId} and id = ${Number(id)}`);
  return l?.kind;
}

/** An order's written rules, shared by the screens that write orders. */
async function checkOrder(tx: Tx, tenantId: number, data: Row, existing: Row | undefined, lang: Lang, kind: number): Promise<void> {
  const value = (k: string) => (data[k] === undefined ? existing?.[k] : data[k]);
  const channel = Number(value('channel') ?? ORDER_CHANNEL.ECOM);
  if (kind === ORDER_KIND.ORDER) {
    // the e-commerce desk fulfils online orders and ships to stores; a store's own come from its shop
    if (channel !== ORDER_CHANNEL.ECOM && channel !== ORDER_CHANNEL.SHIP_TO_STORE)
      throw fieldRefusal(field('channel'), 'customerOrder.channelNotHere', {}, lang);
    const store = value('pickupStoreId');
    if (channel === ORDER_CHANNEL.SHIP_TO_STORE && !store)
      throw fieldRefusal(field('pickupStoreId'), 'customerOrder.pickupStoreNeeded', {}, lang);
    if (channel === ORDER_CHANNEL.ECOM && store) data.pickupStoreId = null;
    else if (store && (await kindOf(tx, tenantId, store)) !== LOCATION_KIND.STORE)
      throw fieldRefusal(field('pickupStoreId'), 'customerOrder.pickupStoreNeeded', {}, lang);
  } else {
    // a return without its order (a gift return) is taken too: none of its pieces is then on an order sent
    const original = String(value('originalOrderNo') ?? '').trim();
    data.originalOrderNo = original;
    if (original) {
      const [first] = await queryRows<{ status: number }>(
        tx,
        sql`select status from customer_orders where tenant_id = ${tenantId} and order_no = ${original} and kind = ${ORDER_KIND.ORDER}`,
      );
      if (!first) throw fieldRefusal(field('originalOrderNo'), 'customerOrder.originalUnknown', { code: original }, lang);
      if (!SENT.includes(first.status))
        throw fieldRefusal(field('originalOrderNo'), 'customerOrder.originalNotSent', { code: original }, lang);
    }
  }
  const site = value('fulfilSiteId');
  if ((await kindOf(tx, tenantId, site)) !== LOCATION_KIND.WAREHOUSE)
    throw fieldRefusal(field('fulfilSiteId'), 'customerOrder.warehouseNeeded', {}, lang);
}

/** The hooks every screen of the orders shares: lists masked, pieces from the lines. */
const shared: ResourceHooks = {
  decorate,
  afterLines: (tx, row, { session }) => tallyOrder(tx, session.tenantId!, Number(row.id)),
};

/** The moves' consequences, by action (effects.ts); a screen takes those its machine offers. */
const moves: NonNullable<ResourceHooks['transitions']> = {
  accept: (tx, row) => stamp(tx, row, { acceptedAt: new Date() }),
  async ship(tx, row, { session }) {
    await stamp(tx, row, { shippedAt: new Date() });
    await recordOrderShipped(tx, session.tenantId!, row, Number(row.channel) === ORDER_CHANNEL.SHIP_TO_STORE, session);
  },
  deliver: (tx, row) => stamp(tx, row, { finishedAt: new Date() }),
  async handover(tx, row, { session }) {
    if (Number(row.idChecked) !== 1) throw fieldRefusal(field('idChecked'), 'customerOrder.idNotChecked', {}, session.lang ?? 'zh_CN');
    await stamp(tx, row, { finishedAt: new Date() });
    await recordOrderHandedOver(tx, session.tenantId!, row, session);
  },
  // an order given up frees what was picked for it
  async reject(tx, row, { session }) {
    await stamp(tx, row, { finishedAt: new Date() });
    await tx.execute(
      sql`delete from customer_order_epcs where tenant_id = ${session.tenantId} and order_id = ${Number(row.id)} and role = ${ORDER_EPC_ROLE.PACKED}`,
    );
  },
  cancel: (tx, row) => stamp(tx, row, { finishedAt: new Date() }),
  async receive(tx, row, { session }) {
    if (Number(row.kind) === ORDER_KIND.RETURN) await recordReturnReceived(tx, session.tenantId!, row, session);
    else await recordOrderArrived(tx, session.tenantId!, row, session);
  },
  async inspect(tx, row, { session }) {
    const restock = Number(row.inspection) !== RETURN_INSPECTION.DEFECTIVE;
    await stamp(tx, row, { finishedAt: new Date() });
    await recordReturnInspected(tx, session.tenantId!, row, restock, session);
    if (!restock) await move(tx, ORDERS_DOC, Number(row.id), 'defective', session);
  },
  refuse: (tx, row) => stamp(tx, row, { finishedAt: new Date() }),
};
const pick = (...actions: string[]) => Object.fromEntries(actions.map((a) => [a, moves[a]!]));

/** logistics/ecom-delivery: a warehouse's online orders, written here (numbered EC…). */
export const ecomDeliveryHooks: ResourceHooks = {
  ...shared,
  scope: ORDER_SCOPES.ecomDelivery,
  async beforeWrite(tx, data, { session, existing, lang = session.lang }) {
    const tenantId = session.tenantId!;
    if (!existing) {
      data.kind = ORDER_KIND.ORDER;
      if (!data.orderNo) data.orderNo = await nextDocumentCode(tx, tenantId, 'EC');
    }
    await checkOrder(tx, tenantId, data, existing, lang ?? 'zh_CN', ORDER_KIND.ORDER);
  },
  transitions: pick('accept', 'ship', 'deliver', 'reject', 'cancel'),
};

/** logistics/ecom-return: returns to a warehouse, written here (numbered RT…) against an order sent. */
export const ecomReturnHooks: ResourceHooks = {
  ...shared,
  scope: ORDER_SCOPES.ecomReturn,
  async beforeWrite(tx, data, { session, existing, lang = session.lang }) {
    const tenantId = session.tenantId!;
    if (!existing) {
      data.kind = ORDER_KIND.RETURN;
      data.pickupStoreId = null;
      if (!data.orderNo) data.orderNo = await nextDocumentCode(tx, tenantId, 'RT');
    }
    await checkOrder(tx, tenantId, data, existing, lang ?? 'zh_CN', ORDER_KIND.RETURN);
  },
  transitions: pick('receive', 'inspect', 'refuse'),
};

/** store/o2o-delivery: a store's online orders (they come from the shop: read only here). */
export const o2oDeliveryHooks: ResourceHooks = {
  ...shared,
  scope: ORDER_SCOPES.o2oDelivery,
  transitions: pick('accept', 'ship', 'ready', 'handover', 'reject'),
};

/** store/o2o-receiving: orders shipped to a store, and returns brought to it. */
export const o2oReceivingHooks: ResourceHooks = {
  ...shared,
  scope: ORDER_SCOPES.o2oReceiving,
  transitions: pick('receive', 'handover', 'inspect', 'refuse'),
};
