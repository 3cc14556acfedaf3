/**
 * The fitting-room reports' routes (smart-store/top, trend, turnover, statistics): each screen's
 * figures for a range of the tenant's local days (default: the last 4 weeks, today included; at
 * most 366 days) and a store, as JSON (POST …/query) and as the screen's table in an .xlsx (POST
 * …/export), each guarded by its screen's button. A store's user sees its own store only (the
 * stores the session reaches on tenant/store); every answer carries the rules of the stores it shows.
 */
import { L, type L10n, type Lang, translate } from '@tagloom/domain';
import type {
  FittingFunnel,
  FittingReportBase,
  FittingStatisticsReport,
  FittingStore,
  FittingStoreRules,
  FittingTopReport,
  FittingTrendReport,
  FittingTurnoverReport,
} from '@tagloom/domain/resources/smart-store/report-wire.js';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../../app.js';
import type { SessionInfo } from '../../../core/context.js';
import { envelope } from '../../../core/envelope.js';
import { fieldRefusal } from '../../../core/errors.js';
import { attachment } from '../../../core/resource/excel.js';
import { xlsxStream } from '../../../core/xlsx-stream.js';
import type { Tx } from '../../../db/client.js';
import { addDays, localDay } from '../../store/reports/aggregate.js';
import { frAreas } from '../tables.js';
import {
  addSums,
  type FittingScope,
  firstDays,
  funnelOf,
  measuresOf,
  type Sums,
  statisticsRows,
  storeSums,
  topRows,
  trendOf,
  turnoverCategories,
  turnoverStores,
  ZERO,
} from './aggregate.js';
import { tenantZone } from './rollup.js';

/** The default range: the last 4 weeks (28 days, today included). */
export const DEFAULT_DAYS = 28;
/** The longest range a report covers. */
export const MAX_DAYS = 366;
/** smart-store/top: rows shown by default, at most. */
export const TOP_DEFAULT_N = 20;
export const TOP_MAX_N = 200;
/** smart-store/top: the tries a style needs to be ranked by conversion, by default (operations.md §8). */
export const TOP_DEFAULT_MIN_TRIES = 20;

const LABELS: Record<string, L10n> = {
  from: L('开始日期', '開始日期', 'From'),
  to: L('结束日期', '結束日期', 'To'),
  storeId: L('门店', '門市', 'Store'),
  by: L('排行依据', '排行依據', 'Rank by'),
  level: L('排行对象', '排行對象', 'Rank'),
  n: L('条数', '筆數', 'Rows'),
  minTries: L('最少试穿次数', '最少試穿次數', 'Minimum try-ons'),
  period: L('统计周期', '統計週期', 'Period'),
};

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s));
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const base = { from: day.optional(), to: day.optional(), storeId: id.optional() };
const baseQuery = z.object(base);
const topQuery = z.object({
  ...base,
  by: z.enum(['tries', 'triedNotBought', 'conversion']).optional(),
  level: z.enum(['style', 'sku']).optional(),
  n: z.number().int().min(1).max(TOP_MAX_N).optional(),
  minTries: z.number().int().min(0).max(1_000_000).optional(),
});
const trendQuery = z.object({ ...base, period: z.enum(['day', 'week']).optional() });
type BaseQuery = z.infer<typeof baseQuery>;
type TopQuery = z.infer<typeof topQuery>;
type TrendQuery = z.infer<typeof trendQuery>;

