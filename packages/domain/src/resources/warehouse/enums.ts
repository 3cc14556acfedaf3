import { defineEnums, enumOption as o } from '../../enums.js';
import { CARTON_RESULT } from '../../rfid/reconcile.js';
import { READ_SESSION_STATE as RS } from '../../rfid/sessions.js';

/** Values of the BillKind enum (../shared/operations.md E1): where goods come from and go to. */
export const BILL_KIND = { PURCHASE_IN: 1, FUTURES_IN: 2, TRANSFER: 3, STORE_RETURN: 4, STORE_TRANSFER: 5, VENDOR_RETURN: 6 } as const;
/** Values of the BillStatus enum: one machine for inbound and outbound bills (screens show subsets). */
export const BILL_STATUS = {
  CREATED: 1,
  IN_TRANSIT: 2,
  RECEIVING: 3,
  RECEIVED: 4,
  REVIEWED: 5,
  CLOSED: 6,
  PICKING: 7,
  PACKED: 8,
  CANCELLED: 9,
  SHIP_REVIEWED: 10,
  /** an ASN being imported by a job: written in chunks, nobody ships, receives or edits it until the job ships it (or takes it away) */
  IMPORTING: 11,
} as const;
/** Values of the BillOrigin enum: how a bill came to be (by hand or the API, a factory's audited cartons, a spreadsheet). */
export const BILL_ORIGIN = { MANUAL: 1, SUPPLY_AUDIT: 2, ASN_IMPORT: 3 } as const;
/** Values of the ReceiptStatus enum: a receipt that matched what was sent, or did not. */
export const RECEIPT_STATUS = { NORMAL: 1, ABNORMAL: 2 } as const;
/** Values of the ReviewStatus enum. */
export const REVIEW_STATUS = { NEW: 1, APPROVED: 2 } as const;
/** Values of the ExportStatus enum (the receipt's export to the ERP). */
export const EXPORT_STATUS = { NOT_EXPORTED: 0, EXPORTED: 1, ERROR: 2 } as const;

/**
 * Values of the CartonStatus enum: one column for both directions (warehouse/box shows every carton
 * in it) — inbound 1–5 (expected at its receiver, checked, accepted, held, put away), outbound 11–19
 * (packing at a pack station, packed and certified by its read, box-reviewed, audited onto its
 * shipment, shipped; reset: emptied, its number free again).
 */
export const CARTON_STATUS = {
  EXPECTED: 1,
  CHECKED: 2,
  ACCEPTED: 3,
  HELD: 4,
  PUT_AWAY: 5,
  PACKING: 11,
  PACKED: 12,
  REVIEWED: 13,
  AUDITED: 14,
  SHIPPED: 15,
  RESET: 19,
} as const;
/** Values of the CartonDirection enum. */
export const CARTON_DIRECTION = { IN: 1, OUT: 2, LOOSE: 3 } as const;
/** Values of the CartonEpcSource enum: how the DC learnt that an EPC travels in a carton. */
export const CARTON_EPC_SOURCE = { FACTORY_PACK: 1, ASN_IMPORT: 2, DC_REPACK: 3, TUNNEL: 4, HANDHELD: 5 } as const;
/** Values of the EpcClass enum: what the receiving check found of an EPC of a carton (F5; 0: not checked yet). */
export const EPC_CLASS = { PENDING: 0, MATCHED: 1, SHORT: 2, OVER: 3, FOREIGN: 4, UNKNOWN: 5 } as const;

/**
 * Values of the SpotRule enum (../shared/operations.md §7 spot check): why a carton was picked for an
 * item-level re-read — its sender's recent reliability, its weight off what its pieces should weigh,
 * or at random (0: not picked).
 */
export const SPOT_RULE = { NONE: 0, SENDER_RELIABILITY: 1, WEIGHT_DEVIATION: 2, RANDOM: 3 } as const;
/**
 * Values of the SpotState enum: a carton picked for a spot check is to be re-read, re-read (checked),
 * then reviewed as passed or failed (0: not picked).
 */
export const SPOT_STATE = { NONE: 0, TO_CHECK: 1, CHECKED: 2, PASSED: 3, FAILED: 4 } as const;

