/**
 * The demo's outbound DC (../shared/operations.md §11 "outbound cartons"): WH01's pack station
 * tunnel and dock-out gate, and its transfers to six stores in every state of slice C — picking
 * with cartons packing, packed (matched, one short, one with a piece of another SKU), reviewed,
 * audited and reset; packed with one carton of three through the gate (its review names the two
 * missing); loading reviewed; shipped (its cartons expected at the store); a pick list nobody has
 * scanned yet; two with pieces that travel without a carton (a loose lot packed, one reviewed and
 * loaded). The cartons are packed by the real pack certification from WH01's stored pieces, and
 * their moves recorded as the buttons record them (events, tag status, the book).
 */
import {
  BILL_KIND,
  BILL_STATUS,
  CARTON_DIRECTION,
  CARTON_STATUS,
  LOCATION_KIND,
  randomInt,
  seededRandom,
  ZONE_TYPE,
} from '@tagloom/domain';
import { SCENE_TYPE } from '@tagloom/domain/rfid/presence.js';
import { sql } from 'drizzle-orm';
import { nextDocumentCode } from '../../../core/numbering.js';
import { move } from '../../../core/resource/transitions.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { lockFold } from '../../rfid/state/fold.js';
import { pgNumArray, pgTextArray } from '../../rfid/state/fold-data.js';
import { presenceTallies } from '../../rfid/state/listeners.js';
import { tallyBill } from '../../warehouse/bills/hooks.js';
import { seedZoneReader } from '../../warehouse/cartons/dock-seed.js';
import { recordShipmentLoaded } from '../../warehouse/events.js';
import { shipOutbound } from './hooks.js';
import { tallyShipment } from './loading.js';
import { cartonToPack, packCarton } from './pack.js';

/** The demo's pack station tunnel and dock-out gate at WH01. */
export const DEMO_PACK_READER = 'TUN-WH01-PK1';
export const DEMO_GATE_READER = 'GATE-WH01-DO1';

type Plan = 'scanned' | 'matched' | 'short' | 'over' | 'reviewed' | 'audited' | 'loaded' | 'reset';

/** The demo's shipments: destination store, bill state reached, and its cartons' plans. */
const SHIPMENTS: {
  store: string;
  to: 'picking' | 'packed' | 'reviewed' | 'shipped' | 'created';
  cartons: Plan[];
  /** a loose lot of pieces without a carton too, and how far it went */
  loose?: 'packed' | 'loaded';
}[] = [
  { store: 'ST002', to: 'picking', cartons: ['scanned', 'matched', 'short', 'over', 'reviewed', 'audited', 'reset'] },
  { store: 'ST003', to: 'picking', cartons: ['audited', 'audited', 'reviewed', 'short'], loose: 'packed' },
  { store: 'ST005', to: 'packed', cartons: ['loaded', 'audited', 'audited'] },
  { store: 'ST006', to: 'reviewed', cartons: ['loaded', 'loaded', 'loaded'], loose: 'loaded' },
  { store: 'ST007', to: 'shipped', cartons: ['loaded', 'loaded'] },
  { store: 'ST008', to: 'created', cartons: ['scanned', 'scanned', 'scanned'] },
];

/**
 * Demo pieces read at a zone (a pack station, a gate) `minutesAgo`: their presence moved there and
 * the presence tallies told (the caller holds the fold's lock, as every writer of presence does).
 */
