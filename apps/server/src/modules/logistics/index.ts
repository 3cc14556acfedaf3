import {
  defectResource,
  logisticsModule as domain,
  ecomDeliveryResource,
  ecomReturnResource,
  futuresResource,
  labelReprintResource,
  outboundPackingResource,
  qualityInspectionResource,
  receiptReviewResource,
  scatteredResource,
  shipmentReviewResource,
  spotCheckResource,
} from '@tagloom/domain';
import { inArray, sql } from 'drizzle-orm';
import { defineModule } from '../../core/module.js';
import { READ_ONLY_ROUTES, type ResourceHooks } from '../../core/resource/service.js';
import { logisticsCountHooks } from '../store/counts/part.js';
import { retagPrintRoutes } from '../store/retag/print.js';
import { billHooks, billSiteOf, toWarehouse } from '../warehouse/bills/hooks.js';
import { REVIEWED_KINDS, reviewBill } from '../warehouse/bills/review.js';
import { SHIPPED_STATES } from '../warehouse/cartons/check.js';
import { cartonEpcsRoutes } from '../warehouse/cartons/live-routes.js';
import { qualityInspectionHooks } from '../warehouse/inspections/hooks.js';
import { inspectionLog } from '../warehouse/inspections/log.js';
import { loggedHooks } from '../warehouse/log/writer.js';
import { defectHooks } from './defects/hooks.js';
import { seedDefectsDemo } from './defects/seed.js';
import { futuresHooks } from './futures.js';
import { seedFuturesDemo } from './futures-seed.js';
import { ecomDeliveryHooks, ecomReturnHooks } from './orders/hooks.js';
import { orderReadsOnSessions } from './orders/reads.js';
import { seedOrdersDemo } from './orders/seed.js';
import { packingHooks, scatteredHooks, shipmentHooks } from './outbound/hooks.js';
import { loadingOnReads } from './outbound/loading.js';
import { packOnSessions } from './outbound/pack.js';
import { seedOutboundDemo } from './outbound/seed.js';
import { labelReprintHooks } from './reprint/hooks.js';
import { seedLabelReprintDemo } from './reprint/seed.js';
import { reviewSpot, spotOnSessions } from './spot/check.js';
import { seedSpotCheckDemo } from './spot/seed.js';
import { receiptReviews } from './tables.js';

// a carton scanned at a pack station: its read session's close packs it (pack certification)
packOnSessions();
// an audited carton's pieces read at its warehouse's dock-out gate: its shipment's loading recounted
loadingOnReads();
// an order's number scanned at its site: its pick and pack read; a return's: its pieces checked against the order
orderReadsOnSessions();
// a carton checked at a warehouse offered to the spot check's rules; a handheld's spot read re-reads it
spotOnSessions();

/**
 * Receipt review: a warehouse's inbound receipts (purchase, futures, store returns), reviewed or
 * zero-cleared as the warehouse's bills are (the warehouse module's rules).
 */
const receiptReviewHooks: ResourceHooks = {
  scope: () =>
    sql`${inArray(receiptReviews.kind, REVIEWED_KINDS)} and ${inArray(receiptReviews.status, SHIPPED_STATES)} and ${toWarehouse}`,
  omitRoutes: READ_ONLY_ROUTES,
  transitions: {
    review: (tx, row, { session }) => reviewBill(tx, row, session),
    zeroClear: billHooks.transitions!.zeroClear!,
  },
};

/**
 * The logistics module: the screens over the warehouse's documents that the DC's logistics desk
 * works — receipt review, ASN binding records (read only), quality inspection, futures bills
 * (cross-docked to their stores by their review); packing review (pack certification at the pack
 * stations) and shipment review (loading at the dock-out gate, then shipping); e-commerce orders and
 * returns (picked and packed by their reads, shipped; returns checked against what was sent) —
 * ../shared/operations.md slice C.
 * stations) and shipment review (loading at the dock-out gate, then shipping); defective products
 * (recorded by EPC or SKU, disposed of once) and label reprints (the store re-tags' rows and Print at
 * the warehouses) — ../shared/operations.md slice C.
 */
