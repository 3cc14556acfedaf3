import { o2oDeliveryResource, o2oReceivingResource } from '@tagloom/domain';
import { rowsOfTable } from '../../../db/resource-table.js';
// rows of the logistics module's customer orders
import '../../logistics/orders/tables.js';

/** O2O delivery's rows: the orders a store fulfils. */
export const o2oDeliveries = rowsOfTable(o2oDeliveryResource);
/** O2O receiving's rows: orders shipped to a store, returns brought to one. */
export const o2oReceipts = rowsOfTable(o2oReceivingResource);
