import { READ_ONLY } from '../../menu/actions.js';
import type { MenuModuleDef } from '../../menu/types.js';

/**
 * The label module's menu subtree (screens.md): module → group → screen. A screen with a
 * resource declaration lists no buttons here: they are the declaration's (see buttonsOf).
 */
export const labelMenu: MenuModuleDef = {
  code: 'label',
  icon: 'TagsOutlined',
  names: { zh_CN: '标签数据中心', zh_TW: '標籤資料中心', en_US: 'Label data center' },
  /** the top navigation's label while the module keeps its shipped name */
  short: { zh_CN: '标签', zh_TW: '標籤', en_US: 'Labels' },
  groups: [
    {
      code: 'purchase',
      icon: 'ShoppingCartOutlined',
      names: { zh_CN: '标签采购', zh_TW: '標籤採購', en_US: 'Label purchasing' },
      screens: [
        {
          component: 'label/purchase-order',
          side: 'T',
          icon: 'ShoppingCartOutlined',
          names: { zh_CN: '标签采购单', zh_TW: '標籤採購單', en_US: 'Label purchase order' },
        },
        {
          component: 'label/purchase-order-wizard',
          side: 'T',
          icon: 'FileDoneOutlined',
          names: {
            zh_CN: '生成标签采购单',
            zh_TW: '產生標籤採購單',
            en_US: 'Generate label purchase order',
          },
          actions: ['query', 'add', 'submit'],
        },
        {
          component: 'label/half-order',
          side: 'T',
          icon: 'ContainerOutlined',
          names: {
            zh_CN: '半成品标签采购',
            zh_TW: '半成品標籤採購',
            en_US: 'Half-finished label purchase',
          },
        },
        {
          component: 'label/finished-order',
          side: 'T',
          icon: 'InboxOutlined',
          names: {
            zh_CN: '成品标签采购',
            zh_TW: '成品標籤採購',
            en_US: 'Finished label purchase',
          },
        },
        {
          component: 'label/sketch',
          side: 'T',
          icon: 'FileProtectOutlined',
          names: { zh_CN: '标签设计稿', zh_TW: '標籤設計稿', en_US: 'Label sketch' },
        },
        {
          component: 'label/print-task',
          side: 'T',
          icon: 'PrinterOutlined',
          names: { zh_CN: '标签打印任务', zh_TW: '標籤列印任務', en_US: 'Label print task' },
        },
        {
          component: 'label/receive-send',
          side: 'T',
          icon: 'CarOutlined',
          names: { zh_CN: '收发货', zh_TW: '收發貨', en_US: 'Receive / send goods' },
        },
      ],
    },
    {
      code: 'templates',
      icon: 'FileTextOutlined',
      names: { zh_CN: '模板与样卡', zh_TW: '範本與樣卡', en_US: 'Templates and sample cards' },
      screens: [
        {
          component: 'label/template-clothing',
          side: 'T',
          icon: 'SkinOutlined',
          names: {
            zh_CN: '标签模板：服装',
            zh_TW: '標籤範本：服裝',
            en_US: 'Label template: clothing',
          },
        },
        {
          component: 'label/template-accessories',
          side: 'T',
          icon: 'GoldOutlined',
          names: {
            zh_CN: '标签模板：配饰',
            zh_TW: '標籤範本：配飾',
            en_US: 'Label template: accessories',
          },
        },
        {
          component: 'label/template-gloves',
          side: 'T',
          icon: 'TagOutlined',
          names: {
            zh_CN: '标签模板：手套/眼镜',
            zh_TW: '標籤範本：手套/眼鏡',
            en_US: 'Label template: gloves/eyes',
          },
        },
        {
          component: 'label/template-hat-bag',
          side: 'T',
          icon: 'DropboxOutlined',
          names: {
            zh_CN: '标签模板：帽子/箱包',
            zh_TW: '標籤範本：帽子/箱包',
            en_US: 'Label template: hat/bag',
          },
        },
        {
          component: 'label/template-shoes',
          side: 'T',
          icon: 'TagsOutlined',
          names: {
            zh_CN: '标签模板：鞋类',
            zh_TW: '標籤範本：鞋類',
            en_US: 'Label template: shoes',
          },
        },
        {
          component: 'label/sample-card',
          side: 'T',
          icon: 'SolutionOutlined',
          names: { zh_CN: '合格证样卡', zh_TW: '合格證樣卡', en_US: 'Certificate sample card' },
        },
      ],
    },
    {
      code: 'binding',
      icon: 'NodeIndexOutlined',
      names: { zh_CN: '标签绑定', zh_TW: '標籤綁定', en_US: 'Binding' },
      screens: [
        {
          component: 'label/tid-binding',
          side: 'T',
          icon: 'NodeIndexOutlined',
          names: { zh_CN: 'TID 绑定', zh_TW: 'TID 綁定', en_US: 'TID binding' },
        },
        {
          component: 'label/binding-record',
          side: 'T',
          icon: 'HistoryOutlined',
          names: { zh_CN: '标签绑定记录', zh_TW: '標籤綁定紀錄', en_US: 'Label binding record' },
        },
      ],
    },
    {
      code: 'tracking',
      icon: 'AlertOutlined',
      names: { zh_CN: '标签追溯', zh_TW: '標籤追溯', en_US: 'Tracking' },
      screens: [
        {
          component: 'label/exception',
          side: 'T',
          icon: 'ExceptionOutlined',
          names: {
            zh_CN: '标签异常处理',
            zh_TW: '標籤異常處理',
            en_US: 'Label exception handling',
          },
        },
        {
          component: 'label/lifecycle',
          side: 'T',
          icon: 'ClockCircleOutlined',
          names: { zh_CN: '标签生命周期', zh_TW: '標籤生命週期', en_US: 'Label lifecycle' },
          actions: [...READ_ONLY],
        },
      ],
    },
    {
      code: 'tools',
      icon: 'ToolOutlined',
      names: { zh_CN: '标签工具', zh_TW: '標籤工具', en_US: 'Label tools' },
      screens: [
        {
          component: 'label/replace-barcode',
          side: 'T',
          icon: 'BarcodeOutlined',
          names: { zh_CN: '更换条码', zh_TW: '更換條碼', en_US: 'Replace barcode' },
        },
        {
          component: 'label/supplementary-print',
          side: 'T',
          icon: 'PrinterOutlined',
          names: { zh_CN: '补打标签', zh_TW: '補印標籤', en_US: 'Supplementary label printing' },
        },
        {
          component: 'label/epc-query',
          side: 'T',
          icon: 'SearchOutlined',
          names: { zh_CN: 'EPC 标签查询', zh_TW: 'EPC 標籤查詢', en_US: 'EPC tag query' },
        },
        {
          component: 'label/clear-tag',
          side: 'T',
          icon: 'ClearOutlined',
          names: { zh_CN: '清除标签状态', zh_TW: '清除標籤狀態', en_US: 'Clear tag status' },
          actions: ['query', 'import', 'clear'],
        },
      ],
    },
  ],
};
