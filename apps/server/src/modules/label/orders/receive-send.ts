import { receiveSendResource, SHIPPING_STATES } from '@tagloom/domain';
import { inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../../app.js';
import { resourceRoutes } from '../../../core/resource/routes.js';
import { ResourceService } from '../../../core/resource/service.js';
import { tableOf } from '../../../db/resource-table.js';
import { labelOrders } from './tables.js';

/**
 * Receive / send goods: the orders once produced (production completed, shipped, signed); the
 * supplier ships (express company and number), the brand signs. A view of the orders with no Add:
 * the module serves its generic routes (list, get, export, the two actions).
 */
export const receiveSendRoutes: FastifyPluginAsyncZod<Services> = async (app) => {
  const service = new ResourceService(app.ctx, receiveSendResource, tableOf(receiveSendResource.code) as never, {
    scope: () => inArray(labelOrders.status, [...SHIPPING_STATES]),
  });
  await app.register(resourceRoutes, { service });
};
