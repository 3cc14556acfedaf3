/**
 * The fitting-room reports' figures (operations.md §8, smart-store/top, trend, turnover,
 * statistics): sums over the daily rollups (fr_sku_daily per day, store and SKU; fr_store_hourly per
 * day, store and local hour; fr_store_daily per day and store) of a range of days and of the stores a
 * session shows — the whole tenant's from the rollups without the store (fr_sku_period per ISO week or
 * day and SKU, fr_tenant_hourly) —, one statement a figure; every measure by fittingMeasures (never a
 * formula of its own).
 *
 * - top: styles or SKUs ranked by tries, by tried-not-bought, or by conversion (bought / tried) among
 *   those tried at least `minTries` times; a style's sessions are its SKUs' summed (a session with
 *   two sizes of a style counts twice);
 * - trend: a day's or an ISO week's sessions, tries and conversions, and the sessions by weekday and
 *   local hour of their start;
 * - turnover: the funnel garments → tried → bought (and swapped for another size), per store and per
 *   category (the goods' big type);
 * - statistics: per store, sessions a day, mean dwell, garments a session, cabin occupancy (Σ dwell /
 *   cabins × open seconds × days) and conversions.
 */

import type {
  FittingFunnel,
  FittingHeatCell,
  FittingStatisticsRow,
  FittingStore,
  FittingStoreRules,
  FittingTopBy,
  FittingTopLevel,
  FittingTopRow,
  FittingTrendPeriod,
  FittingTrendRow,
  FittingTurnoverCategoryRow,
  FittingTurnoverStoreRow,
} from '@tagloom/domain/resources/smart-store/report-wire.js';
import { type FittingTotals, fittingMeasures } from '@tagloom/domain/rfid/fitting.js';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.js';
import { addDays, periodOf } from '../../store/reports/aggregate.js';
import { skuFacts, styleFacts } from '../../tenant/goods/service.js';

/** What a report covers: the tenant, its days (inclusive) and the stores shown (null: every store of the tenant). */
export interface FittingScope {
  tenantId: number;
  from: string;
  to: string;
  /** the tenant's today: a range's days after it are not counted as open days */
  today: string;
  stores: readonly number[] | null;
}

/** Sums of the rollups, as FittingTotals wants them. */
export interface Sums {
  sessions: number;
  sessionsBought: number;
  items: number;
  tries: number;
  bought: number;
  swapped: number;
  dwellSumS: number;
}
export const ZERO: Sums = { sessions: 0, sessionsBought: 0, items: 0, tries: 0, bought: 0, swapped: 0, dwellSumS: 0 };

/** FittingTotals of sums (cabins and open time: occupancy's, 0 when not asked). */
const totals = (s: Sums, cabins = 0, openSeconds = 0): FittingTotals => ({
  sessions: s.sessions,
  items: s.items,
  tried: s.tries,
  bought: s.bought,
  swapped: s.swapped,
  sessionsWithPurchase: s.sessionsBought,
  dwellSumS: s.dwellSumS,
  cabins,
  openSeconds,
});

/** The measures of sums (fittingMeasures; no occupancy). */
export const measuresOf = (t: Sums) => fittingMeasures(totals(t));

/** Stores at most for which a scope names its days one by one (an index probe a day and store, not a scan of every store's days). */
const PROBED_STORES = 20;

/**
 * The rows of a rollup this scope reads. Both rollups' keys begin (tenant, day, store): every store
 * reads the days' range; a few stores name each day, so that the key finds their rows directly.
 */
function where(alias: 'd' | 'h', s: FittingScope): SQL {
  const a = sql.raw(alias);
  if (!s.stores) return sql`${a}.tenant_id = ${s.tenantId} and ${a}.day >= ${s.from}::date and ${a}.day <= ${s.to}::date`;
  if (!s.stores.length) return sql`false`;
  const stores = sql`${a}.store_id in (${sql.join(
    s.stores.map((id) => sql`${id}`),
    sql`, `,
  )})`;
  if (s.stores.length > PROBED_STORES)
    return sql`${a}.tenant_id = ${s.tenantId} and ${a}.day >= ${s.from}::date and ${a}.day <= ${s.to}::date and ${stores}`;
  const days = periodsOf(s.from, s.to, 'day');
  return sql`${a}.tenant_id = ${s.tenantId} and ${a}.day in (${sql.join(
    days.map((d) => sql`${d}::date`),
    sql`, `,
  )}) and ${stores}`;
}

/**
 * The per-SKU rows a scope reads, as `d`: the whole tenant (no store named) reads fr_sku_period —
 * the ISO weeks the range holds whole (grain 7) and its days outside them (grain 1), a few thousand
 * rows a week instead of every store's —; stores named read fr_sku_daily.
 */
