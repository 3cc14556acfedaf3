import { LOCATION_KIND, warehouseZoneResource } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../core/context.js';
import type { ResourceHooks } from '../../../core/resource/service.js';
import { readersAt } from '../../rfid/equipment/service.js';
import { placeLocation } from '../../tenant/places/zones.js';
import { warehouseZones } from './tables.js';

/**
 * Warehouse management: the zones whose site is a warehouse (a store's zones are the store
 * screens'), placed in their warehouse like every location (tenant/places/zones.ts); each with the
 * readers bound to it (the derived column `readers`: their codes, the rfid module's).
 */
export const warehouseZoneHooks = (ctx: AppContext): ResourceHooks => ({
  scope: (session) =>
    sql`${warehouseZones.siteId} in (select w.id from ${warehouseZones} w where w.tenant_id = ${session.tenantId} and w.kind = ${LOCATION_KIND.WAREHOUSE})`,
  async beforeWrite(tx, data, info) {
    await placeLocation(tx, data, info.changes ?? data, info, warehouseZoneResource.labels);
  },
  decorate: async (rows, { session }) => {
    const bound = await readersAt(
      ctx.db,
      session.tenantId,
      rows.map((r) => Number(r.id)),
    );
    return rows.map((r) => ({ ...r, readers: (bound.get(Number(r.id)) ?? []).join(', ') }));
  },
});
