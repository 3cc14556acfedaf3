// Feed list latency at volume: fills the device log (partitioned by day) with FEED_ROWS rows
// (default 10,000,000) by generate_series, in time-ordered chunks, within FEED_FILL_SECONDS (default
// 900; the size reached is printed), the table's indexes dropped for the fill and built again after
// it; then measures over HTTP the keyset list of 20 rows filtered by a time window (last 7 days) and
// one field: the first page, and a page deep in the window by cursor, beside the floor of a plain
// signed-in request under the same load. Goal: p99 ≤ 50 ms. On PGlite by default; on PostgreSQL 15
// with BENCH_PG_URL=<admin url>, or BENCH_PG=1 to start a throwaway server (scripts/lib/pg-server.mjs).
// FEED_EXPLAIN=1 prints the plan of each list's query (EXPLAIN ANALYZE, BUFFERS).
import { sql } from 'drizzle-orm';
import { benchDatabase, demoTenants, explainRequest, loadAverage, pct, printFloor } from './lib.js';

const TARGET = Number(process.env.FEED_ROWS ?? 10_000_000);
const BUDGET_MS = Number(process.env.FEED_FILL_SECONDS ?? 900) * 1000;
const CHUNK = Number(process.env.FEED_CHUNK ?? 500_000);
const RUNS = Number(process.env.FEED_RUNS ?? 300);

const pgServer = await benchDatabase();
const { startTestApp } = await import('../apps/server/test/support.js');
const { queryRows } = await import('../apps/server/src/db/client.js');
const { encodeCursor } = await import('../apps/server/src/core/feed/service.js');

const t = await startTestApp();
try {
  console.log(`database: ${t.database.describe}${pgServer ? ` (${pgServer.version})` : ''}`);
  const { demo: a, acme: b } = await demoTenants(t);
  // rows spread over the last 29 days (inside the feed's 30 days of daily partitions), written in
  // time order a slice of the span at a time: each index then grows at its right edge instead of
  // taking random inserts (the fill of random times reached 2.5M rows on PGlite in 900 s)
  const SPAN_MS = 29 * 86_400_000;
  const end = Date.now() - 60_000;
  const t0 = performance.now();
  // the indexes (the schema's, read from the catalog) are dropped for the fill and built again
  // after it, by sorting, before anything is measured (FEED_LATE_INDEXES=0 keeps them during the fill)
  const late = process.env.FEED_LATE_INDEXES !== '0';
  const indexes = await queryRows<{ name: string; def: string; pk: boolean }>(
    t.ctx.db,
    sql`select i.relname as name, pg_get_indexdef(i.oid) as def, coalesce(c.contype = 'p', false) as pk
        from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class p on p.oid = x.indrelid
        left join pg_constraint c on c.conindid = i.oid where p.relname = 'device_log'`,
  );
  const pk = await queryRows<{ name: string; def: string }>(
    t.ctx.db,
    sql`select conname as name, pg_get_constraintdef(oid) as def from pg_constraint where conrelid = 'device_log'::regclass and contype = 'p'`,
  );
  if (late) {
    for (const i of indexes) if (!i.pk) await t.ctx.db.execute(sql.raw(`drop index "${i.name}"`));
    for (const c of pk) await t.ctx.db.execute(sql.raw(`alter table device_log drop constraint "${c.name}"`));
  }
  let rows = 0;
  while (rows < TARGET && performance.now() - t0 < BUDGET_MS) {
    const n = Math.min(CHUNK, TARGET - rows);
    // this chunk's slice of the span, newest slices first (a fill cut by the budget still covers
    // the recent days the lists read), rows evenly spaced and ascending inside it
    const from = end - ((rows + n) / TARGET) * SPAN_MS;
    const step = SPAN_MS / TARGET;
    await t.ctx.db.execute(
      sql.raw(`insert into device_log (tenant_id, created_at, device_code, event_type, level, message)
        select case when g % 2 = 0 then ${a} else ${b} end,
               to_timestamp(${from / 1000}) + (g - ${rows + 1}) * interval '${step.toFixed(6)} milliseconds',
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
  if (late) {
    const i0 = performance.now();
    await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local maintenance_work_mem = '512MB'`);
      for (const c of pk) await tx.execute(sql.raw(`alter table device_log add constraint "${c.name}" ${c.def}`));
      for (const i of indexes) if (!i.pk) await tx.execute(sql.raw(i.def.replace(' ON ONLY ', ' ON ')));
    });
    console.log(`  indexes (${indexes.length}) built in ${((performance.now() - i0) / 1000).toFixed(0)} s`);
  }
  await t.ctx.db.execute(sql`vacuum analyze device_log`);
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
  // FEED_EXPLAIN=1: the plan of each list's query, as the service sends it (EXPLAIN ANALYZE, BUFFERS)
  const explain = (body: unknown) => explainRequest(t, token, '/api/general/log-device/list', body, 'device_log');
  const measure = async (name: string, body: unknown) => {
    if (process.env.FEED_EXPLAIN === '1') await explain(body);
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
  await printFloor(`http://127.0.0.1:${port}`, token, RUNS);
  console.log(`feed list at ${rows.toLocaleString('en')} rows, 20 rows a page, window of 7 days:`);
  await measure('  first page, eventType = error', { pageSize: 20, createdAt: window, eventType: 'error' });
  await measure('  deep page (cursor 5 days back), eventType = error', { pageSize: 20, createdAt: window, eventType: 'error', cursor });
  await measure('  first page, deviceCode RD-0042 (starts with)', { pageSize: 20, createdAt: window, deviceCode: 'RD-0042' });
  await measure('  deep page (cursor 5 days back), level = warn', { pageSize: 20, createdAt: window, level: 'warn', cursor });
  console.log(`load average: ${loadAverage()}`);
} finally {
  await t.close();
  pgServer?.stop();
}
