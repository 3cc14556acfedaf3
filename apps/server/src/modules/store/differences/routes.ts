/**
 * Difference list routes (store/inventory → Differences): list, one list with its lines, create
 * (add: from the site's latest ERP stock against its book), ignore lines (edit, drafts only),
 * approve, export (a job: the adjustment as a sheet) and the adjustment through the API, delete
 * (drafts). A store's or warehouse's user reaches its own site's lists only.
 */
import { ADJUSTMENT_STATES, DIFF_STATUS, L } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../../app.js';
import { envelope } from '../../../core/envelope.js';
import { conflict, validationError } from '../../../core/errors.js';
import { partyRefCondition } from '../../../core/party.js';
import { enqueue } from '../../../core/queue/enqueue.js';
import { queryRows } from '../../../db/client.js';
import { erpStockOf, siteById } from '../erp/service.js';
import { DIFF_EXPORT_KIND } from './export-job.js';
import { adjustmentOf, bookOf, ignoreLines, makeList, moveList, reachedList, statusName } from './service.js';

const SCREEN = 'store/inventory';
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const LABELS = {
  id: L('差异单', '差異單', 'Difference list'),
  siteId: L('站点', '據點', 'Site'),
  onlyDifferences: L('仅差异', '僅差異', 'Only differences'),
  skuIds: L('SKU', 'SKU', 'SKUs'),
  ignored: L('忽略', '忽略', 'Ignored'),
  status: L('状态', '狀態', 'Status'),
  page: L('页码', '頁碼', 'Page'),
  pageSize: L('每页条数', '每頁筆數', 'Page size'),
};

const head = z.object({
  id: z.number(),
  code: z.string(),
  siteId: z.number(),
  siteCode: z.string(),
  siteName: z.string(),
  erpStockId: z.number(),
  erpRef: z.string(),
  erpTime: z.string(),
  source: z.number().describe('DifferenceSource: 1 the book (RFID stock), 2 an approved count'),
  countId: z
    .number()
    .nullable()
    .describe('the approved count the RFID stock stands on (the book: that count + movements since); null: never counted'),
  countCode: z.string().nullable(),
  countAt: z.string().nullable().describe('when that count finished'),
  onlyDifferences: z.boolean(),
  status: z.number().describe('DifferenceListStatus: 1 draft, 2 approved, 3 exporting, 4 exported, 5 export failed'),
  skuCount: z.number(),
  plusQty: z.number(),
  minusQty: z.number(),
  absQty: z.number(),
  ignoredSkus: z.number(),
  diffValue: z.number(),
  absValue: z.number(),
  currency: z.string(),
  erpTotal: z.number(),
  rfidTotal: z.number(),
  comparedSkus: z.number(),
  exactSkus: z.number(),
  accuracySmape: z.number().describe('1 − Σ|r − e| / Σ(r + e) over the SKUs compared'),
  accuracySku: z.number().describe('SKUs whose figures agree / SKUs compared'),
  rfidAt: z.string(),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  exportedAt: z.string().nullable(),
  exportMessage: z.string(),
  exportJobId: z.string().nullable(),
  createdAt: z.string(),
});
type Head = z.infer<typeof head>;
const line = z.object({
  skuId: z.number(),
  skuBarcode: z.string(),
  gtin: z.string(),
  goodsName: z.string(),
  colour: z.string(),
  size: z.string(),
  erpQty: z.number(),
  rfidQty: z.number(),
  diffQty: z.number(),
  price: z.number(),
  value: z.number(),
  ignored: z.boolean(),
});

const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

