import { L } from '../../../lang.js';
import { defineResource } from '../../../resource/define.js';
import { f } from '../../../resource/fields.js';
import { defineMachine, type Reason } from '../../../resource/machine.js';
import { CODE, quantity } from './_shared.js';
import { SUPPLY_ORDER_STATUS as S } from './enums.js';

/**
 * A line of a commodity purchase order: one SKU of one goods row and how many pieces the brand buys.
 * Written with its order in one transaction (children of supplyOrderResource), guarded by the
 * order's screen; listed on their own by supply/purchase-order-detail.
 */
export const supplyOrderLineResource = defineResource({
  code: 'supply/purchase-order-line',
  screen: 'supply/purchase-order',
  names: L('商品采购单明细', '商品採購單明細', 'Commodity purchase order line'),
  owner: 'tenant',
  table: 'supply_order_lines',
  titleField: 'quantity',
  defaultSort: { field: 'orderId', order: 'desc' },
  fields: {
    orderId: f.ref('supply/purchase-order', 'code', {
      label: L('采购单号', '採購單號', 'Order code'),
      onDelete: 'cascade',
      search: 'eq',
      sort: true,
      list: false,
      editable: false,
      exported: true,
    }),
    // search boxes of the detail screen (no column): lines of orders whose code, or of goods whose style number, starts so
    orderCode: f.text({ label: L('采购单号', '採購單號', 'Order code'), max: 32, search: 'prefix', stored: false }),
    styleNumber: f.text({ label: L('款号', '款號', 'Style number'), max: 32, search: 'prefix', stored: false }),
    goodsId: f.ref('tenant/goods', 'styleNumber', { label: L('商品', '商品', 'Goods'), search: 'eq', width: 150 }),
    skuId: f.ref('tenant/goods-sku', 'skuBarcode', { label: L('SKU 条码', 'SKU 條碼', 'SKU barcode'), search: 'eq', width: 150 }),
    quantity: quantity(L('采购数量', '採購數量', 'Quantity')),
  },
});

/**
 * Commodity purchase order (screens.md supply/purchase-order): the brand buys goods from a factory;
 * its lines are SKUs and quantities. A new order is edited; confirmed, it no longer changes;
 * repealed (spec §4), it is final and cannot produce label orders (commodityOrderUsable). A user
 * bound to a factory sees that factory's orders.
 */
export const supplyOrderMachine = defineMachine({
  field: 'status',
  states: 'SupplyOrderStatus',
  transitions: {
    confirm: {
      from: [S.NEW],
      to: S.CONFIRMED,
      guard: (row) => (Number(row.totalQuantity ?? 0) > 0 ? undefined : 'supply.order.noLines'),
      done: 'supply.done.confirm',
    },
    repeal: {
      from: [S.NEW, S.CONFIRMED],
      to: S.REPEALED,
      danger: true,
      confirm: 'supply.confirm.repeal',
      done: 'supply.done.repeal',
    },
  },
  final: [S.REPEALED],
  editIn: [S.NEW],
  deleteIn: [S.NEW],
});

export const supplyOrderResource = defineResource({
  code: 'supply/purchase-order',
  names: L('商品采购单', '商品採購單', 'Commodity purchase order'),
  owner: 'tenant',
  table: 'supply_orders',
  titleField: 'code',
  defaultSort: { field: 'code', order: 'desc' },
  machine: supplyOrderMachine,
  partyScope: { factory: 'factoryId' },
  children: [{ key: 'lines', resource: supplyOrderLineResource, parentField: 'orderId' }],
  seed: [
    {
      code: 'PO202610010001',
      contractCode: 'HT-2026-0101',
      orderDate: '2026-10-01',
      deliveryDate: '2026-12-15',
      remark: '冬季新品首单',
    },
  ],
  fields: {
    // left empty, the server numbers it (PO + day + sequence)
    code: f.text({
      label: L('采购单号', '採購單號', 'Order code'),
      display: 'code',
      max: 32,
      required: false,
      placeholder: L('留空自动生成', '留空自動產生', 'Left empty: numbered for you'),
      unique: true,
      search: 'prefix',
      sort: true,
      pattern: CODE,
      width: 160,
    }),
    contractCode: f.text({
      label: L('合同编号', '合約編號', 'Contract code'),
      display: 'code',
      max: 32,
      required: false,
      search: 'prefix',
      pattern: CODE,
      width: 130,
      hidden: true,
    }),
    // optional on the row (an order may wait for its factory); a user bound to a factory gets its own stamped
    factoryId: f.ref('tenant/factory', 'name', { label: L('工厂', '工廠', 'Factory'), required: false, search: 'eq', width: 200 }),
    brandId: f.ref('tenant/brand', 'brandName', {
      label: L('品牌', '品牌', 'Brand'),
      required: false,
      search: 'eq',
      width: 100,
      hidden: true,
    }),
    orderDate: f.date({ label: L('下单日期', '下單日期', 'Order date'), sort: true, search: 'range', width: 110 }),
    deliveryDate: f.date({ label: L('交货日期', '交貨日期', 'Delivery date'), required: false, sort: true, width: 110, hidden: true }),
    totalQuantity: f.int({
      label: L('采购总数', '採購總數', 'Total quantity'),
      min: 0,
      default: 0,
      required: false,
      form: false,
      width: 100,
    }),
    status: f.enumOf('SupplyOrderStatus', {
      label: L('状态', '狀態', 'Status'),
      default: S.NEW,
      required: false,
      form: false,
      search: 'eq',
      width: 110,
    }),
    remark: f.textarea({ label: L('备注', '備註', 'Remark'), max: 256, hidden: true }),
  },
});

/**
 * Whether a commodity purchase order may produce label orders (the label order wizard picks its
 * lines): a repealed one may not (spec §4). The refusal names the order.
 */
export function commodityOrderUsable(row: { code?: unknown; status?: unknown }): Reason | undefined {
  if (Number(row.status) === S.REPEALED) return { key: 'supply.order.repealed', params: { code: String(row.code ?? '') } };
  return undefined;
}

/**
 * Commodity purchase order detail (screens.md supply/purchase-order-detail): the order lines on their
 * own, read-only, with their order's code, goods and SKU; searched by order code or style number
 * (search boxes answered by the supply module's hooks).
 */
export const supplyOrderDetailResource = defineResource({
  code: 'supply/purchase-order-detail',
  names: L('商品采购单明细', '商品採購單明細', 'Commodity purchase order detail'),
  owner: 'tenant',
  table: 'supply_order_lines',
  titleField: 'orderId',
  defaultSort: { field: 'orderId', order: 'desc' },
  crud: ['query', 'export'],
  rowsOf: { code: 'supply/purchase-order-line' },
  fields: {
    orderId: f.ref('supply/purchase-order', 'code', { label: L('采购单号', '採購單號', 'Order code'), sort: true, width: 160 }),
    orderCode: f.text({ label: L('采购单号', '採購單號', 'Order code'), max: 32, search: 'prefix', stored: false }),
    styleNumber: f.text({ label: L('款号', '款號', 'Style number'), max: 32, search: 'prefix', stored: false }),
    goodsId: f.ref('tenant/goods', 'styleNumber', { label: L('商品', '商品', 'Goods'), width: 150 }),
    skuId: f.ref('tenant/goods-sku', 'skuBarcode', { label: L('SKU 条码', 'SKU 條碼', 'SKU barcode'), width: 150 }),
    quantity: quantity(L('采购数量', '採購數量', 'Quantity')),
  },
});
