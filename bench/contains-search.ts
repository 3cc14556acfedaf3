// "Contains" searches at volume (issue 28, item 9): a declared field with search: 'like' is
// searched with col ILIKE '%v%' (apps/server/src/core/like.ts), which a b-tree cannot answer;
// migration 0045 gives each such column a trigram index (gin (col gin_trgm_ops), pg_trgm). Fills
// the RFID equipment (a declared, tenant-owned table) with CONTAINS_ROWS rows (default 1,000,000)
// for the tenant DEMO plus a fifth as many for ACME, by generate_series in chunks, with serial
// numbers and names that share few trigrams (hex of md5, as real serial numbers and names do);
// then times CONTAINS_RUNS searches (default 200) over HTTP, `POST /api/rfid/equipment/list`
// (first page of 20, default sort), as the console sends them, each on another row's value:
// every other one a serial number containing 6 characters (1 row), the others a name containing 4
// (about 45 rows: a page and its count). Once without the trigram indexes (as before 0045), once
// with them; p50/p99 of each. Goal: p99 ≤ 50 ms with them. PGlite in memory by default
// (BENCH_DISK=1: on disk, as deployed); PostgreSQL 15 with BENCH_PG_URL=<admin url>, or BENCH_PG=1
// to start a throwaway server (with fsync on under BENCH_DISK=1). CONTAINS_EXPLAIN=1 prints the
// plans of the queries a search of each kind runs (EXPLAIN ANALYZE, BUFFERS), in both phases.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { benchDatabase, demoTenants, durability, explainRequest, keptAliveClient, loadAverage, pct, printFloor } from './lib.js';

const TARGET = Number(process.env.CONTAINS_ROWS ?? 1_000_000);
const CHUNK = Number(process.env.CONTAINS_CHUNK ?? 250_000);
const RUNS = Number(process.env.CONTAINS_RUNS ?? 200);
const LIST = '/api/rfid/equipment/list';
/** The searched columns and their trigram indexes (db/resource-table.ts trigramIndexName). */
const SEARCHED = ['sn_number', 'equipment_name'];

const pgServer = await benchDatabase();
const { startTestApp } = await import('../apps/server/test/support.js');
const { queryRows } = await import('../apps/server/src/db/client.js');

const md5 = (s: string) => createHash('md5').update(s).digest('hex').toUpperCase();
/** DEMO's row g's serial number and name, as the fill writes them (below; ACME's are of other hashes). */
const snOf = (g: number) => `SN-${md5(`EQs${g}`).slice(0, 12)}`;
const nameOf = (g: number) => `${['Gate reader', 'Fixed reader', 'Handheld', 'Printer', 'Tunnel'][g % 5]} ${md5(`EQ${g}`).slice(0, 6)}`;
/** The searches: search i on row g_i (spread over the rows), serial number or name, in small letters (any case). */
const searches = Array.from({ length: RUNS }, (_, i) => {
  const g = 1 + ((i * 7919 * 131) % TARGET);
  return i % 2 === 0
    ? { kind: 'sn' as const, body: { page: 1, pageSize: 20, snNumber: snOf(g).slice(6, 12).toLowerCase() } }
    : { kind: 'name' as const, body: { page: 1, pageSize: 20, equipmentName: nameOf(g).slice(-5, -1).toLowerCase() } };
});

