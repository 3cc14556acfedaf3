// Reader ingestion throughput: starts a server (PGlite by default; on PostgreSQL 15 with
// BENCH_PG_URL=<admin url>, or BENCH_PG=1 to start a throwaway server), issues a device key, and
// drives POST /api/rfid/ingest/impinj from a SEPARATE process on loopback (INGEST_CONCURRENCY
// batches in flight, INGEST_BATCH reads a batch, INGEST_EPCS distinct EPCs) until INGEST_READS
// reads (default 200,000) or INGEST_SECONDS (default 60) have passed. A warm-up of INGEST_WARMUP
// reads (default 50,000, folded before the run; not counted) first brings both processes to the
// steady state of a server in service (compiled code, pools open). The driver writes its bodies
// before the timed run, as the COPY below has its rows written before it is timed. It prints the
// reads/s durably stored with EPC state updated (the acknowledged reads, checked in rfid_reads and
// rfid_epc_states after the run; the time runs until the fold queue has caught up) next to the
// rate of a raw COPY of the same number of reads — the same EPCs in the same order — into a table
// of one row a read (a read's columns, a key, the indexes finding a read by EPC and by reader) in
// the same database, and their ratio (goal ≥ 0.6). INGEST_PROFILE=<file> writes a CPU profile of
// the server's main thread over the timed run, INGEST_PERF=<file> a `perf record` of the whole
// machine (Linux perf, as root; INGEST_PERF_G=1 with call graphs). BENCH_DISK=1 measures the database
// as deployed, on disk: PGlite with its data directory (as `npm start`), PostgreSQL with fsync on
// (BENCH_PG=1 starts one so); the COPY is then on disk too. INGEST_FLOOD=1 measures instead the
// console and another reader while one reader floods (see floodServer below). The same file is the
// client: INGEST_CLIENT=<base url> runs the driver (spawned by the server side).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { benchDatabase, demoTenants, durability, keptAliveClient, loadAverage, pct } from './lib.js';

const READS = Number(process.env.INGEST_READS ?? 200_000);
const SECONDS = Number(process.env.INGEST_SECONDS ?? 60);
const BATCH = Number(process.env.INGEST_BATCH ?? 500);
const CONCURRENCY = Number(process.env.INGEST_CONCURRENCY ?? 4);
const EPCS = Number(process.env.INGEST_EPCS ?? 20_000);
const WARMUP = Number(process.env.INGEST_WARMUP ?? 50_000);

const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;

/** CPU time every process of the machine has used so far (Linux /proc/stat, in ms), else undefined. */
function machineCpuMs(): number | undefined {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    // user nice system idle iowait irq softirq steal: all but idle and iowait, at 100 ticks a second
    const t = ticks.map(Number);
    return (t[0] + t[1] + t[2] + t[5] + t[6] + t[7]) * 10;
  } catch {
    return undefined;
  }
}

/** The tag of read i of batch `seq`: the batches' reads spread over the EPCs, in no order (as readers report them). */
const tagOf = (seq: number, i: number) => (seq * 7919 + i * 104_729) % EPCS;

/** The EPC of tag i: SGTIN-96 of company 0614141, item 812345, serial i (upper-case hex). */
const epcOf = (i: number) => `3034257BF7194E4${i.toString(16).toUpperCase().padStart(9, '0')}`;

/** A batch the driver sends: its body and its Idempotency-Key. */
interface Batch {
  payload: Buffer;
  key: string;
}

interface ClientReport {
  reads: number;
  batches: number;
  failed: number;
  seconds: number;
  p50: number;
  p99: number;
  /** the driver's own CPU (user + system), ms */
  cpuMs: number;
}

