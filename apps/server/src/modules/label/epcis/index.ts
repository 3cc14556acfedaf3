import type { ModulePart } from '../../../core/module.js';
import { captureJob } from './capture.js';
import { epcisRoutes } from './routes.js';

/**
 * The EPCIS 2.0 repository of the label module (combined in ../index.ts): GS1's REST binding under
 * /api/epcis over the tag lifecycle (routes.ts), the capture job (capture.ts) and the SimpleEventQuery
 * (query.ts).
 */
export const epcisPart: ModulePart = {
  routes: [epcisRoutes],
  jobKinds: [captureJob],
};
