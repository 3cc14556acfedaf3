import { defineEnums, enumOption as o } from '../../../enums.js';

/**
 * The supply area's enums: the states of a commodity purchase order, of a carton the factory packed
 * (spec §4 "Packing") and of a physical sample card sent for the brand's approval.
 */
export const supplyEnums = defineEnums({
  SupplyOrderStatus: [
    o(1, '新建', '新建', 'New', 'default'),
    o(2, '已确认', '已確認', 'Confirmed', 'success'),
    o(3, '已撤销', '已撤銷', 'Repealed', 'error'),
  ],
  PackingStatus: [
    o(1, '待复核', '待複核', 'To review', 'warning'),
    o(2, '已复核', '已複核', 'Reviewed', 'processing'),
    o(3, '已审核', '已審核', 'Audited', 'success'),
  ],
  SampleSubmissionStatus: [
    o(1, '新建', '新建', 'New', 'default'),
    o(2, '已寄送', '已寄送', 'Sent', 'processing'),
    o(3, '已确认', '已確認', 'Approved', 'success'),
    o(4, '已驳回', '已駁回', 'Rejected', 'error'),
  ],
});

/** Values of the SupplyOrderStatus enum. */
export const SUPPLY_ORDER_STATUS = { NEW: 1, CONFIRMED: 2, REPEALED: 3 } as const;
/** Values of the PackingStatus enum. */
export const PACKING_STATUS = { NEW: 1, REVIEWED: 2, AUDITED: 3 } as const;
/** Values of the SampleSubmissionStatus enum. */
export const SAMPLE_SUBMISSION_STATUS = { NEW: 1, SENT: 2, APPROVED: 3, REJECTED: 4 } as const;
