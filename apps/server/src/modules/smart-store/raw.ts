/**
 * Raw data of the fitting rooms (smart-store/raw-data): the reads of FITTING-scene readers (the view
 * fr_raw_reads of the rfid module's reads, with the SKU each EPC's tag names), listed and exported
 * by the feed routes. A user bound to a store sees the reads made in its store's cabins.
 */
import { fittingRawFeed } from '@tagloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { feedRoutes } from '../../core/feed/routes.js';
import { FeedService } from '../../core/feed/service.js';
import { partyRefCondition } from '../../core/party.js';
import { frRawReads } from './tables.js';

export const fittingRawRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    feedRoutes(
      new FeedService(app.ctx.db, fittingRawFeed, frRawReads, {
        scope: (session) => partyRefCondition(frRawReads.locationId, 'tenant/location', session),
      }),
    ),
  );
};
