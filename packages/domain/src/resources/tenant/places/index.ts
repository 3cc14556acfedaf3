import type { AnyResourceDef } from '../../module.js';
import { codeTableResource } from './code-table.js';
import { equipmentArchiveResource } from './equipment.js';
import { locationResource, storeResource, warehouseResource } from './location.js';
import { factoryResource, labelSupplierResource } from './parties.js';
import { trainingDocResource } from './training-doc.js';

export { PHONE_RE } from './_party.js';
export * from './code-table.js';
export * from './enums.js';
export * from './equipment.js';
export * from './location.js';
export * from './parties.js';
export * from './time-zone.js';
export * from './training-doc.js';

/**
 * The places area's declarations served by the generic routes (see ../index.ts): locations first
 * (stores and warehouses are views of their rows), then the other parties, the equipment archive
 * and the code tables.
 */
export const placesResources: readonly AnyResourceDef[] = [
  locationResource,
  storeResource,
  warehouseResource,
  factoryResource,
  labelSupplierResource,
  equipmentArchiveResource,
  codeTableResource,
];
/** The places area's declarations served by its own routes: training documents (add, delete, files only). */
export const placesCustom: readonly AnyResourceDef[] = [trainingDocResource];
