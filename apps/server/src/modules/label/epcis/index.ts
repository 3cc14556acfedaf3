import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModulePart } from '../../../core/module.js';
import { captureJob } from './capture.js';
import { epcisRoutes } from './routes.js';
import { startDeliveries } from './subscriptions.js';

/** Starts this process's delivery of subscriptions (webhooks); stopped with the server. */
const deliveryLoop: FastifyPluginAsyncZod = async (app) => {
  const stop = startDeliveries(app.ctx);
  app.addHook('onClose', () => stop());
};

/**
 * The EPCIS 2.0 repository of the label module (combined in ../index.ts): GS1's REST binding under
 * /api/epcis over the tag lifecycle (routes.ts), the capture job (capture.ts), the SimpleEventQuery
 * (query.ts), the subscriptions' webhooks (subscriptions.ts, their addresses held public by
 * dest-guard.ts) and the subscriptions over WebSocket (sockets.ts, wired in routes.ts).
 */
export const epcisPart: ModulePart = {
  routes: [epcisRoutes, deliveryLoop],
  jobKinds: [captureJob],
};
