/**
 * Refill (store/inventory → Refill, ../shared/operations.md §9, Nedap's refill semantics): the
 * options (style and colour) shown on the sales floor with a size missing there that the stock room
 * holds — how many to bring of each size (up to the floor's target, 1 a size), ordered by sizes
 * missing × the option's sales of the last 7 days — and the floor's on-shelf availability (OSA): the
 * options with stock at the site whose every stocked size is on the floor. "Start refill" makes a
 * task; it closes by itself as the readers see the pieces arrive on the floor (a presence listener),
 * each piece brought recorded as a `stocking` / `sellable_accessible` event.
 */
import { compareSizes, STOCK_MOVE_KIND, ZONE_TYPE } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.js';
import { recordTagEventChunks } from '../../label/tags/store.js';
import type { PresenceChange } from '../../rfid/state/fold.js';
import { pgNumArray, pgTextArray } from '../../rfid/state/fold-data.js';
import { presenceListeners } from '../../rfid/state/listeners.js';

/** Pieces of each size the floor should show (operations.md: floorMin per category, default 1). */
export const FLOOR_TARGET = 1;
const DAY_MS = 86_400_000;

export interface RefillSize {
  skuId: number;
  size: string;
  floor: number;
  room: number;
  /** pieces to bring from the stock room */
  move: number;
}
export interface RefillOption {
  goodsId: number;
  styleNumber: string;
  goodsName: string;
  colour: string;
  sizes: RefillSize[];
  /** sizes missing on the floor that the room can fill */
  missing: number;
  /** pieces sold in the last 7 days */
  sold7d: number;
  priority: number;
  pieces: number;
}
export interface RefillList {
  /** false: the site has no sales floor and stock room zones (nothing to say) */
  zoned: boolean;
  /** on-shelf availability now, 0–1 (null: no option in stock) */
  osa: number | null;
  /** OSA once the list is done */
  osaAfter: number | null;
  optionsInStock: number;
  /** options to refill, and the pieces to bring for them all (the list is one page of them) */
  total: number;
  pieces: number;
  list: RefillOption[];
}

/** A page of the refill list (1-based). */
export interface RefillPage {
  page: number;
  pageSize: number;
}

interface Row {
  n_opt: number;
  n_full: number;
  n_full_after: number;
  n_refill: number;
  n_pieces: number;
  goods_id: number | null;
  style_number: string;
  goods_name: string;
  colour: string;
  missing: number;
  pieces: number;
  sold: number;
  priority: number;
  sku_id: number;
  size: string;
  floor: number;
  room: number;
  move: number;
}

/**
 * The site's floor and stock room now, per SKU, as SQL (CTEs `sized` — a SKU's pieces on the floor
 * and in the room and the move of its size, up to the floor's target — and `opts` — per option
 * whether it is on the floor, full now, full after, its sizes missing and pieces to bring), or null
 * when the site has no sales floor and stock room zones.
 */
async function floorAndRoom(tx: Tx, tenantId: number, siteId: number) {
  const zones = await queryRows<{ id: number; zone_type: number }>(
    tx,
    sql`select id::int, zone_type from locations where tenant_id = ${tenantId} and site_id = ${siteId}
          and zone_type in (${ZONE_TYPE.SALES_FLOOR}, ${ZONE_TYPE.STOCK_ROOM})`,
  );
  const floorZones = zones.filter((z) => z.zone_type === ZONE_TYPE.SALES_FLOOR).map((z) => z.id);
  const roomZones = zones.filter((z) => z.zone_type === ZONE_TYPE.STOCK_ROOM).map((z) => z.id);
  if (!floorZones.length || !roomZones.length) return null;
  const floorIds = sql`${pgNumArray(floorZones)}::bigint[]`;
  return sql`live as (
          select c.sku_id,
                 coalesce(sum(c.present) filter (where c.location_id = any(${floorIds})), 0)::int as floor,
                 coalesce(sum(c.present) filter (where c.location_id <> all(${floorIds})), 0)::int as room
            from stock_present_skus c
           where c.tenant_id = ${tenantId} and c.present > 0
             and c.location_id = any(${pgNumArray([...floorZones, ...roomZones])}::bigint[])
           group by c.sku_id),
        sized as (
          select l.*, k.goods_id, k.colour,
                 case when l.floor < ${FLOOR_TARGET} then least(l.room, ${FLOOR_TARGET} - l.floor) else 0 end as move
            from live l join goods_skus k on k.tenant_id = ${tenantId} and k.id = l.sku_id),
        opts as (
          select goods_id, colour, bool_or(floor > 0) as on_floor, bool_and(floor >= ${FLOOR_TARGET}) as is_full,
                 bool_and(floor + move >= ${FLOOR_TARGET}) as full_after, count(*) filter (where move > 0) as missing,
                 sum(move)::int as pieces
            from sized group by goods_id, colour)`;
}

