import { L } from '../../lang.js';
import { defineResource } from '../../resource/define.js';
import { billFields, billLineResource, shipmentMachine } from '../warehouse/bill.js';
import { BILL_KIND } from '../warehouse/enums.js';

/**
 * Shipment review (E1 outbound, logistics/shipment-review): the bills a warehouse ships through its
 * pack stations — transfers to stores, returns to vendors — from their picking on: their cartons
 * audited against the cartons of their pick list, how much of them the dock-out gate read, and
 * their state (a bill shipped by hand, never packed here, stays on bill management). A packed shipment is
 * reviewed once every audited carton passed the gate, then audited: shipped. A warehouse's user
 * sees the bills its site sends.
 */
export const shipmentReviewResource = defineResource({
  code: 'logistics/shipment-review',
  names: L('发货单', '出貨單', 'Shipment'),
  owner: 'tenant',
  table: 'wms_bills',
  titleField: 'code',
  defaultSort: { field: 'code', order: 'desc' },
  rowsOf: { code: 'warehouse/bill' },
  machine: shipmentMachine,
  partyScope: { warehouse: ['sourceLocationId'] },
  // the generic proofs' shipments: DC transfers (made as bills, then picked)
  sample: (salt) => ({ kind: BILL_KIND.TRANSFER, reservationNo: `S${salt}` }),
  children: [{ key: 'lines', resource: billLineResource, parentField: 'billId' }],
  crud: ['query', 'export'],
  fields: {
    ...billFields,
    // its number on one line
    code: { ...billFields.code, width: 160 },
    kind: { ...billFields.kind, label: L('发货类型', '出貨類型', 'Type'), hidden: true },
    destLocationId: { ...billFields.destLocationId, width: 150 },
    cartonsExpected: { ...billFields.cartonsExpected, hidden: undefined, width: 80, label: L('箱数', '箱數', 'Cartons') },
    cartonsAudited: { ...billFields.cartonsAudited, hidden: undefined, width: 90, label: L('已审核', '已審核', 'Audited') },
    // the share read says it; the loaded cartons' count is back with the column settings
    cartonsLoaded: { ...billFields.cartonsLoaded, width: 90, label: L('已装车', '已裝車', 'Loaded') },
    loadedRatio: { ...billFields.loadedRatio, hidden: undefined },
    piecesExpected: { ...billFields.piecesExpected, label: L('件数', '件數', 'Pieces'), width: 80 },
  },
});
