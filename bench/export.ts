// Large Excel exports and whether the server keeps answering meanwhile. The real server (node
// --import tsx apps/server/src/main.ts, as `npm start` runs it: PGlite with its data directory on
// disk) gets EXPORT_ROWS code-table rows (default 200,000) in the tenant DEMO and a quarter as many
// in ACME. Then, with `/api/health` and a console list (DEMO's code tables, page 1, as `demo`)
// asked back to back from this process (one kept-alive connection each), it prints their p50/p99:
//   1. idle (EXPORT_IDLE_S seconds, default 4);
//   2. the `viewer` exporting every DEMO row synchronously (POST /api/tenant/code-table/export),
//      or the refusal when that is above the synchronous cap;
//   3. the same export as a job (?job=1), followed to its end, and its file downloaded;
//   4. EXPORT_PARALLEL export jobs (default 20) enqueued at once by viewer, demo and acme (ACME),
//      each call timed (10 s timeout, as a proxy gives up), then watched for EXPORT_WINDOW_S
//      seconds (default 90) or until all ended: the most running at once per user and per tenant,
//      the queue positions shown; what is left is cancelled.
// The machine's load average is printed with the figures (the machine may be shared).
// On PostgreSQL with TEST_DATABASE_URL or BENCH_PG_URL=<admin url> (a database is made on it for
// the run and dropped after), or BENCH_PG=1 (a throwaway server, scripts/lib/pg-server.mjs).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { startServer } from '../e2e/support/server.js';
import { benchDatabase, keptAliveClient, loadAverage, pct } from './lib.js';

const N = Number(process.env.EXPORT_ROWS ?? 200_000);
const PARALLEL = Number(process.env.EXPORT_PARALLEL ?? 20);
const WINDOW_S = Number(process.env.EXPORT_WINDOW_S ?? 90);
const IDLE_S = Number(process.env.EXPORT_IDLE_S ?? 4);
const CODE_TABLE = '/api/tenant/code-table';

const pgServer = await benchDatabase('TEST_DATABASE_URL');
const admin = process.env.TEST_DATABASE_URL;
const load = () => loadAverage(' / ');
const dir = mkdtempSync(path.join(tmpdir(), 'tagloom-bench-export-'));
const dataDir = path.join(dir, 'db');

async function pgRun(url: string, text: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await c.query(text);
  } finally {
    await c.end();
  }
}

/** The rows the export reads: DEMO N, ACME N/4 (a statement the database runs, not the server). */
const SEED = `
  insert into code_tables (tenant_id, code, name, status, remark)
    select t.id, 'BX' || lpad(g::text, 7, '0'), 'Bench table ' || g, g % 2, 'bench row ' || g
    from tenants t, generate_series(1, case when t.code = 'DEMO' then ${N} else ${Math.round(N / 4)} end) g
    where t.code in ('DEMO', 'ACME');
  analyze code_tables;`;

let dbUrl: string | undefined;
let env: Record<string, string> = { WEB_DIST: '/nonexistent-web-dist', LOG_LEVEL: 'warn' };
if (admin) {
  const name = `tl_bench_export_${process.pid}`;
  await pgRun(admin, `create database ${name}`);
  const u = new URL(admin);
  u.pathname = `/${name}`;
  dbUrl = u.toString();
  env = { ...env, DATABASE_URL: dbUrl, ADMIN_PASSWORD: 'admin123', SEED_DEMO: '1' };
} else env = { ...env, DATA_DIR: dataDir };