/**
 * The site's floor now as on-shelf availability's terms: the options with stock at the site and
 * those whose every stocked size is on the floor (null: the site has no sales floor and stock room).
 */
export async function osaNow(tx: Tx, tenantId: number, siteId: number): Promise<{ options: number; full: number } | null> {
  const base = await floorAndRoom(tx, tenantId, siteId);
  if (!base) return null;
  const [f] = await queryRows<{ options: number; full: number }>(
    tx,
    sql`with ${base} select count(*)::int as options, (count(*) filter (where is_full))::int as full from opts`,
  );
  return { options: f?.options ?? 0, full: f?.full ?? 0 };
}

/**
 * The site's refill list now: its figures (OSA now and after, the options in stock, the options to
 * refill and their pieces) and one page of the options to refill, the most urgent first (sizes
 * missing × (the option's pieces sold in the last 7 days + 1), then style and colour) — ranked and
 * cut in SQL, so a store of thousands of options answers one page's rows.
 */
export async function refillList(
  tx: Tx,
  tenantId: number,
  siteId: number,
  page: RefillPage = { page: 1, pageSize: 20 },
): Promise<RefillList> {
  const base = await floorAndRoom(tx, tenantId, siteId);
  if (!base) return { zoned: false, osa: null, osaAfter: null, optionsInStock: 0, total: 0, pieces: 0, list: [] };
  const rows = await queryRows<Row>(
    tx,
    sql`with ${base},
        figures as (
          select count(*)::int as n_opt, (count(*) filter (where is_full))::int as n_full,
                 (count(*) filter (where full_after))::int as n_full_after,
                 (count(*) filter (where on_floor and missing > 0))::int as n_refill,
                 coalesce(sum(pieces) filter (where on_floor and missing > 0), 0)::int as n_pieces
            from opts),
        wanted as (select goods_id, colour, missing::int, pieces from opts where on_floor and missing > 0),
        sold as (
          select k.goods_id, k.colour, sum(m.qty)::int as sold
            from stock_moves m join goods_skus k on k.tenant_id = m.tenant_id and k.id = m.sku_id
           where m.tenant_id = ${tenantId} and m.site_id = ${siteId} and m.kind = ${STOCK_MOVE_KIND.SOLD}
             and m.created_at >= ${new Date(Date.now() - 7 * DAY_MS).toISOString()}
             and m.sku_id in (select s.sku_id from sized s join wanted w on w.goods_id = s.goods_id and w.colour = s.colour)
           group by 1, 2),
        ranked as (
          select w.*, coalesce(so.sold, 0) as sold, w.missing * (coalesce(so.sold, 0) + 1) as priority,
                 g.style_number, g.goods_name
            from wanted w
            join goods g on g.tenant_id = ${tenantId} and g.id = w.goods_id
            left join sold so on so.goods_id = w.goods_id and so.colour = w.colour
           order by priority desc, g.style_number, w.colour, w.goods_id
           limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize})
        select f.*, r.goods_id::int, r.style_number, r.goods_name, r.colour, r.missing, r.pieces, r.sold, r.priority,
               s.sku_id::int, k.size, s.floor, s.room, s.move
          from figures f
          left join ranked r on true
          left join sized s on s.goods_id = r.goods_id and s.colour = r.colour
          left join goods_skus k on k.tenant_id = ${tenantId} and k.id = s.sku_id
         order by r.priority desc, r.style_number, r.colour, r.goods_id`,
  );
  const options = new Map<string, RefillOption>();
  for (const r of rows) {
    // (the figures' row when nothing is to refill on this page)
    if (r.goods_id === null) continue;
    const key = `${r.goods_id} ${r.colour}`;
    let o = options.get(key);
    if (!o) {
      o = {
        goodsId: r.goods_id,
        styleNumber: r.style_number,
        goodsName: r.goods_name,
        colour: r.colour,
        sizes: [],
        missing: r.missing,
        sold7d: r.sold,
        priority: r.priority,
        pieces: r.pieces,
      };
      options.set(key, o);
    }
    o.sizes.push({ skuId: r.sku_id, size: r.size, floor: r.floor, room: r.room, move: r.move });
  }
  const list = [...options.values()];
  for (const o of list) o.sizes.sort((a, b) => compareSizes(a.size, b.size));
  const f = rows[0];
  const share = (n: number) => (f?.n_opt ? n / f.n_opt : null);
  return {
    zoned: true,
    osa: share(f?.n_full ?? 0),
    osaAfter: share(f?.n_full_after ?? 0),
    optionsInStock: f?.n_opt ?? 0,
    total: f?.n_refill ?? 0,
    pieces: f?.n_pieces ?? 0,
    list,
  };
}

