// The fitting rooms' speed goals (issue 32, ../shared/operations.md §8): at FR_STORES (200) stores
// × 3 cabins × 12 opening hours, FR_SESSIONS_PER_STORE (30) sessions a store and day — about 6,000
// sessions a day, 2 to 4 garments each (3 on average) — for FR_DAYS (90) days, written in SQL in
// bulk (generate_series, FR_CHUNK_DAYS days a statement; not through the fold) for DEMO:
//   rollup   one day's rollup (rollupDay: fr_sku_daily and fr_store_hourly of every store, one
//            transaction) ≤ 10 s on PostgreSQL; and the hourly job's way, a store a transaction, then
//            the whole tenant's rollups, /api/health asked back to back beside it;
//   reports  smart-store/top, trend, turnover (and statistics) over the 90 days, every store and one
//            store, over loopback HTTP: p99 ≤ 200 ms (FR_RUNS (100) calls each).
// Every day is rolled up before the reports are timed (the days' times printed: min, p50, max).
//   npm run bench:fitting -w bench                  (PGlite in memory; BENCH_DISK=1: on disk)
//   BENCH_PG=1 npm run bench:fitting -w bench       (PostgreSQL 15)
// FR_EXPLAIN=1 prints the plans of the reports' queries over the rollups.
import { FITTING_SESSION_STATUS, LOCATION_KIND } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { askServerWhile, benchDatabase, demoTenants, explainRequest, loadAverage, pct, printFloor } from './lib.js';

const STORES = Number(process.env.FR_STORES ?? 200);
const PER_STORE = Number(process.env.FR_SESSIONS_PER_STORE ?? 30);
const DAYS = Number(process.env.FR_DAYS ?? 90);
const CHUNK_DAYS = Number(process.env.FR_CHUNK_DAYS ?? 5);
const RUNS = Number(process.env.FR_RUNS ?? 100);
const SKUS = Number(process.env.FR_SKUS ?? 3000);
/** Session ids of the bench begin here (the demo's own are far below). */
const BASE = 50_000_000;
const TZ = 'Asia/Shanghai';

const pgServer = await benchDatabase();
const { startTestApp } = await import('../apps/server/test/support.js');
const { queryRows } = await import('../apps/server/src/db/client.js');
const { rollupDay, rollupTenantDay } = await import('../apps/server/src/modules/smart-store/reports/part.js');
const { addDays, localDay } = await import('../apps/server/src/modules/store/reports/aggregate.js');

