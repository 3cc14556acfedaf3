import { count, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';

/** Rows a list counts exactly; past them its total is the planner's estimate (see pageTotal). */
export const LIST_COUNT_CAP = 10_000;

/** The planner's estimate of the rows of `table` matching `where` (no row is read). */
async function planEstimate(db: Db, table: PgTable, where: SQL | undefined): Promise<number | undefined> {
  try {
    const res = (await db.execute(sql`explain (format json) select 1 from ${table} ${where ? sql`where ${where}` : sql``}`)) as {
      rows: Record<string, unknown>[];
    };
    const raw = Object.values(res.rows[0] ?? {})[0];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[];
    const n = plan?.[0]?.Plan?.['Plan Rows'];
    return typeof n === 'number' ? Math.round(n) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The total of a list whose page (`rows` rows at `offset`, `pageSize` asked) was just read. Exact up
 * to LIST_COUNT_CAP rows, and no count at all when the page is not full (offset + rows); past the
 * cap the planner's estimate (never below the cap + 1), with `estimated` set: counting a million
 * rows for a pager costs more than the page.
 */
export async function pageTotal(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  page: { offset: number; rows: number; pageSize: number },
): Promise<{ total: number; estimated?: true }> {
  const { offset, rows, pageSize } = page;
  if (rows < pageSize && !(rows === 0 && offset > 0)) return { total: offset + rows };
  const capped = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(LIST_COUNT_CAP + 1)
    .as('capped');
  const [{ total }] = await db.select({ total: count() }).from(capped);
  if (total <= LIST_COUNT_CAP) return { total };
  return { total: Math.max(LIST_COUNT_CAP + 1, (await planEstimate(db, table, where)) ?? 0), estimated: true };
}
