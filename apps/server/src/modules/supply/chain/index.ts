import { submissionDetailResource, supplyOrderDetailResource } from '@tagloom/domain';
import type { ModulePart } from '../../../core/module.js';
import { orderLineHooks, packingHooks, packingLineHooks, supplyOrderHooks } from './hooks.js';
import { seedSupplyDemo } from './seed.js';

/**
 * The supply chain area of the supply module: commodity purchase orders (lines, totals, repeal;
 * `commodityOrderUsable` in the domain says whether one may produce label orders), sample card
 * shipments, packing review, and the two read-only line screens; the demo tenant's orders and cartons.
 */
export const supplyPart: ModulePart = {
  hooks: () => ({
    'supply/purchase-order': supplyOrderHooks,
    'supply/packing-review': packingHooks,
    // the read-only line screens (purchase order detail, submission form detail): list, get, export, options
    [supplyOrderDetailResource.code]: orderLineHooks(),
    [submissionDetailResource.code]: packingLineHooks(),
  }),
  seedDemo: (tx, tenant) => seedSupplyDemo(tx, tenant),
};
