import { L } from '../../lang.js';
import { defineResource } from '../../resource/define.js';
import { f } from '../../resource/fields.js';
import { countFields, countSiteOf, storeInventoryResource } from '../store/inventory.js';
import { LOCATION_KIND } from '../tenant/places/enums.js';

/** The warehouses a count is of (rows of the locations table of kind warehouse); a warehouse's user sees its own. */
export const logisticsCountSiteResource = countSiteOf(
  'logistics/count-site',
  'logistics/inventory',
  LOCATION_KIND.WAREHOUSE,
  L('盘点仓库', '盤點倉庫', 'Count warehouse'),
);

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
  partyScope: { warehouse: ['siteId'] },
  fields: {
    ...countFields,
    // a warehouse's sheets are planned ones mostly: the kind is searched by, and back with the column settings
    sheetKind: { ...countFields.sheetKind, hidden: true },
    siteId: f.ref('logistics/count-site', 'name', {
      label: L('仓库', '倉庫', 'Warehouse'),
      required: false,
      search: 'eq',
      width: 110,
      editable: false,
    }),
  },
});
