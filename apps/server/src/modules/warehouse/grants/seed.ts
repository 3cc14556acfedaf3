import { WMS_OPS } from '@tagloom/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { users } from '../../../db/schema/tenant.js';
import { locations } from '../../tenant/places/tables.js';
import { wmsGrants } from './tables.js';

/** The demo warehouse keeper (wh01) may do everything at its warehouse WH01, in every zone. */
export async function seedGrantDemo(tx: Tx, tenantId: number): Promise<void> {
  const [keeper] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.username, 'wh01')));
  const [wh01] = await tx
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.tenantId, tenantId), eq(locations.code, 'WH01')));
  if (!keeper || !wh01) return;
  await tx
    .insert(wmsGrants)
    .values({ tenantId, userId: keeper.id, siteId: wh01.id, zoneIds: [], ops: [...WMS_OPS], remark: '仓管：本仓全部作业' });
}
