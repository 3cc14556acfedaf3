import { logisticsModule as domain, qualityInspectionResource, receiptReviewResource } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { defineModule } from '../../core/module.js';
import type { ResourceHooks } from '../../core/resource/service.js';
import { billHooks, billSiteOf } from '../warehouse/bills/hooks.js';
import { REVIEW_STATES, REVIEWED_KINDS, reviewBill, toWarehouse } from '../warehouse/bills/review.js';
import { qualityInspectionHooks } from '../warehouse/inspections/hooks.js';
import { inspectionLog } from '../warehouse/inspections/log.js';
import { loggedHooks } from '../warehouse/log/writer.js';
import { receiptReviews } from './tables.js';

const READ_ONLY: ResourceHooks['omitRoutes'] = ['create', 'update', 'delete', 'import', 'template'];

/**
 * Receipt review: a warehouse's inbound receipts (purchase, futures, store returns), reviewed or
 * zero-cleared as the warehouse's bills are (the warehouse module's rules).
 */
const receiptReviewHooks: ResourceHooks = {
  scope: () =>
    sql`${receiptReviews.kind} in (${sql.join(
      REVIEWED_KINDS.map((k) => sql`${k}`),
      sql`, `,
    )}) and ${receiptReviews.status} in (${sql.join(
      REVIEW_STATES.map((k) => sql`${k}`),
      sql`, `,
    )}) and ${toWarehouse}`,
  omitRoutes: READ_ONLY,
  transitions: {
    review: (tx, row, { session }) => reviewBill(tx, row, session),
    zeroClear: billHooks.transitions!.zeroClear!,
  },
};

/**
 * The logistics module: the screens over the warehouse's documents that the DC's logistics desk
 * works — receipt review, ASN binding records (read only); its inspection and shipment screens
 * come with ../shared/operations.md slices A and C.
 */
export const logisticsModule = defineModule({
  code: 'logistics',
  domain,
  hooks: () => ({
    'logistics/asn-binding': { omitRoutes: READ_ONLY },
    'logistics/receipt-review': loggedHooks(receiptReviewResource, receiptReviewHooks, {
      siteOf: billSiteOf,
      ops: { review: 'review', zeroClear: 'zeroClear' },
    }),
    'logistics/quality-inspection': loggedHooks(qualityInspectionResource, qualityInspectionHooks, inspectionLog),
  }),
});
