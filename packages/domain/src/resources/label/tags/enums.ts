import { defineEnums, enumOption as o } from '../../../enums.js';

/** Values of the TagStatus enum: where a tag is in its life (label_tags.status). */
export const TAG_STATUS = {
  GENERATED: 1,
  ENCODED: 2,
  BOUND: 3,
  SHIPPED: 4,
  RECEIVED: 5,
  SOLD: 6,
  WITHDRAWN: 7,
  CLEARED: 8,
  EXCEPTION: 9,
} as const;

/**
 * Values of the TagExceptionKind enum: why a tag was found abnormal. FOREIGN_EPC: read in a carton
 * of one bill while it travels on another's; PLACE_CONFLICT: present at two sites at once (moved
 * between sites without departing the first: a cloned tag, or a reader placed wrongly).
 */
export const TAG_EXCEPTION_KIND = {
  UNKNOWN_EPC: 1,
  DUPLICATE_EPC: 2,
  NON_GS1_HEADER: 3,
  TID_MISMATCH: 4,
  FOREIGN_EPC: 5,
  PLACE_CONFLICT: 6,
  /** brought back at a store's till while the tenant never sold it (no sale, tag not SOLD) */
  RETURN_UNSOLD: 7,
} as const;
/**
 * The exception kinds that make their tag abnormal (operations.md F7: TAG_STATUS.EXCEPTION, which
 * no document moves) while one of them is pending or handled: a good label found where it should
 * not be (in another bill's carton, at two sites at once). Clearing the last gives the tag back the
 * status it had. The other kinds are about a label that is no tag of the tenant, or a binding refused.
 */
export const TAG_EXCEPTION_HOLDS: readonly number[] = [TAG_EXCEPTION_KIND.FOREIGN_EPC, TAG_EXCEPTION_KIND.PLACE_CONFLICT];
/** Values of the TagExceptionState enum. */
export const TAG_EXCEPTION_STATE = { PENDING: 1, HANDLED: 2, CLEARED: 3 } as const;
/** Values of the TagBindingAction enum (label_tag_bindings.action). */
export const TAG_BINDING_ACTION = { BIND: 1, UNBIND: 2 } as const;
/** Values of the TagBindingSource enum: how a binding came in. */
export const TAG_BINDING_SOURCE = { MANUAL: 1, IMPORT: 2, PRINTER: 3 } as const;

/** The tags area's enums (see defineEnums). */
export const tagsEnums = defineEnums({
  TagStatus: [
    o(1, '已生成', '已產生', 'Generated', 'default'),
    o(2, '已写入', '已寫入', 'Encoded', 'processing'),
    o(3, '已绑定', '已綁定', 'Bound', 'processing'),
    o(4, '已发货', '已出貨', 'Shipped', 'processing'),
    o(5, '已收货', '已收貨', 'Received', 'success'),
    o(6, '已售出', '已售出', 'Sold', 'success'),
    o(7, '已撤回', '已撤回', 'Withdrawn', 'default'),
    o(8, '已清除', '已清除', 'Cleared', 'default'),
    o(9, '异常', '異常', 'Exception', 'error'),
  ],
  TagExceptionKind: [
    o(1, '未知 EPC', '未知 EPC', 'Unknown EPC', 'error'),
    o(2, '重复 EPC', '重複 EPC', 'Duplicate EPC', 'error'),
    o(3, '非 GS1 标头', '非 GS1 標頭', 'Non-GS1 header', 'warning'),
    o(4, 'TID 不符', 'TID 不符', 'TID mismatch', 'error'),
    o(5, '他单 EPC', '他單 EPC', 'Foreign EPC', 'warning'),
    o(6, '位置冲突', '位置衝突', 'Place conflict', 'error'),
    o(7, '未售退货', '未售退貨', 'Returned unsold', 'warning'),
  ],
  TagExceptionState: [
    o(1, '待处理', '待處理', 'Pending', 'warning'),
    o(2, '已处理', '已處理', 'Handled', 'success'),
    o(3, '已清除', '已清除', 'Cleared', 'default'),
  ],
  TagBindingAction: [o(1, '绑定', '綁定', 'Bind', 'success'), o(2, '解绑', '解綁', 'Unbind', 'default')],
  TagBindingSource: [o(1, '手工', '手動', 'By hand'), o(2, '导入', '匯入', 'Import'), o(3, '打印机回传', '印表機回傳', 'Printer')],
});
