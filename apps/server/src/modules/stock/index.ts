import { stockMovesFeed } from '@tagloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { feedRoutes } from '../../core/feed/routes.js';
import { FeedService } from '../../core/feed/service.js';
import { defineModule } from '../../core/module.js';
import { partyRefCondition } from '../../core/party.js';
import { handlerKind } from '../general/scheduler/handlers.js';
import { fromCatalog } from '../rfid/state/routes.js';
import { dailyRecount, markRecounted, presentSkusTally, RECOUNT_EVERY_MS, recountPresent } from './presence.js';
import { seedStockDemo } from './seed.js';
import { stockMoves } from './tables.js';

export { type CountReset, onHandOf, postStockMoves, resetByCount, type StockMove, signedMoveQty } from './ledger.js';
export { recountPresent } from './presence.js';

/**
 * The ledger's journal (store/inventory → Movements), guarded by store/inventory's buttons: a user
 * bound to a store or warehouse reads its own site's rows.
 */
const stockMovesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    feedRoutes(
      new FeedService(app.ctx.db, stockMovesFeed, stockMoves, {
        scope: (session) => partyRefCondition(stockMoves.siteId, 'tenant/location', session),
      }),
      { screen: 'store/inventory' },
    ),
  );
};

// every change of a tag's presence moves its SKU's count of present tags (presence.ts)
presentSkusTally();

/**
 * The stock ledger (../shared/operations.md §9): each site's book stock per SKU and zone, moved by
 * the documents of the other modules (bills, the till, counts, differences) through
 * `postStockMoves` and `resetByCount`, journalled with the document that moved it; and the tags
 * present now per place and SKU, kept by the presence tally and counted again every day.
 */
export const stockModule = defineModule({
  code: 'stock',
  routes: [stockMovesRoutes],
  jobKinds: [
    {
      ...handlerKind(
        'stock.recountPresent',
        async ({ ctx, now }) => {
          const r = await dailyRecount(ctx.db, now, ctx.log);
          return r ? { key: 'stock.recountDone', params: { sites: r.sites, off: r.off } } : { key: 'stock.recountSkipped', params: {} };
        },
        fromCatalog('stock.recountTask'),
      ),
      every: RECOUNT_EVERY_MS,
    },
  ],
  // the stores' and the central warehouse's stock as their last counts found it (seed.ts), and
  // their present tags counted (the seed writes the states straight into their table)
  seedDemo: async (tx, tenant) => {
    await seedStockDemo(tx, tenant);
    await recountPresent(tx, tenant.id);
    await markRecounted(tx);
  },
});
