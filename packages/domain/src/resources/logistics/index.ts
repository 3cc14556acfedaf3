import { defineDomainModule } from '../module.js';
import { logisticsMenu } from './_menu.js';
import { asnBindingResource } from './asn-binding.js';
import { ecomDeliveryResource, ecomReturnResource } from './customer-order.js';
import { defectResource } from './defective.js';
import { futuresResource, futuresStoreResource } from './futures.js';
import { logisticsCountSiteResource, logisticsInventoryResource } from './inventory.js';
import { labelReprintResource } from './label-reprint.js';
import { outboundPackingResource, scatteredResource } from './packing.js';
import { qualityInspectionResource } from './quality-inspection.js';
import { receiptReviewResource } from './receipt-review.js';
import { shipmentReviewResource } from './shipment-review.js';
import { spotCheckResource } from './spot-check.js';

export * from './asn-binding.js';
export * from './customer-order.js';
export * from './defective.js';
export * from './futures.js';
export * from './inventory.js';
export * from './label-reprint.js';
export * from './packing.js';
export * from './quality-inspection.js';
export * from './receipt-review.js';
export * from './shipment-review.js';
export * from './spot-check.js';
export { logisticsMenu };

/** The logistics module: its menu and the screens over the warehouse's documents (ASN bindings, receipt review, quality inspection, futures, counts, packing, shipment review, spot check, defects, label reprints, e-commerce orders and returns). */
export const logisticsModule = defineDomainModule({
  code: 'logistics',
  menu: logisticsMenu,
  resources: [
    asnBindingResource,
    receiptReviewResource,
    qualityInspectionResource,
    futuresResource,
    futuresStoreResource,
    logisticsInventoryResource,
    logisticsCountSiteResource,
    outboundPackingResource,
    scatteredResource,
    shipmentReviewResource,
    ecomDeliveryResource,
    ecomReturnResource,
    spotCheckResource,
    defectResource,
    labelReprintResource,
  ],
});
