// The EPCIS 2.0 interface's speed goals (issue 33), over loopback HTTP as a partner calls it:
//   capture   a document of EP_EVENTS (10,000) ObjectEvents of EP_EPCS (100) EPCs each: from its POST
//             to the capture job's end (stored and queryable) ≤ 10 s on PostgreSQL; beside it, the same
//             rows written by COPY-like bulk SQL (insert … select from json) as the anchor, and the ratio;
//             /api/health asked back to back during the capture (what other tenants feel);
//   query     GET /api/epcis/events?MATCH_anyEPC=<one EPC> p99 ≤ 10 ms over EP_STORED (10 million)
//             stored events (made in bulk SQL, EP_STORED_EPCS EPCs each), EP_RUNS (200) calls;
//   webhook   a stream subscription's webhook receives a captured event ≤ 2 s after the capture's 202;
//   socket    likewise a WebSocket stream (GET /queries/{name}/events?stream=true) on the same query.
//   npm run bench:epcis -w bench                 (PGlite in memory; BENCH_DISK=1: on disk)
//   BENCH_PG=1 npm run bench:epcis -w bench      (PostgreSQL 15 with fsync)
// EP_STORED=1000000 for a shorter run (the figure printed names the count).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { WebSocket } from 'ws';
import { askServerWhile, benchDatabase, demoTenants, loadAverage, pct } from './lib.js';

const EVENTS = Number(process.env.EP_EVENTS ?? 10_000);
const EPCS = Number(process.env.EP_EPCS ?? 100);
const STORED = Number(process.env.EP_STORED ?? 10_000_000);
const STORED_EPCS = Number(process.env.EP_STORED_EPCS ?? 2);
const RUNS = Number(process.env.EP_RUNS ?? 200);
const CHUNK = 250_000;

const pgServer = await benchDatabase();
const { startTestApp } = await import('../apps/server/test/support.js');
const { queryRows } = await import('../apps/server/src/db/client.js');

// (the webhook's receiver listens on 127.0.0.1: a private address the guard would refuse)
const t = await startTestApp({ EPCIS_WEBHOOK_ALLOW_PRIVATE: '1' });
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const describe = (xs: number[]) =>
  `p50 ${pct(xs, 50).toFixed(1)} ms, p99 ${pct(xs, 99).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms (${xs.length} calls)`;
