/**
 * The demo's customer orders (../shared/operations.md §11 "customer orders"): WH01's e-commerce
 * area tunnel, 60 online orders at WH01 in every state (two picking with a pack read that did not
 * match, two shipped to ST001 for pickup), 15 returns of them (one bringing back a piece the order
 * never held), 30 O2O orders at ST001–ST003 (pickup in store and ship from store, every state) with
 * two returns brought to ST001, and one order at WH02 (another warehouse's, for party scope). Packed
 * by the real pack read from the sites' present pieces; shipped, handed over, received and
 * inspected with the moves' own effects (events, tag status, presence, the book).
 */
import {
  LOCATION_KIND,
  ORDER_CHANNEL,
  ORDER_EPC_ROLE,
  ORDER_KIND,
  RETURN_INSPECTION,
  randomInt,
  ORDER_STATUS as S,
  SHORT_REASON,
  seededRandom,
  ZONE_TYPE,
} from '@tagloom/domain';
import { SCENE_TYPE } from '@tagloom/domain/rfid/presence.js';
import { sql } from 'drizzle-orm';
import { nextDocumentCode } from '../../../core/numbering.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { lockFold } from '../../rfid/state/fold.js';
import { pgNumArray } from '../../rfid/state/fold-data.js';
import { seedZoneReader } from '../../warehouse/cartons/dock-seed.js';
import { placeEpcs } from '../outbound/seed.js';
import {
  orderEpcs,
  recordOrderArrived,
  recordOrderHandedOver,
  recordOrderShipped,
  recordReturnInspected,
  recordReturnReceived,
} from './effects.js';
import { packOrder, readReturn } from './reads.js';

/** The demo's e-commerce area tunnel at WH01 (pack reads of orders, return reads). */
export const DEMO_ECOM_READER = 'TUN-WH01-EC1';

type Row = Record<string, unknown>;
type Plan = 'new' | 'accepted' | 'mismatch' | 'packed' | 'shipped' | 'delivered' | 'cancelled' | 'unfulfillable' | 'ready' | 'pickedUp';

