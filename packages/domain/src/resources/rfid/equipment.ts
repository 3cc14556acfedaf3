import { L } from '../../lang.js';
import { defineResource } from '../../resource/define.js';
import { f } from '../../resource/fields.js';
import { BIND_STATUS, REGISTRATION_STATUS } from './enums.js';

export const MAC_RE = /^([0-9A-Fa-f]{2}[:-]){5}[0-9A-Fa-f]{2}$/;
/** Values of the OnlineStatus enum. */
export const ONLINE = { ONLINE: 1, OFFLINE: 0 } as const;

/**
 * RFID equipment (readers, gates, handhelds) of a tenant (spec §3 Equipment). Its online state is
 * kept by the readers' reports and the scheduled "mark readers offline" task; registration (a
 * single-use code, then a device credential) and binding (a location and a scene) are the screen's
 * own actions, so their fields are not in the add/edit form. `scene` (what the reader is for) and
 * `useLocation` (the spot inside its location, e.g. a dock door) are free-text notes.
 */
export const equipmentResource = defineResource({
  code: 'rfid/equipment',
  names: L('设备', '設備', 'Equipment'),
  owner: 'tenant',
  table: 'equipment',
  titleField: 'equipmentName',
  defaultSort: { field: 'equipmentCoding', order: 'asc' },
  // a store's or warehouse's user sees the equipment bound to its own site or one of its zones (none unbound)
  partyVia: 'locationId',
  extraActions: ['register', 'bind', 'unbind'],
  seed: [
    {
      equipmentCoding: 'GATE-01',
      equipmentName: '仓库入口通道门',
      snNumber: 'SN-R700-000101',
      macAddress: '00:16:25:12:A0:01',
      scene: '收货',
      useLocation: '一号仓 A 门',
    },
    {
      equipmentCoding: 'FIX-02',
      equipmentName: '打包台固定读写器',
      snNumber: 'SN-FX96-000202',
      macAddress: '84:24:8D:20:B1:02',
      scene: '装箱复核',
      useLocation: '一号仓 打包区',
    },
    { equipmentCoding: 'HH-03', equipmentName: '门店手持终端', snNumber: 'SN-MC33-000303', scene: '门店盘点', useLocation: '旗舰店' },
  ],
  fields: {
    equipmentCoding: f.text({
      display: 'code',
      label: L('设备编码', '設備編碼', 'Device code'),
      max: 32,
      unique: true,
      search: 'like',
      sort: true,
      editable: false,
      pattern: { source: '^[A-Za-z0-9_-]+$', message: 'validation.codeChars' },
    }),
    equipmentName: f.text({ label: L('设备名称', '設備名稱', 'Device name'), max: 64, search: 'like', sort: true }),
    snNumber: f.text({
      label: L('SN 序列号', 'SN 序號', 'Serial number'),
      max: 64,
      unique: true,
      search: 'like',
      display: 'code',
      hidden: true,
    }),
    macAddress: f.text({
      hidden: true,
      display: 'code',
      label: L('MAC 地址', 'MAC 位址', 'MAC address'),
      max: 17,
      required: false,
      pattern: { source: MAC_RE.source, message: 'validation.macAddress' },
    }),
    locationId: f.ref('tenant/location', 'name', {
      label: L('绑定位置', '綁定位置', 'Location'),
      required: false,
      search: 'eq',
      form: false,
      // a long place name wraps: the list keeps its state columns left of the reader's actions at 1,366 px
      width: 100,
    }),
    sceneId: f.ref('rfid/scene', 'sceneName', {
      label: L('绑定场景', '綁定場景', 'Scene'),
      required: false,
      search: 'eq',
      form: false,
      width: 110,
      // shown from the column settings: the list keeps code, name, location, registration and online state in 1,110 px
      hidden: true,
    }),
    productId: f.int({
      label: L('读写器型号', '讀寫器型號', 'Reader model'),
      required: false,
      min: 1,
      form: false,
      list: false,
      exported: false,
    }),
    scene: f.text({ label: L('用途', '用途', 'Purpose'), max: 64, required: false, search: 'like', hidden: true }),
    useLocation: f.text({ label: L('安装位置', '安裝位置', 'Installed at'), max: 128, required: false, hidden: true }),
    registrationStatus: f.enumOf('RegistrationStatus', {
      label: L('注册状态', '註冊狀態', 'Registration'),
      search: 'eq',
      default: REGISTRATION_STATUS.UNREGISTERED,
      required: false,
      form: false,
      width: 130,
    }),
    registrationTime: f.datetime({ label: L('注册时间', '註冊時間', 'Registered at'), form: false, required: false, hidden: true }),
    bindStatus: f.enumOf('BindStatus', {
      label: L('绑定状态', '綁定狀態', 'Binding'),
      search: 'eq',
      default: BIND_STATUS.UNBOUND,
      required: false,
      form: false,
      hidden: true,
    }),
    onlineStatus: f.enumOf('OnlineStatus', {
      label: L('在线状态', '連線狀態', 'Online'),
      search: 'eq',
      default: ONLINE.OFFLINE,
      required: false,
      form: false,
      width: 90,
    }),
    // the list keeps code, name, location, registration and online state whole in English at 1,366 px
    lastTimeOnline: f.datetime({
      label: L('最后在线时间', '最後上線時間', 'Last online'),
      form: false,
      required: false,
      sort: true,
      width: 150,
    }),
    remark: f.textarea({ label: L('备注', '備註', 'Remark'), max: 256, list: false }),
  },
});
