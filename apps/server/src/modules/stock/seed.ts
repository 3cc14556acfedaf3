/**
 * The demo's stock (../shared/operations.md §11 "stock EPCs"): a label order of stock tags — SKUS
 * SKUs × PER_SKU serials from 800,000,001 — placed in the demo's stores and central warehouse as the
 * last counts found them four weeks ago: each store holds a few pieces of every SKU (the flagship
 * ST001 more), on its sales floor (70 %) or in its stock room where it has zones, the central
 * warehouse's storage more; a piece or so per SKU has gone missing since (departed: shrink the next
 * count will find). The rest were never read (in the supply chain). The book of each site starts
 * from that count (resetByCount), so later documents (sales, receipts, counts) move it from there.
 * One statement a table; about a second on PGlite.
 */
import { LOCATION_KIND, randomInt, seededRandom, sgtin96Hex, TAG_STATUS, ZONE_TYPE } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.js';
import { pgNumArray, pgTextArray } from '../rfid/state/fold-data.js';
import { resetByCount } from './ledger.js';

const SKUS = 300;
const PER_SKU = 80;
const FIRST_SERIAL = 800_000_001;
/** the stores stocked (codes), the flagship first */
// (ST004, with a floor and a stock room, is left to its counts: the counts' stories start there from an unread store)
const STORES = ['ST001', 'ST002', 'ST003', 'ST005', 'ST006', 'ST007', 'ST008', 'ST009', 'ST010'];
const WAREHOUSE = 'WH01';
const DAY = 86_400_000;

