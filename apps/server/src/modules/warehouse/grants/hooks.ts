import { LOCATION_KIND, wmsGrantResource } from '@tagloom/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../../core/context.js';
import { validationError } from '../../../core/errors.js';
import type { ResourceHooks } from '../../../core/resource/service.js';
import { locations } from '../../tenant/places/tables.js';

const ids = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : []);

/**
 * Warehouse grants: the zones named must be zones of the grant's warehouse (none: all of them);
 * the list shows each grant's zones by name.
 */
export const wmsGrantHooks = (ctx: AppContext): ResourceHooks => ({
  async beforeWrite(tx, data, { session, changes, lang }) {
    const zoneIds = [...new Set(ids(data.zoneIds))];
    if (zoneIds.length) {
      const found = await tx
        .select({ id: locations.id })
        .from(locations)
        .where(
          and(
            eq(locations.tenantId, session.tenantId),
            eq(locations.kind, LOCATION_KIND.ZONE),
            eq(locations.siteId, Number(data.siteId)),
            inArray(locations.id, zoneIds),
          ),
        );
      if (found.length !== zoneIds.length)
        throw validationError(
          lang ?? session.lang,
          [{ code: 'custom', path: ['zoneIds'], message: 'wms.badZones' }],
          wmsGrantResource.labels,
        );
    }
    // stored as a list, once each (on update: written only when the body names them)
    if (changes) {
      if ('zoneIds' in changes) changes.zoneIds = zoneIds;
    } else data.zoneIds = zoneIds;
  },
  async decorate(rows, { session }) {
    const all = [...new Set(rows.flatMap((r) => ids(r.zoneIds)))];
    if (!all.length) return rows.map((r) => ({ ...r, zoneNames: [] }));
    const names = new Map(
      (
        await ctx.db
          .select({ id: locations.id, name: locations.name })
          .from(locations)
          .where(and(eq(locations.tenantId, session.tenantId), inArray(locations.id, all)))
      ).map((z) => [Number(z.id), z.name]),
    );
    return rows.map((r) => ({ ...r, zoneNames: ids(r.zoneIds).map((id) => names.get(id) ?? String(id)) }));
  },
  rowFields: { zoneNames: z.array(z.string()).optional() },
});
