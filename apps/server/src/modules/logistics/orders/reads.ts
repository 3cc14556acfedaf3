/**
 * A customer order's reads (../shared/operations.md E12): its number scanned at a reader of the
 * site fulfilling it opens a read session of subject `order` (the e-commerce area's pack station at
 * a warehouse, a clerk's handheld at a store). The first scan of an accepted order starts its
 * picking; when the session closes its reads are certified against the order's lines by SKU — a
 * match packs the order (its EPCs kept as packed, a packing event), anything else leaves it
 * picking with what was short or over, to be read again. A return's number scanned opens a session
 * of subject `return` at the site it comes back to: each EPC read is checked against the pieces
 * packed on the original order (else flagged, a wardrobing or fraud sign); at a store the read
 * receives the return (the clerk reads it at the counter), at a warehouse the desk's receive does.
 */
import { ecomDeliveryResource, LOCATION_KIND, ORDER_EPC_ROLE, ORDER_KIND, ORDER_STATUS as S } from '@tagloom/domain';
import { stateOf } from '@tagloom/domain/resource/machine.js';
import { CARTON_RESULT, cartonResult } from '@tagloom/domain/rfid/reconcile.js';
import { READ_SESSION_KIND } from '@tagloom/domain/rfid/sessions.js';
import { sql } from 'drizzle-orm';
import { badRequest, conflict } from '../../../core/errors.js';
import { type Mover, move } from '../../../core/resource/transitions.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { registryOf } from '../../label/tags/index.js';
import { sessionSubjects } from '../../rfid/sessions/subjects.js';
import { pgTextArray } from '../../rfid/state/fold-data.js';
import { isStore, ORDERS_DOC, recordOrderPacked, recordReturnReceived } from './effects.js';

type Row = Record<string, unknown>;

/** The read sessions' subject type of an order's pick and pack read. */
export const ORDER_SUBJECT = 'order';
/** The read sessions' subject type of a return's read. */
export const RETURN_SUBJECT = 'return';

/** States in which an order's pieces are (read again and) packed. */
const PACKABLE: number[] = [S.ACCEPTED, S.PICKING, S.PACKED];
/** States after its goods left: a read of them again is refused ("shipped goods, pick again"). */
const GONE: number[] = [S.SHIPPED, S.READY_FOR_PICKUP, S.PICKED_UP, S.DELIVERED];

/** The site (store or warehouse) a reader's place belongs to, with its name. */
async function siteOfPlace(tx: Tx, tenantId: number, locationId: number | null) {
  if (locationId === null) return null;
  const [s] = await queryRows<{ id: number; name: string; kind: number }>(
    tx,
    sql`select w.id::int, w.name, w.kind from locations z join locations w on w.tenant_id = z.tenant_id and w.id = coalesce(z.site_id, z.id)
         where z.tenant_id = ${tenantId} and z.id = ${locationId}`,
  );
  return s && (s.kind === LOCATION_KIND.STORE || s.kind === LOCATION_KIND.WAREHOUSE) ? s : null;
}

/** The order of this number, of this kind (null when the tenant has none). */
async function orderOf(tx: Tx, tenantId: number, orderNo: string, kind: number) {
  const [o] = await queryRows<Row>(
    tx,
    sql`select id, order_no as "orderNo", status, fulfil_site_id as "fulfilSiteId", pickup_store_id as "pickupStoreId",
               original_order_no as "originalOrderNo", channel, kind
          from customer_orders where tenant_id = ${tenantId} and order_no = ${orderNo} and kind = ${kind}`,
  );
  return o ?? null;
}

const stateName = (status: unknown) => stateOf(ecomDeliveryResource.machine!, status)?.label ?? String(status);

/**
 * Certifies an order's pack read (see the file's comment): its packed EPCs replaced by these, its
 * lines' picked pieces, its counts and result written; matched → PACKED with its packing event.
 * Answers the result.
 */
