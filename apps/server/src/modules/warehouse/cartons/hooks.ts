import { READ_SESSION_KIND } from '@tagloom/domain/rfid/sessions.js';
import { inArray, sql } from 'drizzle-orm';
import { READ_ONLY_ROUTES, type ResourceHooks } from '../../../core/resource/service.js';
import { sessionSubjects } from '../../rfid/sessions/subjects.js';
import { tallyBill } from '../bills/hooks.js';
import { wmsBills } from '../bills/tables.js';
import { recordCartonReceived } from '../events.js';
import { cartonOfReads, cartonOfSubject, checkCarton, forgetReads, openBillOf, SHIPPED_STATES } from './check.js';
import { forgetProgress } from './live.js';
import { publishCarton } from './publish.js';
import { unpackCarton } from './put-away.js';
import { wmsCartons } from './tables.js';

/**
 * The receiving check's moves: refused once the carton's bill is reviewed or zero-cleared
 * (bill.closed); accepting or holding a carton updates its bill's totals (a held carton makes the
 * receipt abnormal); reading it again forgets what it read.
 */
export const receivingCheckHooks: ResourceHooks = {
  transitions: {
    async review(tx, row, { session }) {
      await openBillOf(tx, session.tenantId, Number(row.billId));
      await tallyBill(tx, session.tenantId, Number(row.billId));
      await recordCartonReceived(tx, session.tenantId, row, session);
      await publishCarton(tx, session.tenantId, Number(row.id));
    },
    async hold(tx, row, { session }) {
      await openBillOf(tx, session.tenantId, Number(row.billId));
      await tallyBill(tx, session.tenantId, Number(row.billId));
      await publishCarton(tx, session.tenantId, Number(row.id));
    },
    async reread(tx, row, { session }) {
      await openBillOf(tx, session.tenantId, Number(row.billId));
      await forgetReads(tx, session.tenantId, row);
      await tallyBill(tx, session.tenantId, Number(row.billId));
      await publishCarton(tx, session.tenantId, Number(row.id));
    },
    // by hand, whatever became of the bill: its pieces stored at its site
    async putAway(tx, row, { session }) {
      await unpackCarton(tx, session.tenantId, row, session, null);
      await publishCarton(tx, session.tenantId, Number(row.id));
    },
  },
};

/** Cartons are made by their bills: the box list and the bindings list are read only. */
export const cartonHooks: ResourceHooks = { omitRoutes: READ_ONLY_ROUTES };
export const cartonEpcHooks: ResourceHooks = { omitRoutes: [...READ_ONLY_ROUTES, 'export'] };

/**
 * The receiving check: the inbound cartons of shipped bills (in transit, being received, received,
 * and those reviewed or zero-cleared, whose cartons answer that the bill is closed).
 */
export const receivingHooks: ResourceHooks = {
  ...receivingCheckHooks,
  omitRoutes: cartonHooks.omitRoutes,
  scope: () =>
    sql`${wmsCartons.billId} in (select ${wmsBills.id} from ${wmsBills}
      where ${wmsBills.tenantId} = ${wmsCartons.tenantId} and ${inArray(wmsBills.status, SHIPPED_STATES)})`,
};

/**
 * A carton's read session closed (a tunnel's next scan, its quiet, the close button) or a pad
 * session of it reviewed: the carton is checked with its reads, in the closing transaction. A scan
 * naming no carton of a bill still being received checks nothing (the session closes all the same).
 */
export function checkOnClose(): () => void {
  // a tunnel session a GPI trigger opened names no carton: the carton its reads belong to is its subject
  const offNaming = sessionSubjects.resolving(READ_SESSION_KIND.CARTON_CHECK, async (tx, session) => {
    const carton = await cartonOfReads(tx, session);
    return carton ? { subjectType: 'carton', subjectId: carton.id, subjectCode: carton.cartonNo } : undefined;
  });
  const offCheck = sessionSubjects.on('carton', async (tx, session) => {
    const tenantId = session.tenantId;
    const cartonId = await cartonOfSubject(tx, tenantId, session);
    forgetProgress(session);
    if (!cartonId) return;
    await checkCarton(tx, tenantId, cartonId, { tenantId, userId: null, username: session.equipmentCoding }, session);
  });
  return () => {
    offNaming();
    offCheck();
  };
}
