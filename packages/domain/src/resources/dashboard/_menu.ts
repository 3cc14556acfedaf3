import type { MenuModuleDef } from '../../menu/types.js';

/**
 * The dashboard module's menu subtree (screens.md): module → group → screen. A screen with a
 * resource declaration lists no buttons here: they are the declaration's (see buttonsOf).
 */
export const dashboardMenu: MenuModuleDef = {
  code: 'dashboard',
  icon: 'DashboardOutlined',
  names: { zh_CN: '仪表盘', zh_TW: '儀表板', en_US: 'Dashboard' },
  /** the top navigation's label while the module keeps its shipped name */
  short: { zh_CN: '仪表盘', zh_TW: '儀表板', en_US: 'Dashboard' },
  groups: [
    {
      code: 'overview',
      icon: 'DashboardOutlined',
      names: { zh_CN: '概览', zh_TW: '概覽', en_US: 'Overview' },
      screens: [
        {
          component: 'dashboard/admin',
          side: 'B',
          icon: 'FundOutlined',
          names: { zh_CN: '管理员仪表盘', zh_TW: '管理員儀表板', en_US: 'Admin dashboard' },
          actions: ['query'],
        },
        {
          component: 'dashboard/editor',
          side: 'B',
          icon: 'ScheduleOutlined',
          names: { zh_CN: '编辑者仪表盘', zh_TW: '編輯者儀表板', en_US: 'Editor dashboard' },
          actions: ['query'],
        },
      ],
    },
  ],
};
