import { L } from '../../lang.js';
import { defineResource } from '../../resource/define.js';
import { billFields, billLineResource, billMachineOf } from '../warehouse/bill.js';
import { BILL_KIND } from '../warehouse/enums.js';

/** The kinds of bill a store sends: a return to a warehouse, a transfer to another store (operations.md §6). */
export const STORE_SENT_KINDS: readonly number[] = [BILL_KIND.STORE_RETURN, BILL_KIND.STORE_TRANSFER];

/** A store's bill is a return or a transfer, and only those. */
const kindRule = (d: Record<string, unknown>) =>
  d.kind !== undefined && d.kind !== null && d.kind !== '' && !STORE_SENT_KINDS.includes(Number(d.kind))
    ? [{ path: ['kind'], message: 'validation.storeKindSent' }]
    : [];

/**
 * Store delivery (E1, store/delivery): the bills a store sends — its returns to a warehouse and its
 * transfers to other stores — written with their lines (SKU, quantity), shipped when they leave
 * (in transit; the receiver's states follow). A store's clerk sees and writes its own store's only:
 * the sender is its store.
 */
export const storeDeliveryResource = defineResource({
  code: 'store/delivery',
  names: L('门店发货单', '門市出貨單', 'Store delivery'),
  owner: 'tenant',
  table: 'wms_bills',
  titleField: 'code',
  defaultSort: { field: 'code', order: 'desc' },
  rowsOf: { code: 'warehouse/bill' },
  machine: billMachineOf(['ship']),
  partyScope: { store: ['sourceLocationId'] },
  rules: [kindRule],
  // the generic proofs' rows: a store's return (its ends are filled by the proofs, see unproven)
  sample: () => ({ kind: BILL_KIND.STORE_RETURN }),
  unproven: {
    crud: 'a delivery leaves a store for a warehouse or another store, which the generic sample cannot name (it fills the first site at both ends): apps/server/test/store-bills.test.ts adds, edits, ships and deletes deliveries',
    isolation:
      "its rows are warehouse/bill's (rowsOf), whose proofs keep another tenant away; the generic proof needs a row of its own (see crud)",
    dbChecks: "the table is warehouse/bill's, whose proofs check its CHECKs; the generic proof needs a row of its own (see crud)",
  },
  children: [{ key: 'lines', resource: billLineResource, parentField: 'billId' }],
  crud: ['query', 'add', 'edit', 'delete', 'export'],
  fields: {
    code: { ...billFields.code, label: L('单据号', '單據號', 'Bill no.') },
    kind: { ...billFields.kind, default: BILL_KIND.STORE_RETURN, width: 110, label: L('类型', '類型', 'Type') },
    sourceLocationId: { ...billFields.sourceLocationId, hidden: true, label: L('发货门店', '出貨門市', 'From store') },
    destLocationId: { ...billFields.destLocationId, width: 130 },
    piecesExpected: { ...billFields.piecesExpected, label: L('件数', '件數', 'Pieces'), width: 90 },
    status: billFields.status,
    expectedAt: billFields.expectedAt,
    shippedAt: { ...billFields.shippedAt, hidden: undefined },
    remark: billFields.remark,
  },
});
