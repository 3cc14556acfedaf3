import type { ModulePart } from '../../../core/module.js';
import { equipmentRoutes } from './routes.js';
import { seedReadersDemo } from './seed.js';

/**
 * The equipment area of the rfid module (combined in ../index.ts): reader registration and device
 * tokens, binding to a location and a scene, reader configuration from a scene, the reader models
 * (products) shown to tenants; the demo tenant's readers bound and registered, and one waiting
 * for its registration code DEMO-READER-1.
 */
export const equipmentPart: ModulePart = {
  routes: [equipmentRoutes],
  seedDemo: seedReadersDemo,
};
