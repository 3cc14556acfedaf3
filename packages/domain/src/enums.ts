import type { L10n } from './lang.js';

/** Enumerations served by /tagManage/common/enum/queryEnum?targetEnum= (labels in three languages). */
export interface EnumOption {
  value: number | string;
  label: L10n;
}

const o = (value: number | string, zh_CN: string, zh_TW: string, en_US: string): EnumOption => ({
  value,
  label: { zh_CN, zh_TW, en_US },
});

export const ENUMS: Record<string, EnumOption[]> = {
  UserType: [
    o(1, '平台管理员', '平台管理員', 'Platform administrator'),
    o(2, '平台用户', '平台使用者', 'Platform user'),
    o(3, '租户管理员', '租戶管理員', 'Tenant administrator'),
    o(4, '租户用户', '租戶使用者', 'Tenant user'),
  ],
  LoginStatus: [o(1, '允许登录', '允許登入', 'Allowed'), o(0, '禁止登录', '禁止登入', 'Forbidden')],
  Status: [o(1, '启用', '啟用', 'Enabled'), o(0, '停用', '停用', 'Disabled')],
  Terminal: [o('web', '网页端', '網頁端', 'Web'), o('app', '移动端', '行動端', 'App'), o('pad', '手持终端', '手持終端', 'Handheld')],
  MenuType: [o(1, '模块', '模組', 'Module'), o(2, '分组', '分組', 'Group'), o(3, '页面', '頁面', 'Screen')],
  LoginResult: [o(1, '成功', '成功', 'Success'), o(0, '失败', '失敗', 'Failure')],
  YesNo: [o(1, '是', '是', 'Yes'), o(0, '否', '否', 'No')],
};

/** Accepts the enum name in any case ('usertype', 'UserType', 'USER_TYPE'). */
export function findEnum(name: string): [string, EnumOption[]] | undefined {
  const want = name.replace(/[_\s-]/g, '').toLowerCase();
  const key = Object.keys(ENUMS).find((k) => k.toLowerCase() === want);
  return key ? [key, ENUMS[key]] : undefined;
}