const t = await startTestApp();
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
try {
  console.log(`database: ${t.database.describe}${pgServer ? ` (${pgServer.version})` : ''}`);
  const { demo: D } = await demoTenants(t);
  const run = (text: string) => t.ctx.db.execute(sql.raw(text));
  const today = localDay(new Date(), TZ);
  const first = addDays(today, -DAYS);
  const perDay = STORES * PER_STORE;
  const t0 = performance.now();
  await run(`update tenants set time_zone = '${TZ}' where id = ${D}`);
  await run(`insert into locations (tenant_id, code, name, kind, status, city)
      select ${D}, 'FRB' || lpad(g::text, 3, '0'), 'Fitting bench ' || g, ${LOCATION_KIND.STORE}, 1, 'Bench'
        from generate_series(1, ${STORES}) g`);
  await run(`create table bench_fr_stores as
      select (substr(code, 4)::int - 1) as n, id from locations where tenant_id = ${D} and code like 'FRB%' and kind = ${LOCATION_KIND.STORE}`);
  await run('create unique index on bench_fr_stores (n)');
  await run(`insert into fr_areas (tenant_id, store_id, name, cabin_count, opens_at, closes_at)
      select ${D}, id, 'Fitting area', 3, '10:00', '22:00' from bench_fr_stores`);
  await run(`create table bench_fr_skus as
      select (row_number() over (order by id) - 1)::int as n, id as sku_id, goods_id as style_id
        from goods_skus where tenant_id = ${D} order by id limit ${SKUS}`);
  await run('create unique index on bench_fr_skus (n)');
  const [{ n: skus }] = await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from bench_fr_skus`);
  // a session g: day g / perDay, store (g / PER_STORE) % STORES, its k-th garment of 2 + g % 3 + 1
  const items = (g: string) => `select k,
        ((${g} * 31 + k * 7) % 10 < 8)::int as tried,
        ((${g} * 31 + k * 7) % 10 < 8 and (${g} * 17 + k * 5) % 10 < 4)::int as bought,
        ((${g} * 31 + k * 7) % 10 < 8 and not (${g} * 17 + k * 5) % 10 < 4 and (${g} * 13 + k) % 15 = 0)::int as swapped,
        40 + (${g} * 7 + k * 11) % 300 as dwell,
        ((${g} * 7919 + k * 104729 + ((${g} / ${PER_STORE}) % ${STORES}) * 13) % ${skus})::int as sku_n
      from generate_series(0, 1 + ${g} % 3) k`;
  const start = (g: string) =>
    `(('${first}'::date + (${g} / ${perDay})::int)::timestamp at time zone '${TZ}') + interval '10 hours' + (((${g} % ${PER_STORE}) * 24 + (${g} * 7919) % 20) * interval '1 minute')`;
  for (let d = 0; d < DAYS; d += CHUNK_DAYS) {
    const lo = d * perDay;
    const hi = Math.min(DAYS, d + CHUNK_DAYS) * perDay - 1;
    await run(`insert into fr_sessions (tenant_id, id, code, store_id, started_at, ended_at, last_at, dwell_s, items, tried, bought, swapped, amount_bought, status)
        select ${D}, ${BASE} + g, 'FRB' || g, s.id, ${start('g')}, ${start('g')} + (60 + (g * 7919) % 420) * interval '1 second',
               ${start('g')} + (60 + (g * 7919) % 420) * interval '1 second', 60 + (g * 7919) % 420,
               a.items, a.tried, a.bought, a.swapped, a.bought * 199, ${FITTING_SESSION_STATUS.CLOSED}
          from generate_series(${lo}::bigint, ${hi}::bigint) g
          join bench_fr_stores s on s.n = (g / ${PER_STORE}) % ${STORES}
          cross join lateral (select count(*)::int as items, sum(tried)::int as tried, sum(bought)::int as bought, sum(swapped)::int as swapped
                                from (${items('g')}) i) a`);
    await run(`insert into fr_session_items (tenant_id, session_id, epc, sku_id, style_id, first_at, last_at, reads, dwell_s, tried, bought, swapped, amount)
        select ${D}, ${BASE} + g, 'E' || lpad(to_hex(g * 4 + i.k), 20, '0'), k.sku_id, k.style_id, ${start('g')}, ${start('g')} + i.dwell * interval '1 second',
               i.dwell / 2, i.dwell, i.tried, i.bought, i.swapped, case when i.bought = 1 then 199 end
          from generate_series(${lo}::bigint, ${hi}::bigint) g
          cross join lateral (${items('g')}) i
          join bench_fr_skus k on k.n = i.sku_n`);
  }
  await run('analyze fr_sessions');
  await run('analyze fr_session_items');
  const [{ sessions, garments }] = await queryRows<{ sessions: number; garments: number }>(
    t.ctx.db,
    sql`select (select count(*)::int from fr_sessions where tenant_id = ${D} and id >= ${BASE}) as sessions,
               (select count(*)::int from fr_session_items where tenant_id = ${D} and session_id >= ${BASE}) as garments`,
  );
  console.log(
    `filled ${sessions.toLocaleString('en')} sessions, ${garments.toLocaleString('en')} garments (${STORES} stores, ${DAYS} days, ${skus} SKUs) in ${secs(performance.now() - t0)}`,
  );

  // every day rolled up (the reports read them); each day's time
  const dayTimes: number[] = [];
  for (let d = 0; d < DAYS; d++) {
    const s = performance.now();
    await rollupDay(t.ctx.db, D, addDays(first, d));
    dayTimes.push(performance.now() - s);
  }
  await run('analyze fr_sku_daily');
  await run('analyze fr_store_hourly');
  const [{ skuRows, hourRows }] = await queryRows<{ skuRows: number; hourRows: number }>(
    t.ctx.db,
    sql`select (select count(*)::int from fr_sku_daily where tenant_id = ${D}) as "skuRows", (select count(*)::int from fr_store_hourly where tenant_id = ${D}) as "hourRows"`,
  );
  console.log(
    `rollup, a day of ${perDay.toLocaleString('en')} sessions, all stores in one transaction: min ${secs(Math.min(...dayTimes))}, p50 ${secs(pct(dayTimes, 50))}, max ${secs(Math.max(...dayTimes))} (${DAYS} days; goal ≤ 10 s) → ${skuRows.toLocaleString('en')} SKU-day rows, ${hourRows.toLocaleString('en')} store-hour rows`,
  );
  // again (idempotent), and the hourly job's way: a store a transaction
  const again = performance.now();
  await rollupDay(t.ctx.db, D, addDays(first, DAYS - 1));
  const againMs = performance.now() - again;
  const ids = (await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from bench_fr_stores order by n`)).map((r) => r.id);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;
  const chunks: number[] = [];
  const job = performance.now();
  const jobWay = async () => {
    for (const id of ids) {
      const s = performance.now();
      await rollupDay(t.ctx.db, D, addDays(first, DAYS - 1), [id], { tenantTotals: false });
      chunks.push(performance.now() - s);
    }
    const whole = performance.now();
    await rollupTenantDay(t.ctx.db, D, addDays(first, DAYS - 1));
    return performance.now() - whole;
  };
  const idle = await askServerWhile(base, '/api/health', new Promise((r) => setTimeout(r, 2000)));
  const running = jobWay();
  const health = await askServerWhile(base, '/api/health', running);
  const wholeMs = await running;
  console.log(
    `rollup of the last day again: ${secs(againMs)}; store by store (the job's way): ${secs(performance.now() - job)} in all, a store p50 ${pct(chunks, 50).toFixed(1)} ms, max ${Math.max(...chunks).toFixed(1)} ms, then the whole tenant's day and week ${secs(wholeMs)}`,
  );

  console.log(
    `  /api/health beside it (a server process's other callers): p50 ${pct(health, 50).toFixed(1)} ms, p99 ${pct(health, 99).toFixed(1)} ms, max ${Math.max(...health).toFixed(1)} ms (${health.length} calls; idle p99 ${pct(idle, 99).toFixed(1)} ms)`,
  );
  const demoToken = await t.login('demo', 'demo123');
  await printFloor(base, demoToken, RUNS);
  const range = { from: addDays(today, -(DAYS - 1)), to: today };
  const post = async (path: string, body: unknown) => {
    const s = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/api/smart-store/${path}`, {
      method: 'POST',
      headers: { token: demoToken, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; data: { rows: unknown[] } };
    if (json.code !== 200 || !Array.isArray(json.data.rows)) throw new Error(`unexpected answer ${JSON.stringify(json).slice(0, 300)}`);
    return performance.now() - s;
  };
  const measure = async (name: string, path: string, body: Record<string, unknown>) => {
    if (process.env.FR_EXPLAIN === '1')
      for (const table of ['fr_sku_daily', 'fr_store_hourly', 'fr_sku_period', 'fr_store_daily', 'fr_tenant_hourly'])
        await explainRequest(t, demoToken, `/api/smart-store/${path}`, body, table);
    for (let i = 0; i < 5; i++) await post(path, body);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(await post(path, body));
    console.log(
      `  ${name}: p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms, p99 ${pct(times, 99).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`,
    );
  };
  const one = { ...range, storeId: ids[0] };
  console.log(`reports over ${DAYS} days (${range.from} … ${range.to}), ${RUNS} calls each (goal p99 ≤ 200 ms):`);
  await measure('top, styles by tries, every store', 'top/query', { ...range, by: 'tries' });
  await measure('top, SKUs by conversion (≥ 20 tries), every store', 'top/query', { ...range, by: 'conversion', level: 'sku' });
  await measure('top, styles by tried-not-bought, one store', 'top/query', { ...one, by: 'triedNotBought' });
  await measure('trend, by day, every store', 'trend/query', range);
  await measure('trend, by week, one store', 'trend/query', { ...one, period: 'week' });
  await measure('turnover, every store', 'turnover/query', range);
  await measure('turnover, one store', 'turnover/query', one);
  await measure('statistics, every store', 'statistics/query', range);
  console.log(`load average: ${loadAverage()}`);
} finally {
  await t.close();
  pgServer?.stop();
}
