// One database pass: it opens its own embedded PGlite whatever TEST_DATABASE_URL says (on PostgreSQL autovacuum keeps the statistics; analyzeStale does nothing there, asserted here too).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite, queryRows } from './client.js';
import { analyzeStale, staleTables } from './statistics.js';

describe('planner statistics on embedded PGlite (no autovacuum)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPglite('memory');
    await database.db.execute(sql`create table stats_grown (id int primary key, note text)`);
    await database.db.execute(sql`create table stats_empty (id int primary key)`);
    await database.db.execute(sql`create table stats_parts (at date not null, n int) partition by range (at)`);
    await database.db.execute(sql`create table stats_parts_2026 partition of stats_parts for values from ('2026-01-01') to ('2027-01-01')`);
  });
  afterAll(async () => {
    await database?.close();
  });

  const estimate = async (table: string) =>
    Number((await queryRows<{ n: number }>(database.db, sql`select reltuples::float8 as n from pg_class where relname = ${table}`))[0].n);

  it('analyzes a table holding rows it never analyzed, again once it grew by more than a fifth, and a partitioned parent once', async () => {
    await database.db.execute(sql`insert into stats_grown select g, repeat('x', 40) from generate_series(1, 5000) g`);
    await database.db.execute(sql`insert into stats_parts_2026 select date '2026-03-01' + (g % 300), g from generate_series(1, 3000) g`);
    // PGlite never analyzed them by itself: the planner does not know their rows
    expect(await estimate('stats_grown')).toBe(-1);
    const first = await staleTables(database.db);
    expect(first).toEqual(['stats_parts_2026', 'stats_grown', 'stats_parts']);
    expect(first).not.toContain('stats_empty');
    expect(await analyzeStale(database)).toEqual(first);
    expect(await estimate('stats_grown')).toBe(5000);
    expect(await staleTables(database.db)).toEqual([]);
    // a few rows more: left as it is; twice the rows: analyzed again, the parent not (its partition is)
    await database.db.execute(sql`insert into stats_grown select g, 'y' from generate_series(5001, 5010) g`);
    expect(await staleTables(database.db)).toEqual([]);
    await database.db.execute(sql`insert into stats_grown select g, repeat('z', 40) from generate_series(5011, 10000) g`);
    await database.db.execute(sql`insert into stats_parts_2026 select date '2026-03-01' + (g % 300), g from generate_series(1, 6000) g`);
    expect(await analyzeStale(database)).toEqual(['stats_parts_2026', 'stats_grown']);
    expect(await estimate('stats_grown')).toBe(10000);
    expect(await estimate('stats_parts_2026')).toBe(9000);
    // on PostgreSQL it is autovacuum's work
    expect(await analyzeStale({ kind: 'pg', db: database.db })).toEqual([]);
  });
});
