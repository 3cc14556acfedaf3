import type { MenuModuleDef } from '../../menu/types.js';

/**
 * The tenant module's menu subtree (screens.md): module → group → screen. A screen with a
 * resource declaration lists no buttons here: they are the declaration's (see buttonsOf).
 */
export const tenantMenu: MenuModuleDef = {
  code: 'tenant',
  icon: 'ClusterOutlined',
  names: { zh_CN: '租户数据中心', zh_TW: '租戶資料中心', en_US: 'Tenant data center' },
  /** the top navigation's label while the module keeps its shipped name */
  short: { zh_CN: '租户数据', zh_TW: '租戶資料', en_US: 'Tenant data' },
  groups: [
    {
      code: 'archives',
      icon: 'ContainerOutlined',
      names: { zh_CN: '基础档案', zh_TW: '基礎檔案', en_US: 'Archives' },
      screens: [
        {
          component: 'tenant/goods',
          side: 'T',
          icon: 'SkinOutlined',
          names: { zh_CN: '商品', zh_TW: '商品', en_US: 'Goods' },
        },
        {
          component: 'tenant/brand',
          side: 'T',
          icon: 'TrophyOutlined',
          names: { zh_CN: '品牌', zh_TW: '品牌', en_US: 'Brands' },
        },
        {
          component: 'tenant/location',
          side: 'T',
          icon: 'EnvironmentOutlined',
          names: { zh_CN: '位置', zh_TW: '位置', en_US: 'Locations' },
        },
        {
          component: 'tenant/store',
          side: 'T',
          icon: 'ShopOutlined',
          names: { zh_CN: '门店', zh_TW: '門市', en_US: 'Stores' },
        },
        {
          component: 'tenant/warehouse',
          side: 'T',
          icon: 'HomeOutlined',
          names: { zh_CN: '仓库', zh_TW: '倉庫', en_US: 'Warehouses' },
        },
        {
          component: 'tenant/factory',
          side: 'T',
          icon: 'ToolOutlined',
          names: { zh_CN: '工厂', zh_TW: '工廠', en_US: 'Factories' },
        },
        {
          component: 'tenant/label-supplier',
          side: 'T',
          icon: 'TagsOutlined',
          names: { zh_CN: '标签供应商', zh_TW: '標籤供應商', en_US: 'Label suppliers' },
        },
        {
          component: 'tenant/equipment',
          side: 'T',
          icon: 'UsbOutlined',
          names: { zh_CN: '设备档案', zh_TW: '設備檔案', en_US: 'Equipment archive' },
        },
        {
          component: 'tenant/code-table',
          side: 'T',
          icon: 'TableOutlined',
          names: { zh_CN: '码表', zh_TW: '代碼表', en_US: 'Code tables' },
        },
      ],
    },
    {
      code: 'permissions',
      icon: 'SafetyOutlined',
      names: { zh_CN: '权限管理', zh_TW: '權限管理', en_US: 'Permissions' },
      screens: [
        {
          component: 'tenant/role',
          side: 'T',
          icon: 'SafetyOutlined',
          names: { zh_CN: '角色', zh_TW: '角色', en_US: 'Roles' },
        },
        {
          component: 'tenant/user',
          side: 'T',
          icon: 'UserOutlined',
          names: { zh_CN: '用户', zh_TW: '使用者', en_US: 'Users' },
        },
        {
          component: 'tenant/param',
          side: 'T',
          icon: 'ControlOutlined',
          names: { zh_CN: '参数设置', zh_TW: '參數設定', en_US: 'Parameters' },
        },
        {
          component: 'tenant/integration-key',
          side: 'T',
          icon: 'ApiOutlined',
          names: { zh_CN: '集成密钥', zh_TW: '整合金鑰', en_US: 'Integration keys' },
        },
        {
          component: 'tenant/permission',
          side: 'T',
          icon: 'KeyOutlined',
          names: { zh_CN: '权限维护', zh_TW: '權限維護', en_US: 'Permission maintenance' },
          actions: ['query', 'edit', 'assign'],
        },
      ],
    },
    {
      code: 'training',
      icon: 'ReadOutlined',
      names: { zh_CN: '培训', zh_TW: '教育訓練', en_US: 'Training' },
      screens: [
        {
          component: 'tenant/training-doc',
          side: 'T',
          icon: 'ReadOutlined',
          names: { zh_CN: '培训文档', zh_TW: '教育訓練文件', en_US: 'Training documents' },
        },
      ],
    },
  ],
};
