import type { ModulePart } from '../../../core/module.js';
import { epcRoutes } from './routes.js';

export { epcRefusal, epcRoutes } from './routes.js';

/** The label module's `epc` area: the GS1 codec over HTTP (no tables, no screens of its own). */
export const epcPart: ModulePart = { routes: [epcRoutes] };
