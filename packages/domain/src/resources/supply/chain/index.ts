import type { AnyResourceDef } from '../../module.js';
import { packingResource, submissionDetailResource } from './packing.js';
import { supplyOrderDetailResource, supplyOrderResource } from './purchase-order.js';
import { sampleSubmissionResource } from './sample-card.js';

export * from './enums.js';
export * from './packing.js';
export * from './purchase-order.js';
export * from './sample-card.js';

/**
 * The supply chain area (commodity purchase orders, sample card shipments, packing review) served
 * by the generic routes; the supply module's index combines it with the supplier's label-order view.
 */
export const supplyResources: readonly AnyResourceDef[] = [supplyOrderResource, sampleSubmissionResource, packingResource];
/**
 * Its read-only line screens (purchase order detail, submission form detail), served by the area's
 * own routes (query and export only): the lines of the orders and cartons, seen on their own.
 */
export const supplyCustom: readonly AnyResourceDef[] = [supplyOrderDetailResource, submissionDetailResource];
