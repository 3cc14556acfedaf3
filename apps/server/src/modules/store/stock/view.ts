/**
 * "What is here now" (store/inventory → Stock, ../shared/operations.md §9): a site's goods per
 * option (style and colour), sizes across, each with three numbers side by side — the ERP's stock
 * (its last import), the RFID book (the ledger: last count plus documents since) and the tags
 * present now by the readers, split sales floor / stock room — with when it was last counted and
 * last read. One statement over the site's book and its present tags per place and SKU (the stock
 * module's stock_present_skus, kept by the presence tally): a page of options and the site's totals.
 */
import { compareSizes, ZONE_TYPE } from '@tagloom/domain';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.js';

/** The ERP's stock of a site: its time, its reference and its lines (`sku_id`, `qty`: a subquery; null: never imported). */
export type ErpStock = { at: Date; ref: string; lines: SQL } | null;

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
  /** null: the totals' row of an empty page */
  opt: number | null;
  /** the site's totals (every row carries them) */
  n_opt: number;
  n_sku: number;
  t_erp: number;
  t_book: number;
  t_present: number;
  t_floor: number;
  t_room: number;
}

const iso = (v: Date | string | null) => (v == null ? null : new Date(v).toISOString());

export interface StockQuery {
  q?: string;
  page: number;
  pageSize: number;
}

/**
 * The statement of stockOptions (the benchmark explains it). Narrow rows first: the site's numbers
 * per SKU (book, present per zone type, ERP: integers, one pass each), keyed by option (goods and
 * colour), the options ranked by style number — then the page's SKUs only get their names, sizes
 * and barcodes. Every row carries the totals (a row comes even when the page is empty).
 */
export function stockOptionsQuery(tenantId: number, siteId: number, erp: ErpStock, opts: StockQuery) {
  const q = opts.q?.trim();
  const esc = (v: string) => v.replace(/[\\%_]/g, '\\$&');
  const from = (opts.page - 1) * opts.pageSize;
  return sql`with zones as (
          select id, zone_type from locations where tenant_id = ${tenantId} and (id = ${siteId} or site_id = ${siteId})),
        nums as (
          select sku_id, sum(erp)::int as erp, bool_or(in_erp) as in_erp, sum(book)::int as book, max(counted_at) as counted_at,
                 sum(present)::int as present, sum(floor)::int as floor, sum(room)::int as room, max(last_read) as last_read
            from (
              select sku_id, 0 as erp, false as in_erp, on_hand as book, counted_at, 0 as present, 0 as floor, 0 as room,
                     null::timestamptz as last_read
                from stock_sku_locations where tenant_id = ${tenantId} and site_id = ${siteId} and zone_id = 0
              union all
              select c.sku_id, 0, false, 0, null, c.present,
                     case when z.zone_type = ${ZONE_TYPE.SALES_FLOOR} then c.present else 0 end,
                     case when z.zone_type = ${ZONE_TYPE.STOCK_ROOM} then c.present else 0 end, c.last_read
                from stock_present_skus c join zones z on z.id = c.location_id
               where c.tenant_id = ${tenantId} and c.location_id = any(array(select id from zones)) and c.present > 0
              ${erp ? sql`union all select e.sku_id, e.qty, true, 0, null, 0, 0, 0, null from (${erp.lines}) e` : sql``}
            ) x
           group by sku_id),
        keyed as (
          select n.*, k.goods_id, k.colour
            from nums n
            join goods_skus k on k.tenant_id = ${tenantId} and k.id = n.sku_id
            ${
              q
                ? sql`join goods g on g.tenant_id = ${tenantId} and g.id = k.goods_id
           where upper(g.style_number) like upper(${`${esc(q)}%`}) or upper(k.sku_barcode) like upper(${`${esc(q)}%`})
              or g.goods_name like ${`%${esc(q)}%`}`
                : sql``
            }),
        options as (
          select o.goods_id, o.colour, row_number() over (order by g.style_number, o.colour, o.goods_id)::int as opt
            from (select distinct goods_id, colour from keyed) o
            join goods g on g.tenant_id = ${tenantId} and g.id = o.goods_id),
        totals as (
          select (select count(*) from options)::int as n_opt, count(*)::int as n_sku,
                 coalesce(sum(erp), 0)::int as t_erp, coalesce(sum(book), 0)::int as t_book, coalesce(sum(present), 0)::int as t_present,
                 coalesce(sum(floor), 0)::int as t_floor, coalesce(sum(room), 0)::int as t_room
            from keyed),
        page as (
          select o.opt, k.id::int as sku_id, k.goods_id::int, g.style_number, g.goods_name, k.colour, k.size, k.sku_barcode,
                 case when n.in_erp then n.erp end as erp, n.book, n.present, n.floor, n.room, n.counted_at, n.last_read
            from options o
            join keyed n on n.goods_id = o.goods_id and n.colour = o.colour
            join goods_skus k on k.tenant_id = ${tenantId} and k.id = n.sku_id
            join goods g on g.tenant_id = ${tenantId} and g.id = o.goods_id
           where o.opt > ${from} and o.opt <= ${from + opts.pageSize})
        select t.*, p.* from totals t left join page p on true order by p.opt`;
}

/**
 * One page of a site's options (`page` from 1), those whose style number, name or a SKU barcode
 * starts with `q` (the name: contains), with the site's totals.
 */
export async function stockOptions(
  tx: Tx,
  tenantId: number,
  siteId: number,
  erp: ErpStock,
  opts: StockQuery,
): Promise<{ list: StockOption[]; total: number; totals: StockTotals }> {
  const rows = await queryRows<Row>(tx, stockOptionsQuery(tenantId, siteId, erp, opts));
  const t = rows[0];
  const totals: StockTotals = t
    ? { options: t.n_opt, skus: t.n_sku, erp: t.t_erp, book: t.t_book, present: t.t_present, floor: t.t_floor, room: t.t_room }
    : { options: 0, skus: 0, erp: 0, book: 0, present: 0, floor: 0, room: 0 };
  const options = new Map<number, StockOption>();
  for (const r of rows) {
    // (the totals' row of an empty page)
    if (r.opt === null) continue;
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
