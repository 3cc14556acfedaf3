import { defineDomainModule } from '../module.js';
import { storeMenu } from './_menu.js';
import { storeDeliveryResource } from './delivery.js';
import { countSiteResource, storeInventoryResource } from './inventory.js';
import { o2oDeliveryResource, o2oReceivingResource } from './o2o.js';
import { storeReceivingResource } from './receiving.js';
import { storeRetagResource } from './supplementary-bid.js';

export * from '../../stock/count-kpi.js';
export * from './cashier.js';
export * from './delivery.js';
export * from './differences.js';
export * from './inventory.js';
export * from './o2o.js';
export * from './receiving.js';
export type * from './report-wire.js';
export * from './stock.js';
export * from './supplementary-bid.js';
export { storeMenu };

/**
 * The store module: its menu, the stock ledger's vocabulary (stock.ts) and the declarations of its
 * screens (one line each). Re-tagging (store/supplementary-bid) is custom: printing is the module's
 * route. The shipment and take-delivery reports have no declaration: their rows are aggregates of
 * the warehouse module's bills, served by the module's own routes (report-wire.ts is their shape).
 */
export const storeModule = defineDomainModule({
  code: 'store',
  menu: storeMenu,
  resources: [
    storeInventoryResource,
    countSiteResource,
    storeReceivingResource,
    storeDeliveryResource,
    o2oDeliveryResource,
    o2oReceivingResource,
  ],
  custom: [storeRetagResource],
});
