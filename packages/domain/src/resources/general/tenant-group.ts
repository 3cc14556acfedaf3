import { defineResource } from '../../resource/define.js';
import { f } from '../../resource/fields.js';

/** Tenant group (spec §3): number/code, name, status, RFID flag. */
export const tenantGroupResource = defineResource({
  code: 'general/tenant-group',
  names: { zh_CN: '租户组', zh_TW: '租戶群組', en_US: 'Tenant group' },
  owner: 'platform',
  table: 'tenant_groups',
  titleField: 'name',
  defaultSort: { field: 'code', order: 'asc' },
  seed: [
    { code: 'APPAREL', name: '服装品牌组', rfid: 1, remark: '服装品牌租户' },
    { code: 'RETAIL', name: '零售门店组', rfid: 1 },
    { code: 'LABEL', name: '标签供应商组', rfid: 0 },
  ],
  fields: {
    code: f.text({
      display: 'code',
      label: { zh_CN: '组编号', zh_TW: '群組編號', en_US: 'Group code' },
      max: 32,
      unique: true,
      search: 'like',
      sort: true,
      editable: false,
      pattern: { source: '^[A-Za-z0-9_-]+$', message: 'validation.codeChars' },
    }),
    name: f.text({ label: { zh_CN: '组名称', zh_TW: '群組名稱', en_US: 'Group name' }, max: 64, unique: true, search: 'like', sort: true }),
    status: f.enumOf('Status', { label: { zh_CN: '状态', zh_TW: '狀態', en_US: 'Status' }, search: 'eq', default: 1, required: false }),
    rfid: f.enumOf('YesNo', {
      label: { zh_CN: 'RFID 标识', zh_TW: 'RFID 標識', en_US: 'RFID' },
      search: 'eq',
      default: 1,
      required: false,
    }),
    remark: f.textarea({ label: { zh_CN: '备注', zh_TW: '備註', en_US: 'Remark' }, max: 256, list: true }),
  },
});
