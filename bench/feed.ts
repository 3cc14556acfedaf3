// Feed list latency at volume: fills the device log (partitioned by day) with FEED_ROWS rows
// (default 10,000,000) by generate_series, in chunks, within FEED_FILL_SECONDS (default 900; the
// size reached is printed), then measures over HTTP the keyset list of 20 rows filtered by a time
// window (last 7 days) and one field: the first page, and a page deep in the window by cursor.
// Goal: p99 ≤ 50 ms. On PGlite by default; on PostgreSQL 15 with BENCH_PG_URL=<admin url>, or
// BENCH_PG=1 to start a throwaway server (scripts/lib/pg-server.mjs).
import { sql } from 'drizzle-orm';

const TARGET = Number(process.env.FEED_ROWS ?? 10_000_000);
const BUDGET_MS = Number(process.env.FEED_FILL_SECONDS ?? 900) * 1000;
const CHUNK = Number(process.env.FEED_CHUNK ?? 500_000);
const RUNS = Number(process.env.FEED_RUNS ?? 300);

let pgServer: { url: string; version: string; stop(): void } | undefined;
if (process.env.BENCH_PG === '1' && !process.env.BENCH_PG_URL) {
  // @ts-expect-error a plain .mjs helper of the repository's scripts
  const { startPostgres } = await import('../scripts/lib/pg-server.mjs');
  pgServer = await startPostgres();
  process.env.BENCH_PG_URL = pgServer!.url;
}
if (process.env.BENCH_PG_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_PG_URL;
const { startTestApp } = await import('../apps/server/test/support.js');
const { queryRows } = await import('../apps/server/src/db/client.js');
const { encodeCursor } = await import('../apps/server/src/core/feed/service.js');

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

const t = await startTestApp();
try {
  console.log(`database: ${t.database.describe}${pgServer ? ` (${pgServer.version})` : ''}`);
  const tenants = await queryRows<{ id: number }>(
    t.ctx.db,
    sql`select id::int as id from tenants where code in ('DEMO', 'ACME') order by id`,
  );
  const [a, b] = tenants.map((r) => r.id);
  // rows spread over the last 29 days (inside the feed's 30 days of daily partitions)
  const SPAN = 29 * 86_400;
  const t0 = performance.now();
  let rows = 0;
  while (rows < TARGET && performance.now() - t0 < BUDGET_MS) {
    const n = Math.min(CHUNK, TARGET - rows);
    await t.ctx.db.execute(
      sql.raw(`insert into device_log (tenant_id, created_at, device_code, event_type, level, message)
        select case when g % 2 = 0 then ${a} else ${b} end,
               now() - ((g::bigint * 7919) % ${SPAN}) * interval '1 second' - (g % 1000) * interval '1 millisecond',
               'RD-' || lpad((g % 2000)::text, 4, '0'),
               (array['online','offline','read','read','read','config','firmware','error'])[1 + g % 8],
               (array['info','info','info','warn','error'])[1 + g % 5],
               'bench event ' || g
        from generate_series(${rows + 1}, ${rows + n}) g`),
    );
    rows += n;
    const secs = (performance.now() - t0) / 1000;
    console.log(`  ${rows.toLocaleString('en')} rows in ${secs.toFixed(0)} s (${Math.round(rows / secs).toLocaleString('en')} rows/s)`);
  }
  await t.ctx.db.execute(sql`analyze device_log`);
  const fillSecs = (performance.now() - t0) / 1000;
  console.log(
    `filled ${rows.toLocaleString('en')} rows${rows < TARGET ? ` (of ${TARGET.toLocaleString('en')}: stopped at the ${BUDGET_MS / 1000} s budget)` : ''} in ${fillSecs.toFixed(0)} s`,
  );

  const token = await t.login('admin', 'admin123');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  const post = async (body: unknown) => {
    const s = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/api/general/log-device/list`, {
      method: 'POST',
      headers: { token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; data: { list: unknown[] } };
    if (json.code !== 200 || json.data.list.length !== 20) throw new Error(`unexpected answer ${JSON.stringify(json).slice(0, 200)}`);
    return performance.now() - s;
  };
  const measure = async (name: string, body: unknown) => {
    for (let i = 0; i < 20; i++) await post(body);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(await post(body));
    console.log(
      `${name}: p50 ${pct(times, 50).toFixed(1)} ms, p99 ${pct(times, 99).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms (${RUNS} requests)`,
    );
  };
  const window = [new Date(Date.now() - 7 * 86_400_000).toISOString(), new Date().toISOString()];
  // a cursor five days back: the page after it is deep in the window (no OFFSET walks there)
  const [deep] = await queryRows<{ at: string; id: number }>(
    t.ctx.db,
    sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id::int as id from device_log
        where created_at <= now() - interval '5 days' and created_at >= now() - interval '5 days 1 hour' order by created_at desc, id desc limit 1`,
  );
  const cursor = encodeCursor(deep.at, deep.id);
  console.log(`feed list at ${rows.toLocaleString('en')} rows, 20 rows a page, window of 7 days:`);
  await measure('  first page, eventType = error', { pageSize: 20, createdAt: window, eventType: 'error' });
  await measure('  deep page (cursor 5 days back), eventType = error', { pageSize: 20, createdAt: window, eventType: 'error', cursor });
  await measure('  first page, deviceCode contains RD-0042', { pageSize: 20, createdAt: window, deviceCode: 'RD-0042' });
  await measure('  deep page (cursor 5 days back), level = warn', { pageSize: 20, createdAt: window, level: 'warn', cursor });
} finally {
  await t.close();
  pgServer?.stop();
}
