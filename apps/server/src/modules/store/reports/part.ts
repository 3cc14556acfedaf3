import type { ModulePart } from '../../../core/module.js';
import { storeReportRoutes } from './routes.js';
import { seedStoreReportsDemo } from './seed.js';

/**
 * The store reports (store/report-shipment, store/report-take-delivery): aggregates of the warehouse
 * module's bills (routes.ts, aggregate.ts), and the demo's weeks of transfers they show (seed.ts).
 */
export const reportsPart: ModulePart = {
  routes: [storeReportRoutes],
  seedDemo: (tx, tenant) => seedStoreReportsDemo(tx, tenant),
};
