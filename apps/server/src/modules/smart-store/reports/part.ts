import type { ModulePart } from '../../../core/module.js';
import { handlerKind } from '../../general/scheduler/handlers.js';
import { fromCatalog } from '../../rfid/state/routes.js';
import { ROLLUP_EVERY_MS, rollupRecent } from './rollup.js';
import { fittingReportRoutes } from './routes.js';

export { rollupDay, rollupRecent, rollupTenantDay } from './rollup.js';

/**
 * The fitting-room reports (smart-store/top, trend, turnover, statistics: routes.ts over
 * aggregate.ts) and the rollups they read, rewritten every hour for today and yesterday of every
 * tenant with fitting sessions (rollup.ts; a demo seed calls rollupDay after writing its sessions).
 */
export const fittingReportsPart: ModulePart = {
  routes: [fittingReportRoutes],
  jobKinds: [
    {
      ...handlerKind(
        'smartStore.fittingRollup',
        async ({ ctx, now }) => {
          const r = await rollupRecent(ctx.db, now, ctx.log);
          return { key: 'fittingReport.rollupDone', params: { tenants: r.tenants, chunks: r.chunks } };
        },
        fromCatalog('fittingReport.rollupTask'),
      ),
      every: ROLLUP_EVERY_MS,
    },
  ],
};
