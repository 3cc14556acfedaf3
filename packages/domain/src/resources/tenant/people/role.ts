import { L } from '../../../lang.js';
import { defineResource } from '../../../resource/define.js';
import { f } from '../../../resource/fields.js';

/**
 * A tenant's own roles (spec §3 Role, §6), managed by its administrator over the shared `roles`
 * table: the tenant scope keeps it to its tenant's rows. Served by modules/tenant/people (the
 * built-in role, which has every menu, is kept; a role a user holds is not deleted). Its menus and
 * buttons are granted by Assign here or on tenant/permission.
 */
export const tenantRoleResource = defineResource({
  code: 'tenant/role',
  names: L('角色', '角色', 'Role'),
  owner: 'tenant',
  table: 'roles',
  titleField: 'name',
  defaultSort: { field: 'code', order: 'asc' },
  // no 'import': roles are not created from Excel
  crud: ['query', 'add', 'edit', 'delete', 'export'],
  // its screens and buttons (the same as on tenant/permission)
  extraActions: ['assign'],
  sample: (salt) => ({ code: `SMP_${salt}`, name: `Sample role ${salt}` }),
  unproven: {
    dbChecks: "its table (roles) is written by hand, without the CHECKs a declaration's table gets (a migration adding them is to do)",
  },
  fields: {
    code: f.text({
      display: 'code',
      label: L('角色编码', '角色編碼', 'Role code'),
      max: 32,
      unique: true,
      search: 'like',
      sort: true,
      pattern: { source: '^[A-Za-z0-9_-]+$', message: 'validation.codeChars' },
    }),
    name: f.text({ label: L('角色名称', '角色名稱', 'Role name'), max: 64, search: 'like', sort: true }),
    alias: f.text({ label: L('别名', '別名', 'Alias'), max: 64, required: false }),
    status: f.enumOf('Status', { label: L('状态', '狀態', 'Status'), search: 'eq', default: 1, required: false }),
    terminal: f.enumOf('Terminal', { label: L('终端', '終端', 'Terminal'), search: 'eq', default: 'web', required: false }),
    createdAt: f.datetime({ label: L('创建时间', '建立時間', 'Created'), form: false, required: false, sort: true, hidden: true }),
  },
});
