import { checkDigit } from '../../epc/chars.js';
import { L, type L10n } from '../../lang.js';
import { defineResource } from '../../resource/define.js';
import { f } from '../../resource/fields.js';
import { defineMachine } from '../../resource/machine.js';
import { CODE, quantity } from '../supply/chain/_shared.js';
import { partyCode } from '../tenant/places/_party.js';
// the sites' LocationKind enum (the bill-site picker's column), whichever module loads this first
import '../tenant/places/enums.js';
import { BILL_STATUS as B, BILL_KIND, BILL_ORIGIN, EXPORT_STATUS, FACTORY_KINDS, RECEIPT_STATUS, REVIEW_STATUS } from './enums.js';

/** A document's number: unique, found by its beginning, numbered by the server when left blank. */
export const numberedCode = (label: L10n, width: number) =>
  f.text({
    label,
    display: 'code',
    max: 32,
    unique: true,
    required: false,
    editable: false,
    search: 'prefix',
    sort: true,
    pattern: CODE,
    placeholder: L('留空自动编号', '留空自動編號', 'Blank: numbered for you'),
    width,
  });

/** A count a bill keeps from its lines and cartons (not typed: the server writes it). */
const tally = (label: L10n, extra: { hidden?: boolean; width?: number } = {}) =>
  f.int({ label, min: -999_999_999, max: 999_999_999, default: 0, required: false, form: false, editable: false, width: 90, ...extra });
const when = (label: L10n) => f.datetime({ label, required: false, form: false, editable: false, hidden: true, width: 160 });

/** A line of a bill: a SKU, the pieces expected, received and their difference, and the carton it travels in. */
export const billLineResource = defineResource({
  code: 'warehouse/bill-line',
  screen: 'warehouse/bill',
  names: L('单据明细', '單據明細', 'Bill line'),
  owner: 'tenant',
  table: 'wms_bill_lines',
  titleField: 'cartonNo',
  defaultSort: { field: 'billId', order: 'desc' },
  fields: {
    billId: f.ref('warehouse/bill', 'code', {
      label: L('单据号', '單據號', 'Bill no.'),
      onDelete: 'cascade',
      search: 'eq',
      list: false,
      editable: false,
      exported: true,
    }),
    cartonNo: f.text({ label: L('箱号', '箱號', 'Carton no.'), max: 32, required: false, display: 'code', pattern: CODE, width: 150 }),
    skuId: f.ref('tenant/goods-sku', 'skuBarcode', { label: L('SKU 条码', 'SKU 條碼', 'SKU barcode'), search: 'eq', width: 150 }),
    expectedQty: quantity(L('应收数量', '應收數量', 'Expected')),
    receivedQty: tally(L('实收数量', '實收數量', 'Received')),
    diffQty: tally(L('差异数量', '差異數量', 'Difference')),
  },
});

/**
 * The places a bill goes between: every store and warehouse of the tenant (rows of the locations
 * table), picked by name on the bill screen. Not party-scoped: a warehouse keeper sends to any store,
 * though the location screens show it its own site only; the bill itself stays its site's.
 */
export const billSiteResource = defineResource({
  code: 'warehouse/bill-site',
  screen: 'warehouse/bill',
  names: L('收发站点', '收發據點', 'Site'),
  owner: 'tenant',
  table: 'locations',
  titleField: 'name',
  defaultSort: { field: 'code', order: 'asc' },
  rowsOf: { code: 'tenant/location' },
  crud: ['query'],
  fields: {
    code: partyCode(L('站点编码', '據點編碼', 'Site code')),
    name: f.text({ label: L('站点名称', '據點名稱', 'Site name'), max: 64, search: 'like', sort: true }),
    kind: f.enumOf('LocationKind', { label: L('位置类型', '位置類型', 'Location type'), search: 'eq', width: 100 }),
  },
});

/**
 * The factories a bill comes from (rows of the factories table), picked by name where a bill names
 * its sender — an ASN imported by a warehouse's keeper. Not party-scoped: the factory screen shows a
 * factory's user its own row only, and a warehouse's user none.
 */
export const billFactoryResource = defineResource({
  code: 'warehouse/bill-factory',
  screen: 'warehouse/bill',
  names: L('发货工厂', '發貨工廠', 'Sending factory'),
  owner: 'tenant',
  table: 'factories',
  titleField: 'name',
  defaultSort: { field: 'code', order: 'asc' },
  rowsOf: { code: 'tenant/factory' },
  crud: ['query'],
  fields: {
    code: partyCode(L('工厂编码', '工廠編碼', 'Factory code')),
    name: f.text({ label: L('工厂名称', '工廠名稱', 'Factory name'), max: 64, search: 'like', sort: true }),
  },
});

