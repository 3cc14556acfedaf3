import { L } from '../../lang.js';
import { defineResource } from '../../resource/define.js';
import { billLineResource, billMachineOf, receiptFields } from '../warehouse/bill.js';

/**
 * Receipt review (E1, logistics/receipt-review): the receipts of goods into a warehouse (purchase,
 * futures, store returns) judged by what came against what was sent — cartons and pieces should,
 * real and their difference, the difference ratio, normal or abnormal. A received bill is reviewed
 * (an abnormal one with its difference reason); one that will never arrive whole is zero-cleared.
 */
export const receiptReviewResource = defineResource({
  code: 'logistics/receipt-review',
  names: L('收货复核', '收貨複核', 'Receipt review'),
  owner: 'tenant',
  table: 'wms_bills',
  titleField: 'code',
  defaultSort: { field: 'code', order: 'desc' },
  rowsOf: { code: 'warehouse/bill' },
  machine: billMachineOf(['review', 'zeroClear']),
  partyScope: { warehouse: ['destLocationId', 'sourceLocationId'] },
  children: [{ key: 'lines', resource: billLineResource, parentField: 'billId' }],
  crud: ['query', 'export'],
  fields: {
    ...receiptFields,
    reservationNo: { ...receiptFields.reservationNo, hidden: undefined },
    diffRatio: { ...receiptFields.diffRatio, hidden: undefined },
    reviewStatus: { ...receiptFields.reviewStatus, hidden: undefined },
  },
});
