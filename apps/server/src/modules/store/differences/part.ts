import type { ModulePart } from '../../../core/module.js';
import { seedErpDemo } from '../erp/seed.js';
import { diffExportJob } from './export-job.js';
import { differenceRoutes } from './routes.js';
import { seedDifferenceDemo } from './seed.js';

/**
 * Difference lists (§9 "Difference list"): create, ignore, approve, export (a job) and the
 * adjustment through the API; the demo's ERP stocks and lists.
 */
export const differencesPart: ModulePart = {
  routes: [differenceRoutes],
  jobKinds: [diffExportJob],
  seedDemo: async (tx, tenant) => seedDifferenceDemo(tx, tenant, await seedErpDemo(tx, tenant)),
};
