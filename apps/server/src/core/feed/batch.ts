import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';

/** PostgreSQL takes at most 65,535 parameters a statement. */
const MAX_PARAMS = 65_000;

/**
 * Appends rows to a feed's table in multi-row INSERTs (as many rows a statement as the parameter
 * limit allows), so a batch of events costs a few statements, not one per row. Returns the count.
 */
export async function insertBatch<T extends PgTable>(db: Tx, table: T, rows: T['$inferInsert'][]): Promise<number> {
  if (!rows.length) return 0;
  const width = Math.max(1, ...rows.map((r) => Object.keys(r as object).length));
  const per = Math.max(1, Math.floor(MAX_PARAMS / width));
  for (let i = 0; i < rows.length; i += per) await db.insert(table).values(rows.slice(i, i + per));
  return rows.length;
}
