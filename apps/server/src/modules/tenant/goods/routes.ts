import { goodsResource, pageResult, paging } from '@tagloom/domain';
import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../../app.js';
import { envelope } from '../../../core/envelope.js';
import { startsWith } from '../../../core/like.js';
import { pageTotal } from '../../../core/resource/count.js';
import { goods, goodsSkus } from './tables.js';

const SCREEN = goodsResource.code;

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
  const service = services.modules.service(SCREEN);
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
      const { total, estimated } = await pageTotal(db, goods, where, { offset, rows: rows.length, pageSize });
      const list = await service.shown(rows as Record<string, unknown>[], session, false);
      return reply.ok({ list, total, page, pageSize, ...(estimated ? { estimated } : {}) });
    },
  );
};
