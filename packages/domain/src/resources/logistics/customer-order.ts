import { defineEnums, enumOption as o } from '../../enums.js';
import { L, type L10n } from '../../lang.js';
import type { ActionCode } from '../../menu/actions.js';
import { defineResource } from '../../resource/define.js';
import { f } from '../../resource/fields.js';
import { defineMachine, type Transition } from '../../resource/machine.js';
import { numberedCode } from '../warehouse/bill.js';

/** Values of the CustomerOrderChannel enum: how a consumer's order is fulfilled (operations.md E12). */
export const ORDER_CHANNEL = { ECOM: 1, BOPIS: 2, SHIP_FROM_STORE: 3, SHIP_TO_STORE: 4 } as const;
/** Values of the CustomerOrderKind enum: an order, or a consumer's return of one. */
export const ORDER_KIND = { ORDER: 1, RETURN: 2 } as const;
/**
 * Values of the CustomerOrderStatus enum: an order's way NEW → … → SHIPPED / PICKED_UP / DELIVERED;
 * a return's (21–29) in the same column, so a screen showing both reads one status.
 */
export const ORDER_STATUS = {
  NEW: 1,
  ACCEPTED: 2,
  PICKING: 3,
  PACKED: 4,
  SHIPPED: 5,
  READY_FOR_PICKUP: 6,
  PICKED_UP: 7,
  DELIVERED: 8,
  CANCELLED: 9,
  UNFULFILLABLE: 10,
  RECEIVED: 21,
  RESTOCKED: 22,
  DEFECTIVE: 23,
  REFUSED: 29,
} as const;
/** Values of the ShortReason enum: why an accepted order cannot be fulfilled. */
export const SHORT_REASON = { OUT_OF_STOCK: 1, DAMAGED: 2, NOT_FOUND: 3 } as const;
/** Values of the ReturnInspection enum: what a returned piece's inspection decides. */
export const RETURN_INSPECTION = { RESTOCK: 1, DEFECTIVE: 2 } as const;
/** Values of the OrderEpcRole enum: an EPC packed for an order, or returned on a return. */
export const ORDER_EPC_ROLE = { PACKED: 1, RETURNED: 2 } as const;

/** The customer order module's enums (see defineEnums). */
export const customerOrderEnums = defineEnums({
  CustomerOrderChannel: [
    o(ORDER_CHANNEL.ECOM, '电商快递', '電商快遞', 'E-commerce'),
    o(ORDER_CHANNEL.BOPIS, '门店自提', '門市自取', 'Pick up in store'),
    o(ORDER_CHANNEL.SHIP_FROM_STORE, '门店发货', '門市出貨', 'Ship from store'),
    o(ORDER_CHANNEL.SHIP_TO_STORE, '发到门店', '寄到門市', 'Ship to store'),
  ],
  CustomerOrderKind: [o(ORDER_KIND.ORDER, '订单', '訂單', 'Order'), o(ORDER_KIND.RETURN, '退货', '退貨', 'Return')],
  CustomerOrderStatus: [
    o(ORDER_STATUS.NEW, '新订单', '新訂單', 'New', 'default'),
    o(ORDER_STATUS.ACCEPTED, '已接单', '已接單', 'Accepted', 'processing'),
    o(ORDER_STATUS.PICKING, '拣货中', '揀貨中', 'Picking', 'processing'),
    o(ORDER_STATUS.PACKED, '已装箱', '已裝箱', 'Packed', 'processing'),
    o(ORDER_STATUS.SHIPPED, '已发货', '已出貨', 'Shipped', 'success'),
    o(ORDER_STATUS.READY_FOR_PICKUP, '待取货', '待取貨', 'Ready for pickup', 'warning'),
    o(ORDER_STATUS.PICKED_UP, '已取货', '已取貨', 'Picked up', 'success'),
    o(ORDER_STATUS.DELIVERED, '已签收', '已簽收', 'Delivered', 'success'),
    o(ORDER_STATUS.CANCELLED, '已取消', '已取消', 'Cancelled', 'default'),
    o(ORDER_STATUS.UNFULFILLABLE, '无法履约', '無法履約', 'Unfulfillable', 'error'),
    o(ORDER_STATUS.RECEIVED, '已收退货', '已收退貨', 'Return received', 'processing'),
    o(ORDER_STATUS.RESTOCKED, '已入库', '已入庫', 'Restocked', 'success'),
    o(ORDER_STATUS.DEFECTIVE, '转次品', '轉瑕疵品', 'Defective', 'warning'),
    o(ORDER_STATUS.REFUSED, '已拒收', '已拒收', 'Refused', 'error'),
  ],
  ShortReason: [
    o(SHORT_REASON.OUT_OF_STOCK, '缺货', '缺貨', 'Out of stock'),
    o(SHORT_REASON.DAMAGED, '商品损坏', '商品損壞', 'Damaged'),
    o(SHORT_REASON.NOT_FOUND, '找不到商品', '找不到商品', 'Not found'),
  ],
  ReturnInspection: [
    o(RETURN_INSPECTION.RESTOCK, '合格入库', '合格入庫', 'Restock'),
    o(RETURN_INSPECTION.DEFECTIVE, '转次品', '轉瑕疵品', 'Defective'),
  ],
});

