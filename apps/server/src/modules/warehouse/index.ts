import {
  abnormalLabelResource,
  billResource,
  cartonResource,
  warehouseModule as domain,
  goodsReceivedResource,
  padReviewResource,
  receivingCheckResource,
  receivingQiResource,
} from '@tagloom/domain';
import { defineModule } from '../../core/module.js';
import { exceptionActionRoutes } from '../label/tags/index.js';
import { abnormalGuard, abnormalLabelHooks, abnormalLog } from './abnormal/hooks.js';
import { retagRoutes } from './abnormal/retag.js';
import { seedAbnormalDemo } from './abnormal/seed.js';
import { asnOnAudit } from './bills/asn.js';
import { billFactoryHooks, billHooks, billLog, billSiteHooks, billSiteOf } from './bills/hooks.js';
import { asnImportJob } from './bills/import-asn-job.js';
import { asnImportRoutes } from './bills/import-routes.js';
import { receiptHooks } from './bills/review.js';
import { seedWarehouseDemo } from './bills/seed.js';
import { cartonEpcHooks, cartonHooks, checkOnClose, receivingHooks } from './cartons/hooks.js';
import { cartonLiveRoutes } from './cartons/live-routes.js';
import { cartonPrintRoutes } from './cartons/print.js';
import { putAwayOnReads } from './cartons/put-away.js';
import { wmsGrantHooks } from './grants/hooks.js';
import { seedGrantDemo } from './grants/seed.js';
import { grantsOnSessions } from './grants/steps.js';
import { receivingQiHooks } from './inspections/hooks.js';
import { inspectionLog } from './inspections/log.js';
import { inspectionRoutes } from './inspections/routes.js';
import { sampleOnSessions } from './inspections/sample.js';
import { wmsLogRoutes } from './log/routes.js';
import { seedWmsLogDemo } from './log/seed.js';
import { loggedHooks } from './log/writer.js';
import { padHooks } from './pads/hooks.js';
import { padRoutes } from './pads/routes.js';
import { seedPadDemo } from './pads/seed.js';
import { padSessions } from './pads/tables.js';
import { warehouseZoneHooks } from './zones/hooks.js';

// a user starting or closing a read session at a warehouse reader asks its grant for the reader's zone
grantsOnSessions();
// a carton's read session closing checks the carton (the rfid module calls the handlers of its subject type)
checkOnClose();
// an accepted carton whose pieces are read in a storage zone of its site is put away (the fold's changes)
putAwayOnReads();
// a QI sample's read session: refused outside the inspection's QI area, its reads the sample when it closes
sampleOnSessions();
// a supply packing carton audited joins its order's advance shipping notice, shipped with the order's last
asnOnAudit();

/** A carton's moves happen at the site it is bound for (its bill's receiver). */
const cartonLog = { siteOf: (row: Record<string, unknown>) => (row.siteId == null ? null : Number(row.siteId)) };

/**
 * The intelligent warehouse module: bills (advance shipping notices, transfers, returns), their
 * cartons and the EPCs each travels with, checked as their read sessions close at a dock tunnel,
 * the receipts finished; the zones of each warehouse (warehouse management), which readers bind
 * to; who may do what at a warehouse (warehouse permission) and the log of every document move
 * (warehouse/log, a feed); pad review of the handhelds' read sessions — ../shared/operations.md slice A.
 */
export const warehouseModule = defineModule({
  code: 'warehouse',
  domain,
  hooks: (ctx) => ({
    // every move of a document asks the keeper's grant and is logged (log/writer.ts)
    'warehouse/bill': loggedHooks(billResource, billHooks, billLog),
    'warehouse/bill-site': billSiteHooks,
    'warehouse/bill-factory': billFactoryHooks,
    'warehouse/goods-received': loggedHooks(goodsReceivedResource, receiptHooks, { siteOf: billSiteOf, ops: { receive: 'receive' } }),
    'warehouse/box': loggedHooks(cartonResource, cartonHooks, cartonLog),
    'warehouse/receiving-check': loggedHooks(receivingCheckResource, receivingHooks, {
      ...cartonLog,
      ops: { review: 'receive', hold: 'receive', reread: 'receive', putAway: 'receive' },
      // done where the carton is: the zone its last read session was at (a dock)
      zoneOf: (row) => (row.locationId == null ? null : Number(row.locationId)),
      codeOf: (row) => String(row.cartonNo),
    }),
    'warehouse/carton-epc': cartonEpcHooks,
    'warehouse/management': warehouseZoneHooks(ctx),
    'warehouse/permission': wmsGrantHooks(ctx),
    // a handheld session's review or rejection is logged at the warehouse it was read at (its own guard asks the grant)
    'warehouse/pad-review': loggedHooks(padReviewResource, padHooks, {
      siteOf: (row) => (row.locationId == null ? null : Number(row.locationId)),
      epcCount: (row) => Number(row.epcCount ?? 0),
    }),
    'warehouse/abnormal-label': abnormalLabelHooks,
    'warehouse/receiving-qi': loggedHooks(receivingQiResource, receivingQiHooks, inspectionLog),
  }),
  // pad review's rows are the rfid module's read sessions (its hand-written table)
  tables: { 'warehouse/pad-review': padSessions },
  // a large ASN sheet's import (bills/import-asn-job.ts)
  jobKinds: [asnImportJob],
  routes: [
    asnImportRoutes,
    cartonPrintRoutes,
    cartonLiveRoutes,
    wmsLogRoutes,
    padRoutes,
    inspectionRoutes,
    exceptionActionRoutes(abnormalLabelResource.code, { guard: abnormalGuard, after: abnormalLog }),
    retagRoutes,
  ],
  seedDemo: async (tx, tenant) => {
    await seedWarehouseDemo(tx, tenant);
    await seedAbnormalDemo(tx, tenant.id);
    await seedPadDemo(tx, tenant);
    await seedGrantDemo(tx, tenant.id);
    await seedWmsLogDemo(tx, tenant.id);
  },
});

// read by other modules' reports (the store module's shipment and take-delivery reports): bills' facts through the bill screen's scope
export { type BillFact, type BillFactsFilter, billFacts } from './bills/facts.js';
// other modules' demo history of bills (the store reports' weeks of transfers)
export { type HistoricBill, type HistoricCarton, historicBillsDemo } from './bills/history.js';