export async function packOrder(tx: Tx, tenantId: number, orderId: number, read: string[], by: Mover, locationId: number | null) {
  const [order] = await queryRows<Row>(
    tx,
    sql`select id, order_no as "orderNo", status, fulfil_site_id as "fulfilSiteId" from customer_orders
         where tenant_id = ${tenantId} and id = ${orderId} for update`,
  );
  const lines = await queryRows<{ sku_id: number; qty: number }>(
    tx,
    sql`select sku_id::int, sum(qty)::int as qty from customer_order_lines where tenant_id = ${tenantId} and order_id = ${orderId} group by sku_id`,
  );
  const room = new Map(lines.map((l) => [l.sku_id, l.qty]));
  const expected = lines.reduce((a, l) => a + l.qty, 0);
  const tags = await registryOf(tx, tenantId, read);
  // an EPC packed on another order still on its way out is that order's
  const elsewhere = new Set(
    read.length
      ? (
          await queryRows<{ epc: string }>(
            tx,
            sql`select e.epc from customer_order_epcs e join customer_orders o on o.tenant_id = e.tenant_id and o.id = e.order_id
                 where e.tenant_id = ${tenantId} and e.role = ${ORDER_EPC_ROLE.PACKED} and e.order_id <> ${orderId}
                   and e.epc = any(${pgTextArray(read)}::text[]) and o.status in (${S.PICKING}, ${S.PACKED})`,
          )
        ).map((r) => r.epc)
      : [],
  );
  const picked = new Map<number, number>();
  const matched: { epc: string; skuId: number }[] = [];
  let over = 0;
  let foreign = 0;
  let unknown = 0;
  for (const epc of [...new Set(read)].sort()) {
    const tag = tags.get(epc);
    if (!tag) unknown++;
    else if (elsewhere.has(epc)) foreign++;
    else if ((room.get(tag.skuId) ?? 0) > 0) {
      room.set(tag.skuId, (room.get(tag.skuId) ?? 0) - 1);
      picked.set(tag.skuId, (picked.get(tag.skuId) ?? 0) + 1);
      matched.push({ epc, skuId: tag.skuId });
    } else over++;
  }
  const short = Math.max(0, expected - matched.length);
  const result = cartonResult({ short, over, foreign, unknown });
  await tx.execute(
    sql`delete from customer_order_epcs where tenant_id = ${tenantId} and order_id = ${orderId} and role = ${ORDER_EPC_ROLE.PACKED}`,
  );
  if (matched.length)
    await tx.execute(sql`insert into customer_order_epcs (tenant_id, order_id, role, epc, sku_id, matched)
      select ${tenantId}, ${orderId}, ${ORDER_EPC_ROLE.PACKED}, u.epc, u.sku, 1
        from unnest(${pgTextArray(matched.map((m) => m.epc))}::text[], ${`{${matched.map((m) => m.skuId).join(',')}}`}::bigint[]) as u(epc, sku)`);
  await tx.execute(sql`update customer_order_lines l set picked_qty = coalesce((
      select count(*) from customer_order_epcs e where e.tenant_id = l.tenant_id and e.order_id = l.order_id
         and e.role = ${ORDER_EPC_ROLE.PACKED} and e.sku_id = l.sku_id), 0)
     where l.tenant_id = ${tenantId} and l.order_id = ${orderId}`);
  const counts = { pickedPieces: matched.length, short, over: over + foreign + unknown, packResult: result };
  if (result === CARTON_RESULT.MATCHED && Number(order.status) !== S.PACKED) {
    const row = (await move(tx, ORDERS_DOC, orderId, 'pack', by, { set: { ...counts, packedAt: new Date() } })) as Row;
    await recordOrderPacked(tx, tenantId, row, locationId, by);
  } else
    await tx.execute(sql`update customer_orders set picked_pieces = ${counts.pickedPieces}, short = ${short}, over = ${counts.over},
        pack_result = ${result}, updated_at = now() where tenant_id = ${tenantId} and id = ${orderId}`);
  return result;
}

/**
 * Records a return's read (see the file's comment): its returned EPCs replaced by these, each
 * matched when it was packed on the original order; its counts written. Answers the counts.
 */
export async function readReturn(tx: Tx, tenantId: number, ret: Row, read: string[]) {
  const id = Number(ret.id);
  const epcs = [...new Set(read)].sort();
  const tags = await registryOf(tx, tenantId, epcs);
  const onOriginal = new Set(
    epcs.length
      ? (
          await queryRows<{ epc: string }>(
            tx,
            sql`select e.epc from customer_order_epcs e join customer_orders o on o.tenant_id = e.tenant_id and o.id = e.order_id
                 where e.tenant_id = ${tenantId} and e.role = ${ORDER_EPC_ROLE.PACKED} and o.order_no = ${String(ret.originalOrderNo)}
                   and o.kind = ${ORDER_KIND.ORDER} and e.epc = any(${pgTextArray(epcs)}::text[])`,
          )
        ).map((r) => r.epc)
      : [],
  );
  await tx.execute(
    sql`delete from customer_order_epcs where tenant_id = ${tenantId} and order_id = ${id} and role = ${ORDER_EPC_ROLE.RETURNED}`,
  );
  if (epcs.length)
    await tx.execute(sql`insert into customer_order_epcs (tenant_id, order_id, role, epc, sku_id, matched)
      select ${tenantId}, ${id}, ${ORDER_EPC_ROLE.RETURNED}, u.epc, nullif(u.sku, 0), u.m
        from unnest(${pgTextArray(epcs)}::text[], ${`{${epcs.map((e) => tags.get(e)?.skuId ?? 0).join(',')}}`}::bigint[],
                    ${`{${epcs.map((e) => (onOriginal.has(e) ? 1 : 0)).join(',')}}`}::smallint[]) as u(epc, sku, m)`);
  const matched = epcs.filter((e) => onOriginal.has(e)).length;
  const counts = { returnedPieces: epcs.length, matchedPieces: matched, mismatchPieces: epcs.length - matched };
  await tx.execute(sql`update customer_orders set returned_pieces = ${counts.returnedPieces}, matched_pieces = ${counts.matchedPieces},
      mismatch_pieces = ${counts.mismatchPieces}, updated_at = now() where tenant_id = ${tenantId} and id = ${id}`);
  return counts;
}

