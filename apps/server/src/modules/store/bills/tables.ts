import { storeDeliveryResource, storeReceivingResource } from '@tagloom/domain';
import { rowsOfTable } from '../../../db/resource-table.js';
// its screens show the warehouse's bills
import '../../warehouse/tables.js';

/** A store's receipts: rows of the warehouse's bills table. */
export const storeReceipts = rowsOfTable(storeReceivingResource);
/** A store's deliveries (returns, transfers): rows of the warehouse's bills table. */
export const storeDeliveries = rowsOfTable(storeDeliveryResource);
