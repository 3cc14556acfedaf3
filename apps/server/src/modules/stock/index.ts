import { stockMovesFeed } from '@tagloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { feedRoutes } from '../../core/feed/routes.js';
import { FeedService } from '../../core/feed/service.js';
import { defineModule } from '../../core/module.js';
import { partyRefCondition } from '../../core/party.js';
import { seedStockDemo } from './seed.js';
import { stockMoves } from './tables.js';

export { type CountReset, onHandOf, postStockMoves, resetByCount, type StockMove, signedMoveQty } from './ledger.js';

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

/**
 * The stock ledger (../shared/operations.md §9): each site's book stock per SKU and zone, moved by
 * the documents of the other modules (bills, the till, counts, differences) through
 * `postStockMoves` and `resetByCount`, journalled with the document that moved it.
 */
export const stockModule = defineModule({
  code: 'stock',
  routes: [stockMovesRoutes],
  // the stores' and the central warehouse's stock as their last counts found it (seed.ts)
  seedDemo: (tx, tenant) => seedStockDemo(tx, tenant),
});
