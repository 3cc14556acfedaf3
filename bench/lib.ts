// What the benchmarks share: the database they run on, percentiles, the machine's load, a lean HTTP
// client, the floor of a plain request, and the plans of the queries a request sends.
import http from 'node:http';
import { loadavg } from 'node:os';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { TestApp } from '../apps/server/test/support.js';

export interface BenchPg {
  url: string;
  version: string;
  stop(): void;
}

/** BENCH_DISK=1: the database as deployed, on disk (PGlite in its data directory; PostgreSQL with fsync on). */
export const onDisk = () => process.env.BENCH_DISK === '1';

/**
 * BENCH_PG=1 starts a throwaway PostgreSQL server (scripts/lib/pg-server.mjs; with fsync on under
 * BENCH_DISK=1, else off), BENCH_PG_URL names one; either way `urlVar` gets its URL
 * (TEST_DATABASE_URL: the in-process test app opens it; E2E_PG_URL: a spawned server makes a
 * database of its own on it). Without them: PGlite (under BENCH_DISK=1 the in-process test app
 * keeps its data directory on disk, as `npm start` does, instead of in memory).
 */
export async function benchDatabase(urlVar = 'TEST_DATABASE_URL'): Promise<BenchPg | undefined> {
  let pgServer: BenchPg | undefined;
  if (onDisk()) process.env.TEST_PGLITE_ON_DISK = '1';
  if (process.env.BENCH_PG === '1' && !process.env.BENCH_PG_URL) {
    // @ts-expect-error a plain .mjs helper of the repository's scripts
    const { startPostgres } = await import('../scripts/lib/pg-server.mjs');
    pgServer = (await startPostgres({ fsync: onDisk() })) as BenchPg;
    process.env.BENCH_PG_URL = pgServer.url;
  }
  if (process.env.BENCH_PG_URL) process.env[urlVar] = process.env.BENCH_PG_URL;
  return pgServer;
}

export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};

/** The machine's load average over 1, 5 and 15 minutes, as printed beside the figures. */
export const loadAverage = (sep = ' ') =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(sep);

/**
 * A lean client of `base` for a benchmark's driver: node:http over `sockets` kept-alive connections
 * (fetch costs the cores the driver shares with the server and the database more, about a
 * millisecond a request). Answers the status, the body as text, decompressed (br, gzip), and the headers.
 */
export function keptAliveClient(base: string, sockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const url = new URL(base);
  return (method: string, path: string, headers: http.OutgoingHttpHeaders, body?: string | Buffer) =>
    new Promise<{ status: number; text: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path,
          method,
          agent,
          headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            const enc = res.headers['content-encoding'];
            const text = (enc === 'br' ? brotliDecompressSync(raw) : enc === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
            resolve({ status: res.statusCode ?? 0, text, headers: res.headers });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
}

/** The floor under the same load: a signed-in request that reads one cached session (GET /api/user/info), printed. */
export async function printFloor(baseUrl: string, token: string, runs: number): Promise<void> {
  const floor: number[] = [];
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    await (await fetch(`${baseUrl}/api/user/info`, { headers: { token } })).arrayBuffer();
    floor.push(performance.now() - s);
  }
  console.log(`floor, GET /api/user/info: p50 ${pct(floor, 50).toFixed(1)} ms, p99 ${pct(floor, 99).toFixed(1)} ms`);
}

/** Prints EXPLAIN (ANALYZE, BUFFERS) of every query of `table` that the request to `url` with `body` sends. */
export async function explainRequest(t: TestApp, token: string, url: string, body: unknown, table: string): Promise<void> {
  const client = (t.ctx.db as unknown as { $client: { query: (...a: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> } }).$client;
  const seen: { text: string; params: unknown[] }[] = [];
  const original = client.query;
  client.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0];
    const text = typeof q === 'string' ? q : String((q as { text?: string })?.text ?? '');
    if (text.includes(`from "${table}"`) && !/^explain/i.test(text)) seen.push({ text, params: (args[1] as unknown[]) ?? [] });
    return original.apply(this, args as never);
  };
  try {
    await t.call('POST', url, { token, body });
  } finally {
    client.query = original;
  }
  for (const q of seen) {
    const res = await client.query(`explain (analyze, buffers) ${q.text}`, q.params);
    console.log(res.rows.map((r) => `      ${String(Object.values(r)[0])}`).join('\n'));
  }
}

/** The ids of the demo tenants a benchmark fills: DEMO (measured) and ACME (the other tenant's noise). */
export async function demoTenants(t: TestApp): Promise<{ demo: number; acme: number }> {
  const { queryRows } = await import('../apps/server/src/db/client.js');
  const { sql } = await import('drizzle-orm');
  const rows = await queryRows<{ id: number; code: string }>(
    t.ctx.db,
    sql`select id::int as id, code from tenants where code in ('DEMO', 'ACME')`,
  );
  return { demo: rows.find((r) => r.code === 'DEMO')!.id, acme: rows.find((r) => r.code === 'ACME')!.id };
}

