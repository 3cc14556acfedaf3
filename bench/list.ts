// Resource list latency at volume: fills the RFID equipment (a declared, tenant-owned resource with
// filters and sorts) with LIST_ROWS rows (default 1,000,000) for the tenant DEMO plus a fifth as
// many for ACME, by generate_series in chunks, then measures over HTTP `POST /api/rfid/equipment/list`
// (20 rows a page, a filter and a sort): the first page and a deep page, p50/p95/p99.
// Goal: p99 ≤ 50 ms. On PGlite by default; on PostgreSQL 15 with BENCH_PG_URL=<admin url>, or
// BENCH_PG=1 to start a throwaway server (scripts/lib/pg-server.mjs). LIST_EXPLAIN=1 prints the plan
// of each query a list runs (EXPLAIN ANALYZE, BUFFERS).
import { sql } from 'drizzle-orm';
import { benchDatabase, demoTenants, explainRequest, loadAverage, pct, printFloor } from './lib.js';

const TARGET = Number(process.env.LIST_ROWS ?? 1_000_000);
const CHUNK = Number(process.env.LIST_CHUNK ?? 250_000);
const RUNS = Number(process.env.LIST_RUNS ?? 300);

const pgServer = await benchDatabase();
const { startTestApp } = await import('../apps/server/test/support.js');

const t = await startTestApp();
try {
  console.log(`database: ${t.database.describe}${pgServer ? ` (${pgServer.version})` : ''}`);
  const { demo, acme } = await demoTenants(t);
  const fill = async (tenant: number, total: number, prefix: string) => {
    for (let done = 0; done < total; ) {
      const n = Math.min(CHUNK, total - done);
      await t.ctx.db.execute(
        sql.raw(`insert into equipment (tenant_id, equipment_coding, equipment_name, sn_number, mac_address, scene, use_location,
                   online_status, last_time_online, remark)
          select ${tenant}, '${prefix}-' || lpad(g::text, 8, '0'),
                 (array['Gate reader','Fixed reader','Handheld','Printer','Tunnel'])[1 + g % 5] || ' ' || (g::bigint * 7919 % 100000),
                 'SN-${prefix}-' || lpad(g::text, 8, '0'), '', (array['Receiving','Packing','Store count','Shipping'])[1 + g % 4],
                 'Site ' || (g % 300), (g % 3 = 0)::int, now() - (g::bigint * 7919 % 2592000) * interval '1 second', ''
          from generate_series(${done + 1}, ${done + n}) g`),
      );
      done += n;
    }
  };
  const t0 = performance.now();
  await fill(demo, TARGET, 'EQ');
  await fill(acme, Math.round(TARGET / 5), 'AC');
  // LIST_SORT_INDEXES=1: the remedy measured for "filter + sort": an index per sortable field,
  // (tenant_id, field, id), so a sorted page walks an index instead of sorting the tenant's rows
  if (process.env.LIST_SORT_INDEXES === '1')
    for (const col of ['equipment_name', 'last_time_online'])
      await t.ctx.db.execute(sql.raw(`create index if not exists equipment_${col}_sort_idx on equipment (tenant_id, ${col}, id)`));
  await t.ctx.db.execute(sql`vacuum analyze equipment`);
  console.log(
    `filled ${TARGET.toLocaleString('en')} + ${Math.round(TARGET / 5).toLocaleString('en')} rows in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );

  const token = await t.login('demo', 'demo123');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  const post = async (body: unknown) => {
    const s = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/api/rfid/equipment/list`, {
      method: 'POST',
      headers: { token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; data: { list: unknown[]; total: number } };
    if (json.code !== 200 || json.data.list.length !== 20) throw new Error(`unexpected answer ${JSON.stringify(json).slice(0, 300)}`);
    return { ms: performance.now() - s, total: json.data.total };
  };

  // LIST_EXPLAIN=1: the plans of the queries a list runs, as the service sends them
  const explain = (body: unknown) => explainRequest(t, token, '/api/rfid/equipment/list', body, 'equipment');
  const measure = async (name: string, body: Record<string, unknown>) => {
    if (process.env.LIST_EXPLAIN === '1') await explain(body);
    for (let i = 0; i < 10; i++) await post(body);
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS; i++) {
      const r = await post(body);
      times.push(r.ms);
      total = r.total;
    }
    console.log(
      `${name}: p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms, p99 ${pct(times, 99).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms (${RUNS} requests; total ${total})`,
    );
  };
  await printFloor(`http://127.0.0.1:${port}`, token, RUNS);
  console.log(`equipment list at ${TARGET.toLocaleString('en')} rows of the tenant, 20 rows a page:`);
  const deep = 500; // page 500: rows 9,981–10,000
  await measure('  first page, online = 1, by name', {
    page: 1,
    pageSize: 20,
    onlineStatus: 1,
    sortField: 'equipmentName',
    sortOrder: 'asc',
  });
  await measure(`  page ${deep}, online = 1, by name`, {
    page: deep,
    pageSize: 20,
    onlineStatus: 1,
    sortField: 'equipmentName',
    sortOrder: 'asc',
  });
  await measure('  first page, online = 0, by last online desc', {
    page: 1,
    pageSize: 20,
    onlineStatus: 0,
    sortField: 'lastTimeOnline',
    sortOrder: 'desc',
  });
  await measure('  first page, code contains 0042, default sort', { page: 1, pageSize: 20, equipmentCoding: '0042' });
  await measure('  first page, no filter, default sort', { page: 1, pageSize: 20 });
  console.log(`load average: ${loadAverage()}`);
} finally {
  await t.close();
  pgServer?.stop();
}
