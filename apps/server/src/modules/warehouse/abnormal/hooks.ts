import { LOCATION_KIND } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { exceptionHooks } from '../../label/tags/index.js';
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