/** Values of the InspectionKind enum (E5): a receipt's inspection, or a return's. */
export const INSPECTION_KIND = { RECEIVING: 1, RETURN: 2 } as const;
/** Values of the InspectionStatus enum. */
export const INSPECTION_STATUS = { PENDING: 1, INSPECTING: 2, SUBMITTED: 3, RETURNED: 4 } as const;
/** Values of the InspectionResult enum. */
export const INSPECTION_RESULT = { PENDING: 0, PASS: 1, FAIL: 2 } as const;
/** Values of the QiLevel enum (ISO 2859-1 general inspection levels). */
export const QI_LEVEL = { I: 1, II: 2, III: 3 } as const;
/** Values of the QiDisposition enum: what becomes of an inspected lot. */
export const QI_DISPOSITION = { NONE: 0, STOCK: 1, VENDOR_RETURN: 2, SORT_ALL: 3 } as const;
/** Values of the DefectSeverity enum. */
export const DEFECT_SEVERITY = { CRITICAL: 1, MAJOR: 2, MINOR: 3 } as const;

/**
 * What a warehouse grant lets its user do at its warehouse (E14): receive, inspect, pack, ship,
 * count, review, audit and zero-clear. The values are stored in wms_grants.ops.
 */
export const WMS_OPS = ['receive', 'qi', 'pack', 'ship', 'count', 'review', 'audit', 'zeroClear'] as const;
export type WmsOp = (typeof WMS_OPS)[number];

/** The kinds that come into a warehouse from outside (a factory, or a store sending back). */
export const INBOUND_KINDS: readonly number[] = [BILL_KIND.PURCHASE_IN, BILL_KIND.FUTURES_IN, BILL_KIND.STORE_RETURN];
/** The kinds whose sender is a factory (the factory field names it). */
export const FACTORY_KINDS: readonly number[] = [BILL_KIND.PURCHASE_IN, BILL_KIND.FUTURES_IN, BILL_KIND.VENDOR_RETURN];

