import { defineEnums, enumOption as o } from '../../enums.js';
import { L } from '../../lang.js';
import { defineResource } from '../../resource/define.js';
import { f } from '../../resource/fields.js';
import { defineMachine } from '../../resource/machine.js';
import { EPC_PATTERN } from '../label/tags/tag.js';
import { numberedCode } from '../warehouse/bill.js';

/** Values of the RetagReason enum: why a piece at a store needs a new label. */
export const RETAG_REASON = { LOST: 1, DAMAGED: 2, UNREADABLE: 3, UNTAGGED: 4 } as const;
/** Values of the RetagStatus enum: a store re-tag's way from the request to the label on the piece. */
export const RETAG_STATUS = { NEW: 1, PRINTED: 2, APPLIED: 3 } as const;

/** The store module's re-tagging enums (see defineEnums). */
export const storeRetagEnums = defineEnums({
  RetagReason: [
    o(RETAG_REASON.LOST, '标签丢失', '標籤遺失', 'Label lost'),
    o(RETAG_REASON.DAMAGED, '标签损坏', '標籤損壞', 'Label damaged'),
    o(RETAG_REASON.UNREADABLE, '无法读取', '無法讀取', 'Unreadable'),
    o(RETAG_REASON.UNTAGGED, '未贴标', '未貼標', 'Untagged'),
  ],
  RetagStatus: [
    o(RETAG_STATUS.NEW, '待打印', '待列印', 'To print', 'default'),
    o(RETAG_STATUS.PRINTED, '已打印', '已列印', 'Printed', 'processing'),
    o(RETAG_STATUS.APPLIED, '已贴标', '已貼標', 'Applied', 'success'),
  ],
});

/**
 * A store re-tag: printed (print: a new EPC made and commissioned, the old one decommissioned, the
 * label file given) by the module's own route, never a button's bare move; applied when the new
 * tag is read once at the store, or by hand.
 */
export const storeRetagMachine = defineMachine({
  field: 'status',
  states: 'RetagStatus',
  transitions: {
    applyTag: { from: [RETAG_STATUS.PRINTED], to: RETAG_STATUS.APPLIED, done: 'storeRetag.done.apply' },
  },
  system: {
    printed: { from: [RETAG_STATUS.NEW], to: RETAG_STATUS.PRINTED },
    applied: { from: [RETAG_STATUS.PRINTED], to: RETAG_STATUS.APPLIED },
  },
  editIn: [RETAG_STATUS.NEW],
  deleteIn: [RETAG_STATUS.NEW],
  final: [RETAG_STATUS.APPLIED],
});

/** A re-tag's fields (a warehouse's label reprint names its warehouse instead of the store). */
export const retagFields = {
  code: numberedCode(L('补标单号', '補標單號', 'Re-tag no.'), 150),
  siteId: f.ref('tenant/store', 'name', {
    label: L('门店', '門市', 'Store'),
    // a store's user names none (its store is stamped); others choose it (the server says when missing)
    required: false,
    search: 'eq',
    width: 130,
    editable: false,
  }),
  oldEpc: f.text({
    label: L('原 EPC', '原 EPC', 'Old EPC'),
    display: 'code',
    max: 64,
    required: false,
    search: 'eq',
    pattern: EPC_PATTERN,
    placeholder: L('未贴标留空', '未貼標留空', 'Blank when untagged'),
    width: 216,
  }),
  // the piece's SKU (on its hang tag): checked against the old tag's when the old EPC is the tenant's
  skuId: f.ref('tenant/goods-sku', 'skuBarcode', { label: L('SKU', 'SKU', 'SKU'), search: 'eq', width: 150 }),
  reason: f.enumOf('RetagReason', { label: L('补标原因', '補標原因', 'Reason'), search: 'eq', width: 110 }),
  newEpc: f.text({
    label: L('新 EPC', '新 EPC', 'New EPC'),
    display: 'code',
    max: 64,
    required: false,
    form: false,
    editable: false,
    search: 'eq',
    width: 216,
  }),
  printTask: f.text({
    label: L('打印任务', '列印任務', 'Print task'),
    display: 'code',
    max: 32,
    required: false,
    form: false,
    editable: false,
    search: 'eq',
    width: 150,
  }),
  status: f.enumOf('RetagStatus', {
    label: L('状态', '狀態', 'Status'),
    default: RETAG_STATUS.NEW,
    required: false,
    form: false,
    search: 'eq',
    width: 90,
  }),
  printedAt: f.datetime({
    label: L('打印时间', '列印時間', 'Printed at'),
    required: false,
    form: false,
    editable: false,
    hidden: true,
    width: 160,
  }),
  appliedAt: f.datetime({
    label: L('贴标时间', '貼標時間', 'Applied at'),
    required: false,
    form: false,
    editable: false,
    hidden: true,
    width: 160,
  }),
  appliedBy: f.text({
    label: L('贴标确认', '貼標確認', 'Applied by'),
    max: 64,
    required: false,
    form: false,
    editable: false,
    hidden: true,
    width: 130,
  }),
  remark: f.text({ label: L('备注', '備註', 'Remark'), max: 128, required: false, width: 160, hidden: true }),
};

/**
 * Supplementary bid (E8 at store sites, store/supplementary-bid): re-tagging at a store — a piece
 * whose label is lost, damaged or unreadable, or that came untagged, gets a new label: the old EPC
 * (when known) and the piece's SKU, the reason; printing makes the new EPC by the tenant's coding
 * rule (commissioning) and decommissions the old one, under a print task number; the new label
 * read once at the store (or a clerk's word) marks it applied. A store's user sees and makes its
 * own store's.
 */
export const storeRetagResource = defineResource({
  code: 'store/supplementary-bid',
  names: L('补标单', '補標單', 'Re-tag request'),
  owner: 'tenant',
  table: 'store_retags',
  titleField: 'code',
  defaultSort: { field: 'code', order: 'desc' },
  machine: storeRetagMachine,
  partyScope: { store: ['siteId'] },
  crud: ['query', 'add', 'edit', 'delete', 'export'],
  extraActions: ['print'],
  // the generic proofs' rows: an untagged piece of the tenant's first SKU at its first store (refs filled)
  sample: () => ({ reason: RETAG_REASON.UNTAGGED }),
  fields: retagFields,
});
