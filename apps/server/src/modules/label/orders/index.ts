import { printTaskResource, receiveSendResource, SHIPPING_STATES, sketchResource } from '@tagloom/domain';
import { inArray } from 'drizzle-orm';
import type { ModulePart } from '../../../core/module.js';
import { generateEpcJob } from './epc-job.js';
import { labelOrderHooks } from './hooks.js';
import { printTaskHooks, printTaskRoutes, sketchHooks } from './print.js';
import { seedOrdersDemo } from './seed.js';
import { labelOrders } from './tables.js';
import { wizardRoutes } from './wizard.js';

/**
 * The label orders area: label purchase orders (numbers, totals, confirmation checks), their
 * sketches and print tasks (which only exist for an order in a given state), and receive / send
 * goods: the orders once produced (production completed, shipped, signed), a view with no Add where
 * the supplier ships (express company and number) and the brand signs.
 */
export const ordersPart: ModulePart = {
  hooks: (ctx) => ({
    'label/purchase-order': labelOrderHooks(ctx),
    'label/half-order': labelOrderHooks(ctx),
    'label/finished-order': labelOrderHooks(ctx),
    [sketchResource.code]: sketchHooks(),
    [printTaskResource.code]: printTaskHooks(),
    [receiveSendResource.code]: { scope: () => inArray(labelOrders.status, [...SHIPPING_STATES]) },
  }),
  jobKinds: [generateEpcJob],
  routes: [printTaskRoutes, wizardRoutes],
  seedDemo: (tx, tenant, env) => seedOrdersDemo(tx, tenant, env.config),
};