/** The warehouse module's enums (see defineEnums). */
export const warehouseEnums = defineEnums({
  BillKind: [
    o(BILL_KIND.PURCHASE_IN, '采购入库', '採購入庫', 'Purchase'),
    o(BILL_KIND.FUTURES_IN, '期货入库', '期貨入庫', 'Futures'),
    o(BILL_KIND.TRANSFER, '仓库调拨', '倉庫調撥', 'DC transfer'),
    o(BILL_KIND.STORE_RETURN, '门店退仓', '門市退倉', 'Store return'),
    o(BILL_KIND.STORE_TRANSFER, '门店调拨', '門市調撥', 'Store transfer'),
    o(BILL_KIND.VENDOR_RETURN, '退供应商', '退供應商', 'Vendor return'),
  ],
  BillStatus: [
    o(BILL_STATUS.CREATED, '新建', '新建', 'Created', 'default'),
    o(BILL_STATUS.IN_TRANSIT, '在途', '在途', 'In transit', 'processing'),
    o(BILL_STATUS.RECEIVING, '收货中', '收貨中', 'Receiving', 'processing'),
    o(BILL_STATUS.RECEIVED, '已收货', '已收貨', 'Received', 'warning'),
    o(BILL_STATUS.REVIEWED, '已复核', '已複核', 'Reviewed', 'success'),
    o(BILL_STATUS.CLOSED, '已清零', '已清零', 'Zero-cleared', 'default'),
    o(BILL_STATUS.PICKING, '拣货中', '揀貨中', 'Picking', 'processing'),
    o(BILL_STATUS.PACKED, '已装箱', '已裝箱', 'Packed', 'processing'),
    o(BILL_STATUS.CANCELLED, '已取消', '已取消', 'Cancelled', 'error'),
    o(BILL_STATUS.SHIP_REVIEWED, '发货已复核', '出貨已複核', 'Ship-checked', 'success'),
    o(BILL_STATUS.IMPORTING, '导入中', '匯入中', 'Importing', 'processing'),
  ],
  BillOrigin: [
    o(BILL_ORIGIN.MANUAL, '手工/API', '手工/API', 'Manual / API'),
    o(BILL_ORIGIN.SUPPLY_AUDIT, '装箱审核', '裝箱審核', 'Packing audit'),
    o(BILL_ORIGIN.ASN_IMPORT, 'ASN 导入', 'ASN 匯入', 'ASN import'),
  ],
  ReceiptStatus: [
    o(RECEIPT_STATUS.NORMAL, '正常', '正常', 'Normal', 'success'),
    o(RECEIPT_STATUS.ABNORMAL, '异常', '異常', 'Abnormal', 'error'),
  ],
  ReviewStatus: [
    o(REVIEW_STATUS.NEW, '未复核', '未複核', 'Not reviewed', 'default'),
    o(REVIEW_STATUS.APPROVED, '已复核', '已複核', 'Approved', 'success'),
  ],
  CartonStatus: [
    o(CARTON_STATUS.EXPECTED, '待收', '待收', 'Expected', 'default'),
    o(CARTON_STATUS.CHECKED, '已核对', '已核對', 'Checked', 'processing'),
    o(CARTON_STATUS.ACCEPTED, '已接收', '已接收', 'Accepted', 'success'),
    o(CARTON_STATUS.HELD, '已挂起', '已掛起', 'Held', 'warning'),
    o(CARTON_STATUS.PUT_AWAY, '已上架', '已上架', 'Put away', 'success'),
    o(CARTON_STATUS.PACKING, '装箱中', '裝箱中', 'Packing', 'processing'),
    o(CARTON_STATUS.PACKED, '已装箱', '已裝箱', 'Packed', 'warning'),
    o(CARTON_STATUS.REVIEWED, '已复核', '已複核', 'Reviewed', 'processing'),
    o(CARTON_STATUS.AUDITED, '已审核', '已審核', 'Audited', 'success'),
    o(CARTON_STATUS.SHIPPED, '已发货', '已出貨', 'Shipped', 'success'),
    o(CARTON_STATUS.RESET, '已重置', '已重設', 'Reset', 'default'),
  ],
  CartonDirection: [
    o(CARTON_DIRECTION.IN, '入库', '入庫', 'In'),
    o(CARTON_DIRECTION.OUT, '出库', '出庫', 'Out'),
    o(CARTON_DIRECTION.LOOSE, '散件', '散件', 'Loose'),
  ],
  CartonResult: [
    o(CARTON_RESULT.PENDING, '未核对', '未核對', 'Unchecked', 'default'),
    o(CARTON_RESULT.MATCHED, '一致', '一致', 'Matched', 'success'),
    o(CARTON_RESULT.SHORT, '短少', '短少', 'Short', 'error'),
    o(CARTON_RESULT.OVER, '多出', '多出', 'Over', 'warning'),
    o(CARTON_RESULT.MIXED, '混装', '混裝', 'Mixed', 'error'),
  ],
  CartonEpcSource: [
    o(CARTON_EPC_SOURCE.FACTORY_PACK, '工厂装箱', '工廠裝箱', 'Factory pack'),
    o(CARTON_EPC_SOURCE.ASN_IMPORT, 'ASN 导入', 'ASN 匯入', 'ASN import'),
    o(CARTON_EPC_SOURCE.DC_REPACK, '仓库重装', '倉庫重裝', 'DC repack'),
    o(CARTON_EPC_SOURCE.TUNNEL, '通道读取', '通道讀取', 'Tunnel'),
    o(CARTON_EPC_SOURCE.HANDHELD, '手持读取', '手持讀取', 'Handheld'),
  ],
  EpcClass: [
    o(EPC_CLASS.PENDING, '未核对', '未核對', 'Not checked', 'default'),
    o(EPC_CLASS.MATCHED, '一致', '一致', 'Matched', 'success'),
    o(EPC_CLASS.SHORT, '短少', '短少', 'Short', 'error'),
    o(EPC_CLASS.OVER, '多出', '多出', 'Over', 'warning'),
    o(EPC_CLASS.FOREIGN, '他单', '他單', 'Foreign', 'error'),
    o(EPC_CLASS.UNKNOWN, '未知', '未知', 'Unknown', 'error'),
  ],
  SpotRule: [
    o(SPOT_RULE.NONE, '未抽检', '未抽檢', 'Not picked'),
    o(SPOT_RULE.SENDER_RELIABILITY, '发货方可靠度', '發貨方可靠度', 'Reliability'),
    o(SPOT_RULE.WEIGHT_DEVIATION, '重量偏差', '重量偏差', 'Weight'),
    o(SPOT_RULE.RANDOM, '随机抽检', '隨機抽檢', 'Random'),
  ],
  SpotState: [
    o(SPOT_STATE.NONE, '未抽检', '未抽檢', 'None', 'default'),
    o(SPOT_STATE.TO_CHECK, '待抽检', '待抽檢', 'To check', 'warning'),
    o(SPOT_STATE.CHECKED, '已抽检', '已抽檢', 'Checked', 'processing'),
    o(SPOT_STATE.PASSED, '合格', '合格', 'Passed', 'success'),
    o(SPOT_STATE.FAILED, '不合格', '不合格', 'Failed', 'error'),
  ],
  InspectionKind: [
    o(INSPECTION_KIND.RECEIVING, '收货质检', '收貨品檢', 'Receiving'),
    o(INSPECTION_KIND.RETURN, '退货质检', '退貨品檢', 'Return'),
  ],
  InspectionStatus: [
    o(INSPECTION_STATUS.PENDING, '待检', '待檢', 'Pending', 'default'),
    o(INSPECTION_STATUS.INSPECTING, '检验中', '檢驗中', 'Inspecting', 'processing'),
    o(INSPECTION_STATUS.SUBMITTED, '已提交', '已提交', 'Submitted', 'success'),
    o(INSPECTION_STATUS.RETURNED, '已退供', '已退供', 'Returned', 'warning'),
  ],
  InspectionResult: [
    o(INSPECTION_RESULT.PENDING, '未判定', '未判定', 'Not judged', 'default'),
    o(INSPECTION_RESULT.PASS, '合格', '合格', 'Pass', 'success'),
    o(INSPECTION_RESULT.FAIL, '不合格', '不合格', 'Fail', 'error'),
  ],
  QiLevel: [
    o(QI_LEVEL.I, 'I 级', 'I 級', 'Level I'),
    o(QI_LEVEL.II, 'II 级', 'II 級', 'Level II'),
    o(QI_LEVEL.III, 'III 级', 'III 級', 'Level III'),
  ],
  QiDisposition: [
    o(QI_DISPOSITION.NONE, '未处置', '未處置', 'None'),
    o(QI_DISPOSITION.STOCK, '入库', '入庫', 'To stock'),
    o(QI_DISPOSITION.VENDOR_RETURN, '退供应商', '退供應商', 'Vendor return'),
    o(QI_DISPOSITION.SORT_ALL, '全检挑选', '全檢挑選', 'Sort all'),
  ],
  DefectSeverity: [
    o(DEFECT_SEVERITY.CRITICAL, '致命', '致命', 'Critical', 'error'),
    o(DEFECT_SEVERITY.MAJOR, '严重', '嚴重', 'Major', 'warning'),
    o(DEFECT_SEVERITY.MINOR, '轻微', '輕微', 'Minor', 'default'),
  ],
  WmsOp: [
    o('receive', '收货', '收貨', 'Receive'),
    o('qi', '质检', '品檢', 'QI'),
    o('pack', '装箱', '裝箱', 'Pack'),
    o('ship', '发货', '出貨', 'Ship'),
    o('count', '盘点', '盤點', 'Count'),
    o('review', '复核', '複核', 'Review'),
    o('audit', '审核', '審核', 'Audit'),
    o('zeroClear', '清零', '清零', 'Zero-clear'),
  ],
  ExportStatus: [
    o(EXPORT_STATUS.NOT_EXPORTED, '未导出', '未匯出', 'Not exported', 'default'),
    o(EXPORT_STATUS.EXPORTED, '已导出', '已匯出', 'Exported', 'success'),
    o(EXPORT_STATUS.ERROR, '导出失败', '匯出失敗', 'Export failed', 'error'),
  ],
  // a read session's state (packages/domain/src/rfid/sessions.ts), as warehouse/pad-review shows it
  ReadSessionState: [
    o(RS.RECORDED, '待上传', '待上傳', 'To upload', 'warning'),
    o(RS.OPEN, '读取中', '讀取中', 'Reading', 'processing'),
    o(RS.CLOSED, '已结束', '已結束', 'Closed', 'default'),
    o(RS.UPLOADED, '待复核', '待複核', 'Uploaded', 'processing'),
    o(RS.REVIEWED, '已复核', '已複核', 'Reviewed', 'success'),
    o(RS.REJECTED, '已驳回', '已駁回', 'Rejected', 'error'),
  ],
});
