import { L } from '../../../lang.js';
import { defineResource } from '../../../resource/define.js';
import { f } from '../../../resource/fields.js';
import { defineMachine } from '../../../resource/machine.js';
import { CODE, quantity } from './_shared.js';
import { PACKING_STATUS as P } from './enums.js';

/**
 * A line of a packed carton: which SKU and how many pieces. Written with its carton (children of
 * packingResource); listed on their own, read-only, by supply/submission-detail.
 */
export const packingLineResource = defineResource({
  code: 'supply/packing-line',
  screen: 'supply/packing-review',
  names: L('装箱明细', '裝箱明細', 'Carton line'),
  owner: 'tenant',
  table: 'supply_packing_lines',
  titleField: 'quantity',
  defaultSort: { field: 'packingId', order: 'desc' },
  fields: {
    packingId: f.ref('supply/packing-review', 'cartonNo', {
      label: L('箱号', '箱號', 'Carton no.'),
      onDelete: 'cascade',
      search: 'eq',
      sort: true,
      list: false,
      editable: false,
      exported: true,
    }),
    // search boxes of the submission detail (no column): lines of cartons whose number, or of orders whose code, starts so
    cartonNo: f.text({ label: L('箱号', '箱號', 'Carton no.'), max: 32, search: 'prefix', stored: false }),
    orderCode: f.text({ label: L('采购单号', '採購單號', 'Order code'), max: 32, search: 'prefix', stored: false }),
    skuId: f.ref('tenant/goods-sku', 'skuBarcode', { label: L('SKU 条码', 'SKU 條碼', 'SKU barcode'), search: 'eq', width: 150 }),
    quantity: quantity(L('装箱数量', '裝箱數量', 'Pieces')),
  },
});

/**
 * Packing (spec §4): a carton must be reviewed before it is audited; the audit hands it to the
 * warehouse and it can never be reviewed again; cancelling a review sends it back to be checked
 * (and reviewed) again. A carton is edited only before its review; one without pieces is not reviewed.
 */
export const packingMachine = defineMachine({
  field: 'status',
  states: 'PackingStatus',
  transitions: {
    review: {
      from: [P.NEW],
      to: P.REVIEWED,
      guard: (row) => (Number(row.pieces ?? 0) > 0 ? undefined : 'supply.packing.empty'),
      done: 'supply.done.review',
    },
    cancelReview: {
      from: [P.REVIEWED],
      to: P.NEW,
      danger: true,
      confirm: 'supply.confirm.cancelReview',
      done: 'supply.done.cancelReview',
    },
    audit: {
      from: [P.REVIEWED],
      to: P.AUDITED,
      danger: true,
      confirm: 'supply.confirm.audit',
      done: 'supply.done.audit',
    },
  },
  final: [P.AUDITED],
  editIn: [P.NEW],
  deleteIn: [P.NEW],
});

/**
 * Packing review (screens.md supply/packing-review): the cartons a factory packed for a commodity
 * purchase order, each with its SKU lines. A user bound to a factory sees and packs its own cartons.
 */
export const packingResource = defineResource({
  code: 'supply/packing-review',
  names: L('装箱单', '裝箱單', 'Carton'),
  owner: 'tenant',
  table: 'supply_packings',
  titleField: 'cartonNo',
  defaultSort: { field: 'cartonNo', order: 'desc' },
  machine: packingMachine,
  partyScope: { factory: 'factoryId' },
  children: [{ key: 'lines', resource: packingLineResource, parentField: 'packingId' }],
  seed: [{ cartonNo: 'CTN-2026110001', packedAt: '2026-11-20T08:30:00.000Z', remark: '首箱样品' }],
  fields: {
    cartonNo: f.text({
      label: L('箱号', '箱號', 'Carton no.'),
      display: 'code',
      max: 32,
      unique: true,
      search: 'prefix',
      sort: true,
      pattern: CODE,
      width: 150,
    }),
    orderId: f.ref('supply/purchase-order', 'code', {
      label: L('采购单号', '採購單號', 'Order code'),
      required: false,
      search: 'eq',
      width: 160,
    }),
    factoryId: f.ref('tenant/factory', 'name', { label: L('工厂', '工廠', 'Factory'), required: false, search: 'eq', width: 200 }),
    packedAt: f.datetime({ label: L('装箱时间', '裝箱時間', 'Packed at'), required: false, sort: true, width: 160, hidden: true }),
    pieces: f.int({ label: L('件数', '件數', 'Pieces'), min: 0, default: 0, required: false, form: false, width: 80 }),
    status: f.enumOf('PackingStatus', {
      label: L('状态', '狀態', 'Status'),
      default: P.NEW,
      required: false,
      form: false,
      search: 'eq',
      width: 90,
    }),
    reviewedAt: f.datetime({ label: L('复核时间', '複核時間', 'Reviewed at'), required: false, form: false, hidden: true }),
    auditedAt: f.datetime({ label: L('审核时间', '審核時間', 'Audited at'), required: false, form: false, hidden: true }),
    remark: f.textarea({ label: L('备注', '備註', 'Remark'), max: 256, hidden: true }),
  },
});

/**
 * Submission form detail (screens.md supply/submission-detail): what the factories submitted, line
 * by line — each carton's SKUs and pieces, read-only, searched by carton number or order code.
 */
export const submissionDetailResource = defineResource({
  code: 'supply/submission-detail',
  names: L('提交单明细', '提交單明細', 'Submission form detail'),
  owner: 'tenant',
  table: 'supply_packing_lines',
  titleField: 'packingId',
  defaultSort: { field: 'packingId', order: 'desc' },
  crud: ['query', 'export'],
  rowsOf: { code: 'supply/packing-line' },
  fields: {
    packingId: f.ref('supply/packing-review', 'cartonNo', { label: L('箱号', '箱號', 'Carton no.'), sort: true, width: 150 }),
    cartonNo: f.text({ label: L('箱号', '箱號', 'Carton no.'), max: 32, search: 'prefix', stored: false }),
    orderCode: f.text({ label: L('采购单号', '採購單號', 'Order code'), max: 32, search: 'prefix', stored: false }),
    skuId: f.ref('tenant/goods-sku', 'skuBarcode', { label: L('SKU 条码', 'SKU 條碼', 'SKU barcode'), width: 150 }),
    quantity: quantity(L('装箱数量', '裝箱數量', 'Pieces')),
  },
});
