import { L } from '../../lang.js';
import { defineResource } from '../../resource/define.js';
import { inspectionFields, inspectionLineResource, inspectionMachine } from '../warehouse/inspection.js';

/**
 * Quality inspection (E5, logistics/quality-inspection): every inspection of the DC — a receipt's,
 * a return's — with its disposition; a failed lot is returned to its vendor from here (QI return:
 * a vendor-return bill of the lot's pieces).
 */
export const qualityInspectionResource = defineResource({
  code: 'logistics/quality-inspection',
  names: L('质检单', '品檢單', 'Inspection'),
  owner: 'tenant',
  table: 'wms_inspections',
  titleField: 'code',
  defaultSort: { field: 'code', order: 'desc' },
  rowsOf: { code: 'warehouse/receiving-qi' },
  machine: inspectionMachine,
  partyVia: 'billId',
  crud: ['query', 'export'],
  children: [{ key: 'lines', resource: inspectionLineResource, parentField: 'inspectionId' }],
  fields: {
    ...inspectionFields,
    // the lot and the kind are in the column settings: what it found and what becomes of it come first
    lotQty: { ...inspectionFields.lotQty, hidden: true },
    billId: { ...inspectionFields.billId, width: 130 },
    code: { ...inspectionFields.code, width: 130 },
    inspectedQty: { ...inspectionFields.inspectedQty, hidden: true },
    disposition: { ...inspectionFields.disposition, hidden: undefined },
  },
});
