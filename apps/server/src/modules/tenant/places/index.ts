import type { ModulePart } from '../../../core/module.js';
import { goodsAttrSource, locationAttrSource } from './attrs.js';
import { locationHooks, trainingDocHooks } from './hooks.js';
import { seedPlacesDemo } from './seed.js';

/**
 * The places area of the tenant module (combined in ../index.ts): locations, stores, warehouses,
 * factories and label suppliers (a row users are bound to is kept), the equipment archive, code
 * tables, training documents; the goods and location attribute sources; the demo tenant's places.
 */
export const placesPart: ModulePart = {
  hooks: () => ({
    // (a party users are bound to is not deleted: the generic service, for every party screen)
    'tenant/location': locationHooks,
    // training documents: the generic list, get, create and delete, and the file routes of their pdf
    // field (upload with the Upload button; file and preview with the Download button)
    'tenant/training-doc': trainingDocHooks,
  }),
  attrSources: { goods: goodsAttrSource, location: locationAttrSource },
  seedDemo: seedPlacesDemo,
};
