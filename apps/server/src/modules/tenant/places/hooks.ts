import type { PartyKind } from '@tagloom/domain';
import { LOCATION_KIND } from '@tagloom/domain';
import type { ResourceHooks } from '../../../core/resource/service.js';
import { partyInUse } from '../people/parties.js';

type Row = Record<string, unknown>;

/** The party kind of a location row (stores and warehouses are parties; offices and showrooms are not). */
const locationParty = (row: Row): PartyKind | undefined =>
  Number(row.kind) === LOCATION_KIND.STORE ? 'store' : Number(row.kind) === LOCATION_KIND.WAREHOUSE ? 'warehouse' : undefined;

const named = (rows: Row[]) => rows.map((r) => ({ id: Number(r.id), name: String(r.name ?? r.code ?? r.id) }));

/**
 * A party's screen: a row users are bound to is not deleted (409 naming the user), and a location
 * users are bound to as a store or a warehouse keeps its kind.
 */
export function partyHooks(kind: PartyKind | 'location'): ResourceHooks {
  return {
    async beforeDelete(tx, rows, { session }) {
      if (kind !== 'location') return partyInUse(tx, session.tenantId, kind, named(rows));
      for (const k of ['store', 'warehouse'] as const)
        await partyInUse(tx, session.tenantId, k, named(rows.filter((r) => locationParty(r) === k)));
    },
    async beforeWrite(tx, data, { session, existing }) {
      if (kind !== 'location' || !existing) return;
      const was = locationParty(existing);
      if (was && locationParty(data) !== was) await partyInUse(tx, session.tenantId, was, named([existing]));
    },
  };
}

/** Training documents: the upload time is the row's (set once, on create). */
export const trainingDocHooks: ResourceHooks = {
  async beforeWrite(_tx, data, { existing }) {
    if (!existing) data.uploadedAt = new Date();
  },
  // a document is added and deleted, never edited; there is nothing to import or export
  omitRoutes: ['update', 'export', 'template', 'import'],
};
