/**
 * The store reports' routes (store/report-shipment, store/report-take-delivery): the report of a
 * range of days (default: the last 8 weeks, this one included) as JSON for the screen, and the same
 * rows as an .xlsx. Bills are read through the warehouse module (billFacts) under the bill screen's
 * scope: a store's user sees the bills its store sends or receives, a warehouse's user its
 * warehouse's. Days are the tenant's local days.
 */
import { ENUMS, L, type L10n, type Lang, type ReportPeriod, type ReportSite, translate } from '@tagloom/domain';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../../app.js';
import type { SessionInfo } from '../../../core/context.js';
import { envelope } from '../../../core/envelope.js';
import { fieldRefusal } from '../../../core/errors.js';
import { attachment } from '../../../core/resource/excel.js';
import { xlsxStream } from '../../../core/xlsx-stream.js';
import type { Db } from '../../../db/client.js';
import { tenants } from '../../../db/schema/index.js';
import { type BillFact, billFacts } from '../../warehouse/index.js';
import { addDays, dayStart, localDay, periodOf, type ReportRange, shipmentReport, takeDeliveryReport } from './aggregate.js';

const SHIPMENT = 'store/report-shipment';
const TAKE_DELIVERY = 'store/report-take-delivery';
/** The default range: this week and the 7 before it. */
export const DEFAULT_WEEKS = 8;
/** The longest range a report covers. */
export const MAX_DAYS = 366;
const DEFAULT_TZ = 'Asia/Shanghai';

const LABELS: Record<string, L10n> = {
  from: L('开始日期', '開始日期', 'From'),
  to: L('结束日期', '結束日期', 'To'),
  period: L('统计周期', '統計週期', 'Period'),
  siteId: L('站点', '據點', 'Site'),
  senderId: L('发货方', '發貨方', 'Sender'),
};

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s));
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const query = z.object({
  from: day.optional(),
  to: day.optional(),
  period: z.enum(['week', 'month']).optional(),
  siteId: id.optional(),
  senderId: id.optional(),
});
type Query = z.infer<typeof query>;

const site = z.object({ id: z.number(), code: z.string(), name: z.string() });
const hours = z.number().nullable();
const shipmentSchema = z.object({
  from: z.string(),
  to: z.string(),
  period: z.enum(['week', 'month']),
  rows: z.array(
    z.object({
      period: z.string(),
      siteId: z.number(),
      siteCode: z.string(),
      siteName: z.string(),
      kind: z.number(),
      bills: z.number(),
      cartonsShipped: z.number(),
      cartonsReceived: z.number(),
      cartonsDiff: z.number(),
      piecesShipped: z.number(),
      piecesReceived: z.number(),
      piecesDiff: z.number(),
      inTransit: z.number(),
      transitP50H: hours,
      transitP90H: hours,
    }),
  ),
  weekly: z.array(z.object({ week: z.string(), shipped: z.number(), received: z.number() })),
  ageing: z.array(z.object({ bucket: z.string(), bills: z.number() })),
  sites: z.array(site),
});
const takeDeliverySchema = z.object({
  from: z.string(),
  to: z.string(),
  period: z.enum(['week', 'month']),
  rows: z.array(
    z.object({
      period: z.string(),
      senderId: z.number(),
      senderCode: z.string(),
      senderName: z.string(),
      storeId: z.number(),
      storeCode: z.string(),
      storeName: z.string(),
      bills: z.number(),
      piecesShould: z.number(),
      piecesReal: z.number(),
      piecesDiff: z.number(),
      diffRatio: z.number(),
      cartonsChecked: z.number(),
      cartonsMatched: z.number(),
      matchedPct: z.number().nullable(),
      receivingH: hours,
    }),
  ),
  reliability: z.array(
    z.object({
      senderId: z.number(),
      senderName: z.string(),
      week: z.string(),
      matchedPct: z.number().nullable(),
      piecesPct: z.number().nullable(),
    }),
  ),
  senders: z.array(site),
  stores: z.array(site),
});

/** The tenant's time zone (its days), Asia/Shanghai when it names none. */
async function tenantZone(db: Db, tenantId: number): Promise<string> {
  const [t] = await db.select({ tz: tenants.timeZone }).from(tenants).where(eq(tenants.id, tenantId));
  return t?.tz || DEFAULT_TZ;
}

/** The report's range from the query: checked, named by field when wrong. */
export function rangeOf(q: Query, tz: string, lang: Lang, now = new Date()): ReportRange {
  const today = localDay(now, tz);
  const to = q.to ?? today;
  const from = q.from ?? addDays(periodOf(to, 'week'), -7 * (DEFAULT_WEEKS - 1));
  if (from > to) throw fieldRefusal({ key: 'to', label: LABELS.to }, 'storeReport.toBeforeFrom', { from }, lang);
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days > MAX_DAYS) throw fieldRefusal({ key: 'from', label: LABELS.from }, 'storeReport.rangeTooLong', { max: MAX_DAYS }, lang);
  const end = dayStart(addDays(to, 1), tz);
  return { from, to, period: (q.period ?? 'week') as ReportPeriod, tz, asOf: end < now ? end : now };
}

const sitesOf = (facts: readonly BillFact[], pick: (b: BillFact) => ReportSite | null): ReportSite[] => {
  const out = new Map<number, ReportSite>();
  for (const b of facts) {
    const s = pick(b);
    if (s && !out.has(s.id)) out.set(s.id, s);
  }
  return [...out.values()].sort((a, b) => a.code.localeCompare(b.code));
};
const sender = (b: BillFact): ReportSite => ({ id: b.sourceId, code: b.sourceCode, name: b.sourceName });
const receiver = (b: BillFact): ReportSite | null => (b.destId == null ? null : { id: b.destId, code: b.destCode, name: b.destName });