export async function seedStockDemo(tx: Tx, tenant: { id: number; code: string }): Promise<void> {
  const tenantId = tenant.id;
  const [held] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from stock_sku_locations where tenant_id = ${tenantId}`);
  if (held.n > 0) return;
  const sites = await queryRows<{ id: number; code: string; kind: number; zone_type: number | null; site_id: number | null }>(
    tx,
    sql`select id::int, code, kind, zone_type, site_id::int from locations where tenant_id = ${tenantId}
          and (code = any(${pgTextArray([...STORES, WAREHOUSE])}::text[]) or kind = ${LOCATION_KIND.ZONE})`,
  );
  const siteId = new Map(sites.filter((s) => s.kind !== LOCATION_KIND.ZONE).map((s) => [s.code, s.id]));
  if (!siteId.get(WAREHOUSE) || !siteId.get(STORES[0])) return;
  const zonesOf = (site: number, type: number) => sites.filter((z) => z.site_id === site && z.zone_type === type).map((z) => z.id);
  const skus = await queryRows<{ id: number; gtin: string }>(
    tx,
    sql`select id::int, gtin from goods_skus where tenant_id = ${tenantId} and gtin ~ '^[0-9]{13,14}$' order by id limit ${SKUS}`,
  );
  if (!skus.length) return;
  const now = Date.now();
  const counted = new Date(now - 28 * DAY);
  const day = new Date(now).toISOString().slice(0, 10).replace(/-/g, '');
  const [order] = await queryRows<{ id: number }>(
    tx,
    sql`insert into label_orders (tenant_id, code, kind, status, epc_state, epc_count, label_quantity, total_quantity, sku_count, loss_ratio, remark, created_at, updated_at)
        values (${tenantId}, ${`LPO${day}STOCK`}, 1, 12, 3, ${skus.length * PER_SKU}, ${skus.length * PER_SKU}, ${skus.length * PER_SKU}, ${skus.length}, 0,
                '门店与仓库在库商品的 RFID 吊牌', ${new Date(now - 120 * DAY).toISOString()}, ${counted.toISOString()})
        returning id::int`,
  );
  // the tags: SGTIN-96 of each SKU's GTIN, serials counting up in the EPC's last 40 bits
  const heads: string[] = [];
  const bases: string[] = [];
  for (const s of skus) {
    const e0 = sgtin96Hex(s.gtin, 7, 1, FIRST_SERIAL);
    heads.push(e0.slice(0, 14));
    bases.push(String(BigInt(`0x${e0.slice(14)}`) - BigInt(FIRST_SERIAL)));
  }
  await tx.execute(sql`
    insert into label_tags (tenant_id, order_id, epc, sku_id, gtin, serial, status)
    select ${tenantId}, ${order.id}, u.head || lpad(upper(to_hex(u.base + g)), 10, '0'), u.sku, u.gtin, g::text, ${TAG_STATUS.ENCODED}
      from unnest(${pgTextArray(heads)}::text[], ${pgTextArray(bases)}::bigint[], ${pgNumArray(skus.map((s) => s.id))}::bigint[],
                  ${pgTextArray(skus.map((s) => s.gtin))}::text[]) as u(head, base, sku, gtin)
      cross join generate_series(${FIRST_SERIAL}::bigint, ${FIRST_SERIAL + PER_SKU - 1}::bigint) g`);

  // where each SKU's serials are: [site, zone or site, presence] per serial index, drawn per tenant
  const random = seededRandom(`${tenant.code}:stock`);
  const places: { epcIndex: number; skuIndex: number; site: number; at: number; presence: 'present' | 'departed' }[] = [];
  const book = new Map<number, Map<number, number>>();
  skus.forEach((_, k) => {
    let next = 0;
    const place = (code: string, pieces: number) => {
      const site = siteId.get(code);
      if (!site) return;
      const floor = zonesOf(site, ZONE_TYPE.SALES_FLOOR);
      const room = zonesOf(site, ZONE_TYPE.STOCK_ROOM);
      const storage = zonesOf(site, ZONE_TYPE.STORAGE);
      // a size sold out on the floor now and then, its pieces all in the stock room: the refill list's
      const floorShare = random() < 0.12 ? 0 : 0.7;
      for (let i = 0; i < pieces && next < PER_SKU; i++) {
        const gone = random() < 0.04;
        const at = storage.length
          ? storage[randomInt(random, 0, storage.length - 1)]
          : floor.length && room.length
            ? random() < floorShare
              ? floor[0]
              : room[0]
            : site;
        places.push({ epcIndex: next++, skuIndex: k, site, at, presence: gone ? 'departed' : 'present' });
        const counts = book.get(site) ?? new Map<number, number>();
        counts.set(skus[k].id, (counts.get(skus[k].id) ?? 0) + 1);
        book.set(site, counts);
      }
    };
    place(STORES[0], randomInt(random, 4, 7));
    for (const code of STORES.slice(1)) place(code, randomInt(random, 2, 5));
    place(WAREHOUSE, randomInt(random, 6, 14));
  });
  const epcOf = (p: (typeof places)[number]) =>
    heads[p.skuIndex] + (BigInt(bases[p.skuIndex]) + BigInt(FIRST_SERIAL + p.epcIndex)).toString(16).toUpperCase().padStart(10, '0');
  const seen = places.map(() => new Date(counted.getTime() - randomInt(random, 1, 72) * 3_600_000).toISOString());
  await tx.execute(sql`
    insert into rfid_epc_states (tenant_id, epc, first_seen_at, last_seen_at, read_count, last_equipment, last_location_id,
                                 presence, presence_location_id, presence_since, presence_seen_at, updated_at)
    select ${tenantId}, u.epc, u.seen, case when u.presence = 'departed' then u.seen else ${counted.toISOString()}::timestamptz end,
           u.reads, 'HANDHELD', u.at, u.presence, u.at, u.seen, u.seen, now()
      from unnest(${pgTextArray(places.map(epcOf))}::text[], ${pgTextArray(seen)}::timestamptz[], ${pgNumArray(places.map((p) => p.at))}::bigint[],
                  ${pgTextArray(places.map((p) => p.presence))}::text[], ${pgNumArray(places.map(() => randomInt(random, 2, 40)))}::int[])
           as u(epc, seen, at, presence, reads)`);
  await tx.execute(sql`
    update label_tags t set status = ${TAG_STATUS.RECEIVED}
      from rfid_epc_states s where s.tenant_id = ${tenantId} and t.tenant_id = ${tenantId} and t.order_id = ${order.id} and s.epc = t.epc`);
  // the book of each site: what its last count found four weeks ago
  for (const [site, counts] of book)
    await resetByCount(tx, tenantId, {
      siteId: site,
      counted: counts,
      at: counted,
      docType: 'store/inventory',
      docCode: `PD${counted.toISOString().slice(0, 10).replace(/-/g, '')}-OPEN`,
    });
}