/** Whether an SSCC (18 digits) carries its GS1 check digit. */
export const isSscc = (v: string): boolean => /^\d{18}$/.test(v) && checkDigit(v.slice(0, 17)) === Number(v[17]);

/**
 * The bill's machine (../shared/operations.md E1, the moves of an inbound bill before its cartons
 * are read): shipped (the ASN: in transit, tags shipped), cancelled while still a draft, receiving
 * begins with the first carton checked (a system move), zero-clearance ends a bill in transit or
 * being received directly, writing off what never came (receiving is refused after it). The
 * outbound moves (picking, packing, shipment review) come with the outbound slice.
 */
export const billMachine = defineMachine({
  field: 'status',
  states: 'BillStatus',
  transitions: {
    ship: {
      from: [B.CREATED],
      to: B.IN_TRANSIT,
      guard: (row) => (Number(row.piecesExpected ?? 0) > 0 ? undefined : 'bill.empty'),
      done: 'bill.done.ship',
    },
    cancel: { from: [B.CREATED], to: B.CANCELLED, danger: true, confirm: 'bill.confirm.cancel', done: 'bill.done.cancel' },
    zeroClear: {
      from: [B.IN_TRANSIT, B.RECEIVING, B.RECEIVED],
      to: B.CLOSED,
      danger: true,
      confirm: 'bill.confirm.zeroClear',
      fields: ['zeroClearReason'],
      done: 'bill.done.zeroClear',
    },
    receive: {
      from: [B.RECEIVING],
      to: B.RECEIVED,
      label: L('完成收货', '完成收貨', 'Finish receiving'),
      guard: (row) =>
        Number(row.cartonsPending ?? 0) > 0 ? { key: 'bill.cartonsUnchecked', params: { n: Number(row.cartonsPending) } } : undefined,
      done: 'bill.done.receive',
    },
    review: {
      // a reviewed bill is offered the button still, refused with the spec's words
      from: [B.RECEIVED, B.REVIEWED],
      to: B.REVIEWED,
      guard: (row) => (Number(row.status) === B.REVIEWED ? 'bill.alreadyReviewed' : undefined),
      fields: ['diffReason'],
      optional: ['diffReason'],
      done: 'bill.done.review',
    },
  },
  system: {
    startReceiving: { from: [B.IN_TRANSIT], to: B.RECEIVING },
    /** the ASN of a supply order shipped when the last of the order's packing cartons is audited */
    autoShip: { from: [B.CREATED], to: B.IN_TRANSIT },
    /**
     * an ASN imported from a factory's spreadsheet: in transit as it is made, its cartons and EPCs
     * with it (a large sheet's bill is IMPORTING while its job writes it, in transit when it ends)
     */
    importShip: { from: [B.CREATED, B.IMPORTING], to: B.IN_TRANSIT },
    /** a normal receipt of standard cartons, where the tenant lets it review itself (WMS_AUTO_REVIEW_NORMAL) */
    autoReview: { from: [B.RECEIVED], to: B.REVIEWED },
  },
  final: [B.REVIEWED, B.CLOSED, B.CANCELLED],
  editIn: [B.CREATED],
  deleteIn: [B.CREATED],
});

/**
 * An outbound bill's shipment (../shared/operations.md §7): picking from its first carton scanned at
 * a pack station, packed when every carton of its pick list is audited (system moves); reviewed
 * when its dock-out gate read every audited carton (at least LOADED_SHARE of each one's EPCs: the
 * missing ones are named), then audited — shipped: in transit, its tags shipped. A shipment is
 * voided (back to packed, on the dock) until its receiver reads a piece of it.
 */
