// Prints how fast a large Excel import goes and whether the server keeps answering meanwhile: the
// real server (node --import tsx apps/server/src/main.ts, embedded database) gets a .xlsx of N
// tenant groups (default 100,000; IMPORT_ROWS overrides) while /api/health is asked again and
// again; then the 1.6 KB probe with one cell at XFD1048576, which must be refused at once.
import * as XLSX from '@e965/xlsx';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { startServer } from '../e2e/support/server.js';

const N = Number(process.env.IMPORT_ROWS ?? 100_000);
const HEADER = ['Group code', 'Group name', 'Status', 'RFID', 'Remark'];

function workbook(rows: unknown[][]): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};
const describe = (xs: number[]) =>
  `${xs.length} calls, p50 ${pct(xs, 50).toFixed(1)} ms, p99 ${pct(xs, 99).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;

const server = await startServer({ WEB_DIST: '/nonexistent-web-dist', LOG_LEVEL: 'warn' });
try {
  const login = await fetch(`${server.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin123' }),
  });
  const token = (await login.json()).data.token as string;

  /** `path` asked back to back until `work` settles: each call's latency. */
  async function askWhile(path: string, work: Promise<unknown>): Promise<number[]> {
    let done = false;
    void work.finally(() => {
      done = true;
    });
    const out: number[] = [];
    while (!done) {
      const t0 = performance.now();
      const res = await fetch(`${server.url}${path}`);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${path} answered ${res.status}`);
      out.push(performance.now() - t0);
    }
    return out;
  }
  /**
   * /api/health (which pings the database) and, at the same time, a call that touches no database
   * (the server version): the second measures the event loop alone, the first also waits for the
   * database (on embedded PGlite, one connection: behind any open transaction).
   */
  async function healthWhile(work: Promise<unknown>) {
    const [health, loop] = await Promise.all([askWhile('/api/health', work), askWhile('/api/common/getServerVersion', work)]);
    return `/api/health ${describe(health)}; event loop (server version, no database) ${describe(loop)}`;
  }

  const upload = async (file: Buffer, name: string, jobId?: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), name);
    const res = await fetch(`${server.url}/api/general/tenant-group/import`, {
      method: 'POST',
      headers: { token, langeType: 'en_US', ...(jobId ? { 'x-job-id': jobId } : {}) },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as { msg: string; data: { inserted?: number } } };
  };

  const idle = await healthWhile(new Promise((r) => setTimeout(r, 2000)));
  console.log(`idle: ${idle}`);

  const rows: unknown[][] = [HEADER];
  for (let i = 1; i <= N; i++) rows.push([`B${i}`, `Bench group ${i}`, i % 2 ? 'Enabled' : 'Disabled', 'Yes', `bench row ${i}`]);
  const big = workbook(rows);
  console.log(`file: ${N} rows, ${(big.length / 1024 / 1024).toFixed(1)} MB .xlsx`);

  const t0 = performance.now();
  const importing = upload(big, 'bench.xlsx', 'bench-import-1');
  // the phases, from the job: it appears once the file is read, its count reaches the total once the rows are checked
  const phases = { read: 0, checked: 0 };
  const watching = (async () => {
    let settled = false;
    void importing.finally(() => {
      settled = true;
    });
    while (!settled && !phases.checked) {
      const res = await fetch(`${server.url}/api/jobs/bench-import-1`, { headers: { token } });
      const job = (await res.json()).data as { done: number; total: number } | null;
      if (job && !phases.read) phases.read = performance.now() - t0;
      if (job && job.total > 0 && job.done >= job.total - (job.total % 500)) phases.checked = performance.now() - t0;
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const during = await healthWhile(importing);
  const result = await importing;
  await watching;
  const secs = (performance.now() - t0) / 1000;
  if (result.status !== 200) throw new Error(`import answered ${result.status}: ${result.body.msg}`);
  console.log(
    `import ${result.body.data.inserted} rows in ${secs.toFixed(1)} s (${Math.round(N / secs)} rows/s): read by ${(phases.read / 1000).toFixed(1)} s, checked by ${(phases.checked / 1000).toFixed(1)} s, written by ${secs.toFixed(1)} s; meanwhile: ${during}`,
  );

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
    `XFD1048576 probe (${probe.length} bytes): ${refused.status} "${refused.body.msg}" after ${(performance.now() - t1).toFixed(0)} ms; meanwhile: ${meanwhile}`,
  );
} finally {
  await server.stop();
}
