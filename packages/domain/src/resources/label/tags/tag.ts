import { L } from '../../../lang.js';
import { defineResource } from '../../../resource/define.js';
import { f } from '../../../resource/fields.js';
import { TAG_STATUS } from './enums.js';
import { EPC_HEX, TID_HEX } from './format.js';

export const EPC_PATTERN = { source: EPC_HEX.source, message: 'validation.epcShape' };
export const TID_PATTERN = { source: TID_HEX.source, message: 'validation.tidShape' };

/**
 * A row's tag's label order, when known (binding records, exceptions): not in any form, hidden in
 * the list; the row is seen by the parties of that order (partyVia).
 */
export const tagOrderField = () =>
  f.ref('label/purchase-order', 'code', {
    label: L('标签采购单', '標籤採購單', 'Label order'),
    required: false,
    editable: false,
    form: false,
    search: 'eq',
    width: 170,
    hidden: true,
  });

/** The fields of a tag (the registry's and the screens over its rows). */
const tagFields = {
  epc: f.text({
    label: L('EPC', 'EPC', 'EPC'),
    display: 'code',
    min: 24,
    max: 64,
    unique: true,
    search: 'eq',
    pattern: EPC_PATTERN,
    editable: false,
    width: 216,
  }),
  tid: f.text({ label: L('TID', 'TID', 'TID'), display: 'code', max: 64, required: false, search: 'eq', pattern: TID_PATTERN, width: 216 }),
  orderId: f.ref('label/purchase-order', 'code', {
    label: L('标签采购单', '標籤採購單', 'Label order'),
    onDelete: 'restrict',
    search: 'eq',
    editable: false,
    width: 170,
  }),
  // the SKU's id, without a foreign key: a key's per-row check and its index would double the cost of
  // writing an order's million tags (the screens show the SKU barcode the server joins: skuBarcode)
  // shows as the SKU's barcode (the routes' decorate adds skuBarcode; exports write it too)
  // shown by the SKU's barcode; the table keeps it a plain id (no per-row key: see its tables.ts)
  skuId: f.ref('tenant/goods-sku', 'skuBarcode', { label: L('SKU 条码', 'SKU 條碼', 'SKU barcode'), editable: false, width: 150 }),
  gtin: f.text({ label: L('GTIN', 'GTIN', 'GTIN'), display: 'code', max: 14, required: false, editable: false, width: 140, hidden: true }),
  serial: f.text({ label: L('序列号', '序號', 'Serial'), display: 'code', max: 20, editable: false, width: 120, hidden: true }),
  status: f.enumOf('TagStatus', {
    label: L('标签状态', '標籤狀態', 'Tag status'),
    search: 'eq',
    default: TAG_STATUS.GENERATED,
    required: false,
    form: false,
    width: 100,
  }),
  boundAt: f.datetime({ label: L('绑定时间', '綁定時間', 'Bound at'), form: false, required: false, width: 170, hidden: true }),
};

/**
 * The tag registry (TID binding screen): one row per EPC the platform generated for a label order
 * (unique in the tenant), its chip's TID once bound (unique in the tenant when set), its SKU and
 * status. Rows come from the order's Get EPC job (bulk insert) and go with its Reset EPC; the
 * screen binds and unbinds TIDs (by hand or from imported EPC/TID pairs) and lists, never adds.
 */
export const tidBindingResource = defineResource({
  code: 'label/tid-binding',
  names: L('标签', '標籤', 'Tag'),
  owner: 'tenant',
  table: 'label_tags',
  titleField: 'epc',
  defaultSort: { field: 'epc', order: 'asc' },
  partyVia: 'orderId',
  crud: ['query', 'import', 'export'],
  extraActions: ['bind', 'unbind'],
  unproven: {
    import: 'its Import takes EPC/TID pairs (JSON) on its own route, not a sheet: label-tags.test.ts imports and binds pairs',
  },
  fields: tagFields,
});

/**
 * EPC tag query: the registry's rows found by EPC (24–64 hex) or unique code, read-only; the
 * screen adds the decoded EPC (scheme, pure-identity URI, GTIN, serial).
 */
export const epcQueryResource = defineResource({
  code: 'label/epc-query',
  names: L('标签', '標籤', 'Tag'),
  owner: 'tenant',
  table: 'label_tags',
  titleField: 'epc',
  defaultSort: { field: 'epc', order: 'asc' },
  rowsOf: { code: 'label/tid-binding' },
  partyVia: 'orderId',
  crud: ['query', 'export'],
  fields: tagFields,
});