export const shipmentMachine = defineMachine({
  field: 'status',
  states: 'BillStatus',
  transitions: {
    review: {
      from: [B.PACKED],
      to: B.SHIP_REVIEWED,
      guard: (row) => {
        const missing = Number(row.cartonsAudited ?? 0) - Number(row.cartonsLoaded ?? 0);
        return missing > 0 ? { key: 'shipment.notLoaded', params: { n: missing } } : undefined;
      },
      label: L('装车复核', '裝車複核', 'Review loading'),
      done: 'shipment.done.review',
    },
    audit: {
      from: [B.SHIP_REVIEWED],
      to: B.IN_TRANSIT,
      label: L('审核发货', '審核出貨', 'Audit and ship'),
      confirm: 'shipment.confirm.audit',
      done: 'shipment.done.audit',
    },
    void: {
      from: [B.IN_TRANSIT],
      to: B.PACKED,
      danger: true,
      guard: (row) => (Number(row.cartonsReceived ?? 0) > 0 ? 'shipment.alreadyReceived' : undefined),
      label: L('作废发货', '作廢出貨', 'Void shipping'),
      confirm: 'shipment.confirm.void',
      done: 'shipment.done.void',
    },
  },
  system: {
    /** its first carton scanned at a pack station of its site */
    startPicking: { from: [B.CREATED], to: B.PICKING },
    /** every carton of its pick list audited */
    packed: { from: [B.PICKING], to: B.PACKED },
  },
  final: [B.REVIEWED, B.CLOSED, B.CANCELLED],
  editIn: [B.CREATED],
  deleteIn: [B.CREATED],
});

/** The share of an audited carton's EPCs its dock-out gate must read for it to count as loaded (operations.md §13.4: 98 %). */
export const LOADED_SHARE = 0.98;

/** The bill's machine with only some of its buttons (each screen over bills offers its own). */
export const billMachineOf = <A extends keyof typeof billMachine.transitions>(actions: readonly A[]) =>
  defineMachine({
    ...billMachine,
    transitions: Object.fromEntries(actions.map((a) => [a, billMachine.transitions[a]])) as Pick<typeof billMachine.transitions, A>,
  });

/** A bill's sender is a factory for purchase, futures and vendor-return bills, and only for them. */
const factoryRule = (d: Record<string, unknown>) => {
  const needs = FACTORY_KINDS.includes(Number(d.kind));
  const has = d.factoryId !== undefined && d.factoryId !== null && d.factoryId !== '';
  return needs && !has
    ? [{ path: ['factoryId'], message: 'bill.factoryNeeded' }]
    : !needs && has
      ? [{ path: ['factoryId'], message: 'bill.factoryOnly' }]
      : [];
};
const siteRule = (d: Record<string, unknown>) =>
  d.sourceLocationId && d.destLocationId && Number(d.sourceLocationId) === Number(d.destLocationId)
    ? [{ path: ['destLocationId'], message: 'bill.sameSites' }]
    : [];
const ssccRule = (d: Record<string, unknown>) =>
  typeof d.sscc === 'string' && d.sscc && /^\d{18}$/.test(d.sscc) && !isSscc(d.sscc)
    ? [{ path: ['sscc'], message: 'validation.ssccCheck' }]
    : [];

