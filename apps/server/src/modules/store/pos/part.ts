import type { ModulePart } from '../../../core/module.js';
import { posRoutes } from './routes.js';
import { seedPosDemo } from './seed.js';

/**
 * The till (store/cashier, ../shared/operations.md §6 E11): POS transactions posted by a POS's
 * device key or made by a POS reader's sales, their effects on the tags, presence, EAS and the book,
 * the feed of transactions with their lines, and two weeks of demo sales.
 */
export const posPart: ModulePart = {
  routes: [posRoutes],
  seedDemo: async (tx, tenant) => {
    await seedPosDemo(tx, tenant);
  },
};
