import { L } from '../../../lang.js';
import { defineResource } from '../../../resource/define.js';
import { f } from '../../../resource/fields.js';
import { CODE_RE } from '../../general/_rule-issue.js';

const CODE = { source: CODE_RE.source, message: 'validation.codeChars' };

/** One value of a code table: a line of the table, edited in its form. */
export const codeTableItemResource = defineResource({
  code: 'tenant/code-table-item',
  screen: 'tenant/code-table',
  names: L('码表项', '代碼表項目', 'Code table item'),
  owner: 'tenant',
  table: 'code_table_items',
  titleField: 'label',
  defaultSort: { field: 'seq', order: 'asc' },
  fields: {
    tableId: f.ref('tenant/code-table', 'name', {
      label: L('码表', '代碼表', 'Code table'),
      search: 'eq',
      onDelete: 'cascade',
      list: false,
      editable: false,
    }),
    value: f.text({ label: L('值编码', '值編碼', 'Value code'), display: 'code', max: 32, uniqueWithin: 'tableId', pattern: CODE }),
    label: f.text({ label: L('显示名称', '顯示名稱', 'Label'), max: 64 }),
    seq: f.int({ label: L('排序', '排序', 'Order'), min: 0, max: 9999, default: 0, required: false, sort: true, width: 90 }),
    status: f.enumOf('Status', { label: L('状态', '狀態', 'Status'), default: 1, required: false, width: 90 }),
  },
});

/**
 * Code tables (spec §3 archives): the tenant's own lookup lists. An option attribute of the goods
 * or location template (type 4) takes its options from the enabled values of the code table whose
 * code is the attribute's code (colour → code table `color`).
 */
export const codeTableResource = defineResource({
  code: 'tenant/code-table',
  names: L('码表', '代碼表', 'Code table'),
  owner: 'tenant',
  table: 'code_tables',
  titleField: 'name',
  defaultSort: { field: 'code', order: 'asc' },
  children: [{ key: 'items', resource: codeTableItemResource, parentField: 'tableId' }],
  fields: {
    code: f.text({
      label: L('码表编码', '代碼表編碼', 'Code table code'),
      display: 'code',
      max: 32,
      unique: true,
      search: 'like',
      sort: true,
      editable: false,
      pattern: CODE,
    }),
    name: f.text({ label: L('码表名称', '代碼表名稱', 'Code table name'), max: 64, search: 'like', sort: true }),
    status: f.enumOf('Status', { label: L('状态', '狀態', 'Status'), search: 'eq', default: 1, required: false, width: 90 }),
    remark: f.textarea({ label: L('备注', '備註', 'Remark'), max: 256, list: true }),
  },
  seed: [{ code: 'storeLevel', name: '门店等级', remark: '位置属性“门店等级”的选项' }],
});
