import { L } from '../../../lang.js';
import { defineResource } from '../../../resource/define.js';
import { f } from '../../../resource/fields.js';
import { defineMachine } from '../../../resource/machine.js';
import { PRINT_TASK as P } from './enums.js';

/**
 * A print task: confirmed, its ZPL file is ready for the RFID printer; printing (the file taken)
 * it is printing; the printer's encoded results (EPC ↔ TID) coming back complete it.
 */
export const printTaskMachine = defineMachine({
  field: 'status',
  states: 'PrintTaskStatus',
  transitions: {
    confirm: { from: [P.UNCONFIRMED], to: P.READY, done: 'printTask.done.confirm' },
    // named apart from the screen's "download print file" (both were "Print")
    print: {
      from: [P.READY, P.PRINTING],
      to: P.PRINTING,
      done: 'printTask.done.print',
      label: L('开始打印', '開始列印', 'Start printing'),
    },
    // the shared name says "production done": a task finishes printing
    complete: { from: [P.PRINTING], to: P.DONE, label: L('完成打印', '完成列印', 'Finish printing') },
    cancel: { from: [P.UNCONFIRMED, P.READY], to: P.CANCELLED, danger: true },
  },
  // a printer station's encoded results (POST /api/label/print-task/results): printing, or done once every label is encoded
  system: {
    encoding: { from: [P.READY, P.PRINTING], to: P.PRINTING },
    encoded: { from: [P.READY, P.PRINTING], to: P.DONE },
  },
  final: [P.DONE, P.CANCELLED],
  editIn: [P.UNCONFIRMED],
  deleteIn: [P.UNCONFIRMED, P.CANCELLED],
});

/**
 * A label print task (spec §3: number, status, production order, finished order, supplier): the
 * EPCs of one label order (or of one of its SKUs) to print and encode on an RFID printer, with the
 * label template that lays out the barcode and text. Its file is Zebra ZPL: per label the RFID
 * set-up, the EPC write, the TID read back to the host, the barcode and the text lines.
 */
export const printTaskResource = defineResource({
  code: 'label/print-task',
  names: L('标签打印任务', '標籤列印任務', 'Label print task'),
  owner: 'tenant',
  table: 'label_print_tasks',
  titleField: 'code',
  defaultSort: { field: 'code', order: 'desc' },
  machine: printTaskMachine,
  crud: ['query', 'add', 'edit', 'delete', 'export'],
  extraActions: ['download'],
  partyScope: { labelSupplier: 'supplierId' },
  seed: [],
  unproven: {
    crud: 'a task is made for an order whose EPCs are generated (its labels counted from them): label-orders.test.ts makes, confirms and prints one',
    badField: 'a valid row needs an order with EPCs (label-orders.test.ts)',
  },
  fields: {
    code: f.text({
      display: 'code',
      label: L('任务编号', '任務編號', 'Task number'),
      max: 32,
      unique: true,
      required: false,
      editable: false,
      search: 'prefix',
      sort: true,
      width: 170,
      placeholder: L('留空自动生成', '留空自動產生', 'Left empty: numbered for you'),
    }),
    orderId: f.ref('label/purchase-order', 'code', { label: L('生产订单', '生產訂單', 'Production order'), search: 'eq', width: 170 }),
    skuId: f.ref('tenant/goods-sku', 'skuBarcode', {
      label: L('SKU（留空为全部）', 'SKU（留空為全部）', 'SKU (empty: all)'),
      required: false,
      width: 150,
      hidden: true,
    }),
    templateId: f.ref('label/template', 'name', {
      label: L('标签模板', '標籤範本', 'Label template'),
      required: false,
      width: 160,
      hidden: true,
    }),
    supplierId: f.ref('tenant/label-supplier', 'name', {
      label: L('供应商', '供應商', 'Supplier'),
      required: false,
      form: false,
      search: 'eq',
      width: 180,
    }),
    labelCount: f.int({ label: L('标签数', '標籤數', 'Labels'), required: false, form: false, default: 0, width: 90 }),
    printedCount: f.int({ label: L('已编码', '已編碼', 'Encoded'), required: false, form: false, default: 0, width: 90 }),
    status: f.enumOf('PrintTaskStatus', {
      label: L('状态', '狀態', 'Status'),
      default: P.UNCONFIRMED,
      form: false,
      search: 'eq',
      width: 110,
    }),
    remark: f.textarea({ label: L('备注', '備註', 'Remark'), max: 256, hidden: true }),
  },
});
