/**
 * The book stock of each site (../shared/operations.md §9): per SKU and site (and per zone of it),
 * the last approved count plus what documents moved since — received, returned, sold, shipped,
 * adjusted. Documents post their movements here (a bill's review, a sale or a return at the till, a
 * shipment, an approved difference list); a count's approval resets the book of its scope. Every
 * movement is journalled (stock_moves) with the document that made it, in the caller's transaction.
 */
import { STOCK_MOVE_KIND, type StockMoveKind } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.js';
import { pgNumArray, pgTextArray } from '../rfid/state/fold-data.js';

export interface StockMove {
  siteId: number;
  /** the zone it moved in or out of (the stock room …), when known: its row moves too */
  zoneId?: number | null;
  skuId: number;
  kind: Exclude<StockMoveKind, 'COUNTED'>;
  /** pieces (≥ 0); for ADJUSTED the signed change */
  qty: number;
  /** when it moved (default now) */
  at?: Date;
  /** the document that moved it: its declaration's code and its code */
  docType?: string;
  docCode?: string;
}

/** The site's name and the SKU's barcode of a journal row, as they are now (`u.site`, `u.sku`). */
const names = (tenantId: number) => sql`left join locations l on l.tenant_id = ${tenantId} and l.id = u.site
          left join goods_skus k on k.tenant_id = ${tenantId} and k.id = u.sku`;

/** Rows a statement writes at most (arrays of unnest). */
const CHUNK = 5_000;

/** The signed change of the book a movement makes. */
const deltaOf = (m: StockMove) => (m.kind === 'SOLD' || m.kind === 'SHIPPED' ? -m.qty : m.qty);

const COLUMN: Record<StockMove['kind'], number> = { RECEIVED: 0, RETURNED: 1, SOLD: 2, SHIPPED: 3, ADJUSTED: 4 };

/**
 * Posts movements to the book (site rows, and zone rows where a zone is given) and to the journal,
 * a few statements whatever their number. A movement of 0 pieces is dropped; a negative quantity
 * (other than an adjustment's) is a caller's error.
 */
export async function postStockMoves(tx: Tx, tenantId: number, moves: readonly StockMove[]): Promise<void> {
  const real = moves.filter((m) => m.qty !== 0);
  for (const m of real)
    if (m.kind !== 'ADJUSTED' && (m.qty < 0 || !Number.isInteger(m.qty))) throw new Error(`a ${m.kind} movement of ${m.qty} pieces`);
  for (let i = 0; i < real.length; i += CHUNK) await postChunk(tx, tenantId, real.slice(i, i + CHUNK));
}

async function postChunk(tx: Tx, tenantId: number, moves: readonly StockMove[]): Promise<void> {
  // the rows a movement changes: its site's (zone 0), and its zone's
  const rows = new Map<string, { site: number; zone: number; sku: number; delta: number; by: number[] }>();
  const add = (site: number, zone: number, m: StockMove) => {
    const key = `${site} ${zone} ${m.skuId}`;
    const r = rows.get(key) ?? { site, zone, sku: m.skuId, delta: 0, by: [0, 0, 0, 0, 0] };
    rows.set(key, r);
    r.delta += deltaOf(m);
    r.by[COLUMN[m.kind]] += m.kind === 'ADJUSTED' ? m.qty : Math.abs(m.qty);
  };
  for (const m of moves) {
    add(m.siteId, 0, m);
    if (m.zoneId) add(m.siteId, m.zoneId, m);
  }
  const list = [...rows.values()];
  const col = (i: number) => pgNumArray(list.map((r) => r.by[i]));
  const after = await queryRows<{ site_id: string | number; zone_id: string | number; sku_id: string | number; on_hand: number }>(
    tx,
    sql`insert into stock_sku_locations as s
          (tenant_id, site_id, zone_id, sku_id, on_hand, received_since, returned_since, sold_since, shipped_since, adjusted_since)
        select ${tenantId}, u.site, u.zone, u.sku, u.delta, u.rec, u.ret, u.sold, u.ship, u.adj
          from unnest(${pgNumArray(list.map((r) => r.site))}::bigint[], ${pgNumArray(list.map((r) => r.zone))}::bigint[],
                      ${pgNumArray(list.map((r) => r.sku))}::bigint[], ${pgNumArray(list.map((r) => r.delta))}::int[],
                      ${col(0)}::int[], ${col(1)}::int[], ${col(2)}::int[], ${col(3)}::int[], ${col(4)}::int[])
               as u(site, zone, sku, delta, rec, ret, sold, ship, adj)
        on conflict (tenant_id, site_id, zone_id, sku_id) do update set
          on_hand = s.on_hand + excluded.on_hand,
          received_since = s.received_since + excluded.received_since,
          returned_since = s.returned_since + excluded.returned_since,
          sold_since = s.sold_since + excluded.sold_since,
          shipped_since = s.shipped_since + excluded.shipped_since,
          adjusted_since = s.adjusted_since + excluded.adjusted_since,
          updated_at = now()
        returning site_id, sku_id, on_hand, zone_id`,
  );
  const onHand = new Map(after.filter((r) => Number(r.zone_id) === 0).map((r) => [`${r.site_id} ${r.sku_id}`, r.on_hand]));
  const now = new Date();
  await tx.execute(
    sql`insert into stock_moves (tenant_id, created_at, site_id, site_name, zone_id, sku_id, sku_code, kind, qty, on_hand, doc_type, doc_code)
        select ${tenantId}, u.at, u.site, coalesce(l.name, ''), u.zone, u.sku, coalesce(k.sku_barcode, ''), u.kind, u.qty, u.on_hand, u.doc_type, u.doc_code
          from unnest(${pgTextArray(moves.map((m) => (m.at ?? now).toISOString()))}::timestamptz[],
                      ${pgNumArray(moves.map((m) => m.siteId))}::bigint[], ${pgNumArray(moves.map((m) => m.zoneId ?? 0))}::bigint[],
                      ${pgNumArray(moves.map((m) => m.skuId))}::bigint[], ${pgNumArray(moves.map((m) => STOCK_MOVE_KIND[m.kind]))}::smallint[],
                      ${pgNumArray(moves.map((m) => m.qty))}::int[], ${pgNumArray(moves.map((m) => onHand.get(`${m.siteId} ${m.skuId}`) ?? 0))}::int[],
                      ${pgTextArray(moves.map((m) => m.docType ?? ''))}::text[], ${pgTextArray(moves.map((m) => m.docCode ?? ''))}::text[])
               as u(at, site, zone, sku, kind, qty, on_hand, doc_type, doc_code)
          ${names(tenantId)}`,
  );
}

