import type { L10n } from '../lang.js';
import type { ActionCode } from '../menu/actions.js';
import type { CrudAction } from './buttons.js';
import type { FieldDef } from './fields.js';
import type { StateMachine } from './machine.js';

/**
 * The parties a tenant user can be bound to (users.party_kind): stores and warehouses are rows of
 * tenant/location, factories and label suppliers rows of their own screens.
 */
export const PARTY_KINDS = ['store', 'warehouse', 'factory', 'labelSupplier'] as const;
export type PartyKind = (typeof PARTY_KINDS)[number];
/** The screen listing the rows of each party kind (what users.party_id points at). */
export const PARTY_SCREENS: Record<PartyKind, string> = {
  store: 'tenant/store',
  warehouse: 'tenant/warehouse',
  factory: 'tenant/factory',
  labelSupplier: 'tenant/label-supplier',
};

/**
 * The generic proofs every served declaration runs through (apps/server/test/resource-proofs.ts):
 * crud (lists its rows; adds, edits, reads back and deletes one), isolation (another tenant's token
 * reaches none of its rows), buttons (a role lacking them is refused, writing nothing), fuzz (random
 * bodies: a 4xx, never a 5xx, never half a write), badField (one bad field is named), dbChecks (the
 * table's CHECKs hold what the declaration says), export (the filtered rows as a sheet) and import
 * (the template, all-or-nothing, valid rows only). The parts about a button the declaration does not
 * offer (no Add: no create) do not apply; any other exemption is stated on the declaration
 * (`unproven`), with its reason, and the proofs honour it.
 */
export const GENERIC_PROOFS = ['crud', 'isolation', 'buttons', 'fuzz', 'badField', 'dbChecks', 'export', 'import'] as const;
export type GenericProof = (typeof GENERIC_PROOFS)[number];

/** A cross-field rule: returns issues (path + i18n message key) for the data, or none. */
export type Rule<T> = (data: T) => { path: string[]; message: string }[];

export interface ResourceInput<F extends Record<string, FieldDef>> {
  /** screens.md code of the screen that shows it, e.g. 'general/tenant-group' */
  code: string;
  /** the entity's name, for messages ("Tenant group already exists") */
  names: L10n;
  /** platform: one set for the platform (platform users only); tenant: rows per tenant */
  owner: 'platform' | 'tenant';
  /** database table name */
  table: string;
  fields: F;
  /** field shown to name a row (delete confirmations, refs) */
  titleField: keyof F & string;
  /**
   * the order of a list the user did not sort (the id breaks ties). A document (a declaration with a
   * state machine: orders, tasks, sample cards) is listed newest first instead, whatever this says:
   * a user looks for the one just made at the top (see defaultOrderOf).
   */
  defaultSort?: { field: keyof F & string; order: 'asc' | 'desc' };
  rules?: Rule<Record<string, unknown>>[];
  /** the CRUD buttons this screen offers, in CRUD order (default all six; see buttonsOf) */
  crud?: readonly CrudAction[];
  /** buttons beyond CRUD this screen offers (routes added by the screen's own module) */
  extraActions?: ActionCode[];
  /**
   * party data scope: for each party kind, the field holding that party's row id ('id' on the
   * party's own screen; several: a row is the party's when any of them holds it — a location is
   * a store user's when it is the store or one of its zones). A user bound to a party sees and writes
   * only rows whose field holds its party (the server stamps the first on create); a bound user whose kind is not named here sees no row.
   * Users not bound to a party (the tenant admin) see every row of their tenant. Enforced by the
   * generic service, like the tenant scope.
   */
  partyScope?: Partial<Record<PartyKind, string | readonly string[]>>;
  /**
   * party data scope through a reference: the ref field whose row's party this row shares (a tag
   * belongs to the parties of its label order). A bound user reaches only rows whose referenced row
   * it reaches through that declaration's `partyScope`; a row with no referenced row, none.
   */
  partyVia?: string;
  /**
   * the rows of another declaration's table, seen through this screen (stores are locations of
   * kind store): `code` names that declaration (same `table`), `fixed` the column values this
   * screen shows and stamps on create. Every field declared here must be a field there.
   */
  rowsOf?: { code: string; fixed?: Record<string, unknown> };
  /** the states of a row and the actions that move it between them */
  machine?: StateMachine;
  /** demo rows seeded with the demo data (per demo tenant for tenant-owned resources) */
  seed?: Record<string, unknown>[];
  /**
   * a new row that passes the declaration, for the generic proofs of a declaration that seeds no
   * rows (its rows are made by its module: tenants, users, menus …): its unique values made from
   * `salt` (a short token of letters and digits, unique to each row the proofs make); a required
   * ref it leaves out points at the owner's first row of the target
   */
  sample?: (salt: string) => Record<string, unknown>;
  /** generic proofs that do not apply to this declaration, each with the reason (see GENERIC_PROOFS) */
  unproven?: Partial<Record<GenericProof, string>>;
  /**
   * the screen whose buttons guard this resource's routes (default: `code`). A line resource
   * edited inside its parent's screen names the parent's screen.
   */
  screen?: string;
  /**
   * line resources edited inside this one's form and listed under its rows: each a declaration
   * whose `parentField` is a ref to this resource. The body's `key` holds the lines; the parent and
   * its lines are written in one transaction.
   */
  children?: ChildSpec[];
}

