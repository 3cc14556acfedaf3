import { Code, LOCATION_KIND, wmsGrantResource } from '@tagloom/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext, SessionInfo } from '../../../core/context.js';
import { AppError, validationError } from '../../../core/errors.js';
import type { ResourceHooks } from '../../../core/resource/service.js';
import { users } from '../../../db/schema/tenant.js';
import { locations } from '../../tenant/places/tables.js';
import { heldToGrants } from './guard.js';

const ids = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : []);

/**
 * A user held to its grants (a warehouse's user) never writes its own grant: neither widens it
 * (zones, operations), nor makes itself another, nor moves another user's grant onto itself, nor
 * takes its own away — whatever buttons its role holds (the tenant administrator keeps it).
 */
function refuseOwn(session: SessionInfo, userIds: unknown[]): void {
  if (heldToGrants(session) && userIds.some((u) => u != null && Number(u) === Number(session.userId)))
    throw new AppError(403, Code.FORBIDDEN, 'wms.ownGrant');
}

/**
 * Warehouse grants: the zones named must be zones of the grant's warehouse (none: all of them);
 * the list shows each grant's zones, user and warehouse by name.
 */
export const wmsGrantHooks = (ctx: AppContext): ResourceHooks => ({
  async beforeWrite(tx, data, { session, changes, existing, lang }) {
    refuseOwn(session, [data.userId, existing?.userId]);
    // every grant is of a warehouse (a warehouse's user naming none is given its own: the service's stamp)
    if (!data.siteId)
      throw validationError(
        lang ?? session.lang,
        [{ code: 'custom', path: ['siteId'], message: 'validation.required' }],
        wmsGrantResource.labels,
      );
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
  async beforeDelete(_tx, rows, { session }) {
    refuseOwn(
      session,
      rows.map((r) => r.userId),
    );
  },
  async decorate(rows, { session }) {
    const zones = rows.flatMap((r) => ids(r.zoneIds));
    const places = [...new Set([...zones, ...rows.map((r) => Number(r.siteId))])];
    const people = [...new Set(rows.map((r) => Number(r.userId)))];
    const [names, usernames] = await Promise.all([
      places.length
        ? ctx.db
            .select({ id: locations.id, name: locations.name })
            .from(locations)
            .where(and(eq(locations.tenantId, session.tenantId), inArray(locations.id, places)))
        : [],
      people.length
        ? ctx.db
            .select({ id: users.id, username: users.username })
            .from(users)
            .where(and(eq(users.tenantId, session.tenantId), inArray(users.id, people)))
        : [],
    ]);
    const place = new Map(names.map((z) => [Number(z.id), z.name]));
    const person = new Map(usernames.map((u) => [Number(u.id), u.username]));
    // the names a row is shown by: its zones, and its user and warehouse (the console's confirmations)
    return rows.map((r) => ({
      ...r,
      zoneNames: ids(r.zoneIds).map((id) => place.get(id) ?? String(id)),
      username: person.get(Number(r.userId)) ?? '',
      siteName: place.get(Number(r.siteId)) ?? '',
    }));
  },
  rowFields: { zoneNames: z.array(z.string()).optional(), username: z.string().optional(), siteName: z.string().optional() },
});
