/**
 * "What is here now" (store/inventory → Stock, ../shared/operations.md §9): a site's goods per
 * option (style and colour), sizes across, each with three numbers side by side — the ERP's stock
 * (its last import), the RFID book (the ledger: last count plus documents since) and the tags
 * present now by the readers, split sales floor / stock room — with when it was last counted and
 * last read. One statement over the site's book and its present tags (the presence index).
 */
import { compareSizes, ZONE_TYPE } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.js';
import { pgNumArray } from '../../rfid/state/fold-data.js';

/** The ERP's stock of a site: its time, its reference and quantity per SKU (null: never imported). */
export type ErpStock = { at: Date; ref: string; qty: ReadonlyMap<number, number> } | null;

export interface StockSize {
  skuId: number;
  size: string;
  skuBarcode: string;
  /** null: the SKU is not in the ERP's stock */
  erp: number | null;
  book: number;
  present: number;
  floor: number;
  room: number;
}

export interface StockOption {
  goodsId: number;
  styleNumber: string;
  goodsName: string;
  colour: string;
  sizes: StockSize[];
  lastCountedAt: string | null;
  lastReadAt: string | null;
}

export interface StockTotals {
  options: number;
  skus: number;
  erp: number;
  book: number;
  present: number;
  floor: number;
  room: number;
}

interface Row {
  sku_id: number;
  goods_id: number;
  style_number: string;
  goods_name: string;
  colour: string;
  size: string;
  sku_barcode: string;
  erp: number | null;
  book: number;
  present: number;
  floor: number;
  room: number;
  counted_at: Date | string | null;
  last_read: Date | string | null;
  opt: number;
}

const iso = (v: Date | string | null) => (v == null ? null : new Date(v).toISOString());

/**
 * One page of a site's options (`page` from 1), those whose style number, name or a SKU barcode
 * starts with `q` (the name: contains), with the site's totals.
 */
