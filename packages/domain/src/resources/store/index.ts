import { defineDomainModule } from '../module.js';
import { storeMenu } from './_menu.js';
import { storeDeliveryResource } from './delivery.js';
import { storeReceivingResource } from './receiving.js';

export * from './delivery.js';
export * from './receiving.js';
export * from './differences.js';
export * from './stock.js';
export { storeMenu };

/** The store module: its menu, the stock ledger's vocabulary (stock.ts) and the declarations of its screens (one line each). */
export const storeModule = defineDomainModule({
  code: 'store',
  menu: storeMenu,
  resources: [storeReceivingResource, storeDeliveryResource],
});
