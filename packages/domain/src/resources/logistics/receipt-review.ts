import { L } from '../../lang.js';
import { defineResource } from '../../resource/define.js';
import { billLineResource, billMachineOf, receiptFields } from '../warehouse/bill.js';
import { BILL_KIND } from '../warehouse/enums.js';

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
  // the generic proofs' receipts: a store's return to a warehouse (made as bills, then received)
  sample: (salt) => ({ kind: BILL_KIND.STORE_RETURN, reservationNo: `R${salt}` }),
  children: [{ key: 'lines', resource: billLineResource, parentField: 'billId' }],
  crud: ['query', 'export'],
  fields: {
    ...receiptFields,
    // searched by, and back with the column settings; the pieces are what a receipt is judged by
    reservationNo: { ...receiptFields.reservationNo, width: 140, label: L('预约单号', '預約單號', 'ASN no.') },
    piecesExpected: { ...receiptFields.piecesExpected, width: 105 },
    piecesReceived: { ...receiptFields.piecesReceived, width: 105 },
    receiptStatus: { ...receiptFields.receiptStatus, width: 115 },
    diffRatio: { ...receiptFields.diffRatio, hidden: undefined, label: L('差异率 %', '差異率 %', 'Diff. %') },
    kind: { ...receiptFields.kind, hidden: true },
  },
});
