import { L } from '../../lang.js';
import { defineResource } from '../../resource/define.js';
import { f } from '../../resource/fields.js';

/**
 * Roles of the platform (tenant 0) or of a chosen tenant (spec §3, §6). Served by the generic
 * resource routes with the hooks of modules/general/role (codes are unique within a tenant).
 */
export const roleResource = defineResource({
  code: 'general/role',
  names: L('角色', '角色', 'Role'),
  owner: 'platform',
  table: 'roles',
  titleField: 'name',
  defaultSort: { field: 'code', order: 'asc' },
  // no 'import': roles are not created from Excel
  crud: ['query', 'add', 'edit', 'delete', 'export'],
  extraActions: ['assign'],
  sample: (salt) => ({ code: `SMP_${salt}`, name: `Sample role ${salt}` }),
  unproven: {
    dbChecks: "its table (roles) is written by hand, without the CHECKs a declaration's table gets (a migration adding them is to do)",
  },
  fields: {
    tenantId: f.int({ label: L('租户', '租戶', 'Tenant'), min: 0, default: 0, required: false, search: 'eq', editable: false }),
    code: f.text({
      display: 'code',
      label: L('角色编码', '角色編碼', 'Role code'),
      max: 32,
      unique: true,
      // unique within the role's tenant (TENANT_ADMIN in every tenant)
      uniqueWithin: 'tenantId',
      search: 'like',
      sort: true,
      pattern: { source: '^[A-Za-z0-9_-]+$', message: 'validation.codeChars' },
    }),
    name: f.text({ label: L('角色名称', '角色名稱', 'Role name'), max: 64, search: 'like', sort: true }),
    alias: f.text({ label: L('别名', '別名', 'Alias'), max: 64, required: false, hidden: true }),
    status: f.enumOf('Status', { label: L('状态', '狀態', 'Status'), search: 'eq', default: 1, required: false }),
    terminal: f.enumOf('Terminal', { label: L('终端', '終端', 'Terminal'), search: 'eq', default: 'web', required: false }),
    createdAt: f.datetime({ label: L('创建时间', '建立時間', 'Created'), form: false, required: false, sort: true, hidden: true }),
  },
});
