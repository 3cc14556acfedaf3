import { L, type L10n } from '../../../lang.js';
import { defineResource } from '../../../resource/define.js';
import { f } from '../../../resource/fields.js';
import { CODE } from './_shared.js';
import { BARCODE_TYPE, TEMPLATE_CATEGORY as C, LINE_SOURCE } from './enums.js';

/** The fields of a label template (each of the five screens shows them; the category is the screen's). */
const templateFields = () => ({
  code: f.text({
    label: L('模板编码', '範本編碼', 'Template code'),
    display: 'code',
    max: 32,
    unique: true,
    search: 'prefix',
    sort: true,
    editable: false,
    pattern: CODE,
    width: 140,
  }),
  name: f.text({ label: L('模板名称', '範本名稱', 'Template name'), max: 64, search: 'like', sort: true, width: 200 }),
  widthMm: f.int({ label: L('宽度 (mm)', '寬度 (mm)', 'Width (mm)'), min: 10, max: 200, width: 100 }),
  heightMm: f.int({ label: L('高度 (mm)', '高度 (mm)', 'Height (mm)'), min: 10, max: 300, width: 100 }),
  barcode: f.enumOf('LabelBarcodeType', {
    label: L('条码类型', '條碼類型', 'Barcode type'),
    default: BARCODE_TYPE.CODE128,
    required: false,
    search: 'eq',
    width: 110,
  }),
  dpi: f.enumOf('PrinterDpi', { label: L('打印精度', '列印精度', 'Printer DPI'), default: 203, required: false, width: 100, hidden: true }),
  lines: f.json({
    label: L('打印文字行', '列印文字行', 'Printed text lines'),
    items: {
      source: f.enumOf('LabelLineSource', { label: L('内容', '內容', 'Content') }),
      caption: f.text({ label: L('标题/文字', '標題/文字', 'Caption or text'), max: 32, required: false }),
    },
  }),
  status: f.enumOf('Status', { label: L('状态', '狀態', 'Status'), default: 1, required: false, search: 'eq', width: 90 }),
  remark: f.textarea({ label: L('备注', '備註', 'Remark'), max: 256, hidden: true }),
});

/** A fixed-text line must say its text (the other sources print a SKU's value after the caption). */
const rules = [
  (d: Record<string, unknown>) =>
    Array.isArray(d.lines)
      ? (d.lines as { source?: unknown; caption?: unknown }[]).flatMap((line, i) =>
          Number(line.source) === LINE_SOURCE.TEXT && !String(line.caption ?? '').trim()
            ? [{ path: ['lines', String(i), 'caption'], message: 'validation.supply.fixedTextEmpty' }]
            : [],
        )
      : [],
];

/**
 * Label templates (one table, five screens told by the category): what a printer prints on a label
 * of this size besides the EPC it encodes — a barcode and text lines taken from the SKU. The label
 * order's print task reads them (apps/server/src/modules/label/templates/service.ts). Served for
 * reference pickers (sample cards, label orders) and reading; rows are written on the five screens.
 */
export const labelTemplateResource = defineResource({
  code: 'label/template',
  screen: 'label/template-clothing',
  names: L('标签模板', '標籤範本', 'Label template'),
  owner: 'tenant',
  table: 'label_templates',
  titleField: 'name',
  defaultSort: { field: 'code', order: 'asc' },
  crud: ['query', 'export'],
  rules,
  fields: {
    ...templateFields(),
    // all categories in one list: the category shown, the barcode type left to the column settings
    barcode: f.enumOf('LabelBarcodeType', {
      label: L('条码类型', '條碼類型', 'Barcode type'),
      default: BARCODE_TYPE.CODE128,
      required: false,
      search: 'eq',
      width: 110,
      hidden: true,
    }),
    category: f.enumOf('LabelTemplateCategory', { label: L('品类', '品類', 'Category'), search: 'eq', width: 100 }),
  },
});

const line = (source: number, caption = '') => ({ source, caption });
const screen = (code: string, category: number, names: L10n, seed: Record<string, unknown>[]) =>
  defineResource({
    code,
    names,
    owner: 'tenant',
    table: 'label_templates',
    titleField: 'name',
    defaultSort: { field: 'code', order: 'asc' },
    rowsOf: { code: 'label/template', fixed: { category } },
    rules,
    fields: templateFields(),
    seed,
  });

export const clothingTemplateResource = screen(
  'label/template-clothing',
  C.CLOTHING,
  L('服装标签模板', '服裝標籤範本', 'Clothing label template'),
  [
    {
      code: 'TPL-CL-4060',
      name: '服装吊牌 40×60',
      widthMm: 40,
      heightMm: 60,
      barcode: BARCODE_TYPE.CODE128,
      dpi: 300,
      lines: [line(2, '品名'), line(3, '款号'), line(4, '颜色'), line(5, '尺码'), line(6, '零售价 ¥')],
      remark: '标准服装 RFID 吊牌',
    },
  ],
);
export const accessoriesTemplateResource = screen(
  'label/template-accessories',
  C.ACCESSORIES,
  L('配饰标签模板', '配飾標籤範本', 'Accessories label template'),
  [
    {
      code: 'TPL-AC-3040',
      name: '配饰小吊牌 30×40',
      widthMm: 30,
      heightMm: 40,
      // a SKU barcode in Code 128 with its quiet zones is wider than 30 mm at a readable module: a QR code fits
      barcode: BARCODE_TYPE.QR,
      dpi: 300,
      lines: [line(3, '款号'), line(6, '¥')],
    },
  ],
);
export const glovesTemplateResource = screen(
  'label/template-gloves',
  C.GLOVES,
  L('手套眼镜标签模板', '手套眼鏡標籤範本', 'Gloves and eyewear label template'),
  [
    {
      code: 'TPL-GL-2550',
      name: '手套眼镜挂签 25×50',
      widthMm: 25,
      heightMm: 50,
      barcode: BARCODE_TYPE.EAN13,
      dpi: 300,
      lines: [line(2), line(5, '规格')],
    },
  ],
);
export const hatBagTemplateResource = screen(
  'label/template-hat-bag',
  C.HAT_BAG,
  L('帽子箱包标签模板', '帽子箱包標籤範本', 'Hat and bag label template'),
  [
    {
      code: 'TPL-HB-5070',
      name: '帽子箱包吊牌 50×70',
      widthMm: 50,
      heightMm: 70,
      barcode: BARCODE_TYPE.CODE128,
      dpi: 203,
      lines: [line(2, '品名'), line(3, '款号'), line(4, '颜色'), line(6, '零售价 ¥')],
    },
  ],
);
export const shoesTemplateResource = screen('label/template-shoes', C.SHOES, L('鞋类标签模板', '鞋類標籤範本', 'Shoes label template'), [
  {
    code: 'TPL-SH-10050',
    name: '鞋盒标签 100×50',
    widthMm: 100,
    heightMm: 50,
    barcode: BARCODE_TYPE.EAN13,
    dpi: 203,
    lines: [line(2, '品名'), line(3, '货号'), line(4, '颜色'), line(5, '尺码'), line(7, 'GTIN')],
    remark: '贴于鞋盒侧面',
  },
]);

/** The five template screens, in menu order. */
export const TEMPLATE_SCREENS = [
  clothingTemplateResource,
  accessoriesTemplateResource,
  glovesTemplateResource,
  hatBagTemplateResource,
  shoesTemplateResource,
] as const;
