import type { PartyKind, ResourceDef } from '@tagloom/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { conflict } from './errors.js';

/**
 * Refuses (409 naming the user) when a user of the tenant is bound to one of these rows as a party
 * of one of these kinds: a party is not deleted, nor turned into another kind, under its users.
 */
export async function refuseBoundParties(tx: Tx, tenantId: number, kinds: PartyKind[], rows: Record<string, unknown>[], def: ResourceDef) {
  if (!kinds.length || !rows.length) return;
  const [bound] = await tx
    .select({ username: users.username, partyId: users.partyId })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        inArray(users.partyKind, kinds),
        inArray(
          users.partyId,
          rows.map((r) => Number(r.id)),
        ),
      ),
    )
    .limit(1);
  if (bound) {
    const row = rows.find((r) => Number(r.id) === bound.partyId);
    throw conflict('validation.partyInUse', { what: def.names, name: String(row?.[def.titleField] ?? ''), user: bound.username });
  }
}
