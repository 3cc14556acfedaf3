import type { L10n } from './lang.js';

/** Enumerations served by /tagManage/common/enum/queryEnum?targetEnum= (labels in three languages). */
/**
 * How a state is shown: a status badge of this colour (success green, processing blue, default
 * grey, warning orange, error red). Only enums that are states (online, enabled, task state, a
 * result …) give their options a tone; attributes (a type, a category) have none and show as text.
 */
export type EnumTone = 'success' | 'processing' | 'default' | 'warning' | 'error';

export interface EnumOption {
  value: number | string;
  label: L10n;
  tone?: EnumTone;
}

/** One option: its value, its label in the three languages, and a tone when the enum is a state. */
export const enumOption = (value: number | string, zh_CN: string, zh_TW: string, en_US: string, tone?: EnumTone): EnumOption => ({
  value,
  label: { zh_CN, zh_TW, en_US },
  ...(tone ? { tone } : {}),
});

const o = enumOption;

/**
 * The enums by name: the shared ones below, and those modules add with defineEnums (in their own
 * folder, e.g. resources/rfid/enums.ts) when their declarations load.
 */
export const ENUMS: Record<string, EnumOption[]> = {
  UserType: [
    o(1, '平台管理员', '平台管理員', 'Platform administrator'),
    o(2, '平台用户', '平台使用者', 'Platform user'),
    o(3, '租户管理员', '租戶管理員', 'Tenant administrator'),
    o(4, '租户用户', '租戶使用者', 'Tenant user'),
  ],
  LoginStatus: [o(1, '允许登录', '允許登入', 'Allowed', 'success'), o(0, '禁止登录', '禁止登入', 'Forbidden', 'error')],
  Status: [o(1, '启用', '啟用', 'Enabled', 'success'), o(0, '停用', '停用', 'Disabled', 'default')],
  Terminal: [o('web', '网页端', '網頁端', 'Web'), o('app', '移动端', '行動端', 'App'), o('pad', '手持终端', '手持終端', 'Handheld')],
  MenuType: [o(1, '模块', '模組', 'Module'), o(2, '分组', '分組', 'Group'), o(3, '页面', '頁面', 'Screen')],
  LoginResult: [o(1, '成功', '成功', 'Success', 'success'), o(0, '失败', '失敗', 'Failure', 'error')],
  YesNo: [o(1, '是', '是', 'Yes'), o(0, '否', '否', 'No')],
  // general/scheduler, general/log-sync, general/log-device
  SchedulerType: [o(1, '时间调度', '時間排程', 'Time scheduler'), o(2, '表达式调度', '運算式排程', 'Expression scheduler (cron)')],
  SchedulerState: [
    o(1, '正常', '正常', 'Normal', 'processing'),
    o(2, '暂停', '暫停', 'Paused', 'warning'),
    o(3, '停止', '停止', 'Stopped', 'error'),
    o(4, '已完成', '已完成', 'Completed', 'default'),
  ],
  SchedulerUnit: [
    o(1, '秒', '秒', 'Second'),
    o(2, '分钟', '分鐘', 'Minute'),
    o(3, '小时', '小時', 'Hour'),
    o(4, '天', '天', 'Day'),
    o(5, '周', '週', 'Week'),
    o(6, '月', '月', 'Month'),
    o(7, '年', '年', 'Year'),
  ],
  RunResult: [o(1, '成功', '成功', 'Success', 'success'), o(0, '失败', '失敗', 'Failed', 'error')],
  // general/log-sync, general/log-device
  SyncDirection: [o(1, '接收', '接收', 'Inbound'), o(2, '推送', '推送', 'Outbound')],
  DeviceEventType: [
    o('online', '上线', '上線', 'Online'),
    o('offline', '离线', '離線', 'Offline'),
    o('read', '读取标签', '讀取標籤', 'Tag read'),
    o('config', '参数配置', '參數配置', 'Configuration'),
    o('firmware', '固件升级', '韌體升級', 'Firmware upgrade'),
    o('error', '故障', '故障', 'Fault'),
  ],
  LogLevel: [
    o('info', '信息', '資訊', 'Info', 'processing'),
    o('warn', '警告', '警告', 'Warning', 'warning'),
    o('error', '错误', '錯誤', 'Error', 'error'),
  ],
  // general/product, general/product-param (device products of the RFID/IoT platform)
  ProductCategory: [
    o(1, '固定式读写器', '固定式讀寫器', 'Fixed reader'),
    o(2, '手持终端', '手持終端', 'Handheld terminal'),
    o(3, 'RFID 通道门', 'RFID 通道門', 'RFID gate'),
    o(4, '智能货架', '智慧貨架', 'Smart shelf'),
    o(5, '标签打印机', '標籤印表機', 'Label printer'),
    o(6, '物联网网关', '物聯網閘道', 'IoT gateway'),
  ],
  NodeType: [
    o(1, '直连设备', '直連裝置', 'Direct device'),
    o(2, '网关设备', '閘道裝置', 'Gateway'),
    o(3, '网关子设备', '閘道子裝置', 'Gateway sub-device'),
  ],
  NetworkMode: [
    o(1, 'Wi-Fi', 'Wi-Fi', 'Wi-Fi'),
    o(2, '以太网', '乙太網路', 'Ethernet'),
    o(3, '4G 蜂窝网络', '4G 行動網路', '4G cellular'),
    o(4, '蓝牙', '藍牙', 'Bluetooth'),
    o(5, 'LoRa', 'LoRa', 'LoRa'),
  ],
  DataFormat: [o(1, 'JSON', 'JSON', 'JSON'), o(2, '透传/自定义', '透傳/自訂', 'Custom (pass-through)')],
  AuthMethod: [o(1, '设备密钥', '裝置金鑰', 'Device key'), o(2, 'X.509 证书', 'X.509 憑證', 'X.509 certificate')],
  ParamValueType: [o(1, '数值', '數值', 'Numeric'), o(2, '其他', '其他', 'Other')],
  // general/sys-param, general/biz-param
  ParamInputType: [o(1, '文本框', '文字方塊', 'Textbox'), o(2, '单选', '單選', 'Radio'), o(3, '多选', '多選', 'Checkbox')],
  // attributes of goods-attribute, location-attribute and label-code templates
  AttrValueType: [
    o(1, '文本', '文字', 'Text'),
    o(2, '数字', '數字', 'Number'),
    o(3, '日期', '日期', 'Date'),
    o(4, '选项', '選項', 'Option list'),
  ],
  GoodsCategory: [
    o(1, '服装', '服裝', 'Apparel'),
    o(2, '鞋类', '鞋類', 'Footwear'),
    o(3, '配饰', '配飾', 'Accessories'),
    o(4, '箱包', '箱包', 'Bags'),
  ],
  LocationCategory: [
    o(1, '门店', '門市', 'Store'),
    o(2, '仓库', '倉庫', 'Warehouse'),
    o(3, '工厂', '工廠', 'Factory'),
    o(4, '标签供应商', '標籤供應商', 'Label supplier'),
  ],
  // domains of coding-rule templates (general/template-coding-rule)
  CodingValueType: [
    o(1, '固定值', '固定值', 'Fixed value'),
    o(2, '流水号', '流水號', 'Serial number'),
    o(3, '商品编码', '商品編碼', 'Goods code'),
    o(4, '租户编码', '租戶編碼', 'Tenant code'),
    o(5, '日期', '日期', 'Date'),
    o(6, '随机数', '隨機數', 'Random'),
    o(7, 'GS1 厂商识别代码+商品项目代码', 'GS1 廠商識別碼+商品項目代碼', 'GS1 company prefix + item reference'),
    o(8, '分区值', '分區值', 'Partition'),
    o(9, '过滤值', '過濾值', 'Filter value'),
  ],
  CodingBase: [o(2, '二进制', '二進位', 'Binary'), o(10, '十进制', '十進位', 'Decimal'), o(16, '十六进制', '十六進位', 'Hexadecimal')],
  CodingPadding: [o(1, '左补零', '左補零', 'Zero-pad left'), o(2, '右补零', '右補零', 'Zero-pad right')],
  UpgradeType: [o('optional', '可选升级', '可選升級', 'Optional'), o('forced', '强制升级', '強制升級', 'Forced')],
  MenuSide: [o('P', '平台', '平台', 'Platform'), o('T', '租户', '租戶', 'Tenant'), o('B', '平台和租户', '平台和租戶', 'Both')],
  Visible: [o(1, '显示', '顯示', 'Shown', 'success'), o(0, '隐藏', '隱藏', 'Hidden', 'default')],
};

