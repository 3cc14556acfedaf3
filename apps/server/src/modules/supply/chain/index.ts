import { submissionDetailResource, supplyOrderDetailResource } from '@tagloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../../app.js';
import type { ModulePart } from '../../../core/module.js';
import { resourceRoutes } from '../../../core/resource/routes.js';
import { ResourceService } from '../../../core/resource/service.js';
import { orderLineHooks, packingHooks, packingLineHooks, supplyOrderHooks } from './hooks.js';
import { seedSupplyDemo } from './seed.js';
import { supplyOrderLines, supplyPackingLines } from './tables.js';

/** The read-only line screens (purchase order detail, submission form detail): list, get, export, options. */
const lineRoutes: FastifyPluginAsyncZod<Services> = async (app) => {
  await app.register(resourceRoutes, {
    service: new ResourceService(app.ctx, supplyOrderDetailResource, supplyOrderLines as never, orderLineHooks()),
  });
  await app.register(resourceRoutes, {
    service: new ResourceService(app.ctx, submissionDetailResource, supplyPackingLines as never, packingLineHooks()),
  });
};

/**
 * The supply chain area of the supply module: commodity purchase orders (lines, totals, repeal;
 * `commodityOrderUsable` in the domain says whether one may produce label orders), sample card
 * shipments, packing review, and the two read-only line screens; the demo tenant's orders and cartons.
 */
export const supplyPart: ModulePart = {
  hooks: () => ({ 'supply/purchase-order': supplyOrderHooks, 'supply/packing-review': packingHooks }),
  routes: [lineRoutes],
  seedDemo: (tx, tenant) => seedSupplyDemo(tx, tenant),
};
