import { defineDomainModule } from '../module.js';
import { warehouseMenu } from './_menu.js';
import { abnormalLabelResource } from './abnormal-label.js';
import { billFactoryResource, billResource, billSiteResource, goodsReceivedResource } from './bill.js';
import { cartonEpcResource, cartonResource, receivingCheckResource } from './carton.js';
import { wmsGrantResource } from './grant.js';
import { receivingQiResource } from './inspection.js';
import { padReviewResource } from './pad.js';
import { warehouseZoneResource } from './zone.js';

export * from './abnormal-label.js';
export * from './bill.js';
export * from './carton.js';
export * from './enums.js';
export * from './grant.js';
export * from './inspection.js';
export * from './log.js';
export * from './pad.js';
export type * from './wire.js';
export * from './zone.js';
export { warehouseMenu };

/**
 * The intelligent warehouse module: its menu, bills and their cartons, the zones of each warehouse
 * (warehouse management), who may do what there (warehouse permission); its log is a feed (log.ts);
 * pad review's read sessions (custom: the module uploads a session file, the console has a view of its own);
 * abnormal labels (custom: handled and cleared as label exceptions are).
 */
export const warehouseModule = defineDomainModule({
  code: 'warehouse',
  menu: warehouseMenu,
  resources: [
    billResource,
    billSiteResource,
    billFactoryResource,
    goodsReceivedResource,
    cartonResource,
    receivingCheckResource,
    cartonEpcResource,
    warehouseZoneResource,
    wmsGrantResource,
    receivingQiResource,
  ],
  custom: [padReviewResource, abnormalLabelResource],
});
