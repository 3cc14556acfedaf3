import { L } from '../../lang.js';
import { defineResource } from '../../resource/define.js';
import { defineMachine } from '../../resource/machine.js';
import { billFields, billLineResource, receiptFields } from '../warehouse/bill.js';
import { receivingCheckResource } from '../warehouse/carton.js';
import { BILL_STATUS as B, BILL_KIND } from '../warehouse/enums.js';

/** The kinds of bill a store receives: a DC's transfer, another store's transfer (operations.md §6). */
export const STORE_RECEIVED_KINDS: readonly number[] = [BILL_KIND.TRANSFER, BILL_KIND.STORE_TRANSFER];
/** How long after its first read a store's receipt finishes by itself (operations.md §6: 2 h). */
export const STORE_RECEIPT_FINISH_MS = 2 * 3_600_000;

/**
 * A store's receipt: reads of the bill's EPCs arriving at the store begin it (startReceiving) and
 * check its cartons; it finishes by itself (finishReceiving) when every carton's EPCs arrived or two
 * hours after the first read. The clerk's one button, `receive`, is finishing and reviewing at once,
 * with the review's guards (operations.md §5 E1): every carton checked while still receiving, no
 * handheld session waiting for its upload (the server), an abnormal receipt's difference reason.
 */
export const storeReceivingMachine = defineMachine({
  field: 'status',
  states: 'BillStatus',
  transitions: {
    receive: {
      // a reviewed bill is offered the button still, refused with the spec's words (as the receipt review)
      from: [B.RECEIVING, B.RECEIVED, B.REVIEWED],
      to: B.REVIEWED,
      guard: (row) =>
        Number(row.status) === B.REVIEWED
          ? 'bill.alreadyReviewed'
          : Number(row.status) === B.RECEIVING && Number(row.cartonsPending ?? 0) > 0
            ? { key: 'bill.cartonsUnchecked', params: { n: Number(row.cartonsPending) } }
            : undefined,
      confirm: 'storeBill.confirm.receive',
      fields: ['diffReason'],
      optional: ['diffReason'],
      done: 'storeBill.done.receive',
    },
  },
  system: {
    /** the first of the bill's EPCs read at the store */
    startReceiving: { from: [B.IN_TRANSIT], to: B.RECEIVING },
    /** every carton's EPCs arrived, or two hours since the first read */
    finishReceiving: { from: [B.RECEIVING], to: B.RECEIVED },
  },
  final: [B.REVIEWED, B.CLOSED, B.CANCELLED],
  editIn: [],
  deleteIn: [],
});

/**
 * Store receiving (E1, store/receiving): the bills coming to a store — a DC's transfers and other
 * stores' — with the cartons and pieces should, real and their difference, received by the reads of
 * their EPCs arriving at the store and confirmed by the clerk's receive (finish + review); under each
 * bill its lines and its cartons, each with its check's result (matched, short, over…). A store's
 * clerk sees the bills to its store only.
 */
export const storeReceivingResource = defineResource({
  code: 'store/receiving',
  names: L('门店收货单', '門市收貨單', 'Store receipt'),
  owner: 'tenant',
  table: 'wms_bills',
  titleField: 'code',
  defaultSort: { field: 'code', order: 'desc' },
  rowsOf: { code: 'warehouse/bill' },
  machine: storeReceivingMachine,
  partyScope: { store: ['destLocationId'] },
  // the generic proofs' rows: transfers to a store (made as bills)
  sample: (salt) => ({ kind: BILL_KIND.TRANSFER, reservationNo: `R${salt}` }),
  // the bill's lines, and its cartons with what the store's reads found in each (the carton check's result)
  children: [
    { key: 'lines', resource: billLineResource, parentField: 'billId', label: L('单据明细', '單據明細', 'Lines') },
    { key: 'cartons', resource: receivingCheckResource, parentField: 'billId', label: L('箱核对', '箱核對', 'Carton checks') },
  ],
  crud: ['query', 'export'],
  fields: {
    ...receiptFields,
    code: { ...receiptFields.code, label: L('单据号', '單據號', 'Bill no.') },
    kind: { ...receiptFields.kind, hidden: true },
    sourceLocationId: { ...billFields.sourceLocationId, hidden: undefined, width: 130 },
    // the cartons should and real are back with the column settings: the list shows their difference
    cartonsExpected: { ...billFields.cartonsExpected, hidden: true, width: 95, label: L('应收箱数', '應收箱數', 'Cartons') },
    cartonsReceived: { ...billFields.cartonsReceived, hidden: true, width: 95, label: L('实收箱数', '實收箱數', 'Cartons in') },
    cartonsDiff: { ...billFields.cartonsDiff, hidden: undefined, width: 95, label: L('差异箱数', '差異箱數', 'Carton diff.') },
    receiptStatus: { ...receiptFields.receiptStatus, hidden: true },
    // back with the column settings (the status says whether it is received)
    receivedAt: { ...billFields.receivedAt, hidden: true },
  },
});
