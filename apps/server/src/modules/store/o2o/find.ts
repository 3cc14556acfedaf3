/**
 * O2O's "find" (store/o2o-delivery, query): GET …/find?id= — an order's pick list as the clerk
 * walks it: per line the SKU (goods, colour, size), pieces ordered and picked, and where the
 * store's readers see that SKU's pieces now (per zone — sales floor, stock room … — from the
 * presence tallies, the store itself when it has no zones), most pieces first. An order the user's
 * list does not show: 404.
 */
import { LOCATION_KIND, o2oDeliveryResource } from '@tagloom/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../../app.js';
import { envelope } from '../../../core/envelope.js';
import { notFound } from '../../../core/errors.js';
import { queryRows } from '../../../db/client.js';
import { skuFacts } from '../../tenant/goods/service.js';
import { o2oDeliveries } from './tables.js';

const SCREEN = o2oDeliveryResource.code;

export const o2oFindRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const db = app.ctx.db;
  app.get(
    `/${SCREEN}/find`,
    {
      config: { access: { screen: SCREEN, action: 'query' }, skipOperationLog: true },
      schema: {
        tags: [SCREEN],
        summary:
          "An O2O order's pick list: per line the SKU, pieces ordered and picked, and the store's zones where its readers see the SKU's pieces now (most first). An order the user's list does not show: 404",
        querystring: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
        response: {
          200: envelope(
            z.object({
              lines: z.array(
                z.object({
                  skuId: z.number(),
                  skuBarcode: z.string(),
                  goodsName: z.string(),
                  colour: z.string(),
                  size: z.string(),
                  qty: z.number(),
                  pickedQty: z.number(),
                  places: z.array(z.object({ locationId: z.number(), name: z.string(), present: z.number() })),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (req, reply) => {
      const session = req.session!;
      const tenantId = session.tenantId!;
      const service = services.modules.service(SCREEN);
      const [order] = await db
        .select({ id: o2oDeliveries.id, siteId: o2oDeliveries.fulfilSiteId })
        .from(o2oDeliveries)
        .where(service.scope(session, eq(o2oDeliveries.id, req.query.id)));
      if (!order) throw notFound(service.def.names);
      const lines = await queryRows<{ sku_id: number; qty: number; picked_qty: number }>(
        db,
        sql`select sku_id::int, qty::int, picked_qty::int from customer_order_lines
             where tenant_id = ${tenantId} and order_id = ${req.query.id} order by id`,
      );
      const skus = lines.map((l) => l.sku_id);
      const seen = skus.length
        ? await queryRows<{ sku_id: number; location_id: number; name: string; present: number }>(
            db,
            sql`select p.sku_id::int, p.location_id::int, l.name, p.present::int from stock_present_skus p
                  join locations l on l.tenant_id = p.tenant_id and l.id = p.location_id
                 where p.tenant_id = ${tenantId} and p.present > 0 and p.sku_id in (${sql.join(
                   skus.map((s) => sql`${s}`),
                   sql`, `,
                 )})
                   and (l.id = ${Number(order.siteId)} or (l.kind = ${LOCATION_KIND.ZONE} and l.site_id = ${Number(order.siteId)}))
                 order by p.present desc, l.name`,
          )
        : [];
      const facts = await skuFacts(db, tenantId, skus);
      return reply.ok({
        lines: lines.map((l) => {
          const f = facts.get(l.sku_id);
          return {
            skuId: l.sku_id,
            skuBarcode: f?.skuBarcode ?? '',
            goodsName: f?.goodsName ?? '',
            colour: f?.colour ?? '',
            size: f?.size ?? '',
            qty: l.qty,
            pickedQty: l.picked_qty,
            places: seen.filter((s) => s.sku_id === l.sku_id).map((s) => ({ locationId: s.location_id, name: s.name, present: s.present })),
          };
        }),
      });
    },
  );
};
