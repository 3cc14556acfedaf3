// Whether the server keeps answering while a long job runs. A server (the test app, as main.ts
// builds it, with its job queue) on the database as deployed — PGlite with its data directory on
// disk by default (BENCH_DISK=0: in memory); PostgreSQL 15 with BENCH_PG_URL=<admin url>, or
// BENCH_PG=1 to start a throwaway server with fsync on — is asked, from a SEPARATE process on
// loopback, `/api/health` (which pings the database), a console list (DEMO's RFID equipment, page
// 1, as `demo`) and a call without database (the server version: the event loop alone), each
// again and again (STALL_PACE_MS apart, default 10) while nothing runs (STALL_IDLE_S, default 5)
// and then while each job of STALL_PHASES runs (default all, in this order):
//   statement  one long statement (a count over generate_series(1, STALL_STATEMENT_ROWS), default
//              10,000,000), run by the server process while the others wait for the connection;
//   export     an export job of STALL_EXPORT_ROWS tenant groups (default 200,000), followed to its end;
//   import     an import job of STALL_IMPORT_ROWS tenant groups (default 100,000) from an .xlsx;
//   ingest     a reader flood: STALL_INGEST_READS reads (default 200,000) POSTed to
//              /api/rfid/ingest/impinj, 500 a batch, 4 in flight, until they are folded into EPC state
//              (the readers' quotas off; STALL_QUOTA=1 keeps them, a refused batch is resent a second later);
//   epc        Get EPC of a label order of STALL_EPC_LABELS labels (default 1,000,000), to "EPC generated".
// Each phase prints its duration and the p50/p99/max of the three calls, and the ratio of the p99
// to its idle p99 (goal ≤ 3×). PGLITE_WORKER=0 runs PGlite on the server's event loop (as before
// it had a thread of its own): run it both ways to compare. The machine's load average is printed
// with the figures. The same file is the client: STALL_CLIENT=<base url> runs the driver.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { benchDatabase, demoTenants, durability, keptAliveClient, loadAverage, pct } from './lib.js';

const PACE_MS = Number(process.env.STALL_PACE_MS ?? 10);
const IDLE_S = Number(process.env.STALL_IDLE_S ?? 5);
const PHASES = (process.env.STALL_PHASES ?? 'statement,export,import,ingest,epc').split(',').filter(Boolean);
const STATEMENT_ROWS = Number(process.env.STALL_STATEMENT_ROWS ?? 10_000_000);
const EXPORT_ROWS = Number(process.env.STALL_EXPORT_ROWS ?? 200_000);
const IMPORT_ROWS = Number(process.env.STALL_IMPORT_ROWS ?? 100_000);
const INGEST_READS = Number(process.env.STALL_INGEST_READS ?? 200_000);
const EPC_LABELS = Number(process.env.STALL_EPC_LABELS ?? 1_000_000);
const INGEST_BATCH = 500;
const INGEST_IN_FLIGHT = 4;

