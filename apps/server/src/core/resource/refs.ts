import { inSentence, LANGS, type ResourceDef, translate } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { declarationOf, type RefKey, refKeyNamed, snake } from '../../db/resource-table.js';
import { type AppError, badRequest, conflict } from '../errors.js';

/** PostgreSQL's foreign key violation, and its ON DELETE RESTRICT form. */
const PG_FK = new Set(['23503', '23001']);
/** Rows named in a refusal; more are counted. */
const NAMED_ROWS = 3;

interface PgFkError {
  constraint: string;
  detail: string;
}

/** The foreign key violation inside an error (drizzle wraps the driver's error in `cause`). */
function fkError(err: unknown): PgFkError | undefined {
  let e = err as { code?: unknown; constraint?: unknown; detail?: unknown; cause?: unknown } | undefined;
  for (let i = 0; e && i < 4; i++) {
    if (typeof e.code === 'string' && PG_FK.has(e.code) && typeof e.constraint === 'string')
      return { constraint: e.constraint, detail: String(e.detail ?? '') };
    e = e.cause as typeof e;
  }
  return undefined;
}

/** The values of `Key (a, b)=(1, 2) …` in the error's detail. */
function keyValues(detail: string): string[] {
  const m = /\)=\((.*?)\)\s/.exec(detail);
  return m ? m[1].split(',').map((s) => s.trim()) : [];
}

/** How a row reads in a message: its title, with its unique code when it has one ("Acme (ACME)"). */
function rowLabel(def: ResourceDef, row: Record<string, unknown>, withCode = true): string {
  const title = String(row[snake(def.titleField)] ?? row.id);
  if (!withCode) return title;
  const code = def.list.find((f) => f.unique && f.key !== def.titleField && f.kind === 'text');
  const value = code ? row[snake(code.key)] : undefined;
  return value ? `${title} (${value})` : title;
}

async function rowsWhere(db: Db, def: ResourceDef, column: string, id: string, tenantId: string | undefined, limit: number) {
  const tenant = tenantId !== undefined && def.owner === 'tenant' ? sql` and tenant_id = ${tenantId}` : sql``;
  const res = await db.execute(
    sql`select * from ${sql.identifier(def.table)} where ${sql.identifier(column)} = ${id}${tenant} order by id limit ${limit}`,
  );
  return (res as unknown as { rows: Record<string, unknown>[] }).rows ?? (res as unknown as Record<string, unknown>[]);
}

/**
 * A delete refused by a 'restrict' reference: 409 "<X> “<name>” is used by <Y> <rows>". A write
 * naming a row that does not exist: 400 naming the field.
 */
async function describe(db: Db, key: RefKey, fk: PgFkError): Promise<AppError> {
  const target = declarationOf(key.target);
  const field = key.def.list.find((f) => f.key === key.field)!;
  const values = keyValues(fk.detail);
  const id = values[values.length - 1];
  const tenantId = values.length > 1 ? values[0] : undefined;
  const targetNames = target?.names ?? key.def.names;
  if (/is not present/.test(fk.detail)) {
    const message = Object.fromEntries(LANGS.map((l) => [l, translate(l, 'refs.missing', { what: inSentence(l, targetNames[l]), id })]));
    return badRequest('validation.field', { field: field.label, message }, { fields: [{ field: key.field, message: message.zh_CN }] });
  }
  const users = await rowsWhere(db, key.def, snake(key.field), id, tenantId, NAMED_ROWS + 1);
  const named = users.slice(0, NAMED_ROWS).map((r) => rowLabel(key.def, r));
  const more = users.length > NAMED_ROWS ? ' …' : '';
  const [row] = target ? await rowsWhere(db, target, 'id', id, tenantId, 1) : [];
  const by = Object.fromEntries(LANGS.map((l) => [l, inSentence(l, key.def.names[l])]));
  return conflict('refs.inUse', {
    what: targetNames,
    name: row && target ? rowLabel(target, row, false) : id,
    by,
    rows: named.join(', ') + more,
  });
}

/**
 * The one place a foreign key violation of a declared ref becomes a message: undefined when `err`
 * is not one (or its key was not declared through f.ref).
 */
export async function refViolation(db: Db, err: unknown): Promise<AppError | undefined> {
  const fk = fkError(err);
  const key = fk && refKeyNamed(fk.constraint);
  if (!fk || !key) return undefined;
  return describe(db, key, fk);
}

/** Whether the error is a foreign key violation of a declared ref (checked without the database). */
export const isRefViolation = (err: unknown): boolean => {
  const fk = fkError(err);
  return !!fk && !!refKeyNamed(fk.constraint);
};