export const differenceRoutes: FastifyPluginAsyncZod<Services> = async (app) => {
  const db = app.ctx.db;

  const heads = async (session: NonNullable<import('fastify').FastifyRequest['session']>, where: ReturnType<typeof sql>, limit = sql``) => {
    const party = partyRefCondition(sql`d.site_id`, 'tenant/location', session);
    const rows = await queryRows<Record<string, unknown>>(
      db,
      sql`select d.id::int, d.code, d.site_id::int as "siteId", l.code as "siteCode", l.name as "siteName", d.erp_stock_id::int as "erpStockId",
                 e.extern_ref as "erpRef", e.stock_time as "erpTime", d.source, d.count_id::int as "countId",
                 c.code as "countCode", coalesce(c.finished_at, c.reviewed_at) as "countAt",
                 d.only_differences = 1 as "onlyDifferences", d.status, d.sku_count as "skuCount", d.plus_qty as "plusQty",
                 d.minus_qty as "minusQty", d.abs_qty as "absQty", d.ignored_skus as "ignoredSkus", d.diff_value::float8 as "diffValue",
                 d.abs_value::float8 as "absValue", d.currency, d.erp_total as "erpTotal", d.rfid_total as "rfidTotal",
                 d.compared_skus as "comparedSkus", d.exact_skus as "exactSkus", d.accuracy_smape::float8 as "accuracySmape",
                 d.accuracy_sku::float8 as "accuracySku", d.rfid_at as "rfidAt", coalesce(nullif(u.alias_name, ''), u.username) as "approvedBy",
                 d.approved_at as "approvedAt", d.exported_at as "exportedAt", d.export_message as "exportMessage",
                 d.export_job_id as "exportJobId", d.created_at as "createdAt"
            from stock_difference_lists d
            join locations l on l.tenant_id = d.tenant_id and l.id = d.site_id
            join erp_stocks e on e.tenant_id = d.tenant_id and e.id = d.erp_stock_id
            left join stock_counts c on c.tenant_id = d.tenant_id and c.id = d.count_id
            left join users u on u.id = d.approved_by
           where d.tenant_id = ${session.tenantId} and ${where} ${party ? sql`and ${party}` : sql``}
           order by d.created_at desc, d.id desc ${limit}`,
    );
    return rows.map(
      (r): Head =>
        ({
          ...r,
          erpTime: iso(r.erpTime)!,
          countAt: iso(r.countAt),
          rfidAt: iso(r.rfidAt)!,
          approvedAt: iso(r.approvedAt),
          exportedAt: iso(r.exportedAt),
          createdAt: iso(r.createdAt)!,
        }) as Head,
    );
  };

  app.get(
    '/store/difference-lists',
    {
      config: { access: { screen: SCREEN, action: 'query' }, fieldLabels: LABELS },
      schema: {
        tags: [SCREEN],
        summary:
          "Difference lists, newest first (a store's or warehouse's user: its own site's): the site, the ERP stock compared, state, totals over the lines not ignored (plus, minus, absolute pieces, ignored SKUs, difference value), SMAPE and SKU accuracy",
        querystring: z.object({
          siteId: id.optional(),
          status: z.coerce.number().int().min(1).max(5).optional(),
          page: z.coerce.number().int().min(1).max(100_000).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: { 200: envelope(z.object({ list: z.array(head), total: z.number() })) },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const where = sql`true ${q.siteId ? sql`and d.site_id = ${q.siteId}` : sql``} ${q.status ? sql`and d.status = ${q.status}` : sql``}`;
      const party = partyRefCondition(sql`d.site_id`, 'tenant/location', req.session!);
      const [{ n }] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from stock_difference_lists d where d.tenant_id = ${req.session!.tenantId} and ${where}
             ${party ? sql`and ${party}` : sql``}`,
      );
      const list = await heads(req.session!, where, sql`limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`);
      return reply.ok({ list, total: n });
    },
  );

  app.get(
    '/store/difference-lists/get',
    {
      config: { access: { screen: SCREEN, action: 'query' }, fieldLabels: LABELS },
      schema: {
        tags: [SCREEN],
        summary:
          'One difference list with its lines (per SKU: ERP and RFID figures, diff = rfid − erp, price, value, ignored), differences first',
        querystring: z.object({ id }),
        response: { 200: envelope(head.extend({ lines: z.array(line) })) },
      },
    },
    async (req, reply) => {
      const list = await reachedList(db, req.session!, req.query.id);
      const [h] = await heads(req.session!, sql`d.id = ${list.id}`);
      const lines = await queryRows<z.infer<typeof line>>(
        db,
        sql`select x.sku_id::int as "skuId", k.sku_barcode as "skuBarcode", k.gtin, coalesce(g.goods_name, '') as "goodsName",
                   k.colour, k.size, x.erp_qty as "erpQty", x.rfid_qty as "rfidQty", x.diff_qty as "diffQty", x.price::float8 as price,
                   x.value::float8 as value, x.ignored = 1 as ignored
              from stock_difference_lines x
              join goods_skus k on k.tenant_id = x.tenant_id and k.id = x.sku_id
              left join goods g on g.tenant_id = k.tenant_id and g.id = k.goods_id
             where x.tenant_id = ${req.session!.tenantId} and x.list_id = ${list.id}
             order by (x.diff_qty = 0), abs(x.diff_qty) desc, k.sku_barcode`,
      );
      return reply.ok({ ...h, lines });
    },
  );

  app.post(
    '/store/difference-lists',
    {
      config: { access: { screen: SCREEN, action: 'add' }, fieldLabels: LABELS },
      schema: {
        tags: [SCREEN],
        summary:
          'Create a difference list (a draft) for a site: its latest ERP stock against its RFID stock now (the book: the last approved count + movements since), every SKU either side holds; onlyDifferences keeps the lines whose figures differ (the KPIs still count every SKU). Refused 400 naming siteId for a site the user does not reach or one without an ERP stock. The book does not change',
        body: z.object({ siteId: id, onlyDifferences: z.boolean().optional() }).strict(),
        response: { 200: envelope(z.object({ id: z.number(), code: z.string() })) },
      },
    },
    async (req, reply) => {
      const session = req.session!;
      const refuse = (message: string) => validationError(req.lang, [{ code: 'custom', path: ['siteId'], message }], LABELS);
      const made = await db.transaction(async (tx) => {
        const site = await siteById(tx, session, req.body.siteId);
        if (!site) throw refuse('validation.diffSiteUnknown');
        const erp = await erpStockOf(tx, session.tenantId, site.id);
        if (!erp) throw refuse('validation.diffNoErpStock');
        const rfid = await bookOf(tx, session.tenantId, site.id);
        return makeList(
          tx,
          session.tenantId,
          { site, erp, rfid, rfidAt: new Date(), onlyDifferences: !!req.body.onlyDifferences },
          {
            userId: session.userId,
          },
        );
      });
      return reply.ok(made, 'differences.created', { code: made.code });
    },
  );

  app.post(
    '/store/difference-lists/ignore',
    {
      config: { access: { screen: SCREEN, action: 'edit' }, fieldLabels: LABELS },
      schema: {
        tags: [SCREEN],
        summary:
          'Mark SKUs of a draft list ignored (ignored: true) or counted again (false): ignored lines stay on the list but out of its totals and of the ERP adjustment. Refused 409 once the list is approved',
        body: z.object({ id, skuIds: z.array(id).min(1).max(10_000), ignored: z.boolean() }).strict(),
        response: { 200: envelope(z.object({ changed: z.number() })) },
      },
    },
    async (req, reply) => {
      const changed = await db.transaction((tx) => ignoreLines(tx, req.session!, req.body.id, req.body.skuIds, req.body.ignored, req.lang));
      return reply.ok({ changed });
    },
  );

  app.post(
    '/store/difference-lists/approve',
    {
      config: { access: { screen: SCREEN, action: 'approve' }, fieldLabels: LABELS },
      schema: {
        tags: [SCREEN],
        summary:
          'Approve a draft difference list (Draft → Approved; approver and time recorded): the ERP is to be corrected to the RFID figures of its lines not ignored — its adjustment (erp → rfid) is then final, exported by Export or read at GET /api/store/difference-lists/{id}/adjustment. The book (RFID stock) does not change. Refused 409 naming the state otherwise',
        body: z.object({ id }).strict(),
        response: { 200: envelope(z.object({ id: z.number(), status: z.number() })) },
      },
    },
    async (req, reply) => {
      const session = req.session!;
      const list = await db.transaction(async (tx) => {
        const l = await reachedList(tx, session, req.body.id, true);
        await moveList(tx, session.tenantId, l, 'approve', req.lang, sql`, approved_by = ${session.userId}, approved_at = now()`);
        return l;
      });
      return reply.ok({ id: list.id, status: DIFF_STATUS.APPROVED }, 'differences.approved', { code: list.code });
    },
  );

  app.post(
    '/store/difference-lists/export',
    {
      config: { access: { screen: SCREEN, action: 'export' }, fieldLabels: LABELS },
      schema: {
        tags: [SCREEN],
        summary:
          'Export an approved list (or one whose export failed) to the ERP: a job (kind store.differenceExport; progress at /api/jobs/{jobId}) writes its adjustment — per SKU not ignored whose figures differ: GTIN, ERP and RFID figures, the correction — as an .xlsx (download: /api/jobs/{jobId}/download) and moves the list Exporting → Exported, or Export failed with the reason (e.g. a SKU without a GTIN), which may be exported again',
        body: z.object({ id }).strict(),
        response: { 200: envelope(z.object({ jobId: z.string(), state: z.string() })) },
      },
    },
    async (req, reply) => {
      const session = req.session!;
      const job = await db.transaction(async (tx) => {
        const l = await reachedList(tx, session, req.body.id, true);
        const queued = await enqueue(
          app.ctx,
          { kind: DIFF_EXPORT_KIND, tenantId: session.tenantId, owner: session.userId, payload: { listId: l.id, lang: req.lang } },
          tx,
        );
        await moveList(tx, session.tenantId, l, 'export', req.lang, sql`, export_job_id = ${queued!.id}, export_message = ''`);
        return queued!;
      });
      return reply.ok({ jobId: job.id, state: job.state }, 'differences.exportQueued');
    },
  );

  app.get(
    '/store/difference-lists/:id/adjustment',
    {
      config: { access: { screen: SCREEN, action: 'export' }, fieldLabels: LABELS },
      schema: {
        tags: [SCREEN],
        summary:
          "The ERP adjustment of an approved (or exported) difference list, for the ERP to take through the API: the site (location), the ERP stock's reference it corrects, approval, totals, and per SKU not ignored whose figures differ its GTIN, SKU barcode, ERP and RFID figures and qty = the correction (rfid − erp). Refused 409 for a draft",
        params: z.object({ id }),
        response: {
          200: envelope(
            z.object({
              code: z.string(),
              status: z.number(),
              location: z.string(),
              extern_ref: z.string(),
              erp_time: z.string(),
              rfid_time: z.string(),
              approved_at: z.string().nullable(),
              approved_by: z.string().nullable(),
              currency: z.string(),
              totals: z.object({ plus: z.number(), minus: z.number(), absolute: z.number(), ignored: z.number(), value: z.number() }),
              lines: z.array(
                z.object({
                  gtin: z.string(),
                  sku: z.string(),
                  erp_qty: z.number(),
                  rfid_qty: z.number(),
                  qty: z.number(),
                  value: z.number(),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (req, reply) => {
      const list = await reachedList(db, req.session!, req.params.id);
      if (!ADJUSTMENT_STATES.includes(list.status))
        throw conflict('differences.notApproved', { code: list.code, state: statusName(req.lang, list.status) });
      const { head: h, lines } = await adjustmentOf(db, req.session!.tenantId, list.id);
      return reply.ok({
        code: h.code,
        status: h.status,
        location: h.site_code,
        extern_ref: h.extern_ref,
        erp_time: iso(h.stock_time)!,
        rfid_time: iso(h.rfid_at)!,
        approved_at: iso(h.approved_at),
        approved_by: h.approver,
        currency: h.currency,
        totals: { plus: h.plus_qty, minus: h.minus_qty, absolute: h.abs_qty, ignored: h.ignored_skus, value: h.diff_value },
        lines: lines.map((l) => ({ gtin: l.gtin, sku: l.sku, erp_qty: l.erpQty, rfid_qty: l.rfidQty, qty: l.qty, value: l.value })),
      });
    },
  );

  app.post(
    '/store/difference-lists/delete',
    {
      config: { access: { screen: SCREEN, action: 'delete' }, fieldLabels: LABELS },
      schema: {
        tags: [SCREEN],
        summary: 'Delete a draft difference list with its lines; refused 409 once approved',
        body: z.object({ id }).strict(),
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      const session = req.session!;
      await db.transaction(async (tx) => {
        const l = await reachedList(tx, session, req.body.id, true);
        if (l.status !== DIFF_STATUS.DRAFT)
          throw conflict('differences.notDeletable', { code: l.code, state: statusName(req.lang, l.status) });
        await tx.execute(sql`delete from stock_difference_lists where tenant_id = ${session.tenantId} and id = ${l.id}`);
      });
      return reply.ok(null, 'common.deleteSuccess');
    },
  );
};