/** Every piece the site's refill list would bring, per SKU (the whole list: "Start refill" without lines). */
export async function refillMoves(tx: Tx, tenantId: number, siteId: number): Promise<{ skuId: number; qty: number }[]> {
  const base = await floorAndRoom(tx, tenantId, siteId);
  if (!base) return [];
  return queryRows<{ skuId: number; qty: number }>(
    tx,
    sql`with ${base}
        select s.sku_id::int as "skuId", s.move::int as qty
          from sized s join opts o on o.goods_id = s.goods_id and o.colour = s.colour
         where o.on_floor and s.move > 0
         order by s.sku_id`,
  );
}

export const REFILL_STATUS = { OPEN: 1, DONE: 2, CANCELLED: 9 } as const;

/** A refill task started from the list (its lines: the pieces to bring per SKU). Answers its id and code. */
export async function startRefill(
  tx: Tx,
  tenantId: number,
  siteId: number,
  lines: readonly { skuId: number; qty: number }[],
  by: { userId: number | null; username: string },
): Promise<{ id: number; code: string; pieces: number }> {
  const wanted = lines.filter((l) => l.qty > 0);
  const pieces = wanted.reduce((a, l) => a + l.qty, 0);
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const [made] = await queryRows<{ id: number; code: string }>(
    tx,
    sql`insert into stock_refill_tasks (tenant_id, site_id, code, status, lines, pieces, moved, created_by, created_by_name)
        values (${tenantId}, ${siteId}, ${`RF${stamp}`}, ${REFILL_STATUS.OPEN},
                ${JSON.stringify(wanted.map((l) => ({ skuId: l.skuId, qty: l.qty, moved: 0 })))}::jsonb, ${pieces}, 0, ${by.userId}, ${by.username})
        returning id::int, code`,
  );
  return { ...made, pieces };
}

interface TaskRow {
  id: number;
  site_id: number;
  lines: { skuId: number; qty: number; moved: number }[];
  pieces: number;
  moved: number;
}

/**
 * Pieces arriving on a sales floor (arrived or moved there) count against the open refill tasks of
 * their store that ask for their SKU, oldest task first; a task whose every line is brought is done.
 * The pieces counted are recorded as stocked on the floor (sellable_accessible).
 */