function skuRows(s: FittingScope): SQL {
  if (s.stores) return sql`fr_sku_daily d where ${where('d', s)}`;
  const weeks = periodsOf(s.from, s.to, 'week').filter((w) => w >= s.from && addDays(w, 6) <= s.to);
  const first = weeks[0];
  const last = weeks.length ? addDays(weeks[weeks.length - 1], 6) : undefined;
  const days = periodsOf(s.from, s.to, 'day').filter((d) => !first || !last || d < first || d > last);
  const parts: SQL[] = [];
  if (first) parts.push(sql`(d.grain = 7 and d.day >= ${first}::date and d.day <= ${weeks[weeks.length - 1]}::date)`);
  if (days.length)
    parts.push(
      sql`(d.grain = 1 and d.day in (${sql.join(
        days.map((x) => sql`${x}::date`),
        sql`, `,
      )}))`,
    );
  return sql`fr_sku_period d where d.tenant_id = ${s.tenantId} and (${sql.join(parts, sql` or `)})`;
}

/** The hourly rollup's sums, as the select list of a statement over `h`. */
const HOURLY_SUMS = sql`sum(h.sessions)::int as sessions, sum(h.sessions_bought)::int as "sessionsBought", sum(h.items)::int as items,
  sum(h.tries)::int as tries, sum(h.bought)::int as bought, sum(h.swapped)::int as swapped, sum(h.dwell_sum_s)::float8 as "dwellSumS"`;

/** Numbers of a row as numbers (the drivers may give bigints as strings). */
const sums = (r: Partial<Record<keyof Sums, unknown>>): Sums => ({
  sessions: Number(r.sessions ?? 0),
  sessionsBought: Number(r.sessionsBought ?? 0),
  items: Number(r.items ?? 0),
  tries: Number(r.tries ?? 0),
  bought: Number(r.bought ?? 0),
  swapped: Number(r.swapped ?? 0),
  dwellSumS: Number(r.dwellSumS ?? 0),
});

/** The ranking's order: its metric first, then more tries, then the lower id (a total order). */
function rankOrder(by: FittingTopBy, level: FittingTopLevel): SQL {
  const ids = level === 'sku' ? sql`d.style_id, d.sku_id` : sql`d.style_id`;
  if (by === 'tries') return sql`sum(d.tries) desc, sum(d.sessions) desc, ${ids}`;
  if (by === 'triedNotBought') return sql`sum(d.tries) - sum(d.bought) desc, sum(d.tries) desc, ${ids}`;
  return sql`sum(d.bought)::float8 / nullif(sum(d.tries), 0) desc nulls last, sum(d.tries) desc, ${ids}`;
}

/** smart-store/top: the first `n` styles (or SKUs) by the ranking; conversion ranks only those tried ≥ minTries times. */
export async function topRows(
  db: Tx,
  s: FittingScope,
  o: { by: FittingTopBy; level: FittingTopLevel; n: number; minTries: number },
): Promise<FittingTopRow[]> {
  const sku = o.level === 'sku';
  const rows = await queryRows<{ styleId: number; skuId: number | null; sessions: number; tries: number; bought: number }>(
    db,
    sql`select d.style_id::int as "styleId", ${sku ? sql`d.sku_id::int` : sql`null::int`} as "skuId",
               sum(d.sessions)::int as sessions, sum(d.tries)::int as tries, sum(d.bought)::int as bought
          from ${skuRows(s)}
         group by d.style_id${sku ? sql`, d.sku_id` : sql``}
        ${o.by === 'conversion' ? sql`having sum(d.tries) >= ${o.minTries}` : sql``}
         order by ${rankOrder(o.by, o.level)}
         limit ${o.n}`,
  );
  const styles = await styleFacts(
    db,
    s.tenantId,
    rows.map((r) => Number(r.styleId)),
  );
  const skus = sku
    ? await skuFacts(
        db,
        s.tenantId,
        rows.map((r) => Number(r.skuId)),
      )
    : new Map();
  return rows.map((r, k) => {
    const t = sums(r);
    const m = fittingMeasures(totals(t));
    const style = styles.get(Number(r.styleId));
    const one = r.skuId == null ? undefined : skus.get(Number(r.skuId));
    return {
      rank: k + 1,
      styleId: Number(r.styleId),
      styleNumber: style?.styleNumber ?? one?.styleNumber ?? '',
      goodsName: style?.goodsName ?? one?.goodsName ?? '',
      skuId: r.skuId == null ? null : Number(r.skuId),
      skuBarcode: one?.skuBarcode ?? '',
      colour: one?.colour ?? '',
      size: one?.size ?? '',
      sessions: t.sessions,
      tries: m.tryOns,
      bought: t.bought,
      triedNotBought: m.triedNotBought,
      conversion: m.itemConversion,
    };
  });
}

