import { LIMITS } from '../../../constants.js';
import { L } from '../../../lang.js';
import { defineResource } from '../../../resource/define.js';
import { f } from '../../../resource/fields.js';
import { CODE_CHARS } from './brand.js';
import { IDENT_TYPE } from './enums.js';
import { isGtinShape, isValidGtin, withCheckDigit } from './gtin.js';

/** GTIN-8, -12, -13 or -14: digits only (the check digit is a rule of the declaration). */
export const GTIN_PATTERN = { source: '^(\\d{8}|\\d{12,14})$', message: 'goods.gtinShape' };

/**
 * A SKU of a goods row (one colour and size): its own barcode and GTIN, unique in the tenant.
 * A line of the goods form (children of goodsResource): written with its goods row in one
 * transaction, guarded by the goods screen's buttons.
 */
export const goodsSkuResource = defineResource({
  code: 'tenant/goods-sku',
  screen: 'tenant/goods',
  names: L('商品 SKU', '商品 SKU', 'Goods SKU'),
  owner: 'tenant',
  table: 'goods_skus',
  titleField: 'skuBarcode',
  defaultSort: { field: 'skuBarcode', order: 'asc' },
  rules: [
    // the check digit, once the shape is right (the pattern words a wrong shape)
    (d) => {
      const gtin = typeof d.gtin === 'string' ? d.gtin : '';
      return gtin && isGtinShape(gtin) && !isValidGtin(gtin) ? [{ path: ['gtin'], message: 'goods.gtinCheck' }] : [];
    },
  ],
  // (the generic proofs' row, of the first goods: a GTIN in the in-store range 20…, with its check digit)
  sample: (salt) => ({
    colour: '红',
    size: 'M',
    skuBarcode: `SMP${salt.toUpperCase()}`,
    gtin: withCheckDigit(`20${String(Number.parseInt(salt, 36)).padStart(10, '0')}`),
  }),
  fields: {
    goodsId: f.ref('tenant/goods', 'styleNumber', {
      label: L('款号', '款號', 'Style number'),
      onDelete: 'cascade',
      search: 'eq',
      // sortable: the table gets an index (tenant_id, goods_id, id), which a goods row's lines,
      // the cascade of its delete and the goods search by SKU need at a million SKUs
      sort: true,
      list: false,
      // in the SKU sheet: a SKU names its goods by style number (import and export)
      exported: true,
      editable: false,
    }),
    colour: f.text({ label: L('颜色', '顏色', 'Colour'), max: 32, width: 100 }),
    size: f.text({ label: L('尺码', '尺碼', 'Size'), max: 16, width: 80 }),
    skuBarcode: f.text({
      display: 'code',
      label: L('SKU 条码', 'SKU 條碼', 'SKU barcode'),
      max: 32,
      unique: true,
      search: 'prefix',
      sort: true,
      pattern: CODE_CHARS,
    }),
    gtin: f.text({
      display: 'code',
      label: L('GTIN', 'GTIN', 'GTIN'),
      max: 14,
      unique: true,
      search: 'prefix',
      pattern: GTIN_PATTERN,
    }),
    price: f.decimal({ label: L('吊牌价', '吊牌價', 'Tag price'), min: 0, max: 9_999_999, scale: 2, required: false, width: 100 }),
    remark: f.text({ label: L('备注', '備註', 'Remark'), max: 128, required: false, hidden: true }),
  },
});

/**
 * Goods (spec: goodsStyleNumber, goodsBarcode, goodsName, identification type, big/middle/small
 * goods type, brand, SKU, category attributes, images, videos). The style number is unique in the
 * tenant; the SKUs are its lines; category attributes follow the tenant's goods-attribute template.
 * Images: png/jpeg, each < 3 MB, at least 886×886 px measured from the file, at most 9; videos:
 * mp4/webm by content, each < 50 MB, at most 5.
 */
export const goodsResource = defineResource({
  code: 'tenant/goods',
  names: L('商品', '商品', 'Goods'),
  owner: 'tenant',
  table: 'goods',
  titleField: 'goodsName',
  defaultSort: { field: 'styleNumber', order: 'asc' },
  extraActions: ['upload'],
  children: [{ key: 'skus', resource: goodsSkuResource, parentField: 'goodsId' }],
  seed: [
    {
      styleNumber: 'LM24S001',
      barcode: 'LM24S001',
      goodsName: '真丝印花衬衫',
      identType: IDENT_TYPE.SKU,
      bigType: '女装',
      middleType: '上装',
      smallType: '衬衫',
      attrs: {},
    },
    {
      styleNumber: 'QY24S001',
      barcode: 'QY24S001',
      goodsName: '纯棉圆领T恤',
      identType: IDENT_TYPE.SKU,
      bigType: '男装',
      middleType: '上装',
      smallType: 'T恤',
      attrs: {},
    },
  ],
  fields: {
    styleNumber: f.text({
      display: 'code',
      label: L('款号', '款號', 'Style number'),
      max: 32,
      unique: true,
      search: 'prefix',
      sort: true,
      pattern: CODE_CHARS,
      width: 130,
    }),
    barcode: f.text({
      display: 'code',
      label: L('商品条码', '商品條碼', 'Barcode'),
      max: 32,
      required: false,
      hidden: true,
      search: 'prefix',
      pattern: CODE_CHARS,
      width: 130,
    }),
    goodsName: f.text({ label: L('商品名称', '商品名稱', 'Goods name'), max: 128, search: 'prefix', sort: true }),
    // a search box only: goods with a SKU whose barcode or GTIN starts so (its hook in the goods module)
    sku: f.text({ label: L('SKU 条码 / GTIN', 'SKU 條碼 / GTIN', 'SKU barcode / GTIN'), max: 32, search: 'prefix', stored: false }),
    images: f.file({
      label: L('商品图片', '商品圖片', 'Images'),
      kinds: ['png', 'jpeg'],
      // each under 3 MB (spec): 3 MB itself is refused
      maxBytes: LIMITS.goodsImageBytes - 1,
      max: LIMITS.goodsImageMax,
      image: { minWidth: LIMITS.goodsImageMinPx, minHeight: LIMITS.goodsImageMinPx },
      width: 90,
    }),
    identType: f.enumOf('GoodsIdentType', {
      label: L('识别类型', '識別類型', 'Identification'),
      default: IDENT_TYPE.SKU,
      required: false,
      search: 'eq',
      width: 110,
    }),
    brandId: f.ref('tenant/brand', 'brandName', { label: L('品牌', '品牌', 'Brand'), required: false, search: 'eq', width: 100 }),
    bigType: f.text({ label: L('大类', '大類', 'Category'), max: 32, required: false, search: 'eq', width: 90 }),
    middleType: f.text({ label: L('中类', '中類', 'Subcategory'), max: 32, required: false, search: 'eq', width: 90, hidden: true }),
    smallType: f.text({ label: L('小类', '小類', 'Type'), max: 32, required: false, search: 'eq', width: 90, hidden: true }),
    attrs: f.attrs('goods', { label: L('类别属性', '類別屬性', 'Category attributes') }),
    videos: f.file({
      label: L('商品视频', '商品影片', 'Videos'),
      kinds: ['mp4', 'webm'],
      maxBytes: LIMITS.goodsVideoBytes - 1,
      max: LIMITS.goodsVideoMax,
      list: false,
    }),
    status: f.enumOf('Status', { label: L('状态', '狀態', 'Status'), default: 1, required: false, search: 'eq', width: 90 }),
    remark: f.textarea({ label: L('备注', '備註', 'Remark'), max: 256, hidden: true }),
  },
});
