// Get EPC at volume, and whether the server keeps answering meanwhile. The real server
// (node --import tsx apps/server/src/main.ts, as `npm start` runs it: embedded PGlite in a data
// directory on disk) gets label orders of EPC_LABELS labels (default 1,000,000: 10 SKUs ×
// 100,000), made through the API as a user makes them (create, submit, the supplier accepts, a
// sketch confirmed, confirm); then:
//   1. Get EPC of one order with nothing else asked: the time from the action to the job's end;
//   2. /api/health and a console list (the label orders' first page, signed in) asked back to back
//      by two clients for IDLE_MS (default 3 s) with nothing running: p50/p99/max;
//   3. the same two clients while Get EPC of a second order runs: p50/p99/max, the ratio of the
//      p99s to the idle ones (goal ≤ 3), and that generation's time.
// PGlite by default; PostgreSQL with BENCH_PG=1 (a throwaway PostgreSQL 15 started here WITH
// fsync, unlike the test suite's) or BENCH_PG_URL=<admin url> (a fresh database is made on it).
// The machine's load average is printed with the figures.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../e2e/support/server.js';
import { keptAliveClient, loadAverage, pct } from './lib.js';

const LABELS = Number(process.env.EPC_LABELS ?? 1_000_000);
const IDLE_MS = Number(process.env.IDLE_MS ?? 3000);
const SKUS = 10;
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="60"><rect width="40" height="60" fill="#fff"/><text x="4" y="20">LM</text></svg>';

