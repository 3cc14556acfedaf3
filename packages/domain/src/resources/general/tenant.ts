import { L } from '../../lang.js';
import { defineResource } from '../../resource/define.js';
import { f } from '../../resource/fields.js';
import { isTimeZone } from '../tenant/places/time-zone.js';

/**
 * Tenant (spec §3, §5). Served by its own module (apps/server/src/modules/general/tenant), not by
 * the generic routes: creating a tenant also creates its grants, admin role and admin user.
 */
export const tenantResource = defineResource({
  code: 'general/tenant',
  names: L('租户', '租戶', 'Tenant'),
  owner: 'platform',
  table: 'tenants',
  titleField: 'name',
  defaultSort: { field: 'code', order: 'asc' },
  // no 'import': tenants (with their admin user, role and grants) are not created from Excel
  crud: ['query', 'add', 'edit', 'delete', 'export'],
  extraActions: ['enable', 'disable'],
  unproven: {
    crud: 'a new tenant needs grants of menus by id (and makes its admin user and role): general-tenant.test.ts creates, edits and deletes tenants',
    badField: 'a valid new tenant needs grants of menus by id (general-tenant.test.ts)',
    dbChecks: "its table (tenants) is written by hand, without the CHECKs a declaration's table gets (a migration adding them is to do)",
  },
  fields: {
    code: f.text({
      display: 'code',
      label: L('租户编号', '租戶編號', 'Tenant code'),
      max: 32,
      unique: true,
      search: 'like',
      sort: true,
      editable: false,
      pattern: { source: '^[A-Z0-9]+$', message: 'validation.tenantCode' },
    }),
    name: f.text({ label: L('租户名称', '租戶名稱', 'Tenant name'), max: 64, search: 'like', sort: true }),
    groupId: f.ref('general/tenant-group', 'name', {
      label: L('租户组', '租戶群組', 'Tenant group'),
      search: 'eq',
      required: false,
      onDelete: 'restrict',
    }),
    status: f.enumOf('Status', { label: L('状态', '狀態', 'Status'), search: 'eq', default: 1, required: false, form: false }),
    adminUsername: f.text({
      label: L('管理员登录名', '管理員登入名稱', 'Admin login name'),
      min: 4,
      max: 64,
      search: 'like',
      editable: false,
    }),
    password: f.password({ label: L('密码', '密碼', 'Password') }),
    confirmPassword: f.password({ label: L('确认密码', '確認密碼', 'Confirm password') }),
    goodsAttrTemplateId: f.ref('general/template-goods-attr', 'name', {
      onDelete: 'restrict',
      label: L('商品属性模板', '商品屬性範本', 'Goods attribute template'),
      list: false,
    }),
    locationAttrTemplateId: f.ref('general/template-location-attr', 'name', {
      onDelete: 'restrict',
      label: L('位置属性模板', '位置屬性範本', 'Location attribute template'),
      list: false,
    }),
    codingRuleTemplateId: f.ref('general/template-coding-rule', 'name', {
      onDelete: 'restrict',
      label: L('编码规则模板', '編碼規則範本', 'Coding rule template'),
      list: false,
    }),
    // the zone of its locations that name none (their EPCIS events' offsets); blank: Asia/Shanghai
    timeZone: f.text({
      label: L('时区', '時區', 'Time zone'),
      max: 64,
      required: false,
      list: false,
      placeholder: L(
        '如 Asia/Shanghai；留空则为 Asia/Shanghai',
        '如 Asia/Shanghai；留空則為 Asia/Shanghai',
        'e.g. Asia/Shanghai; blank: Asia/Shanghai',
      ),
    }),
    menus: f.json({ label: L('菜单权限', '選單權限', 'Menu permissions'), required: true }),
    remark: f.textarea({ label: L('备注', '備註', 'Remark'), max: 256, list: true, hidden: true }),
    createdAt: f.datetime({
      label: L('创建时间', '建立時間', 'Created'),
      form: false,
      required: false,
      sort: true,
      search: 'range',
      hidden: true,
    }),
  },
  rules: [
    (d) => (d.password !== d.confirmPassword ? [{ path: ['confirmPassword'], message: 'validation.passwordsDiffer' }] : []),
    (d) =>
      typeof d.name === 'string' && typeof d.adminUsername === 'string' && d.name.toLowerCase() === d.adminUsername.trim().toLowerCase()
        ? [{ path: ['adminUsername'], message: 'validation.tenantNameIsAdmin' }]
        : [],
    (d) => (Array.isArray(d.menus) && d.menus.length ? [] : [{ path: ['menus'], message: 'validation.menusRequired' }]),
    (d) =>
      typeof d.timeZone === 'string' && d.timeZone.trim() && !isTimeZone(d.timeZone.trim())
        ? [{ path: ['timeZone'], message: 'validation.timeZone' }]
        : [],
  ],
});
