import { READ_ONLY } from '../../menu/actions.js';
import type { MenuModuleDef } from '../../menu/types.js';

/**
 * The smart-store module's menu subtree (screens.md): module → group → screen. A screen with a
 * resource declaration lists no buttons here: they are the declaration's (see buttonsOf).
 */
export const smartStoreMenu: MenuModuleDef = {
  code: 'smart-store',
  icon: 'SkinOutlined',
  names: { zh_CN: '智慧门店', zh_TW: '智慧門市', en_US: 'Smart store' },
  /** the top navigation's label while the module keeps its shipped name */
  short: { zh_CN: '智慧门店', zh_TW: '智慧門市', en_US: 'Smart store' },
  groups: [
    {
      code: 'fitting-room',
      icon: 'SkinOutlined',
      names: { zh_CN: '试衣间', zh_TW: '試衣間', en_US: 'Fitting rooms' },
      screens: [
        {
          component: 'smart-store/archive',
          side: 'T',
          icon: 'ContainerOutlined',
          names: { zh_CN: '试衣间档案', zh_TW: '試衣間檔案', en_US: 'Fitting-room archives' },
        },
        {
          component: 'smart-store/data',
          side: 'T',
          icon: 'DatabaseOutlined',
          names: { zh_CN: '试衣间数据', zh_TW: '試衣間資料', en_US: 'Fitting-room data' },
        },
        {
          component: 'smart-store/raw-data',
          side: 'T',
          icon: 'FileSearchOutlined',
          names: { zh_CN: '原始数据', zh_TW: '原始資料', en_US: 'Raw data' },
          actions: [...READ_ONLY],
        },
      ],
    },
    {
      code: 'analysis',
      icon: 'PieChartOutlined',
      names: { zh_CN: '数据分析', zh_TW: '資料分析', en_US: 'Analysis' },
      screens: [
        {
          component: 'smart-store/top',
          side: 'T',
          icon: 'TrophyOutlined',
          names: { zh_CN: '热门排行', zh_TW: '熱門排行', en_US: 'Top ranking' },
          actions: ['query', 'export'],
        },
        {
          component: 'smart-store/trend',
          side: 'T',
          icon: 'LineChartOutlined',
          names: { zh_CN: '趋势', zh_TW: '趨勢', en_US: 'Trend' },
          actions: ['query', 'export'],
        },
        {
          component: 'smart-store/turnover',
          side: 'T',
          icon: 'RiseOutlined',
          names: { zh_CN: '试穿转化', zh_TW: '試穿轉換', en_US: 'Turnover' },
          actions: ['query', 'export'],
        },
        {
          component: 'smart-store/statistics',
          side: 'T',
          icon: 'BarChartOutlined',
          names: { zh_CN: '统计', zh_TW: '統計', en_US: 'Statistics' },
          actions: ['query', 'export'],
        },
      ],
    },
  ],
};