const S = ORDER_STATUS;

/** An order's own states: its status column shows them; a return's are the others. */
export const ORDER_STATES: readonly number[] = [
  S.NEW,
  S.ACCEPTED,
  S.PICKING,
  S.PACKED,
  S.SHIPPED,
  S.READY_FOR_PICKUP,
  S.PICKED_UP,
  S.DELIVERED,
  S.CANCELLED,
  S.UNFULFILLABLE,
];

/** The moves of an order (operations.md E12), shared by the screens that offer them. */
const orderMoves = {
  // an accepted order is offered the button still, refused with the spec's words
  accept: {
    from: [S.NEW, S.ACCEPTED],
    to: S.ACCEPTED,
    guard: (row: Record<string, unknown>) =>
      Number(row.status) === S.ACCEPTED
        ? 'customerOrder.alreadyAccepted'
        : Number(row.pieces ?? 0) <= 0
          ? 'customerOrder.noLines'
          : undefined,
    done: 'customerOrder.done.accept',
  },
  ship: {
    from: [S.PACKED, S.SHIPPED],
    to: S.SHIPPED,
    guard: (row: Record<string, unknown>) =>
      Number(row.status) === S.SHIPPED
        ? 'customerOrder.alreadyShipped'
        : Number(row.channel) === ORDER_CHANNEL.BOPIS
          ? 'customerOrder.pickupNotShipped'
          : undefined,
    fields: ['carrier', 'trackingNo'],
    done: 'customerOrder.done.ship',
  },
  deliver: { from: [S.SHIPPED], to: S.DELIVERED, confirm: 'customerOrder.confirm.deliver', done: 'customerOrder.done.deliver' },
  ready: {
    from: [S.PACKED],
    to: S.READY_FOR_PICKUP,
    guard: (row: Record<string, unknown>) => (Number(row.channel) === ORDER_CHANNEL.BOPIS ? undefined : 'customerOrder.notPickup'),
    done: 'customerOrder.done.ready',
  },
  handover: {
    from: [S.READY_FOR_PICKUP],
    to: S.PICKED_UP,
    fields: ['idChecked'],
    confirm: 'customerOrder.confirm.handover',
    done: 'customerOrder.done.handover',
  },
  reject: {
    from: [S.ACCEPTED, S.PICKING],
    to: S.UNFULFILLABLE,
    danger: true,
    fields: ['shortReason'],
    confirm: 'customerOrder.confirm.reject',
    done: 'customerOrder.done.reject',
  },
  cancel: {
    from: [S.NEW, S.ACCEPTED],
    to: S.CANCELLED,
    danger: true,
    confirm: 'customerOrder.confirm.cancel',
    done: 'customerOrder.done.cancel',
  },
} as const;

/** The moves of a return: received once its pieces are read, inspected (restocked, or defective by the system's move) or refused. */
const returnMoves = {
  receive: {
    from: [S.NEW],
    to: S.RECEIVED,
    guard: (row: Record<string, unknown>) => (Number(row.returnedPieces ?? 0) > 0 ? undefined : 'customerOrder.returnNotRead'),
    done: 'customerOrder.done.receiveReturn',
  },
  inspect: { from: [S.RECEIVED], to: S.RESTOCKED, fields: ['inspection'], done: 'customerOrder.done.inspect' },
  refuse: {
    from: [S.NEW, S.RECEIVED],
    to: S.REFUSED,
    danger: true,
    confirm: 'customerOrder.confirm.refuse',
    done: 'customerOrder.done.refuse',
  },
} as const;

/**
 * The moves the system makes on any screen's rows: an order picked and packed by its reads, a
 * return received by its reads at a store, a return's inspection ending defective.
 */
const orderSystem = {
  /** the first pick read of an accepted order */
  pick: { from: [S.ACCEPTED], to: S.PICKING },
  /** its pack read matched its lines (a mismatch leaves it picking, to be read again) */
  pack: { from: [S.ACCEPTED, S.PICKING], to: S.PACKED },
  /** a return brought to a store: received by its read at the counter */
  returned: { from: [S.NEW], to: S.RECEIVED },
  /** a return's inspection found it defective (inspect's verdict, in its transaction) */
  defective: { from: [S.RESTOCKED], to: S.DEFECTIVE },
} as const;