/** The days, or the ISO weeks (their Mondays), of a range, oldest first. */
export function periodsOf(from: string, to: string, period: FittingTrendPeriod): string[] {
  const out: string[] = [];
  const step = period === 'week' ? 7 : 1;
  for (let p = period === 'week' ? periodOf(from, 'week') : from; p <= to; p = addDays(p, step)) out.push(p);
  return out;
}

/**
 * smart-store/trend, one pass over the hourly rollup (a row a day and hour of the scope's stores):
 * each day (or ISO week) of the range, zeros where nothing was rolled up — none when nothing was at
 * all —, and the sessions by weekday (1 Monday … 7 Sunday) and local hour of their start (the cells
 * that have any).
 */
export async function trendOf(
  db: Tx,
  s: FittingScope,
  period: FittingTrendPeriod,
): Promise<{ rows: FittingTrendRow[]; heat: FittingHeatCell[] }> {
  const cells = await queryRows<Partial<Record<keyof Sums, unknown>> & { day: string; weekday: number; hour: number }>(
    db,
    sql`select to_char(h.day, 'YYYY-MM-DD') as day, extract(isodow from h.day)::int as weekday, h.hour::int as hour, ${HOURLY_SUMS}
          from ${s.stores ? sql`fr_store_hourly h where ${where('h', s)}` : sql`fr_tenant_hourly h where ${where('h', s)}`}
         group by h.day, h.hour`,
  );
  if (!cells.length) return { rows: [], heat: [] };
  const byPeriod = new Map<string, Sums>();
  const heat = new Map<number, number>();
  for (const c of cells) {
    const t = sums(c);
    const p = period === 'week' ? periodOf(c.day, 'week') : c.day;
    byPeriod.set(p, addSums(byPeriod.get(p) ?? ZERO, t));
    const cell = Number(c.weekday) * 100 + Number(c.hour);
    heat.set(cell, (heat.get(cell) ?? 0) + t.sessions);
  }
  const rows = periodsOf(s.from, s.to, period).map((p) => {
    const t = byPeriod.get(p) ?? ZERO;
    const m = fittingMeasures(totals(t));
    return {
      period: p,
      sessions: t.sessions,
      items: t.items,
      tries: m.tryOns,
      bought: t.bought,
      sessionsBought: t.sessionsBought,
      itemConversion: m.itemConversion,
      sessionConversion: m.sessionConversion,
      avgDwellS: m.avgDwellS,
    };
  });
  return {
    rows,
    heat: [...heat.entries()]
      .filter(([, n]) => n > 0)
      .sort(([x], [y]) => x - y)
      .map(([cell, sessions]) => ({ weekday: Math.floor(cell / 100), hour: cell % 100, sessions })),
  };
}

/** The daily rollup (fr_store_daily: a store's hours summed) summed per store of the scope, by store id. */
export async function storeSums(db: Tx, s: FittingScope): Promise<Map<number, Sums>> {
  const rows = await queryRows<Partial<Record<keyof Sums, unknown>> & { storeId: number }>(
    db,
    sql`select h.store_id::int as "storeId", ${HOURLY_SUMS} from fr_store_daily h where ${where('h', s)} group by h.store_id`,
  );
  return new Map(rows.map((r) => [Number(r.storeId), sums(r)]));
}

/** A funnel's figures of sums. */
export function funnelOf(t: Sums): FittingFunnel {
  const m = fittingMeasures(totals(t));
  return {
    items: t.items,
    tries: m.tryOns,
    bought: t.bought,
    swapped: t.swapped,
    triedNotBought: m.triedNotBought,
    itemConversion: m.itemConversion,
    sizeSwapRate: m.sizeSwapRate,
  };
}

/** Sums added. */
export const addSums = (a: Sums, b: Sums): Sums => ({
  sessions: a.sessions + b.sessions,
  sessionsBought: a.sessionsBought + b.sessionsBought,
  items: a.items + b.items,
  tries: a.tries + b.tries,
  bought: a.bought + b.bought,
  swapped: a.swapped + b.swapped,
  dwellSumS: a.dwellSumS + b.dwellSumS,
});

