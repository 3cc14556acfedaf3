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
});
