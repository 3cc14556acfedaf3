// Prints how fast a large Excel import goes as a job and whether the server keeps answering
// meanwhile: the real server (node --import tsx apps/server/src/main.ts, embedded database) gets a
// .xlsx of N tenant groups (default 100,000; IMPORT_ROWS overrides); the upload answers a job id,
// the job's phases (reading, checking, writing) are read from GET /api/jobs/:id while /api/health
// is asked again and again (p50/p99/max, overall and during the write phase; goal p99 ≤ 100 ms);
// then the 1.6 KB probe with one cell at XFD1048576, which must be refused at once. The machine's
// load average is printed with the figures. On PGlite by default; on PostgreSQL 15 with
// BENCH_PG_URL=<admin url> (a fresh database is made on it), or BENCH_PG=1 to start a throwaway
// server (scripts/lib/pg-server.mjs).
import * as XLSX from '@e965/xlsx';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { startServer } from '../e2e/support/server.js';
import { askServerWhile, type BenchJob, benchDatabase, loadAverage, pct } from './lib.js';

const N = Number(process.env.IMPORT_ROWS ?? 100_000);

type Job = BenchJob<{ inserted?: number }>;
const HEADER = ['Group code', 'Group name', 'Status', 'RFID', 'Remark'];

function workbook(rows: unknown[][]): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

const describe = (xs: number[]) =>
  `${xs.length} calls, p50 ${pct(xs, 50).toFixed(1)} ms, p99 ${pct(xs, 99).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;

// the server started below gets a fresh database of its own on this PostgreSQL server (none for BENCH_URL)
const pgServer = process.env.BENCH_URL ? undefined : await benchDatabase('E2E_PG_URL');
const load = () => loadAverage(' / ');
console.log(
  `database: ${process.env.BENCH_URL ? `the server at ${process.env.BENCH_URL}` : process.env.BENCH_PG_URL ? `PostgreSQL${pgServer ? ` (${pgServer.version})` : ''}` : 'PGlite (embedded)'}; load average (1/5/15 min): ${load()}`,
);

// BENCH_URL: a server already running (embedded database, admin/admin123) instead of one started here
const server = process.env.BENCH_URL
  ? { url: process.env.BENCH_URL, stop: async () => {} }
  : await startServer({ WEB_DIST: '/nonexistent-web-dist', LOG_LEVEL: 'warn' });
try {
  const login = await fetch(`${server.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin123' }),
  });
  const token = (await login.json()).data.token as string;

  const askWhile = (path: string, work: Promise<unknown>) => askServerWhile(server.url, path, work);
  /**
   * /api/health (which pings the database) and, at the same time, a call that touches no database
   * (the server version): the second measures the event loop alone, the first also waits for the
   * database (on embedded PGlite, one connection: behind any open transaction).
   */
  async function healthWhile(work: Promise<unknown>) {
    const [health, loop] = await Promise.all([askWhile('/api/health', work), askWhile('/api/common/getServerVersion', work)]);
    return `/api/health ${describe(health)}; event loop (server version, no database) ${describe(loop)}`;
  }

  /** Uploads a workbook; the import runs as a job, which is followed to its end. */
  const upload = async (file: Buffer, name: string, onJob?: (job: Job) => void) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), name);
    const res = await fetch(`${server.url}/api/general/tenant-group/import`, {
      method: 'POST',
      headers: { token, langeType: 'en_US' },
      body: form,
    });
    const started = (await res.json()) as { code: number; msg: string; data: { jobId: string } };
    if (started.code !== 200) return { state: 'refused', message: started.msg, result: null } as unknown as Job;
    for (;;) {
      const job = (await (await fetch(`${server.url}/api/jobs/${started.data.jobId}`, { headers: { token, langeType: 'en_US' } })).json())
        .data as Job;
      onJob?.(job);
      if (job.final) return job;
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  const idle = await healthWhile(new Promise((r) => setTimeout(r, 2000)));
  console.log(`idle: ${idle}`);

  const rows: unknown[][] = [HEADER];
  for (let i = 1; i <= N; i++) rows.push([`B${i}`, `Bench group ${i}`, i % 2 ? 'Enabled' : 'Disabled', 'Yes', `bench row ${i}`]);
  const big = workbook(rows);
  console.log(`file: ${N} rows, ${(big.length / 1024 / 1024).toFixed(1)} MB .xlsx`);

  const t0 = performance.now();
  // when each phase began (from the job's message key), and /api/health's latencies in the write phase
  const phases: Record<string, number> = {};
  let phase = '';
  const importing = upload(big, 'bench.xlsx', (job) => {
    if (job.messageKey !== phase) {
      phase = job.messageKey;
      phases[phase] ??= performance.now() - t0;
    }
  });
  const writeHealth: number[] = [];
  const allHealth: number[] = [];
  let settled = false;
  void importing.finally(() => {
    settled = true;
  });
  const loop: number[] = [];
  await Promise.all([
    (async () => {
      while (!settled) {
        const t = performance.now();
        const res = await fetch(`${server.url}/api/health`);
        await res.arrayBuffer();
        const ms = performance.now() - t;
        allHealth.push(ms);
        if (phase === 'jobs.phase.writing') writeHealth.push(ms);
      }
    })(),
    askWhile('/api/common/getServerVersion', importing).then((xs) => loop.push(...xs)),
  ]);
  const job = await importing;
  const secs = (performance.now() - t0) / 1000;
  if (job.state !== 'done') throw new Error(`import ended ${job.state}: ${job.message}`);
  const at = (k: string) => (phases[k] === undefined ? '-' : `${(phases[k] / 1000).toFixed(1)} s`);
  console.log(
    `import job: ${job.result?.inserted} rows in ${secs.toFixed(1)} s (${Math.round(N / secs)} rows/s); phases began: reading ${at('jobs.phase.reading')}, checking ${at('jobs.phase.checking')}, writing ${at('jobs.phase.writing')}, done ${secs.toFixed(1)} s`,
  );
  console.log(`  /api/health during the whole job: ${describe(allHealth)}`);
  console.log(`  /api/health during the write phase: ${describe(writeHealth)}`);
  console.log(`  event loop (server version, no database): ${describe(loop)}`);

  const parts = unzipSync(workbook([HEADER]));
  parts['xl/worksheets/sheet1.xml'] = strToU8(
    strFromU8(parts['xl/worksheets/sheet1.xml'])
      .replace('</sheetData>', '<row r="1048576"><c r="XFD1048576"><v>1</v></c></row></sheetData>')
      .replace(/<dimension ref="[^"]*"\/>/, ''),
  );
  const probe = Buffer.from(zipSync(parts));
  const t1 = performance.now();
  const refusing = upload(probe, 'probe.xlsx');
  const meanwhile = await healthWhile(refusing);
  const refused = await refusing;
  console.log(
    `XFD1048576 probe (${probe.length} bytes): ${refused.state} "${refused.message}" after ${(performance.now() - t1).toFixed(0)} ms; meanwhile: ${meanwhile}`,
  );
  console.log(`load average (1/5/15 min) at the end: ${load()}`);
} finally {
  await server.stop();
  pgServer?.stop();
}