const orderMachine = <T extends Record<string, Transition>>(transitions: T) =>
  defineMachine({
    field: 'status',
    states: 'CustomerOrderStatus',
    transitions: transitions as T & Record<keyof T & ActionCode, Transition>,
    system: orderSystem,
    final: [S.PICKED_UP, S.DELIVERED, S.CANCELLED, S.UNFULFILLABLE, S.RESTOCKED, S.DEFECTIVE, S.REFUSED],
    editIn: [S.NEW],
    deleteIn: [S.NEW],
  });

/**
 * The e-commerce desk's machine (logistics/ecom-delivery): accepted, picked and packed by the reads
 * of its pieces (the system's pick and pack), shipped with the carrier's tracking number, delivered;
 * rejected when it cannot be fulfilled, cancelled before it is picked.
 */
export const ecomOrderMachine = orderMachine({
  accept: orderMoves.accept,
  ship: orderMoves.ship,
  deliver: orderMoves.deliver,
  reject: orderMoves.reject,
  cancel: orderMoves.cancel,
});
/** A warehouse's returns (logistics/ecom-return). */
export const ecomReturnMachine = orderMachine(returnMoves);
/** A store's online orders (store/o2o-delivery): picked up in store (ready, handed over) or shipped from it. */
export const o2oDeliveryMachine = orderMachine({
  accept: orderMoves.accept,
  ship: orderMoves.ship,
  ready: orderMoves.ready,
  handover: orderMoves.handover,
  reject: orderMoves.reject,
});
/**
 * A store's receipts (store/o2o-receiving): an order shipped to the store arrives (ready for
 * pickup) and is handed over; a return brought to the store is received by its read, then inspected
 * or refused.
 */
export const o2oReceivingMachine = orderMachine({
  receive: {
    from: [S.SHIPPED],
    to: S.READY_FOR_PICKUP,
    guard: (row: Record<string, unknown>) => (Number(row.channel) === ORDER_CHANNEL.SHIP_TO_STORE ? undefined : 'customerOrder.notToStore'),
    done: 'customerOrder.done.receive',
  },
  handover: orderMoves.handover,
  inspect: returnMoves.inspect,
  refuse: returnMoves.refuse,
});

/** A count the server keeps from the order's lines and reads. */
const tally = (label: L10n, extra: { hidden?: boolean; width?: number } = {}) =>
  f.int({ label, min: 0, max: 999_999, default: 0, required: false, form: false, editable: false, width: 80, ...extra });
const when = (label: L10n) => f.datetime({ label, required: false, form: false, editable: false, hidden: true, width: 160 });

/** A line of a customer order: a SKU and its pieces (ordered, and picked by the pack read). */
export const customerOrderLineResource = defineResource({
  code: 'logistics/ecom-delivery-line',
  screen: 'logistics/ecom-delivery',
  names: L('订单明细', '訂單明細', 'Order line'),
  owner: 'tenant',
  table: 'customer_order_lines',
  titleField: 'skuId',
  defaultSort: { field: 'orderId', order: 'desc' },
  fields: {
    orderId: f.ref('logistics/ecom-delivery', 'orderNo', {
      label: L('订单号', '訂單號', 'Order no.'),
      onDelete: 'cascade',
      search: 'eq',
      list: false,
      editable: false,
      exported: true,
    }),
    skuId: f.ref('tenant/goods-sku', 'skuBarcode', { label: L('SKU 条码', 'SKU 條碼', 'SKU barcode'), search: 'eq', width: 150 }),
    qty: f.int({ label: L('数量', '數量', 'Qty'), min: 1, max: 999, default: 1, width: 80 }),
    pickedQty: tally(L('已拣', '已揀', 'Picked')),
  },
});

