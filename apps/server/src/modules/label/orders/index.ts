import type { ModulePart } from '../../../core/module.js';
import { generateEpcJob } from './epc-job.js';
import { labelOrderHooks } from './hooks.js';
import { printTaskRoutes, sketchRoutes } from './print.js';
import { receiveSendRoutes } from './receive-send.js';
import { seedOrdersDemo } from './seed.js';
import { wizardRoutes } from './wizard.js';

/** The label orders area: label purchase orders (numbers, totals, confirmation checks). */
export const ordersPart: ModulePart = {
  hooks: (ctx) => ({
    'label/purchase-order': labelOrderHooks(ctx),
    'label/half-order': labelOrderHooks(ctx),
    'label/finished-order': labelOrderHooks(ctx),
  }),
  jobKinds: [generateEpcJob],
  routes: [printTaskRoutes, sketchRoutes, receiveSendRoutes, wizardRoutes],
  seedDemo: (tx, tenant, env) => seedOrdersDemo(tx, tenant, env.config),
};