async function client(base: string, key: string): Promise<void> {
  let seq = 0;
  // the body as a reader's firmware writes it: one string, no objects in between
  const body = (n: number) => {
    const now = Date.now();
    let json = '[';
    for (let i = 0; i < n; i++) {
      const at = new Date(now - 1000 + i).toISOString();
      const ant = 1 + (i % 4);
      json += `${i ? ',' : ''}{"timestamp":"${at}","hostname":"impinj-bench","eventType":"tagInventory","tagInventoryEvent":{"epcHex":"${epcOf(tagOf(seq, i))}","antennaPort":${ant},"antennaName":"Antenna ${ant}","peakRssiCdbm":${-5000 - ((i * 37) % 2500)},"frequency":${902750 + (i % 50) * 500},"transmitPowerCdbm":3000,"lastSeenTime":"${at}"}}`;
    }
    return `${json}]`;
  };
  /** The batches of `reads` reads, written (as UTF-8 bytes) before they are sent: a reader's firmware has its own CPU. */
  const batches = (reads: number): Batch[] => {
    const out: Batch[] = [];
    for (let sent = 0; sent < reads; sent += BATCH) {
      out.push({ payload: Buffer.from(body(Math.min(BATCH, reads - sent))), key: `bench-${process.pid}-${seq}` });
      seq++;
    }
    return out;
  };
  // one kept-alive connection a batch in flight
  const request = keptAliveClient(base, CONCURRENCY);
  const post = async (payload: Buffer, batchKey: string) => {
    const res = await request(
      'POST',
      '/api/rfid/ingest/impinj',
      { 'content-type': 'application/json', authorization: `Bearer ${key}`, 'idempotency-key': batchKey },
      payload,
    );
    const json = JSON.parse(res.text) as { data?: { accepted: number } };
    return { status: res.status, accepted: json.data?.accepted ?? 0 };
  };
  /** Sends the batches, CONCURRENCY in flight, each resent up to 3 times on a failure, until done or the deadline. */
  const send = async (todo: Batch[], deadline: number) => {
    const lat: number[] = [];
    let acked = 0;
    let done = 0;
    let failed = 0;
    let next = 0;
    const worker = async () => {
      while (next < todo.length && performance.now() < deadline) {
        const b = todo[next++];
        for (let attempt = 0; ; attempt++) {
          const s = performance.now();
          try {
            const res = await post(b.payload, b.key);
            if (res.status === 200) {
              lat.push(performance.now() - s);
              acked += res.accepted;
              done++;
              break;
            }
            failed++;
            if (res.status < 500 || attempt >= 3) break;
          } catch {
            failed++;
            if (attempt >= 3) break;
          }
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    return { lat, acked, done, failed };
  };

  // the warm-up, then a word to the server side, which answers once the warm-up is folded
  const warm = await send(batches(WARMUP), Number.POSITIVE_INFINITY);
  const timed = batches(READS);
  process.stdout.write(`${JSON.stringify({ warmedUp: warm.acked })}\n`);
  await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));

  const cpu0 = process.cpuUsage();
  const started = performance.now();
  const run = await send(timed, started + SECONDS * 1000);
  const sorted = run.lat.sort((a, b) => a - b);
  const report: ClientReport = {
    reads: run.acked,
    batches: run.done,
    failed: run.failed,
    seconds: (performance.now() - started) / 1000,
    p50: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN,
    p99: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? Number.NaN,
    cpuMs: cpuMs(process.cpuUsage(cpu0)),
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
  process.stdin.destroy();
}

/** COPY FROM STDIN on a node-postgres client, without a helper package (a pg "submittable"). */
class CopyIn {
  private done!: (err?: unknown) => void;
  readonly finished = new Promise<void>((resolve, reject) => {
    this.done = (err) => (err ? reject(err) : resolve());
  });
  private error: unknown;
  constructor(
    readonly text: string,
    private readonly data: Buffer,
  ) {}
  submit(connection: { query(text: string): void }) {
    connection.query(this.text);
  }
  handleCopyInResponse(connection: { sendCopyFromChunk(b: Buffer): void; endCopyFrom(): void }) {
    const CHUNK = 1 << 20;
    for (let i = 0; i < this.data.length; i += CHUNK) connection.sendCopyFromChunk(this.data.subarray(i, i + CHUNK));
    connection.endCopyFrom();
  }
  handleError(err: unknown) {
    this.error = err;
  }
  handleReadyForQuery() {
    this.done(this.error);
  }
  handleCommandComplete() {}
  handleRowDescription() {}
  handleDataRow() {}
  handleEmptyQuery() {}
  handlePortalSuspended() {}
}

/** With INGEST_PROFILE=<file>, a CPU profile of the server's main thread over the ingestion window (open it in Chrome's DevTools). */
async function startProfile(): Promise<(() => Promise<void>) | undefined> {
  const file = process.env.INGEST_PROFILE;
  if (!file) return undefined;
  const { Session } = await import('node:inspector/promises');
  const { writeFileSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}

async function server(): Promise<void> {
  const pgServer = await benchDatabase();
  const { startTestApp } = await import('../apps/server/test/support.js');
  const { queryRows } = await import('../apps/server/src/db/client.js');
  const { issueDeviceKey } = await import('../apps/server/src/core/feed/device-keys.js');
  const { stopParsePool } = await import('../apps/server/src/modules/rfid/ingest/parse-pool.js');
  const { sql } = await import('drizzle-orm');

  // throughput: the readers' quotas off (one reader sends here what many would)
  const t = await startTestApp({ RFID_DEVICE_EVENTS_PER_SECOND: '0', RFID_TENANT_EVENTS_PER_SECOND: '0' });
  try {
    console.log(`database: ${t.database.describe}${pgServer ? ` (${pgServer.version})` : ''}; ${await durability(t)}`);
    console.log(
      `load average before: ${loadAverage()}; ${READS.toLocaleString('en')} reads or ${SECONDS} s, ${BATCH} reads a batch, ${CONCURRENCY} in flight, ${EPCS.toLocaleString('en')} EPCs`,
    );
    const { demo } = await demoTenants(t);
    const { key } = await issueDeviceKey(t.ctx.db, demo, 'GATE-01');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });

    // the driver: another process on loopback
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
      env: { ...process.env, INGEST_CLIENT: address, INGEST_KEY: key },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    const said: string[] = [];
    let heard: (() => void) | undefined;
    child.stdout.on('data', (d) => {
      out += String(d);
      const parts = out.split('\n');
      out = parts.pop() ?? '';
      said.push(...parts.filter(Boolean));
      heard?.();
    });
    const exited = new Promise<void>((resolve, reject) => {
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`driver exited with ${code}`))));
    });
    const nextLine = async () => {
      while (!said.length) {
        await Promise.race([new Promise<void>((r) => (heard = r)), exited]);
        if (!said.length && child.exitCode !== null) throw new Error('the driver ended early');
      }
      return JSON.parse(said.shift()!) as Record<string, number>;
    };
    /** Waits until every acknowledged batch is folded into EPC state. */
    const drained = async () => {
      for (;;) {
        const [q] = await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from rfid_fold_queue`);
        if (Number(q.n) === 0) return;
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const { warmedUp } = await nextLine();
    await drained();
    // each measured phase starts from a checkpoint (no writing out of the other phase's pages meanwhile)
    await t.ctx.db.execute(sql`checkpoint`);
    console.log(`warm-up: ${warmedUp.toLocaleString('en')} reads, folded (not counted)`);

    const profile = await startProfile();
    const perf = process.env.INGEST_PERF
      ? spawn('perf', ['record', '-F', '999', '-a', ...(process.env.INGEST_PERF_G ? ['-g'] : []), '-o', process.env.INGEST_PERF], {
          stdio: 'ignore',
        })
      : undefined;
    const cpu0 = { server: process.cpuUsage(), machine: machineCpuMs() };
    child.stdin.write('go\n');
    const report = (await nextLine()) as unknown as ClientReport;
    await exited;
    // EPC state is folded just after each answer (the fold queue): the run ends when it has caught up
    const d0 = performance.now();
    await drained();
    const drainSecs = (performance.now() - d0) / 1000;
    await profile?.();
    if (perf) {
      perf.kill('SIGINT');
      await new Promise((r) => perf.on('exit', r));
    }
    const serverCpuMs = cpuMs(process.cpuUsage(cpu0.server));
    const machineMs = cpu0.machine === undefined ? undefined : (machineCpuMs() ?? 0) - cpu0.machine;

    const [stored] = await queryRows<{ n: string; epcs: string }>(
      t.ctx.db,
      sql`select count(*) as n, count(distinct epc) as epcs from rfid_reads where tenant_id = ${demo} and equipment_coding = 'GATE-01'`,
    );
    const [states] = await queryRows<{ n: string; reads: string }>(
      t.ctx.db,
      sql`select count(*) as n, coalesce(sum(read_count), 0) as reads from rfid_epc_states where tenant_id = ${demo} and epc like '3034257BF7194E4%'`,
    );
    const [writes] = await queryRows<{ upd: string; hot: string }>(
      t.ctx.db,
      sql`select n_tup_upd as upd, n_tup_hot_upd as hot from pg_stat_user_tables where relname = 'rfid_epc_states'`,
    );
    const rate = report.reads / (report.seconds + drainSecs);
    console.log(
      `ingest: ${report.reads.toLocaleString('en')} reads acknowledged in ${report.batches} batches, ${report.seconds.toFixed(1)} s (${report.failed} failed attempts); stored ${Number(stored.n).toLocaleString('en')} raw reads with the warm-up's, ${Number(states.n).toLocaleString('en')} EPC states for ${Number(stored.epcs).toLocaleString('en')} EPCs read`,
    );
    console.log(
      `  batch latency p50 ${report.p50.toFixed(0)} ms, p99 ${report.p99.toFixed(0)} ms (goal ≤ 500 ms); EPC state caught up ${(drainSecs * 1000).toFixed(0)} ms after the last answer; EPC state rows rewritten ${Number(writes?.upd ?? 0).toLocaleString('en')} times with the warm-up's, ${Number(writes?.hot ?? 0).toLocaleString('en')} in place (HOT)`,
    );
    if (Number(stored.n) !== warmedUp + report.reads) console.log('  !! stored reads differ from the acknowledged ones');
    if (Number(states.n) < Number(stored.epcs)) console.log('  !! some EPCs read have no state');
    if (Number(states.reads) !== Number(stored.n)) console.log(`  !! the states count ${states.reads} reads, ${stored.n} stored`);
    console.log(`  => ${Math.round(rate).toLocaleString('en')} reads/s stored with EPC state updated`);
    const perRead = (ms: number) => `${((ms * 1000) / Math.max(report.reads, 1)).toFixed(1)} µs`;
    const embedded = t.database.kind === 'pglite';
    const cpu = [`driver ${perRead(report.cpuMs)}`, `server${embedded ? ' with its embedded database' : ''} ${perRead(serverCpuMs)}`];
    if (machineMs !== undefined && !embedded)
      cpu.push(`database and the rest ${perRead(Math.max(0, machineMs - serverCpuMs - report.cpuMs))}`);
    const machine = machineMs === undefined ? '' : ` (the machine: ${perRead(machineMs)} on ${cpus().length} cores)`;
    console.log(`  CPU a read: ${cpu.join(', ')}${machine}`);

    // the raw COPY of as many reads into a table of the same shape, in the same database
    const n = Math.max(report.reads, 1);
    await t.ctx.db.execute(sql`drop table if exists bench_copy_reads`);
    // one row a read, as a raw table of reads is plainly kept: the columns of a read, a key, and the
    // indexes that find a read by EPC and by reader (the raw reads' shape before migration 0039)
    await t.ctx.db.execute(sql`create table bench_copy_reads (
      tenant_id bigint not null, id bigserial not null, created_at timestamptz not null default now(), equipment_coding text not null,
      epc text not null, tid text not null default '', antenna smallint, rssi_cdbm integer, frequency_khz integer,
      read_count integer not null default 1, phase real, location_id bigint, location_name text not null default '', scene_id bigint,
      batch_id bigint not null, primary key (tenant_id, created_at, id))`);
    await t.ctx.db.execute(sql`create index on bench_copy_reads (tenant_id, upper(epc) text_pattern_ops, created_at, id)`);
    await t.ctx.db.execute(sql`create index on bench_copy_reads (tenant_id, upper(equipment_coding) text_pattern_ops, created_at, id)`);
    const cols =
      'tenant_id, created_at, equipment_coding, epc, tid, antenna, rssi_cdbm, frequency_khz, read_count, phase, location_id, location_name, scene_id, batch_id';
    const lines: string[] = [];
    const now = Date.now();
    for (let i = 0; i < n; i++)
      lines.push(
        `${demo},${new Date(now - 60_000 + (i % 60_000)).toISOString()},GATE-01,${epcOf(tagOf(Math.floor(i / BATCH), i % BATCH))},"",${1 + (i % 4)},${-5000 - ((i * 37) % 2500)},${902750 + (i % 50) * 500},1,,,"",,${1 + Math.floor(i / BATCH)}`,
      );
    const csv = `${lines.join('\n')}\n`;
    const copySql = `copy bench_copy_reads (${cols}) from STDIN with (format csv)`;
    await t.ctx.db.execute(sql`checkpoint`);
    const c0 = performance.now();
    const client = (t.ctx.db as unknown as { $client: unknown }).$client;
    if (t.database.kind === 'pglite') {
      await (client as { query(q: string, p: unknown[], o: unknown): Promise<unknown> }).query(
        copySql.replace('STDIN', `'/dev/blob'`),
        [],
        { blob: new Blob([csv]) },
      );
    } else {
      const pool = client as { connect(): Promise<{ query(q: unknown): unknown; release(): void }> };
      const c = await pool.connect();
      try {
        const copy = new CopyIn(copySql, Buffer.from(csv));
        c.query(copy);
        await copy.finished;
      } finally {
        c.release();
      }
    }
    const copySecs = (performance.now() - c0) / 1000;
    const [copied] = await queryRows<{ n: string }>(t.ctx.db, sql`select count(*) as n from bench_copy_reads`);
    const copyRate = Number(copied.n) / copySecs;
    console.log(
      `raw COPY (${await durability(t)}): ${Number(copied.n).toLocaleString('en')} reads in ${copySecs.toFixed(2)} s => ${Math.round(copyRate).toLocaleString('en')} reads/s`,
    );
    console.log(`ratio ingest / raw COPY: ${(rate / copyRate).toFixed(2)} (goal ≥ 0.6); load average after: ${loadAverage()}`);
    await t.ctx.db.execute(sql`drop table if exists bench_copy_reads`);
  } finally {
    await stopParsePool();
    await t.close();
    pgServer?.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// INGEST_FLOOD=1: one reader floods while the console and another reader are measured.
//
// A server (PGlite, or PostgreSQL as above) with the readers' quotas as configured (defaults, or
// RFID_DEVICE_EVENTS_PER_SECOND … in the environment; 0 turns a bucket off: the server as it was).
// A prober process asks, FLOOD_SECONDS each (default 20) while nothing floods and then while one
// reader floods: GET /api/health every 20 ms, the console's equipment list (DEMO, page 1, as
// `demo`) every 50 ms, and another reader of the tenant (FIX-02) posting 100 reads every 250 ms.
// The flooder, a process of its own, is GATE-01 of the same tenant: 4 loops posting 5,000-event
// batches (the documented maximum, 1.2 MB each) back to back, and one loop posting a 13 MB NDJSON
// body of 50,000 lines. It follows Retry-After on a 429, as a reader must; FLOOD_HOSTILE=1 resends
// at once instead. It prints the p50/p99 of each probe idle and under the flood, their ratio
// (goal p99 ≤ 2× idle), what the flooder got, and what the equipment log and the operator's panel
// counted.

const FLOOD_SECONDS = Number(process.env.FLOOD_SECONDS ?? 20);
const FLOOD_WARMUP_SECONDS = Number(process.env.FLOOD_WARMUP_SECONDS ?? 5);
const FLOOD_HOSTILE = process.env.FLOOD_HOSTILE === '1';

type Probe = 'health' | 'list' | 'reader';

/** A line of a child process's JSON talk, and a way to answer it. */
function talk(child: ReturnType<typeof spawn>) {
  let buf = '';
  const lines: Record<string, unknown>[] = [];
  let heard: (() => void) | undefined;
  child.stdout!.on('data', (d) => {
    buf += String(d);
    const parts = buf.split('\n');
    buf = parts.pop() ?? '';
    lines.push(...parts.filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>));
    heard?.();
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    async next(): Promise<Record<string, unknown>> {
      while (!lines.length) {
        await Promise.race([new Promise<void>((r) => (heard = r)), exited]);
        if (!lines.length && child.exitCode !== null) throw new Error('a flood process ended early');
      }
      return lines.shift()!;
    },
    say: (what: string) => child.stdin!.write(`${what}\n`),
    exited,
  };
}

/** Waits for a line on stdin (the server side's word). */
const heardOnStdin = () => new Promise<string>((resolve) => process.stdin.once('data', (d) => resolve(String(d).trim())));
const floodSleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The prober: the console's and another reader's calls, idle and under the flood. */
async function floodProber(base: string): Promise<void> {
  const request = keptAliveClient(base, 8);
  const token = process.env.FLOOD_TOKEN ?? '';
  const readerKey = process.env.FLOOD_READER_KEY ?? '';
  let seq = 0;
  const readerBody = () => {
    const now = Date.now();
    const events = Array.from({ length: 100 }, (_, i) => ({
      timestamp: new Date(now - 500 + i).toISOString(),
      eventType: 'tagInventory',
      tagInventoryEvent: { epcHex: epcOf((seq * 100 + i) % EPCS), antennaPort: 1 + (i % 4), peakRssiCdbm: -5200 },
    }));
    return JSON.stringify(events);
  };
  const ok = (res: { status: number; text: string }, what: string) => {
    if (res.status !== 200) throw new Error(`${what}: ${res.status} ${res.text.slice(0, 200)}`);
  };
  const probes: Record<Probe, { pace: number; run: () => Promise<void> }> = {
    health: { pace: 20, run: async () => ok(await request('GET', '/api/health', {}), 'health') },
    list: {
      pace: 50,
      run: async () =>
        ok(
          await request(
            'POST',
            '/api/rfid/equipment/list',
            { token, 'content-type': 'application/json' },
            JSON.stringify({ page: 1, pageSize: 20 }),
          ),
          'list',
        ),
    },
    reader: {
      pace: 250,
      run: async () =>
        ok(
          await request(
            'POST',
            '/api/rfid/ingest/impinj',
            {
              authorization: `Bearer ${readerKey}`,
              'content-type': 'application/json',
              'idempotency-key': `other-${process.pid}-${seq++}`,
            },
            readerBody(),
          ),
          'other reader',
        ),
    },
  };
  const measure = async (seconds: number) => {
    const lat: Record<Probe, number[]> = { health: [], list: [], reader: [] };
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      (Object.keys(probes) as Probe[]).map(async (name) => {
        while (performance.now() < until) {
          const s = performance.now();
          await probes[name].run();
          lat[name].push(performance.now() - s);
          await floodSleep(probes[name].pace);
        }
      }),
    );
    return lat;
  };
  await measure(FLOOD_WARMUP_SECONDS);
  const idle = await measure(FLOOD_SECONDS);
  process.stdout.write(`${JSON.stringify({ idle })}\n`);
  await heardOnStdin();
  const flood = await measure(FLOOD_SECONDS);
  // (its kept-alive connections would keep it running)
  process.stdout.write(`${JSON.stringify({ flood })}\n`, () => process.exit(0));
}

