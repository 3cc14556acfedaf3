import { smartStoreModule as domain, fittingArchiveResource } from '@tagloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineModule } from '../../core/module.js';
import { archiveHooks } from './archive.js';
import { fittingOnReads, fittingOnSales, startFittingSweep } from './live.js';
import { fittingRawRoutes } from './raw.js';
import { fittingReportsPart } from './reports/part.js';
import { seedFittingDemo } from './seed.js';

// the cabins' readers' reads become sessions (the fold's reads of FITTING-scene readers)
fittingOnReads();
// a sale at the till joins the sessions of the hours before it
fittingOnSales();

/** Starts this process's sweep of the cabins (sessions closed, sales joined); stopped with the server. */
const sweepRoutes: FastifyPluginAsyncZod = async (app) => {
  const stop = startFittingSweep(app.ctx);
  app.addHook('onClose', () => stop());
};

/**
 * The smart-store module (../shared/operations.md slice D): the fitting rooms — each store's area,
 * cabins and rules (archive.ts), the cabins' sessions made live from their readers' reads and
 * joined with the till (live.ts), their raw reads (raw.ts), the reports over their daily rollups
 * (reports/), and the demo's two weeks (seed.ts) and last day (demo-reads.ts).
 */
export const smartStoreModule = defineModule({
  code: 'smart-store',
  domain,
  hooks: (ctx) => ({ [fittingArchiveResource.code]: archiveHooks(ctx) }),
  routes: [fittingRawRoutes, sweepRoutes, ...(fittingReportsPart.routes ?? [])],
  jobKinds: fittingReportsPart.jobKinds,
  seedDemo: (tx, tenant) => seedFittingDemo(tx, tenant),
});