/** The fields of a customer order, as the home screen shows them; the other screens adjust columns. */
export const customerOrderFields = {
  orderNo: numberedCode(L('订单号', '訂單號', 'Order no.'), 160),
  channel: f.enumOf('CustomerOrderChannel', {
    label: L('履约方式', '履約方式', 'Channel'),
    default: ORDER_CHANNEL.ECOM,
    search: 'eq',
    width: 120,
  }),
  kind: f.enumOf('CustomerOrderKind', {
    label: L('类型', '類型', 'Type'),
    default: ORDER_KIND.ORDER,
    required: false,
    form: false,
    editable: false,
    hidden: true,
    width: 80,
  }),
  // a warehouse's user names none (its warehouse is stamped); others choose it (the server says when missing)
  fulfilSiteId: f.ref('tenant/warehouse', 'name', {
    label: L('发货仓', '出貨倉', 'Fulfilled by'),
    required: false,
    search: 'eq',
    editable: false,
    width: 130,
  }),
  pickupStoreId: f.ref('tenant/store', 'name', {
    label: L('取货门店', '取貨門市', 'Pickup store'),
    required: false,
    search: 'eq',
    hidden: true,
    width: 130,
  }),
  customerName: f.text({ label: L('收货人', '收件人', 'Customer'), max: 32, search: 'like', width: 100 }),
  customerPhone: f.text({
    label: L('联系电话', '聯絡電話', 'Phone'),
    max: 18,
    min: 11,
    pattern: { source: '^\\+?[0-9 -]{11,18}$', message: 'customerOrder.phonePattern' },
    search: 'eq',
    hidden: true,
    width: 130,
  }),
  address: f.text({ label: L('收货地址', '收件地址', 'Address'), max: 128, required: false, hidden: true, width: 200 }),
  promisedAt: f.datetime({ label: L('承诺时效', '承諾時效', 'Promised by'), required: false, sort: true, width: 150 }),
  pieces: tally(L('件数', '件數', 'Pieces'), { width: 70 }),
  pickedPieces: tally(L('已拣', '已揀', 'Picked'), { width: 70 }),
  packResult: f.enumOf('CartonResult', {
    label: L('装箱核验', '裝箱核驗', 'Pack check'),
    required: false,
    form: false,
    editable: false,
    search: 'eq',
    width: 100,
  }),
  short: tally(L('少件', '少件', 'Short'), { hidden: true }),
  over: tally(L('多件', '多件', 'Over'), { hidden: true }),
  status: f.enumOf('CustomerOrderStatus', {
    label: L('状态', '狀態', 'Status'),
    default: ORDER_STATUS.NEW,
    required: false,
    form: false,
    search: 'eq',
    width: 100,
  }),
  carrier: f.text({ label: L('快递公司', '物流公司', 'Carrier'), max: 32, required: false, form: false, width: 100 }),
  trackingNo: f.text({
    label: L('运单号', '託運單號', 'Tracking no.'),
    display: 'code',
    max: 32,
    required: false,
    form: false,
    search: 'eq',
    width: 150,
  }),
  shortReason: f.enumOf('ShortReason', {
    label: L('无法履约原因', '無法履約原因', 'Why unfulfillable'),
    required: false,
    form: false,
    hidden: true,
    width: 120,
  }),
  idChecked: f.enumOf('YesNo', {
    label: L('已核验身份', '已核驗身分', 'ID checked'),
    required: false,
    form: false,
    hidden: true,
    width: 100,
  }),
  originalOrderNo: f.text({
    label: L('原订单号', '原訂單號', 'Original order'),
    display: 'code',
    max: 32,
    required: false,
    search: 'eq',
    list: false,
    width: 160,
  }),
  returnedPieces: tally(L('退回件数', '退回件數', 'Returned'), { hidden: true }),
  matchedPieces: tally(L('相符件数', '相符件數', 'On the order'), { hidden: true }),
  mismatchPieces: tally(L('不符件数', '不符件數', 'Not on the order'), { hidden: true }),
  inspection: f.enumOf('ReturnInspection', {
    label: L('检验结果', '檢驗結果', 'Inspection'),
    required: false,
    form: false,
    hidden: true,
    width: 100,
  }),
  acceptedAt: when(L('接单时间', '接單時間', 'Accepted at')),
  packedAt: when(L('装箱时间', '裝箱時間', 'Packed at')),
  shippedAt: when(L('发货时间', '出貨時間', 'Shipped at')),
  finishedAt: when(L('完成时间', '完成時間', 'Finished at')),
  remark: f.text({ label: L('备注', '備註', 'Remark'), max: 128, required: false, list: false }),
};

const lines = [{ key: 'lines', resource: customerOrderLineResource, parentField: 'orderId' }];

/**
 * E-commerce delivery (E12, logistics/ecom-delivery): consumers' online orders a warehouse fulfils
 * (and those it ships to a store for pickup): accepted, picked and packed by the reads of their
 * pieces at the e-commerce area's pack station (a pack read that does not match the order's lines
 * is refused and read again), shipped with the carrier's tracking number, delivered. A warehouse's
 * user sees its own warehouse's orders; customer data is masked in the list.
 */