/** smart-store/turnover: the funnel and conversions of each store with sessions, by store code. */
export function turnoverStores(by: Map<number, Sums>, names: ReadonlyMap<number, FittingStore>): FittingTurnoverStoreRow[] {
  return [...by.entries()]
    .map(([id, t]) => {
      const store = names.get(id);
      return {
        storeId: id,
        storeCode: store?.code ?? '',
        storeName: store?.name ?? '',
        sessions: t.sessions,
        sessionsBought: t.sessionsBought,
        sessionConversion: fittingMeasures(totals(t)).sessionConversion,
        ...funnelOf(t),
      };
    })
    .sort((a, b) => a.storeCode.localeCompare(b.storeCode) || a.storeId - b.storeId);
}

/** smart-store/turnover: the funnel of each category (the goods' big type, '' none), most tried first. */
export async function turnoverCategories(db: Tx, s: FittingScope): Promise<FittingTurnoverCategoryRow[]> {
  const rows = await queryRows<Partial<Record<keyof Sums, unknown>> & { styleId: number }>(
    db,
    sql`select d.style_id::int as "styleId", sum(d.items)::int as items, sum(d.tries)::int as tries,
               sum(d.bought)::int as bought, sum(d.swapped)::int as swapped
          from ${skuRows(s)} group by d.style_id`,
  );
  const styles = await styleFacts(
    db,
    s.tenantId,
    rows.map((r) => Number(r.styleId)),
  );
  const by = new Map<string, Sums>();
  for (const r of rows) {
    const category = styles.get(Number(r.styleId))?.bigType ?? '';
    by.set(category, addSums(by.get(category) ?? ZERO, sums(r)));
  }
  return [...by.entries()]
    .map(([category, t]) => ({ category, ...funnelOf(t) }))
    .sort((a, b) => b.tries - a.tries || a.category.localeCompare(b.category));
}

/** Seconds from "HH:mm" to "HH:mm" (past midnight when it closes earlier; a whole day when equal); null when either is not a time. */
export function openSecondsOf(opensAt: string, closesAt: string): number | null {
  const at = (v: string) => (/^([01]\d|2[0-3]):[0-5]\d$/.test(v) ? Number(v.slice(0, 2)) * 3600 + Number(v.slice(3)) * 60 : null);
  const o = at(opensAt);
  const c = at(closesAt);
  if (o == null || c == null) return null;
  return (c - o + 86_400) % 86_400 || 86_400;
}

/** The days of the scope's range up to its today (0 when it begins later). */
export function openDays(s: Pick<FittingScope, 'from' | 'to' | 'today'>): number {
  const [last] = [s.to, s.today].sort();
  if (last < s.from) return 0;
  return (Date.parse(`${last}T00:00:00Z`) - Date.parse(`${s.from}T00:00:00Z`)) / 86_400_000 + 1;
}

/**
 * The first day each store's fitting rooms recorded a session (its rollup's first day), by store:
 * a store's open days count from then, not from a range's start before its cabins had readers.
 */
export async function firstDays(db: Tx, s: FittingScope, storeIds: readonly number[]): Promise<Map<number, string>> {
  if (!storeIds.length) return new Map();
  const rows = await queryRows<{ storeId: number; first: string }>(
    db,
    sql`select store_id::int as "storeId", min(day)::text as first from fr_store_daily
         where tenant_id = ${s.tenantId} and store_id in (${sql.join(
           storeIds.map((id) => sql`${id}`),
           sql`, `,
         )}) group by store_id`,
  );
  return new Map(rows.map((r) => [Number(r.storeId), r.first]));
}

/** smart-store/statistics: each store with sessions, its load and conversions (occupancy by its archive's cabins and hours). */
export function statisticsRows(
  s: FittingScope,
  by: Map<number, Sums>,
  names: ReadonlyMap<number, FittingStore>,
  rules: ReadonlyMap<number, FittingStoreRules>,
  first: ReadonlyMap<number, string> = new Map(),
): FittingStatisticsRow[] {
  return [...by.entries()]
    .map(([id, t]) => {
      const since = first.get(id);
      const days = openDays(since && since > s.from ? { ...s, from: since } : s);
      const store = names.get(id);
      const rule = rules.get(id);
      const open = rule ? openSecondsOf(rule.opensAt, rule.closesAt) : null;
      const m = fittingMeasures(totals(t, rule?.cabins ?? 0, open == null ? 0 : open * days));
      return {
        storeId: id,
        storeCode: store?.code ?? '',
        storeName: store?.name ?? '',
        days,
        sessions: t.sessions,
        sessionsPerDay: days > 0 ? Math.round((t.sessions / days) * 10) / 10 : null,
        avgDwellS: m.avgDwellS,
        itemsPerSession: m.itemsPerSession,
        occupancy: open == null ? null : m.occupancy,
        itemConversion: m.itemConversion,
        sessionConversion: m.sessionConversion,
      };
    })
    .sort((a, b) => a.storeCode.localeCompare(b.storeCode) || a.storeId - b.storeId);
}