console.log(
  `database: ${admin ? `PostgreSQL${pgServer ? ` (${pgServer.version})` : ''}` : `PGlite on disk (${dataDir})`}; load average (1/5/15 min): ${load()}`,
);
const t0 = performance.now();
let server = await startServer(env, { keepDataDir: true });
if (dbUrl) await pgRun(dbUrl, SEED);
else {
  // the embedded database is the server's alone: seeded between two starts
  await server.stop();
  // with the extensions the server loads (apps/server/src/db/client.ts PGLITE_EXTENSIONS): code_tables has trigram indexes
  const lite = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  await lite.exec(SEED);
  await lite.exec('checkpoint');
  await lite.close();
  server = await startServer(env, { keepDataDir: true });
}
console.log(`seeded ${N} DEMO + ${Math.round(N / 4)} ACME code-table rows, server up in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

try {
  const login = async (username: string, password: string) => {
    const res = await fetch(`${server.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    const body = (await res.json()) as { code: number; msg: string; data: { token: string } };
    if (body.code !== 200) throw new Error(`login ${username}: ${body.msg}`);
    return body.data.token;
  };
  const tokens = { viewer: await login('viewer', 'viewer123'), demo: await login('demo', 'demo123'), acme: await login('acme', 'acme123') };
  const auth = (token: string) => ({ token, langeType: 'en_US' });
  const json = (token: string) => ({ ...auth(token), 'content-type': 'application/json' });

  const healthClient = keptAliveClient(server.url, 1);
  const listClient = keptAliveClient(server.url, 1);
  const listBody = JSON.stringify({ page: 1, pageSize: 20 });
  /** /api/health and the console list asked back to back until `work` settles. */
  async function probe(work: Promise<unknown>) {
    let done = false;
    void work.finally(() => {
      done = true;
    });
    const health: number[] = [];
    const list: number[] = [];
    const loop = async (xs: number[], call: () => Promise<{ status: number; text: string }>) => {
      while (!done) {
        const s = performance.now();
        const r = await call();
        if (r.status !== 200) throw new Error(`probe answered ${r.status}: ${r.text.slice(0, 200)}`);
        xs.push(performance.now() - s);
      }
    };
    await Promise.all([
      loop(health, () => healthClient('GET', '/api/health', {})),
      loop(list, () => listClient('POST', `${CODE_TABLE}/list`, json(tokens.demo), listBody)),
    ]);
    return { health, list };
  }
  const fmt = ({ health, list }: { health: number[]; list: number[] }) =>
    `/api/health p50 ${pct(health, 50).toFixed(1)} ms, p99 ${pct(health, 99).toFixed(1)} ms, max ${Math.max(...health).toFixed(0)} ms (${health.length} calls); list p50 ${pct(list, 50).toFixed(1)} ms, p99 ${pct(list, 99).toFixed(1)} ms, max ${Math.max(...list).toFixed(0)} ms (${list.length} calls)`;

  interface Job {
    id: string;
    state: string;
    final: boolean;
    message: string;
    done: number;
    total: number;
    position?: number | null;
  }
  const jobOf = async (token: string, id: string) =>
    ((await (await fetch(`${server.url}/api/jobs/${id}`, { headers: auth(token) })).json()) as { data: Job }).data;
  const follow = async (token: string, id: string) => {
    for (;;) {
      const job = await jobOf(token, id);
      if (job.final) return job;
      await new Promise((r) => setTimeout(r, 250));
    }
  };

  // 1. idle
  const idle = await probe(new Promise((r) => setTimeout(r, IDLE_S * 1000)));
  console.log(`idle: ${fmt(idle)}`);

  // 2. the synchronous export of every DEMO row
  {
    const s = performance.now();
    let bytes = 0;
    let status = 0;
    let msg = '';
    const work = (async () => {
      const res = await fetch(`${server.url}${CODE_TABLE}/export`, { method: 'POST', headers: json(tokens.viewer), body: '{}' });
      status = res.status;
      if (!res.headers.get('content-type')?.includes('spreadsheet')) msg = ((await res.json()) as { msg: string }).msg;
      else for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
    })();
    const during = await probe(work);
    await work;
    const secs = (performance.now() - s) / 1000;
    console.log(
      bytes
        ? `sync export of ${N} rows: ${(bytes / 1024 / 1024).toFixed(1)} MB in ${secs.toFixed(1)} s; meanwhile ${fmt(during)}`
        : `sync export of ${N} rows: ${status} "${msg}" after ${(secs * 1000).toFixed(0)} ms; meanwhile ${fmt(during)}`,
    );
  }

  // 3. the same export as a job
  {
    const s = performance.now();
    const started = (await (
      await fetch(`${server.url}${CODE_TABLE}/export?job=1`, { method: 'POST', headers: json(tokens.viewer), body: '{}' })
    ).json()) as { data: { jobId: string } };
    const work = follow(tokens.viewer, started.data.jobId);
    const during = await probe(work);
    const job = await work;
    const secs = (performance.now() - s) / 1000;
    const file = await fetch(`${server.url}/api/jobs/${job.id}/download`, { headers: auth(tokens.viewer) });
    const size = (await file.arrayBuffer()).byteLength;
    console.log(
      `export job of ${N} rows: ${job.state} in ${secs.toFixed(1)} s (${Math.round(N / secs)} rows/s), ${(size / 1024 / 1024).toFixed(1)} MB; meanwhile ${fmt(during)}`,
    );
  }

  // 4. parallel export jobs of several users
  {
    const who = ['viewer', 'demo', 'acme'] as const;
    const tenantOf = { viewer: 'DEMO', demo: 'DEMO', acme: 'ACME' } as const;
    const enqueueMs: number[] = [];
    let timedOut = 0;
    const mine: { user: (typeof who)[number]; id: string }[] = [];
    const s = performance.now();
    const enqueued = Promise.all(
      Array.from({ length: PARALLEL }, async (_, i) => {
        const user = who[i % who.length];
        const c0 = performance.now();
        try {
          const res = await fetch(`${server.url}${CODE_TABLE}/export?job=1`, {
            method: 'POST',
            headers: json(tokens[user]),
            body: '{}',
            signal: AbortSignal.timeout(10_000),
          });
          const body = (await res.json()) as { code: number; msg: string; data: { jobId: string } };
          if (body.code !== 200) throw new Error(body.msg);
          mine.push({ user, id: body.data.jobId });
          enqueueMs.push(performance.now() - c0);
        } catch (err) {
          if ((err as Error).name === 'TimeoutError') timedOut++;
          else throw err;
        }
      }),
    );
    // watched until every job ended or the window closed
    const maxRunning: Record<string, number> = {};
    const positions = new Set<number>();
    const states: Record<string, number> = {};
    const watch = (async () => {
      await enqueued;
      const until = s + WINDOW_S * 1000;
      for (;;) {
        const rows = await Promise.all(mine.map(async (m) => ({ ...m, job: await jobOf(tokens[m.user], m.id) })));
        const running: Record<string, number> = {};
        for (const r of rows) {
          if (r.job.state === 'running') {
            running[`user ${r.user}`] = (running[`user ${r.user}`] ?? 0) + 1;
            running[`tenant ${tenantOf[r.user]}`] = (running[`tenant ${tenantOf[r.user]}`] ?? 0) + 1;
          }
          if (typeof r.job.position === 'number') positions.add(r.job.position);
        }
        for (const [k, v] of Object.entries(running)) maxRunning[k] = Math.max(maxRunning[k] ?? 0, v);
        if (rows.every((r) => r.job.final) || performance.now() > until) {
          for (const r of rows) states[r.job.state] = (states[r.job.state] ?? 0) + 1;
          return rows;
        }
        await new Promise((r) => setTimeout(r, 500));
      }
    })();
    const during = await probe(watch);
    const rows = await watch;
    const secs = (performance.now() - s) / 1000;
    console.log(
      `${PARALLEL} export jobs at once (${who.join(', ')}): enqueue p50 ${pct(enqueueMs, 50)?.toFixed(0)} ms, max ${Math.max(...enqueueMs, 0).toFixed(0)} ms, ${timedOut} timed out (10 s)`,
    );
    console.log(
      `  after ${secs.toFixed(0)} s: ${Object.entries(states)
        .map(([k, v]) => `${v} ${k}`)
        .join(', ')}; most running at once: ${
        Object.entries(maxRunning)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ') || 'none seen'
      }; queue positions shown: ${positions.size ? [...positions].sort((a, b) => a - b).join(', ') : 'none'}`,
    );
    console.log(`  meanwhile ${fmt(during)}`);
    // what is left is cancelled (a running job stops at its next progress report)
    await Promise.all(
      rows
        .filter((r) => !r.job.final)
        .map((r) =>
          fetch(`${server.url}/api/jobs/${r.id}/cancel`, { method: 'POST', headers: auth(tokens[r.user]) }).then((x) => x.arrayBuffer()),
        ),
    );
  }
  console.log(`load average (1/5/15 min) at the end: ${load()}`);
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
  if (dbUrl && admin) await pgRun(admin, `drop database if exists ${new URL(dbUrl).pathname.slice(1)} with (force)`);
  pgServer?.stop();
}