/**
 * SQL filling rfid_read_batches with the reads g = from..to, as the ingestion stores them: a row a
 * `batch` reads (batch id g / batch, received at its newest read's time), each field of a read an
 * SQL expression of g.
 */
export function readBatchesInsert(o: {
  tenant: number;
  from: number;
  to: number;
  batch: number;
  at: string;
  equipment: string;
  epc: string;
  antenna: string;
  rssi: string;
  freq?: string;
  locationId?: number;
}): string {
  return `insert into rfid_read_batches (tenant_id, created_at, batch_id, equipment_coding, location_id, reads, at_ms, epcs, tids, antennas,
      rssis, freqs, counts, phases)
    select ${o.tenant}, max(at), g / ${o.batch}, min(eq), ${o.locationId ?? 'null'}, count(*),
      array_agg(floor(extract(epoch from at) * 1000)::float8 order by g), array_agg(epc order by g), array_agg(''::text),
      array_agg(ant::smallint order by g), array_agg(rssi::int order by g), array_agg(freq::int order by g), array_agg(1), array_agg(null::real)
    from (select g, ${o.at} as at, ${o.equipment} as eq, ${o.epc} as epc, ${o.antenna} as ant, ${o.rssi} as rssi, ${o.freq ?? 'null'} as freq
          from generate_series(${o.from}, ${o.to}) g) s
    group by g / ${o.batch}`;
}

/** How durable the database's commits are, printed beside the figures: PGlite in memory or on disk, PostgreSQL's fsync. */
export async function durability(t: TestApp): Promise<string> {
  if (t.database.kind === 'pglite') return t.database.describe.includes('in memory') ? 'in memory' : 'on disk';
  const { queryRows } = await import('../apps/server/src/db/client.js');
  const { sql } = await import('drizzle-orm');
  const [r] = await queryRows<{ fsync: string; sc: string }>(
    t.ctx.db,
    sql`select current_setting('fsync') as fsync, current_setting('synchronous_commit') as sc`,
  );
  return `fsync ${r.fsync}, synchronous_commit ${r.sc}`;
}

/** `path` of the server at `baseUrl` asked back to back until `work` settles: each call's latency (ms). */
export async function askServerWhile(baseUrl: string, path: string, work: Promise<unknown>): Promise<number[]> {
  let done = false;
  void work.finally(() => {
    done = true;
  });
  const out: number[] = [];
  while (!done) {
    const t0 = performance.now();
    const res = await fetch(`${baseUrl}${path}`);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    out.push(performance.now() - t0);
  }
  return out;
}

/**
 * `ask` (a call to /api/health, say) every `everyMs` while `work` runs: the work's answer and each
 * call's latency (ms), the call after the last one waited for before answering.
 */
export async function probedWhile<T>(
  ask: () => Promise<unknown>,
  work: () => Promise<T>,
  everyMs = 100,
): Promise<{ out: T; health: number[] }> {
  let running = true;
  const health: number[] = [];
  const loop = (async () => {
    while (running) {
      const s = performance.now();
      await ask();
      health.push(performance.now() - s);
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  try {
    return { out: await work(), health };
  } finally {
    running = false;
    await loop;
  }
}

/** Latencies as the benches print them: p50 / p95 / p99 / max and how many. */
export const latencyRow = (name: string, xs: number[]) =>
  `${name}: p50 ${pct(xs, 50).toFixed(0)} / p95 ${pct(xs, 95).toFixed(0)} / p99 ${pct(xs, 99).toFixed(0)} / max ${Math.max(...xs).toFixed(0)} ms (${xs.length})`;

/** A line a bench's client process prints for its server process (one JSON object a line). */
export const sayLine = (line: string) => process.stdout.write(`${JSON.stringify({ line })}\n`);

/** A job as `GET /api/jobs/{id}` answers it, its result of type `R`. */
export interface BenchJob<R> {
  state: string;
  final: boolean;
  messageKey: string;
  message: string;
  done: number;
  total: number;
  result: R | null;
}

/**
 * Runs `file` again as the driver (a separate process on loopback: the server's event loop measured,
 * not shared): `env` names it the client of `address`, the setup sent on its stdin, its `{ line }`
 * messages printed as they come. Resolves when it exits 0.
 */
export async function runDriver(file: string, env: string, address: string, setup: unknown): Promise<void> {
  const { spawn } = await import('node:child_process');
  const { fileURLToPath } = await import('node:url');
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(file)], {
    env: { ...process.env, [env]: address },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdin.end(JSON.stringify(setup));
  const exited = new Promise<void>((resolve, reject) => {
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`driver exited with ${code}`))));
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += String(d);
    const lines = out.split('\n');
    out = lines.pop() ?? '';
    for (const line of lines.filter(Boolean)) {
      const m = JSON.parse(line) as { line?: string };
      if (m.line) console.log(m.line);
    }
  });
  await exited;
}
