import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client.js';
import { PARTITIONED_TABLES } from '../db/schema/index.js';

const monthStart = (d: Date, add = 0) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + add, 1));
const suffix = (d: Date) => `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

/** Monthly partitions from last month to two months ahead, for every partitioned log table. */
export async function ensurePartitions(db: Tx, now = new Date()): Promise<string[]> {
  const created: string[] = [];
  for (const table of PARTITIONED_TABLES) {
    for (let m = -1; m <= 2; m++) {
      const from = monthStart(now, m);
      const to = monthStart(now, m + 1);
      const name = `${table}_p${suffix(from)}`;
      try {
        const exists = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from pg_class where relname = ${name}`);
        if (exists[0]?.n) continue;
        await db.execute(
          sql.raw(
            `CREATE TABLE IF NOT EXISTS "${name}" PARTITION OF "${table}" FOR VALUES FROM ('${from.toISOString()}') TO ('${to.toISOString()}')`,
          ),
        );
        created.push(name);
      } catch (err) {
        // another process created it first
        if ((err as { code?: string }).code !== '42P07') throw err;
      }
    }
  }
  return created;
}

/** Drop whole monthly partitions that ended before the retention window. */
export async function prunePartitions(db: Tx, retentionDays: number, now = new Date()): Promise<string[]> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  const dropped: string[] = [];
  for (const table of PARTITIONED_TABLES) {
    const parts = await queryRows<{ name: string }>(
      db,
      sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent where p.relname = ${table}`,
    );
    for (const { name } of parts) {
      const m = /_p(\d{4})(\d{2})$/.exec(name);
      if (!m) continue;
      const end = new Date(Date.UTC(Number(m[1]), Number(m[2]), 1));
      if (end <= cutoff) {
        await db.execute(sql.raw(`DROP TABLE IF EXISTS "${name}"`));
        dropped.push(name);
      }
    }
  }
  return dropped;
}