const readsOf = async (tx: Tx, tenantId: number, sessionId: number) =>
  (
    await queryRows<{ epc: string }>(tx, sql`select epc from rfid_session_epcs where tenant_id = ${tenantId} and session_id = ${sessionId}`)
  ).map((r) => r.epc);

/**
 * Registers the order and return reads with the read sessions (at import, as packing does).
 * Returns the function that removes them (tests).
 */
export function orderReadsOnSessions(): () => void {
  const offs = [
    sessionSubjects.opening(ORDER_SUBJECT, async (tx, s) => {
      const site = await siteOfPlace(tx, s.tenantId, s.locationId);
      const order = await orderOf(tx, s.tenantId, s.subjectCode.trim(), ORDER_KIND.ORDER);
      if (!site || !order || Number(order.fulfilSiteId) !== site.id)
        throw badRequest('customerOrder.noOrderHere', { code: s.subjectCode, site: site?.name ?? s.equipmentCoding });
      const status = Number(order.status);
      if (status === S.NEW) throw conflict('customerOrder.acceptFirst', { code: String(order.orderNo) });
      if (GONE.includes(status)) throw conflict('customerOrder.shippedPickAgain', { code: String(order.orderNo) });
      if (!PACKABLE.includes(status)) throw conflict('customerOrder.closed', { code: String(order.orderNo), state: stateName(status) });
      const by = { tenantId: s.tenantId, userId: null, username: s.equipmentCoding };
      if (status === S.ACCEPTED) await move(tx, ORDERS_DOC, Number(order.id), 'pick', by);
      return { subjectId: Number(order.id), subjectCode: String(order.orderNo), kind: READ_SESSION_KIND.PACK };
    }),
    sessionSubjects.on(ORDER_SUBJECT, async (tx, session) => {
      if (!session.subjectId) return;
      const [order] = await queryRows<{ status: number }>(
        tx,
        sql`select status from customer_orders where tenant_id = ${session.tenantId} and id = ${session.subjectId}`,
      );
      // shipped, rejected or cancelled meanwhile: this read changes nothing
      if (!order || !PACKABLE.includes(Number(order.status))) return;
      const by = { tenantId: session.tenantId, userId: null, username: session.equipmentCoding };
      await packOrder(tx, session.tenantId, session.subjectId, await readsOf(tx, session.tenantId, session.id), by, session.locationId);
    }),
    sessionSubjects.opening(RETURN_SUBJECT, async (tx, s) => {
      const site = await siteOfPlace(tx, s.tenantId, s.locationId);
      const ret = await orderOf(tx, s.tenantId, s.subjectCode.trim(), ORDER_KIND.RETURN);
      const at = ret && Number(ret.pickupStoreId ?? ret.fulfilSiteId);
      if (!site || !ret || at !== site.id)
        throw badRequest('customerOrder.noReturnHere', { code: s.subjectCode, site: site?.name ?? s.equipmentCoding });
      if (Number(ret.status) !== S.NEW)
        throw conflict('customerOrder.returnDone', { code: String(ret.orderNo), state: stateName(ret.status) });
      return { subjectId: Number(ret.id), subjectCode: String(ret.orderNo) };
    }),
    sessionSubjects.on(RETURN_SUBJECT, async (tx, session) => {
      if (!session.subjectId) return;
      const [ret] = await queryRows<Row>(
        tx,
        sql`select id, status, original_order_no as "originalOrderNo", pickup_store_id as "pickupStoreId", fulfil_site_id as "fulfilSiteId"
              from customer_orders where tenant_id = ${session.tenantId} and id = ${session.subjectId} for update`,
      );
      if (!ret || Number(ret.status) !== S.NEW) return;
      const counts = await readReturn(tx, session.tenantId, ret, await readsOf(tx, session.tenantId, session.id));
      // at a store the counter's read receives it
      const site = Number(ret.pickupStoreId ?? ret.fulfilSiteId);
      if (counts.returnedPieces > 0 && (await isStore(tx, session.tenantId, site))) {
        const by = { tenantId: session.tenantId, userId: null, username: session.equipmentCoding };
        const row = (await move(tx, ORDERS_DOC, Number(ret.id), 'returned', by)) as Row;
        await recordReturnReceived(tx, session.tenantId, row, by);
      }
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}
