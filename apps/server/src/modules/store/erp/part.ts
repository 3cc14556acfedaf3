import type { ModulePart } from '../../../core/module.js';
import { erpStockRoutes } from './routes.js';

/** ERP stock (§9 "Three numbers"): the API and spreadsheet imports, a site's stocks; seeded with the difference lists (../differences/part.ts). */
export const erpPart: ModulePart = {
  routes: [erpStockRoutes],
};
