// EPC-state lookup latency: starts a server (PGlite by default; PostgreSQL 15 with
// BENCH_PG_URL=<admin url>, or BENCH_PG=1 for a throwaway server), loads EPC_STATES EPC states
// (default 1,000,000) straight into rfid_epc_states and EPC_READS raw reads (default 10,000,000)
// into rfid_read_batches (500 a row) with generate_series SQL, plus lifecycle events naming them (one event per
// 1,000 EPCs), then measures GET /api/rfid/epc-state/{epc} for random EPCs from a SEPARATE process
// on loopback (EPC_LOOKUPS lookups, default 5,000, one at a time over one kept-alive connection
// with compressed answers, after EPC_WARMUP lookups that are not counted, default 2,000: a server
// in service has compiled its hot paths) and prints p50 and p99 (goal p99 ≤ 5 ms) beside those of
// another signed-in request (GET /api/user/info: the session, then its user and tenant).
// The same file is the client: EPC_CLIENT=<base url> runs the driver (spawned by the server side).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { benchDatabase, demoTenants, keptAliveClient, loadAverage, pct, readBatchesInsert } from './lib.js';

const STATES = Number(process.env.EPC_STATES ?? 1_000_000);
const READS = Number(process.env.EPC_READS ?? 10_000_000);
const LOOKUPS = Number(process.env.EPC_LOOKUPS ?? 5_000);
const WARMUP = Number(process.env.EPC_WARMUP ?? 2_000);
/** rows a loading statement (bounded memory on PGlite) */
const CHUNK = Number(process.env.EPC_CHUNK ?? 250_000);

/** The EPC of tag i: SGTIN-96 of company 0614141, item 812345, serial i (upper-case hex), as SQL builds it. */
const epcOf = (i: number) => `3034257BF7194E4${i.toString(16).toUpperCase().padStart(9, '0')}`;
const EPC_SQL = (v: string) => `'3034257BF7194E4' || lpad(upper(to_hex(${v})), 9, '0')`;

