import {
  packingLineResource,
  packingResource,
  sampleSubmissionResource,
  submissionDetailResource,
  supplyOrderDetailResource,
  supplyOrderLineResource,
  supplyOrderResource,
} from '@tagloom/domain';
import { resourceTable, rowsOfTable } from '../../../db/resource-table.js';
// orders point at factories, brands, goods and SKUs; sample shipments at label suppliers and sample cards
import '../../tenant/tables.js';
import '../../label/templates/tables.js';

/** Tables of the supply chain area (re-exported by ../tables.ts so drizzle-kit sees them). */
export const supplyOrders = resourceTable(supplyOrderResource);
export const supplyOrderLines = resourceTable(supplyOrderLineResource);
// the purchase order detail screen is the lines seen on their own
rowsOfTable(supplyOrderDetailResource);
export const supplySampleCards = resourceTable(sampleSubmissionResource);
export const supplyPackings = resourceTable(packingResource);
export const supplyPackingLines = resourceTable(packingLineResource);
// the submission form detail is the cartons' lines seen on their own
rowsOfTable(submissionDetailResource);