interface Setup {
  admin: string;
  demo: string;
  deviceKey: string;
  orderId: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The driver: probes and jobs over HTTP, in a process of its own. */
async function client(base: string, setup: Setup) {
  const request = keptAliveClient(base, 16);
  const json = (text: string) => JSON.parse(text) as { code: number; msg: string; data: any };
  const api = async (method: string, path: string, token: string, body?: unknown) => {
    const res = await request(
      method,
      path,
      { token, langeType: 'en_US', 'content-type': 'application/json' },
      body === undefined ? undefined : JSON.stringify(body),
    );
    const out = json(res.text);
    if (out.code !== 200) throw new Error(`${path}: ${out.code} ${out.msg}`);
    return out.data;
  };
  /** What the server side is asked to do, and its answer (a line on stdin). */
  const ask = async (want: string) => {
    process.stdout.write(`${JSON.stringify({ want })}\n`);
    return new Promise<string>((resolve) => process.stdin.once('data', (d) => resolve(String(d).trim())));
  };

  let foldBacklog = -1;
  const probes = {
    health: async () => {
      const res = await request('GET', '/api/health', {});
      foldBacklog = json(res.text).data?.rfidFold?.batches ?? -1;
    },
    list: () => api('POST', '/api/rfid/equipment/list', setup.demo, { page: 1, pageSize: 20 }),
    loop: () => request('GET', '/api/common/getServerVersion', {}),
  };
  type Name = keyof typeof probes;
  /** The probes' latencies while `work` runs, and how long it ran. */
  const during = async (work: () => Promise<unknown>) => {
    let running = true;
    const lat: Record<Name, number[]> = { health: [], list: [], loop: [] };
    const loops = (Object.keys(probes) as Name[]).map(async (name) => {
      while (running) {
        const s = performance.now();
        await probes[name]();
        lat[name].push(performance.now() - s);
        await sleep(PACE_MS);
      }
    });
    const t0 = performance.now();
    try {
      await work();
    } finally {
      running = false;
    }
    const seconds = (performance.now() - t0) / 1000;
    await Promise.all(loops);
    return { seconds, lat };
  };

  const jobDone = async (jobId: unknown, token: string) => {
    for (;;) {
      const job = await api('GET', `/api/jobs/${jobId}`, token);
      if (job.final) {
        if (job.state !== 'done') throw new Error(`job ${jobId} ended ${job.state}: ${job.message}`);
        return job;
      }
      await sleep(200);
    }
  };

  const jobs: Record<string, () => Promise<string>> = {
    statement: async () => {
      await ask('statement');
      return `count(*) over ${STATEMENT_ROWS.toLocaleString('en')} generated rows`;
    },
    export: async () => {
      const { jobId } = await api('POST', '/api/general/tenant-group/export?job=1', setup.admin, {});
      const job = await jobDone(jobId, setup.admin);
      return `${Number(job.total ?? EXPORT_ROWS).toLocaleString('en')} rows exported as a job`;
    },
    import: async () => {
      const XLSX = await import('@e965/xlsx');
      const rows: unknown[][] = [['Group code', 'Group name', 'Status', 'RFID', 'Remark']];
      for (let i = 1; i <= IMPORT_ROWS; i++)
        rows.push([`S${i}`, `Stall group ${i}`, i % 2 ? 'Enabled' : 'Disabled', 'Yes', `stall row ${i}`]);
      const wb = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
      const file = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(file)]), 'stall.xlsx');
      const res = await fetch(`${base}/api/general/tenant-group/import`, {
        method: 'POST',
        headers: { token: setup.admin, langeType: 'en_US' },
        body: form,
      });
      const started = json(await res.text());
      if (started.code !== 200) throw new Error(`import: ${started.msg}`);
      const job = await jobDone(started.data.jobId, setup.admin);
      return `${Number(job.result?.inserted ?? 0).toLocaleString('en')} rows imported as a job`;
    },
    ingest: async () => {
      // the bodies are written before the phase, as a reader's firmware writes them on its own CPU
      const epc = (i: number) => `3034257BF7194E5${(i % 20_000).toString(16).toUpperCase().padStart(9, '0')}`;
      const now = Date.now();
      const bodies: string[] = [];
      for (let sent = 0, seq = 0; sent < INGEST_READS; sent += INGEST_BATCH, seq++) {
        const reads = [];
        for (let i = 0; i < INGEST_BATCH; i++) {
          const at = new Date(now - 1000 + i).toISOString();
          reads.push({
            timestamp: at,
            hostname: 'impinj-stall',
            eventType: 'tagInventory',
            tagInventoryEvent: { epcHex: epc(seq * 7919 + i * 104_729), antennaPort: 1 + (i % 4), peakRssiCdbm: -5500, lastSeenTime: at },
          });
        }
        bodies.push(JSON.stringify(reads));
      }
      let next = 0;
      let acked = 0;
      let refused = 0;
      const auth = { 'content-type': 'application/json', authorization: `Bearer ${setup.deviceKey}` };
      await Promise.all(
        Array.from({ length: INGEST_IN_FLIGHT }, async () => {
          while (next < bodies.length) {
            const n = next++;
            for (;;) {
              const headers = { ...auth, 'idempotency-key': `stall-${process.pid}-${n}` };
              const res = await request('POST', '/api/rfid/ingest/impinj', headers, bodies[n]);
              if (res.status === 429) {
                // over a quota (STALL_QUOTA=1): resent a second later, as a reader does
                refused++;
                await sleep(1000);
                continue;
              }
              if (res.status !== 200) throw new Error(`ingest answered ${res.status}: ${res.text.slice(0, 200)}`);
              acked += json(res.text).data?.accepted ?? 0;
              break;
            }
          }
        }),
      );
      // until EPC state has caught up (the health probe reads the fold's backlog)
      for (foldBacklog = -1; foldBacklog !== 0; ) await sleep(50);
      return `${acked.toLocaleString('en')} reads acknowledged and folded${refused ? ` (${refused} refusals over the quota, resent)` : ''}`;
    },
    epc: async () => {
      await api('POST', '/api/label/purchase-order/generateEpc', setup.demo, { id: setup.orderId });
      await ask('epc');
      return `${EPC_LABELS.toLocaleString('en')} EPCs generated`;
    },
  };

  const idle = await during(() => sleep(IDLE_S * 1000));
  const report = (phase: string, what: string, r: Awaited<ReturnType<typeof during>>) =>
    process.stdout.write(`${JSON.stringify({ phase, what, seconds: r.seconds, lat: r.lat })}\n`);
  report('idle', `${IDLE_S} s`, idle);
  for (const phase of PHASES) {
    let what = '';
    const r = await during(async () => {
      what = await jobs[phase]();
    });
    report(phase, what, r);
  }
  process.stdout.write(`${JSON.stringify({ done: true })}\n`);
  process.stdin.destroy();
}