/** The fields of a bill, as bill management shows them (the receipt screens show some others first). */
export const billFields = {
  code: numberedCode(L('虚拟单号', '虛擬單號', 'Bill no.'), 136),
  reservationNo: f.text({
    label: L('预约单号', '預約單號', 'Reservation no.'),
    display: 'code',
    max: 32,
    required: false,
    search: 'prefix',
    pattern: CODE,
    width: 140,
    hidden: true,
  }),
  kind: f.enumOf('BillKind', {
    label: L('收货类型', '收貨類型', 'Type'),
    search: 'eq',
    default: BILL_KIND.PURCHASE_IN,
    width: 120,
  }),
  status: f.enumOf('BillStatus', {
    label: L('状态', '狀態', 'Status'),
    search: 'eq',
    default: B.CREATED,
    required: false,
    form: false,
    width: 90,
  }),
  // how the bill came to be: by hand or the API, a factory's audited cartons, an ASN spreadsheet (written by the server)
  origin: f.enumOf('BillOrigin', {
    label: L('来源', '來源', 'Origin'),
    search: 'eq',
    default: BILL_ORIGIN.MANUAL,
    required: false,
    form: false,
    editable: false,
    width: 110,
    hidden: true,
  }),
  sourceLocationId: f.ref('warehouse/bill-site', 'name', {
    label: L('发货方', '發貨方', 'From'),
    required: false,
    search: 'eq',
    width: 120,
    hidden: true,
  }),
  factoryId: f.ref('tenant/factory', 'name', {
    label: L('工厂', '工廠', 'Factory'),
    required: false,
    search: 'eq',
    width: 150,
    hidden: true,
  }),
  // required, the server says (a site's user leaving it blank gets its own site)
  destLocationId: f.ref('warehouse/bill-site', 'name', { label: L('收货方', '收貨方', 'To'), required: false, search: 'eq', width: 120 }),
  supplyOrderId: f.ref('supply/purchase-order', 'code', {
    label: L('采购单号', '採購單號', 'Purchase order'),
    required: false,
    search: 'eq',
    hidden: true,
  }),
  // a futures bill's selling season (the futures screen shows and edits it; the other bills leave it blank)
  season: f.text({
    label: L('季节', '季節', 'Season'),
    max: 16,
    required: false,
    form: false,
    search: 'eq',
    placeholder: L('如 2027SS', '如 2027SS', 'e.g. 2027SS'),
    width: 90,
    hidden: true,
  }),
  sscc: f.text({
    label: L('SSCC', 'SSCC', 'SSCC'),
    display: 'code',
    max: 18,
    required: false,
    pattern: { source: '^[0-9]{18}$', message: 'validation.ssccShape' },
    hidden: true,
  }),
  expectedAt: f.datetime({ label: L('预计到货', '預計到貨', 'Expected at'), required: false, sort: true, width: 160, hidden: true }),
  cartonsExpected: tally(L('应收箱数', '應收箱數', 'Cartons expected'), { hidden: true }),
  cartonsReceived: tally(L('实收箱数', '實收箱數', 'Cartons received'), { hidden: true }),
  cartonsDiff: tally(L('差异箱数', '差異箱數', 'Carton difference'), { hidden: true }),
  cartonsPending: tally(L('待核对箱数', '待核對箱數', 'Cartons to check'), { hidden: true }),
  piecesExpected: tally(L('应收件数', '應收件數', 'Expected'), { width: 110 }),
  piecesReceived: tally(L('实收件数', '實收件數', 'Received'), { hidden: true }),
  // the receipt screens show it first; here it is the lines' and the column settings'
  piecesDiff: tally(L('差异件数', '差異件數', 'Difference'), { width: 120, hidden: true }),
  diffRatio: f.decimal({
    label: L('差异率 %', '差異率 %', 'Difference %'),
    min: 0,
    max: 999_999,
    scale: 2,
    default: 0,
    required: false,
    form: false,
    editable: false,
    width: 90,
    hidden: true,
  }),
  // an outbound bill's cartons audited onto it (packing) and read at its dock-out gate, and the share loaded
  cartonsAudited: tally(L('已审核箱数', '已審核箱數', 'Cartons audited'), { hidden: true }),
  cartonsLoaded: tally(L('已装车箱数', '已裝車箱數', 'Cartons loaded'), { hidden: true }),
  loadedRatio: f.decimal({
    label: L('装车读取率 %', '裝車讀取率 %', 'Loading read %'),
    min: 0,
    max: 100,
    scale: 2,
    default: 0,
    required: false,
    form: false,
    editable: false,
    width: 110,
    hidden: true,
  }),
  // a futures bill's allocations to stores: their pieces, and their share of the pieces expected
  piecesAllocated: tally(L('已分配件数', '已分配件數', 'Allocated'), { hidden: true }),
  allocatedRatio: f.decimal({
    label: L('分配率 %', '分配率 %', 'Allocated %'),
    min: 0,
    max: 999_999,
    scale: 2,
    default: 0,
    required: false,
    form: false,
    editable: false,
    width: 100,
    hidden: true,
  }),
  receiptStatus: f.enumOf('ReceiptStatus', {
    label: L('收货状态', '收貨狀態', 'Receipt'),
    search: 'eq',
    default: RECEIPT_STATUS.NORMAL,
    required: false,
    form: false,
    editable: false,
    width: 90,
    // in the status column's colour and the difference already; searched, and back with the column settings
    hidden: true,
  }),
  reviewStatus: f.enumOf('ReviewStatus', {
    label: L('复核状态', '複核狀態', 'Review'),
    default: REVIEW_STATUS.NEW,
    required: false,
    form: false,
    editable: false,
    hidden: true,
  }),
  returnCartons: f.int({
    label: L('退货箱数', '退貨箱數', 'Cartons returned'),
    min: 0,
    max: 99_999,
    default: 0,
    required: false,
    hidden: true,
  }),
  reflowCartons: f.int({
    label: L('回流箱数', '回流箱數', 'Cartons re-sent'),
    min: 0,
    max: 99_999,
    default: 0,
    required: false,
    hidden: true,
  }),
  isStandard: f.enumOf('YesNo', { label: L('标准箱', '標準箱', 'Standard cartons'), default: 0, required: false, hidden: true }),
  needsInspection: f.enumOf('YesNo', { label: L('需质检', '需品檢', 'Needs inspection'), default: 0, required: false, hidden: true }),
  deviceNo: f.text({ label: L('设备号', '設備號', 'Device no.'), max: 32, required: false, form: false, editable: false, hidden: true }),
  shippedAt: when(L('发货时间', '發貨時間', 'Shipped at')),
  receivedAt: when(L('收货时间', '收貨時間', 'Received at')),
  reviewedAt: when(L('复核时间', '複核時間', 'Reviewed at')),
  closedAt: when(L('清零时间', '清零時間', 'Zero-cleared at')),
  diffReason: f.textarea({ label: L('差异原因', '差異原因', 'Difference reason'), max: 256, required: false, form: false, list: false }),
  zeroClearReason: f.textarea({
    label: L('清零原因', '清零原因', 'Zero-clearance reason'),
    max: 256,
    required: false,
    form: false,
    list: false,
  }),
  exportStatus: f.enumOf('ExportStatus', {
    label: L('导出状态', '匯出狀態', 'ERP export'),
    default: EXPORT_STATUS.NOT_EXPORTED,
    required: false,
    form: false,
    editable: false,
    hidden: true,
  }),
  remark: f.textarea({ label: L('备注', '備註', 'Remark'), max: 256, list: false }),
};

