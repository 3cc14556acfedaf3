// Prints how a large ASN import (warehouse/bill's Import ASN) goes and whether the server keeps
// answering meanwhile: the real server (its embedded PGlite with its data directory on disk, as
// `npm start` keeps it) gets a sheet of ASN_ROWS (default 20,000) EPC rows, 50 to a carton, as the
// DEMO tenant's admin into WH01 from FA01. The upload answers a job id (a file over 2,000 rows is a
// job); the job's phases are read from GET /api/jobs/:id while /api/health is asked back to back,
// and beside it a call without database (the event loop alone). Printed: /api/health p50/p99/max
// idle and during the import, the import's duration and when each phase began, and the machine's
// load average before and after (run it under /usr/bin/time for the CPU seconds).
import * as XLSX from '@e965/xlsx';
import { sgtin96Hex } from '@tagloom/domain';
import { startServer } from '../e2e/support/server.js';
import { askServerWhile, type BenchJob, loadAverage, pct } from './lib.js';

const N = Number(process.env.ASN_ROWS ?? 20_000);

type Job = BenchJob<{ cartons?: number; pieces?: number; epcs?: number }>;

const describe = (xs: number[]) =>
  `${xs.length} calls, p50 ${pct(xs, 50).toFixed(1)} ms, p99 ${pct(xs, 99).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;

console.log(`database: PGlite (embedded, data directory on disk); load average (1/5/15 min): ${loadAverage(' / ')}`);
const server = await startServer({ WEB_DIST: '/nonexistent-web-dist', LOG_LEVEL: 'warn' });
try {
  const login = await fetch(`${server.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'demo123' }),
  });
  const token = (await login.json()).data.token as string;
  const headers = { token, langeType: 'en_US' };
  const get = async (path: string) => (await (await fetch(`${server.url}${path}`, { headers })).json()).data;
  const post = async (path: string, body: unknown) =>
    (
      await (
        await fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json()
    ).data;

  const wh01 = (await get('/api/tenant/warehouse/options?page=1&q=WH01')).list[0].value as number;
  const fa01 = (await get('/api/warehouse/bill-factory/options?page=1&q=FA01')).list[0].value as number;
  const skus = (await post('/api/tenant/goods-sku/list', { page: 1, pageSize: 20 })).list as { skuBarcode: string; gtin: string }[];
  const sku = skus.find((s) => s.gtin)!;

  const askWhile = (path: string, work: Promise<unknown>) => askServerWhile(server.url, path, work);

  const idleWork = new Promise((r) => setTimeout(r, 3000));
  const [idle, idleLoop] = await Promise.all([askWhile('/api/health', idleWork), askWhile('/api/common/getServerVersion', idleWork)]);
  console.log(`idle: /api/health ${describe(idle)}; event loop (server version, no database) ${describe(idleLoop)}`);

  const rows: unknown[][] = [['Carton no. or SSCC', 'SKU code or barcode/GTIN', 'Quantity', 'EPC (optional)']];
  const serial0 = 900_000_000 + (Date.now() % 1_000_000) * 50;
  for (let i = 0; i < N; i++)
    rows.push([`BENCH-${String(Math.floor(i / 50)).padStart(4, '0')}`, sku.skuBarcode, 1, sgtin96Hex(sku.gtin, 7, 1, serial0 + i)]);
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'ASN');
  const file = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
  console.log(`file: ${N} EPC rows (${Math.ceil(N / 50)} cartons), ${(file.length / 1024).toFixed(0)} KB .xlsx`);

  const t0 = performance.now();
  const phases: Record<string, number> = {};
  const importing = (async () => {
    const form = new FormData();
    form.append('destLocationId', String(wh01));
    form.append('factoryId', String(fa01));
    form.append('reservationNo', 'BENCH-ASN');
    form.append('file', new Blob([new Uint8Array(file)]), 'asn.xlsx');
    const res = await fetch(`${server.url}/api/warehouse/bill/import-asn`, { method: 'POST', headers, body: form });
    const started = (await res.json()) as { code: number; msg: string; data: { jobId?: string } };
    phases.answered = performance.now() - t0;
    if (started.code !== 200 || !started.data.jobId) throw new Error(`refused: ${started.msg}`);
    for (;;) {
      const job = (await get(`/api/jobs/${started.data.jobId}`)) as Job;
      phases[job.messageKey] ??= performance.now() - t0;
      if (job.final) return job;
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const [health, loop] = await Promise.all([askWhile('/api/health', importing), askWhile('/api/common/getServerVersion', importing)]);
  const job = await importing;
  const secs = (performance.now() - t0) / 1000;
  if (job.state !== 'done') throw new Error(`import ended ${job.state}: ${job.message}`);
  const at = (k: string) => (phases[k] === undefined ? '-' : `${(phases[k] / 1000).toFixed(1)} s`);
  console.log(
    `import: ${job.result?.cartons} cartons, ${job.result?.epcs} EPCs bound, in ${secs.toFixed(1)} s; the upload answered at ${at('answered')}; phases began: reading ${at('jobs.phase.reading')}, checking ${at('jobs.phase.checking')}, writing ${at('jobs.phase.writing')}, shipping ${at('asnImport.phase.shipping')}`,
  );
  console.log(`  /api/health during the import: ${describe(health)} (idle p99 ${pct(idle, 99).toFixed(1)} ms)`);
  console.log(`  event loop (server version, no database) during the import: ${describe(loop)}`);
  console.log(`load average after (1/5/15 min): ${loadAverage(' / ')}`);
} finally {
  await server.stop();
}