async function client(base: string, token: string): Promise<void> {
  // a lean integrator's client: one kept-alive connection, compressed answers
  const request = keptAliveClient(base, 1);
  const get = async (path: string) => {
    const s = performance.now();
    const res = await request('GET', path, { token, 'accept-encoding': 'br, gzip' });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text}`);
    const body = JSON.parse(res.text) as { code: number; data?: { found?: boolean } };
    return { ms: performance.now() - s, found: body.data?.found };
  };
  for (let i = 0; i < WARMUP; i++) {
    await get(`/api/rfid/epc-state/${epcOf(Math.floor(Math.random() * STATES))}`);
    if (i % 4 === 0) await get('/api/user/info');
  }
  const lookup: number[] = [];
  let found = 0;
  for (let i = 0; i < LOOKUPS; i++) {
    const r = await get(`/api/rfid/epc-state/${epcOf(Math.floor(Math.random() * STATES))}`);
    lookup.push(r.ms);
    if (r.found) found++;
  }
  const info: number[] = [];
  for (let i = 0; i < Math.min(LOOKUPS, 1000); i++) info.push((await get('/api/user/info')).ms);
  process.stdout.write(
    `${JSON.stringify({ p50: pct(lookup, 50), p99: pct(lookup, 99), max: pct(lookup, 100), found, infoP50: pct(info, 50), infoP99: pct(info, 99) })}\n`,
  );
}

async function server(): Promise<void> {
  const pgServer = await benchDatabase();
  const { startTestApp } = await import('../apps/server/test/support.js');
  const { sql } = await import('drizzle-orm');
  const { queryRows } = await import('../apps/server/src/db/client.js');

  const t = await startTestApp();
  try {
    console.log(`database: ${t.database.describe}${pgServer ? ` (${pgServer.version})` : ''}`);
    // the sweep would depart the loaded tags meanwhile (they are read "now"): this run measures lookups
    await t.queue.stop();
    const { demo, acme } = await demoTenants(t);
    const exec = (q: string) => t.ctx.db.execute(sql.raw(q));
    const [loc] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id::int as id from locations where tenant_id = ${demo} order by id limit 1`,
    );
    const locationId = loc?.id;

    const l0 = performance.now();
    for (let from = 0; from < STATES; from += CHUNK) {
      const to = Math.min(STATES, from + CHUNK) - 1;
      await exec(`insert into rfid_epc_states (tenant_id, epc, first_seen_at, last_seen_at, read_count, last_equipment, last_antenna,
          last_location_id, last_rssi_cdbm, presence, presence_location_id, presence_since, presence_equipment, presence_seen_at,
          presence_rssi_cdbm, depart_due_at, depart_check_at)
        select ${demo}, ${EPC_SQL('g')}, now() - interval '2 hours', now() - (g % 3600) * interval '1 second', 10, 'GATE-01', 1 + g % 4,
          ${locationId ?? 'null'}, -5000 - g % 2500, case when g % 10 = 0 then 'sold' when g % 10 = 1 then 'departed' else 'present' end,
          ${locationId ?? 'null'}, now() - interval '2 hours', 'GATE-01', now() - (g % 3600) * interval '1 second', -5000, now() + interval '1 day',
          case when g % 10 > 1 then now() + interval '1 day' end
        from generate_series(${from}, ${to}) g`);
    }
    // the other tenant's noise: the same EPCs, 10 % of them
    await exec(`insert into rfid_epc_states (tenant_id, epc, first_seen_at, last_seen_at, read_count)
      select ${acme}, ${EPC_SQL('g')}, now(), now(), 1 from generate_series(0, ${Math.floor(STATES / 10)}) g`);
    const statesSecs = (performance.now() - l0) / 1000;
    const r0 = performance.now();
    for (let from = 0; from < READS; from += CHUNK) {
      const to = Math.min(READS, from + CHUNK) - 1;
      await exec(
        readBatchesInsert({
          tenant: demo,
          from,
          to,
          batch: 500,
          at: `greatest(date_trunc('day', now()), now() - (g % 3600) * interval '1 second')`,
          equipment: `'GATE-01'`,
          epc: EPC_SQL(`g % ${STATES}`),
          antenna: '1 + g % 4',
          rssi: '-5000 - g % 2500',
          freq: '902750',
          locationId,
        }),
      );
    }
    const readsSecs = (performance.now() - r0) / 1000;
    // lifecycle: one arrival event per 1,000 EPCs
    const e0 = performance.now();
    for (let from = 0; from < STATES; from += CHUNK) {
      const to = Math.min(STATES, from + CHUNK) - 1;
      await exec(`insert into label_tag_events (tenant_id, created_at, action, biz_step, disposition, read_point, epcs, epc, epc_count, source)
        select ${demo}, now() - interval '2 hours', 'OBSERVE', 'arriving', 'available', 'GATE-01', e.epcs, e.epcs[1], cardinality(e.epcs), 'rfid'
        from (select array_agg(${EPC_SQL('g')} order by g) as epcs from generate_series(${from}, ${to}) g group by g / 1000) e`);
    }
    const eventsSecs = (performance.now() - e0) / 1000;
    // a steady state, as a database in service is: vacuumed (hint bits set, visibility map built,
    // no autovacuum of 10M fresh rows during the measurement), analysed, and the load's dirty
    // pages written out (no checkpoint of the load in the middle of the lookups)
    const v0 = performance.now();
    for (const table of ['rfid_epc_states', 'rfid_read_batches', 'label_tag_events']) await exec(`vacuum (analyze) ${table}`);
    await exec('checkpoint');
    const vacuumSecs = (performance.now() - v0) / 1000;
    console.log(
      `loaded ${STATES.toLocaleString('en')} EPC states in ${statesSecs.toFixed(1)} s, ${READS.toLocaleString('en')} raw reads in ${readsSecs.toFixed(1)} s, ${Math.ceil(STATES / 1000).toLocaleString('en')} lifecycle events (1,000 EPCs each) in ${eventsSecs.toFixed(1)} s; vacuumed, analysed and checkpointed in ${vacuumSecs.toFixed(1)} s`,
    );

    const token = await t.login('demo', 'demo123');
    if (process.env.EPC_EXPLAIN === '1') {
      // the plans of every query one lookup sends
      const pgClient = (t.ctx.db as unknown as { $client: { query: (...a: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> } })
        .$client;
      const seen: { text: string; params: unknown[] }[] = [];
      const original = pgClient.query;
      pgClient.query = function (this: unknown, ...args: unknown[]) {
        const q = args[0];
        const text = typeof q === 'string' ? q : String((q as { text?: string })?.text ?? '');
        const values = (typeof q === 'object' && q && 'values' in q ? (q as { values: unknown[] }).values : args[1]) as unknown[];
        if (/^\s*(select|with)/i.test(text)) seen.push({ text, params: values ?? [] });
        return original.apply(this, args as never);
      };
      try {
        await t.call('GET', `/api/rfid/epc-state/${epcOf(12345)}`, { token });
      } finally {
        pgClient.query = original;
      }
      // the lifecycle events come from a function (label_tag_event_lookup, sequential scans off): its query, explained alike
      await t.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const plan = await queryRows<Record<string, string>>(
          tx,
          sql`explain (analyze, buffers) select e.id from label_tag_events e
                where e.tenant_id + 0 = ${demo} and e.epcs @> array[${epcOf(12345)}]::text[] and e.created_at + interval '0 seconds' >= now() - interval '1 year'
              order by e.created_at desc, e.id desc limit 20`,
        );
        console.log(plan.map((r) => `      ${Object.values(r)[0]}`).join('\n'));
      });
      for (const q of seen) {
        const res = await pgClient.query(`explain (analyze, buffers) ${q.text}`, q.params);
        console.log(`  ${q.text.replace(/\s+/g, ' ').slice(0, 160)}`);
        console.log(res.rows.map((r) => `      ${String(Object.values(r)[0])}`).join('\n'));
      }
    }
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    console.log(
      `load average before: ${loadAverage()}; ${LOOKUPS.toLocaleString('en')} lookups of random EPCs, one at a time, after ${WARMUP.toLocaleString('en')} not counted`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
      env: { ...process.env, EPC_CLIENT: address, EPC_TOKEN: token },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += String(d);
    });
    await new Promise<void>((resolve, reject) => {
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`driver exited with ${code}`))));
    });
    const r = JSON.parse(out.trim().split('\n').pop()!) as Record<string, number>;
    console.log(
      `GET /api/rfid/epc-state/{epc}: p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, max ${r.max.toFixed(1)} ms (${r.found}/${LOOKUPS} found; goal p99 ≤ 5 ms)`,
    );
    console.log(
      `beside it, GET /api/user/info: p50 ${r.infoP50.toFixed(2)} ms, p99 ${r.infoP99.toFixed(2)} ms; load average after: ${loadAverage()}`,
    );
  } finally {
    await t.close();
    pgServer?.stop();
  }
}

if (process.env.EPC_CLIENT) await client(process.env.EPC_CLIENT, process.env.EPC_TOKEN ?? '');
else await server();
