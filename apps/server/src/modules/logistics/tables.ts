import {
  asnBindingResource,
  futuresResource,
  futuresStoreResource,
  labelReprintResource,
  logisticsCountSiteResource,
  logisticsInventoryResource,
  outboundPackingResource,
  qualityInspectionResource,
  receiptReviewResource,
  scatteredResource,
  shipmentReviewResource,
  spotCheckResource,
} from '@tagloom/domain';
import { rowsOfTable } from '../../db/resource-table.js';
// its screens show the warehouse's bills and the EPCs of their cartons
import '../warehouse/tables.js';
import '../store/tables.js';

/** Defects: the module's own table. */
export * from './defects/tables.js';
export * from './orders/tables.js';

/** ASN binding records: rows of the warehouse's carton–EPC table. */
export const asnBindings = rowsOfTable(asnBindingResource);
/**
 * Futures bills: rows of the warehouse's bills table (their allocations are the warehouse's
 * wms_bill_allocations). Registered before the receipt review: a screen registered later names the
 * bills' shared keys in a refusal, and the bills' destination is any site, not the warehouse a
 * futures bill picks.
 */
export const futuresBills = rowsOfTable(futuresResource);
/** The stores a futures bill allocates to: rows of the locations table. */
export const futuresStores = rowsOfTable(futuresStoreResource);
/** Receipts under review: rows of the warehouse's bills table. */
export const receiptReviews = rowsOfTable(receiptReviewResource);
/** Every inspection: rows of the warehouse's inspections table. */
export const qualityInspections = rowsOfTable(qualityInspectionResource);
/** The warehouses' counts: rows of the store module's counts table. */
export const logisticsCounts = rowsOfTable(logisticsInventoryResource);
/** The warehouses a count is of: rows of the locations table. */
export const logisticsCountSites = rowsOfTable(logisticsCountSiteResource);
/** Packing review's rows: the warehouse's outbound cartons. */
export const packedCartons = rowsOfTable(outboundPackingResource);
/** Shipment review's rows: the warehouse's bills a warehouse sends. */
export const shipments = rowsOfTable(shipmentReviewResource);
/** Scattered review's rows: the warehouse's loose lots. */
export const looseLots = rowsOfTable(scatteredResource);
/** Spot-check review's rows: the cartons a rule picked for a re-read. */
export const spotChecks = rowsOfTable(spotCheckResource);
/** Label reprints at the warehouses: rows of the store module's re-tags table. */
export const warehouseLabelReprints = rowsOfTable(labelReprintResource);
