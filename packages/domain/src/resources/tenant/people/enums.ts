import { defineEnums, enumOption as o } from '../../../enums.js';

/**
 * The people area's enums: what a tenant user may be bound to (users.party_kind, PartyKind), the
 * user types a tenant administrator may give (tenant administrator or tenant user, never a
 * platform type), and how a tenant parameter's value is typed.
 */
export const peopleEnums = defineEnums({
  PartyKind: [
    o('store', '门店', '門市', 'Store'),
    o('warehouse', '仓库', '倉庫', 'Warehouse'),
    o('factory', '工厂', '工廠', 'Factory'),
    o('labelSupplier', '标签供应商', '標籤供應商', 'Label supplier'),
  ],
  TenantUserType: [o(3, '租户管理员', '租戶管理員', 'Tenant administrator'), o(4, '租户用户', '租戶使用者', 'Tenant user')],
  TenantParamType: [
    o(1, '文本', '文字', 'Text'),
    o(2, '整数', '整數', 'Integer'),
    o(3, '小数', '小數', 'Decimal'),
    o(4, '是/否', '是/否', 'Yes / No'),
    o(5, '选项', '選項', 'Option'),
  ],
});

/** Values of TenantParamType. */
export const PARAM_TYPE = { TEXT: 1, INT: 2, DECIMAL: 3, YES_NO: 4, OPTION: 5 } as const;
