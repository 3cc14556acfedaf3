// One database pass: it opens its own embedded PGlite whatever TEST_DATABASE_URL says (PostgreSQL partitions are made by the same SQL at every start of the PostgreSQL pass).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite, queryRows } from '../db/client.js';
import { loginLog } from '../db/schema/index.js';
import { ensurePartitions, prunePartitions } from './partitions.js';

describe('feed partitions (months)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPglite('memory');
    await database.migrate();
  });
  afterAll(() => database?.close());

  const parts = async () =>
    (
      await queryRows<{ name: string }>(
        database.db,
        sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent where p.relname = 'login_log' order by 1`,
      )
    ).map((r) => r.name);

  it('creates the months of the retention (6 months) to two months ahead, once', async () => {
    const now = new Date('2026-01-15T00:00:00Z');
    const created = await ensurePartitions(database.db, now);
    expect(created.filter((n) => n.startsWith('login_log'))).toEqual([
      'login_log_p202507',
      'login_log_p202508',
      'login_log_p202509',
      'login_log_p202510',
      'login_log_p202511',
      'login_log_p202512',
      'login_log_p202601',
      'login_log_p202602',
      'login_log_p202603',
    ]);
    expect(await ensurePartitions(database.db, now)).toEqual([]);
  });

  it('routes rows to their month and prunes whole old months only', async () => {
    await database.db.insert(loginLog).values([
      { tenantId: 0, username: 'a', result: 1, createdAt: new Date('2025-12-20T00:00:00Z') },
      { tenantId: 0, username: 'b', result: 1, createdAt: new Date('2026-01-20T00:00:00Z') },
    ]);
    const dropped = await prunePartitions(database.db, 30, new Date('2026-02-10T00:00:00Z'));
    expect(dropped).toContain('login_log_p202512');
    expect(dropped).not.toContain('login_log_p202601');
    expect(await parts()).not.toContain('login_log_p202512');
    const left = await database.db.select().from(loginLog);
    expect(left.map((r) => r.username)).toEqual(['b']);
  });

  it("caps the logs' retention only: the operator's 30 days leave the lifecycle, the book's journal and a count's EPCs their months", async () => {
    const now = new Date('2026-01-15T00:00:00Z');
    const dropped = await prunePartitions(database.db, 30, now);
    expect(dropped.filter((n) => /^(label_tag_events|stock_moves|pos_transactions|stock_count_epcs)_p/.test(n))).toEqual([]);
    const kept = async (table: string) =>
      (
        await queryRows<{ name: string }>(
          database.db,
          sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
               where p.relname = ${table} order by 1`,
        )
      ).map((r) => r.name);
    // a count's EPCs: 13 months back (the test before pruned at 2026-02-10), on to the months ahead
    expect(await kept('stock_count_epcs')).toEqual(expect.arrayContaining(['stock_count_epcs_p202501', 'stock_count_epcs_p202602']));
    expect(await kept('stock_count_epcs')).not.toContain('stock_count_epcs_p202411');
    // 13 months after January 2025 ended, that month goes
    expect(await prunePartitions(database.db, 30, new Date('2026-03-15T00:00:00Z'))).toContain('stock_count_epcs_p202501');
  });
});
