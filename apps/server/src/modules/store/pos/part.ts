import type { ModulePart } from '../../../core/module.js';
import { seedExitReader } from './demo-exit.js';
import { posRoutes } from './routes.js';
import { seedPosDemo } from './seed.js';

/**
 * The till (store/cashier, ../shared/operations.md §6 E11): POS transactions posted by a POS's
 * device key or made by a POS reader's sales, their effects on the tags, presence, EAS and the book,
 * the feed of transactions with their lines, two weeks of demo sales, and the flagship's EAS exit.
 */
export const posPart: ModulePart = {
  routes: [posRoutes],
  seedDemo: async (tx, tenant) => {
    await seedPosDemo(tx, tenant);
    // the flagship's EAS exit reader (its alarms: demo-exit.ts, played on the first start)
    await seedExitReader(tx, tenant.id);
  },
};
