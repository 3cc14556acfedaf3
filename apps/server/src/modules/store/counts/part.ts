import { logisticsInventoryResource, storeInventoryResource } from '@tagloom/domain';
import type { AppContext } from '../../../core/context.js';
import type { ModulePart } from '../../../core/module.js';
import type { ResourceHooks } from '../../../core/resource/service.js';
import { countHooks } from './hooks.js';
import { countRefreshJob, countSyncJob } from './jobs.js';
import { stocktakingReportRoutes } from './report.js';
import { countRoutes } from './routes.js';
import { seedCountDemo } from './seed.js';

/** The count-site picker: listed only (its rows are the stores' and warehouses' screens'). */
const countSiteHooks: ResourceHooks = { omitRoutes: ['create', 'update', 'delete', 'import', 'template', 'export'] };

/**
 * Counts (../shared/operations.md E9) — store/inventory's Counts tab, and the stocktaking report:
 * the sheets and their moves (hooks), refresh and sync as jobs, the drawer's detail, the handheld
 * upload for a count; the warehouses' counts (logistics/inventory) are the logistics module's
 * screen with the hooks of logisticsCountHooks.
 */
export const countsPart: ModulePart = {
  hooks: (ctx) => ({
    'store/inventory': countHooks(ctx, storeInventoryResource, 'store'),
    'store/count-site': countSiteHooks,
  }),
  jobKinds: [countRefreshJob, countSyncJob],
  routes: [countRoutes('store/inventory'), countRoutes('logistics/inventory'), stocktakingReportRoutes],
  seedDemo: (tx, tenant) => seedCountDemo(tx, tenant),
};

/** The hooks of logistics/inventory (the warehouses' counts), for the logistics module. */
export const logisticsCountHooks = (ctx: AppContext): ResourceHooks => countHooks(ctx, logisticsInventoryResource, 'warehouse');
