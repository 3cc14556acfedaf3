import { L } from '../../../lang.js';
import { defineResource } from '../../../resource/define.js';
import { f } from '../../../resource/fields.js';
import './enums.js';

/**
 * A tenant's own users (spec §3 User, §6), managed by its administrator over the shared `users`
 * table (tenant scope): a login name no tenant has yet, the password policy, a tenant user type,
 * roles of this tenant per terminal, and the party the user is bound to (a store, warehouse,
 * factory or label supplier of this tenant), whose rows alone it then sees (partyScope). Served by
 * modules/tenant/people.
 */
export const tenantUserResource = defineResource({
  code: 'tenant/user',
  names: L('用户', '使用者', 'User'),
  owner: 'tenant',
  table: 'users',
  titleField: 'username',
  defaultSort: { field: 'username', order: 'asc' },
  // no 'import': users (login names, passwords, roles) are not created from Excel
  crud: ['query', 'add', 'edit', 'delete', 'export'],
  extraActions: ['enable', 'disable', 'resetPassword'],
  sample: (salt) => ({ username: `smp_${salt.toLowerCase()}`, password: 'sample123', confirmPassword: 'sample123' }),
  unproven: {
    dbChecks: "its table (users) is written by hand, without the CHECKs a declaration's table gets (a migration adding them is to do)",
  },
  fields: {
    username: f.text({ label: L('用户名', '使用者名稱', 'User name'), min: 4, max: 64, search: 'like', sort: true, editable: false }),
    aliasName: f.text({ label: L('别名', '別名', 'Alias'), max: 64, required: false, search: 'like' }),
    password: f.password({ label: L('密码', '密碼', 'Password') }),
    confirmPassword: f.password({ label: L('确认密码', '確認密碼', 'Confirm password') }),
    userType: f.enumOf('TenantUserType', { label: L('用户类型', '使用者類型', 'User type'), search: 'eq', default: 4, required: false }),
    loginStatus: f.enumOf('LoginStatus', {
      label: L('登录状态', '登入狀態', 'Login'),
      search: 'eq',
      default: 1,
      required: false,
      form: false,
    }),
    // shown in the party's cell (a tag before its name) to keep the list within 1366 pixels
    partyKind: f.enumOf('PartyKind', { label: L('绑定类型', '綁定類型', 'Bound to'), search: 'eq', required: false, hidden: true }),
    partyId: f.int({ label: L('绑定对象', '綁定對象', 'Bound party'), min: 1, required: false, width: 220 }),
    roles: f.json({ label: L('角色（按终端）', '角色（依終端）', 'Roles per terminal') }),
    createdAt: f.datetime({ label: L('创建时间', '建立時間', 'Created'), form: false, required: false, sort: true, hidden: true }),
  },
  rules: [
    (d) => (d.password !== d.confirmPassword ? [{ path: ['confirmPassword'], message: 'validation.passwordsDiffer' }] : []),
    // a kind and its row go together (users_party_both)
    (d) => {
      const kind = d.partyKind !== undefined && d.partyKind !== null && d.partyKind !== '';
      const id = d.partyId !== undefined && d.partyId !== null && d.partyId !== '';
      if (kind && !id) return [{ path: ['partyId'], message: 'validation.partyPick' }];
      if (!kind && id) return [{ path: ['partyKind'], message: 'validation.partyKindPick' }];
      return [];
    },
  ],
});