export async function placeEpcs(tx: Tx, tenantId: number, epcs: string[], zoneId: number, minutesAgo: number): Promise<void> {
  if (!epcs.length) return;
  const was = await queryRows<{ epc: string; loc: number | string | null }>(
    tx,
    sql`update rfid_epc_states s set presence = 'present', presence_location_id = ${zoneId}, last_location_id = ${zoneId},
          presence_since = now() - make_interval(mins => ${minutesAgo}), presence_seen_at = now() - make_interval(mins => ${minutesAgo}),
          last_seen_at = now() - make_interval(mins => ${minutesAgo}), updated_at = now()
        from rfid_epc_states p
       where s.tenant_id = ${tenantId} and s.epc = any(${pgTextArray(epcs)}::text[]) and p.tenant_id = s.tenant_id and p.epc = s.epc
      returning s.epc, case when p.presence = 'present' then p.presence_location_id end as loc`,
  );
  const moves = was
    .map((w) => ({ epc: w.epc, from: w.loc == null ? null : Number(w.loc), to: zoneId, at: null }))
    .filter((m) => m.from !== m.to);
  await presenceTallies.moved(tx, tenantId, moves);
}

export async function seedOutboundDemo(tx: Tx, tenant: { id: number; code: string }): Promise<void> {
  const tenantId = tenant.id;
  const [done] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from wms_cartons where tenant_id = ${tenantId} and direction = ${CARTON_DIRECTION.OUT}`,
  );
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
          and (kind in (${LOCATION_KIND.STORE}, ${LOCATION_KIND.WAREHOUSE}) or kind = ${LOCATION_KIND.ZONE})`,
  );
  const wh = places.find((p) => p.code === 'WH01');
  if (!wh) return;
  const zone = (type: number) => places.find((p) => p.site_id === wh.id && p.zone_type === type);
  const station = zone(ZONE_TYPE.PACK_STATION);
  const dock = zone(ZONE_TYPE.DOCK_OUT);
  if (!station || !dock) return;
  await seedZoneReader(tx, tenantId, {
    code: DEMO_PACK_READER,
    name: '华东仓 1 号装箱复核台通道',
    sn: 'SN-FX96-005201',
    mac: '84:24:8D:20:C6:01',
    scene: '装箱复核通道',
    useLocation: `${wh.name} ${station.name}`,
    zoneId: station.id,
    sceneDef: { code: 'PACK-TUNNEL', name: '装箱复核台通道', alias: '整箱过通道', type: SCENE_TYPE.TUNNEL },
  });
  await seedZoneReader(tx, tenantId, {
    code: DEMO_GATE_READER,
    name: '华东仓 1 号发货月台门',
    sn: 'SN-FX96-005301',
    mac: '84:24:8D:20:C7:01',
    scene: '发货门',
    useLocation: `${wh.name} ${dock.name}`,
    zoneId: dock.id,
    sceneDef: { code: 'DOCK-OUT-GATE', name: '发货月台门', alias: '装车读取', type: SCENE_TYPE.GATE, moveHoldoff: 2 },
  });
  // WH01's stored pieces no carton holds, by SKU (the shipments are picked from them)
  const stored = await queryRows<{ sku_id: number; epcs: string[] }>(
    tx,
    sql`select t.sku_id::int, array_agg(s.epc order by s.epc) as epcs
          from rfid_epc_states s
          join locations z on z.tenant_id = s.tenant_id and z.id = s.presence_location_id and z.site_id = ${wh.id} and z.zone_type = ${ZONE_TYPE.STORAGE}
          join label_tags t on t.tenant_id = s.tenant_id and t.epc = s.epc
         where s.tenant_id = ${tenantId} and s.presence = 'present' and t.sku_id is not null
           and not exists (select 1 from wms_carton_epcs e where e.tenant_id = s.tenant_id and e.epc = s.epc)
         group by t.sku_id having count(*) >= 6 order by t.sku_id`,
  );
  if (stored.length < 12) return;
  // the presence it moves is the fold's: its lock, as every writer of presence takes it
  await lockFold(tx, tenantId);
  const random = seededRandom(`${tenant.code}:outbound`);
  const pool = stored.map((s) => ({ skuId: s.sku_id, epcs: [...s.epcs] }));
  let next = 0;
  const keeper = { tenantId, userId: null, username: 'wh01' };
  const reader = { tenantId, userId: null, username: DEMO_PACK_READER };
  const place = (epcs: string[], zoneId: number, minutesAgo: number) => placeEpcs(tx, tenantId, epcs, zoneId, minutesAgo);
  /** A transfer from a warehouse to a store with these lines (carton '' : without a carton), CREATED. */
  const billOf = async (from: number, to: number, reservationNo: string, lines: { carton: string; sku: number; qty: number }[]) => {
    const code = await nextDocumentCode(tx, tenantId, 'BL');
    const [bill] = await queryRows<{ id: number }>(
      tx,
      sql`insert into wms_bills (tenant_id, code, reservation_no, kind, status, source_location_id, dest_location_id, expected_at, remark, created_at, updated_at)
          values (${tenantId}, ${code}, ${reservationNo}, ${BILL_KIND.TRANSFER}, ${BILL_STATUS.CREATED},
                  ${from}, ${to}, now() + interval '2 days', '门店补货调拨', now() - interval '6 hours', now())
          returning id::int`,
    );
    await tx.execute(sql`insert into wms_bill_lines (tenant_id, bill_id, sku_id, expected_qty, received_qty, diff_qty, carton_no)
      select ${tenantId}, ${bill.id}, u.sku, u.qty, 0, 0, u.carton
        from unnest(${pgNumArray(lines.map((l) => l.sku))}::bigint[], ${pgNumArray(lines.map((l) => l.qty))}::int[], ${pgTextArray(lines.map((l) => l.carton))}::text[])
             as u(sku, qty, carton)`);
    await tallyBill(tx, tenantId, bill.id);
    return { id: bill.id, code };
  };
  for (const [s, shipment] of SHIPMENTS.entries()) {
    const store = places.find((p) => p.code === shipment.store);
    if (!store) continue;
    // its pick list: 1–2 SKUs a carton, 2–4 pieces of each
    const cartons = shipment.cartons.map((plan, i) => {
      const skus = Array.from({ length: randomInt(random, 1, 2) }, () => pool[next++ % pool.length]);
      return {
        plan,
        no: `WH01-${shipment.store}-${String(i + 1).padStart(2, '0')}`,
        lines: skus.map((k) => ({ sku: k, qty: randomInt(random, 2, 3) })),
      };
    });
    // its pieces without a carton: a piece or two of two SKUs
    const loose = shipment.loose ? [0, 1].map(() => ({ sku: pool[next++ % pool.length], qty: randomInt(random, 1, 2) })) : [];
    const { id: billId, code } = await billOf(wh.id, store.id, `TO-${shipment.store}-${String(s + 1).padStart(3, '0')}`, [
      ...cartons.flatMap((c) => c.lines.map((l) => ({ carton: c.no, sku: l.sku.skuId, qty: l.qty }))),
      ...loose.map((l) => ({ carton: '', sku: l.sku.skuId, qty: l.qty })),
    ]);
    const bill = { id: billId };
    if (shipment.to === 'created') continue;
    const site = { id: wh.id, name: wh.name };
    for (const [i, c] of cartons.entries()) {
      const { id } = await cartonToPack(tx, tenantId, site, c.no, reader);
      if (c.plan === 'scanned') continue;
      // what is put in it: its pick list's pieces; one short, or one of another SKU too
      const picked = c.lines.flatMap((l) => l.sku.epcs.splice(0, l.qty));
      if (c.plan === 'short') picked.pop();
      if (c.plan === 'over') picked.push(pool[(next + 7) % pool.length].epcs.pop()!);
      await place(picked, station.id, 60 * (SHIPMENTS.length - s) + i);
      await packCarton(tx, tenantId, id, picked, reader, { locationId: station.id, equipmentCoding: DEMO_PACK_READER });
      if (c.plan === 'matched' || c.plan === 'short' || c.plan === 'over') continue;
      if (c.plan === 'reset') {
        // packed, then emptied: its EPCs freed, its number free (the next carton of the list will take it)
        await tx.execute(sql`update wms_carton_epcs set unbound_at = now() where tenant_id = ${tenantId} and carton_id = ${id}`);
        await tx.execute(sql`update wms_cartons set status = ${CARTON_STATUS.RESET}, carton_no = ${`${c.no}-R1`}, reset_confirm = ${c.no},
            read_pieces = 0, matched = 0, short = 0, over = 0, result = 0 where tenant_id = ${tenantId} and id = ${id}`);
        continue;
      }
      await tx.execute(sql`update wms_cartons set status = ${CARTON_STATUS.REVIEWED}, reviewed_at = now() - interval '40 minutes'
                            where tenant_id = ${tenantId} and id = ${id}`);
      if (c.plan === 'reviewed') continue;
      await tx.execute(sql`update wms_cartons set status = ${CARTON_STATUS.AUDITED}, audited_at = now() - interval '30 minutes'
                            where tenant_id = ${tenantId} and id = ${id}`);
      if (c.plan === 'loaded') await place(picked, dock.id, 10);
    }
    if (loose.length) {
      // the loose lot, read at the pack station by the bill's number
      const { id } = await cartonToPack(tx, tenantId, site, code, reader);
      const picked = loose.flatMap((l) => l.sku.epcs.splice(0, l.qty));
      await place(picked, station.id, 30);
      await packCarton(tx, tenantId, id, picked, reader, { locationId: station.id, equipmentCoding: DEMO_PACK_READER });
      if (shipment.loose === 'loaded') {
        await tx.execute(sql`update wms_cartons set status = ${CARTON_STATUS.REVIEWED}, reviewed_at = now() - interval '35 minutes',
            audited_at = now() - interval '35 minutes' where tenant_id = ${tenantId} and id = ${id}`);
        await place(picked, dock.id, 10);
      }
    }
    if (shipment.to === 'picking') {
      await tallyShipment(tx, tenantId, bill.id);
      continue;
    }
    await move(tx, 'logistics/shipment-review', bill.id, 'packed', keeper);
    const loaded = await tallyShipment(tx, tenantId, bill.id);
    if (shipment.to === 'packed') continue;
    const [row] = await queryRows<Record<string, unknown>>(
      tx,
      sql`update wms_bills set status = ${BILL_STATUS.SHIP_REVIEWED}, updated_at = now() where tenant_id = ${tenantId} and id = ${bill.id}
          returning id, tenant_id as "tenantId", code, kind, source_location_id as "sourceLocationId", dest_location_id as "destLocationId",
                    factory_id as "factoryId", supply_order_id as "supplyOrderId"`,
    );
    const epcs = await queryRows<{ epc: string }>(
      tx,
      sql`select epc from wms_carton_epcs where tenant_id = ${tenantId} and bill_id = ${bill.id} and unbound_at is null`,
    );
    await recordShipmentLoaded(
      tx,
      tenantId,
      row,
      epcs.map((e) => e.epc),
      loaded[0]?.zoneId ?? dock.id,
      keeper,
    );
    if (shipment.to !== 'shipped') continue;
    await tx.execute(sql`update wms_bills set status = ${BILL_STATUS.IN_TRANSIT} where tenant_id = ${tenantId} and id = ${bill.id}`);
    await shipOutbound(tx, row, keeper);
  }
  // WH02's first shipment, its carton and its loose pieces just scanned at its pack station
  const wh02 = places.find((p) => p.code === 'WH02');
  const st010 = places.find((p) => p.code === 'ST010');
  if (!wh02 || !st010) return;
  const { code } = await billOf(wh02.id, st010.id, 'TO-ST010-001', [
    { carton: 'WH02-ST010-01', sku: pool[0].skuId, qty: 4 },
    { carton: '', sku: pool[1].skuId, qty: 2 },
  ]);
  const site = { id: wh02.id, name: wh02.name };
  const by = { tenantId, userId: null, username: 'TUN-WH02-PK1' };
  await cartonToPack(tx, tenantId, site, 'WH02-ST010-01', by);
  await cartonToPack(tx, tenantId, site, code, by);
}
