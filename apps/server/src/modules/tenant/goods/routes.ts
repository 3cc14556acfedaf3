import { goodsResource, goodsSkuResource, pageResult, paging } from '@tagloom/domain';
import { and, asc, count, eq, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../../app.js';
import { envelope } from '../../../core/envelope.js';
import { resourceRoutes } from '../../../core/resource/routes.js';
import { LIST_COUNT_CAP, ResourceService } from '../../../core/resource/service.js';
import { goods, goodsSkus } from './tables.js';

const SCREEN = goodsResource.code;

/** upper(col) like 'X%': a prefix search, read from the column's prefix index (tenant_id, upper(col) text_pattern_ops, id). */
const startsWith = (col: unknown, v: string) => sql`upper(${col}) like ${`${v.toUpperCase().replace(/[\\%_]/g, '\\$&')}%`}`;

/** The goods rows some of whose SKUs have a barcode or a GTIN starting with `q` (a semi-join, both prefix indexes). */
export function goodsWithSku(tenantId: number, q: string): SQL {
  const skus = sql`select ${goodsSkus.goodsId} from ${goodsSkus} where ${and(
    eq(goodsSkus.tenantId, tenantId),
    or(startsWith(goodsSkus.skuBarcode, q), startsWith(goodsSkus.gtin, q)),
  )}`;
  return sql`${goods.id} in (${skus})`;
}

/**
 * The goods screen's own list route: goods found by one of their SKUs (SKU barcode or GTIN prefix),
 * in the list's order and shape (the generic list filters only the goods row's own fields).
 */
export const goodsRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const service = services.resources.get(SCREEN)!;
  // the SKU lines on their own: list, export and import of the SKU sheet (a SKU names its goods by
  // style number), guarded by the goods screen's buttons; edited inside the goods form otherwise
  await app.register(resourceRoutes, { service: new ResourceService(app.ctx, goodsSkuResource, goodsSkus as never) });
  app.post(
    `/${SCREEN}/list-by-sku`,
    {
      config: { access: { screen: SCREEN, action: 'query' } },
      schema: {
        tags: [SCREEN],
        summary: 'Goods: the rows with a SKU whose barcode or GTIN starts with `sku` (case-insensitive), by style number',
        body: paging.extend({ sku: z.string().trim().min(1).max(32) }),
        response: { 200: envelope(pageResult(z.record(z.string(), z.unknown()))) },
      },
    },
    async (req, reply) => {
      const session = req.session!;
      const { sku, page, pageSize } = req.body;
      const where = service.scope(session, goodsWithSku(session.tenantId, sku));
      const db = app.ctx.db;
      const offset = (page - 1) * pageSize;
      const rows = await db.select().from(goods).where(where).orderBy(asc(goods.styleNumber), asc(goods.id)).limit(pageSize).offset(offset);
      let total = offset + rows.length;
      if (rows.length === pageSize || (rows.length === 0 && offset > 0)) {
        const capped = db
          .select({ one: sql`1` })
          .from(goods)
          .where(where)
          .limit(LIST_COUNT_CAP + 1)
          .as('capped');
        [{ total }] = await db.select({ total: count() }).from(capped);
      }
      const list = await service.shown(rows as Record<string, unknown>[], session, false);
      return reply.ok({ list, total, page, pageSize, ...(total > LIST_COUNT_CAP ? { estimated: true } : {}) });
    },
  );
};
