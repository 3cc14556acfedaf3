import { LABEL_ORDER, supplierOrderResource } from '@tagloom/domain';
import { ne } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../../app.js';
import type { ModulePart } from '../../../core/module.js';
import { resourceRoutes } from '../../../core/resource/routes.js';
import { ResourceService } from '../../../core/resource/service.js';
import { tableOf } from '../../../db/resource-table.js';
import { labelOrderHooks } from '../../label/orders/hooks.js';
import type { labelOrders } from '../../label/orders/tables.js';

/**
 * The supplier's view of label orders (supply/label-order, the rows of label/purchase-order): a view
 * with no Add, so the module serves its generic routes (list, get, export, its machine's actions),
 * with the orders' own hooks; drafts stay the brand's own.
 */
const supplierOrderRoutes: FastifyPluginAsyncZod<Services> = async (app) => {
  const table = tableOf(supplierOrderResource.code) as never as typeof labelOrders;
  // an order reaches its supplier once submitted: drafts are the brand's own
  const service = new ResourceService(app.ctx, supplierOrderResource, table as never, {
    ...labelOrderHooks(app.ctx),
    scope: () => ne(table.status, LABEL_ORDER.DRAFT),
  });
  await app.register(resourceRoutes, { service });
};

export const labelOrderPart: ModulePart = { routes: [supplierOrderRoutes] };
