/**
 * store/inventory's stock routes (guarded by its buttons): the sites a user may look at, a site's
 * stock per option (three numbers), the EPCs of a SKU present there, the refill list and tasks, a
 * store's on-shelf availability day by day. A user bound to a store or warehouse sees its own site
 * only (asking for another answers 404).
 */
import { LOCATION_KIND } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SessionInfo } from '../../../core/context.js';
import { envelope } from '../../../core/envelope.js';
import { badRequest, notFound } from '../../../core/errors.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { osaDays } from './osa.js';
import { refillList, refillMoves, refillTasks, startRefill } from './refill.js';
import { type ErpStock, presentEpcs, stockOptions } from './view.js';

const SCREEN = 'store/inventory';
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The ERP's stock of a site, from the module that imports it (erp/: set when that part registers). */
let erpStockOf: (tx: Tx, tenantId: number, siteId: number) => Promise<ErpStock> = async () => null;
export const useErpStock = (fn: typeof erpStockOf) => {
  erpStockOf = fn;
};

/** A page of a list's options (the stock page's, the refill list's). */
const pageOf = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
};

interface Site {
  id: number;
  code: string;
  name: string;
  kind: number;
  /** it has a sales floor and a stock room (floor / room numbers and refill) */
  zoned: boolean;
}

/** The stores and warehouses the session reaches (its own site when bound to one). */
export async function sitesOf(tx: Tx, session: Pick<SessionInfo, 'tenantId' | 'party'>): Promise<Site[]> {
  const own = session.party && (session.party.kind === 'store' || session.party.kind === 'warehouse') ? session.party.id : null;
  if (session.party && own === null) return [];
  const rows = await queryRows<Site>(
    tx,
    sql`select l.id::int, l.code, l.name, l.kind,
               exists (select 1 from locations z where z.tenant_id = l.tenant_id and z.site_id = l.id and z.zone_type = 1)
           and exists (select 1 from locations z where z.tenant_id = l.tenant_id and z.site_id = l.id and z.zone_type = 2) as zoned
          from locations l
         where l.tenant_id = ${session.tenantId} and l.kind in (${LOCATION_KIND.STORE}, ${LOCATION_KIND.WAREHOUSE})
           ${own === null ? sql`` : sql`and l.id = ${own}`}
         order by l.kind, l.code`,
  );
  return rows;
}

/** The site asked for, if the session reaches it. */
async function siteOf(tx: Tx, session: SessionInfo, siteId: number): Promise<Site> {
  const site = (await sitesOf(tx, session)).find((s) => s.id === siteId);
  if (!site) throw notFound('stock.siteNotFound', { id: siteId });
  return site;
}

const sizeSchema = z.object({
  skuId: z.number(),
  size: z.string(),
  skuBarcode: z.string(),
  erp: z.number().nullable(),
  book: z.number(),
  present: z.number(),
  floor: z.number(),
  room: z.number(),
});