/** Lines of a document: the line declaration, its ref to the parent, and the body key holding them. */
export interface ChildSpec {
  key: string;
  // biome-ignore lint/suspicious/noExplicitAny: any line declaration, whatever its fields
  resource: ResourceDef<any>;
  parentField: string;
  /** the heading of these lines under their parent row, where it has several kinds (default: the line declaration's name) */
  label?: L10n;
}

/** At most this many lines in one parent's body. */
export const LINES_MAX = 500;

/**
 * A declaration: data only, no zod, so the console imports it anywhere. Its create/update/query
 * schemas come from schemasOf(def) (resource/schemas.ts), where validation runs.
 */
export type ResourceDef<F extends Record<string, FieldDef> = Record<string, FieldDef>> = ResourceInput<F> & {
  /** the field list with keys, in declaration order */
  list: (FieldDef & { key: string })[];
  /** field labels by key, for validation messages (a json list's item fields as 'list.item') */
  labels: Record<string, L10n>;
};

/** Declare a resource once; its create/update/query schemas are derived from its fields by schemasOf. */
export function defineResource<F extends Record<string, FieldDef>>(input: ResourceInput<F>): ResourceDef<F> {
  const list = Object.entries(input.fields).map(([key, def]) => ({ ...def, key }));
  // the lines point at these rows: at this declaration, or at the one whose rows it shows (rowsOf)
  for (const c of input.children ?? []) {
    const target = c.resource.list.find((x: FieldDef & { key: string }) => x.key === c.parentField)?.ref?.resource;
    if (target !== input.code && target !== input.rowsOf?.code)
      throw new Error(`${c.resource.code}.${c.parentField} is not a ref to ${input.code}`);
  }
  if (input.partyVia && !list.find((x) => x.key === input.partyVia)?.ref)
    throw new Error(`${input.code}.partyVia names ${input.partyVia}, which is not a ref field`);
  return {
    ...input,
    list,
    labels: Object.fromEntries(
      list.flatMap((f) => [[f.key, f.label], ...Object.entries(f.items ?? {}).map(([k, item]) => [`${f.key}.${k}`, item.label])]),
    ),
  };
}

/** A document: a declaration whose rows move through a state machine (orders, tasks, sample cards). */
export const isDocument = (def: Pick<ResourceDef, 'machine'>): boolean => !!def.machine;

/** How a list is ordered until its user sorts it: a column (or the row's created time, or its id) and a direction. */
export interface DefaultOrder {
  field: string;
  order: 'asc' | 'desc';
}

/**
 * The order of a list its user did not sort: a document's rows newest first (created time
 * descending, the later id first among rows made together), other rows by the declaration's
 * defaultSort (the id breaking ties), or by id. Server lists and exports, and the console's table,
 * all take it from here.
 */
export function defaultOrderOf(def: Pick<ResourceDef, 'machine' | 'defaultSort'>): DefaultOrder {
  if (isDocument(def)) return { field: 'createdAt', order: 'desc' };
  return def.defaultSort ?? { field: 'id', order: 'asc' };
}

/** The fields of a declaration that hold a party of this kind (partyScope), none when it names none. */
export function partyFieldsOf(def: Pick<ResourceDef, 'partyScope'>, kind: PartyKind): readonly string[] {
  const field = def.partyScope?.[kind];
  return field === undefined ? [] : typeof field === 'string' ? [field] : field;
}