const ratio = z.number().nullable();
const storeSchema = z.object({ id: z.number(), code: z.string(), name: z.string() });
const rulesSchema = z.object({
  storeId: z.number(),
  storeCode: z.string(),
  storeName: z.string(),
  cabins: z.number(),
  minDwellS: z.number(),
  mergeGapS: z.number(),
  conversionWindowH: z.number(),
  opensAt: z.string(),
  closesAt: z.string(),
});
const baseSchema = { from: z.string(), to: z.string(), stores: z.array(storeSchema), rules: z.array(rulesSchema) };
const funnel = {
  items: z.number(),
  tries: z.number(),
  bought: z.number(),
  swapped: z.number(),
  triedNotBought: z.number(),
  itemConversion: ratio,
  sizeSwapRate: ratio,
};
const topSchema = z.object({
  ...baseSchema,
  by: z.enum(['tries', 'triedNotBought', 'conversion']),
  level: z.enum(['style', 'sku']),
  n: z.number(),
  minTries: z.number(),
  rows: z.array(
    z.object({
      rank: z.number(),
      styleId: z.number(),
      styleNumber: z.string(),
      goodsName: z.string(),
      skuId: z.number().nullable(),
      skuBarcode: z.string(),
      colour: z.string(),
      size: z.string(),
      sessions: z.number(),
      tries: z.number(),
      bought: z.number(),
      triedNotBought: z.number(),
      conversion: ratio,
    }),
  ),
});
const trendSchema = z.object({
  ...baseSchema,
  period: z.enum(['day', 'week']),
  rows: z.array(
    z.object({
      period: z.string(),
      sessions: z.number(),
      items: z.number(),
      tries: z.number(),
      bought: z.number(),
      sessionsBought: z.number(),
      itemConversion: ratio,
      sessionConversion: ratio,
      avgDwellS: ratio,
    }),
  ),
  heat: z.array(z.object({ weekday: z.number(), hour: z.number(), sessions: z.number() })),
});
const turnoverSchema = z.object({
  ...baseSchema,
  funnel: z.object({ ...funnel, sessions: z.number(), sessionsBought: z.number(), sessionConversion: ratio }),
  rows: z.array(
    z.object({
      ...funnel,
      storeId: z.number(),
      storeCode: z.string(),
      storeName: z.string(),
      sessions: z.number(),
      sessionsBought: z.number(),
      sessionConversion: ratio,
    }),
  ),
  categories: z.array(z.object({ ...funnel, category: z.string() })),
});
const statisticsSchema = z.object({
  ...baseSchema,
  rows: z.array(
    z.object({
      storeId: z.number(),
      storeCode: z.string(),
      storeName: z.string(),
      days: z.number(),
      sessions: z.number(),
      sessionsPerDay: ratio,
      avgDwellS: ratio,
      itemsPerSession: ratio,
      occupancy: ratio,
      itemConversion: ratio,
      sessionConversion: ratio,
    }),
  ),
});

/** A report's scope for a session and filters, with the stores of its picker and the rules of those it shows. */
interface Resolved {
  scope: FittingScope;
  base: FittingReportBase;
  names: Map<number, FittingStore>;
  rules: Map<number, FittingStoreRules>;
  db: Tx;
}

/** The range of the filters in the tenant's days: checked, named by field when wrong. */
export function rangeOf(q: BaseQuery, tz: string, lang: Lang, now = new Date()): { from: string; to: string; today: string } {
  const today = localDay(now, tz);
  const to = q.to ?? today;
  const from = q.from ?? addDays(to, -(DEFAULT_DAYS - 1));
  if (from > to) throw fieldRefusal({ key: 'to', label: LABELS.to }, 'fittingReport.toBeforeFrom', { from }, lang);
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days > MAX_DAYS) throw fieldRefusal({ key: 'from', label: LABELS.from }, 'fittingReport.rangeTooLong', { max: MAX_DAYS }, lang);
  return { from, to, today };
}

/**
 * The stores a session reaches (tenant/store under its party scope), the range, the stores shown
 * (a store's user: its own; a store asked for: that one, refused when out of reach; else every
 * store of the tenant) and their fitting rules (smart-store/archive).
 */
