import { L } from '../../lang.js';
import { defineResource } from '../../resource/define.js';
import { tagExceptionResource } from '../label/tags/exception.js';

const base = tagExceptionResource.fields;

/**
 * Abnormal labels of the warehouses (E7, warehouse/abnormal-label): the label exceptions found at a
 * warehouse — an unknown or foreign EPC in a carton at the receiving check, an EPC present at two
 * sites at once — with where they were found (zone, carton, bill). Handled with a note, or cleared
 * off the list; label/exception stays the all-sites view of the same rows. A warehouse's user sees
 * its own warehouse's.
 */
export const abnormalLabelResource = defineResource({
  code: 'warehouse/abnormal-label',
  names: L('异常标签', '異常標籤', 'Abnormal label'),
  owner: 'tenant',
  table: 'label_tag_exceptions',
  titleField: 'epc',
  defaultSort: { field: 'foundAt', order: 'desc' },
  rowsOf: { code: 'label/exception' },
  partyScope: { warehouse: ['siteId'] },
  crud: ['query', 'export'],
  extraActions: ['handle', 'clear', 'retag'],
  fields: {
    epc: base.epc,
    tid: base.tid,
    kind: base.kind,
    // the site is a search field and a column in the settings (a warehouse's user has one)
    siteId: { ...base.siteId, width: 110 },
    zoneId: { ...base.zoneId, width: 110 },
    // the carton and bill are named in the details (and are columns in the settings, and search fields)
    cartonNo: { ...base.cartonNo, width: 150 },
    billCode: { ...base.billCode, width: 130 },
    detail: base.detail,
    orderId: { ...base.orderId, hidden: true },
    state: base.state,
    note: base.note,
    handledBy: base.handledBy,
    handledAt: base.handledAt,
    foundAt: base.foundAt,
  },
});
