import { asnBindingResource, futuresResource, qualityInspectionResource, receiptReviewResource } from '@tagloom/domain';
import { rowsOfTable } from '../../db/resource-table.js';
// its screens show the warehouse's bills and the EPCs of their cartons
import '../warehouse/tables.js';

/** ASN binding records: rows of the warehouse's carton–EPC table. */
export const asnBindings = rowsOfTable(asnBindingResource);
/** Receipts under review: rows of the warehouse's bills table. */
export const receiptReviews = rowsOfTable(receiptReviewResource);
/** Every inspection: rows of the warehouse's inspections table. */
export const qualityInspections = rowsOfTable(qualityInspectionResource);
/** Futures bills: rows of the warehouse's bills table (their allocations are the warehouse's wms_bill_allocations). */
export const futuresBills = rowsOfTable(futuresResource);