export const stockRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.db;

  app.get(
    '/store/stock/sites',
    {
      config: { access: { screen: SCREEN, action: 'query' } },
      schema: {
        tags: [SCREEN],
        summary: 'The stores and warehouses whose stock the user may see (a bound user: its own site)',
        response: {
          200: envelope(z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), kind: z.number(), zoned: z.boolean() }))),
        },
      },
    },
    async (req, reply) => reply.ok(await sitesOf(db, req.session!)),
  );

  app.get(
    '/store/stock',
    {
      config: { access: { screen: SCREEN, action: 'query' } },
      schema: {
        tags: [SCREEN],
        summary:
          "A site's goods per option (style and colour), sizes across: ERP stock (the last import), RFID book stock (the last count plus documents since) and tags present now, sales floor / stock room; with the site's totals",
        querystring: z.object({
          siteId: id,
          q: z.string().max(64).optional(),
          ...pageOf,
        }),
        response: {
          200: envelope(
            z.object({
              site: z.object({ id: z.number(), code: z.string(), name: z.string(), zoned: z.boolean() }),
              erp: z.object({ at: z.string(), ref: z.string() }).nullable(),
              total: z.number(),
              totals: z.object({
                options: z.number(),
                skus: z.number(),
                erp: z.number(),
                book: z.number(),
                present: z.number(),
                floor: z.number(),
                room: z.number(),
              }),
              list: z.array(
                z.object({
                  goodsId: z.number(),
                  styleNumber: z.string(),
                  goodsName: z.string(),
                  colour: z.string(),
                  sizes: z.array(sizeSchema),
                  lastCountedAt: z.string().nullable(),
                  lastReadAt: z.string().nullable(),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (req, reply) => {
      const session = req.session!;
      const site = await siteOf(db, session, req.query.siteId);
      const erp = await erpStockOf(db, session.tenantId, site.id);
      const page = await stockOptions(db, session.tenantId, site.id, erp, req.query);
      return reply.ok({
        site: { id: site.id, code: site.code, name: site.name, zoned: site.zoned },
        erp: erp && { at: erp.at.toISOString(), ref: erp.ref },
        ...page,
      });
    },
  );

  app.get(
    '/store/stock/epcs',
    {
      config: { access: { screen: SCREEN, action: 'query' } },
      schema: {
        tags: [SCREEN],
        summary: 'The EPCs of a SKU present at a site now, with their zone and last read, newest read first (at most 500)',
        querystring: z.object({ siteId: id, skuId: id }),
        response: {
          200: envelope(
            z.array(
              z.object({
                epc: z.string(),
                zoneName: z.string(),
                zoneType: z.number().nullable(),
                lastSeenAt: z.string(),
                presenceSince: z.string().nullable(),
              }),
            ),
          ),
        },
      },
    },
    async (req, reply) => {
      const site = await siteOf(db, req.session!, req.query.siteId);
      return reply.ok(await presentEpcs(db, req.session!.tenantId, site.id, req.query.skuId, 500));
    },
  );

  const refillSize = z.object({ skuId: z.number(), size: z.string(), floor: z.number(), room: z.number(), move: z.number() });
  const task = z.object({
    id: z.number(),
    code: z.string(),
    status: z.number(),
    pieces: z.number(),
    moved: z.number(),
    createdBy: z.string(),
    createdAt: z.string(),
    doneAt: z.string().nullable(),
  });

  app.get(
    '/store/refill',
    {
      config: { access: { screen: SCREEN, action: 'query' } },
      schema: {
        tags: [SCREEN],
        summary:
          "A store's refill list: options on the sales floor missing a size its stock room holds, the pieces to bring (up to 1 a size), by sizes missing × (the last 7 days' sales + 1), one page of them (total: how many options, pieces: the pieces to bring for them all); the floor's on-shelf availability now and after; the store's refill tasks",
        querystring: z.object({
          siteId: id,
          ...pageOf,
        }),
        response: {
          200: envelope(
            z.object({
              zoned: z.boolean(),
              osa: z.number().nullable(),
              osaAfter: z.number().nullable(),
              optionsInStock: z.number(),
              total: z.number(),
              pieces: z.number(),
              list: z.array(
                z.object({
                  goodsId: z.number(),
                  styleNumber: z.string(),
                  goodsName: z.string(),
                  colour: z.string(),
                  sizes: z.array(refillSize),
                  missing: z.number(),
                  sold7d: z.number(),
                  priority: z.number(),
                  pieces: z.number(),
                }),
              ),
              tasks: z.array(task),
            }),
          ),
        },
      },
    },
    async (req, reply) => {
      const session = req.session!;
      const site = await siteOf(db, session, req.query.siteId);
      const { page, pageSize } = req.query;
      const [list, tasks] = [
        await refillList(db, session.tenantId, site.id, { page, pageSize }),
        await refillTasks(db, session.tenantId, site.id),
      ];
      return reply.ok({ ...list, tasks });
    },
  );

  app.get(
    '/store/refill/osa',
    {
      config: { access: { screen: SCREEN, action: 'query' } },
      schema: {
        tags: [SCREEN],
        summary:
          "A store's on-shelf availability day by day over the last `days` (default 28, to today, UTC days): each day's mean of its hourly samples (%, of the options with stock at the store those whose every stocked size is on the sales floor), how many samples, and the last sample's options in stock and options full on the floor. Days without a sample are left out; a store without a sales floor and a stock room has none",
        querystring: z.object({ siteId: id, days: z.coerce.number().int().min(1).max(366).default(28) }),
        response: {
          200: envelope(
            z.array(z.object({ day: z.string(), osa: z.number(), samples: z.number(), options: z.number(), full: z.number() })),
          ),
        },
      },
    },
    async (req, reply) => {
      const session = req.session!;
      const site = await siteOf(db, session, req.query.siteId);
      return reply.ok(await osaDays(db, session.tenantId, site.id, req.query.days));
    },
  );

  app.post(
    '/store/refill/start',
    {
      config: { access: { screen: SCREEN, action: 'add' } },
      schema: {
        tags: [SCREEN],
        summary:
          'Starts a refill task of a store: the pieces per SKU to bring from the stock room (default: the whole refill list); it closes by itself as the readers see them on the floor',
        body: z.object({
          siteId: id,
          lines: z
            .array(z.object({ skuId: id, qty: z.number().int().min(1).max(10_000) }))
            .max(5_000)
            .optional(),
        }),
        response: { 200: envelope(z.object({ id: z.number(), code: z.string(), pieces: z.number() })) },
      },
    },
    async (req, reply) => {
      const session = req.session!;
      const site = await siteOf(db, session, req.body.siteId);
      const lines = req.body.lines ?? (await refillMoves(db, session.tenantId, site.id));
      if (!lines.length) throw badRequest('stock.nothingToRefill');
      const made = await db.transaction((tx) =>
        startRefill(tx, session.tenantId, site.id, lines, { userId: session.userId, username: session.username }),
      );
      return reply.ok(made, 'stock.refillStarted', { code: made.code, pieces: made.pieces });
    },
  );
};