const t = await startTestApp();
try {
  console.log(`database: ${t.database.describe}${pgServer ? ` (${pgServer.version})` : ''}, ${await durability(t)}`);
  const { demo, acme } = await demoTenants(t);
  // a bulk load: the secondary indexes go first and are built once at the end (the trigram ones
  // only for the second phase); the data is generated unique
  const indexes = await queryRows<{ name: string; def: string }>(
    t.ctx.db,
    sql`select indexname as name, indexdef as def from pg_indexes where tablename = 'equipment' and indexname not like '%_pk'`,
  );
  for (const ix of indexes) await t.ctx.db.execute(sql.raw(`drop index ${ix.name}`));
  const fill = async (tenant: number, total: number, prefix: string) => {
    for (let done = 0; done < total; ) {
      const n = Math.min(CHUNK, total - done);
      await t.ctx.db.execute(
        sql.raw(`insert into equipment (tenant_id, equipment_coding, equipment_name, sn_number, mac_address, scene, use_location,
                   online_status, last_time_online, remark)
          select ${tenant}, '${prefix}-' || lpad(g::text, 8, '0'),
                 (array['Gate reader','Fixed reader','Handheld','Printer','Tunnel'])[1 + g % 5] || ' ' || upper(left(md5('${prefix}' || g), 6)),
                 'SN-' || upper(left(md5('${prefix}s' || g), 12)), '', (array['Receiving','Packing','Store count','Shipping'])[1 + g % 4],
                 'Site ' || (g % 300), (g % 3 = 0)::int, now() - (g::bigint * 7919 % 2592000) * interval '1 second', ''
          from generate_series(${done + 1}, ${done + n}) g`),
      );
      done += n;
    }
  };
  const t0 = performance.now();
  await fill(demo, TARGET, 'EQ');
  await fill(acme, Math.round(TARGET / 5), 'AC');
  const trigram = indexes.filter((ix) => ix.def.includes('gin_trgm_ops'));
  for (const ix of indexes) if (!trigram.includes(ix)) await t.ctx.db.execute(sql.raw(ix.def));
  await t.ctx.db.execute(sql`vacuum analyze equipment`);
  console.log(
    `filled ${TARGET.toLocaleString('en')} + ${Math.round(TARGET / 5).toLocaleString('en')} rows in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
  const [found] = await queryRows<{ n: number }>(
    t.ctx.db,
    sql`select count(*)::int as n from equipment where tenant_id = ${demo} and sn_number = ${snOf(4242)}`,
  );
  if (found.n !== 1) throw new Error(`the fill and snOf disagree (${snOf(4242)}: ${found.n} rows)`);

  const token = await t.login('demo', 'demo123');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  const client = keptAliveClient(`http://127.0.0.1:${port}`, 1);
  const headers = { token, 'content-type': 'application/json' };
  const post = async (body: unknown) => {
    const s = performance.now();
    const res = await client('POST', LIST, headers, JSON.stringify(body));
    const json = JSON.parse(res.text) as { code: number; data: { list: unknown[]; total: number } };
    if (res.status !== 200 || json.code !== 200 || !json.data.list.length) throw new Error(`unexpected answer ${res.text.slice(0, 300)}`);
    return { ms: performance.now() - s, total: json.data.total };
  };
  const phase = async (name: string, warm: number) => {
    if (process.env.CONTAINS_EXPLAIN === '1')
      for (const s of searches.slice(0, 2)) await explainRequest(t, token, LIST, s.body, 'equipment');
    for (const s of searches.slice(0, warm)) await post(s.body);
    const times = { sn: [] as number[], name: [] as number[] };
    const totals = { sn: [] as number[], name: [] as number[] };
    for (const s of searches) {
      const r = await post(s.body);
      times[s.kind].push(r.ms);
      totals[s.kind].push(r.total);
    }
    const line = (xs: number[]) =>
      `p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms, p99 ${pct(xs, 99).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;
    const rows = (xs: number[]) => `${Math.min(...xs)}–${Math.max(...xs)} rows, median ${pct(xs, 50)}`;
    console.log(`${name}:`);
    console.log(`  all ${RUNS} searches: ${line([...times.sn, ...times.name])}`);
    console.log(`  serial number contains 6 characters (${times.sn.length}; ${rows(totals.sn)}): ${line(times.sn)}`);
    console.log(`  name contains 4 characters (${times.name.length}; ${rows(totals.name)}): ${line(times.name)}`);
  };
  await printFloor(`http://127.0.0.1:${port}`, token, 100);
  console.log(`contains searches at ${TARGET.toLocaleString('en')} equipment rows of the tenant, first page of 20, default sort:`);
  await phase('without trigram indexes (before migration 0045)', 2);
  const t1 = performance.now();
  for (const ix of trigram) if (SEARCHED.some((c) => ix.def.includes(`(${c} gin_trgm_ops)`))) await t.ctx.db.execute(sql.raw(ix.def));
  await t.ctx.db.execute(sql`analyze equipment`);
  console.log(`built the trigram indexes of ${SEARCHED.join(', ')} in ${((performance.now() - t1) / 1000).toFixed(0)} s`);
  await phase('with trigram indexes (gin (col gin_trgm_ops))', 10);
  console.log(`load average: ${loadAverage()}`);
} finally {
  await t.close();
  pgServer?.stop();
}