/**
 * Bill management (E1, spec §3 bills): the documents goods move by between factories, warehouses and
 * stores — an advance shipping notice into the DC, a transfer to a store, a store's return — with
 * the cartons and pieces expected, received and their difference, kept by the server from the lines
 * and, as receiving goes, from the cartons read. A store's or warehouse's user sees the bills its
 * site sends or receives.
 */
export const billResource = defineResource({
  code: 'warehouse/bill',
  names: L('单据', '單據', 'Bill'),
  owner: 'tenant',
  table: 'wms_bills',
  titleField: 'code',
  defaultSort: { field: 'code', order: 'desc' },
  machine: billMachineOf(['ship', 'cancel', 'zeroClear']),
  // an ASN from a spreadsheet (carton, SKU, quantity, EPC): the server's import-asn route
  extraActions: ['importAsn'],
  partyScope: { warehouse: ['destLocationId', 'sourceLocationId'], store: ['destLocationId', 'sourceLocationId'] },
  rules: [factoryRule, siteRule, ssccRule],
  children: [{ key: 'lines', resource: billLineResource, parentField: 'billId' }],
  // the generic proofs' bills: transfers (no factory), numbered by the server, to the tenant's first place
  sample: (salt) => ({ kind: BILL_KIND.TRANSFER, reservationNo: `R${salt}` }),
  fields: billFields,
});

/** Where a receipt is shown: the bill's columns a receipt is judged by, out of the column settings. */
export const receiptFields = {
  ...billFields,
  piecesReceived: { ...billFields.piecesReceived, hidden: undefined, width: 105 },
  piecesExpected: { ...billFields.piecesExpected, width: 105 },
  piecesDiff: { ...billFields.piecesDiff, hidden: undefined, width: 100, label: L('差异件数', '差異件數', 'Diff.') },
  receiptStatus: { ...billFields.receiptStatus, hidden: undefined, width: 105 },
  destLocationId: { ...billFields.destLocationId, hidden: true },
  expectedAt: { ...billFields.expectedAt, hidden: true },
};

/**
 * Goods received (E1, warehouse/goods-received): the bills a warehouse is receiving or has received,
 * with what came per SKU (their lines); receiving ends when every carton is checked (finish
 * receiving), and the receipt goes on to its review.
 */
export const goodsReceivedResource = defineResource({
  code: 'warehouse/goods-received',
  names: L('收货单', '收貨單', 'Receipt'),
  owner: 'tenant',
  table: 'wms_bills',
  titleField: 'code',
  defaultSort: { field: 'code', order: 'desc' },
  rowsOf: { code: 'warehouse/bill' },
  machine: billMachineOf(['receive']),
  partyScope: { warehouse: ['destLocationId', 'sourceLocationId'] },
  // the generic proofs' receipts: a store's return to a warehouse (made as bills, then receiving)
  sample: (salt) => ({ kind: BILL_KIND.STORE_RETURN, reservationNo: `R${salt}` }),
  children: [{ key: 'lines', resource: billLineResource, parentField: 'billId' }],
  crud: ['query', 'export'],
  fields: {
    ...receiptFields,
    kind: { ...billFields.kind, hidden: true },
    cartonsPending: { ...billFields.cartonsPending, hidden: undefined, width: 100, label: L('待核对箱数', '待核對箱數', 'To check') },
  },
});
