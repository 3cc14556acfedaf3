import { LIMITS } from '../../constants.js';
import { defineEnums, enumOption as o } from '../../enums.js';
import { L } from '../../lang.js';
import { defineResource } from '../../resource/define.js';
import { f } from '../../resource/fields.js';
import { defineMachine } from '../../resource/machine.js';
import { EPC_PATTERN } from '../label/tags/tag.js';
import { numberedCode } from '../warehouse/bill.js';

/** Values of the DefectSource enum: where a defective piece was found. */
export const DEFECT_SOURCE = { QI: 1, RETURN: 2, STORE: 3, ECOM_RETURN: 4 } as const;
/** Values of the DefectReason enum: what is wrong with the piece. */
export const DEFECT_REASON = { STAIN: 1, HOLE: 2, SEAM: 3, PRINT: 4, COLOUR: 5, SIZE_LABEL: 6, MISSING_TAG: 7, OTHER: 8 } as const;
/** Values of the DefectDisposition enum: what becomes of the piece (PENDING until it is disposed). */
export const DEFECT_DISPOSITION = { PENDING: 1, REPAIR: 2, SECONDS: 3, VENDOR_RETURN: 4, SCRAP: 5 } as const;
/** Values of the DefectStatus enum: a defect's way from its record to its disposal. */
export const DEFECT_STATUS = { NEW: 1, DISPOSED: 2 } as const;

/** The logistics module's defect enums (see defineEnums). */
export const defectEnums = defineEnums({
  DefectSource: [
    o(DEFECT_SOURCE.QI, '质检', '品檢', 'Quality inspection'),
    o(DEFECT_SOURCE.RETURN, '退货', '退貨', 'Return'),
    o(DEFECT_SOURCE.STORE, '门店', '門市', 'Store'),
    o(DEFECT_SOURCE.ECOM_RETURN, '电商退货', '電商退貨', 'E-com return'),
  ],
  DefectReason: [
    o(DEFECT_REASON.STAIN, '污渍', '污漬', 'Stain'),
    o(DEFECT_REASON.HOLE, '破洞', '破洞', 'Hole'),
    o(DEFECT_REASON.SEAM, '开线', '開線', 'Seam'),
    o(DEFECT_REASON.PRINT, '印花瑕疵', '印花瑕疵', 'Print'),
    o(DEFECT_REASON.COLOUR, '色差', '色差', 'Colour'),
    o(DEFECT_REASON.SIZE_LABEL, '尺码标错误', '尺碼標錯誤', 'Size label'),
    o(DEFECT_REASON.MISSING_TAG, '缺吊牌', '缺吊牌', 'Missing tag'),
    o(DEFECT_REASON.OTHER, '其他', '其他', 'Other'),
  ],
  DefectDisposition: [
    o(DEFECT_DISPOSITION.PENDING, '待定', '待定', 'Pending', 'default'),
    o(DEFECT_DISPOSITION.REPAIR, '返修', '返修', 'Repair', 'processing'),
    o(DEFECT_DISPOSITION.SECONDS, '折价品', '折價品', 'Seconds', 'warning'),
    o(DEFECT_DISPOSITION.VENDOR_RETURN, '退供应商', '退供應商', 'Vendor return', 'processing'),
    o(DEFECT_DISPOSITION.SCRAP, '报废', '報廢', 'Scrap', 'error'),
  ],
  DefectStatus: [
    o(DEFECT_STATUS.NEW, '待处理', '待處理', 'To dispose', 'warning'),
    o(DEFECT_STATUS.DISPOSED, '已处理', '已處理', 'Disposed', 'success'),
  ],
});

/**
 * A defect is recorded NEW (disposition pending) and disposed once — repaired, sold as seconds,
 * returned to its vendor or scrapped — which is final: edited and deleted only while NEW.
 */
export const defectMachine = defineMachine({
  field: 'status',
  states: 'DefectStatus',
  transitions: {
    dispose: {
      from: [DEFECT_STATUS.NEW],
      to: DEFECT_STATUS.DISPOSED,
      fields: ['disposition'],
      choices: {
        disposition: [DEFECT_DISPOSITION.REPAIR, DEFECT_DISPOSITION.SECONDS, DEFECT_DISPOSITION.VENDOR_RETURN, DEFECT_DISPOSITION.SCRAP],
      },
      done: 'defect.done.dispose',
    },
  },
  editIn: [DEFECT_STATUS.NEW],
  deleteIn: [DEFECT_STATUS.NEW],
  final: [DEFECT_STATUS.DISPOSED],
});

