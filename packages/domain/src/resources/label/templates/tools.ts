import { L } from '../../../lang.js';
import { defineResource } from '../../../resource/define.js';
import { f } from '../../../resource/fields.js';
import { defineMachine } from '../../../resource/machine.js';
import { CODE_CHARS } from '../../tenant/goods/brand.js';
import { CODE } from './_shared.js';
import { BARCODE_REPLACE_STATUS as B, REPRINT_STATUS as R } from './enums.js';

/** A submitted replacement is what the label supplier acts on: it no longer changes. */
export const barcodeReplaceMachine = defineMachine({
  field: 'status',
  states: 'BarcodeReplaceStatus',
  transitions: { submit: { from: [B.DRAFT], to: B.SUBMITTED, done: 'labelTools.done.submit' } },
  final: [B.SUBMITTED],
});

/**
 * Replace barcode (screens.md label/replace-barcode): a request to print a SKU's labels with a new
 * barcode from now on (old barcode → new barcode, the goods and SKU, the reason); submitted, it no
 * longer changes.
 */
export const barcodeReplaceResource = defineResource({
  code: 'label/replace-barcode',
  names: L('条码更换单', '條碼更換單', 'Barcode replacement'),
  owner: 'tenant',
  table: 'label_barcode_replacements',
  titleField: 'code',
  defaultSort: { field: 'code', order: 'desc' },
  machine: barcodeReplaceMachine,
  rules: [
    (d) =>
      d.oldBarcode && d.newBarcode && String(d.oldBarcode) === String(d.newBarcode)
        ? [{ path: ['newBarcode'], message: 'validation.supply.sameBarcode' }]
        : [],
  ],
  seed: [{ code: 'RB202611100001', oldBarcode: 'LM24S001-BK-M', newBarcode: 'LM24S001-BLK-M', reason: '颜色编码规则调整' }],
  fields: {
    code: f.text({
      label: L('更换单号', '更換單號', 'Request code'),
      display: 'code',
      max: 32,
      unique: true,
      search: 'prefix',
      sort: true,
      pattern: CODE,
      width: 150,
    }),
    goodsId: f.ref('tenant/goods', 'styleNumber', {
      label: L('商品', '商品', 'Goods'),
      required: false,
      search: 'eq',
      width: 150,
      hidden: true,
    }),
    skuId: f.ref('tenant/goods-sku', 'skuBarcode', { label: L('SKU', 'SKU', 'SKU'), required: false, search: 'eq', width: 150 }),
    oldBarcode: f.text({
      label: L('原条码', '原條碼', 'Old barcode'),
      display: 'code',
      max: 32,
      search: 'prefix',
      pattern: CODE_CHARS,
      width: 150,
    }),
    newBarcode: f.text({
      label: L('新条码', '新條碼', 'New barcode'),
      display: 'code',
      max: 32,
      search: 'prefix',
      pattern: CODE_CHARS,
      width: 150,
    }),
    reason: f.text({ label: L('更换原因', '更換原因', 'Reason'), max: 128, width: 140 }),
    status: f.enumOf('BarcodeReplaceStatus', {
      label: L('状态', '狀態', 'Status'),
      default: B.DRAFT,
      required: false,
      form: false,
      search: 'eq',
      width: 90,
    }),
    submittedAt: f.datetime({ label: L('提交时间', '提交時間', 'Submitted at'), required: false, form: false, width: 160, hidden: true }),
  },
});

/** A reprint is printed once. */
export const reprintMachine = defineMachine({
  field: 'status',
  states: 'ReprintStatus',
  transitions: { print: { from: [R.PENDING], to: R.PRINTED, done: 'labelTools.done.print' } },
  final: [R.PRINTED],
});

/**
 * Supplementary label printing (screens.md label/supplementary-print): N more labels for a SKU of a
 * label order (labels lost or spoiled in production), with the reason; printed once.
 */
export const reprintResource = defineResource({
  code: 'label/supplementary-print',
  names: L('补打申请', '補印申請', 'Label reprint'),
  owner: 'tenant',
  table: 'label_reprints',
  titleField: 'code',
  defaultSort: { field: 'code', order: 'desc' },
  machine: reprintMachine,
  seed: [{ code: 'BD202611120001', quantity: 20, reason: '洗水后吊牌破损' }],
  fields: {
    code: f.text({
      label: L('补打单号', '補印單號', 'Reprint code'),
      display: 'code',
      max: 32,
      unique: true,
      search: 'prefix',
      sort: true,
      pattern: CODE,
      width: 150,
    }),
    orderId: f.ref('label/purchase-order', 'code', {
      label: L('标签采购单', '標籤採購單', 'Label order'),
      required: false,
      search: 'eq',
      width: 160,
    }),
    skuId: f.ref('tenant/goods-sku', 'skuBarcode', { label: L('SKU', 'SKU', 'SKU'), required: false, search: 'eq', width: 150 }),
    quantity: f.int({ label: L('补打数量', '補印數量', 'Labels'), min: 1, max: 100_000, width: 100 }),
    reason: f.text({ label: L('补打原因', '補印原因', 'Reason'), max: 128, width: 200 }),
    status: f.enumOf('ReprintStatus', {
      label: L('状态', '狀態', 'Status'),
      default: R.PENDING,
      required: false,
      form: false,
      search: 'eq',
      width: 90,
    }),
    printedAt: f.datetime({ label: L('打印时间', '列印時間', 'Printed at'), required: false, form: false, width: 160, hidden: true }),
  },
});