/** store/report-shipment for a session: the bills its scope reaches, shipped in the range. */
export async function shipmentFor(services: Services, session: SessionInfo, q: Query, lang: Lang) {
  const bills = services.modules.service('warehouse/bill');
  const tz = await tenantZone(bills.ctx.db, session.tenantId!);
  const r = rangeOf(q, tz, lang);
  const facts = await billFacts(bills.ctx.db, bills.scope(session), {
    from: dayStart(r.from, tz),
    to: dayStart(addDays(r.to, 1), tz),
  });
  const mine = q.siteId ? facts.filter((b) => b.sourceId === q.siteId) : facts;
  return { ...shipmentReport(mine, r), sites: sitesOf(facts, sender) };
}

/** store/report-take-delivery for a session: the bills to stores its scope reaches, received in the range. */
export async function takeDeliveryFor(services: Services, session: SessionInfo, q: Query, lang: Lang) {
  const bills = services.modules.service('warehouse/bill');
  const tz = await tenantZone(bills.ctx.db, session.tenantId!);
  const r = rangeOf(q, tz, lang);
  const facts = await billFacts(bills.ctx.db, bills.scope(session), {
    from: dayStart(r.from, tz),
    to: dayStart(addDays(r.to, 1), tz),
    on: 'received',
    toStore: true,
  });
  const mine = facts.filter((b) => (!q.siteId || b.destId === q.siteId) && (!q.senderId || b.sourceId === q.senderId));
  return { ...takeDeliveryReport(mine, r), senders: sitesOf(facts, sender), stores: sitesOf(facts, receiver) };
}

const kindName = (kind: number, lang: Lang) => ENUMS.BillKind?.find((o) => Number(o.value) === kind)?.label[lang] ?? String(kind);
const col = (lang: Lang, key: string) => translate(lang, `storeReport.col.${key}`);
const stamp = () => new Date().toISOString().replace(/\D/g, '').slice(0, 14);
async function* once(rows: unknown[][]): AsyncGenerator<unknown[][]> {
  yield rows;
}

export const storeReportRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  for (const [screen, what] of [
    [
      SHIPMENT,
      'shipped from a site per period and bill kind: bills, cartons and pieces shipped / received / diff, bills in transit, in-transit age p50/p90 (h); shipped vs received pieces by week; bills in transit by age',
    ],
    [
      TAKE_DELIVERY,
      'received at a store per period and sender: pieces should / real / diff, diff ratio, % of checked cartons MATCHED, receiving time (h); shipment reliability per sender and week',
    ],
  ] as const) {
    const shipment = screen === SHIPMENT;
    app.post(
      `/${screen}/query`,
      {
        config: { access: { screen, action: 'query' }, fieldLabels: LABELS },
        schema: {
          tags: [screen],
          summary: `${shipment ? 'Shipment' : 'Take-delivery'} report: bills ${what}. Range: from/to local days (default the last ${DEFAULT_WEEKS} weeks, at most ${MAX_DAYS} days); period week or month; ${shipment ? 'siteId the sender' : 'siteId the store, senderId the sender'}`,
          body: query,
          response: { 200: envelope(shipment ? shipmentSchema : takeDeliverySchema) },
        },
      },
      async (req, reply) => {
        const session = req.session!;
        return reply.ok(
          shipment
            ? await shipmentFor(services, session, req.body, req.lang)
            : await takeDeliveryFor(services, session, req.body, req.lang),
        );
      },
    );
    app.post(
      `/${screen}/export`,
      {
        config: { access: { screen, action: 'export' }, fieldLabels: LABELS },
        schema: {
          tags: [screen],
          summary: `${shipment ? 'Shipment' : 'Take-delivery'} report: its table as .xlsx (same filters as query)`,
          body: query,
        },
      },
      async (req, reply) => {
        const session = req.session!;
        const lang = req.lang;
        let header: string[];
        let rows: unknown[][];
        if (shipment) {
          const rep = await shipmentFor(services, session, req.body, lang);
          header = [
            'period',
            'site',
            'kind',
            'bills',
            'cartonsShipped',
            'cartonsReceived',
            'cartonsDiff',
            'piecesShipped',
            'piecesReceived',
            'piecesDiff',
            'inTransit',
            'transitP50H',
            'transitP90H',
          ].map((k) => col(lang, k));
          rows = rep.rows.map((r) => [
            r.period,
            `${r.siteCode} ${r.siteName}`,
            kindName(r.kind, lang),
            r.bills,
            r.cartonsShipped,
            r.cartonsReceived,
            r.cartonsDiff,
            r.piecesShipped,
            r.piecesReceived,
            r.piecesDiff,
            r.inTransit,
            r.transitP50H ?? '',
            r.transitP90H ?? '',
          ]);
        } else {
          const rep = await takeDeliveryFor(services, session, req.body, lang);
          header = [
            'period',
            'sender',
            'store',
            'bills',
            'piecesShould',
            'piecesReal',
            'piecesDiff',
            'diffRatio',
            'cartonsChecked',
            'matchedPct',
            'receivingH',
          ].map((k) => col(lang, k));
          rows = rep.rows.map((r) => [
            r.period,
            `${r.senderCode} ${r.senderName}`,
            `${r.storeCode} ${r.storeName}`,
            r.bills,
            r.piecesShould,
            r.piecesReal,
            r.piecesDiff,
            r.diffRatio,
            r.cartonsChecked,
            r.matchedPct ?? '',
            r.receivingH ?? '',
          ]);
        }
        const title = translate(lang, `storeReport.title.${shipment ? 'shipment' : 'takeDelivery'}`);
        return reply
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', attachment(`${title}-${stamp()}.xlsx`))
          .send(xlsxStream(title, header, once(rows)));
      },
    );
  }
};
