/**
 * The stocktaking report (store/report-stocktaking, ../shared/operations.md §6 and §9): the stores'
 * approved counts of a period — per count, per store and per category the pieces expected, counted,
 * over and short, the SKU, SMAPE and unit accuracy (over the lines, so sizes do not offset each other),
 * duration and items an hour — and each store's count status per week (approved, complete,
 * incomplete, not counted), with the on-shelf availability of the stores' floors per store and week
 * (the hourly samples of ../stock/osa.ts). A store's user sees its own store. The sheet export holds the same.
 */
import { type CountReportWeek, itemsPerHour, type Lang, LOCATION_KIND, COUNT_STATUS as S, translate, weekStatus } from '@tagloom/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../../app.js';
import type { SessionInfo } from '../../../core/context.js';
import { envelope } from '../../../core/envelope.js';
import { badRequest } from '../../../core/errors.js';
import { attachment, workbookBuffer } from '../../../core/resource/excel.js';
import { type Db, queryRows } from '../../../db/client.js';
import { osaMeans } from '../stock/osa.js';

const SCREEN = 'store/report-stocktaking';
const DAY = 86_400_000;
/** A period of at most this many days (a year and a day). */
const MAX_DAYS = 366;

const filters = z.object({
  from: z.coerce.date().optional(),
  to: z.coerce.date().optional(),
  siteId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
type Filters = z.infer<typeof filters>;

/** The period asked for (default: the last four weeks, to now). */
function periodOf(f: Filters): { from: Date; to: Date } {
  const to = f.to ?? new Date();
  const from = f.from ?? new Date(to.getTime() - 28 * DAY);
  if (from.getTime() > to.getTime()) throw badRequest('countReport.badPeriod');
  if (to.getTime() - from.getTime() > MAX_DAYS * DAY) throw badRequest('countReport.periodTooLong', { days: MAX_DAYS });
  return { from, to };
}

/** The stores the session reaches, narrowed to the one asked for. */
function storesOf(session: SessionInfo, f: Filters): SQL {
  const party = session.party?.kind === 'store' ? session.party.id : session.party ? -1 : undefined;
  return sql`l.tenant_id = ${session.tenantId} and l.kind = ${LOCATION_KIND.STORE}
             ${party !== undefined ? sql`and l.id = ${party}` : sql``}
             ${f.siteId ? sql`and l.id = ${f.siteId}` : sql``}`;
}

const num = (v: unknown) => Number(v ?? 0);
/** A figure that may be missing (null stays null). */
const numOrNull = (v: unknown) => (v == null ? null : Number(v));
/**
 * SMAPE, SKU and unit accuracy over lines (§9), in %: unit accuracy 1 − (over + short) / expected,
 * not below 0 (nothing expected: 100 when nothing was counted either, else 0), as count-kpi.ts has it.
 */
const ACCURACY = sql`
  round((100 * (1 - sum(abs(x.r - x.e))::numeric / nullif(sum(x.r + x.e), 0)))::numeric, 2) as smape,
  round((100 * count(*) filter (where x.r = x.e)::numeric / nullif(count(*), 0))::numeric, 2) as sku,
  case when count(*) = 0 then null
       when sum(x.e) = 0 then case when sum(x.r) = 0 then 100 else 0 end
       else round((100 * greatest(0, 1 - (sum(x.over) + sum(x.short))::numeric / sum(x.e)))::numeric, 2) end as unit`;
/** The figures of ACCURACY as numbers (null stays null). */
const rates = <T extends { smape?: unknown; sku?: unknown; unit?: unknown }>(r: T) => ({
  ...r,
  smape: numOrNull(r.smape),
  sku: numOrNull(r.sku),
  unit: numOrNull(r.unit),
});
/**
 * The lines of the counts `approved` picks (alias c) as e (expected + moved, not below 0) and r
 * (counted), those with e + r > 0: a CTE (`x`) materialized first, so the planner of a fresh database
 * (no statistics yet) cannot loop over every line of the tenant for each count.
 */
const linesOf = (t: number, approved: SQL) => sql`x as materialized (
    select l.count_id, l.sku_id, greatest(0, l.expected_qty + l.moved_qty) as e, l.counted_qty as r,
           l.over_qty as over, l.short_qty as short
      from stock_count_lines l
     where l.tenant_id = ${t} and l.count_id in (select c.id from stock_counts c where ${approved})
       and (l.expected_qty + l.moved_qty > 0 or l.counted_qty > 0))`;

export interface StocktakingReport {
  counts: Record<string, unknown>[];
  stores: Record<string, unknown>[];
  categories: Record<string, unknown>[];
  /** each week of the period (from Monday) */
  weeks: CountReportWeek[];
  /** the stores the session reaches (the filter's choices) */
  sites: { id: number; name: string }[];
}

export async function stocktakingReport(db: Db, session: SessionInfo, f: Filters): Promise<StocktakingReport> {
  const { from, to } = periodOf(f);
  const t = session.tenantId;
  const approved = sql`c.tenant_id = ${t} and c.status = ${S.APPROVED}
      and c.finished_at >= ${from.toISOString()}::timestamptz and c.finished_at < ${to.toISOString()}::timestamptz
      and c.site_id in (select l.id from locations l where ${storesOf(session, f)})`;
  const counts = await queryRows<Record<string, unknown>>(
    db,
    sql`select c.id, c.code, l.name as "siteName", l.code as "siteCode", c.mode,
               to_char(c.finished_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "finishedAt",
               c.expected_pieces as "expected", c.counted_pieces as "counted", c.over_pieces as "over", c.short_pieces as "short",
               c.accuracy_sku as "accuracySku", c.accuracy_smape as "accuracySmape", c.accuracy_unit as "accuracyUnit",
               c.duration_s as "durationS"
          from stock_counts c join locations l on l.tenant_id = c.tenant_id and l.id = c.site_id
         where ${approved} order by c.finished_at desc limit 2000`,
  );
  const stores = await queryRows<Record<string, unknown>>(
    db,
    sql`with ${linesOf(t, approved)}
        select l.id as "siteId", l.name as "siteName", l.code as "siteCode", count(distinct c.id)::int as counts,
               sum(x.e)::int as expected, sum(x.r)::int as counted, sum(x.over)::int as over, sum(x.short)::int as short, ${ACCURACY}
          from x join stock_counts c on c.tenant_id = ${t} and c.id = x.count_id
          join locations l on l.tenant_id = c.tenant_id and l.id = c.site_id
         group by l.id, l.name, l.code order by l.code`,
  );
  const categories = await queryRows<Record<string, unknown>>(
    db,
    sql`with ${linesOf(t, approved)},
        kinds as materialized (
          select k.id as sku_id, coalesce(nullif(g.big_type, ''), '-') as category
            from goods_skus k join goods g on g.tenant_id = k.tenant_id and g.id = k.goods_id
           where k.tenant_id = ${t} and k.id in (select distinct sku_id from x))
        select y.category, count(distinct x.count_id)::int as counts,
               sum(x.e)::int as expected, sum(x.r)::int as counted, sum(x.over)::int as over, sum(x.short)::int as short, ${ACCURACY}
          from x join kinds y on y.sku_id = x.sku_id
         group by 1 order by 1`,
  );
  // each store's counts of each week of the period (weeks from Monday), by the time they were done or planned
  const weekly = await queryRows<{ site_id: string | number; week: string; statuses: number[] }>(
    db,
    sql`select c.site_id, to_char(date_trunc('week', coalesce(c.finished_at, c.started_at, c.planned_at)), 'YYYY-MM-DD') as week,
               array_agg(c.status) as statuses
          from stock_counts c
         where c.tenant_id = ${t} and c.status <> ${S.CANCELLED}
           and coalesce(c.finished_at, c.started_at, c.planned_at) >= date_trunc('week', ${from.toISOString()}::timestamptz)
           and coalesce(c.finished_at, c.started_at, c.planned_at) < ${to.toISOString()}::timestamptz
           and c.site_id in (select l.id from locations l where ${storesOf(session, f)})
         group by 1, 2`,
  );
  // the accuracy of each week's approved counts, over their lines as per store (the week they were finished)
  const weeklyAccuracy = await queryRows<{ week: string; counts: number; smape: string | null; sku: string | null; unit: string | null }>(
    db,
    sql`with ${linesOf(t, approved)}
        select to_char(date_trunc('week', c.finished_at), 'YYYY-MM-DD') as week, count(distinct c.id)::int as counts, ${ACCURACY}
          from x join stock_counts c on c.tenant_id = ${t} and c.id = x.count_id
         group by 1`,
  );
  // the pace of the approved counts (pieces counted an hour, over their summed time) per store and per week
  const paces = await queryRows<{ site_id: string | number | null; week: string | null; counted: number; duration: number }>(
    db,
    sql`select c.site_id, to_char(date_trunc('week', c.finished_at), 'YYYY-MM-DD') as week,
               sum(c.counted_pieces)::float8 as counted, sum(c.duration_s)::float8 as duration
          from stock_counts c where ${approved}
         group by grouping sets ((c.site_id), (date_trunc('week', c.finished_at)))`,
  );
  const paceBySite = new Map<number, number>();
  const paceByWeek = new Map<string, number>();
  for (const p of paces) {
    const pace = itemsPerHour(Number(p.counted), Number(p.duration));
    if (p.site_id !== null) paceBySite.set(Number(p.site_id), pace);
    else if (p.week !== null) paceByWeek.set(p.week, pace);
  }
  const [{ n: storeCount }] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from locations l where ${storesOf(session, f)}`,
  );
  const sites = await queryRows<{ id: string | number; name: string }>(
    db,
    sql`select l.id, l.name from locations l where ${storesOf(session, {})} order by l.code limit 500`,
  );
  const osa = await osaMeans(db, t, storesOf(session, f), from, to);
  const weeks: StocktakingReport['weeks'] = [];
  const monday = (d: Date) => {
    const x = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
    x.setUTCDate(x.getUTCDate() - ((x.getUTCDay() + 6) % 7));
    return x;
  };
  for (let w = monday(from); w.getTime() < to.getTime(); w = new Date(w.getTime() + 7 * DAY)) {
    const key = w.toISOString().slice(0, 10);
    const of = weekly.filter((r) => r.week === key);
    const accuracy = weeklyAccuracy.find((r) => r.week === key);
    const tally: CountReportWeek = {
      week: key,
      approved: 0,
      complete: 0,
      incomplete: 0,
      notCounted: 0,
      counts: accuracy?.counts ?? 0,
      accuracySku: numOrNull(accuracy?.sku),
      accuracySmape: numOrNull(accuracy?.smape),
      accuracyUnit: numOrNull(accuracy?.unit),
      itemsPerHour: paceByWeek.get(key) ?? null,
      osa: osa.byWeek.get(key) ?? null,
    };
    for (const r of of) tally[weekStatus(r.statuses.map(Number))]++;
    tally.notCounted += Math.max(0, storeCount - of.length);
    weeks.push(tally);
  }
  return {
    counts: counts.map((c) => ({
      ...c,
      accuracySku: numOrNull(c.accuracySku),
      accuracySmape: numOrNull(c.accuracySmape),
      accuracyUnit: numOrNull(c.accuracyUnit),
      itemsPerHour: itemsPerHour(num(c.counted), num(c.durationS)),
    })),
    stores: stores.map((s) => ({
      ...rates(s),
      itemsPerHour: paceBySite.get(Number(s.siteId)) ?? null,
      osa: osa.bySite.get(Number(s.siteId)) ?? null,
    })),
    categories: categories.map(rates),
    weeks,
    sites: sites.map((s) => ({ id: Number(s.id), name: s.name })),
  };
}

/** The weeks sheet's columns, each a field of the week. */
const WEEK_COLUMNS = [
  'week',
  'approved',
  'complete',
  'incomplete',
  'notCounted',
  'counts',
  'accuracySku',
  'accuracySmape',
  'accuracyUnit',
  'itemsPerHour',
  'osa',
] as const satisfies readonly (keyof CountReportWeek)[];

/** The report as a workbook: counts, stores, categories and weeks, headed in the reader's language. */
function reportSheets(r: StocktakingReport, lang: Lang) {
  const h = (k: string) => translate(lang, `countReport.col.${k}`);
  const pieces = ['expected', 'counted', 'over', 'short'];
  return [
    {
      name: translate(lang, 'countReport.sheet.counts'),
      rows: [
        ['code', 'siteName', 'finishedAt', ...pieces, 'accuracySku', 'accuracySmape', 'accuracyUnit', 'durationS', 'itemsPerHour'].map(h),
        ...r.counts.map((c) => [
          c.code,
          c.siteName,
          c.finishedAt ? new Date(c.finishedAt as string).toISOString().slice(0, 16).replace('T', ' ') : '',
          ...pieces.map((p) => num(c[p])),
          c.accuracySku,
          c.accuracySmape,
          c.accuracyUnit,
          num(c.durationS),
          c.itemsPerHour,
        ]),
      ],
    },
    {
      name: translate(lang, 'countReport.sheet.stores'),
      rows: [
        ['siteName', 'counts', ...pieces, 'accuracySku', 'accuracySmape', 'accuracyUnit', 'itemsPerHour', 'osa'].map(h),
        ...r.stores.map((s) => [s.siteName, num(s.counts), ...pieces.map((p) => num(s[p])), s.sku, s.smape, s.unit, s.itemsPerHour, s.osa]),
      ],
    },
    {
      name: translate(lang, 'countReport.sheet.categories'),
      rows: [
        ['category', 'counts', ...pieces, 'accuracySku', 'accuracySmape', 'accuracyUnit'].map(h),
        ...r.categories.map((s) => [s.category, num(s.counts), ...pieces.map((p) => num(s[p])), s.sku, s.smape, s.unit]),
      ],
    },
    {
      name: translate(lang, 'countReport.sheet.weeks'),
      rows: [WEEK_COLUMNS.map(h), ...r.weeks.map((w) => WEEK_COLUMNS.map((k) => w[k]))],
    },
  ];
}

const row = z.record(z.string(), z.unknown());

export const stocktakingReportRoutes: FastifyPluginAsyncZod<Services> = async (app) => {
  app.post(
    `/${SCREEN}/data`,
    {
      config: { access: { screen: SCREEN, action: 'query' } },
      schema: {
        tags: [SCREEN],
        summary:
          "The stocktaking report of a period (from, to: default the last 28 days; at most 366) and a store (siteId, optional): the stores' approved counts (expected, counted, over, short, SKU, SMAPE and unit accuracy, duration, items an hour), the same per store and per category over the counts' lines, and per week how many stores approved, completed, started or did not count, with the SKU, SMAPE and unit accuracy and the pace (items an hour) of the approved counts finished that week (null when none; each store row has its pace too) and the mean on-shelf availability (%) of the stores' floors over its days (null when no floor was sampled; each store row has its own, osa). A store's user sees its store",
        body: filters,
        response: {
          200: envelope(
            z.object({
              counts: z.array(row),
              stores: z.array(row),
              categories: z.array(row),
              weeks: z.array(
                z.object({
                  week: z.string(),
                  approved: z.number(),
                  complete: z.number(),
                  incomplete: z.number(),
                  notCounted: z.number(),
                  counts: z.number(),
                  accuracySku: z.number().nullable(),
                  accuracySmape: z.number().nullable(),
                  accuracyUnit: z.number().nullable(),
                  itemsPerHour: z.number().nullable(),
                  osa: z.number().nullable(),
                }),
              ),
              sites: z.array(z.object({ id: z.number(), name: z.string() })),
            }),
          ),
        },
      },
    },
    async (req, reply) => reply.ok(await stocktakingReport(app.ctx.db, req.session!, req.body)),
  );

  app.post(
    `/${SCREEN}/export`,
    {
      config: { access: { screen: SCREEN, action: 'export' } },
      schema: {
        tags: [SCREEN],
        summary:
          'The stocktaking report of a period and store as a workbook (.xlsx): its counts, stores, categories and weeks, headed in the language of the request',
        body: filters,
      },
    },
    async (req, reply) => {
      const report = await stocktakingReport(app.ctx.db, req.session!, req.body);
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', attachment(`${translate(req.lang, 'countReport.fileName')}.xlsx`))
        .send(workbookBuffer(reportSheets(report, req.lang)));
    },
  );
};
