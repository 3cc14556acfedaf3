import type { ModulePart } from '../../../core/module.js';
import { handlerKind } from '../../general/scheduler/handlers.js';
import { fromCatalog, stateRoutes } from './routes.js';
import { sweepDepartures } from './service.js';

/** How often the departure sweep runs (a recurring system job; also offered as a scheduled task). */
export const SWEEP_EVERY_MS = 60_000;

/**
 * The state area of the RFID module (area P, combined in ../index.ts): EPC state and presence.
 * The ingestion pipeline queues its reads (fold-queue.ts) in its transaction and kicks this
 * process's fold runner (fold-runner.ts) after the commit; the departure sweep is a
 * job kind run every minute (and a task the scheduler may name); R calls closePresenceAt when a
 * reader is unbound, L countByPresence for the dashboards.
 */
export const statePart: ModulePart = {
  routes: [stateRoutes],
  jobKinds: [
    {
      ...handlerKind(
        'rfid.sweepDepartures',
        async ({ ctx, now }) => ({ key: 'presence.sweepDone', params: { count: await sweepDepartures(ctx.db, now) } }),
        fromCatalog('presence.sweepTask'),
      ),
      every: SWEEP_EVERY_MS,
    },
  ],
};
export { type FoldRead, type FoldResult, foldReads, type PresenceChange } from './fold.js';
export { foldBacklog, foldQueued } from './fold-queue.js';
export { closePresenceAt, countByPresence, type PresenceCounts, sweepDepartures } from './service.js';
