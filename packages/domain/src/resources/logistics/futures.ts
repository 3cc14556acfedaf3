import { L } from '../../lang.js';
import { defineResource } from '../../resource/define.js';
import { f } from '../../resource/fields.js';
import { quantity } from '../supply/chain/_shared.js';
import { partyCode } from '../tenant/places/_party.js';
import { LOCATION_KIND } from '../tenant/places/enums.js';
import { billFields, billLineResource, billMachineOf } from '../warehouse/bill.js';
import { BILL_KIND } from '../warehouse/enums.js';

/**
 * The stores a futures bill's goods are allocated to: every store of the tenant (rows of the
 * locations table), picked by name. Not party-scoped, as the bill's sites are not: a warehouse
 * keeper allocates to any store.
 */
export const futuresStoreResource = defineResource({
  code: 'logistics/futures-store',
  screen: 'logistics/futures',
  names: L('门店', '門市', 'Store'),
  owner: 'tenant',
  table: 'locations',
  titleField: 'name',
  defaultSort: { field: 'code', order: 'asc' },
  rowsOf: { code: 'tenant/location', fixed: { kind: LOCATION_KIND.STORE } },
  crud: ['query'],
  fields: {
    code: partyCode(L('门店编码', '門市編碼', 'Store code')),
    name: f.text({ label: L('门店名称', '門市名稱', 'Store name'), max: 64, search: 'like', sort: true }),
  },
});

/**
 * An allocation of a futures bill (operations.md E1, `wms_bill_allocations`): so many pieces of a
 * SKU pre-sold to a store, cross-docked to it when the bill is reviewed. The server checks that
 * the store is a store and that a SKU is allocated no more than the bill's lines bring of it.
 */
export const futuresAllocationResource = defineResource({
  code: 'logistics/futures-allocation',
  screen: 'logistics/futures',
  names: L('门店分配', '門市分配', 'Store allocation'),
  owner: 'tenant',
  table: 'wms_bill_allocations',
  titleField: 'storeId',
  defaultSort: { field: 'storeId', order: 'asc' },
  fields: {
    billId: f.ref('warehouse/bill', 'code', {
      label: L('单据号', '單據號', 'Bill no.'),
      onDelete: 'cascade',
      search: 'eq',
      list: false,
      editable: false,
      exported: true,
    }),
    // picked among the stores (the server refuses any other place)
    storeId: f.ref('logistics/futures-store', 'name', { label: L('门店', '門市', 'Store'), search: 'eq', width: 180 }),
    skuId: f.ref('tenant/goods-sku', 'skuBarcode', { label: L('SKU 条码', 'SKU 條碼', 'SKU barcode'), search: 'eq', width: 150 }),
    qty: quantity(L('分配数量', '分配數量', 'Allocated')),
  },
});

/**
 * Futures warehousing (E1, logistics/futures): forward-order goods a factory sends into a
 * warehouse, already sold to stores — the bill's lines (what comes), its allocations (which store
 * gets how many of each SKU). Shipped and received as any receipt (warehouse/bill, the receipt
 * screens); its review cross-docks the goods: one transfer bill per allocated store, scaled down
 * per SKU when fewer pieces came than were expected.
 */
export const futuresResource = defineResource({
  code: 'logistics/futures',
  names: L('期货单', '期貨單', 'Futures bill'),
  owner: 'tenant',
  table: 'wms_bills',
  titleField: 'code',
  defaultSort: { field: 'code', order: 'desc' },
  rowsOf: { code: 'warehouse/bill', fixed: { kind: BILL_KIND.FUTURES_IN } },
  machine: billMachineOf(['cancel']),
  // a futures bill arrives at its warehouse (it has no sending site)
  partyScope: { warehouse: ['destLocationId'] },
  children: [
    { key: 'lines', resource: billLineResource, parentField: 'billId' },
    { key: 'allocations', resource: futuresAllocationResource, parentField: 'billId' },
  ],
  // the generic proofs' futures bills: numbered by the server, from the tenant's first factory to its first warehouse
  sample: (salt) => ({ reservationNo: `R${salt}`, season: '2027SS' }),
  fields: {
    code: billFields.code,
    season: { ...billFields.season, hidden: undefined, form: true },
    supplyOrderId: { ...billFields.supplyOrderId, hidden: undefined, width: 165 },
    reservationNo: billFields.reservationNo,
    kind: { ...billFields.kind, form: false, hidden: true },
    // the sender: always a factory
    factoryId: { ...billFields.factoryId, required: true },
    // picked among the warehouses (a keeper's own only); required, the server says (a keeper leaving it blank gets its own)
    destLocationId: {
      ...billFields.destLocationId,
      ref: { resource: 'tenant/warehouse', labelField: 'name', onDelete: 'restrict' as const },
      label: L('收货仓库', '收貨倉庫', 'Warehouse'),
      width: 150,
      hidden: true,
    },
    piecesExpected: { ...billFields.piecesExpected, width: 100 },
    piecesAllocated: billFields.piecesAllocated,
    allocatedRatio: { ...billFields.allocatedRatio, hidden: undefined, width: 115, label: L('分配率 %', '分配率 %', 'Alloc. %') },
    piecesReceived: billFields.piecesReceived,
    status: billFields.status,
    expectedAt: billFields.expectedAt,
    needsInspection: billFields.needsInspection,
    shippedAt: billFields.shippedAt,
    receivedAt: billFields.receivedAt,
    reviewedAt: billFields.reviewedAt,
    remark: billFields.remark,
  },
});
