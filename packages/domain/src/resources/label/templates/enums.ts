import { defineEnums, enumOption as o } from '../../../enums.js';

/**
 * The label templates' and label tools' enums: a template's goods category (one screen each), the
 * barcode it prints, the printer resolution, what each printed text line shows; a certificate's
 * safety category (GB 18401); the states of sample cards, barcode replacements and reprints.
 */
export const labelTemplateEnums = defineEnums({
  LabelTemplateCategory: [
    o(1, '服装', '服裝', 'Clothing'),
    o(2, '配饰', '配飾', 'Accessories'),
    o(3, '手套/眼镜', '手套/眼鏡', 'Gloves/eyes'),
    o(4, '帽子/箱包', '帽子/箱包', 'Hat/bag'),
    o(5, '鞋类', '鞋類', 'Shoes'),
  ],
  LabelBarcodeType: [o(1, 'Code 128', 'Code 128', 'Code 128'), o(2, 'EAN-13', 'EAN-13', 'EAN-13'), o(3, 'QR 码', 'QR 碼', 'QR code')],
  PrinterDpi: [o(203, '203 dpi', '203 dpi', '203 dpi'), o(300, '300 dpi', '300 dpi', '300 dpi'), o(600, '600 dpi', '600 dpi', '600 dpi')],
  LabelLineSource: [
    o(1, '固定文字', '固定文字', 'Fixed text'),
    o(2, '品名', '品名', 'Goods name'),
    o(3, '款号', '款號', 'Style number'),
    o(4, '颜色', '顏色', 'Colour'),
    o(5, '尺码', '尺碼', 'Size'),
    o(6, '吊牌价', '吊牌價', 'Tag price'),
    o(7, 'GTIN', 'GTIN', 'GTIN'),
    o(8, 'SKU 条码', 'SKU 條碼', 'SKU barcode'),
  ],
  SafetyLevel: [
    o(1, 'A 类（婴幼儿用品）', 'A 類（嬰幼兒用品）', 'Class A (infants)'),
    o(2, 'B 类（直接接触皮肤）', 'B 類（直接接觸皮膚）', 'Class B (skin contact)'),
    o(3, 'C 类（非直接接触皮肤）', 'C 類（非直接接觸皮膚）', 'Class C (no skin contact)'),
  ],
  SampleCardStatus: [o(1, '草稿', '草稿', 'Draft', 'default'), o(2, '已确认', '已確認', 'Confirmed', 'success')],
  BarcodeReplaceStatus: [o(1, '草稿', '草稿', 'Draft', 'default'), o(2, '已提交', '已提交', 'Submitted', 'success')],
  ReprintStatus: [o(1, '待打印', '待列印', 'To print', 'warning'), o(2, '已打印', '已列印', 'Printed', 'success')],
});

/** Values of the LabelTemplateCategory enum (the five template screens). */
export const TEMPLATE_CATEGORY = { CLOTHING: 1, ACCESSORIES: 2, GLOVES: 3, HAT_BAG: 4, SHOES: 5 } as const;
/** Values of the LabelBarcodeType enum, and the name a print file uses for each. */
export const BARCODE_TYPE = { CODE128: 1, EAN13: 2, QR: 3 } as const;
export const BARCODE_NAMES = { 1: 'code128', 2: 'ean13', 3: 'qr' } as const;
export type BarcodeName = (typeof BARCODE_NAMES)[keyof typeof BARCODE_NAMES];
/** Values of the LabelLineSource enum, and the SKU value each prints. */
export const LINE_SOURCE = { TEXT: 1, GOODS_NAME: 2, STYLE: 3, COLOUR: 4, SIZE: 5, PRICE: 6, GTIN: 7, SKU: 8 } as const;
export const LINE_SOURCE_NAMES = {
  1: 'text',
  2: 'goodsName',
  3: 'styleNumber',
  4: 'colour',
  5: 'size',
  6: 'price',
  7: 'gtin',
  8: 'skuBarcode',
} as const;
export type LineSourceName = (typeof LINE_SOURCE_NAMES)[keyof typeof LINE_SOURCE_NAMES];
/** Values of the state enums. */
export const SAMPLE_CARD_STATUS = { DRAFT: 1, CONFIRMED: 2 } as const;
export const BARCODE_REPLACE_STATUS = { DRAFT: 1, SUBMITTED: 2 } as const;
export const REPRINT_STATUS = { PENDING: 1, PRINTED: 2 } as const;
