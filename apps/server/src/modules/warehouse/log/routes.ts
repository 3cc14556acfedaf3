import { wmsLogFeed } from '@tagloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { feedRoutes } from '../../../core/feed/routes.js';
import { FeedService } from '../../../core/feed/service.js';
import { partyRefCondition } from '../../../core/party.js';
import { wmsLog } from './tables.js';

/**
 * The warehouse log's list and export (feed warehouse/log). A user bound to a warehouse or store
 * reads its own site's rows: the site is one of the places its party reaches (the one party rule).
 */
export const wmsLogRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    feedRoutes(
      new FeedService(app.ctx.db, wmsLogFeed, wmsLog, { scope: (session) => partyRefCondition(wmsLog.siteId, 'tenant/location', session) }),
    ),
  );
};