/** The flooder: one reader sending all it can (see above). */
async function flooder(base: string): Promise<void> {
  const key = process.env.FLOOD_KEY ?? '';
  const request = keptAliveClient(base, 5);
  const now = Date.now();
  const event = (tag: number, at: number) =>
    `{"timestamp":"${new Date(at).toISOString()}","hostname":"impinj-flood","eventType":"tagInventory","tagInventoryEvent":{"epcHex":"${epcOf(tag)}","antennaPort":${1 + (tag % 4)},"antennaName":"Antenna 1","peakRssiCdbm":-5500,"frequency":915250,"transmitPowerCdbm":3000,"lastSeenTime":"${new Date(at).toISOString()}"}}`;
  // the bodies, written before the flood (a reader's firmware has its own CPU)
  const batches = Array.from({ length: 4 }, (_, b) =>
    Buffer.from(`[${Array.from({ length: 5000 }, (_, i) => event((b * 5000 + i) % EPCS, now - 5000 + i)).join(',')}]`),
  );
  const ndjson = Buffer.from(Array.from({ length: 50_000 }, (_, i) => event(i % EPCS, now - 50_000 + i)).join('\n'));
  const counts: Record<string, number> = {};
  let accepted = 0;
  let n = 0;
  let running = false;
  process.stdout.write(`${JSON.stringify({ ready: true, batchBytes: batches[0].length, ndjsonBytes: ndjson.length })}\n`);
  await heardOnStdin();
  running = true;
  const stop = heardOnStdin().then(() => {
    running = false;
  });
  const loop = async (body: Buffer, type: string) => {
    while (running) {
      let res: Awaited<ReturnType<typeof request>>;
      try {
        res = await request(
          'POST',
          '/api/rfid/ingest/impinj',
          { authorization: `Bearer ${key}`, 'content-type': type, 'idempotency-key': `flood-${process.pid}-${n++}` },
          body,
        );
      } catch {
        counts.error = (counts.error ?? 0) + 1;
        continue;
      }
      counts[res.status] = (counts[res.status] ?? 0) + 1;
      if (res.status === 200) accepted += (JSON.parse(res.text) as { data: { accepted: number } }).data.accepted;
      if (res.status === 429 && !FLOOD_HOSTILE) await Promise.race([floodSleep(1000 * Number(res.headers['retry-after'] ?? 1)), stop]);
    }
  };
  await Promise.all([...batches.map((b) => loop(b, 'application/json')), loop(ndjson, 'application/x-ndjson')]);
  process.stdout.write(`${JSON.stringify({ counts, accepted })}\n`, () => process.exit(0));
}

