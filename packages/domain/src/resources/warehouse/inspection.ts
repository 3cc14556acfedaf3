import { L, type L10n } from '../../lang.js';
import { AQLS } from '../../quality/sampling.js';
import { defineResource } from '../../resource/define.js';
import { f } from '../../resource/fields.js';
import { defineMachine } from '../../resource/machine.js';
import { numberedCode } from './bill.js';
import { INSPECTION_KIND, INSPECTION_RESULT, INSPECTION_STATUS as Q, QI_DISPOSITION, QI_LEVEL } from './enums.js';

/** A number the server works out (the sample plan, the counts). */
const worked = (label: L10n, extra: { hidden?: boolean; width?: number } = {}) =>
  f.int({ label, min: 0, max: 999_999_999, default: 0, required: false, form: false, editable: false, width: 80, ...extra });

/** A defect found in the sample: the piece (its EPC, else its SKU), how bad, and what. */
export const inspectionLineResource = defineResource({
  code: 'warehouse/inspection-line',
  screen: 'warehouse/receiving-qi',
  names: L('缺陷', '缺陷', 'Defect'),
  owner: 'tenant',
  table: 'wms_inspection_lines',
  titleField: 'reason',
  defaultSort: { field: 'inspectionId', order: 'desc' },
  fields: {
    inspectionId: f.ref('warehouse/receiving-qi', 'code', {
      label: L('质检单号', '品檢單號', 'Inspection no.'),
      onDelete: 'cascade',
      search: 'eq',
      list: false,
      editable: false,
      exported: true,
    }),
    epc: f.text({
      label: L('EPC', 'EPC', 'EPC'),
      display: 'code',
      max: 64,
      required: false,
      pattern: { source: '^[0-9A-Fa-f]*$', message: 'validation.hex' },
      width: 220,
    }),
    skuId: f.ref('tenant/goods-sku', 'skuBarcode', { label: L('SKU 条码', 'SKU 條碼', 'SKU barcode'), required: false, width: 150 }),
    severity: f.enumOf('DefectSeverity', { label: L('严重度', '嚴重度', 'Severity'), default: 2, width: 90 }),
    reason: f.text({ label: L('缺陷描述', '缺陷描述', 'Defect'), max: 128, width: 200 }),
  },
});

/**
 * The inspection's machine (../shared/operations.md E5): submitted once the sample is inspected
 * (passing when its critical and major defects are within the plan's acceptance number), reset to
 * start over (its defects gone), and a failed lot returned to its vendor (QI return). The sample
 * read at the QI area starts it (a system move).
 */
const transitions = {
  submit: {
    from: [Q.PENDING, Q.INSPECTING],
    to: Q.SUBMITTED,
    guard: (row: Record<string, unknown>) =>
      Number(row.inspectedQty ?? 0) < Number(row.sampleSize ?? 0)
        ? { key: 'qi.sampleShort', params: { n: Number(row.inspectedQty ?? 0), sample: Number(row.sampleSize ?? 0) } }
        : undefined,
    done: 'qi.done.submit',
  },
  reset: {
    from: [Q.INSPECTING, Q.SUBMITTED],
    to: Q.PENDING,
    danger: true,
    label: L('质检重置', '品檢重設', 'QI reset'),
    confirm: 'qi.confirm.reset',
    done: 'qi.done.reset',
  },
  rollback: {
    from: [Q.SUBMITTED],
    to: Q.RETURNED,
    danger: true,
    label: L('质检退货', '品檢退貨', 'QI return'),
    guard: (row: Record<string, unknown>) => (Number(row.result) === INSPECTION_RESULT.FAIL ? undefined : 'qi.notFailed'),
    confirm: 'qi.confirm.rollback',
    done: 'qi.done.rollback',
  },
} as const;
const states = {
  field: 'status',
  states: 'InspectionStatus',
  system: { start: { from: [Q.PENDING], to: Q.INSPECTING } },
  final: [Q.RETURNED],
  editIn: [Q.PENDING, Q.INSPECTING],
  deleteIn: [Q.PENDING],
} as const;
export const inspectionMachine = defineMachine({ ...states, transitions });

/** The AQL is one of the standard's (ISO 2859-1 Table II-A columns). */
const aqlRule = (d: Record<string, unknown>) =>
  d.aql !== undefined && d.aql !== null && d.aql !== '' && !(AQLS as readonly number[]).includes(Number(d.aql))
    ? [{ path: ['aql'], message: 'validation.aql' }]
    : [];

