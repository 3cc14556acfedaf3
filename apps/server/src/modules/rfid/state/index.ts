import type { ModulePart } from '../../../core/module.js';
import { handlerKind } from '../../general/scheduler/handlers.js';
import { AGE_OUT_EVERY_MS, ageOutStates } from './age-out.js';
import { fromCatalog, stateRoutes } from './routes.js';
import { sweepDepartures } from './service.js';

/** How often the departure sweep runs (a recurring system job; also offered as a scheduled task). */
export const SWEEP_EVERY_MS = 60_000;

/**
 * The state area of the RFID module (area P, combined in ../index.ts): EPC state and presence.
 * The ingestion pipeline queues its reads (fold-queue.ts) in its transaction and kicks this
 * process's fold runner (fold-runner.ts) after the commit; the departure sweep is a
 * job kind run every minute (and a task the scheduler may name), the age-out of departed tags'
 * states (age-out.ts) one run every hour; R calls closePresenceAt when a reader is unbound, L
 * countByPresence for the dashboards.
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
    {
      ...handlerKind(
        'rfid.ageOutStates',
        async ({ ctx, now }) => {
          const r = await ageOutStates(ctx.db, now, ctx.log);
          return { key: 'epcState.ageOutDone', params: { count: r.deleted, tenants: r.tenants } };
        },
        fromCatalog('epcState.ageOutTask'),
      ),
      every: AGE_OUT_EVERY_MS,
    },
  ],
};
export { ageOutStates } from './age-out.js';
export { type DocumentPresence, markReturnedByDocument, markSoldByDocument, presenceOf } from './documents.js';
export { type FoldRead, type FoldResult, foldReads, type PresenceChange } from './fold.js';
export { foldBacklog, foldQueued } from './fold-queue.js';
export { closePresenceAt, countByPresence, type PresenceCounts, sweepDepartures } from './service.js';