export async function stockOptions(
  tx: Tx,
  tenantId: number,
  siteId: number,
  erp: ErpStock,
  opts: { q?: string; page: number; pageSize: number },
): Promise<{ list: StockOption[]; total: number; totals: StockTotals }> {
  const erpSkus = erp ? [...erp.qty.keys()] : [];
  const q = opts.q?.trim();
  const like = q ? `${q.replace(/[\\%_]/g, '\\$&')}%` : null;
  const rows = await queryRows<Row>(
    tx,
    sql`with zones as (
          select id, zone_type from locations where tenant_id = ${tenantId} and (id = ${siteId} or site_id = ${siteId})),
        book as (
          select sku_id, on_hand, counted_at from stock_sku_locations where tenant_id = ${tenantId} and site_id = ${siteId} and zone_id = 0),
        live as (
          select t.sku_id, count(*)::int as present,
                 (count(*) filter (where z.zone_type = ${ZONE_TYPE.SALES_FLOOR}))::int as floor,
                 (count(*) filter (where z.zone_type = ${ZONE_TYPE.STOCK_ROOM}))::int as room,
                 max(s.last_seen_at) as last_read
            from rfid_epc_states s
            join zones z on z.id = s.presence_location_id
            join label_tags t on t.tenant_id = s.tenant_id and t.epc = s.epc
           where s.tenant_id = ${tenantId} and s.presence = 'present'
             and s.presence_location_id in (select id from zones)
           group by t.sku_id),
        erp as (
          select u.sku, u.qty from unnest(${pgNumArray(erpSkus)}::bigint[], ${pgNumArray(erpSkus.map((s) => erp?.qty.get(s) ?? 0))}::int[]) as u(sku, qty)),
        skus as (select sku_id from book union select sku_id from live union select sku from erp),
        picked as (
          select k.id::int as sku_id, k.goods_id::int, g.style_number, g.goods_name, k.colour, k.size, k.sku_barcode,
                 e.qty as erp, coalesce(b.on_hand, 0) as book, coalesce(l.present, 0) as present,
                 coalesce(l.floor, 0) as floor, coalesce(l.room, 0) as room, b.counted_at, l.last_read
            from skus
            join goods_skus k on k.tenant_id = ${tenantId} and k.id = skus.sku_id
            join goods g on g.tenant_id = ${tenantId} and g.id = k.goods_id
            left join book b on b.sku_id = k.id
            left join live l on l.sku_id = k.id
            left join erp e on e.sku = k.id
           where ${like ? sql`(upper(g.style_number) like upper(${like}) or upper(k.sku_barcode) like upper(${like}) or g.goods_name like ${`%${q!.replace(/[\\%_]/g, '\\$&')}%`})` : sql`true`}),
        ranked as (select *, dense_rank() over (order by style_number, colour, goods_id)::int as opt from picked)
        select * from ranked order by opt`,
  );
  const totals: StockTotals = { options: 0, skus: rows.length, erp: 0, book: 0, present: 0, floor: 0, room: 0 };
  for (const r of rows) {
    totals.options = Math.max(totals.options, r.opt);
    totals.erp += r.erp ?? 0;
    totals.book += r.book;
    totals.present += r.present;
    totals.floor += r.floor;
    totals.room += r.room;
  }
  const from = (opts.page - 1) * opts.pageSize;
  const options = new Map<number, StockOption>();
  for (const r of rows) {
    if (r.opt <= from || r.opt > from + opts.pageSize) continue;
    let o = options.get(r.opt);
    if (!o) {
      o = {
        goodsId: r.goods_id,
        styleNumber: r.style_number,
        goodsName: r.goods_name,
        colour: r.colour,
        sizes: [],
        lastCountedAt: null,
        lastReadAt: null,
      };
      options.set(r.opt, o);
    }
    o.sizes.push({
      skuId: r.sku_id,
      size: r.size,
      skuBarcode: r.sku_barcode,
      erp: r.erp,
      book: r.book,
      present: r.present,
      floor: r.floor,
      room: r.room,
    });
    const counted = iso(r.counted_at);
    const read = iso(r.last_read);
    if (counted && (!o.lastCountedAt || counted > o.lastCountedAt)) o.lastCountedAt = counted;
    if (read && (!o.lastReadAt || read > o.lastReadAt)) o.lastReadAt = read;
  }
  for (const o of options.values()) o.sizes.sort((a, b) => compareSizes(a.size, b.size));
  return { list: [...options.values()], total: totals.options, totals };
}

/** The EPCs of a SKU present at the site now, with their zone and last read (the drill-down), newest read first. */
export async function presentEpcs(
  tx: Tx,
  tenantId: number,
  siteId: number,
  skuId: number,
  limit: number,
): Promise<{ epc: string; zoneName: string; zoneType: number | null; lastSeenAt: string; presenceSince: string | null }[]> {
  const rows = await queryRows<{
    epc: string;
    zone_name: string;
    zone_type: number | null;
    last_seen_at: Date | string;
    presence_since: Date | string | null;
  }>(
    tx,
    sql`select s.epc, z.name as zone_name, z.zone_type, s.last_seen_at, s.presence_since
          from rfid_epc_states s
          join label_tags t on t.tenant_id = s.tenant_id and t.epc = s.epc and t.sku_id = ${skuId}
          join locations z on z.tenant_id = s.tenant_id and z.id = s.presence_location_id and (z.id = ${siteId} or z.site_id = ${siteId})
         where s.tenant_id = ${tenantId} and s.presence = 'present'
         order by s.last_seen_at desc limit ${limit}`,
  );
  return rows.map((r) => ({
    epc: r.epc,
    zoneName: r.zone_name,
    zoneType: r.zone_type,
    lastSeenAt: new Date(r.last_seen_at).toISOString(),
    presenceSince: iso(r.presence_since),
  }));
}
