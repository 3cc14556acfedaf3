import { READ_ONLY } from '../../menu/actions.js';
import type { MenuModuleDef } from '../../menu/types.js';

/**
 * The rfid module's menu subtree (screens.md): module → group → screen. A screen with a
 * resource declaration lists no buttons here: they are the declaration's (see buttonsOf).
 */
export const rfidMenu: MenuModuleDef = {
  code: 'rfid',
  icon: 'WifiOutlined',
  names: { zh_CN: 'RFID 数据采集', zh_TW: 'RFID 資料採集', en_US: 'RFID data collection' },
  /** the top navigation's label while the module keeps its shipped name */
  short: { zh_CN: 'RFID', zh_TW: 'RFID', en_US: 'RFID' },
  groups: [
    {
      code: 'devices',
      icon: 'UsbOutlined',
      names: { zh_CN: '设备管理', zh_TW: '設備管理', en_US: 'Devices' },
      screens: [
        {
          component: 'rfid/equipment',
          side: 'B',
          icon: 'UsbOutlined',
          names: { zh_CN: '设备列表', zh_TW: '設備列表', en_US: 'Equipment list' },
        },
        {
          component: 'rfid/scene',
          side: 'B',
          icon: 'ControlOutlined',
          names: { zh_CN: '场景', zh_TW: '場景', en_US: 'Scenes' },
        },
        {
          component: 'rfid/equipment-log',
          side: 'B',
          icon: 'HistoryOutlined',
          names: { zh_CN: '设备日志', zh_TW: '設備日誌', en_US: 'Equipment log' },
          actions: [...READ_ONLY],
        },
      ],
    },
    {
      code: 'data',
      icon: 'DatabaseOutlined',
      names: { zh_CN: '采集数据', zh_TW: '採集資料', en_US: 'Collected data' },
      screens: [
        {
          component: 'rfid/raw-data',
          side: 'B',
          icon: 'DatabaseOutlined',
          names: {
            zh_CN: '原始上报数据',
            zh_TW: '原始回報資料',
            en_US: 'Original reported data',
          },
          actions: [...READ_ONLY],
        },
        {
          component: 'rfid/report-state',
          side: 'B',
          icon: 'ProfileOutlined',
          names: { zh_CN: '上报数据状态', zh_TW: '回報資料狀態', en_US: 'Reported data state' },
          actions: [...READ_ONLY],
        },
        {
          component: 'rfid/epc-data',
          side: 'B',
          icon: 'TagsOutlined',
          names: { zh_CN: 'EPC 数据', zh_TW: 'EPC 資料', en_US: 'EPC data' },
          actions: [...READ_ONLY],
        },
        {
          component: 'rfid/epc-state',
          side: 'B',
          icon: 'TagOutlined',
          names: { zh_CN: 'EPC 状态', zh_TW: 'EPC 狀態', en_US: 'EPC state' },
          actions: [...READ_ONLY],
        },
      ],
    },
    {
      code: 'basics',
      icon: 'AppstoreOutlined',
      names: { zh_CN: '基础资料', zh_TW: '基礎資料', en_US: 'Basic data' },
      screens: [
        {
          component: 'rfid/product',
          side: 'B',
          icon: 'AppstoreOutlined',
          names: { zh_CN: '产品', zh_TW: '產品', en_US: 'Products' },
          actions: [...READ_ONLY],
        },
      ],
    },
  ],
};
