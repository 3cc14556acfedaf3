import { LOCATION_KIND, warehouseZoneResource } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import type { ResourceHooks } from '../../../core/resource/service.js';
import { placeLocation } from '../../tenant/places/zones.js';
import { warehouseZones } from './tables.js';

/**
 * Warehouse management: the zones whose site is a warehouse (a store's zones are the store
 * screens'), placed in their warehouse like every location (tenant/places/zones.ts).
 */
export const warehouseZoneHooks: ResourceHooks = {
  scope: (session) =>
    sql`${warehouseZones.siteId} in (select w.id from ${warehouseZones} w where w.tenant_id = ${session.tenantId} and w.kind = ${LOCATION_KIND.WAREHOUSE})`,
  async beforeWrite(tx, data, info) {
    await placeLocation(tx, data, info.changes ?? data, info, warehouseZoneResource.labels);
  },
};
