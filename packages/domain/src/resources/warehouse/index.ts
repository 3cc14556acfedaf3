import { defineDomainModule } from '../module.js';
import { warehouseMenu } from './_menu.js';
import { billResource, billSiteResource, goodsReceivedResource } from './bill.js';
import { cartonEpcResource, cartonResource, receivingCheckResource } from './carton.js';
import { warehouseZoneResource } from './zone.js';

export * from './bill.js';
export * from './carton.js';
export * from './enums.js';
export * from './zone.js';
export { warehouseMenu };

/** The intelligent warehouse module: its menu, bills and the zones of each warehouse (warehouse management). */
export const warehouseModule = defineDomainModule({
  code: 'warehouse',
  menu: warehouseMenu,
  resources: [
    billResource,
    billSiteResource,
    goodsReceivedResource,
    cartonResource,
    receivingCheckResource,
    cartonEpcResource,
    warehouseZoneResource,
  ],
});
