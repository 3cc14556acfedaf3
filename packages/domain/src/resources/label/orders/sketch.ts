import { L } from '../../../lang.js';
import { defineResource } from '../../../resource/define.js';
import { f } from '../../../resource/fields.js';
import { defineMachine } from '../../../resource/machine.js';
import { SKETCH } from './enums.js';

/** Largest sketch file, in bytes. */
export const SKETCH_BYTES = 5 * 1024 * 1024;

/** A sketch is confirmed once; a confirmed sketch allows nothing more (spec §4). */
export const sketchMachine = defineMachine({
  field: 'status',
  states: 'SketchStatus',
  transitions: {
    confirm: { from: [SKETCH.TO_CONFIRM], to: SKETCH.CONFIRMED, danger: true, confirm: 'sketch.confirmSure', done: 'sketch.confirmed' },
  },
  final: [SKETCH.CONFIRMED],
});

/**
 * A label sketch (the artwork of an order's labels): an SVG drawing (sanitised when uploaded: no
 * script, no external references), uploaded by the label supplier or the brand for one order and
 * confirmed once; confirming it marks the order's sketch confirmed (the order may then be confirmed).
 */
export const sketchResource = defineResource({
  code: 'label/sketch',
  names: L('标签设计稿', '標籤設計稿', 'Label sketch'),
  owner: 'tenant',
  table: 'label_sketches',
  titleField: 'name',
  machine: sketchMachine,
  crud: ['query', 'add', 'edit', 'delete'],
  extraActions: ['upload', 'download'],
  partyScope: { labelSupplier: 'supplierId' },
  seed: [],
  unproven: {
    crud: 'a sketch is its uploaded SVG, for an order not yet confirmed: label-orders.test.ts uploads, makes and confirms one',
    badField: 'a valid row needs an uploaded SVG and an order in the right state (label-orders.test.ts)',
  },
  fields: {
    orderId: f.ref('label/purchase-order', 'code', {
      label: L('采购单号', '採購單號', 'Order number'),
      search: 'eq',
      width: 170,
      editable: false,
    }),
    name: f.text({ label: L('设计稿名称', '設計稿名稱', 'Sketch name'), max: 64, search: 'like', width: 180 }),
    version: f.text({ label: L('版本', '版本', 'Version'), max: 16, required: false, default: 'V1', width: 80, hidden: true }),
    file: f.file({
      label: L('设计稿文件 (SVG)', '設計稿檔案 (SVG)', 'Sketch file (SVG)'),
      kinds: ['svg'],
      maxBytes: SKETCH_BYTES,
      required: true,
    }),
    supplierId: f.ref('tenant/label-supplier', 'name', {
      label: L('标签供应商', '標籤供應商', 'Label supplier'),
      required: false,
      form: false,
      search: 'eq',
      width: 200,
    }),
    status: f.enumOf('SketchStatus', {
      label: L('状态', '狀態', 'Status'),
      default: SKETCH.TO_CONFIRM,
      form: false,
      search: 'eq',
      width: 100,
    }),
    remark: f.textarea({ label: L('备注', '備註', 'Remark'), max: 256, hidden: true }),
  },
});