export const logisticsModule = defineModule({
  code: 'logistics',
  domain,
  hooks: (ctx) => ({
    'logistics/inventory': logisticsCountHooks(ctx),
    'logistics/count-site': { omitRoutes: ['create', 'update', 'delete', 'import', 'template', 'export'] },
    'logistics/asn-binding': { omitRoutes: READ_ONLY_ROUTES },
    'logistics/receipt-review': loggedHooks(receiptReviewResource, receiptReviewHooks, {
      siteOf: billSiteOf,
      ops: { review: 'review', zeroClear: 'zeroClear' },
    }),
    'logistics/quality-inspection': loggedHooks(qualityInspectionResource, qualityInspectionHooks, inspectionLog),
    // cancelling a futures draft is the shipper's call, as on the bill screen
    // the stores a futures bill allocates to, whoever asks (read only)
    'logistics/futures-store': { omitRoutes: ['create', 'update', 'delete', 'import', 'template', 'export'] },
    'logistics/futures': loggedHooks(futuresResource, futuresHooks, { siteOf: billSiteOf, ops: { cancel: 'ship' } }),
    'logistics/packing': loggedHooks(outboundPackingResource, packingHooks, {
      siteOf: (row) => (row.siteId == null ? null : Number(row.siteId)),
      ops: { review: 'pack', audit: 'audit', cancelReview: 'pack', reset: 'pack' },
      codeOf: (row) => String(row.cartonNo),
    }),
    'logistics/scattered': loggedHooks(scatteredResource, scatteredHooks, {
      siteOf: (row) => (row.siteId == null ? null : Number(row.siteId)),
      ops: { review: 'pack' },
      codeOf: (row) => String(row.cartonNo),
    }),
    'logistics/ecom-delivery': loggedHooks(ecomDeliveryResource, ecomDeliveryHooks, {
      siteOf: (row) => (row.fulfilSiteId == null ? null : Number(row.fulfilSiteId)),
      ops: { ship: 'ship' },
      codeOf: (row) => String(row.orderNo),
    }),
    'logistics/ecom-return': loggedHooks(ecomReturnResource, ecomReturnHooks, {
      siteOf: (row) => (row.fulfilSiteId == null ? null : Number(row.fulfilSiteId)),
      ops: { receive: 'receive', inspect: 'qi' },
      codeOf: (row) => String(row.orderNo),
    }),
    // the spot check's moves are the carton's spot state's: logged as the spot check's, not the carton's status
    'logistics/spot-check': loggedHooks(
      spotCheckResource,
      {
        omitRoutes: READ_ONLY_ROUTES,
        transitions: { review: (tx, row, { session }) => reviewSpot(tx, row, session) },
      },
      {
        siteOf: (row) => (row.siteId == null ? null : Number(row.siteId)),
        ops: { review: 'review' },
        codeOf: (row) => String(row.cartonNo),
        docType: 'logistics/spot-check',
      },
    ),
    'logistics/shipment-review': loggedHooks(shipmentReviewResource, shipmentHooks, {
      siteOf: (row) => (row.sourceLocationId == null ? null : Number(row.sourceLocationId)),
      ops: { review: 'ship', audit: 'audit', void: 'ship' },
    }),
    // disposing of a defect is the warehouse's quality desk's (a store's clerk is held by its party scope)
    [defectResource.code]: loggedHooks(defectResource, defectHooks, {
      siteOf: (row) => (row.siteId == null ? null : Number(row.siteId)),
      ops: { dispose: 'qi' },
      epcCount: (row) => (row.epc ? 1 : 0),
    }),
    [labelReprintResource.code]: labelReprintHooks,
  }),
  // a packed carton's or loose lot's EPCs by result (packing's and scattered review's drawer, as the receiving check's);
  // a label reprint's Print: the store re-tags' route over the warehouses' rows
  routes: [
    cartonEpcsRoutes('logistics/packing'),
    cartonEpcsRoutes('logistics/scattered'),
    cartonEpcsRoutes('logistics/spot-check'),
    retagPrintRoutes(labelReprintResource),
  ],
  seedDemo: async (tx, tenant) => {
    await seedFuturesDemo(tx, tenant);
    await seedOutboundDemo(tx, tenant);
    // the defects first: a return the orders' demo inspects as defective opens one too
    await seedDefectsDemo(tx, tenant);
    await seedLabelReprintDemo(tx, tenant);
    await seedOrdersDemo(tx, tenant);
    await seedSpotCheckDemo(tx, tenant);
  },
});
