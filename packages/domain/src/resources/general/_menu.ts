import { READ_ONLY } from '../../menu/actions.js';
import type { MenuModuleDef } from '../../menu/types.js';

/**
 * The general module's menu subtree (screens.md): module → group → screen. A screen with a
 * resource declaration lists no buttons here: they are the declaration's (see buttonsOf).
 */
export const generalMenu: MenuModuleDef = {
  code: 'general',
  icon: 'SettingOutlined',
  names: { zh_CN: '通用管理', zh_TW: '通用管理', en_US: 'General' },
  /** the top navigation's label while the module keeps its shipped name */
  short: { zh_CN: '通用管理', zh_TW: '通用管理', en_US: 'General' },
  groups: [
    {
      code: 'organization',
      icon: 'ApartmentOutlined',
      names: { zh_CN: '组织管理', zh_TW: '組織管理', en_US: 'Organization' },
      screens: [
        {
          component: 'general/tenant',
          side: 'P',
          icon: 'TeamOutlined',
          names: { zh_CN: '租户', zh_TW: '租戶', en_US: 'Tenant' },
        },
        {
          component: 'general/tenant-group',
          side: 'P',
          icon: 'ClusterOutlined',
          names: { zh_CN: '租户组', zh_TW: '租戶群組', en_US: 'Tenant group' },
        },
        {
          component: 'general/data-source',
          side: 'P',
          icon: 'DatabaseOutlined',
          names: { zh_CN: '数据源', zh_TW: '資料來源', en_US: 'Data source' },
        },
      ],
    },
    {
      code: 'access',
      icon: 'SafetyOutlined',
      names: { zh_CN: '权限管理', zh_TW: '權限管理', en_US: 'Access control' },
      screens: [
        {
          component: 'general/role',
          side: 'P',
          icon: 'SafetyOutlined',
          names: { zh_CN: '角色', zh_TW: '角色', en_US: 'Role' },
        },
        {
          component: 'general/user',
          side: 'P',
          icon: 'UserOutlined',
          names: { zh_CN: '用户', zh_TW: '使用者', en_US: 'User' },
        },
        {
          component: 'general/menu',
          side: 'P',
          icon: 'MenuOutlined',
          names: { zh_CN: '菜单', zh_TW: '選單', en_US: 'Menu' },
        },
      ],
    },
    {
      code: 'products',
      icon: 'AppstoreOutlined',
      names: { zh_CN: '产品与模板', zh_TW: '產品與範本', en_US: 'Products and templates' },
      screens: [
        {
          component: 'general/product',
          side: 'P',
          icon: 'AppstoreOutlined',
          names: { zh_CN: '产品列表', zh_TW: '產品列表', en_US: 'Product list' },
        },
        {
          component: 'general/product-param',
          side: 'P',
          icon: 'ProfileOutlined',
          names: { zh_CN: '产品属性', zh_TW: '產品屬性', en_US: 'Product attributes' },
        },
        {
          component: 'general/template-coding-rule',
          side: 'P',
          icon: 'CodeOutlined',
          names: { zh_CN: '编码规则模板', zh_TW: '編碼規則範本', en_US: 'Coding rule template' },
        },
        {
          component: 'general/template-goods-attr',
          side: 'P',
          icon: 'SkinOutlined',
          names: {
            zh_CN: '商品属性模板',
            zh_TW: '商品屬性範本',
            en_US: 'Goods attribute template',
          },
        },
        {
          component: 'general/template-location-attr',
          side: 'P',
          icon: 'EnvironmentOutlined',
          names: {
            zh_CN: '位置属性模板',
            zh_TW: '位置屬性範本',
            en_US: 'Location attribute template',
          },
        },
        {
          component: 'general/template-label-code',
          side: 'P',
          icon: 'BarcodeOutlined',
          names: { zh_CN: '标签编码模板', zh_TW: '標籤編碼範本', en_US: 'Label code template' },
        },
      ],
    },
    {
      code: 'settings',
      icon: 'ControlOutlined',
      names: { zh_CN: '系统设置', zh_TW: '系統設定', en_US: 'Settings' },
      screens: [
        {
          component: 'general/sys-param',
          side: 'P',
          icon: 'ControlOutlined',
          names: {
            zh_CN: '系统参数设置',
            zh_TW: '系統參數設定',
            en_US: 'System parameter settings',
          },
        },
        {
          component: 'general/biz-param',
          side: 'P',
          icon: 'ToolOutlined',
          names: {
            zh_CN: '业务参数设置',
            zh_TW: '業務參數設定',
            en_US: 'Business parameter settings',
          },
        },
        {
          component: 'general/dictionary',
          side: 'P',
          icon: 'BookOutlined',
          names: { zh_CN: '数据字典', zh_TW: '資料字典', en_US: 'Dictionary' },
        },
        {
          component: 'general/table-structure',
          side: 'P',
          icon: 'TableOutlined',
          names: { zh_CN: '表结构', zh_TW: '資料表結構', en_US: 'Table structure' },
          actions: ['query', 'export'],
        },
      ],
    },
    {
      code: 'versions',
      icon: 'CloudUploadOutlined',
      names: { zh_CN: '版本管理', zh_TW: '版本管理', en_US: 'Versions' },
      screens: [
        {
          component: 'general/version-app',
          side: 'P',
          icon: 'AndroidOutlined',
          names: { zh_CN: 'App 版本', zh_TW: 'App 版本', en_US: 'App versions' },
        },
        {
          component: 'general/version-web',
          side: 'P',
          icon: 'ChromeOutlined',
          names: { zh_CN: 'Web 版本', zh_TW: 'Web 版本', en_US: 'Web versions' },
        },
        {
          component: 'general/version-net',
          side: 'P',
          icon: 'WindowsOutlined',
          names: { zh_CN: '.NET 版本', zh_TW: '.NET 版本', en_US: '.NET versions' },
        },
        {
          component: 'general/version-java',
          side: 'P',
          icon: 'JavaOutlined',
          names: { zh_CN: 'Java 版本', zh_TW: 'Java 版本', en_US: 'Java versions' },
        },
      ],
    },
    {
      code: 'operations',
      icon: 'DesktopOutlined',
      names: { zh_CN: '运维监控', zh_TW: '維運監控', en_US: 'Operations' },
      screens: [
        {
          component: 'general/scheduler',
          side: 'P',
          icon: 'ScheduleOutlined',
          names: { zh_CN: '定时任务', zh_TW: '排程任務', en_US: 'Scheduled tasks' },
        },
        {
          component: 'general/log-login',
          side: 'P',
          icon: 'LoginOutlined',
          names: { zh_CN: '登录日志', zh_TW: '登入日誌', en_US: 'Login log' },
          actions: [...READ_ONLY],
        },
        {
          component: 'general/log-operation',
          side: 'P',
          icon: 'FileSearchOutlined',
          names: { zh_CN: '操作日志', zh_TW: '操作日誌', en_US: 'Operation log' },
          actions: [...READ_ONLY],
        },
        {
          component: 'general/log-sync',
          side: 'P',
          icon: 'SyncOutlined',
          names: { zh_CN: '同步日志', zh_TW: '同步日誌', en_US: 'Sync log' },
          actions: [...READ_ONLY],
        },
        {
          component: 'general/log-device',
          side: 'P',
          icon: 'HddOutlined',
          names: { zh_CN: '设备日志', zh_TW: '設備日誌', en_US: 'Device log' },
          actions: [...READ_ONLY],
        },
      ],
    },
  ],
};
