/**
 * Planner statistics on embedded PGlite. PGlite runs PostgreSQL as a single backend: no autovacuum,
 * so no table is ever analyzed by itself (and the statistics counters autovacuum would read stay at
 * zero). Left so, the planner keeps judging a table by what it held when it was last analyzed, or
 * by guesses when it never was, and picks plans that read a whole tenant's rows where an index
 * finds a few (an ASN import's bindings: 0.3–3 ms a row). Here a table is analyzed again when its
 * size has moved from what its last ANALYZE saw by more than a fifth (and STALE_PAGES pages), or it
 * holds rows and was never analyzed — after the startup's seed, and every STATISTICS_EVERY_MS (the
 * job maintenance.statistics) — one table a statement, giving way to requests between them.
 * A partitioned parent is analyzed once, when it never was (a fresh database: analyzing one reads a
 * sample of every partition); its partitions are tables like the others.
 * PostgreSQL's autovacuum does this there: nothing runs on it.
 */
import { setImmediate as giveWay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from './client.js';

/** How often the job looks for tables whose statistics are stale. */
export const STATISTICS_EVERY_MS = 10 * 60_000;
/** A table whose size moved by less than this many pages is left as it is. */
const STALE_PAGES = 8;
/** A table whose size moved by less than this share of its size at its last ANALYZE is left as it is. */
const STALE_SHARE = 0.2;

/** The tables of the schema whose statistics are stale (see the file's head): the tables smallest first, then the parents. */
export async function staleTables(db: Db): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select name from (
          select c.relname as name, 0 as parent, c.reltuples, c.relpages,
                 pg_relation_size(c.oid) / current_setting('block_size')::int as pages
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = current_schema() and c.relkind = 'r'
          union all
          select c.relname, 1, c.reltuples, 0, 0
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = current_schema() and c.relkind = 'p' and c.reltuples < 0) t
         where (parent = 1 or pages > 0) and (reltuples < 0 or abs(pages - relpages) > greatest(${STALE_PAGES}::float8, relpages * ${STALE_SHARE}::float8))
         order by parent, pages, name`,
  );
  return rows.map((r) => r.name);
}

/**
 * Analyzes the tables whose statistics are stale, one a statement, giving way between them;
 * answers their names. On PostgreSQL (autovacuum's work) it does nothing.
 */
export async function analyzeStale(database: { kind: 'pglite' | 'pg'; db: Db }): Promise<string[]> {
  if (database.kind !== 'pglite') return [];
  const names = await staleTables(database.db);
  for (const name of names) {
    await database.db.execute(sql`analyze ${sql.identifier(name)}`);
    // a macrotask: requests waiting for the event loop, and through it for the database, get their turn
    await giveWay();
  }
  return names;
}
