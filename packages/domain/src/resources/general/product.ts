import { defineResource } from '../../resource/define.js';
import { f } from '../../resource/fields.js';
import { CODE_RE } from './_rule-issue.js';

/** Longest product description: spec §5 "Product description under 100 characters". */
export const PRODUCT_DESCRIPTION_MAX = 99;

/**
 * Product list (spec §3): the device models (readers, handhelds, gates …) connected to the
 * platform, with how they join it. Their parameters are general/product-param rows.
 */
export const productResource = defineResource({
  code: 'general/product',
  names: { zh_CN: '产品', zh_TW: '產品', en_US: 'Product' },
  owner: 'platform',
  table: 'products',
  titleField: 'name',
  defaultSort: { field: 'code', order: 'asc' },
  seed: [
    {
      category: 1,
      name: 'TL-R400 四通道固定式读写器',
      code: 'TL-R400',
      nodeType: 1,
      networkMode: 2,
      dataFormat: 1,
      authMethod: 1,
      supplier: '深圳远望射频科技有限公司',
      description: '四通道 UHF RFID 固定式读写器，支持 EPC Gen2 / ISO 18000-6C，PoE 供电',
    },
    {
      category: 2,
      name: 'TL-H20 安卓手持终端',
      code: 'TL-H20',
      nodeType: 1,
      networkMode: 1,
      dataFormat: 1,
      authMethod: 1,
      supplier: '厦门智联终端有限公司',
      description: '安卓 12 手持盘点终端，内置 UHF 模块，适用于门店盘点与收货',
    },
    {
      category: 3,
      name: 'TL-G8 门店 RFID 通道门',
      code: 'TL-G8',
      nodeType: 3,
      networkMode: 5,
      dataFormat: 2,
      authMethod: 1,
      supplier: '深圳远望射频科技有限公司',
      description: '门店出入口防盗与过门计数，经 LoRa 网关上报',
    },
    {
      category: 5,
      name: 'TL-P411R RFID 吊牌打印机',
      code: 'TL-P411R',
      nodeType: 1,
      networkMode: 2,
      dataFormat: 1,
      authMethod: 1,
      supplier: '苏州印联标识设备有限公司',
      description: '4 英寸热转印 RFID 吊牌打印机，打印时写入 EPC 并回传 TID，支持 ZPL',
    },
    {
      category: 6,
      name: 'TL-GW1 门店物联网网关',
      code: 'TL-GW1',
      nodeType: 2,
      networkMode: 3,
      dataFormat: 1,
      authMethod: 2,
      supplier: '杭州云桥物联科技有限公司',
      description: '汇聚门店通道门与智能货架数据，4G 上云，X.509 证书认证',
    },
  ],
  fields: {
    category: f.enumOf('ProductCategory', { label: { zh_CN: '产品类别', zh_TW: '產品類別', en_US: 'Category' }, search: 'eq' }),
    name: f.text({ label: { zh_CN: '产品名称', zh_TW: '產品名稱', en_US: 'Product name' }, max: 64, search: 'like', sort: true }),
    code: f.text({
      display: 'code',
      label: { zh_CN: '产品编码', zh_TW: '產品編碼', en_US: 'Product code' },
      max: 32,
      unique: true,
      search: 'like',
      sort: true,
      editable: false,
      pattern: { source: CODE_RE.source, message: 'validation.codeChars' },
    }),
    nodeType: f.enumOf('NodeType', { label: { zh_CN: '节点类型', zh_TW: '節點類型', en_US: 'Node type' }, search: 'eq' }),
    networkMode: f.enumOf('NetworkMode', { label: { zh_CN: '联网方式', zh_TW: '連網方式', en_US: 'Networking' }, search: 'eq' }),
    dataFormat: f.enumOf('DataFormat', { label: { zh_CN: '数据格式', zh_TW: '資料格式', en_US: 'Data format' }, hidden: true }),
    authMethod: f.enumOf('AuthMethod', { label: { zh_CN: '认证方式', zh_TW: '認證方式', en_US: 'Authentication' }, hidden: true }),
    supplier: f.text({
      label: { zh_CN: '供应商', zh_TW: '供應商', en_US: 'Supplier' },
      max: 64,
      required: false,
      search: 'like',
      hidden: true,
    }),
    description: f.textarea({
      hidden: true,
      label: { zh_CN: '产品描述', zh_TW: '產品描述', en_US: 'Description' },
      max: PRODUCT_DESCRIPTION_MAX,
      list: true,
    }),
  },
});
