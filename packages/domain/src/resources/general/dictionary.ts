import { L } from '../../lang.js';
import { defineResource } from '../../resource/define.js';
import { f } from '../../resource/fields.js';

const CODE = { source: '^[A-Za-z0-9_.-]+$', message: 'validation.codeChars' };

/**
 * Dictionary detail (spec §7): one value of a dictionary module, a line of the module. Its routes
 * are guarded by the dictionary screen's buttons; deleting a module still holding details is refused.
 */
export const dictionaryDetailResource = defineResource({
  code: 'general/dictionary-detail',
  screen: 'general/dictionary',
  names: L('字典明细', '字典明細', 'Dictionary detail'),
  owner: 'platform',
  table: 'dictionary_details',
  titleField: 'name',
  defaultSort: { field: 'seq', order: 'asc' },
  crud: ['query', 'add', 'edit', 'delete'],
  // (the generic proofs' row: a value of the first dictionary)
  sample: (salt) => ({ num: `smp_${salt}`, name: `Sample ${salt}` }),
  fields: {
    moduleId: f.ref('general/dictionary', 'name', {
      label: L('字典模块', '字典模組', 'Dictionary module'),
      search: 'eq',
      onDelete: 'restrict',
      list: false,
      editable: false,
    }),
    num: f.text({
      display: 'code',
      label: L('明细编码', '明細編碼', 'Detail code'),
      max: 64,
      uniqueWithin: 'moduleId',
      search: 'like',
      sort: true,
      pattern: CODE,
    }),
    name: f.text({ label: L('明细名称', '明細名稱', 'Detail name'), max: 128, search: 'like', sort: true }),
    nameTw: f.text({ label: L('繁体名称', '繁體名稱', 'Name (Traditional Chinese)'), max: 128, required: false }),
    nameEn: f.text({ label: L('英文名称', '英文名稱', 'Name (English)'), max: 128, required: false }),
    seq: f.int({ label: L('排序', '排序', 'Order'), min: 0, max: 9999, default: 0, required: false, sort: true, width: 90 }),
    status: f.enumOf('Status', { label: L('状态', '狀態', 'Status'), default: 1, required: false, width: 90 }),
    remark: f.textarea({ label: L('备注', '備註', 'Remark'), max: 256, hidden: true }),
  },
});

/** Dictionary module (spec §7): a named list of values (its details), read by every screen through the cache. */
export const dictionaryModuleResource = defineResource({
  code: 'general/dictionary',
  names: L('字典模块', '字典模組', 'Dictionary module'),
  owner: 'platform',
  table: 'dictionary_modules',
  titleField: 'name',
  defaultSort: { field: 'seq', order: 'asc' },
  // no import or export; 'refresh' reloads the caches of every process
  crud: ['query', 'add', 'edit', 'delete'],
  extraActions: ['refresh'],
  children: [{ key: 'details', resource: dictionaryDetailResource, parentField: 'moduleId' }],
  sample: (salt) => ({ code: `SMP_${salt}`, name: `Sample dictionary ${salt}` }),
  fields: {
    code: f.text({
      display: 'code',
      label: L('模块编码', '模組編碼', 'Module code'),
      max: 64,
      unique: true,
      search: 'like',
      sort: true,
      pattern: CODE,
    }),
    name: f.text({ label: L('模块名称', '模組名稱', 'Module name'), max: 128, search: 'like', sort: true }),
    seq: f.int({ label: L('排序', '排序', 'Order'), min: 0, max: 9999, default: 0, required: false, sort: true, width: 90 }),
    remark: f.textarea({ label: L('备注', '備註', 'Remark'), max: 256, list: true }),
  },
});