export interface CountReset {
  siteId: number;
  /** the zones counted (a cycle count of the stock room …); none: the whole site */
  zoneIds?: readonly number[];
  /** the SKUs in the count's scope: those not counted are reset to 0 (default: every SKU the scope holds or counted) */
  skuIds?: readonly number[];
  /** pieces counted per SKU (per zone with `zoneIds`: key `${zoneId} ${skuId}`, else the SKU id) */
  counted: ReadonlyMap<string | number, number>;
  /** when the count finished: movements journalled after it stay on top of the count */
  at: Date;
  docType?: string;
  docCode?: string;
}

/** A journalled movement's effect on the book (stock_moves' kind and qty): sold and shipped take, a count's line moves nothing. */
export const signedMoveQty = sql`case kind when ${STOCK_MOVE_KIND.SOLD} then -qty when ${STOCK_MOVE_KIND.SHIPPED} then -qty
  when ${STOCK_MOVE_KIND.COUNTED} then 0 else qty end`;

/**
 * A count approved: the book of its scope becomes what was counted at `at` plus the movements
 * journalled since (a sale after the count's end still counts). Zone counts reset their zones' rows,
 * and the site row by the same differences; a whole-site count resets the site row. Answers the SKUs
 * reset with the book before and after.
 */
export async function resetByCount(
  tx: Tx,
  tenantId: number,
  c: CountReset,
): Promise<{ skuId: number; zoneId: number; before: number; after: number }[]> {
  const zones = c.zoneIds?.length ? [...c.zoneIds] : [0];
  const held = await queryRows<{ zone_id: string | number; sku_id: string | number; on_hand: number }>(
    tx,
    sql`select zone_id, sku_id, on_hand from stock_sku_locations
         where tenant_id = ${tenantId} and site_id = ${c.siteId} and zone_id = any(${pgNumArray(zones)}::bigint[])`,
  );
  const key = (zone: number, sku: number) => (zones[0] === 0 ? sku : `${zone} ${sku}`);
  const before = new Map(held.map((r) => [`${r.zone_id} ${r.sku_id}`, r.on_hand]));
  const scope = new Set<string>();
  if (c.skuIds) for (const z of zones) for (const s of c.skuIds) scope.add(`${z} ${s}`);
  else {
    for (const r of held) scope.add(`${r.zone_id} ${r.sku_id}`);
    for (const k of c.counted.keys()) scope.add(zones[0] === 0 ? `0 ${k}` : String(k));
  }
  // what moved after the count finished, per zone and SKU (kept on top of the count)
  const since = await queryRows<{ zone_id: string | number; sku_id: string | number; delta: number }>(
    tx,
    sql`select ${zones[0] === 0 ? sql`0` : sql`zone_id`} as zone_id, sku_id,
               sum(${signedMoveQty})::int as delta
          from stock_moves
         where tenant_id = ${tenantId} and site_id = ${c.siteId} and created_at > ${c.at.toISOString()}
           ${zones[0] === 0 ? sql`` : sql`and zone_id = any(${pgNumArray(zones)}::bigint[])`}
         group by 1, 2`,
  );
  const later = new Map(since.map((r) => [`${r.zone_id} ${r.sku_id}`, r.delta]));
  const out: { skuId: number; zoneId: number; before: number; after: number }[] = [];
  for (const k of scope) {
    const [zone, sku] = k.split(' ').map(Number);
    const counted = c.counted.get(key(zone, sku)) ?? 0;
    out.push({ skuId: sku, zoneId: zone, before: before.get(k) ?? 0, after: counted + (later.get(k) ?? 0) });
  }
  if (!out.length) return out;
  // the rows reset (zone rows, or the site rows of a whole-site count), then a zone count's
  // differences carried to the site row
  const rows = [...out];
  if (zones[0] !== 0) {
    const bySku = new Map<number, number>();
    for (const r of out) bySku.set(r.skuId, (bySku.get(r.skuId) ?? 0) + r.after - r.before);
    await postAdjustedSite(tx, tenantId, c.siteId, bySku);
  }
  await tx.execute(
    sql`insert into stock_sku_locations as s (tenant_id, site_id, zone_id, sku_id, on_hand, counted_qty, counted_at)
        select ${tenantId}, ${c.siteId}, u.zone, u.sku, u.after, u.counted, ${c.at.toISOString()}::timestamptz
          from unnest(${pgNumArray(rows.map((r) => r.zoneId))}::bigint[], ${pgNumArray(rows.map((r) => r.skuId))}::bigint[],
                      ${pgNumArray(rows.map((r) => r.after))}::int[],
                      ${pgNumArray(rows.map((r) => c.counted.get(key(r.zoneId, r.skuId)) ?? 0))}::int[]) as u(zone, sku, after, counted)
        on conflict (tenant_id, site_id, zone_id, sku_id) do update set
          on_hand = excluded.on_hand, counted_qty = excluded.counted_qty, counted_at = excluded.counted_at,
          received_since = 0, returned_since = 0, sold_since = 0, shipped_since = 0,
          adjusted_since = excluded.on_hand - excluded.counted_qty, updated_at = now()`,
  );
  await tx.execute(
    sql`insert into stock_moves (tenant_id, created_at, site_id, site_name, zone_id, sku_id, sku_code, kind, qty, on_hand, doc_type, doc_code)
        select ${tenantId}, ${c.at.toISOString()}::timestamptz, ${c.siteId}, coalesce(l.name, ''), u.zone, u.sku, coalesce(k.sku_barcode, ''),
               ${STOCK_MOVE_KIND.COUNTED}, u.counted, u.after, ${c.docType ?? ''}, ${c.docCode ?? ''}
          from unnest(${pgNumArray(rows.map(() => c.siteId))}::bigint[], ${pgNumArray(rows.map((r) => r.zoneId))}::bigint[],
                      ${pgNumArray(rows.map((r) => r.skuId))}::bigint[],
                      ${pgNumArray(rows.map((r) => c.counted.get(key(r.zoneId, r.skuId)) ?? 0))}::int[],
                      ${pgNumArray(rows.map((r) => r.after))}::int[]) as u(site, zone, sku, counted, after)
          ${names(tenantId)}`,
  );
  return out;
}

