// The parties a tenant user can be bound to, found through their screens' declarations (stores and
// warehouses are rows of tenant/location with their kind; factories and label suppliers their own).
import {
  ENUMS,
  type IssueLike,
  type L10n,
  type Lang,
  PARTY_KINDS,
  PARTY_SCREENS,
  type PartyKind,
  RESOURCES,
  type ResourceDef,
} from '@tagloom/domain';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { badRequest, validationError } from '../../../core/errors.js';
import type { Tx } from '../../../db/client.js';
import { type AnyTable, tableOf } from '../../../db/resource-table.js';

/** A kind's name in the three languages (the PartyKind enum). */
export const partyKindLabel = (kind: PartyKind): L10n => ENUMS.PartyKind.find((o) => o.value === kind)!.label;

export const isPartyKind = (v: unknown): v is PartyKind => typeof v === 'string' && (PARTY_KINDS as readonly string[]).includes(v);

/** A kind's declaration, its table and the condition its rows carry (a store: a location of kind store). */
function partySource(kind: PartyKind): { def: ResourceDef; table: AnyTable; fixed: (SQL | undefined)[] } {
  const def = RESOURCES.find((d) => d.code === PARTY_SCREENS[kind]);
  const table = def && tableOf(def.rowsOf?.code ?? def.code);
  if (!def || !table) throw badRequest('people.partyKindUnavailable', { kind: partyKindLabel(kind) });
  const fixed = Object.entries(def.rowsOf?.fixed ?? {}).map(([k, v]) => eq(table[k], v));
  return { def, table, fixed };
}

/** The rows of one kind among `ids` in the tenant: id → name (its title field). */
export async function partyNames(db: Tx, tenantId: number, kind: PartyKind, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const { def, table, fixed } = partySource(kind);
  const rows: { id: unknown; name: unknown; code: unknown }[] = await db
    .select({ id: table.id, name: table[def.titleField], code: table.code })
    .from(table)
    .where(and(eq(table.tenantId, tenantId), inArray(table.id, ids), ...fixed));
  return new Map(rows.map((r) => [Number(r.id), r.code ? `${String(r.name)} (${String(r.code)})` : String(r.name)]));
}

/**
 * The party a user is bound to must be a row of that kind in the user's tenant (a warehouse's id
 * is no store), else a 400 naming the field.
 */
export async function checkParty(tx: Tx, tenantId: number, kind: unknown, id: unknown, labels: Record<string, L10n>, lang: Lang) {
  if (kind === undefined || kind === null || kind === '') return;
  if (!isPartyKind(kind)) return; // the enum's own rule refuses it
  const n = Number(id);
  const found = Number.isInteger(n) && n > 0 ? await partyNames(tx, tenantId, kind, [n]) : new Map();
  if (!found.size)
    throw validationError(
      lang,
      [{ code: 'custom', path: ['partyId'], message: 'validation.partyMissing', kind: partyKindLabel(kind)[lang] } as IssueLike],
      labels,
    );
}

/** The id of a party row by its code in the tenant, if there is one (demo data). */
export async function partyIdByCode(db: Tx, tenantId: number, kind: PartyKind, code: string): Promise<number | undefined> {
  const { table, fixed } = partySource(kind);
  const [row]: { id: unknown }[] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.tenantId, tenantId), eq(table.code, code), ...fixed))
    .limit(1);
  return row ? Number(row.id) : undefined;
}