async function resolve(services: Services, session: SessionInfo, q: BaseQuery, lang: Lang): Promise<Resolved> {
  const storeSvc = services.modules.service('tenant/store');
  const db = storeSvc.ctx.db;
  const tenantId = session.tenantId!;
  const tz = await tenantZone(db, tenantId);
  const range = rangeOf(q, tz, lang);
  const t = storeSvc.table;
  const reachable: FittingStore[] = (
    await db.select({ id: t.id, code: t.code, name: t.name }).from(t).where(storeSvc.scope(session)).orderBy(t.code)
  ).map((r: { id: unknown; code: unknown; name: unknown }) => ({
    id: Number(r.id),
    code: String(r.code ?? ''),
    name: String(r.name ?? ''),
  }));
  const names = new Map(reachable.map((s) => [s.id, s]));
  if (q.storeId != null && !names.has(q.storeId))
    throw fieldRefusal({ key: 'storeId', label: LABELS.storeId }, 'fittingReport.storeUnknown', {}, lang);
  const shown: number[] | null = q.storeId != null ? [q.storeId] : session.party ? reachable.map((s) => s.id) : null;
  const areas = await db
    .select({
      storeId: frAreas.storeId,
      cabins: frAreas.cabinCount,
      minDwellS: frAreas.minDwellS,
      mergeGapS: frAreas.mergeGapS,
      conversionWindowH: frAreas.conversionWindowH,
      opensAt: frAreas.opensAt,
      closesAt: frAreas.closesAt,
    })
    .from(frAreas)
    .where(and(eq(frAreas.tenantId, tenantId)));
  const rules = new Map<number, FittingStoreRules>();
  const withArea: FittingStore[] = [];
  for (const a of areas) {
    const store = a.storeId == null ? undefined : names.get(Number(a.storeId));
    if (!store) continue;
    withArea.push(store);
    if (shown && !shown.includes(store.id)) continue;
    rules.set(store.id, {
      storeId: store.id,
      storeCode: store.code,
      storeName: store.name,
      cabins: Number(a.cabins),
      minDwellS: Number(a.minDwellS),
      mergeGapS: Number(a.mergeGapS),
      conversionWindowH: Number(a.conversionWindowH),
      opensAt: String(a.opensAt ?? ''),
      closesAt: String(a.closesAt ?? ''),
    });
  }
  const byCode = (a: { code: string }, b: { code: string }) => a.code.localeCompare(b.code);
  return {
    db,
    names,
    rules,
    scope: { tenantId, ...range, stores: shown },
    base: {
      from: range.from,
      to: range.to,
      stores: withArea.sort(byCode),
      rules: [...rules.values()].sort((a, b) => a.storeCode.localeCompare(b.storeCode)),
    },
  };
}

/** smart-store/top for a session. */
export async function topFor(services: Services, session: SessionInfo, q: TopQuery, lang: Lang): Promise<FittingTopReport> {
  const r = await resolve(services, session, q, lang);
  const o = { by: q.by ?? 'tries', level: q.level ?? 'style', n: q.n ?? TOP_DEFAULT_N, minTries: q.minTries ?? TOP_DEFAULT_MIN_TRIES };
  return { ...r.base, ...o, rows: await topRows(r.db, r.scope, o) };
}

/** smart-store/trend for a session. */
export async function trendFor(services: Services, session: SessionInfo, q: TrendQuery, lang: Lang): Promise<FittingTrendReport> {
  const r = await resolve(services, session, q, lang);
  const period = q.period ?? 'day';
  return { ...r.base, period, ...(await trendOf(r.db, r.scope, period)) };
}

/** smart-store/turnover for a session. */
export async function turnoverFor(services: Services, session: SessionInfo, q: BaseQuery, lang: Lang): Promise<FittingTurnoverReport> {
  const r = await resolve(services, session, q, lang);
  const by = await storeSums(r.db, r.scope);
  const rows = turnoverStores(by, r.names);
  const all = [...by.values()].reduce<Sums>(addSums, ZERO);
  const { sessionConversion } = measuresOf(all);
  return {
    ...r.base,
    funnel: { ...funnelOf(all), sessions: all.sessions, sessionsBought: all.sessionsBought, sessionConversion },
    rows,
    categories: rows.length ? await turnoverCategories(r.db, r.scope) : [],
  };
}

/** smart-store/statistics for a session. */
export async function statisticsFor(services: Services, session: SessionInfo, q: BaseQuery, lang: Lang): Promise<FittingStatisticsReport> {
  const r = await resolve(services, session, q, lang);
  const by = await storeSums(r.db, r.scope);
  return { ...r.base, rows: statisticsRows(r.scope, by, r.names, r.rules, await firstDays(r.db, r.scope, [...by.keys()])) };
}

