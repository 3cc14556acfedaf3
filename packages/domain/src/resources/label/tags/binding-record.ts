import { L } from '../../../lang.js';
import { defineResource } from '../../../resource/define.js';
import { f } from '../../../resource/fields.js';
import { tagOrderField } from './tag.js';
import './enums.js';

/**
 * Label binding records: every bind and unbind of an EPC to a chip's TID (by hand, by import, or
 * sent back by a printer), kept after the tag itself is withdrawn. Read-only: written by the TID
 * binding screen's actions, listed and exported here.
 */
export const bindingRecordResource = defineResource({
  code: 'label/binding-record',
  names: L('标签绑定记录', '標籤綁定紀錄', 'Label binding record'),
  owner: 'tenant',
  table: 'label_tag_bindings',
  titleField: 'epc',
  defaultSort: { field: 'boundAt', order: 'desc' },
  partyVia: 'orderId',
  crud: ['query', 'export'],
  fields: {
    epc: f.text({ label: L('EPC', 'EPC', 'EPC'), display: 'code', max: 64, search: 'eq', width: 216 }),
    tid: f.text({ label: L('TID', 'TID', 'TID'), display: 'code', max: 64, search: 'eq', width: 216 }),
    action: f.enumOf('TagBindingAction', { label: L('操作', '操作', 'Action'), search: 'eq', width: 90 }),
    source: f.enumOf('TagBindingSource', { label: L('来源', '來源', 'Source'), search: 'eq', width: 110, hidden: true }),
    orderId: tagOrderField(),
    operator: f.text({ label: L('操作人', '操作人', 'Operator'), max: 64, required: false, width: 110 }),
    remark: f.text({ label: L('备注', '備註', 'Remark'), max: 256, required: false, hidden: true }),
    // sortable: the list's default order reads the (tenant_id, bound_at, id) index
    boundAt: f.datetime({ label: L('操作时间', '操作時間', 'Time'), sort: true, width: 170 }),
  },
});
