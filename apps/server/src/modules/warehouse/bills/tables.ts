import { billLineResource, billResource, billSiteResource, goodsReceivedResource } from '@tagloom/domain';
import { resourceTable, rowsOfTable } from '../../../db/resource-table.js';
// bills point at locations, factories, goods SKUs and commodity purchase orders
import '../../tenant/tables.js';
import '../../supply/tables.js';

/** The stores and warehouses bills go between (rows of the locations table). */
export const billSites = rowsOfTable(billSiteResource);
/** Bills and their lines (../shared/operations.md E1). */
export const wmsBills = resourceTable(billResource);
export const wmsBillLines = resourceTable(billLineResource);

/** The receipts of the goods-received screen: rows of the bills table. */
export const goodsReceived = rowsOfTable(goodsReceivedResource);