const stamp = () => new Date().toISOString().replace(/\D/g, '').slice(0, 14);
async function* once(rows: unknown[][]): AsyncGenerator<unknown[][]> {
  yield rows;
}
/** A ratio (0–1) as a percentage with 2 decimals, '' for none. */
const pct = (v: number | null) => (v == null ? '' : Math.round(v * 10_000) / 100);
const blank = (v: number | null) => v ?? '';

/** A screen: its code, what its query route says, its query schema, answer schema, report and sheet. */
interface Screen<Q> {
  code: string;
  what: string;
  query: z.ZodType<Q>;
  answer: z.ZodType;
  report(services: Services, session: SessionInfo, q: Q, lang: Lang): Promise<unknown>;
  sheet(services: Services, session: SessionInfo, q: Q, lang: Lang): Promise<{ header: string[]; rows: unknown[][] }>;
}

const col = (lang: Lang, keys: readonly string[]) => keys.map((k) => translate(lang, `fittingReport.col.${k}`));

const SCREENS: [Screen<TopQuery>, Screen<TrendQuery>, Screen<BaseQuery>, Screen<BaseQuery>] = [
  {
    code: 'top',
    what: `top N styles or SKUs (level) by tries, tried-not-bought or conversion (by; conversion ranks only those with ≥ minTries tries, default ${TOP_DEFAULT_MIN_TRIES}); n rows (default ${TOP_DEFAULT_N}, at most ${TOP_MAX_N})`,
    query: topQuery,
    answer: topSchema,
    report: topFor,
    async sheet(services, session, q, lang) {
      const r = await topFor(services, session, q, lang);
      return {
        header: col(lang, [
          'rank',
          'styleNumber',
          'goodsName',
          'skuBarcode',
          'colour',
          'size',
          'sessions',
          'tries',
          'bought',
          'triedNotBought',
          'conversion',
        ]),
        rows: r.rows.map((x) => [
          x.rank,
          x.styleNumber,
          x.goodsName,
          x.skuBarcode,
          x.colour,
          x.size,
          x.sessions,
          x.tries,
          x.bought,
          x.triedNotBought,
          pct(x.conversion),
        ]),
      };
    },
  },
  {
    code: 'trend',
    what: 'per day or ISO week (period): sessions, garments, tries, bought, item and session conversion, mean dwell; and sessions by weekday × local hour',
    query: trendQuery,
    answer: trendSchema,
    report: trendFor,
    async sheet(services, session, q, lang) {
      const r = await trendFor(services, session, q, lang);
      return {
        header: col(lang, [
          'period',
          'sessions',
          'items',
          'tries',
          'bought',
          'sessionsBought',
          'itemConversion',
          'sessionConversion',
          'avgDwellS',
        ]),
        rows: r.rows.map((x) => [
          x.period,
          x.sessions,
          x.items,
          x.tries,
          x.bought,
          x.sessionsBought,
          pct(x.itemConversion),
          pct(x.sessionConversion),
          blank(x.avgDwellS),
        ]),
      };
    },
  },
  {
    code: 'turnover',
    what: 'the funnel garments → tried → bought (and bought in another size), per store (with session conversion) and per category (the goods’ big type)',
    query: baseQuery,
    answer: turnoverSchema,
    report: turnoverFor,
    async sheet(services, session, q, lang) {
      const r = await turnoverFor(services, session, q, lang);
      const figures = (x: FittingFunnel) => [
        x.items,
        x.tries,
        x.bought,
        x.triedNotBought,
        x.swapped,
        pct(x.itemConversion),
        pct(x.sizeSwapRate),
      ];
      const none = translate(lang, 'fittingReport.noCategory');
      return {
        header: col(lang, [
          'dimension',
          'name',
          'sessions',
          'sessionConversion',
          'items',
          'tries',
          'bought',
          'triedNotBought',
          'swapped',
          'itemConversion',
          'sizeSwapRate',
        ]),
        rows: [
          ...r.rows.map((x) => [
            translate(lang, 'fittingReport.dimension.store'),
            `${x.storeName} (${x.storeCode})`,
            x.sessions,
            pct(x.sessionConversion),
            ...figures(x),
          ]),
          ...r.categories.map((x) => [translate(lang, 'fittingReport.dimension.category'), x.category || none, '', '', ...figures(x)]),
        ],
      };
    },
  },
  {
    code: 'statistics',
    what: 'per store: days, sessions, sessions a day, mean dwell (s), garments a session, cabin occupancy (Σ dwell / cabins × open hours × days), item and session conversion',
    query: baseQuery,
    answer: statisticsSchema,
    report: statisticsFor,
    async sheet(services, session, q, lang) {
      const r = await statisticsFor(services, session, q, lang);
      return {
        header: col(lang, [
          'store',
          'days',
          'sessions',
          'sessionsPerDay',
          'avgDwellS',
          'itemsPerSession',
          'occupancy',
          'itemConversion',
          'sessionConversion',
        ]),
        rows: r.rows.map((x) => [
          `${x.storeName} (${x.storeCode})`,
          x.days,
          x.sessions,
          blank(x.sessionsPerDay),
          blank(x.avgDwellS),
          blank(x.itemsPerSession),
          pct(x.occupancy),
          pct(x.itemConversion),
          pct(x.sessionConversion),
        ]),
      };
    },
  },
];

