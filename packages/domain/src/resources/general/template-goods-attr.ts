import { attrs, templateResource } from './_template-attrs.js';

const TEXT = 1;
const NUMBER = 2;
const DATE = 3;
const OPTIONS = 4;

/** Goods attribute template: the attributes a tenant's goods archive carries. */
export const templateGoodsAttrResource = templateResource({
  code: 'general/template-goods-attr',
  names: { zh_CN: '商品属性模板', zh_TW: '商品屬性範本', en_US: 'Goods attribute template' },
  table: 'template_goods_attrs',
  category: { enumName: 'GoodsCategory', label: { zh_CN: '商品类别', zh_TW: '商品類別', en_US: 'Goods category' } },
  seed: [
    {
      code: 'GA-APPAREL',
      name: '服装通用属性模板',
      alias: 'Apparel',
      category: 1,
      basicAttrs: attrs(
        ['styleNumber', '款号', TEXT, true],
        ['barcode', '条码', TEXT, true],
        ['color', '颜色', OPTIONS, true],
        ['size', '尺码', OPTIONS, true],
      ),
      auxAttrs: attrs(
        ['fabric', '面料成分', TEXT],
        ['season', '季节', OPTIONS],
        ['retailPrice', '零售价', NUMBER],
        ['launchDate', '上市日期', DATE],
      ),
    },
    {
      code: 'GA-FOOTWEAR',
      name: '鞋类属性模板',
      alias: 'Footwear',
      category: 2,
      basicAttrs: attrs(
        ['styleNumber', '款号', TEXT, true],
        ['barcode', '条码', TEXT, true],
        ['color', '颜色', OPTIONS, true],
        ['shoeSize', '鞋码', OPTIONS, true],
      ),
      auxAttrs: attrs(['upperMaterial', '鞋面材质', TEXT], ['soleMaterial', '鞋底材质', TEXT], ['retailPrice', '零售价', NUMBER]),
    },
    {
      code: 'GA-ACCESSORY',
      name: '配饰属性模板',
      alias: 'Accessories',
      category: 3,
      basicAttrs: attrs(['styleNumber', '款号', TEXT, true], ['barcode', '条码', TEXT, true], ['color', '颜色', OPTIONS]),
      auxAttrs: attrs(['material', '材质', TEXT], ['retailPrice', '零售价', NUMBER]),
    },
  ],
});
