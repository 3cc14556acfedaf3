import type { ModulePart } from '../../../core/module.js';
import { handlerKind } from '../../general/scheduler/handlers.js';
import { fromCatalog } from '../../rfid/state/routes.js';
import { OSA_EVERY_MS, sampleAllOsa, seedOsaHistory } from './osa.js';
import { refillOnReads } from './refill.js';
import { stockRoutes } from './routes.js';

// refill tasks close as their pieces are read on the sales floor
refillOnReads();

/**
 * store/inventory's Stock and Refill tabs: a site's three stock numbers per option, refill list and
 * tasks, and each zoned store's on-shelf availability sampled every hour (osa.ts).
 */
export const stockPart: ModulePart = {
  routes: [stockRoutes],
  jobKinds: [
    {
      ...handlerKind(
        'store.sampleOsa',
        async ({ ctx, now }) => {
          const n = await sampleAllOsa(ctx.db, now, ctx.log);
          return n === null ? { key: 'storeOsa.skipped', params: {} } : { key: 'storeOsa.done', params: { stores: n } };
        },
        fromCatalog('storeOsa.task'),
      ),
      every: OSA_EVERY_MS,
    },
  ],
  // the last four weeks of the zoned stores' OSA, around their floors as the demo left them
  seedDemo: (tx, tenant) => seedOsaHistory(tx, tenant),
};