try {
  console.log(`database: ${t.database.describe}${pgServer ? ` (${pgServer.version})` : ''}`);
  const { demo: D } = await demoTenants(t);
  const run = (text: string) => t.ctx.db.execute(sql.raw(text));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const token = await t.login('demo', 'demo123');
  const headers = { token, 'content-type': 'application/json', 'gs1-epc-format': 'Always_EPC_URN' };

  // 1. stored events, in bulk (not timed as a goal): EPCs of a company prefix no demo tag has
  const t0 = performance.now();
  for (let at = 0; at < STORED; at += CHUNK) {
    const n = Math.min(CHUNK, STORED - at);
    await run(`insert into label_tag_events (tenant_id, created_at, event_time_zone_offset, record_time, event_type, event_id, action, biz_step,
                 disposition, read_point, biz_location, epcs, epc, epc_count, source, doc)
      select ${D}, now() - make_interval(secs => (g % 5000000)), '+00:00', now(), 'ObjectEvent', 'urn:uuid:bench-' || g, 'OBSERVE', 'receiving',
             'in_progress', 'urn:epc:id:sgln:4099999.00001.0', '',
             array(select 'urn:epc:id:sgtin:4099999.0' || lpad(((g * ${STORED_EPCS} + k) / 100000000)::text, 5, '0') || '.' || ((g * ${STORED_EPCS} + k) % 100000000) from generate_series(0, ${STORED_EPCS - 1}) k),
             'urn:epc:id:sgtin:4099999.000000.' || g, ${STORED_EPCS}, 'bench', '{"event":{"type":"ObjectEvent"}}'::jsonb
        from generate_series(${at}, ${at + n - 1}) g`);
    if ((at / CHUNK) % 8 === 7) console.log(`  … ${(at + n).toLocaleString('en')} events (${secs(performance.now() - t0)})`);
  }
  // as autovacuum leaves it: the GIN index's pending list merged (a lookup scans that list whole until then)
  await run('vacuum analyze label_tag_events');
  console.log(`stored ${STORED.toLocaleString('en')} events of ${STORED_EPCS} EPCs each in ${secs(performance.now() - t0)}`);

  // 2. MATCH_anyEPC over them
  const times: number[] = [];
  const ask = async (epc: string) => {
    const s = performance.now();
    const r = await fetch(`${base}/api/epcis/events?MATCH_anyEPC=${encodeURIComponent(epc)}`, { headers });
    const body = (await r.json()) as { epcisBody?: { queryResults: { resultsBody: { eventList: unknown[] } } } };
    if (r.status !== 200 || !body.epcisBody) throw new Error(`query answered ${r.status}`);
    return { ms: performance.now() - s, n: body.epcisBody.queryResults.resultsBody.eventList.length };
  };
  for (let i = 0; i < 10; i++) await ask(`urn:epc:id:sgtin:4099999.000000.${i * 7 + 3}`);
  if (process.env.EP_EXPLAIN === '1') {
    // each statement of one query call, timed, and the plan of the slowest
    const client = (t.ctx.db as unknown as { $client: { query: (...a: unknown[]) => Promise<unknown> } }).$client;
    const seen: { text: string; params: unknown[]; ms: number }[] = [];
    const original = client.query;
    client.query = async function (this: unknown, ...args: unknown[]) {
      const s = performance.now();
      try {
        return await original.apply(this, args as never);
      } finally {
        const q = args[0];
        seen.push({
          text: typeof q === 'string' ? q : String((q as { text?: string })?.text ?? ''),
          params: (args[1] as unknown[]) ?? [],
          ms: performance.now() - s,
        });
      }
    };
    // 30 calls: each statement's median (a connection's first statements load its catalog caches)
    const calls = 30;
    for (let i = 0; i < calls; i++) await ask(`urn:epc:id:sgtin:4099999.000000.${1234 + i * 2}`);
    client.query = original;
    const byText = new Map<string, number[]>();
    for (const q of seen) {
      const key = q.text.replace(/\s+/g, ' ').slice(0, 160);
      byText.set(key, [...(byText.get(key) ?? []), q.ms]);
    }
    for (const [text, ms] of byText) console.log(`  median ${pct(ms, 50).toFixed(1)} ms ×${ms.length}  ${text}`);
    const slow = [...seen].sort((a, b) => b.ms - a.ms)[0];
    const plan = (await client.query(`explain (analyze, buffers) ${slow.text}`, slow.params)) as { rows: Record<string, unknown>[] };
    console.log(plan.rows.map((r) => `      ${String(Object.values(r)[0])}`).join('\n'));
  }
  let found = 0;
  for (let i = 0; i < RUNS; i++) {
    const g = Math.floor((i * 7_919_993) % STORED);
    const k = g * STORED_EPCS;
    const r = await ask(`urn:epc:id:sgtin:4099999.0${String(Math.floor(k / 100_000_000)).padStart(5, '0')}.${k % 100_000_000}`);
    times.push(r.ms);
    found += r.n;
  }
  console.log(
    `GET /api/epcis/events?MATCH_anyEPC= over ${STORED.toLocaleString('en')} events: ${describe(times)}, ${found} events found (goal p99 ≤ 10 ms)`,
  );

  // 3. a stream subscription's webhook
  const got: { at: number; ids: string[] }[] = [];
  const hook = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const doc = JSON.parse(raw) as { epcisBody: { queryResults: { resultsBody: { eventList: { eventID: string }[] } } } };
      got.push({ at: performance.now(), ids: doc.epcisBody.queryResults.resultsBody.eventList.map((e) => e.eventID) });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((ok) => hook.listen(0, '127.0.0.1', () => ok()));
  const hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
  const post = (path: string, body: unknown, extra: Record<string, string> = {}) =>
    fetch(`${base}/api/epcis${path}`, { method: 'POST', headers: { ...headers, ...extra }, body: JSON.stringify(body) });
  await post('/queries', { name: 'bench-arrivals', query: { EQ_bizStep: ['arriving'] } });
  await post('/queries/bench-arrivals/subscriptions', { dest: hookUrl, stream: true, signatureToken: 'bench' });
  // …and a socket streaming the same query
  const heard: { at: number; ids: string[] }[] = [];
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/epcis/queries/bench-arrivals/events?stream=true`, ['epcis'], {
    headers: { token },
  });
  ws.on('message', (raw) => {
    const doc = JSON.parse(String(raw)) as { epcisBody: { queryResults: { resultsBody: { eventList: { eventID: string }[] } } } };
    heard.push({ at: performance.now(), ids: doc.epcisBody.queryResults.resultsBody.eventList.map((e) => e.eventID) });
  });
  await new Promise<void>((ok, fail) => {
    ws.once('open', () => ok());
    ws.once('error', fail);
  });
  const doc = (events: unknown[]) => ({
    '@context': ['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld'],
    type: 'EPCISDocument',
    schemaVersion: '2.0',
    creationDate: new Date().toISOString(),
    epcisBody: { eventList: events },
  });
  const waits: number[] = [];
  const socketWaits: number[] = [];
  for (let i = 0; i < 10; i++) {
    const id = `urn:uuid:00000000-0000-4000-8000-${String(Date.now() % 1e9).padStart(9, '0')}${String(i).padStart(3, '0')}`;
    const s = performance.now();
    const r = await post(
      '/capture',
      doc([
        {
          type: 'ObjectEvent',
          eventID: id,
          eventTime: new Date().toISOString(),
          eventTimeZoneOffset: '+00:00',
          epcList: [`urn:epc:id:sgtin:4099998.000001.${i}`],
          action: 'OBSERVE',
          bizStep: 'arriving',
        },
      ]),
    );
    if (r.status !== 202) throw new Error(`capture answered ${r.status}`);
    const accepted = performance.now();
    while (!got.some((g) => g.ids.includes(id))) {
      if (performance.now() - s > 30_000) throw new Error('the webhook heard nothing in 30 s');
      await new Promise((ok) => setTimeout(ok, 5));
    }
    waits.push(got.find((g) => g.ids.includes(id))!.at - accepted);
    while (!heard.some((g) => g.ids.includes(id))) {
      if (performance.now() - s > 30_000) throw new Error('the socket heard nothing in 30 s');
      await new Promise((ok) => setTimeout(ok, 5));
    }
    socketWaits.push(heard.find((g) => g.ids.includes(id))!.at - accepted);
  }
  hook.close();
  ws.close();
  console.log(`webhook, from a capture's 202 to its event posted: ${describe(waits)} (goal ≤ 2 s)`);
  console.log(`socket, from a capture's 202 to its event sent: ${describe(socketWaits)} (goal ≤ 2 s)`);

  // 4. a capture of EVENTS × EPCS, and the same rows as bulk SQL beside it
  const events = Array.from({ length: EVENTS }, (_, e) => ({
    type: 'ObjectEvent',
    eventTime: new Date(Date.now() - 60_000 + e).toISOString(),
    eventTimeZoneOffset: '+08:00',
    epcList: Array.from({ length: EPCS }, (_, k) => `urn:epc:id:sgtin:4099997.000000.${e * EPCS + k + 1}`),
    action: 'OBSERVE',
    bizStep: 'receiving',
    disposition: 'in_progress',
    readPoint: { id: 'urn:epc:id:sgln:4099997.00001.0' },
  }));
  const body = JSON.stringify(doc(events));
  const c0 = performance.now();
  let captured = 0;
  const capturing = (async () => {
    const r = await fetch(`${base}/api/epcis/capture`, { method: 'POST', headers, body });
    if (r.status !== 202) throw new Error(`capture answered ${r.status}: ${await r.text()}`);
    const where = String(r.headers.get('location'));
    for (;;) {
      const j = (await (await fetch(`${base}${where}`, { headers })).json()) as {
        running: boolean;
        success: boolean;
        eventsStored: number;
      };
      if (!j.running) {
        if (!j.success) throw new Error(`capture failed: ${JSON.stringify(j)}`);
        captured = j.eventsStored;
        return;
      }
      await new Promise((ok) => setTimeout(ok, 50));
    }
  })();
  const health = await askServerWhile(base, '/api/health', capturing);
  await capturing;
  const captureMs = performance.now() - c0;
  const [{ n }] = await queryRows<{ n: number }>(
    t.ctx.db,
    sql`select count(*)::int as n from label_tag_events where tenant_id = ${D} and epcs && array['urn:epc:id:sgtin:4099997.000000.1', ${`urn:epc:id:sgtin:4099997.000000.${EVENTS * EPCS}`}]::text[]`,
  );
  if (n !== 2) throw new Error(`the first and last events are not queryable (${n})`);
  // the anchor: the same rows as one bulk statement of the database (no HTTP, no schema, no job)
  const a0 = performance.now();
  await queryRows(
    t.ctx.db,
    sql`insert into label_tag_events (tenant_id, created_at, event_time_zone_offset, record_time, event_type, event_id, action, biz_step, disposition,
               read_point, epcs, epc, epc_count, source, doc)
        select ${D}, now() - make_interval(secs => 60), '+08:00', now(), 'ObjectEvent', 'urn:uuid:anchor-' || e, 'OBSERVE', 'receiving', 'in_progress',
               'urn:epc:id:sgln:4099997.00001.0',
               array(select 'urn:epc:id:sgtin:4099996.000000.' || (e * ${EPCS} + k) from generate_series(1, ${EPCS}) k),
               'urn:epc:id:sgtin:4099996.000000.' || (e * ${EPCS} + 1), ${EPCS}, 'anchor', '{"event":{"type":"ObjectEvent"}}'::jsonb
          from generate_series(0, ${EVENTS - 1}) e`,
  );
  const anchorMs = performance.now() - a0;
  console.log(
    `capture of ${EVENTS.toLocaleString('en')} ObjectEvents × ${EPCS} EPCs (${(body.length / 1e6).toFixed(1)} MB): ${secs(captureMs)} from POST to stored and queryable, ${captured.toLocaleString('en')} stored (goal ≤ 10 s); the same rows as bulk SQL ${secs(anchorMs)} (ratio ${(captureMs / anchorMs).toFixed(1)}×)`,
  );
  console.log(`  /api/health during the capture: ${describe(health)}`);
  console.log(`load average: ${loadAverage()}`);
} finally {
  await t.close();
  pgServer?.stop();
}
