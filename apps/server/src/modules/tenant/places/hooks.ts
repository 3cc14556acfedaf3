import type { PartyKind } from '@tagloom/domain';
import { LOCATION_KIND, locationResource } from '@tagloom/domain';
import { refuseBoundParties } from '../../../core/party.js';
import type { ResourceHooks } from '../../../core/resource/service.js';
import { placeLocation } from './zones.js';

type Row = Record<string, unknown>;

/** The party kind of a location row (stores and warehouses are parties; offices and showrooms are not). */
const locationParty = (row: Row): PartyKind | undefined =>
  Number(row.kind) === LOCATION_KIND.STORE ? 'store' : Number(row.kind) === LOCATION_KIND.WAREHOUSE ? 'warehouse' : undefined;

/**
 * A location users are bound to as a store or a warehouse keeps its kind (409 naming the user);
 * that a party users are bound to is not deleted, the generic service says for every party screen.
 * A zone is placed in its site (zones.ts).
 */
export const locationHooks: ResourceHooks = {
  async beforeWrite(tx, data, info) {
    const { session, existing } = info;
    if (existing) {
      const was = locationParty(existing);
      if (was && locationParty(data) !== was) await refuseBoundParties(tx, session.tenantId, [was], [existing], locationResource);
    }
    // a zone's site, from its parent (see zones.ts)
    await placeLocation(tx, data, info.changes ?? data, info, locationResource.labels);
  },
};

/** Training documents: the upload time is the row's (set once, on create). */
export const trainingDocHooks: ResourceHooks = {
  async beforeWrite(_tx, data, { existing }) {
    if (!existing) data.uploadedAt = new Date();
  },
  // a document is added and deleted, never edited; there is nothing to import or export
  omitRoutes: ['update', 'export', 'template', 'import'],
};