/** Registers a screen's query and export routes. */
function register<Q>(app: Parameters<FastifyPluginAsyncZod<Services>>[0], services: Services, s: Screen<Q>) {
  const screen = `smart-store/${s.code}`;
  app.post(
    `/${screen}/query`,
    {
      config: { access: { screen, action: 'query' }, fieldLabels: LABELS },
      schema: {
        tags: [screen],
        summary: `Fitting-room report: ${s.what}. Range: from/to local days (default the last ${DEFAULT_DAYS} days, at most ${MAX_DAYS}); storeId one store (a store's user: its own). Carries the shown stores' fitting rules`,
        body: s.query,
        response: { 200: envelope(s.answer) },
      },
    },
    async (req, reply) => reply.ok(await s.report(services, req.session!, req.body as Q, req.lang)),
  );
  app.post(
    `/${screen}/export`,
    {
      config: { access: { screen, action: 'export' }, fieldLabels: LABELS },
      schema: { tags: [screen], summary: 'Fitting-room report: its table as .xlsx (same filters as query)', body: s.query },
    },
    async (req, reply) => {
      const lang = req.lang;
      const { header, rows } = await s.sheet(services, req.session!, req.body as Q, lang);
      const title = translate(lang, `fittingReport.title.${s.code}`);
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', attachment(`${title}-${stamp()}.xlsx`))
        .send(xlsxStream(title, header, once(rows)));
    },
  );
}

/** The screens of sessions and reads (no report of their own) that show the same rules line as the reports. */
const RULES_SCREENS = ['smart-store/data', 'smart-store/raw-data'] as const;

/** The fitting-room reports' routes, and the rules line of the sessions' and reads' screens. */
export const fittingReportRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const [top, trend, turnover, statistics] = SCREENS;
  register(app, services, top);
  register(app, services, trend);
  register(app, services, turnover);
  register(app, services, statistics);
  for (const screen of RULES_SCREENS)
    app.get(
      `/${screen}/rules`,
      {
        config: { access: { screen, action: 'query' }, fieldLabels: LABELS },
        schema: {
          tags: [screen],
          summary: "The fitting rules of the stores the session sees (a store's user: its own; storeId: one), and those stores",
          querystring: z.object({ storeId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional() }),
          response: { 200: envelope(z.object({ stores: z.array(storeSchema), rules: z.array(rulesSchema) })) },
        },
      },
      async (req, reply) => {
        const { stores, rules } = (await resolve(services, req.session!, req.query as BaseQuery, req.lang)).base;
        return reply.ok({ stores, rules });
      },
    );
};
