import { abnormalLabelResource, LOCATION_KIND } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import type { SessionInfo } from '../../../core/context.js';
import type { Tx } from '../../../db/client.js';
import { type ExceptionAt, type ExceptionMove, exceptionHooks } from '../../label/tags/index.js';
import { requireWmsGrant } from '../grants/guard.js';
import { writeWmsLogs } from '../log/writer.js';
import { abnormalLabels } from './tables.js';

/**
 * Abnormal labels (warehouse/abnormal-label): the label exceptions found at a warehouse, worded and
 * handled as label/exception's (the label module's hooks and actions); a warehouse's user sees its
 * own warehouse's (partyScope siteId).
 */
export const abnormalLabelHooks = exceptionHooks(
  () =>
    sql`${abnormalLabels.siteId} in (select w.id from locations w where w.tenant_id = ${abnormalLabels.tenantId} and w.kind = ${LOCATION_KIND.WAREHOUSE})`,
);

/**
 * Handling, clearing or re-tagging an abnormal label is receiving work where it was found (the one
 * guard): a warehouse's user needs the receive operation at its warehouse, in its zone when the
 * grant names zones.
 */
export const abnormalGuard = async (tx: Tx, session: SessionInfo, rows: ExceptionAt[]): Promise<void> => {
  const seen = new Set<string>();
  for (const r of rows) {
    const key = `${r.siteId}:${r.zoneId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    await requireWmsGrant(tx, session, { siteId: r.siteId, zoneId: r.zoneId }, 'receive');
  }
};

/** Each abnormal label handled or cleared is a row of the warehouse log at its warehouse (its note in the detail). */
export const abnormalLog = (tx: Tx, session: SessionInfo, move: ExceptionMove): Promise<void> =>
  writeWmsLogs(
    tx,
    move.rows.map((r) => ({
      tenantId: session.tenantId,
      userId: session.userId,
      username: session.username,
      siteId: r.siteId,
      docType: abnormalLabelResource.code,
      docId: r.id,
      docCode: r.epc,
      action: move.action,
      fromState: r.from,
      toState: move.to,
      epcCount: 1,
      detail: move.note ? { note: move.note } : null,
    })),
  );
