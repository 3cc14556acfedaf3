import { L } from '../../lang.js';
import { defineResource } from '../../resource/define.js';
import { type FieldDef, f } from '../../resource/fields.js';

/**
 * A role's declaration given its owner, over the shared `roles` table. The platform's
 * (general/role): roles of the platform (tenant 0) or of a chosen tenant, codes unique within a
 * tenant (TENANT_ADMIN in every tenant), served with the hooks of modules/general/role. A
 * tenant's (tenant/role): its own roles, the tenant scope keeping it to its rows, served with the
 * same hooks held to the tenant (the built-in role, which has every menu, is kept; a role a user
 * holds is not deleted); its menus and buttons are granted by Assign or on tenant/permission.
 */
const roleFields = (owner: 'platform' | 'tenant') => ({
  code: f.text({
    display: 'code',
    label: L('角色编码', '角色編碼', 'Role code'),
    max: 32,
    unique: true,
    ...(owner === 'platform' ? { uniqueWithin: 'tenantId' } : {}),
    search: 'like',
    sort: true,
    pattern: { source: '^[A-Za-z0-9_-]+$', message: 'validation.codeChars' },
  }),
  name: f.text({ label: L('角色名称', '角色名稱', 'Role name'), max: 64, search: 'like', sort: true }),
  // the platform's list leaves it out for the tenant column
  alias: f.text({ label: L('别名', '別名', 'Alias'), max: 64, required: false, hidden: owner === 'platform' }),
  status: f.enumOf('Status', { label: L('状态', '狀態', 'Status'), search: 'eq', default: 1, required: false }),
  terminal: f.enumOf('Terminal', { label: L('终端', '終端', 'Terminal'), search: 'eq', default: 'web', required: false }),
  createdAt: f.datetime({ label: L('创建时间', '建立時間', 'Created'), form: false, required: false, sort: true, hidden: true }),
});

/** A role declaration: what both say, with the owner's code and fields. */
const defineRole = <F extends Record<string, FieldDef>>(code: string, owner: 'platform' | 'tenant', fields: F) =>
  defineResource({
    code,
    names: L('角色', '角色', 'Role'),
    owner,
    table: 'roles',
    titleField: 'name',
    defaultSort: { field: 'code', order: 'asc' },
    // no 'import': roles are not created from Excel
    crud: ['query', 'add', 'edit', 'delete', 'export'],
    // its screens and buttons
    extraActions: ['assign'],
    sample: (salt) => ({ code: `SMP_${salt}`, name: `Sample role ${salt}` }),
    unproven: {
      dbChecks: "its table (roles) is written by hand, without the CHECKs a declaration's table gets (a migration adding them is to do)",
    },
    fields,
  });

export const roleResource = defineRole('general/role', 'platform', {
  tenantId: f.int({ label: L('租户', '租戶', 'Tenant'), min: 0, default: 0, required: false, search: 'eq', editable: false }),
  ...roleFields('platform'),
});

export const tenantRoleResource = defineRole('tenant/role', 'tenant', roleFields('tenant'));
