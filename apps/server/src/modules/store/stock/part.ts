import type { ModulePart } from '../../../core/module.js';
import { refillOnReads } from './refill.js';
import { stockRoutes } from './routes.js';

// refill tasks close as their pieces are read on the sales floor
refillOnReads();

/** store/inventory's Stock and Refill tabs: a site's three stock numbers per option, refill list and tasks. */
export const stockPart: ModulePart = { routes: [stockRoutes] };
