import {
  billFactoryResource,
  billLineResource,
  billResource,
  billSiteResource,
  futuresAllocationResource,
  goodsReceivedResource,
} from '@tagloom/domain';
import { resourceTable, rowsOfTable } from '../../../db/resource-table.js';
// bills point at locations, factories, goods SKUs and commodity purchase orders
import '../../tenant/tables.js';
import '../../supply/tables.js';

/** The stores and warehouses bills go between (rows of the locations table). */
export const billSites = rowsOfTable(billSiteResource);
/** The factories a bill comes from (rows of the factories table). */
export const billFactories = rowsOfTable(billFactoryResource);
/** Bills and their lines (../shared/operations.md E1). */
export const wmsBills = resourceTable(billResource);
export const wmsBillLines = resourceTable(billLineResource);
/** A futures bill's allocations to stores (E1, kind FUTURES_IN: the cross-dock its review makes). */
export const wmsBillAllocations = resourceTable(futuresAllocationResource);

/** The receipts of the goods-received screen: rows of the bills table. */
export const goodsReceived = rowsOfTable(goodsReceivedResource);
