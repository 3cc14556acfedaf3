import { ENUMS, type FieldDef, type ResourceDef } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  type PgTable,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** a function declaration, not a const: hand-written tables import this file in an import cycle */
export function snake(k: string): string {
  return k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** A table built from a declaration (or named for one): a drizzle table whose columns are looked up by key. */
// biome-ignore lint/suspicious/noExplicitAny: tables are built from declarations; columns are looked up by key
export type AnyTable = PgTable & Record<string, any>;
/** A table's columns by key, as drizzle hands them to a table's extra config. */
// biome-ignore lint/suspicious/noExplicitAny: columns of a table built from data
type Columns = Record<string, any>;

/** A real foreign key of a declared ref field: the referring declaration and field, and the target's code. */
export interface RefKey {
  name: string;
  def: ResourceDef;
  field: string;
  target: string;
}

/** Declarations and tables by screen code, and the foreign keys of ref fields by constraint name. */
const DEFS = new Map<string, ResourceDef>();
const TABLES = new Map<string, AnyTable>();
const KEYS = new Map<string, RefKey>();

export const declarationOf = (code: string): ResourceDef | undefined => DEFS.get(code);
export const tableOf = (code: string): AnyTable | undefined => TABLES.get(code);
/** The table of `code`, which must be built by now (a key's target, looked up when drizzle reads the key). */
export function builtTable(code: string): AnyTable {
  const table = TABLES.get(code);
  if (!table) throw new Error(`${code} has no table built from its declaration`);
  return table;
}
/** The tenants' table (schema/platform.ts names it): what every tenant row's tenant_id points at. */
const TENANTS = 'general/tenant';
export const refKeyNamed = (name: string): RefKey | undefined => KEYS.get(name);
/** The declarations with a ref field pointing at `code`. */
export const refereesOf = (code: string): ResourceDef[] => [
  ...new Set([...KEYS.values()].filter((k) => k.target === code).map((k) => k.def)),
];

/** The constraint name of a ref field's foreign key. */
export const refKeyName = (table: string, key: string) => `${table}_${snake(key)}_fk`;

function registerRefs(def: ResourceDef) {
  DEFS.set(def.code, def);
  for (const f of def.list)
    if (f.kind === 'ref' && f.ref) {
      const name = refKeyName(def.table, f.key);
      KEYS.set(name, { name, def, field: f.key, target: f.ref.resource });
    }
}

/**
 * The foreign keys of a declaration's ref fields (only those whose column the table has): for a
 * tenant table pointing at a tenant table, (tenant_id, col) → (tenant_id, id); else col → id. The
 * target is looked up when drizzle reads the table's keys, so declarations load in any order.
 */
function refForeignKeys(def: ResourceDef, t: Columns) {
  return def.list
    .filter((f) => f.kind === 'ref' && f.ref && t[f.key])
    .map((f) => {
      const ref = f.ref!;
      const targetDef = DEFS.get(ref.resource);
      const target = TABLES.get(ref.resource);
      if (!targetDef || !target) throw new Error(`${def.code}.${f.key}: ${ref.resource} has no table built from its declaration`);
      if (def.owner === 'platform' && targetDef.owner === 'tenant')
        throw new Error(`${def.code}.${f.key}: a platform row cannot point at tenant rows (${ref.resource})`);
      const composite = def.owner === 'tenant' && targetDef.owner === 'tenant';
      return foreignKey({
        name: refKeyName(def.table, f.key),
        columns: composite ? [t.tenantId, t[f.key]] : [t[f.key]],
        foreignColumns: composite ? [target.tenantId, target.id] : [target.id],
      }).onDelete(ref.onDelete);
    });
}

/**
 * A hand-written table whose columns follow a declaration (e.g. tenants), registered under its
 * code as a built one is: refs to it get real keys, looked up by code (no import of the schema).
 */
export function declaredTable<T extends AnyTable>(def: ResourceDef, table: T): T {
  registerRefs(def);
  TABLES.set(def.code, table);
  return table;
}

/**
 * The foreign keys of a hand-written table whose columns follow a declaration (e.g. tenants): use
 * in its extra config, `(t) => [..., ...declaredForeignKeys(tenantResource, t)]`.
 */
export function declaredForeignKeys(def: ResourceDef, t: Columns) {
  registerRefs(def);
  return refForeignKeys(def, t);
}

/** The kinds a contains search reads as text (ILIKE '%v%', core/like.ts `containing`). */
const TEXT_KINDS = new Set(['text', 'textarea']);

/** The name of the trigram index of a table's column that a contains search reads. */
export function trigramIndexName(table: string, key: string): string {
  return `${table}_${snake(key)}_trgm_idx`;
}

/**
 * The keys of the text columns of `table` that a declaration over it searches by "contains"
 * (`search: 'like'`): every declaration registered on the table so far (its own and the screens
 * over its rows, ResourceInput.rowsOf) and `also`.
 */
function containsKeys(table: string, also: ResourceDef[] = []): string[] {
  const defs = [...DEFS.values(), ...also].filter((d) => d.table === table);
  const keys = defs.flatMap((d) =>
    d.list.filter((f) => f.search === 'like' && f.stored !== false && TEXT_KINDS.has(f.kind)).map((f) => f.key),
  );
  return [...new Set(keys)];
}

/**
 * The trigram indexes (pg_trgm, migration 0045) of the text columns declarations search by
 * "contains": gin (col gin_trgm_ops), which answers col ILIKE '%v%' (3 characters or more) from
 * the index where it read the whole table. On the column alone, also in a tenant table: a GIN
 * index cannot lead with tenant_id without btree_gin (one more extension on both databases), and
 * a trigram match is selective on its own; the bitmap heap scan then keeps the tenant's rows.
 * Read when drizzle reads the table's indexes, so the screens over its rows registered after it
 * (rowsOfTable) count too.
 */
export function searchIndexes(table: string, t: Columns, also: ResourceDef[] = []) {
  return containsKeys(table, also)
    .filter((k) => t[k])
    .map((k) => index(trigramIndexName(table, k)).using('gin', t[k].op('gin_trgm_ops')));
}

function column(def: FieldDef & { key: string }) {
  const name = snake(def.key);
  switch (def.kind) {
    case 'text':
    case 'textarea':
    case 'password':
      return text(name);
    case 'int':
      return integer(name);
    case 'decimal':
      return doublePrecision(name);
    case 'enum':
      return typeof def.default === 'string' ? text(name) : smallint(name);
    case 'date':
    case 'datetime':
      return timestamp(name, { withTimezone: true, mode: 'date' });
    case 'json':
      return jsonb(name);
    case 'ref':
      return bigint(name, { mode: 'number' });
    case 'file':
      // one file id, or a list of them (rows of the tenant's files table)
      return (def.file?.max ?? 1) > 1 ? jsonb(name) : bigint(name, { mode: 'number' });
  }
}

/**
 * The table of a screen over another declaration's rows (ResourceInput.rowsOf: stores are
 * locations of kind store): that declaration's table, registered under this screen's code too, so
 * refs to this screen get a real foreign key to those rows. Call it in the module's tables.ts as a
 * statement (not exported: it is the same table). Every field declared here must be a column there.
 */
export function rowsOfTable(def: ResourceDef): AnyTable {
  const base = def.rowsOf && DEFS.get(def.rowsOf.code);
  const table = def.rowsOf && TABLES.get(def.rowsOf.code);
  if (!base || !table) throw new Error(`${def.code}: rowsOf ${def.rowsOf?.code ?? '(none)'} has no table built before it`);
  if (base.table !== def.table || base.owner !== def.owner) throw new Error(`${def.code}: table and owner must be those of ${base.code}`);
  for (const f of def.list) {
    // a derived column is the screen's own (its decorate hook's), no column of the table
    if (f.derived) continue;
    const there = base.list.find((b) => b.key === f.key);
    if (!there || there.kind !== f.kind) throw new Error(`${def.code}.${f.key} is not a ${f.kind} field of ${base.code}`);
  }
  for (const k of Object.keys(def.rowsOf?.fixed ?? {}))
    if (!table[k]) throw new Error(`${def.code}: fixed ${k} is not a column of ${base.code}`);
  registerRefs(def);
  TABLES.set(def.code, table);
  return table;
}

/**
 * The table of a declared resource: its fields as columns (NOT NULL when required, CHECKs for
 * lengths, number ranges and enum values), id (with tenant_id first for tenant-owned resources), unique indexes, time stamps.
 */
export function resourceTable<D extends ResourceDef>(def: D) {
  const tenant = def.owner === 'tenant';
  registerRefs(def);
  // a search box only (stored: false) has no column
  const fields = def.list.filter((f) => f.stored !== false);
  const cols: Record<string, ReturnType<typeof column> | ReturnType<typeof bigint>> = {};
  for (const f of fields) {
    let c = column(f) as ReturnType<typeof text>;
    if (f.required || f.default !== undefined || f.kind === 'text' || f.kind === 'textarea') c = c.notNull() as typeof c;
    if (f.kind === 'text' || f.kind === 'textarea') c = c.default('') as typeof c;
    else if (f.default !== undefined) c = c.default(f.default as never) as typeof c;
    cols[f.key] = c;
  }
  const all = {
    ...(tenant
      ? {
          tenantId: bigint('tenant_id', { mode: 'number' })
            .notNull()
            .references(() => builtTable(TENANTS).id),
          id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
        }
      : { id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity() }),
    ...cols,
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  };
  // biome-ignore lint/suspicious/noExplicitAny: columns are built from data, drizzle cannot type them
  const table = pgTable(def.table, all as any, (t: any) => [
    ...refForeignKeys(def, t),
    ...(tenant ? [primaryKey({ columns: [t.tenantId, t.id] })] : []),
    ...fields
      .filter((f) => f.unique)
      .map((f) => {
        const idx = uniqueIndex(`${def.table}_${snake(f.key)}_uq`);
        return tenant ? idx.on(t.tenantId, t[f.key]) : idx.on(t[f.key]);
      }),
    ...fields
      .filter((f) => f.uniqueWithin)
      .map((f) => {
        const idx = uniqueIndex(`${def.table}_${snake(f.uniqueWithin!)}_${snake(f.key)}_uq`);
        return tenant ? idx.on(t.tenantId, t[f.uniqueWithin!], t[f.key]) : idx.on(t[f.uniqueWithin!], t[f.key]);
      }),
    // a sortable column's pages come in index order (id breaks ties, as the list orders): a sorted,
    // filtered page of a million rows reads its 20 rows, not the tenant's every row
    ...fields
      .filter((f) => f.sort && !f.unique)
      .map((f) => {
        const idx = index(`${def.table}_${snake(f.key)}_sort_idx`);
        return tenant ? idx.on(t.tenantId, t[f.key], t.id) : idx.on(t[f.key], t.id);
      }),
    // a ref column not indexed otherwise: its foreign key's checks (deleting the row it points at)
    // and a parent's lines read an index, not the whole table
    ...fields
      .filter((f) => f.kind === 'ref' && !f.sort && !f.unique && !fields.some((g) => g.uniqueWithin === f.key))
      .map((f) => {
        const idx = index(`${def.table}_${snake(f.key)}_ref_idx`);
        return tenant ? idx.on(t.tenantId, t[f.key]) : idx.on(t[f.key]);
      }),
    // a prefix search ('prefix': upper(col) like 'X%') reads the index from the prefix on
    ...fields
      .filter((f) => f.search === 'prefix')
      .map((f) => {
        const idx = index(`${def.table}_${snake(f.key)}_prefix_idx`);
        const key = sql`upper(${t[f.key]}) text_pattern_ops`;
        return tenant ? idx.on(t.tenantId, key, t.id) : idx.on(key, t.id);
      }),
    // a contains search ('like': col ilike '%v%') reads a trigram index, not the whole table
    ...searchIndexes(def.table, t),
    ...fields
      .filter((f) => (f.kind === 'text' || f.kind === 'textarea' || f.kind === 'password') && f.max)
      .map((f) => check(`${def.table}_${snake(f.key)}_len`, sql`char_length(${t[f.key]}) <= ${sql.raw(String(f.max))}`)),
    ...fields
      .filter((f) => (f.kind === 'int' || f.kind === 'decimal') && (f.min !== undefined || f.max !== undefined))
      .map((f) => {
        const c = t[f.key];
        const low = f.min !== undefined ? sql`${c} >= ${sql.raw(String(Number(f.min)))}` : sql`true`;
        const high = f.max !== undefined ? sql`${c} <= ${sql.raw(String(Number(f.max)))}` : sql`true`;
        return check(`${def.table}_${snake(f.key)}_range`, sql`${low} and ${high}`);
      }),
    ...fields
      .filter((f) => f.kind === 'enum')
      .map((f) => {
        const values = ENUMS[f.enumName!].map((o) => (typeof o.value === 'number' ? String(o.value) : `'${o.value.replace(/'/g, "''")}'`));
        return check(`${def.table}_${snake(f.key)}_enum`, sql`${t[f.key]} in (${sql.raw(values.join(', '))})`);
      }),
  ]);
  TABLES.set(def.code, table);
  return table;
}
