import { READ_ONLY } from '../../menu/actions.js';
import type { MenuModuleDef } from '../../menu/types.js';

/**
 * The store module's menu subtree (screens.md): module → group → screen. A screen with a
 * resource declaration lists no buttons here: they are the declaration's (see buttonsOf).
 */
export const storeMenu: MenuModuleDef = {
  code: 'store',
  icon: 'ShopOutlined',
  names: { zh_CN: '零售门店', zh_TW: '零售門市', en_US: 'Retail stores' },
  /** the top navigation's label while the module keeps its shipped name */
  short: { zh_CN: '门店', zh_TW: '門市', en_US: 'Stores' },
  groups: [
    {
      code: 'operations',
      icon: 'ShopOutlined',
      names: { zh_CN: '门店作业', zh_TW: '門市作業', en_US: 'Store operations' },
      screens: [
        {
          component: 'store/receiving',
          side: 'T',
          icon: 'InboxOutlined',
          names: { zh_CN: '门店收货', zh_TW: '門市收貨', en_US: 'Store receiving' },
        },
        {
          component: 'store/delivery',
          side: 'T',
          icon: 'CarOutlined',
          names: { zh_CN: '门店发货', zh_TW: '門市出貨', en_US: 'Store delivery' },
        },
        {
          component: 'store/inventory',
          side: 'T',
          icon: 'ReconciliationOutlined',
          names: { zh_CN: '门店盘点', zh_TW: '門市盤點', en_US: 'Store inventory' },
        },
        {
          component: 'store/cashier',
          side: 'T',
          icon: 'BarcodeOutlined',
          names: {
            zh_CN: '收银/交易明细',
            zh_TW: '收銀/交易明細',
            en_US: 'Cashier / transaction details',
          },
          actions: [...READ_ONLY],
        },
      ],
    },
    {
      code: 'o2o',
      icon: 'GlobalOutlined',
      names: { zh_CN: 'O2O', zh_TW: 'O2O', en_US: 'O2O' },
      screens: [
        {
          component: 'store/o2o-receiving',
          side: 'T',
          icon: 'InboxOutlined',
          names: { zh_CN: 'O2O 收货', zh_TW: 'O2O 收貨', en_US: 'O2O receiving' },
        },
        {
          component: 'store/o2o-delivery',
          side: 'T',
          icon: 'CarOutlined',
          names: { zh_CN: 'O2O 发货', zh_TW: 'O2O 出貨', en_US: 'O2O delivery' },
        },
      ],
    },
    {
      code: 'tagging',
      icon: 'TagOutlined',
      names: { zh_CN: '补标管理', zh_TW: '補標管理', en_US: 'Re-tagging' },
      screens: [
        {
          component: 'store/supplementary-bid',
          side: 'T',
          icon: 'TagOutlined',
          names: { zh_CN: '补标', zh_TW: '補標', en_US: 'Supplementary bid' },
        },
      ],
    },
    {
      code: 'reports',
      icon: 'BarChartOutlined',
      names: { zh_CN: '统计报表', zh_TW: '統計報表', en_US: 'Statistical reports' },
      screens: [
        {
          component: 'store/report-shipment',
          side: 'T',
          icon: 'BarChartOutlined',
          names: { zh_CN: '发货报表', zh_TW: '出貨報表', en_US: 'Shipment report' },
          actions: ['query', 'export'],
        },
        {
          component: 'store/report-stocktaking',
          side: 'T',
          icon: 'PieChartOutlined',
          names: { zh_CN: '盘点报表', zh_TW: '盤點報表', en_US: 'Stocktaking report' },
          actions: ['query', 'export'],
        },
        {
          component: 'store/report-take-delivery',
          side: 'T',
          icon: 'LineChartOutlined',
          names: { zh_CN: '收货报表', zh_TW: '收貨報表', en_US: 'Take-delivery report' },
          actions: ['query', 'export'],
        },
      ],
    },
  ],
};
