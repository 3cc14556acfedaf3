import { ENUMS, type FieldDef, type ResourceDef } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tenants } from './schema/platform.js';

const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

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
  }
}

/**
 * The table of a declared resource: its fields as columns (NOT NULL when required, CHECKs for
 * lengths, number ranges and enum values), id (with tenant_id first for tenant-owned resources), unique indexes, time stamps.
 */
export function resourceTable<D extends ResourceDef>(def: D) {
  const tenant = def.owner === 'tenant';
  const cols: Record<string, ReturnType<typeof column> | ReturnType<typeof bigint>> = {};
  for (const f of def.list) {
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
            .references(() => tenants.id),
          id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
        }
      : { id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity() }),
    ...cols,
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  };
  // biome-ignore lint/suspicious/noExplicitAny: columns are built from data, drizzle cannot type them
  return pgTable(def.table, all as any, (t: any) => [
    ...(tenant ? [primaryKey({ columns: [t.tenantId, t.id] })] : []),
    ...def.list
      .filter((f) => f.unique)
      .map((f) => {
        const idx = uniqueIndex(`${def.table}_${snake(f.key)}_uq`);
        return tenant ? idx.on(t.tenantId, t[f.key]) : idx.on(t[f.key]);
      }),
    ...def.list
      .filter((f) => f.uniqueWithin)
      .map((f) => {
        const idx = uniqueIndex(`${def.table}_${snake(f.uniqueWithin!)}_${snake(f.key)}_uq`);
        return tenant ? idx.on(t.tenantId, t[f.uniqueWithin!], t[f.key]) : idx.on(t[f.uniqueWithin!], t[f.key]);
      }),
    ...def.list
      .filter((f) => (f.kind === 'text' || f.kind === 'textarea' || f.kind === 'password') && f.max)
      .map((f) => check(`${def.table}_${snake(f.key)}_len`, sql`char_length(${t[f.key]}) <= ${sql.raw(String(f.max))}`)),
    ...def.list
      .filter((f) => (f.kind === 'int' || f.kind === 'decimal') && (f.min !== undefined || f.max !== undefined))
      .map((f) => {
        const c = t[f.key];
        const low = f.min !== undefined ? sql`${c} >= ${sql.raw(String(Number(f.min)))}` : sql`true`;
        const high = f.max !== undefined ? sql`${c} <= ${sql.raw(String(Number(f.max)))}` : sql`true`;
        return check(`${def.table}_${snake(f.key)}_range`, sql`${low} and ${high}`);
      }),
    ...def.list
      .filter((f) => f.kind === 'enum')
      .map((f) => {
        const values = ENUMS[f.enumName!].map((o) => (typeof o.value === 'number' ? String(o.value) : `'${o.value.replace(/'/g, "''")}'`));
        return check(`${def.table}_${snake(f.key)}_enum`, sql`${t[f.key]} in (${sql.raw(values.join(', '))})`);
      }),
  ]);
}