/** The fields of an inspection. */
const inspectionFields = {
  code: numberedCode(L('质检单号', '品檢單號', 'Inspection no.'), 140),
  kind: f.enumOf('InspectionKind', {
    label: L('质检类型', '品檢類型', 'Kind'),
    default: INSPECTION_KIND.RECEIVING,
    required: false,
    form: false,
    editable: false,
    search: 'eq',
    width: 100,
    hidden: true,
  }),
  billId: f.ref('warehouse/bill', 'code', { label: L('单据号', '單據號', 'Bill no.'), search: 'eq', editable: false, width: 140 }),
  siteId: f.ref('tenant/location', 'name', {
    label: L('仓库', '倉庫', 'Warehouse'),
    required: false,
    form: false,
    editable: false,
    search: 'eq',
    width: 120,
    hidden: true,
  }),
  status: f.enumOf('InspectionStatus', {
    label: L('状态', '狀態', 'Status'),
    search: 'eq',
    default: Q.PENDING,
    required: false,
    form: false,
    width: 90,
  }),
  lotQty: worked(L('批量', '批量', 'Lot'), { hidden: true }),
  level: f.enumOf('QiLevel', { label: L('检验水平', '檢驗水準', 'Level'), default: QI_LEVEL.II, required: false, width: 90, hidden: true }),
  aql: f.decimal({ label: L('AQL', 'AQL', 'AQL'), min: 0.065, max: 6.5, scale: 3, default: 2.5, required: false, width: 70, hidden: true }),
  sampleSize: worked(L('样本量', '樣本量', 'Sample')),
  acceptNo: worked(L('Ac', 'Ac', 'Ac'), { width: 60 }),
  rejectNo: worked(L('Re', 'Re', 'Re'), { width: 60, hidden: true }),
  inspectedQty: f.int({ label: L('已检数', '已檢數', 'Inspected'), min: 0, max: 999_999_999, default: 0, required: false, width: 90 }),
  defects: worked(L('缺陷数', '缺陷數', 'Defects')),
  result: f.enumOf('InspectionResult', {
    label: L('结果', '結果', 'Result'),
    search: 'eq',
    default: INSPECTION_RESULT.PENDING,
    required: false,
    form: false,
    editable: false,
    width: 90,
  }),
  disposition: f.enumOf('QiDisposition', {
    label: L('处置', '處置', 'Disposition'),
    default: QI_DISPOSITION.NONE,
    required: false,
    form: false,
    editable: false,
    width: 100,
    hidden: true,
  }),
  inspector: f.text({ label: L('质检员', '品檢員', 'Inspector'), max: 64, required: false, form: false, editable: false, hidden: true }),
  inspectedAt: f.datetime({
    label: L('质检时间', '品檢時間', 'Inspected at'),
    required: false,
    form: false,
    editable: false,
    hidden: true,
    width: 160,
  }),
  remark: f.textarea({ label: L('备注', '備註', 'Remark'), max: 256, list: false }),
};

/**
 * Receiving quality inspection (E5, warehouse/receiving-qi): a receipt's sample, its size and
 * acceptance numbers from ISO 2859-1 (single sampling, normal inspection, level II, AQL 2.5 unless
 * set), the pieces inspected and the defects found; submitted to a pass or a fail, reset to start
 * over. Opened by the server when a bill that needs inspection begins receiving, or by hand.
 */
export const receivingQiResource = defineResource({
  code: 'warehouse/receiving-qi',
  names: L('质检单', '品檢單', 'Inspection'),
  owner: 'tenant',
  table: 'wms_inspections',
  titleField: 'code',
  defaultSort: { field: 'code', order: 'desc' },
  machine: defineMachine({ ...states, transitions: { submit: transitions.submit, reset: transitions.reset } }),
  partyVia: 'billId',
  rules: [aqlRule],
  crud: ['query', 'add', 'edit', 'delete', 'export'],
  // the sample read at a reader of the warehouse's QI area (the server's warehouse/inspections/sample.ts)
  extraActions: ['readSample'],
  children: [{ key: 'lines', resource: inspectionLineResource, parentField: 'inspectionId' }],
  // the generic proofs' inspections: of the tenant's first bill
  sample: () => ({ inspectedQty: 0 }),
  fields: inspectionFields,
});

export { inspectionFields };
