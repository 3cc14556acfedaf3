import { defineDomainModule } from '../module.js';
import { supplyMenu } from './_menu.js';
import { supplyCustom, supplyResources } from './chain/index.js';
import { supplierOrderResource } from './label-order.js';

export * from './chain/index.js';
export * from './label-order.js';
export { supplyMenu };

/**
 * The supply module: the supply chain (commodity purchase orders and their detail, sample card
 * shipments, packing review, submission form detail) and the supplier's view of label orders.
 */
export const supplyModule = defineDomainModule({
  code: 'supply',
  menu: supplyMenu,
  resources: [...supplyResources],
  custom: [...supplyCustom, supplierOrderResource],
});
