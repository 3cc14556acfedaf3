import { type PartyKind, partyFieldsOf, type ResourceDef } from '@tagloom/domain';
import { and, eq, inArray, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { declarationOf, tableOf } from '../db/resource-table.js';
import { users } from '../db/schema/index.js';
import type { SessionInfo } from './context.js';
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

// biome-ignore lint/suspicious/noExplicitAny: tables are built from declarations; columns are looked up by key
type AnyTable = Record<string, any>;

/**
 * The one rule of party data scope: the condition a session's rows of `def` (in `table`) carry, or
 * undefined for a user bound to no party (every row of the tenant). A declaration names its party
 * field per kind (`partyScope`: a bound user reaches the rows whose field holds its party, and no
 * row on a screen that names no field for its kind) or shares the party of the row a ref field
 * points at (`partyVia`: a tag reaches the parties of its label order). Every list, get, write,
 * export, file and module route over such rows asks this, never a condition of its own.
 */
export function partyCondition(def: ResourceDef, table: AnyTable, session: Pick<SessionInfo, 'tenantId' | 'party'>): SQL | undefined {
  const party = session.party;
  if (!party) return undefined;
  if (def.partyVia) {
    const target = def.list.find((f) => f.key === def.partyVia)?.ref?.resource;
    return target ? partyRefCondition(table[def.partyVia], target, session) : sql`false`;
  }
  if (!def.partyScope) return undefined;
  const fields = partyFieldsOf(def, party.kind);
  if (!fields.length) return sql`false`;
  return fields.length === 1 ? eq(table[fields[0]], party.id) : or(...fields.map((f) => eq(table[f], party.id)));
}

/**
 * partyVia through the party's own rows (a reader's place: the store or warehouse, or one of its
 * zones): the ref field a bound user's new row is given its party when it names none, so that the
 * row it makes is one it sees. Undefined for an unbound user or a declaration whose ref points
 * elsewhere (a tag's order).
 */
export function ownPartyRef(def: ResourceDef, session: Pick<SessionInfo, 'party'>): string | undefined {
  const via = def.partyVia;
  const party = session.party;
  if (!via || !party) return undefined;
  const target = declarationOf(def.list.find((f) => f.key === via)?.ref?.resource ?? '');
  return target && partyFieldsOf(target, party.kind).includes('id') ? via : undefined;
}

/**
 * The condition "`column` names a row of declaration `target` this session reaches through its
 * party scope" (undefined when every row is reached: an unbound user, or a target without a party
 * scope). For module routes over rows that carry a ref (an order's tags, its events).
 */
export function partyRefCondition(column: SQLWrapper, target: string, session: Pick<SessionInfo, 'tenantId' | 'party'>): SQL | undefined {
  if (!session.party) return undefined;
  const def = declarationOf(target);
  const table = tableOf(target);
  if (!def || !table) throw new Error(`party scope: no declaration or table for ${target}`);
  const inner = partyCondition(def, table, session);
  if (!inner) return undefined;
  return sql`${column} in (select ${table.id} from ${table} where ${table.tenantId} = ${session.tenantId} and ${inner})`;
}