export const ecomDeliveryResource = defineResource({
  code: 'logistics/ecom-delivery',
  names: L('电商订单', '電商訂單', 'E-commerce order'),
  owner: 'tenant',
  table: 'customer_orders',
  titleField: 'orderNo',
  defaultSort: { field: 'orderNo', order: 'desc' },
  machine: ecomOrderMachine,
  partyScope: { warehouse: ['fulfilSiteId'] },
  crud: ['query', 'add', 'edit', 'delete', 'export'],
  children: lines,
  sample: () => ({ channel: ORDER_CHANNEL.ECOM, customerName: 'Sample', customerPhone: '13800000000' }),
  fields: {
    ...customerOrderFields,
    orderNo: { ...customerOrderFields.orderNo, width: 145 },
    promisedAt: { ...customerOrderFields.promisedAt, width: 140 },
    packResult: { ...customerOrderFields.packResult, width: 90 },
    trackingNo: { ...customerOrderFields.trackingNo, width: 130 },
    // the columns an e-commerce desk works by; the others (channel, site, picked, carrier) with the column settings
    channel: { ...customerOrderFields.channel, hidden: true },
    fulfilSiteId: { ...customerOrderFields.fulfilSiteId, hidden: true },
    customerName: { ...customerOrderFields.customerName, width: 75, hidden: true },
    pieces: { ...customerOrderFields.pieces, width: 60 },
    status: { ...customerOrderFields.status, width: 95 },
    pickedPieces: { ...customerOrderFields.pickedPieces, hidden: true },
    carrier: { ...customerOrderFields.carrier, hidden: true },
    originalOrderNo: { ...customerOrderFields.originalOrderNo, form: false },
  },
});

/**
 * E-commerce returns (E12 RETURN at a warehouse, logistics/ecom-return): a consumer sends back
 * pieces of an online order; the return bench reads them (each must be a piece shipped on the
 * original order, else flagged), the return is received, then inspected — restocked (present in the
 * e-commerce area, stock +1) or defective — or refused.
 */
export const ecomReturnResource = defineResource({
  code: 'logistics/ecom-return',
  names: L('电商退货单', '電商退貨單', 'E-commerce return'),
  owner: 'tenant',
  table: 'customer_orders',
  titleField: 'orderNo',
  defaultSort: { field: 'orderNo', order: 'desc' },
  rowsOf: { code: 'logistics/ecom-delivery', fixed: { kind: ORDER_KIND.RETURN } },
  machine: ecomReturnMachine,
  partyScope: { warehouse: ['fulfilSiteId'] },
  crud: ['query', 'add', 'edit', 'delete', 'export'],
  children: lines,
  sample: () => ({ channel: ORDER_CHANNEL.ECOM, customerName: 'Sample', customerPhone: '13800000000', originalOrderNo: '' }),
  fields: {
    ...customerOrderFields,
    // a return names the order it sends back (its pieces are checked against it); a gift return may not know it
    originalOrderNo: {
      ...customerOrderFields.originalOrderNo,
      list: true,
      width: 145,
      placeholder: L('无原订单（如礼品退货）留空', '無原訂單（如禮品退貨）留空', 'Blank when there is no order (a gift return)'),
    },
    orderNo: { ...customerOrderFields.orderNo, label: L('退货单号', '退貨單號', 'Return no.'), width: 145 },
    fulfilSiteId: { ...customerOrderFields.fulfilSiteId, label: L('退回仓', '退回倉', 'Returned to'), hidden: true },
    customerName: { ...customerOrderFields.customerName, width: 75, hidden: true },
    status: { ...customerOrderFields.status, width: 110 },
    channel: { ...customerOrderFields.channel, hidden: true, search: undefined },
    promisedAt: { ...customerOrderFields.promisedAt, hidden: true },
    pieces: { ...customerOrderFields.pieces, label: L('退货件数', '退貨件數', 'Pieces'), width: 75, hidden: true },
    pickedPieces: { ...customerOrderFields.pickedPieces, list: false, exported: false },
    packResult: { ...customerOrderFields.packResult, list: false, exported: false },
    returnedPieces: { ...customerOrderFields.returnedPieces, hidden: undefined, label: L('已读', '已讀', 'Read') },
    matchedPieces: { ...customerOrderFields.matchedPieces, label: L('相符', '相符', 'Matched') },
    mismatchPieces: { ...customerOrderFields.mismatchPieces, hidden: undefined, label: L('不符', '不符', 'Mismatch') },
    carrier: { ...customerOrderFields.carrier, hidden: true },
    trackingNo: { ...customerOrderFields.trackingNo, hidden: true, label: L('退货运单号', '退貨託運單號', 'Return tracking') },
  },
});
