import { L } from '../../lang.js';
import { defineResource, type ResourceInput, type Rule } from '../../resource/define.js';
import { type FieldDef, f } from '../../resource/fields.js';

const passwordsDiffer: Rule<Record<string, unknown>> = (d) =>
  d.password !== d.confirmPassword ? [{ path: ['confirmPassword'], message: 'validation.passwordsDiffer' }] : [];

/**
 * A user declaration given its owner, over the shared `users` table: what the platform's
 * (general/user) and a tenant's (tenant/user) say alike — a login name, the password twice, a
 * type, the login switch, roles per terminal — with the owner's own type, fields before them
 * (`first`) and after the login switch (`bound`), buttons and rules.
 */
export const defineUser = <F extends Record<string, FieldDef>, B extends Record<string, FieldDef>, T extends FieldDef>(
  decl: Pick<ResourceInput<never>, 'code' | 'owner' | 'extraActions' | 'sample'> & { rules?: Rule<Record<string, unknown>>[] },
  first: F,
  userType: T,
  bound: B,
) =>
  defineResource({
    ...decl,
    names: L('用户', '使用者', 'User'),
    table: 'users',
    titleField: 'username',
    defaultSort: { field: 'username', order: 'asc' },
    // no 'import': users (login names, passwords, roles) are not created from Excel
    crud: ['query', 'add', 'edit', 'delete', 'export'],
    unproven: {
      dbChecks: "its table (users) is written by hand, without the CHECKs a declaration's table gets (a migration adding them is to do)",
    },
    fields: {
      ...first,
      username: f.text({ label: L('用户名', '使用者名稱', 'User name'), min: 4, max: 64, search: 'like', sort: true, editable: false }),
      aliasName: f.text({ label: L('别名', '別名', 'Alias'), max: 64, required: false, search: 'like' }),
      password: f.password({ label: L('密码', '密碼', 'Password') }),
      confirmPassword: f.password({ label: L('确认密码', '確認密碼', 'Confirm password') }),
      userType,
      loginStatus: f.enumOf('LoginStatus', {
        label: L('登录状态', '登入狀態', 'Login'),
        search: 'eq',
        default: 1,
        required: false,
        form: false,
      }),
      ...bound,
      roles: f.json({ label: L('角色（按终端）', '角色（依終端）', 'Roles per terminal') }),
      createdAt: f.datetime({ label: L('创建时间', '建立時間', 'Created'), form: false, required: false, sort: true, hidden: true }),
    },
    rules: [passwordsDiffer, ...(decl.rules ?? [])],
  });

/** Users of every tenant, managed by the platform (spec §3, §5). Served by modules/general/user. */
export const userResource = defineUser(
  {
    code: 'general/user',
    owner: 'platform',
    extraActions: ['enable', 'disable', 'resetPassword', 'assign'],
    // (the generic proofs' row: a user of the first tenant, the platform)
    sample: (salt) => ({
      username: `smp_${salt.toLowerCase()}`,
      password: 'sample123',
      confirmPassword: 'sample123',
      userType: 2,
    }),
  },
  // the platform's own accounts belong to tenant 0 (the create route takes it: user.api.ts userCreate)
  { tenantId: f.ref('general/tenant', 'name', { label: L('租户', '租戶', 'Tenant'), search: 'eq', editable: false, min: 0 }) },
  f.enumOf('UserType', { label: L('用户类型', '使用者類型', 'User type'), search: 'eq' }),
  {},
);