/**
 * A module's enums, declared in its own folder: added to ENUMS (served, validated and shown like the
 * shared ones). Import the file from the declarations that use them. A name given twice is an error.
 */
export function defineEnums<T extends Record<string, EnumOption[]>>(enums: T): T {
  for (const [name, options] of Object.entries(enums)) {
    if (ENUMS[name] && ENUMS[name] !== options) throw new Error(`enum ${name} is declared twice`);
    ENUMS[name] = options;
  }
  return enums;
}

/** Accepts the enum name in any case ('usertype', 'UserType', 'USER_TYPE'). */
export function findEnum(name: string): [string, EnumOption[]] | undefined {
  const want = name.replace(/[_\s-]/g, '').toLowerCase();
  const key = Object.keys(ENUMS).find((k) => k.toLowerCase() === want);
  return key ? [key, ENUMS[key]] : undefined;
}

/** Whether an enum is a state (its options carry tones: shown as status badges) rather than an attribute. */
export const isStateEnum = (name: string | undefined): boolean => !!ENUMS[name ?? '']?.some((x) => x.tone);

/** The tone of one value of a state enum (undefined for attributes and unknown values). */
export const enumTone = (name: string | undefined, value: unknown): EnumTone | undefined =>
  ENUMS[name ?? '']?.find((x) => String(x.value) === String(value))?.tone;
