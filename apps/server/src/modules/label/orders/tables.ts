import {
  finishedOrderResource,
  halfOrderResource,
  labelOrderLineResource,
  labelOrderResource,
  printTaskResource,
  receiveSendResource,
  sketchResource,
} from '@tagloom/domain';
import { resourceTable, rowsOfTable } from '../../../db/resource-table.js';
// lines point at SKUs, orders at suppliers and factories: their tables first
import '../../tenant/tables.js';
import '../../supply/chain/tables.js';
import '../templates/tables.js';

/** Tables of the label orders area (re-exported by ../tables.ts so drizzle-kit sees them). */
export const labelOrders = resourceTable(labelOrderResource);
export const labelOrderLines = resourceTable(labelOrderLineResource);
export const labelSketches = resourceTable(sketchResource);
export const labelPrintTasks = resourceTable(printTaskResource);
// half-finished, finished and shipping screens are the orders' rows
rowsOfTable(halfOrderResource);
rowsOfTable(finishedOrderResource);
rowsOfTable(receiveSendResource);