const read = <T extends object>(o: T) => ({ form: false, editable: false, required: false, ...o });

/**
 * Defective products (E6, logistics/defective): a piece found defective at a warehouse (quality
 * inspection, a return) or a store — its EPC when it has a label (a handheld read picks it; the
 * tag gives the SKU), its SKU, how many, the reason and up to nine photos; disposed of once
 * (repair, seconds, return to vendor, scrap). A warehouse's user sees and records its warehouse's,
 * a store's user its store's.
 */
export const defectResource = defineResource({
  code: 'logistics/defective',
  names: L('次品', '瑕疵品', 'Defect'),
  owner: 'tenant',
  table: 'wms_defects',
  titleField: 'code',
  defaultSort: { field: 'code', order: 'desc' },
  machine: defectMachine,
  partyScope: { warehouse: ['siteId'], store: ['siteId'] },
  crud: ['query', 'add', 'edit', 'delete', 'export'],
  // the generic proofs' rows: two stained pieces of the tenant's first SKU (null: filled) at its first warehouse
  sample: () => ({ source: DEFECT_SOURCE.QI, reason: DEFECT_REASON.STAIN, qty: 2, skuId: null }),
  fields: {
    code: numberedCode(L('次品单号', '瑕疵品單號', 'Defect no.'), 140),
    // a warehouse's (or store's) user names none (its site is stamped); others choose the warehouse
    siteId: f.ref('tenant/warehouse', 'name', {
      label: L('所在站点', '所在據點', 'Site'),
      required: false,
      search: 'eq',
      width: 150,
      editable: false,
      // a warehouse's (or store's) user sees its own site only: back with the column settings
      hidden: true,
    }),
    // searched by, and back with the column settings: the EPC, SKU, reason and disposition keep their room at 1366 px
    source: f.enumOf('DefectSource', { label: L('来源', '來源', 'Source'), search: 'eq', width: 120, hidden: true }),
    sourceCode: f.text({
      label: L('来源单号', '來源單號', 'Source document'),
      display: 'code',
      max: 32,
      required: false,
      search: 'eq',
      hidden: true,
      width: 150,
    }),
    epc: f.text({
      label: L('EPC', 'EPC', 'EPC'),
      display: 'code',
      max: 64,
      required: false,
      search: 'eq',
      pattern: EPC_PATTERN,
      placeholder: L('无标签留空', '無標籤留空', 'Blank when unlabelled'),
      width: 210,
    }),
    // the piece's SKU: an EPC of the tenant's gives it (another SKU named is refused); else it must be named
    skuId: f.ref('tenant/goods-sku', 'skuBarcode', {
      label: L('SKU', 'SKU', 'SKU'),
      required: false,
      search: 'eq',
      placeholder: L('有 EPC 时可留空', '有 EPC 時可留空', 'Blank when the EPC is given'),
      width: 150,
    }),
    qty: f.int({ label: L('数量', '數量', 'Qty'), min: 1, max: 9_999, default: 1, required: false, width: 64 }),
    reason: f.enumOf('DefectReason', { label: L('次品原因', '瑕疵原因', 'Reason'), search: 'eq', width: 116 }),
    photos: f.file({
      label: L('照片', '照片', 'Photos'),
      kinds: ['png', 'jpeg'],
      maxBytes: LIMITS.goodsImageBytes - 1,
      max: 9,
      hidden: true,
      width: 90,
    }),
    disposition: f.enumOf('DefectDisposition', {
      label: L('处理方式', '處理方式', 'Disposition'),
      default: DEFECT_DISPOSITION.PENDING,
      required: false,
      form: false,
      search: 'eq',
      width: 136,
    }),
    // a pending disposition says the defect is still to dispose of: searched by, back with the column settings
    status: f.enumOf('DefectStatus', {
      label: L('状态', '狀態', 'Status'),
      default: DEFECT_STATUS.NEW,
      required: false,
      form: false,
      search: 'eq',
      width: 110,
      hidden: true,
    }),
    disposedAt: f.datetime(read({ label: L('处理时间', '處理時間', 'Disposed at'), hidden: true, width: 160 })),
    disposedBy: f.text(read({ label: L('处理人', '處理人', 'Disposed by'), max: 64, hidden: true, width: 120 })),
    remark: f.text({ label: L('备注', '備註', 'Remark'), max: 128, required: false, width: 160, hidden: true }),
  },
});