async function floodServer(): Promise<void> {
  const pgServer = await benchDatabase();
  const { startTestApp } = await import('../apps/server/test/support.js');
  const { issueDeviceKey } = await import('../apps/server/src/core/feed/device-keys.js');
  const { stopParsePool } = await import('../apps/server/src/modules/rfid/ingest/parse-pool.js');
  const { operatorPanel } = await import('../apps/server/src/modules/rfid/live/service.js');
  const { ingestQuota } = await import('../apps/server/src/modules/rfid/ingest/quota.js');
  const { queryRows } = await import('../apps/server/src/db/client.js');
  const { sql } = await import('drizzle-orm');
  // the quotas as this environment sets them (RFID_DEVICE_EVENTS_PER_SECOND …), else the defaults
  const t = await startTestApp(
    Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('RFID_'))) as Record<string, string>,
  );
  try {
    const q = t.ctx.config.ingestQuota;
    const quota = (rate: number, burst: number) =>
      rate > 0 ? `${rate.toLocaleString('en')} events/s, burst ${burst.toLocaleString('en')}` : 'off';
    console.log(`database: ${t.database.describe}${pgServer ? ` (${pgServer.version})` : ''}; load average before: ${loadAverage()}`);
    console.log(
      `quotas: a reader ${quota(q.deviceRate, q.deviceBurst)}; a tenant ${quota(q.tenantRate, q.tenantBurst)}; the flooder ${FLOOD_HOSTILE ? 'resends at once on a 429 (FLOOD_HOSTILE=1)' : 'follows Retry-After'}`,
    );
    const { demo } = await demoTenants(t);
    const floodKey = (await issueDeviceKey(t.ctx.db, demo, 'GATE-01')).key;
    const readerKey = (await issueDeviceKey(t.ctx.db, demo, 'FIX-02')).key;
    const token = await t.login('demo', 'demo123');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const child = (role: string, env: Record<string, string>) =>
      spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
        env: { ...process.env, ...env, INGEST_FLOOD_ROLE: role, INGEST_CLIENT: address },
        stdio: ['pipe', 'pipe', 'inherit'],
      });
    const flood = talk(child('flooder', { FLOOD_KEY: floodKey }));
    const ready = await flood.next();
    console.log(
      `flooder: GATE-01, 4 loops of ${Math.round(Number(ready.batchBytes) / 1024).toLocaleString('en')} KB batches of 5,000 events and one of a ${(Number(ready.ndjsonBytes) / 1e6).toFixed(1)} MB NDJSON body of 50,000 lines`,
    );
    const probe = talk(child('prober', { FLOOD_TOKEN: token, FLOOD_READER_KEY: readerKey }));
    const { idle } = (await probe.next()) as { idle: Record<Probe, number[]> };
    const loadIdle = loadAverage();
    flood.say('go');
    probe.say('go');
    const { flood: under } = (await probe.next()) as { flood: Record<Probe, number[]> };
    const loadFlood = loadAverage();
    flood.say('stop');
    const got = (await flood.next()) as { counts: Record<string, number>; accepted: number };
    await Promise.all([flood.exited, probe.exited]);
    const names: Record<Probe, string> = {
      health: 'GET /api/health',
      list: 'console list (POST /api/rfid/equipment/list)',
      reader: "another reader's batch (FIX-02, 100 reads)",
    };
    console.log(`idle ${FLOOD_SECONDS} s (load ${loadIdle}), then ${FLOOD_SECONDS} s under the flood (load ${loadFlood}):`);
    for (const name of Object.keys(names) as Probe[]) {
      const [a, b] = [idle[name], under[name]];
      console.log(
        `  ${names[name]}: idle p50 ${pct(a, 50).toFixed(1)} ms, p99 ${pct(a, 99).toFixed(1)} ms (${a.length}); flood p50 ${pct(b, 50).toFixed(1)} ms, p99 ${pct(b, 99).toFixed(1)} ms (${b.length}) => p99 ${(pct(b, 99) / pct(a, 99)).toFixed(2)}× idle (goal ≤ 2×)`,
      );
    }
    const statuses = Object.entries(got.counts)
      .map(([k, v]) => `${k}: ${v.toLocaleString('en')}`)
      .join(', ');
    console.log(
      `  the flooder got ${statuses}; ${got.accepted.toLocaleString('en')} events taken (${Math.round(got.accepted / FLOOD_SECONDS).toLocaleString('en')}/s)`,
    );
    await ingestQuota(t.ctx).flush();
    const panel = await operatorPanel(t.ctx.db, demo);
    const [log] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from rfid_equipment_events where tenant_id = ${demo} and event_type = 'rateLimited'`,
    );
    console.log(
      `  the operator's panel: ${panel.rateLimited.batches.toLocaleString('en')} batches refused over a quota today (${panel.rateLimited.readers.map((r) => `${r.equipmentCoding} ${r.batches}`).join(', ') || 'none'}); the equipment log: ${log.n} rateLimited line(s); load average after: ${loadAverage()}`,
    );
  } finally {
    await stopParsePool();
    await t.close();
    pgServer?.stop();
  }
}

const role = process.env.INGEST_FLOOD_ROLE;
if (role === 'prober') await floodProber(process.env.INGEST_CLIENT ?? '');
else if (role === 'flooder') await flooder(process.env.INGEST_CLIENT ?? '');
else if (process.env.INGEST_CLIENT) await client(process.env.INGEST_CLIENT, process.env.INGEST_KEY ?? '');
else if (process.env.INGEST_FLOOD === '1') await floodServer();
else await server();
