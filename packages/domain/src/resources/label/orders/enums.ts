import { defineEnums, enumOption as o } from '../../../enums.js';

/**
 * The label orders' enums. A label purchase order's status (spec §4, every state it names), the
 * kind of labels it buys, where its EPCs stand, a sketch's and a print task's states.
 */
export const labelOrderEnums = defineEnums({
  LabelOrderStatus: [
    o(1, '草稿', '草稿', 'Draft', 'default'),
    o(2, '待审核', '待審核', 'Pending review', 'processing'),
    o(3, '未确认', '未確認', 'Unconfirmed', 'warning'),
    o(4, '已确认', '已確認', 'Confirmed', 'processing'),
    o(5, 'EPC 生成中', 'EPC 產生中', 'EPC generating', 'processing'),
    o(6, 'EPC 已生成', 'EPC 已產生', 'EPC generated', 'success'),
    o(7, 'EPC 未生成', 'EPC 未產生', 'EPC not generated', 'error'),
    o(8, '备料中', '備料中', 'Preparing', 'processing'),
    o(9, '生产中', '生產中', 'Producing', 'processing'),
    o(10, '生产完成', '生產完成', 'Produced', 'success'),
    o(11, '已发货', '已出貨', 'Shipped', 'processing'),
    o(12, '已签收', '已簽收', 'Signed', 'success'),
    o(13, '采购中', '採購中', 'Purchasing', 'processing'),
    o(14, '已作废', '已作廢', 'Cancelled', 'default'),
  ],
  LabelOrderKind: [
    o(1, 'RFID 吊牌', 'RFID 吊牌', 'RFID hang tags'),
    o(2, '半成品标签', '半成品標籤', 'Half-finished labels'),
    o(3, '成品标签', '成品標籤', 'Finished labels'),
  ],
  EpcState: [
    o(1, '未生成', '未產生', 'Not generated', 'default'),
    o(2, '生成中', '產生中', 'Generating', 'processing'),
    o(3, '已生成', '已產生', 'Generated', 'success'),
    o(4, '生成失败', '產生失敗', 'Failed', 'error'),
  ],
  LabelCertificateType: [o(1, '吊牌', '吊牌', 'Hang tag'), o(2, '洗水唛', '洗水嘜', 'Care label'), o(3, '合格证', '合格證', 'Certificate')],
  SketchStatus: [o(1, '待确认', '待確認', 'To confirm', 'warning'), o(2, '已确认', '已確認', 'Confirmed', 'success')],
  PrintTaskStatus: [
    o(1, '未确认', '未確認', 'Unconfirmed', 'warning'),
    o(2, '待打印', '待列印', 'Ready to print', 'processing'),
    o(3, '打印中', '列印中', 'Printing', 'processing'),
    o(4, '已完成', '已完成', 'Completed', 'success'),
    o(5, '已取消', '已取消', 'Cancelled', 'default'),
  ],
});

/** Values of LabelOrderStatus. */
export const LABEL_ORDER = {
  DRAFT: 1,
  PENDING_REVIEW: 2,
  UNCONFIRMED: 3,
  CONFIRMED: 4,
  EPC_GENERATING: 5,
  EPC_GENERATED: 6,
  NOT_GENERATED: 7,
  PREPARING: 8,
  PRODUCING: 9,
  PRODUCTION_COMPLETED: 10,
  SHIPPED: 11,
  SIGNED: 12,
  PURCHASING: 13,
  CANCELLED: 14,
} as const;
export const LABEL_ORDER_KIND = { RFID: 1, HALF_FINISHED: 2, FINISHED: 3 } as const;
export const EPC_STATE = { NONE: 1, GENERATING: 2, GENERATED: 3, FAILED: 4 } as const;
export const SKETCH = { TO_CONFIRM: 1, CONFIRMED: 2 } as const;
export const PRINT_TASK = { UNCONFIRMED: 1, READY: 2, PRINTING: 3, DONE: 4, CANCELLED: 5 } as const;
