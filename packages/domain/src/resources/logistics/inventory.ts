import { defineResource } from '../../resource/define.js';
import { storeInventoryResource } from '../store/inventory.js';

/**
 * Inventory counts of the warehouses (E9, logistics/inventory): the store counts' sheets and moves
 * (one table, stock_counts), of warehouse sites; a warehouse's user sees its warehouse's counts.
 */
export const logisticsInventoryResource = defineResource({
  ...storeInventoryResource,
  code: 'logistics/inventory',
  rowsOf: { code: 'store/inventory' },
  // the count's own buttons (the stores' screen adds the ERP stock's import and a difference list's approval)
  extraActions: ['refresh', 'sync', 'upload'],
  partyScope: { warehouse: 'siteId' },
});