export async function refillByReads(tx: Tx, tenantId: number, changes: readonly PresenceChange[]): Promise<void> {
  const arrivals = changes.filter((c) => (c.kind === 'arrived' || c.kind === 'moved') && c.locationId != null);
  if (!arrivals.length) return;
  const floors = await queryRows<{ id: number; site_id: number }>(
    tx,
    sql`select id::int, site_id::int from locations where tenant_id = ${tenantId} and zone_type = ${ZONE_TYPE.SALES_FLOOR}
          and id = any(${pgNumArray([...new Set(arrivals.map((c) => c.locationId!))])}::bigint[])`,
  );
  if (!floors.length) return;
  const siteOf = new Map(floors.map((f) => [f.id, f.site_id]));
  const onFloor = arrivals.filter((c) => siteOf.has(c.locationId!));
  const tasks = await queryRows<TaskRow>(
    tx,
    sql`select id::int, site_id::int, lines, pieces, moved from stock_refill_tasks
         where tenant_id = ${tenantId} and status = ${REFILL_STATUS.OPEN}
           and site_id = any(${pgNumArray([...new Set(siteOf.values())])}::bigint[])
         order by id for update`,
  );
  if (!tasks.length) return;
  const skus = await queryRows<{ epc: string; sku_id: number }>(
    tx,
    sql`select epc, sku_id::int from label_tags where tenant_id = ${tenantId} and epc = any(${pgTextArray(onFloor.map((c) => c.epc))}::text[])`,
  );
  const skuOf = new Map(skus.map((s) => [s.epc, s.sku_id]));
  const brought = new Map<number, { zone: number; epcs: string[] }>();
  for (const c of onFloor) {
    const sku = skuOf.get(c.epc);
    const site = siteOf.get(c.locationId!);
    const task = tasks.find((t) => t.site_id === site && t.lines.some((l) => l.skuId === sku && l.moved < l.qty));
    if (!task || sku === undefined) continue;
    const line = task.lines.find((l) => l.skuId === sku && l.moved < l.qty)!;
    line.moved++;
    task.moved++;
    const b = brought.get(task.id) ?? { zone: c.locationId!, epcs: [] };
    b.epcs.push(c.epc);
    brought.set(task.id, b);
  }
  for (const task of tasks) {
    const b = brought.get(task.id);
    if (!b) continue;
    const done = task.lines.every((l) => l.moved >= l.qty);
    await tx.execute(
      sql`update stock_refill_tasks set lines = ${JSON.stringify(task.lines)}::jsonb, moved = ${task.moved},
             status = ${done ? REFILL_STATUS.DONE : REFILL_STATUS.OPEN}, done_at = ${done ? sql`now()` : sql`null`}, updated_at = now()
           where tenant_id = ${tenantId} and id = ${task.id}`,
    );
    await recordTagEventChunks(tx, {
      tenantId,
      source: 'store/refill',
      locationId: b.zone,
      action: 'OBSERVE',
      bizStep: 'stocking',
      disposition: 'sellable_accessible',
      epcs: b.epcs,
    });
  }
}

/** The refill tasks of a site, newest first. */
export async function refillTasks(tx: Tx, tenantId: number, siteId: number, limit = 50) {
  const rows = await queryRows<{
    id: number;
    code: string;
    status: number;
    pieces: number;
    moved: number;
    created_by_name: string;
    created_at: Date | string;
    done_at: Date | string | null;
  }>(
    tx,
    sql`select id::int, code, status, pieces, moved, created_by_name, created_at, done_at from stock_refill_tasks
         where tenant_id = ${tenantId} and site_id = ${siteId} order by id desc limit ${limit}`,
  );
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    status: r.status,
    pieces: r.pieces,
    moved: r.moved,
    createdBy: r.created_by_name,
    createdAt: new Date(r.created_at).toISOString(),
    doneAt: r.done_at == null ? null : new Date(r.done_at).toISOString(),
  }));
}

/** Registers the listener that closes refill tasks as their pieces reach the floor (once, at import). */
export const refillOnReads = () => presenceListeners.on((tx, tenantId, changes) => refillByReads(tx, tenantId, changes));
