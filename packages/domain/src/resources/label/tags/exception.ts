import { L } from '../../../lang.js';
import { defineResource } from '../../../resource/define.js';
import { f } from '../../../resource/fields.js';
import { TAG_EXCEPTION_STATE } from './enums.js';
import { tagOrderField } from './tag.js';

const found = { required: false, form: false, editable: false } as const;

/**
 * Where a read found an exception (a carton's check, the fold): the site and zone of the reader,
 * the carton and the bill it was read with. Empty for an exception of a binding or an import.
 */
export const exceptionPlaceFields = {
  siteId: f.ref('tenant/location', 'name', { label: L('站点', '據點', 'Site'), ...found, search: 'eq', width: 120, hidden: true }),
  zoneId: f.ref('tenant/location', 'name', { label: L('区域', '區域', 'Zone'), ...found, width: 120, hidden: true }),
  cartonNo: f.text({ label: L('箱号', '箱號', 'Carton no.'), display: 'code', max: 32, ...found, search: 'eq', width: 130, hidden: true }),
  billCode: f.text({
    label: L('单据号', '單據號', 'Bill no.'),
    display: 'code',
    max: 32,
    ...found,
    search: 'eq',
    width: 140,
    hidden: true,
  }),
};

/**
 * Label exceptions: abnormal tags found by binding, imports and reads — an EPC the tenant never
 * generated, an EPC seen twice, a header that is no GS1 scheme, a TID that does not match the one
 * bound. `handle` (with a note) and `clear` are the screen's actions; rows are never added by hand.
 */
export const tagExceptionResource = defineResource({
  code: 'label/exception',
  names: L('标签异常', '標籤異常', 'Label exception'),
  owner: 'tenant',
  table: 'label_tag_exceptions',
  titleField: 'epc',
  defaultSort: { field: 'foundAt', order: 'desc' },
  partyVia: 'orderId',
  crud: ['query', 'export'],
  extraActions: ['handle', 'clear'],
  fields: {
    epc: f.text({ label: L('EPC', 'EPC', 'EPC'), display: 'code', max: 64, search: 'eq', width: 216 }),
    tid: f.text({ label: L('TID', 'TID', 'TID'), display: 'code', max: 64, required: false, width: 200, hidden: true }),
    kind: f.enumOf('TagExceptionKind', { label: L('异常类型', '異常類型', 'Exception'), search: 'eq', width: 150 }),
    detail: f.text({ label: L('异常说明', '異常說明', 'Details'), max: 256, required: false, width: 214 }),
    orderId: tagOrderField(),
    state: f.enumOf('TagExceptionState', {
      label: L('处理状态', '處理狀態', 'State'),
      search: 'eq',
      default: TAG_EXCEPTION_STATE.PENDING,
      required: false,
      form: false,
      // the badge and "Pending" / "Handled" in English
      width: 116,
    }),
    note: f.text({ label: L('处理说明', '處理說明', 'Handling note'), max: 256, required: false, width: 180, hidden: true }),
    handledBy: f.text({ label: L('处理人', '處理人', 'Handled by'), max: 64, required: false, hidden: true }),
    handledAt: f.datetime({ label: L('处理时间', '處理時間', 'Handled at'), required: false, hidden: true, width: 170 }),
    foundAt: f.datetime({ label: L('发现时间', '發現時間', 'Found at'), sort: true, width: 170 }),
    /** the tag's status when this exception made it abnormal (TAG_EXCEPTION_HOLDS); given back when the last one is cleared */
    tagStatus: f.enumOf('TagStatus', {
      label: L('异常前标签状态', '異常前標籤狀態', 'Tag status before'),
      ...found,
      width: 150,
      hidden: true,
    }),
    ...exceptionPlaceFields,
  },
});
