/**
 * ERP stock routes (store/inventory, button import to store one; query to read them): the ERP's own
 * `POST /api/store/erp-stocks` (JSON, Nedap's erp_stock/create shape), the spreadsheet import and its
 * template, and a site's stocks.
 */
import type {} from '@fastify/multipart';
import { ERP_STOCK_SOURCE, L, LOCATION_KIND, translate } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../../app.js';
import { envelope } from '../../../core/envelope.js';
import { badRequest, notFound, validationError } from '../../../core/errors.js';
import { partyRefCondition } from '../../../core/party.js';
import { attachment, workbookBuffer } from '../../../core/resource/excel.js';
import { SHEET_LIMITS } from '../../../core/sheet/limits.js';
import { readSheetRows } from '../../../core/sheet/run.js';
import { queryRows } from '../../../db/client.js';
import { skusByCode } from '../../tenant/goods/service.js';
import { ERP_MAX_ROWS, ERP_QTY_MAX, erpTemplateSheets, importErpStock } from './import.js';
import { erpStocksOf, saveErpStock, siteById, sitesByCode } from './service.js';

const SCREEN = 'store/inventory';
const FILE_MAX_BYTES = 20 * 1024 * 1024;
/** Lines one API call may carry. */
export const ERP_API_MAX_LINES = 10_000;
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const ERP_LABELS = {
  extern_ref: L('ERP 单号', 'ERP 單號', 'ERP reference'),
  time: L('库存时间', '庫存時間', 'Stock time'),
  location: L('站点编码', '據點編碼', 'Site code'),
  lines: L('明细', '明細', 'Lines'),
  gtin: L('GTIN / SKU 条码', 'GTIN / SKU 條碼', 'GTIN / SKU barcode'),
  qty: L('数量', '數量', 'Quantity'),
  'lines.gtin': L('GTIN / SKU 条码', 'GTIN / SKU 條碼', 'GTIN / SKU barcode'),
  'lines.qty': L('数量', '數量', 'Quantity'),
  siteId: L('站点', '據點', 'Site'),
  externRef: L('ERP 单号', 'ERP 單號', 'ERP reference'),
};

const REF = /^[A-Za-z0-9_.:/-]+$/;
const createBody = z.object({
  extern_ref: z.string().trim().min(1).max(64).regex(REF, 'validation.codeChars'),
  time: z.iso.datetime({ offset: true }),
  location: z.string().trim().min(1).max(32),
  lines: z
    .array(z.object({ gtin: z.string().trim().min(1).max(32), qty: z.number().int().min(0).max(ERP_QTY_MAX) }).strict())
    .min(1)
    .max(ERP_API_MAX_LINES),
});
const saved = z.object({ id: z.number(), created: z.boolean(), skuCount: z.number(), totalQty: z.number() });

