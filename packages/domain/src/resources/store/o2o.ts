import { L } from '../../lang.js';
import { defineResource } from '../../resource/define.js';
import { f } from '../../resource/fields.js';
import {
  customerOrderFields,
  customerOrderLineResource,
  ORDER_CHANNEL,
  ORDER_KIND,
  o2oDeliveryMachine,
  o2oReceivingMachine,
} from '../logistics/customer-order.js';

const lines = [{ key: 'lines', resource: customerOrderLineResource, parentField: 'orderId' }];

/** A store's site fields: an O2O order is fulfilled by a store, not a warehouse. */
const storeSite = {
  fulfilSiteId: f.ref('tenant/store', 'name', { label: L('履约门店', '履約門市', 'Store'), search: 'eq', editable: false, width: 120 }),
};

/**
 * O2O delivery (E12 fulfilled by a store, store/o2o-delivery): online orders a store fulfils from
 * its own stock — picked up in store (made ready, handed over once the customer's ID is checked) or
 * shipped from the store. Its pick list shows where the store's readers see each SKU's pieces. A
 * store's user sees its own store's.
 */
export const o2oDeliveryResource = defineResource({
  code: 'store/o2o-delivery',
  names: L('O2O 订单', 'O2O 訂單', 'O2O order'),
  owner: 'tenant',
  table: 'customer_orders',
  titleField: 'orderNo',
  defaultSort: { field: 'orderNo', order: 'desc' },
  rowsOf: { code: 'logistics/ecom-delivery', fixed: { kind: ORDER_KIND.ORDER } },
  machine: o2oDeliveryMachine,
  partyScope: { store: ['fulfilSiteId'] },
  crud: ['query', 'export'],
  unproven: {
    crud: "its rows come from the online shop through a store's channel, which the e-commerce desk's form does not take: test/customer-orders.test.ts proves a store's user sees its own store's",
  },
  children: lines,
  sample: () => ({ channel: ORDER_CHANNEL.BOPIS, customerName: 'Sample', customerPhone: '13800000000' }),
  fields: {
    ...customerOrderFields,
    ...storeSite,
    // a store's clerk sees its own store's: the store and the picked pieces with the column settings
    fulfilSiteId: { ...storeSite.fulfilSiteId, hidden: true },
    orderNo: { ...customerOrderFields.orderNo, width: 145 },
    channel: { ...customerOrderFields.channel, width: 130 },
    customerName: { ...customerOrderFields.customerName, width: 75 },
    pickupStoreId: { ...customerOrderFields.pickupStoreId, list: false },
    promisedAt: { ...customerOrderFields.promisedAt, label: L('时效', '時效', 'Due'), width: 140 },
    pickedPieces: { ...customerOrderFields.pickedPieces, hidden: true },
    packResult: { ...customerOrderFields.packResult, width: 90 },
    carrier: { ...customerOrderFields.carrier, hidden: true },
    trackingNo: { ...customerOrderFields.trackingNo, hidden: true },
    originalOrderNo: { ...customerOrderFields.originalOrderNo, list: false, exported: false },
  },
});

/**
 * O2O receiving (E12 at a store, store/o2o-receiving): orders a warehouse ships to a store for the
 * customer to pick up (received at the store, ready, handed over) and consumers' returns brought to
 * the store (received by their reads, inspected or refused). A store's user sees its own store's.
 */
export const o2oReceivingResource = defineResource({
  code: 'store/o2o-receiving',
  names: L('O2O 收货', 'O2O 收貨', 'O2O receipt'),
  owner: 'tenant',
  table: 'customer_orders',
  titleField: 'orderNo',
  defaultSort: { field: 'orderNo', order: 'desc' },
  rowsOf: { code: 'logistics/ecom-delivery' },
  machine: o2oReceivingMachine,
  partyScope: { store: ['pickupStoreId'] },
  crud: ['query', 'export'],
  children: lines,
  sample: () => ({ channel: ORDER_CHANNEL.SHIP_TO_STORE, customerName: 'Sample', customerPhone: '13800000000' }),
  fields: {
    ...customerOrderFields,
    kind: { ...customerOrderFields.kind, hidden: undefined, search: 'eq' },
    channel: { ...customerOrderFields.channel, hidden: true, search: undefined },
    // a warehouse (an order shipped here) or this store (a return brought here): any site, by name
    fulfilSiteId: f.ref('warehouse/bill-site', 'name', { label: L('发货方', '出貨方', 'From'), search: 'eq', editable: false, width: 120 }),
    pickupStoreId: { ...customerOrderFields.pickupStoreId, label: L('门店', '門市', 'Store'), hidden: true },
    promisedAt: { ...customerOrderFields.promisedAt, hidden: true },
    pickedPieces: { ...customerOrderFields.pickedPieces, hidden: true },
    packResult: { ...customerOrderFields.packResult, list: false, exported: false },
    returnedPieces: { ...customerOrderFields.returnedPieces, label: L('退回已读', '退回已讀', 'Returns read') },
    mismatchPieces: { ...customerOrderFields.mismatchPieces, hidden: undefined, width: 90, label: L('不符', '不符', 'Mismatch') },
    carrier: { ...customerOrderFields.carrier, hidden: true },
    trackingNo: { ...customerOrderFields.trackingNo, hidden: true },
    originalOrderNo: { ...customerOrderFields.originalOrderNo, list: true, hidden: true },
  },
});