/** A throwaway PostgreSQL server on a loopback port, with fsync on (scripts/lib/pg-server.mjs turns it off for the tests). */
async function startPostgresWithFsync(): Promise<{ url: string; version: string; stop(): void }> {
  // @ts-expect-error a plain .mjs helper of the repository's scripts
  const { pgBinDir } = await import('../scripts/lib/system-deps.mjs');
  const bin = pgBinDir() as string | undefined;
  if (!bin) throw new Error('PostgreSQL is not installed');
  const isRoot = process.getuid?.() === 0;
  const asPg = (cmd: string, args: string[]): [string, string[]] =>
    isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  const dir = mkdtempSync(path.join(tmpdir(), 'tagloom-pg-bench-'));
  chmodSync(dir, 0o777);
  if (isRoot) execFileSync('chown', ['postgres', dir]);
  const data = path.join(dir, 'data');
  const port = await new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
  const run = (cmd: string, args: string[]) => {
    const [c, a] = asPg(cmd, args);
    const r = spawnSync(c, a, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
  };
  run(`${bin}/initdb`, ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  run(`${bin}/pg_ctl`, [
    '-D',
    data,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`,
    'start',
  ]);
  const version = execFileSync(`${bin}/postgres`, ['--version'], { encoding: 'utf8' }).trim();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    version,
    stop() {
      try {
        run(`${bin}/pg_ctl`, ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

const pgServer = process.env.BENCH_PG === '1' && !process.env.BENCH_PG_URL ? await startPostgresWithFsync() : undefined;
if (pgServer) process.env.BENCH_PG_URL = pgServer.url;
// the server started below makes a fresh database of its own on this PostgreSQL server
if (process.env.BENCH_PG_URL) process.env.E2E_PG_URL = process.env.BENCH_PG_URL;
const database = process.env.BENCH_PG_URL
  ? `PostgreSQL${pgServer ? ` (${pgServer.version}, throwaway, fsync on)` : ` at ${process.env.BENCH_PG_URL}`}`
  : 'PGlite in a data directory on disk';

console.log(`starting the server (${database}${process.env.PGLITE_WORKER === '0' ? ', PGLITE_WORKER=0: PGlite on the event loop' : ''})…`);
const server = await startServer({ WEB_DIST: '/nonexistent-web-dist', LOG_LEVEL: 'warn' });

/** The server process (found by its port) and its CPU time in seconds, from /proc (Linux; undefined elsewhere). */
const serverPid = (() => {
  const port = new URL(server.url).port;
  try {
    for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      try {
        if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('apps/server/src/main.ts')) continue;
        if (readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`PORT=${port}`)) return pid;
      } catch {
        // gone, or not ours
      }
    }
  } catch {
    // no /proc
  }
  return undefined;
})();
const cpuSeconds = () => {
  if (!serverPid) return Number.NaN;
  const f = readFileSync(`/proc/${serverPid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100; // utime + stime, in clock ticks of 1/100 s
};
const http = keptAliveClient(server.url, 8);
const describe = (xs: number[]) =>
  `p50 ${pct(xs, 50).toFixed(1)} ms, p99 ${pct(xs, 99).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms (${xs.length} calls)`;

try {
  const call = async (method: string, url: string, token: string | undefined, body?: unknown) => {
    const res = await http(
      method,
      url,
      {
        ...(token ? { token } : {}),
        langeType: 'en_US',
        'accept-encoding': 'gzip',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body === undefined ? undefined : JSON.stringify(body),
    );
    // biome-ignore lint/suspicious/noExplicitAny: the API's answers, read by key
    const json = JSON.parse(res.text) as { code: number; msg: string; data: any };
    if (res.status !== 200) throw new Error(`${method} ${url} answered ${res.status}: ${json.msg}`);
    return json.data;
  };
  const login = async (username: string, password: string) =>
    (await call('POST', '/api/user/login', undefined, { username, password })).token as string;
  const demo = await login('demo', 'demo123');
  const supplier = await login('supplier01', 'demo1234');
  const skus = ((await call('POST', '/api/tenant/goods-sku/list', demo, { page: 1, pageSize: 100 })).list as { id: number; gtin: string }[])
    .filter((s) => /^69\d{11}$/.test(s.gtin))
    .slice(0, SKUS);
  const suppliers = (await call('POST', '/api/tenant/label-supplier/list', demo, { page: 1, pageSize: 20, code: 'LS01' })).list as {
    id: number;
    code: string;
  }[];
  const supplierId = suppliers.find((s) => s.code === 'LS01')!.id;
  const per = Math.ceil(LABELS / skus.length);

  /** A label order of LABELS labels brought to "confirmed" through the API. */
  async function confirmedOrder(): Promise<{ id: number; code: string; labels: number }> {
    const o = await call('POST', '/api/label/purchase-order/create', demo, {
      kind: 1,
      supplierId,
      lossRatio: 0,
      lines: skus.map((s) => ({ skuId: s.id, quantity: per })),
    });
    await call('POST', '/api/label/purchase-order/submit', demo, { id: o.id });
    await call('POST', '/api/supply/label-order/accept', supplier, { id: o.id });
    const form = new FormData();
    form.append('file', new Blob([SVG]), 'hang-tag.svg');
    const up = await fetch(`${server.url}/api/label/sketch/upload?field=file`, {
      method: 'POST',
      headers: { token: supplier },
      body: form,
    });
    const file = ((await up.json()) as { data: { id: number } }).data.id;
    const sketch = await call('POST', '/api/label/sketch/create', supplier, { orderId: o.id, name: 'bench', file });
    await call('POST', '/api/label/sketch/confirm', demo, { id: sketch.id });
    await call('POST', '/api/label/purchase-order/confirm', demo, { id: o.id });
    return { id: o.id, code: o.code, labels: o.labelQuantity };
  }

  /** Get EPC of an order: the time from the action to the job's end (polled every 100 ms). */
  async function generate(order: { id: number }): Promise<number> {
    const t0 = performance.now();
    const moved = await call('POST', '/api/label/purchase-order/generateEpc', demo, { id: order.id });
    for (;;) {
      const job = await call('GET', `/api/jobs/${moved.epcJobId}`, demo);
      if (job.final) {
        if (job.state !== 'done') throw new Error(`Get EPC ended ${job.state}: ${job.message}`);
        return performance.now() - t0;
      }
      if (job.state === 'queued' && performance.now() - t0 > 60_000) throw new Error(`Get EPC still queued after 60 s: ${job.message}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** /api/health and the label orders' first page, each asked back to back until `work` settles. */
  async function probe(work: Promise<unknown>) {
    let done = false;
    void work.finally(() => {
      done = true;
    });
    const loop = async (ask: () => Promise<unknown>) => {
      const out: number[] = [];
      while (!done) {
        const t = performance.now();
        await ask();
        out.push(performance.now() - t);
      }
      return out;
    };
    const [health, list] = await Promise.all([
      loop(() => call('GET', '/api/health', undefined)),
      loop(() => call('POST', '/api/label/purchase-order/list', demo, { page: 1, pageSize: 20 })),
    ]);
    return { health, list };
  }

  console.log(`  server up, ${skus.length} SKUs of the DEMO tenant; making two orders of ${LABELS.toLocaleString('en')} labels…`);
  const [a, b] = [await confirmedOrder(), await confirmedOrder()];
  console.log(`Get EPC of ${a.labels.toLocaleString('en')} labels (${skus.length} SKUs), ${database}; load average ${loadAverage()}`);

  const cpu0 = cpuSeconds();
  const alone = await generate(a);
  console.log(
    `  1. alone: ${(alone / 1000).toFixed(2)} s (${Math.round(a.labels / (alone / 1000)).toLocaleString('en')} EPCs/s; the server's process used ${(cpuSeconds() - cpu0).toFixed(1)} s of CPU${process.env.BENCH_PG_URL ? ', PostgreSQL not counted' : ''}); load average ${loadAverage()}`,
  );

  const idle = await probe(new Promise((r) => setTimeout(r, IDLE_MS)));
  console.log(`  2. idle: /api/health ${describe(idle.health)}`);
  console.log(`           label order list ${describe(idle.list)}`);

  let during = 0;
  const busy = await probe(
    generate(b).then((ms) => {
      during = ms;
    }),
  );
  const ratio = (x: number[], y: number[]) => (pct(x, 99) / pct(y, 99)).toFixed(1);
  console.log(`  3. during Get EPC (${(during / 1000).toFixed(2)} s with the probes): /api/health ${describe(busy.health)}`);
  console.log(`           label order list ${describe(busy.list)}`);
  console.log(
    `     p99 during / idle: /api/health ${ratio(busy.health, idle.health)}×, label order list ${ratio(busy.list, idle.list)}× (goal ≤ 3×); load average ${loadAverage()}`,
  );
} finally {
  await server.stop();
  pgServer?.stop();
}
