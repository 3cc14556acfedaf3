import { READ_ONLY } from '../../menu/actions.js';
import type { MenuModuleDef } from '../../menu/types.js';

/**
 * The warehouse module's menu subtree (screens.md): module → group → screen. A screen with a
 * resource declaration lists no buttons here: they are the declaration's (see buttonsOf).
 */
export const warehouseMenu: MenuModuleDef = {
  code: 'warehouse',
  icon: 'BankOutlined',
  names: { zh_CN: '智能仓库', zh_TW: '智慧倉庫', en_US: 'Intelligent warehouse' },
  /** the top navigation's label while the module keeps its shipped name */
  short: { zh_CN: '仓库', zh_TW: '倉庫', en_US: 'Warehouse' },
  groups: [
    {
      code: 'bills',
      icon: 'FileTextOutlined',
      names: { zh_CN: '单据与箱号', zh_TW: '單據與箱號', en_US: 'Bills and boxes' },
      screens: [
        {
          component: 'warehouse/bill',
          side: 'T',
          icon: 'FileTextOutlined',
          names: { zh_CN: '单据管理', zh_TW: '單據管理', en_US: 'Bill management' },
        },
        {
          component: 'warehouse/box',
          side: 'T',
          icon: 'DropboxOutlined',
          names: { zh_CN: '箱号列表', zh_TW: '箱號列表', en_US: 'Box list' },
        },
      ],
    },
    {
      code: 'receiving',
      icon: 'InboxOutlined',
      names: { zh_CN: '收货管理', zh_TW: '收貨管理', en_US: 'Receiving management' },
      screens: [
        {
          component: 'warehouse/receiving-check',
          side: 'T',
          icon: 'CheckSquareOutlined',
          names: { zh_CN: '收货核对', zh_TW: '收貨核對', en_US: 'Receiving check' },
        },
        {
          component: 'warehouse/goods-received',
          side: 'T',
          icon: 'InboxOutlined',
          names: { zh_CN: '收货记录', zh_TW: '收貨紀錄', en_US: 'Goods received' },
        },
        {
          component: 'warehouse/pad-review',
          side: 'T',
          icon: 'MobileOutlined',
          names: { zh_CN: 'PAD 复核', zh_TW: 'PAD 複核', en_US: 'Pad review' },
        },
        {
          component: 'warehouse/receiving-qi',
          side: 'T',
          icon: 'FileProtectOutlined',
          names: { zh_CN: '收货质检', zh_TW: '收貨品檢', en_US: 'Receiving quality inspection' },
        },
        {
          component: 'warehouse/abnormal-label',
          side: 'T',
          icon: 'WarningOutlined',
          names: { zh_CN: '异常标签', zh_TW: '異常標籤', en_US: 'Abnormal label' },
        },
      ],
    },
    {
      code: 'settings',
      icon: 'SettingOutlined',
      names: { zh_CN: '仓库设置', zh_TW: '倉庫設定', en_US: 'Warehouse settings' },
      screens: [
        {
          component: 'warehouse/management',
          side: 'T',
          icon: 'HomeOutlined',
          names: { zh_CN: '仓库管理', zh_TW: '倉庫管理', en_US: 'Warehouse management' },
        },
        {
          component: 'warehouse/permission',
          side: 'T',
          icon: 'LockOutlined',
          names: { zh_CN: '仓库权限', zh_TW: '倉庫權限', en_US: 'Warehouse permissions' },
        },
        {
          component: 'warehouse/log',
          side: 'T',
          icon: 'HistoryOutlined',
          names: { zh_CN: '仓库日志', zh_TW: '倉庫日誌', en_US: 'Warehouse logs' },
          actions: [...READ_ONLY],
        },
      ],
    },
  ],
};