async function server() {
  process.env.BENCH_DISK ??= '1';
  const pgServer = await benchDatabase();
  const { startTestApp } = await import('../apps/server/test/support.js');
  const { queryRows } = await import('../apps/server/src/db/client.js');
  const { issueDeviceKey } = await import('../apps/server/src/core/feed/device-keys.js');
  const { LABEL_ORDER } = await import('@tagloom/domain');
  const { sql } = await import('drizzle-orm');
  const { stopParsePool } = await import('../apps/server/src/modules/rfid/ingest/parse-pool.js');

  // a flood as many readers make it: the readers' quotas off (STALL_QUOTA=1 keeps them)
  const t = await startTestApp(
    process.env.STALL_QUOTA === '1' ? {} : { RFID_DEVICE_EVENTS_PER_SECOND: '0', RFID_TENANT_EVENTS_PER_SECOND: '0' },
  );
  try {
    console.log(
      `database: ${t.database.describe}${pgServer ? ` (${pgServer.version})` : ''}; ${await durability(t)}; load average ${loadAverage()}`,
    );
    const s0 = performance.now();
    const { demo } = await demoTenants(t);
    if (PHASES.includes('export'))
      await t.ctx.db.execute(
        sql.raw(`insert into tenant_groups (code, name, rfid, status, remark)
          select 'G' || g, 'Group ' || g, g % 2, 1, 'bench row ' || g from generate_series(1, ${EXPORT_ROWS}) g`),
      );
    const { key: deviceKey } = await issueDeviceKey(t.ctx.db, demo, 'GATE-01');
    const setup: Setup = { admin: await t.login('admin', 'admin123'), demo: await t.login('demo', 'demo123'), deviceKey, orderId: 0 };
    if (PHASES.includes('epc')) {
      const skus = await queryRows<{ id: number }>(
        t.ctx.db,
        sql`select id::int as id from goods_skus where tenant_id = ${demo} and gtin like '69%' order by id limit 10`,
      );
      const created = await t.call('POST', '/api/label/purchase-order/create', {
        token: setup.demo,
        body: { kind: 1, lossRatio: 0, lines: skus.map((s) => ({ skuId: s.id, quantity: Math.ceil(EPC_LABELS / skus.length) })) },
      });
      setup.orderId = created.body.data.id;
      // straight to confirmed, as bench/epc-generate does: the phase is Get EPC, not the review
      await t.ctx.db.execute(
        sql`update label_orders set status = ${LABEL_ORDER.CONFIRMED}, sketch_confirmed = 1 where tenant_id = ${demo} and id = ${setup.orderId}`,
      );
    }
    await t.ctx.db.execute(sql`checkpoint`);
    console.log(`prepared in ${((performance.now() - s0) / 1000).toFixed(0)} s; phases: idle, ${PHASES.join(', ')}`);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });

    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
      env: { ...process.env, STALL_CLIENT: address, STALL_SETUP: JSON.stringify(setup) },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const exited = new Promise<void>((resolve, reject) => {
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`driver exited with ${code}`))));
    });
    let idle: Record<string, number> = {};
    const row = (xs: number[], base?: number) => {
      const p99 = pct(xs, 99);
      const ratio = base ? `, ${(p99 / base).toFixed(1)}× idle` : '';
      return `p50 ${pct(xs, 50).toFixed(1)} / p99 ${p99.toFixed(1)} / max ${Math.max(...xs).toFixed(0)} ms (${xs.length})${ratio}`;
    };
    const handle = async (line: string) => {
      const m = JSON.parse(line) as { want?: string; phase?: string; what?: string; seconds?: number; lat?: Record<string, number[]> };
      if (m.want === 'statement') {
        await t.ctx.db.execute(sql.raw(`select count(*) from generate_series(1, ${STATEMENT_ROWS}) g where g % 7 = 3`));
        child.stdin.write('done\n');
      } else if (m.want === 'epc') {
        for (;;) {
          const [o] = await queryRows<{ status: number }>(
            t.ctx.db,
            sql`select status from label_orders where tenant_id = ${demo} and id = ${setup.orderId}`,
          );
          if (o.status !== LABEL_ORDER.EPC_GENERATING) {
            if (o.status !== LABEL_ORDER.EPC_GENERATED) throw new Error(`the order ended in state ${o.status}`);
            break;
          }
          await sleep(50);
        }
        child.stdin.write('done\n');
      } else if (m.phase && m.lat) {
        if (m.phase === 'idle') idle = { health: pct(m.lat.health, 99), list: pct(m.lat.list, 99), loop: pct(m.lat.loop, 99) };
        const base = m.phase === 'idle' ? undefined : idle;
        console.log(`${m.phase}: ${m.what}, ${m.seconds!.toFixed(1)} s; load ${loadAverage()}`);
        console.log(`  /api/health ${row(m.lat.health, base?.health)}`);
        console.log(`  console list ${row(m.lat.list, base?.list)}`);
        console.log(`  event loop (server version) ${row(m.lat.loop, base?.loop)}`);
      }
    };
    let out = '';
    let chain = Promise.resolve();
    child.stdout.on('data', (d) => {
      out += String(d);
      const lines = out.split('\n');
      out = lines.pop() ?? '';
      for (const line of lines.filter(Boolean)) chain = chain.then(() => handle(line));
    });
    await exited;
    await chain;
    console.log(`goal: /api/health and the console list p99 ≤ 3× their idle p99 during every job; load average after: ${loadAverage()}`);
  } finally {
    await stopParsePool();
    await t.close();
    pgServer?.stop();
  }
}

if (process.env.STALL_CLIENT) await client(process.env.STALL_CLIENT, JSON.parse(process.env.STALL_SETUP ?? '{}') as Setup);
else await server();
