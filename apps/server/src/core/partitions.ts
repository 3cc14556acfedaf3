/**
 * Partitions of the partitioned tables (declared in packages/domain/src/feed: the feeds' and a
 * count's EPCs): each is partitioned by range on created_at, by day or by month. One function
 * keeps them: partitions from the start of the retention period to `ahead` units past today are
 * created, whole partitions that ended before the retention are dropped. The operator's cap
 * (LOG_RETENTION_DAYS) shortens the logs' retention only.
 */
import { DAY_MS, PARTITIONED_TABLES, type PartitionedTable, retentionDays } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client.js';

type Unit = PartitionedTable['partition']['by'];
const start = (d: Date, by: Unit, add = 0) =>
  by === 'month'
    ? new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + add, 1))
    : new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + add));
const pad = (n: number) => String(n).padStart(2, '0');
/** `device_log_p20260115` (a day) or `login_log_p202601` (a month) */
export const partitionName = (table: string, from: Date, by: Unit) =>
  `${table}_p${from.getUTCFullYear()}${pad(from.getUTCMonth() + 1)}${by === 'day' ? pad(from.getUTCDate()) : ''}`;

/** The end of a partition named by partitionName (either unit), or undefined for another name. */
function partitionEnd(name: string): Date | undefined {
  const m = /_p(\d{4})(\d{2})(\d{2})?$/.exec(name);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), m[3] ? Number(m[3]) : undefined];
  return d === undefined ? new Date(Date.UTC(y, mo, 1)) : new Date(Date.UTC(y, mo - 1, d + 1));
}

const PG_DUPLICATE_TABLE = '42P07';
/** "would overlap partition": an older partition (e.g. a month before the feed went by day) covers the range */
const PG_INVALID_OBJECT_DEFINITION = '42P17';

/** The partitions of each of `feeds`' tables, in one look at the catalog: table → partition names. */
async function partitionsOf(db: Tx, feeds: readonly PartitionedTable[]): Promise<Map<string, string[]>> {
  const tables = feeds.map((f) => f.table);
  const rows = await queryRows<{ parent: string; name: string }>(
    db,
    sql`select p.relname as parent, c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent where p.relname in (${sql.join(
      tables.map((t) => sql`${t}`),
      sql`, `,
    )})`,
  );
  const found = new Map<string, string[]>(tables.map((t) => [t, []]));
  for (const r of rows) found.get(r.parent)?.push(r.name);
  return found;
}

/** Create one feed's missing partitions (`existing`: those it has), from its retention start to `ahead` units after now. */
async function createFor(db: Tx, feed: PartitionedTable, now: Date, cutoffDays: number, existing: ReadonlySet<string>): Promise<string[]> {
  const { by, ahead = 2 } = feed.partition;
  const created: string[] = [];
  const first = start(new Date(now.getTime() - cutoffDays * DAY_MS), by);
  for (let i = 0, from = first; from <= start(now, by, ahead); i++, from = start(first, by, i)) {
    const name = partitionName(feed.table, from, by);
    if (existing.has(name)) continue;
    const to = start(from, by, 1);
    if (to.getTime() <= now.getTime() - cutoffDays * DAY_MS) continue; // already past retention
    try {
      await db.execute(
        sql.raw(
          `CREATE TABLE IF NOT EXISTS "${name}" PARTITION OF "${feed.table}" FOR VALUES FROM ('${from.toISOString()}') TO ('${to.toISOString()}')`,
        ),
      );
      created.push(name);
    } catch (err) {
      const code = (err as { code?: string }).code;
      // another process created it first, or an older partition already covers the range
      if (code !== PG_DUPLICATE_TABLE && code !== PG_INVALID_OBJECT_DEFINITION) throw err;
    }
  }
  return created;
}

/** Drop one feed's partitions (`parts`: those it has) that ended before its retention. */
async function dropFor(db: Tx, now: Date, days: number, parts: readonly string[]): Promise<string[]> {
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const dropped: string[] = [];
  for (const name of parts) {
    const end = partitionEnd(name);
    if (end && end <= cutoff) {
      await db.execute(sql.raw(`DROP TABLE IF EXISTS "${name}"`));
      dropped.push(name);
    }
  }
  return dropped.sort();
}

export interface PartitionOptions {
  now?: Date;
  /** an operator's cap on the logs' retention, in days (LOG_RETENTION_DAYS) */
  maxRetentionDays?: number;
  /** the tables to keep (default: every partitioned table) */
  feeds?: readonly PartitionedTable[];
}

const retentionOf = (feed: PartitionedTable, cap?: number) =>
  Math.min(retentionDays(feed.partition.retention), (feed.partition.logs && cap) || Number.POSITIVE_INFINITY);

/** The one maintenance of feed partitions: creates those ahead, drops those past each feed's retention. */
export async function maintainPartitions(db: Tx, opts: PartitionOptions = {}): Promise<{ created: string[]; dropped: string[] }> {
  const now = opts.now ?? new Date();
  const feeds = opts.feeds ?? PARTITIONED_TABLES;
  const existing = await partitionsOf(db, feeds);
  const created: string[] = [];
  const dropped: string[] = [];
  for (const feed of feeds) {
    const days = retentionOf(feed, opts.maxRetentionDays);
    const parts = existing.get(feed.table) ?? [];
    dropped.push(...(await dropFor(db, now, days, parts)));
    // a partition just dropped ended before the retention: createFor passes it by anyway
    created.push(...(await createFor(db, feed, now, days, new Set(parts))));
  }
  return { created, dropped };
}

/** The partitions every feed needs now (at startup and hourly); see maintainPartitions. */
export async function ensurePartitions(
  db: Tx,
  now = new Date(),
  feeds: readonly PartitionedTable[] = PARTITIONED_TABLES,
): Promise<string[]> {
  const existing = await partitionsOf(db, feeds);
  const created: string[] = [];
  for (const feed of feeds) created.push(...(await createFor(db, feed, now, retentionOf(feed), new Set(existing.get(feed.table)))));
  return created;
}

/** Drops the partitions past each table's retention (a log's capped by `maxRetentionDays` when given). */
export async function prunePartitions(
  db: Tx,
  maxRetentionDays?: number,
  now = new Date(),
  feeds: readonly PartitionedTable[] = PARTITIONED_TABLES,
): Promise<string[]> {
  const existing = await partitionsOf(db, feeds);
  const dropped: string[] = [];
  for (const feed of feeds) dropped.push(...(await dropFor(db, now, retentionOf(feed, maxRetentionDays), existing.get(feed.table) ?? [])));
  return dropped;
}
