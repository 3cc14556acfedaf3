import { type L10n, LANGS, storeDeliveryResource, storeReceivingResource, translate } from '@tagloom/domain';
import type { ModulePart } from '../../../core/module.js';
import { handlerKind } from '../../general/scheduler/handlers.js';
import { loggedHooks } from '../../warehouse/log/writer.js';
import { storeDeliveryHooks } from './delivery.js';
import { finishOverdueAll, receiveOnReads, STORE_FINISH_EVERY_MS, storeReceivingHooks } from './receiving.js';
import { seedStoreBillsDemo } from './seed.js';

// the reads of a bill's EPCs arriving at its store receive it (the fold's presence changes)
receiveOnReads();

/** The recurring job's name on the scheduler screen, from the catalogs. */
const finishTask = Object.fromEntries(LANGS.map((l) => [l, translate(l, 'storeBill.finishTask')])) as L10n;

const siteOf = (field: 'destLocationId' | 'sourceLocationId') => (row: Record<string, unknown>) =>
  row[field] == null ? null : Number(row[field]);

/**
 * The store's bills (operations.md §6): store receiving (the transfers coming to a store, received
 * by their reads and the clerk's receive) and store delivery (a store's returns and transfers).
 * Their moves are logged as every bill's (the warehouse log) at the store.
 */
export const billsPart: ModulePart = {
  hooks: () => ({
    'store/receiving': loggedHooks(storeReceivingResource, storeReceivingHooks, {
      siteOf: siteOf('destLocationId'),
      ops: { receive: 'review' },
    }),
    'store/delivery': loggedHooks(storeDeliveryResource, storeDeliveryHooks, { siteOf: siteOf('sourceLocationId'), ops: { ship: 'ship' } }),
  }),
  jobKinds: [
    {
      ...handlerKind(
        'store.finishReceipts',
        async ({ ctx, now }) => ({ key: 'storeBill.finishDone', params: { count: await finishOverdueAll(ctx, now) } }),
        finishTask,
      ),
      every: STORE_FINISH_EVERY_MS,
    },
  ],
  seedDemo: (tx, tenant) => seedStoreBillsDemo(tx, tenant),
};
