import type { ModulePart } from '../../../core/module.js';
import { goodsAttrSource, locationAttrSource } from './attrs.js';
import { locationHooks } from './hooks.js';
import { seedPlacesDemo } from './seed.js';
import { trainingDocRoutes } from './training-doc.js';

/**
 * The places area of the tenant module (combined in ../index.ts): locations, stores, warehouses,
 * factories and label suppliers (a row users are bound to is kept), the equipment archive, code
 * tables, training documents; the goods and location attribute sources; the demo tenant's places.
 */
export const placesPart: ModulePart = {
  hooks: () => ({
    // (a party users are bound to is not deleted: the generic service, for every party screen)
    'tenant/location': locationHooks,
  }),
  routes: [trainingDocRoutes],
  attrSources: { goods: goodsAttrSource, location: locationAttrSource },
  seedDemo: seedPlacesDemo,
};