/** A zone count's net change carried to its site's rows (an adjustment, not journalled again). */
async function postAdjustedSite(tx: Tx, tenantId: number, siteId: number, bySku: ReadonlyMap<number, number>) {
  const list = [...bySku].filter(([, d]) => d !== 0);
  if (!list.length) return;
  await tx.execute(
    sql`insert into stock_sku_locations as s (tenant_id, site_id, zone_id, sku_id, on_hand, adjusted_since)
        select ${tenantId}, ${siteId}, 0, u.sku, u.d, u.d
          from unnest(${pgNumArray(list.map(([s]) => s))}::bigint[], ${pgNumArray(list.map(([, d]) => d))}::int[]) as u(sku, d)
        on conflict (tenant_id, site_id, zone_id, sku_id) do update set
          on_hand = s.on_hand + excluded.on_hand, adjusted_since = s.adjusted_since + excluded.adjusted_since, updated_at = now()`,
  );
}

/** The book stock of a site per SKU (site rows), of some SKUs or all it holds. */
export async function onHandOf(tx: Tx, tenantId: number, siteId: number, skuIds?: readonly number[]): Promise<Map<number, number>> {
  const rows = await queryRows<{ sku_id: string | number; on_hand: number }>(
    tx,
    sql`select sku_id, on_hand from stock_sku_locations
         where tenant_id = ${tenantId} and site_id = ${siteId} and zone_id = 0
           ${skuIds ? sql`and sku_id = any(${pgNumArray([...skuIds])}::bigint[])` : sql``}`,
  );
  return new Map(rows.map((r) => [Number(r.sku_id), r.on_hand]));
}