export const erpStockRoutes: FastifyPluginAsyncZod<Services> = async (app) => {
  const db = app.ctx.db;
  /** A 400 naming the field: `message` a validation.* key, `params` its values. */
  const refuse = (lang: Parameters<typeof validationError>[0], path: (string | number)[], message: string, params = {}) =>
    validationError(lang, [{ code: 'custom', path, message, ...params }], ERP_LABELS);

  app.post(
    '/store/erp-stocks',
    {
      config: { access: { screen: SCREEN, action: 'import' }, fieldLabels: ERP_LABELS },
      schema: {
        tags: [SCREEN],
        summary: `Store an ERP stock of a site (Nedap erp_stock/create): extern_ref (the ERP's reference, unique per site: the same one sent again answers the stock already stored, created false, nothing written), time (when the ERP took it, ISO 8601 with offset), location (the store's or warehouse's code; a store's user: its own), lines [{gtin (a GTIN or the SKU barcode), qty (0–${ERP_QTY_MAX})}] (1–${ERP_API_MAX_LINES}, each SKU once). The latest ERP stock of a site (by time) is its "ERP stock" and the base of its difference lists. Bad input answers 400 naming the field (lines.N.gtin for an unknown or repeated SKU)`,
        body: createBody,
        response: { 200: envelope(saved) },
      },
    },
    async (req, reply) => {
      const session = req.session!;
      const body = req.body;
      const site = (await sitesByCode(db, session, [body.location])).get(body.location);
      if (!site) throw refuse(req.lang, ['location'], 'validation.erpSiteUnknown', { value: body.location });
      const skus = await skusByCode(db, session.tenantId, [...new Set(body.lines.map((l) => l.gtin))]);
      const seen = new Map<number, number>();
      const issues: { code: 'custom'; path: (string | number)[]; message: string; value?: string; line?: number }[] = [];
      const lines: { skuId: number; gtin: string; qty: number }[] = [];
      body.lines.forEach((l, i) => {
        const sku = skus.get(l.gtin);
        if (!sku) issues.push({ code: 'custom', path: ['lines', i, 'gtin'], message: 'validation.erpSkuUnknown', value: l.gtin });
        else if (seen.has(sku.id))
          issues.push({ code: 'custom', path: ['lines', i, 'gtin'], message: 'validation.erpSkuTwice', line: (seen.get(sku.id) ?? 0) + 1 });
        else {
          seen.set(sku.id, i);
          lines.push({ skuId: sku.id, gtin: sku.gtin || l.gtin, qty: l.qty });
        }
      });
      if (issues.length) throw validationError(req.lang, issues.slice(0, 20), ERP_LABELS);
      const out = await db.transaction((tx) =>
        saveErpStock(tx, session.tenantId, {
          siteId: site.id,
          externRef: body.extern_ref,
          time: new Date(body.time),
          source: ERP_STOCK_SOURCE.API,
          lines,
          createdBy: session.userId,
        }),
      );
      return reply.ok(out, out.created ? 'erpStock.stored' : 'erpStock.already', { ref: body.extern_ref, site: site.code });
    },
  );

  app.get(
    '/store/erp-stocks',
    {
      config: { access: { screen: SCREEN, action: 'query' }, fieldLabels: ERP_LABELS },
      schema: {
        tags: [SCREEN],
        summary: "A site's ERP stocks, newest first (by the ERP's time; at most 20): reference, time, source, SKUs and pieces",
        querystring: z.object({ siteId: id }),
        response: {
          200: envelope(
            z.object({
              list: z.array(
                z.object({
                  id: z.number(),
                  externRef: z.string(),
                  time: z.string(),
                  source: z.number(),
                  skuCount: z.number(),
                  totalQty: z.number(),
                  createdAt: z.string(),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (req, reply) => {
      const site = await siteById(db, req.session!, req.query.siteId);
      if (!site) throw notFound(ERP_LABELS.siteId);
      const rows = await erpStocksOf(db, req.session!.tenantId, site.id);
      const iso = (v: unknown) => new Date(v as string).toISOString();
      return reply.ok({ list: rows.map((r) => ({ ...r, time: iso(r.time), createdAt: iso(r.createdAt) })) });
    },
  );

  app.get(
    '/store/erp-stocks/sites',
    {
      config: { access: { screen: SCREEN, action: 'query' } },
      schema: {
        tags: [SCREEN],
        summary:
          "The stores and warehouses the user reaches (a store's user: its own) with a book or an ERP stock, each with its latest ERP stock (reference, time, SKUs, pieces) if any",
        response: {
          200: envelope(
            z.object({
              list: z.array(
                z.object({
                  id: z.number(),
                  code: z.string(),
                  name: z.string(),
                  erp: z
                    .object({ id: z.number(), externRef: z.string(), time: z.string(), skuCount: z.number(), totalQty: z.number() })
                    .nullable(),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (req, reply) => {
      const session = req.session!;
      const party = partyRefCondition(sql`l.id`, 'tenant/location', session);
      const rows = await queryRows<{
        id: number;
        code: string;
        name: string;
        erp_id: number | null;
        extern_ref: string;
        stock_time: unknown;
        sku_count: number;
        total_qty: number;
      }>(
        db,
        sql`select l.id::int, l.code, l.name, e.id::int as erp_id, e.extern_ref, e.stock_time, e.sku_count, e.total_qty
              from locations l
              left join lateral (select * from erp_stocks x where x.tenant_id = l.tenant_id and x.site_id = l.id
                                  order by x.stock_time desc, x.id desc limit 1) e on true
             where l.tenant_id = ${session.tenantId} and l.kind in (${LOCATION_KIND.STORE}, ${LOCATION_KIND.WAREHOUSE})
               and (e.id is not null or exists (select 1 from stock_sku_locations s where s.tenant_id = l.tenant_id and s.site_id = l.id and s.zone_id = 0))
               ${party ? sql`and ${party}` : sql``}
             order by l.kind, l.code`,
      );
      return reply.ok({
        list: rows.map((r) => ({
          id: r.id,
          code: r.code,
          name: r.name,
          erp:
            r.erp_id == null
              ? null
              : {
                  id: r.erp_id,
                  externRef: r.extern_ref,
                  time: new Date(r.stock_time as string).toISOString(),
                  skuCount: r.sku_count,
                  totalQty: r.total_qty,
                },
        })),
      });
    },
  );

  app.get(
    '/store/erp-stocks/template',
    {
      config: { access: { screen: SCREEN, action: 'import' } },
      schema: {
        tags: [SCREEN],
        summary:
          'The ERP stock sheet template (.xlsx): its header row (site code, SKU barcode or GTIN, quantity) in the language of the request, and how to fill it in',
      },
    },
    async (req, reply) =>
      reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', attachment(`${translate(req.lang, 'erpStock.sheetName')}.xlsx`))
        .send(workbookBuffer(erpTemplateSheets(req.lang))),
  );

  const headSchema = z.object({
    externRef: z
      .string()
      .trim()
      .max(64)
      .regex(/^[A-Za-z0-9_.:/-]*$/, 'validation.codeChars')
      .optional(),
    time: z.coerce.date().optional(),
  });

  app.post(
    '/store/erp-stocks/import',
    {
      config: { access: { screen: SCREEN, action: 'import' }, fieldLabels: ERP_LABELS },
      schema: {
        tags: [SCREEN],
        summary: `Import ERP stock from a spreadsheet (multipart: field "file", one .xlsx/.xls of at most ${FILE_MAX_BYTES / 1024 / 1024} MB and ${ERP_MAX_ROWS} rows, its first row the template's header: site code, SKU barcode or GTIN, quantity; text fields externRef (the ERP's reference; default the file's fingerprint, so the same file again stores nothing new) and time (ISO; default now)). One ERP stock per site the sheet names. Every row is checked first (site: a store or warehouse, a store's user its own; SKU known, once per site; quantity 0–${ERP_QTY_MAX}): any bad row refuses the file (400, data.errors: each row's messages naming its column) and nothing is written`,
        response: {
          200: envelope(
            z.object({
              externRef: z.string(),
              sites: z.array(saved.extend({ siteCode: z.string() })),
            }),
          ),
        },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw badRequest('erpStock.noFile');
      const fields: Record<string, string> = {};
      let file: { name: string; buf: Buffer } | undefined;
      try {
        for await (const part of req.parts({ limits: { files: 2, fileSize: FILE_MAX_BYTES, fields: 10, fieldSize: 1024 } })) {
          if (part.type === 'file') {
            if (file) throw badRequest('erpStock.noFile');
            file = { name: part.filename, buf: await part.toBuffer() };
          } else if (typeof part.value === 'string' && part.value !== '') fields[part.fieldname] = part.value;
        }
      } catch (err) {
        if ((err as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw err;
        throw badRequest('resource.importFileTooLarge', { max: FILE_MAX_BYTES / 1024 / 1024 });
      }
      const head = headSchema.safeParse(fields);
      if (!head.success) throw validationError(req.lang, head.error.issues, ERP_LABELS);
      if (!file || !/\.xlsx?$/i.test(file.name)) throw badRequest('erpStock.noFile');
      const sheet = await readSheetRows(file.buf, { lang: req.lang, limits: { ...SHEET_LIMITS, rows: ERP_MAX_ROWS } });
      const out = await importErpStock(db, req.session!, head.data, file.buf, sheet, req.lang);
      const created = out.sites.filter((s) => s.created);
      return reply.ok(out, 'erpStock.imported', {
        sites: out.sites.length,
        created: created.length,
        pieces: out.sites.reduce((a, s) => a + s.totalQty, 0),
      });
    },
  );
};
