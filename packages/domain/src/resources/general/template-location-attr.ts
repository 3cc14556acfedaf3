import { attrs, templateResource } from './_template-attrs.js';

const TEXT = 1;
const NUMBER = 2;
const DATE = 3;
const OPTIONS = 4;

/** Location attribute template: the attributes of a tenant's stores, warehouses and factories. */
export const templateLocationAttrResource = templateResource({
  code: 'general/template-location-attr',
  names: { zh_CN: '位置属性模板', zh_TW: '位置屬性範本', en_US: 'Location attribute template' },
  table: 'template_location_attrs',
  category: { enumName: 'LocationCategory', label: { zh_CN: '位置类别', zh_TW: '位置類別', en_US: 'Location category' } },
  seed: [
    {
      code: 'LA-STORE',
      name: '门店位置属性模板',
      alias: 'Store',
      category: 1,
      basicAttrs: attrs(['storeCode', '门店编码', TEXT, true], ['storeName', '门店名称', TEXT, true], ['address', '地址', TEXT, true]),
      auxAttrs: attrs(['area', '面积(㎡)', NUMBER], ['openDate', '开业日期', DATE], ['storeLevel', '门店等级', OPTIONS]),
    },
    {
      code: 'LA-WAREHOUSE',
      name: '仓库位置属性模板',
      alias: 'Warehouse',
      category: 2,
      basicAttrs: attrs(
        ['warehouseCode', '仓库编码', TEXT, true],
        ['warehouseName', '仓库名称', TEXT, true],
        ['address', '地址', TEXT, true],
      ),
      auxAttrs: attrs(['capacity', '库容(件)', NUMBER], ['warehouseType', '仓库类型', OPTIONS]),
    },
    {
      code: 'LA-FACTORY',
      name: '工厂位置属性模板',
      alias: 'Factory',
      category: 3,
      basicAttrs: attrs(['factoryCode', '工厂编码', TEXT, true], ['factoryName', '工厂名称', TEXT, true], ['address', '地址', TEXT, true]),
      auxAttrs: attrs(['contact', '联系人', TEXT], ['dailyCapacity', '日产能(件)', NUMBER]),
    },
  ],
});
