import { o2oDeliveryResource, o2oReceivingResource } from '@tagloom/domain';
import type { ModulePart } from '../../../core/module.js';
import { o2oDeliveryHooks, o2oReceivingHooks } from '../../logistics/orders/hooks.js';
import { o2oFindRoutes } from './find.js';

/**
 * O2O at the stores (store/o2o-delivery, store/o2o-receiving): the logistics module's customer
 * orders a store fulfils or receives — their rules are the orders' (one entity, operations.md E12);
 * the store adds where its readers see each ordered SKU's pieces (find.ts).
 */
export const o2oPart: ModulePart = {
  hooks: () => ({ [o2oDeliveryResource.code]: o2oDeliveryHooks, [o2oReceivingResource.code]: o2oReceivingHooks }),
  routes: [o2oFindRoutes],
};