const SURNAMES = [...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高'];
const GIVEN = ['伟', '芳', '娜', '敏', '静', '丽', '强', '磊', '洋', '艳', '杰', '娟', '涛', '明', '超', '霞', '婷', '俊', '雪', '浩'];
const STREETS = [
  '上海市浦东新区张江路 88 弄 6 号 1202 室',
  '杭州市西湖区文三路 259 号 3 幢 501 室',
  '南京市鼓楼区中山北路 30 号 1806 室',
  '苏州市工业园区星湖街 328 号 12 栋 402 室',
  '上海市徐汇区漕溪北路 595 号 2 号楼 910 室',
  '宁波市鄞州区天童南路 588 号 7 幢 1103 室',
  '合肥市蜀山区长江西路 669 号 15 栋 602 室',
  '无锡市梁溪区人民中路 139 号 2101 室',
];
const CARRIERS = ['顺丰速运', '中通快递', '京东物流', 'EMS'];

/** The 60 orders at WH01, by plan (two shipped to ST001 among them). */
const WH_PLANS: Plan[] = [
  ...Array<Plan>(14).fill('delivered'),
  ...Array<Plan>(14).fill('shipped'),
  ...Array<Plan>(3).fill('cancelled'),
  ...Array<Plan>(3).fill('unfulfillable'),
  ...Array<Plan>(8).fill('packed'),
  ...Array<Plan>(2).fill('mismatch'),
  ...Array<Plan>(8).fill('accepted'),
  ...Array<Plan>(8).fill('new'),
];
/** A store's O2O orders: pickup in store and ship from store, by plan. */
const STORE_PLANS: { channel: number; plan: Plan }[] = [
  { channel: ORDER_CHANNEL.BOPIS, plan: 'new' },
  { channel: ORDER_CHANNEL.BOPIS, plan: 'accepted' },
  { channel: ORDER_CHANNEL.BOPIS, plan: 'mismatch' },
  { channel: ORDER_CHANNEL.BOPIS, plan: 'packed' },
  { channel: ORDER_CHANNEL.BOPIS, plan: 'ready' },
  { channel: ORDER_CHANNEL.BOPIS, plan: 'pickedUp' },
  { channel: ORDER_CHANNEL.BOPIS, plan: 'unfulfillable' },
  { channel: ORDER_CHANNEL.SHIP_FROM_STORE, plan: 'accepted' },
  { channel: ORDER_CHANNEL.SHIP_FROM_STORE, plan: 'packed' },
  { channel: ORDER_CHANNEL.SHIP_FROM_STORE, plan: 'shipped' },
];

export async function seedOrdersDemo(tx: Tx, tenant: { id: number; code: string }): Promise<void> {
  const tenantId = tenant.id;
  const [done] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from customer_orders where tenant_id = ${tenantId}`);
  if (done.n > 0) return;
  const places = await queryRows<{
    id: number;
    code: string;
    kind: number;
    zone_type: number | null;
    site_id: number | null;
    name: string;
  }>(
    tx,
    sql`select id::int, code, kind, zone_type, site_id::int, name from locations where tenant_id = ${tenantId}
          and kind in (${LOCATION_KIND.STORE}, ${LOCATION_KIND.WAREHOUSE}, ${LOCATION_KIND.ZONE})`,
  );
  const wh = places.find((p) => p.code === 'WH01');
  const ecom = wh && places.find((p) => p.site_id === wh.id && p.zone_type === ZONE_TYPE.ECOM_AREA);
  if (!wh || !ecom) return;
  await seedZoneReader(tx, tenantId, {
    code: DEMO_ECOM_READER,
    name: '华东仓电商区复核通道',
    sn: 'SN-FX96-005401',
    mac: '84:24:8D:20:C8:01',
    scene: '电商复核通道',
    useLocation: `${wh.name} ${ecom.name}`,
    zoneId: ecom.id,
    sceneDef: { code: 'ECOM-TUNNEL', name: '电商复核通道', alias: '订单过通道', type: SCENE_TYPE.TUNNEL },
  });
  await lockFold(tx, tenantId);
  const random = seededRandom(`${tenant.code}:orders`);
  const pick = <T>(xs: readonly T[]) => xs[randomInt(random, 0, xs.length - 1)];

  /** A site's present pieces no carton or order holds, by SKU (at least 3 of a SKU). */
  const poolOf = async (siteId: number) =>
    (
      await queryRows<{ sku_id: number; epcs: string[] }>(
        tx,
        sql`select t.sku_id::int, array_agg(s.epc order by s.epc) as epcs
              from rfid_epc_states s
              join locations z on z.tenant_id = s.tenant_id and z.id = s.presence_location_id and (z.id = ${siteId} or z.site_id = ${siteId})
              join label_tags t on t.tenant_id = s.tenant_id and t.epc = s.epc
             where s.tenant_id = ${tenantId} and s.presence = 'present' and t.sku_id is not null
               and not exists (select 1 from wms_carton_epcs e where e.tenant_id = s.tenant_id and e.epc = s.epc and e.unbound_at is null)
               and not exists (select 1 from customer_order_epcs e where e.tenant_id = s.tenant_id and e.epc = s.epc)
               and not exists (select 1 from wms_defects d where d.tenant_id = s.tenant_id and d.epc = s.epc)
             group by t.sku_id having count(*) >= 3 order by t.sku_id`,
      )
    ).map((r) => ({ skuId: r.sku_id, epcs: [...r.epcs] }));

  const person = () => ({
    name: pick(SURNAMES) + pick(GIVEN) + (random() < 0.5 ? pick(GIVEN) : ''),
    phone: `1${pick(['35', '38', '39', '52', '58', '86', '88', '37'])}${String(randomInt(random, 0, 99_999_999)).padStart(8, '0')}`,
  });
  let serial = 0;
  /** An order (or return) with its lines, NEW, made `hoursAgo`. */
  const orderOf = async (o: {
    kind: number;
    channel: number;
    site: number;
    pickup?: number | null;
    lines: { sku: number; qty: number }[];
    hoursAgo: number;
    original?: Row;
  }): Promise<Row> => {
    const at = new Date(Date.now() - o.hoursAgo * 3_600_000);
    const orderNo = await nextDocumentCode(tx, tenantId, o.kind === ORDER_KIND.RETURN ? 'RT' : 'EC', at);
    const who = o.original ? { name: String(o.original.customerName), phone: String(o.original.customerPhone) } : person();
    serial++;
    const [row] = await queryRows<Row>(
      tx,
      sql`insert into customer_orders (tenant_id, order_no, channel, kind, fulfil_site_id, pickup_store_id, customer_name, customer_phone,
            address, promised_at, original_order_no, status, remark, created_at, updated_at)
          values (${tenantId}, ${orderNo}, ${o.channel}, ${o.kind}, ${o.site}, ${o.pickup ?? null}, ${who.name}, ${who.phone},
            ${o.original ? String(o.original.address) : STREETS[serial % STREETS.length]}, ${new Date(at.getTime() + 48 * 3_600_000)},
            ${o.original ? String(o.original.orderNo) : ''}, ${S.NEW}, ${o.kind === ORDER_KIND.RETURN ? '七天无理由退货' : ''}, ${at}, ${at})
          returning id, tenant_id as "tenantId", order_no as "orderNo", channel, kind, fulfil_site_id as "fulfilSiteId",
                    pickup_store_id as "pickupStoreId", customer_name as "customerName", customer_phone as "customerPhone", address,
                    original_order_no as "originalOrderNo"`,
    );
    await tx.execute(sql`insert into customer_order_lines (tenant_id, order_id, sku_id, qty, picked_qty)
      select ${tenantId}, ${Number(row.id)}, u.sku, u.qty, 0
        from unnest(${pgNumArray(o.lines.map((l) => l.sku))}::bigint[], ${pgNumArray(o.lines.map((l) => l.qty))}::int[]) as u(sku, qty)`);
    await tx.execute(sql`update customer_orders set pieces = ${o.lines.reduce((a, l) => a + l.qty, 0)}
                          where tenant_id = ${tenantId} and id = ${Number(row.id)}`);
    return row;
  };
  const setStatus = (row: Row, status: number, extra = sql``) =>
    tx.execute(sql`update customer_orders set status = ${status} ${extra} where tenant_id = ${tenantId} and id = ${Number(row.id)}`);

  /** Orders at a site by plan, picked and packed from its pool at `zone` by `reader`. */
  const run = async (
    site: { id: number },
    zone: number,
    reader: string,
    plans: { channel: number; plan: Plan; pickup?: number | null }[],
    hoursFrom: number,
  ): Promise<Row[]> => {
    const pool = await poolOf(site.id);
    if (pool.length < 6) return [];
    let next = randomInt(random, 0, pool.length - 1);
    const by = { tenantId, userId: null, username: reader };
    const made: Row[] = [];
    for (const [i, p] of plans.entries()) {
      const skus = Array.from({ length: randomInt(random, 1, 3) }, () => pool[next++ % pool.length]).filter(
        (s, j, all) => all.indexOf(s) === j && s.epcs.length >= 2,
      );
      if (!skus.length) continue;
      const lines = skus.map((s) => ({ sku: s.skuId, qty: randomInt(random, 1, Math.min(2, s.epcs.length)) }));
      const hoursAgo = hoursFrom - (i * hoursFrom) / plans.length;
      const row = await orderOf({ kind: ORDER_KIND.ORDER, channel: p.channel, site: site.id, pickup: p.pickup, lines, hoursAgo });
      made.push(row);
      if (p.plan === 'new') continue;
      if (p.plan === 'cancelled') {
        await setStatus(row, S.CANCELLED, sql`, finished_at = now() - interval '1 hour'`);
        continue;
      }
      await setStatus(row, S.ACCEPTED, sql`, accepted_at = ${new Date(Date.now() - hoursAgo * 3_000_000)}`);
      if (p.plan === 'accepted') continue;
      if (p.plan === 'unfulfillable') {
        await setStatus(
          row,
          S.UNFULFILLABLE,
          sql`, short_reason = ${pick([SHORT_REASON.OUT_OF_STOCK, SHORT_REASON.NOT_FOUND])}, finished_at = now()`,
        );
        continue;
      }
      // the pieces read: the lines' (a mismatch: one short)
      const picked = skus.flatMap((s, j) => s.epcs.splice(0, lines[j].qty));
      if (p.plan === 'mismatch') picked.pop();
      await placeEpcs(tx, tenantId, picked, zone, Math.max(5, Math.round(hoursAgo * 40)));
      await setStatus(row, S.PICKING);
      await packOrder(tx, tenantId, Number(row.id), picked, by, zone);
      if (p.plan === 'mismatch' || p.plan === 'packed') continue;
      const [now] = await queryRows<Row>(
        tx,
        sql`select id, tenant_id as "tenantId", order_no as "orderNo", channel, fulfil_site_id as "fulfilSiteId",
                   pickup_store_id as "pickupStoreId", original_order_no as "originalOrderNo"
              from customer_orders where tenant_id = ${tenantId} and id = ${Number(row.id)}`,
      );
      if (p.plan === 'ready' || p.plan === 'pickedUp') {
        await setStatus(row, S.READY_FOR_PICKUP);
        if (p.plan === 'pickedUp') {
          await setStatus(row, S.PICKED_UP, sql`, id_checked = 1, finished_at = now() - interval '20 minutes'`);
          await recordOrderHandedOver(tx, tenantId, now, by);
        }
        continue;
      }
      const carrier = pick(CARRIERS);
      const tracking = `${carrier === '顺丰速运' ? 'SF' : carrier === '京东物流' ? 'JD' : carrier === 'EMS' ? 'EM' : 'ZT'}${String(
        randomInt(random, 1e11, 9e11),
      )}`;
      await setStatus(row, S.SHIPPED, sql`, carrier = ${carrier}, tracking_no = ${tracking}, shipped_at = now() - interval '3 hours'`);
      await recordOrderShipped(tx, tenantId, now, p.channel === ORDER_CHANNEL.SHIP_TO_STORE, by);
      if (p.plan === 'delivered') await setStatus(row, S.DELIVERED, sql`, finished_at = now() - interval '1 hour'`);
    }
    return made;
  };

  // WH01's online orders: two of them shipped to ST001 for pickup
  const st001 = places.find((p) => p.code === 'ST001');
  const whPlans = WH_PLANS.map((plan, i) => ({
    plan,
    channel: st001 && (i === 26 || i === 27) ? ORDER_CHANNEL.SHIP_TO_STORE : ORDER_CHANNEL.ECOM,
    pickup: st001 && (i === 26 || i === 27) ? st001.id : null,
  }));
  const whOrders = await run(wh, ecom.id, DEMO_ECOM_READER, whPlans, 7 * 24);
  const wmsBy = { tenantId, userId: null, username: 'wh01' };
  // the first order shipped to ST001 has arrived there (ready for pickup)
  const toStore = whOrders.filter((o) => Number(o.channel) === ORDER_CHANNEL.SHIP_TO_STORE);
  if (toStore[0]) {
    await setStatus(toStore[0], S.READY_FOR_PICKUP);
    await recordOrderArrived(tx, tenantId, toStore[0], { userId: null, username: 'store01' });
  }

  // 15 returns of WH01's sent orders: new (read and not yet), received (one with a piece the order never held), restocked, defective, refused
  const sent = [];
  for (const o of whOrders)
    if (Number(o.channel) === ORDER_CHANNEL.ECOM) {
      const packed = await orderEpcs(tx, tenantId, Number(o.id), ORDER_EPC_ROLE.PACKED);
      const [st] = await queryRows<{ status: number }>(
        tx,
        sql`select status from customer_orders where tenant_id = ${tenantId} and id = ${Number(o.id)}`,
      );
      if (packed.length && (st.status === S.SHIPPED || st.status === S.DELIVERED)) sent.push({ order: o, packed });
    }
  const RETURNS = [
    'new',
    'new',
    'newRead',
    'newRead',
    'newRead',
    'received',
    'received',
    'mismatch',
    'received',
    'restocked',
    'restocked',
    'restocked',
    'defective',
    'defective',
    'refused',
  ];
  const foreignEpc = (await poolOf(wh.id))[0]?.epcs[0];
  for (const [i, plan] of RETURNS.entries()) {
    const s = sent[i];
    if (!s) break;
    const back = s.packed.slice(0, 1);
    const ret = await orderOf({
      kind: ORDER_KIND.RETURN,
      channel: ORDER_CHANNEL.ECOM,
      site: wh.id,
      lines: [{ sku: Number(back[0].sku_id), qty: 1 }],
      hoursAgo: 30 - i,
      original: s.order,
    });
    if (plan === 'new') continue;
    const read = back.map((b) => b.epc);
    // a piece the order never held, sent back in its place
    if (plan === 'mismatch' && foreignEpc) read.splice(0, 1, foreignEpc);
    await placeEpcs(tx, tenantId, read, ecom.id, 60 + i);
    await readReturn(tx, tenantId, ret, read);
    if (plan === 'newRead') continue;
    if (plan === 'refused') {
      await setStatus(ret, S.REFUSED, sql`, finished_at = now()`);
      continue;
    }
    await setStatus(ret, S.RECEIVED);
    await recordReturnReceived(tx, tenantId, ret, wmsBy);
    if (plan === 'received' || plan === 'mismatch') continue;
    const restock = plan === 'restocked';
    await setStatus(
      ret,
      restock ? S.RESTOCKED : S.DEFECTIVE,
      sql`, inspection = ${restock ? RETURN_INSPECTION.RESTOCK : RETURN_INSPECTION.DEFECTIVE}, finished_at = now()`,
    );
    await recordReturnInspected(tx, tenantId, ret, restock, wmsBy);
  }

  // O2O at ST001–ST003 (30 orders), and two returns brought to ST001
  for (const code of ['ST001', 'ST002', 'ST003']) {
    const store = places.find((p) => p.code === code);
    if (!store) continue;
    const zone = places.find((p) => p.site_id === store.id && p.zone_type === ZONE_TYPE.STOCK_ROOM)?.id ?? store.id;
    const made = await run(store, zone, `HH-${code}-01`, STORE_PLANS, 3 * 24);
    if (code !== 'ST001') continue;
    const handed = [];
    for (const o of made) {
      const packed = await orderEpcs(tx, tenantId, Number(o.id), ORDER_EPC_ROLE.PACKED);
      const [st] = await queryRows<{ status: number }>(
        tx,
        sql`select status from customer_orders where tenant_id = ${tenantId} and id = ${Number(o.id)}`,
      );
      if (packed.length && st.status === S.PICKED_UP) handed.push({ order: o, packed });
    }
    const h = handed[0];
    if (!h) continue;
    for (const plan of ['new', 'received']) {
      const ret = await orderOf({
        kind: ORDER_KIND.RETURN,
        channel: ORDER_CHANNEL.BOPIS,
        site: store.id,
        pickup: store.id,
        lines: [{ sku: Number(h.packed[0].sku_id), qty: 1 }],
        hoursAgo: plan === 'new' ? 2 : 5,
        original: h.order,
      });
      if (plan === 'new') continue;
      await readReturn(tx, tenantId, ret, [h.packed[0].epc]);
      await setStatus(ret, S.RECEIVED);
      await recordReturnReceived(tx, tenantId, ret, { userId: null, username: 'store01' });
    }
  }

  // another warehouse's online order (WH02): not WH01's to see
  const wh02 = places.find((p) => p.code === 'WH02');
  if (wh02) {
    const [any] = await queryRows<{ id: number }>(
      tx,
      sql`select id::int from goods_skus where tenant_id = ${tenantId} order by id limit 1`,
    );
    const sku = (await poolOf(wh02.id))[0]?.skuId ?? any?.id;
    if (sku) await orderOf({ kind: ORDER_KIND.ORDER, channel: ORDER_CHANNEL.ECOM, site: wh02.id, lines: [{ sku, qty: 1 }], hoursAgo: 4 });
  }
}
