import { L } from '../../lang.js';
import { defineResource } from '../../resource/define.js';
import { f } from '../../resource/fields.js';
import { retagFields, storeRetagResource } from '../store/supplementary-bid.js';

/**
 * Label management and reprint (E8 at warehouse sites, logistics/label-reprint): the stores'
 * re-tag requests (one table, store_retags) made at a DC — a piece whose label is lost, damaged or
 * unreadable, or that came untagged; Print makes its new EPC (commissioning; the old one
 * decommissioned) under a print task, and the new label read once by any of the warehouse's
 * readers marks it applied. A warehouse's user sees and makes its warehouse's.
 */
export const labelReprintResource = defineResource({
  ...storeRetagResource,
  code: 'logistics/label-reprint',
  names: L('标签补打单', '標籤補印單', 'Label reprint'),
  rowsOf: { code: 'store/supplementary-bid' },
  partyScope: { warehouse: ['siteId'] },
  fields: {
    ...retagFields,
    code: { ...retagFields.code, label: L('补打单号', '補印單號', 'Reprint no.') },
    // a warehouse's user names none (its warehouse is stamped); others choose it
    siteId: f.ref('tenant/warehouse', 'name', {
      label: L('仓库', '倉庫', 'Warehouse'),
      required: false,
      search: 'eq',
      width: 150,
      editable: false,
      // a warehouse's user sees its own only: back with the column settings (the reason keeps its room)
      hidden: true,
    }),
    // the old label's EPC names the piece; the new one and its print task are back with the column settings
    reason: { ...retagFields.reason, label: L('补打原因', '補印原因', 'Reason'), width: 140 },
    newEpc: { ...retagFields.newEpc, hidden: true },
    printTask: { ...retagFields.printTask, hidden: true },
  },
});
