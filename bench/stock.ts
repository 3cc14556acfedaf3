// The stores' speed goals (issue 30, ../shared/operations.md §9), measured on the database as
// deployed — PGlite with its data directory on disk by default (BENCH_DISK=0: in memory);
// PostgreSQL 15 with BENCH_PG=1 (a throwaway server, fsync on) or BENCH_PG_URL=<admin url> — from a
// SEPARATE client process over loopback HTTP (kept-alive connections), all while a reader feed
// posts Impinj batches at STOCK_FEED_RATE reads/s (20,000) from the same client process:
//   stock    one store's stock by SKU (store/inventory → Stock: the three numbers, floor / back
//            room; GET /api/store/stock, page 1 of 20 options) p99 ≤ 50 ms, STOCK_RUNS (200) calls
//            of random stores one after the other;
//   count    a 30,000-EPC count (STOCK_COUNT_EPCS) uploaded by the handheld API of the counts
//            (POST /api/store/inventory/{id}/handheld) and reconciled ≤ 3 s: from sending the upload
//            to the count's result readable (its refresh job done, GET …/get answering its EPCs),
//            STOCK_COUNTS (3) counts of different stores;
//   diff     a store's difference list (ERP vs book) made and opened ≤ 1 s (POST
//            /api/store/difference-lists, then GET …/get with its lines), STOCK_DIFFS (5) stores;
//   refill   the refill list (GET /api/store/refill, page 1 of 20 options) ≤ 200 ms (p99), STOCK_REFILLS (100) calls.
// /api/health is asked every 100 ms beside each phase (and idle, before the feed): its p99 printed.
// The data, seeded in SQL in bulk (generate_series, chunked; not through the API) for DEMO:
// STOCK_STORES (200) stores with a sales floor and a stock room, STOCK_EPCS_PER_STORE (25,000: 5
// million EPC states in all) tags each (a label tag and an EPC state: 90 % present, 60 % of them on
// the floor, the rest in the room; 5 % departed, 5 % sold), STOCK_SKUS (7,000) active SKUs a store
// out of a catalogue a quarter larger, the book (stock_sku_locations: a row a store and SKU, last
// counted two weeks ago), an ERP stock a store (a line a SKU, off the book here and there), a
// week's sales (for the refill's priority). The quick setting while developing:
//   STOCK_STORES=10 STOCK_EPCS_PER_STORE=5000 STOCK_SKUS=1500 STOCK_COUNT_EPCS=6000 npm run bench:stock -w bench
// STOCK_SERVERS=2 (PostgreSQL only): a second server process on the same database (the production
// shape), the client spreading its calls and the feed's batches over both. The readers' quotas are
// off (RFID_…_EVENTS_PER_SECOND=0: 20,000 reads/s of one tenant is above the default tenant quota).
// STOCK_PROFILE=<file> writes a CPU profile of the (first) server process over the measured phases;
// STOCK_PHASES=stock,count,diff,refill picks the phases.
//   npm run bench:stock -w bench                       (PGlite on disk)
//   BENCH_PG=1 npm run bench:stock -w bench            (PostgreSQL 15, fsync on)
//   BENCH_PG=1 STOCK_SERVERS=2 npm run bench:stock -w bench
// The same file is the client (STOCK_CLIENT=<base urls>) and the second server (STOCK_SECOND=<database url>).
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { benchDatabase, demoTenants, durability, keptAliveClient, latencyRow, loadAverage, pct, probedWhile, sayLine } from './lib.js';

const STORES = Number(process.env.STOCK_STORES ?? 200);
const EPCS = Number(process.env.STOCK_EPCS_PER_STORE ?? 25_000);
const SKUS = Number(process.env.STOCK_SKUS ?? 7_000);
const COUNT_EPCS = Number(process.env.STOCK_COUNT_EPCS ?? 30_000);
const RUNS = Number(process.env.STOCK_RUNS ?? 200);
const COUNTS = Number(process.env.STOCK_COUNTS ?? 3);
const DIFFS = Number(process.env.STOCK_DIFFS ?? 5);
const REFILLS = Number(process.env.STOCK_REFILLS ?? 100);
const FEED_RATE = Number(process.env.STOCK_FEED_RATE ?? 20_000);
const FEED_BATCH = Number(process.env.STOCK_FEED_BATCH ?? 500);
const FEED_READERS = Number(process.env.STOCK_FEED_READERS ?? 10);
const FEED_INFLIGHT = Number(process.env.STOCK_FEED_INFLIGHT ?? 8);
const SERVERS = Number(process.env.STOCK_SERVERS ?? 1);
const PHASES = (process.env.STOCK_PHASES ?? 'stock,count,diff,refill').split(',').filter(Boolean);
/** SKUs a style: 2 colours × 5 sizes (an option: a style and a colour, 5 sizes). */
const PER_STYLE = 10;
/** The catalogue: a quarter more SKUs than a store carries, each store a window of it. */
const CATALOGUE = Math.ceil((SKUS * 1.25) / PER_STYLE) * PER_STYLE;
/** Rows an insert statement at most. */
const CHUNK = 250_000;
/** The quotas off: one tenant's 20,000 reads/s is above the default tenant quota (10,000 events/s). */
const SERVER_ENV = { RFID_DEVICE_EVENTS_PER_SECOND: '0', RFID_TENANT_EVENTS_PER_SECOND: '0' };

/** The EPC of tag number e (a store's tags e = s × EPCS + j, then the counts' extra tags): SGTIN-96-looking, upper-case hex. */
const epcOf = (e: number) => `3035BE${e.toString(16).toUpperCase().padStart(18, '0')}`;
const EPC_SQL = (e: string) => `'3035BE' || lpad(upper(to_hex(${e})), 18, '0')`;
/** The first extra tag of count c (found by the handheld, unknown to the readers). */
const extraBase = (c: number) => STORES * EPCS + c * COUNT_EPCS;

interface Setup {
  demo: string;
  /** site ids of the stores, by store number */
  stores: number[];
  /** the counts: a new self-built count a store, its handheld, the EPCs it reads */
  counts: { id: number; code: string; site: number; handheld: string; tags: number[]; extra: number }[];
  /** stores whose difference list is timed */
  diffs: number[];
  /** the feed's readers: device key, the first tag of its store */
  readers: { code: string; key: string; firstTag: number }[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The driver: the feed, the timed calls and the prober, over HTTP, in a process of its own. */
async function client(bases: string[], setup: Setup) {
  const clients = bases.map((b) => keptAliveClient(b, 64));
  let turn = 0;
  /** The next server's client (round robin over the servers). */
  const next = () => clients[turn++ % clients.length];
  // biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely
  const json = (text: string) => JSON.parse(text) as { code: number; msg: string; data: any };
  const call = async (method: string, path: string, body?: unknown, req = next()) => {
    const res = await req(
      method,
      path,
      { langeType: 'en_US', 'content-type': 'application/json', token: setup.demo, 'accept-encoding': 'br, gzip' },
      body === undefined ? undefined : JSON.stringify(body),
    );
    const out = json(res.text);
    if (out.code !== 200) throw new Error(`${method} ${path}: ${res.status} ${out.code} ${out.msg}`);
    return out.data;
  };
  const say = sayLine;
  const row = latencyRow;
  const verdict = (x: number, goal: number) => (x <= goal ? 'PASS' : 'MISS');

  /** /api/health every 100 ms while `work` runs. */
  const probed = <T>(work: () => Promise<T>) => probedWhile(() => next()('GET', '/api/health', {}), work);

  // the feed: Impinj batches of FEED_BATCH reads, each reader reading its store's tags over and
  // over, sent at FEED_RATE reads/s (at most FEED_INFLIGHT batches in flight: behind, it sends as
  // fast as they are answered); a body's timestamps are those of its sending
  const TS = '@@TS@@';
  const bodies = setup.readers.map((r) => {
    const out: string[] = [];
    for (let from = 0; from < EPCS; from += FEED_BATCH) {
      let json = '[';
      for (let i = 0; i < FEED_BATCH; i++) {
        const ant = 1 + (i % 4);
        json += `${i ? ',' : ''}{"timestamp":"${TS}","hostname":"${r.code}","eventType":"tagInventory","tagInventoryEvent":{"epcHex":"${epcOf(r.firstTag + ((from + i) % EPCS))}","antennaPort":${ant},"antennaName":"Antenna ${ant}","peakRssiCdbm":${-5000 - ((i * 37) % 2500)},"frequency":${902750 + (i % 50) * 500},"transmitPowerCdbm":3000,"lastSeenTime":"${TS}"}}`;
      }
      out.push(`${json}]`);
    }
    return out;
  });
  const feed = { sent: 0, acked: 0, failed: 0, lat: [] as number[], on: false, started: 0, stopped: 0 };
  let feedLoop: Promise<void> = Promise.resolve();
  const startFeed = () => {
    if (!setup.readers.length || FEED_RATE <= 0) return;
    feed.on = true;
    feed.started = performance.now();
    let seq = 0;
    let inflight = 0;
    const one = async () => {
      const n = seq++;
      const r = n % setup.readers.length;
      const pool = bodies[r];
      const body = pool[Math.floor(n / setup.readers.length) % pool.length].replaceAll(TS, new Date().toISOString());
      inflight++;
      const s = performance.now();
      try {
        const res = await next()(
          'POST',
          '/api/rfid/ingest/impinj',
          {
            'content-type': 'application/json',
            authorization: `Bearer ${setup.readers[r].key}`,
            'idempotency-key': `stock-${process.pid}-${n}`,
          },
          body,
        );
        if (res.status === 200) {
          feed.acked += (JSON.parse(res.text) as { data?: { accepted: number } }).data?.accepted ?? 0;
          feed.lat.push(performance.now() - s);
        } else feed.failed++;
      } catch {
        feed.failed++;
      } finally {
        inflight--;
      }
    };
    const pending = new Set<Promise<void>>();
    feedLoop = (async () => {
      while (feed.on) {
        const due = ((performance.now() - feed.started) / 1000) * FEED_RATE;
        while (feed.sent + FEED_BATCH <= due && inflight < FEED_INFLIGHT) {
          feed.sent += FEED_BATCH;
          const p = one();
          pending.add(p);
          void p.finally(() => pending.delete(p));
        }
        await sleep(5);
      }
      await Promise.all(pending);
      feed.stopped = performance.now();
    })();
  };
  /** The feed's figures so far: reads acknowledged a second since it started. */
  const feedRate = () => feed.acked / ((performance.now() - feed.started) / 1000);

  const idle = await probed(() => sleep(5000));
  say(`idle (5 s, no feed): ${row('/api/health', idle.health)}`);

  startFeed();
  await sleep(3000);
  if (feed.on)
    say(
      `feed: ${setup.readers.length} readers, target ${FEED_RATE.toLocaleString('en')} reads/s; after 3 s ${Math.round(feedRate()).toLocaleString('en')} reads/s acknowledged`,
    );
  const summary: string[] = [];
  const feedNow = () => (feed.on ? `feed ${Math.round(feedRate()).toLocaleString('en')} reads/s` : 'no feed');
  const pick = <T>(xs: T[], i: number) => xs[(i * 7919) % xs.length];

  if (PHASES.includes('stock')) {
    const lat: number[] = [];
    let skus = 0;
    const { health } = await probed(async () => {
      for (let i = 0; i < RUNS; i++) {
        const site = pick(setup.stores, i);
        const s = performance.now();
        const page = await call('GET', `/api/store/stock?siteId=${site}&page=1&pageSize=20`);
        lat.push(performance.now() - s);
        skus = Math.max(skus, page.totals.skus);
        if (!page.list.length) throw new Error(`store ${site}: an empty stock page`);
      }
    });
    const p99 = pct(lat, 99);
    say(`stock by SKU (GET /api/store/stock, page 1 of 20 options, random stores, one after another; ${feedNow()}; load ${loadAverage()})`);
    say(`  ${row('stock page', lat)}   goal p99 ≤ 50 ms: ${verdict(p99, 50)}  (a store: up to ${skus.toLocaleString('en')} SKUs)`);
    say(`  ${row('/api/health', health)}`);
    summary.push(`stock by SKU p99 ${p99.toFixed(0)} ms (goal ≤ 50): ${verdict(p99, 50)}; health p99 ${pct(health, 99).toFixed(0)} ms`);
  }

  if (PHASES.includes('count')) {
    const totals: number[] = [];
    const answered: number[] = [];
    const jobs: number[] = [];
    const { health } = await probed(async () => {
      for (const c of setup.counts) {
        const at = new Date(Date.now() - 600_000).toISOString();
        const reads = [...c.tags, ...Array.from({ length: c.extra }, (_, i) => extraBase(setup.counts.indexOf(c)) + i)].map((e, i) => ({
          epc: epcOf(e),
          at: new Date(Date.parse(at) + (i % 500_000)).toISOString(),
          rssi: -55,
          count: 1,
        }));
        const body = {
          equipment: c.handheld,
          deviceSessionId: `BENCH-${c.code}`,
          startedAt: at,
          endedAt: new Date().toISOString(),
          reads,
        };
        const req = next();
        const t0 = performance.now();
        const up = await call('POST', `/api/store/inventory/${c.id}/handheld`, body, req);
        const t1 = performance.now();
        for (;;) {
          const job = await call('GET', `/api/jobs/${up.jobId}`);
          if (job.final) {
            if (job.state !== 'done') throw new Error(`count ${c.code}: its refresh ended ${job.state}: ${job.message}`);
            break;
          }
          await sleep(20);
        }
        const t2 = performance.now();
        const got = await call('GET', `/api/store/inventory/get?id=${c.id}`);
        const t3 = performance.now();
        if (Number(got.epcCount) < reads.length)
          throw new Error(`count ${c.code}: ${got.epcCount} EPCs counted of ${reads.length} uploaded`);
        totals.push(t3 - t0);
        answered.push(t1 - t0);
        jobs.push(t2 - t1);
      }
    });
    const worst = Math.max(...totals);
    say(
      `count: ${setup.counts.length} counts of ${COUNT_EPCS.toLocaleString('en')} EPCs (a store's ${Math.min(EPCS, COUNT_EPCS).toLocaleString('en')} + ones the readers never saw), each a handheld upload; ${feedNow()}; load ${loadAverage()}`,
    );
    say(`  ${row('upload sent → result readable', totals)}   goal ≤ 3,000 ms: ${verdict(worst, 3000)} (worst)`);
    say(`  ${row('of which the upload answered', answered)}`);
    say(`  ${row('of which its refresh job', jobs)}`);
    say(`  ${row('/api/health', health)}`);
    summary.push(
      `${COUNT_EPCS.toLocaleString('en')}-EPC count uploaded → reconciled, worst ${worst.toFixed(0)} ms (goal ≤ 3,000): ${verdict(worst, 3000)}; health p99 ${pct(health, 99).toFixed(0)} ms`,
    );
  }

  if (PHASES.includes('diff')) {
    const totals: number[] = [];
    const made: number[] = [];
    let lines = 0;
    const { health } = await probed(async () => {
      for (const site of setup.diffs) {
        const t0 = performance.now();
        const list = await call('POST', '/api/store/difference-lists', { siteId: site });
        const t1 = performance.now();
        const got = await call('GET', `/api/store/difference-lists/get?id=${list.id}`);
        const t2 = performance.now();
        lines = Math.max(lines, got.lines.length);
        totals.push(t2 - t0);
        made.push(t1 - t0);
      }
    });
    const worst = Math.max(...totals);
    say(
      `difference list: ${setup.diffs.length} stores' ERP stock vs book, made and opened (up to ${lines.toLocaleString('en')} lines); ${feedNow()}; load ${loadAverage()}`,
    );
    say(`  ${row('made + opened', totals)}   goal ≤ 1,000 ms: ${verdict(worst, 1000)} (worst)`);
    say(`  ${row('of which made (POST)', made)}`);
    say(`  ${row('/api/health', health)}`);
    summary.push(
      `difference list made + opened, worst ${worst.toFixed(0)} ms (goal ≤ 1,000): ${verdict(worst, 1000)}; health p99 ${pct(health, 99).toFixed(0)} ms`,
    );
  }

  if (PHASES.includes('refill')) {
    const lat: number[] = [];
    let options = 0;
    const { health } = await probed(async () => {
      for (let i = 0; i < REFILLS; i++) {
        const site = pick(setup.stores, i + 1);
        const s = performance.now();
        const r = await call('GET', `/api/store/refill?siteId=${site}`);
        lat.push(performance.now() - s);
        options = Math.max(options, r.total);
      }
    });
    const p99 = pct(lat, 99);
    say(
      `refill list (GET /api/store/refill, random stores, page 1 of 20 options; up to ${options.toLocaleString('en')} options to refill); ${feedNow()}; load ${loadAverage()}`,
    );
    say(`  ${row('refill list', lat)}   goal p99 ≤ 200 ms: ${verdict(p99, 200)}`);
    say(`  ${row('/api/health', health)}`);
    summary.push(`refill list p99 ${p99.toFixed(0)} ms (goal ≤ 200): ${verdict(p99, 200)}; health p99 ${pct(health, 99).toFixed(0)} ms`);
  }

  feed.on = false;
  await feedLoop;
  if (feed.started) {
    const secs = (feed.stopped - feed.started) / 1000;
    const rate = feed.acked / secs;
    say(
      `feed over the phases: ${feed.acked.toLocaleString('en')} reads acknowledged in ${secs.toFixed(0)} s = ${Math.round(rate).toLocaleString('en')} reads/s (target ${FEED_RATE.toLocaleString('en')}: ${verdict(-rate, -FEED_RATE * 0.98)}), ${feed.failed} batches failed; ${row('batch answered', feed.lat)}`,
    );
    summary.push(
      `ingestion beside them ${Math.round(rate).toLocaleString('en')} reads/s (target ${FEED_RATE.toLocaleString('en')}): ${verdict(-rate, -FEED_RATE * 0.98)}`,
    );
  }
  say('summary:');
  for (const s of summary) say(`  ${s}`);
  process.stdout.write(`${JSON.stringify({ done: true })}\n`);
}

/** STOCK_SERVERS=2: another server process on the same PostgreSQL database, its address on stdout; ends when stdin closes. */
async function secondServer(databaseUrl: string) {
  const { startTestApp } = await import('../apps/server/test/support.js');
  const { stopParsePool } = await import('../apps/server/src/modules/rfid/ingest/parse-pool.js');
  const t = await startTestApp(SERVER_ENV, { databaseUrl });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ address })}\n`);
  for await (const _ of process.stdin) {
    // until the first server closes our stdin
  }
  await stopParsePool();
  await t.close();
}

/** A child of this file with `env`, its stdout as JSON lines. */
function child(env: Record<string, string>) {
  const proc: ChildProcess = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const waiting: ((m: Record<string, unknown>) => void)[] = [];
  const heard: Record<string, unknown>[] = [];
  let out = '';
  proc.stdout!.on('data', (d) => {
    out += String(d);
    const lines = out.split('\n');
    out = lines.pop() ?? '';
    for (const line of lines.filter(Boolean)) {
      const m = JSON.parse(line) as Record<string, unknown>;
      if (typeof m.line === 'string') console.log(m.line);
      else {
        const w = waiting.shift();
        if (w) w(m);
        else heard.push(m);
      }
    }
  });
  const exited = new Promise<void>((resolve, reject) => {
    proc.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`a child process exited with ${code}`))));
  });
  const message = () =>
    heard.length
      ? Promise.resolve(heard.shift()!)
      : Promise.race([new Promise<Record<string, unknown>>((r) => waiting.push(r)), exited.then(() => ({}) as Record<string, unknown>)]);
  return { proc, exited, message };
}

async function server() {
  process.env.BENCH_DISK ??= '1';
  const pgServer = await benchDatabase();
  const { startTestApp } = await import('../apps/server/test/support.js');
  const { queryRows } = await import('../apps/server/src/db/client.js');
  const { issueDeviceKey } = await import('../apps/server/src/core/feed/device-keys.js');
  const { COUNT_SHEET_KIND, ERP_STOCK_SOURCE, LOCATION_KIND, STOCK_MOVE_KIND, TAG_STATUS, ZONE_TYPE } = await import('@tagloom/domain');
  const { sql } = await import('drizzle-orm');
  const { stopParsePool } = await import('../apps/server/src/modules/rfid/ingest/parse-pool.js');
  const { recountPresent } = await import('../apps/server/src/modules/stock/index.js');
  if (SERVERS > 1 && !process.env.BENCH_PG_URL) throw new Error('STOCK_SERVERS=2 needs PostgreSQL (BENCH_PG=1 or BENCH_PG_URL)');

  const t = await startTestApp(SERVER_ENV);
  const seconds: ReturnType<typeof child>[] = [];
  try {
    console.log(
      `database: ${t.database.describe}${pgServer ? ` (${pgServer.version})` : ''}; ${await durability(t)}; load average ${loadAverage()}`,
    );
    const db = t.ctx.db;
    const run = (text: string) => db.execute(sql.raw(text));
    const { demo: D } = await demoTenants(t);
    const s0 = performance.now();
    const step = async (what: string, work: () => Promise<unknown>) => {
      const s = performance.now();
      await work();
      console.log(`  seeded ${what} in ${((performance.now() - s) / 1000).toFixed(1)} s`);
    };
    console.log(
      `seeding ${STORES} stores × ${EPCS.toLocaleString('en')} EPCs (${(STORES * EPCS).toLocaleString('en')} EPC states), ${SKUS.toLocaleString('en')} active SKUs a store of ${CATALOGUE.toLocaleString('en')}:`,
    );
    await step(`${CATALOGUE / PER_STYLE} styles, ${CATALOGUE} SKUs`, async () => {
      await run(`insert into goods (tenant_id, style_number, barcode, goods_name, ident_type, big_type, middle_type, small_type, status)
        select ${D}, 'SB' || lpad(g::text, 6, '0'), 'SBC' || lpad(g::text, 6, '0'), 'Bench tee ' || g, 1, '女装', '上装', 'T恤', 1
          from generate_series(1, ${CATALOGUE / PER_STYLE}) g`);
      // GTIN-13 '20' (in-store numbers) + 10 digits + check digit ('2','0' weigh 2·1 + 0·3 = 2)
      const sum = Array.from({ length: 10 }, (_, j) => `${j % 2 === 0 ? 1 : 3} * (v / ${10 ** (9 - j)} % 10)`).join(' + ');
      await run(`insert into goods_skus (tenant_id, goods_id, colour, size, sku_barcode, gtin, price)
        select ${D}, s.id, (array['黑色','米白'])[1 + k / 5], (array['S','M','L','XL','XXL'])[1 + k % 5], s.style_number || lpad(k::text, 2, '0'),
               '20' || lpad(v::text, 10, '0') || ((10 - (2 + ${sum}) % 10) % 10)::text, 199
          from goods s cross join generate_series(0, ${PER_STYLE - 1}) k
          cross join lateral (select 7700000000 + substr(s.style_number, 3)::bigint * ${PER_STYLE} + k as v) body
         where s.tenant_id = ${D} and s.style_number like 'SB%'`);
      await run(`create table bench_skus as
        select (row_number() over (order by id) - 1)::int as n, id as sku_id from goods_skus where tenant_id = ${D} and sku_barcode like 'SB%'`);
      await run('create unique index on bench_skus (n)');
    });
    await step(`${STORES} stores with a sales floor and a stock room, their readers and handhelds`, async () => {
      await run(`insert into locations (tenant_id, code, name, kind, status, city)
        select ${D}, 'BST' || lpad(g::text, 3, '0'), 'Bench store ' || g, ${LOCATION_KIND.STORE}, 1, 'Bench'
          from generate_series(1, ${STORES}) g`);
      await run(`insert into locations (tenant_id, code, name, kind, status, parent_id, site_id, zone_type)
        select ${D}, l.code || z.suffix, z.name, ${LOCATION_KIND.ZONE}, 1, l.id, l.id, z.type
          from locations l cross join (values ('-SF', 'Sales floor', ${ZONE_TYPE.SALES_FLOOR}), ('-SR', 'Stock room', ${ZONE_TYPE.STOCK_ROOM})) z(suffix, name, type)
         where l.tenant_id = ${D} and l.kind = ${LOCATION_KIND.STORE} and l.code like 'BST%'`);
      await run(`create table bench_stores as
        select (substr(l.code, 4)::int - 1) as n, l.id as site_id, f.id as floor_id, r.id as room_id
          from locations l
          join locations f on f.tenant_id = l.tenant_id and f.code = l.code || '-SF'
          join locations r on r.tenant_id = l.tenant_id and r.code = l.code || '-SR'
         where l.tenant_id = ${D} and l.code like 'BST%' and l.kind = ${LOCATION_KIND.STORE}`);
      await run('create unique index on bench_stores (n)');
    });
    const stores = (
      await queryRows<{ n: number; site_id: number; floor_id: number; room_id: number }>(
        db,
        sql`select n, site_id::int, floor_id::int, room_id::int from bench_stores order by n`,
      )
    ).map((r) => r.site_id);
    const [order] = await queryRows<{ id: number }>(db, sql`select id::int from label_orders where tenant_id = ${D} order by id limit 1`);
    /** The catalogue index of store s's active SKU a: the store's window of the catalogue. */
    const skuOf = (s: string, a: string) => `((${s}) * 37 + (${a})) % ${CATALOGUE}`;
    const perChunk = Math.max(1, Math.floor(CHUNK / EPCS));
    await step(`${(STORES * EPCS).toLocaleString('en')} label tags and EPC states`, async () => {
      for (let s = 0; s < STORES; s += perChunk) {
        const to = Math.min(STORES, s + perChunk) - 1;
        const tags = `select st.n as s, j, st.n::bigint * ${EPCS} + j as e, st.floor_id, st.room_id, k.sku_id
            from bench_stores st cross join generate_series(0, ${EPCS - 1}) j
            join bench_skus k on k.n = ${skuOf('st.n', `j % ${SKUS}`)}
           where st.n between ${s} and ${to}`;
        await run(`insert into label_tags (tenant_id, epc, order_id, sku_id, status, bound_at)
          select ${D}, ${EPC_SQL('e')}, ${order.id}, sku_id, ${TAG_STATUS.RECEIVED}, now() - interval '30 days' from (${tags}) x order by e`);
        // 5 % departed, 5 % sold, the rest present: 60 % on the floor, 40 % in the room; last read within the day
        await run(`insert into rfid_epc_states (tenant_id, epc, first_seen_at, last_seen_at, read_count, last_equipment, last_location_id,
              presence, presence_location_id, presence_since, presence_equipment, presence_seen_at, sold_at)
          select ${D}, ${EPC_SQL('e')}, now() - interval '30 days', seen, 10, 'BENCH-RD', zone,
                 case when j % 20 = 19 then 'departed' when j % 20 = 18 then 'sold' else 'present' end,
                 case when j % 20 >= 18 then null else zone end, now() - interval '7 days', case when j % 20 >= 18 then null else 'BENCH-RD' end,
                 case when j % 20 >= 18 then null else seen end,
                 case when j % 20 = 18 then seen end
            from (select e, j, case when (e * 2654435761) % 100 < 60 then floor_id else room_id end as zone,
                         now() - (e % 86400) * interval '1 second' as seen from (${tags}) x) y
           order by e`);
      }
    });
    // states written straight into their table: no presence tally heard them; the stock module's recount counts them
    await step('present tags per place and SKU (the recount of each store)', async () => {
      for (const site of stores) await db.transaction((tx) => recountPresent(tx, D, site));
    });
    // the counts' extra tags: registry tags of the store's SKUs no reader has seen (found by the count)
    const countStores = Array.from({ length: Math.min(COUNTS, STORES) }, (_, c) => STORES - 1 - c);
    const extra = Math.max(0, COUNT_EPCS - EPCS);
    if (extra)
      await step(`${(extra * countStores.length).toLocaleString('en')} tags for the counts to find`, () =>
        run(`insert into label_tags (tenant_id, epc, order_id, sku_id, status, bound_at)
          select ${D}, ${EPC_SQL(`${STORES * EPCS}::bigint + c * ${COUNT_EPCS} + i`)}, ${order.id}, k.sku_id, ${TAG_STATUS.RECEIVED}, now() - interval '30 days'
            from generate_series(0, ${countStores.length - 1}) c cross join generate_series(0, ${extra - 1}) i
            join bench_skus k on k.n = ${skuOf(`${STORES - 1} - c`, `i % ${SKUS}`)}`),
      );
    // the book: a row a store and active SKU, its tags give or take one, counted two weeks ago
    const tagsOf = (a: string) => `(case when ${a} < ${EPCS} then (${EPCS} - 1 - ${a}) / ${SKUS} + 1 else 0 end)`;
    const bookQty = (a: string) =>
      `greatest(0, ${tagsOf(a)} - (case when ${a} % 7 = 0 then 1 else 0 end) + (case when ${a} % 11 = 0 then 1 else 0 end))`;
    const perBook = Math.max(1, Math.floor(CHUNK / SKUS));
    await step(`the book (${(STORES * SKUS).toLocaleString('en')} rows)`, async () => {
      for (let s = 0; s < STORES; s += perBook)
        await run(`insert into stock_sku_locations (tenant_id, site_id, zone_id, sku_id, on_hand, counted_qty, counted_at)
          select ${D}, st.site_id, 0, k.sku_id, ${bookQty('a')}, ${bookQty('a')}, now() - interval '14 days'
            from bench_stores st cross join generate_series(0, ${SKUS - 1}) a
            join bench_skus k on k.n = ${skuOf('st.n', 'a')}
           where st.n between ${s} and ${Math.min(STORES, s + perBook) - 1}
          on conflict do nothing`);
    });
    await step(`an ERP stock a store (${(STORES * SKUS).toLocaleString('en')} lines)`, async () => {
      await run(`insert into erp_stocks (tenant_id, site_id, extern_ref, stock_time, source, sku_count, total_qty)
        select ${D}, site_id, 'BENCH-ERP-' || n, now() - interval '1 hour', ${ERP_STOCK_SOURCE.API}, ${SKUS}, 0 from bench_stores`);
      for (let s = 0; s < STORES; s += perBook)
        await run(`insert into erp_stock_lines (tenant_id, erp_stock_id, sku_id, gtin, qty)
          select ${D}, e.id, k.sku_id, g.gtin, greatest(0, ${bookQty('a')} + (case when a % 13 = 0 then 2 else 0 end) - (case when a % 17 = 0 then 1 else 0 end))
            from bench_stores st join erp_stocks e on e.tenant_id = ${D} and e.site_id = st.site_id
            cross join generate_series(0, ${SKUS - 1}) a
            join bench_skus k on k.n = ${skuOf('st.n', 'a')}
            join goods_skus g on g.tenant_id = ${D} and g.id = k.sku_id
           where st.n between ${s} and ${Math.min(STORES, s + perBook) - 1}`);
      await run(`update erp_stocks e set total_qty = x.q from (select erp_stock_id, sum(qty)::int as q from erp_stock_lines
          where tenant_id = ${D} group by 1) x where e.tenant_id = ${D} and e.id = x.erp_stock_id and e.extern_ref like 'BENCH-ERP-%'`);
    });
    await step(`a week's sales (${(STORES * 300).toLocaleString('en')} moves)`, () =>
      run(`insert into stock_moves (tenant_id, created_at, site_id, zone_id, sku_id, kind, qty, on_hand, doc_type, doc_code)
        select ${D}, now() - (i * 2011 % 604800) * interval '1 second', st.site_id, 0, k.sku_id, ${STOCK_MOVE_KIND.SOLD}, 1, 0, 'store/cashier', 'BENCH-SALE'
          from bench_stores st cross join generate_series(0, 299) i
          join bench_skus k on k.n = ${skuOf('st.n', `(i * 13) % ${SKUS}`)}`),
    );
    // the feed's readers: at the stores after the first ones (not the counted ones), floor and room in turn
    const [scene] = await queryRows<{ id: number }>(
      db,
      sql`insert into rfid_scenes (tenant_id, scene_code, scene_name, min_period, interval_period, max_period, read_power, report_interval,
            scene_type, depart_after, move_holdoff, return_guard)
          values (${D}, 'BENCH-STORE', 'bench store reader', 1, 1, 1, 30, 1, 1, 86400, 30, 300) returning id::int as id`,
    );
    const zones = await queryRows<{ n: number; floor_id: number; room_id: number }>(
      db,
      sql`select n, floor_id::int, room_id::int from bench_stores order by n`,
    );
    const readers: Setup['readers'] = [];
    const feedStores = Math.max(1, STORES - countStores.length);
    for (let i = 0; i < FEED_READERS; i++) {
      const s = (i * 3) % feedStores;
      const code = `BENCH-RD-${String(i + 1).padStart(2, '0')}`;
      await db.execute(sql`insert into equipment (tenant_id, equipment_coding, equipment_name, sn_number, online_status, location_id, scene_id)
        values (${D}, ${code}, ${code}, ${`SN-${code}`}, 0, ${i % 2 ? zones[s].room_id : zones[s].floor_id}, ${scene.id})`);
      readers.push({ code, key: (await issueDeviceKey(db, D, code)).key, firstTag: s * EPCS });
    }
    const counts: Setup['counts'] = [];
    for (const [c, s] of countStores.entries()) {
      const handheld = `BENCH-HH-${String(s + 1).padStart(3, '0')}`;
      await db.execute(sql`insert into equipment (tenant_id, equipment_coding, equipment_name, sn_number, online_status, location_id)
        values (${D}, ${handheld}, ${handheld}, ${`SN-${handheld}`}, 0, ${stores[s]})`);
      const made = await t.call('POST', '/api/store/inventory/create', {
        token: await t.login('demo', 'demo123'),
        body: {
          plannedAt: new Date(Date.now() + 3_600_000).toISOString(),
          sheetKind: COUNT_SHEET_KIND.SELF_BUILT,
          siteId: stores[s],
          zoneIds: [],
        },
      });
      if (made.body.code !== 200) throw new Error(`a count: ${made.body.msg}`);
      const own = Math.min(EPCS, COUNT_EPCS);
      counts.push({
        id: made.body.data.id,
        code: made.body.data.code,
        site: stores[s],
        handheld,
        tags: Array.from({ length: own }, (_, j) => s * EPCS + j),
        extra: COUNT_EPCS - own,
      });
      void c;
    }
    const diffs = Array.from({ length: Math.min(DIFFS, STORES) }, (_, i) => stores[(i * 41 + 5) % STORES]);
    // the start-up's recurring jobs (the daily recount of every site's present tags, the hourly
    // age-out …) run over what was seeded: done before anything is measured
    await step('the recurring jobs of the start (the daily recount of every site …)', async () => {
      const busy = async () =>
        (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from jobs where state in ('queued', 'running')`))[0].n;
      for (let i = 0; i < 600 && (await busy()) > 0; i++) await sleep(500);
    });
    // the hourly job's round of on-shelf availability samples over every store (a store a
    // transaction; the start-up's round ran before the stores were seeded), timed here
    const { sampleAllOsa } = await import('../apps/server/src/modules/store/stock/osa.js');
    const health = () => t.call('GET', '/api/health');
    const idle = await probedWhile(health, () => sleep(3000));
    const o0 = performance.now();
    const round = await probedWhile(health, () => sampleAllOsa(db, new Date(Date.now() + 3_600_000)));
    const osaMs = performance.now() - o0;
    console.log(
      `on-shelf availability sampled (the hourly job's round): ${round.out} stores in ${osaMs.toFixed(0)} ms (${(osaMs / STORES).toFixed(1)} ms a store); ${latencyRow('/api/health beside it', round.health)}; ${latencyRow('idle', idle.health)}`,
    );
    const s1 = performance.now();
    await step('statistics (analyze) and a checkpoint', async () => {
      await run(t.database.kind === 'pglite' ? 'vacuum analyze' : 'analyze');
      await run('checkpoint');
    });
    const [{ n: states }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from rfid_epc_states where tenant_id = ${D}`);
    console.log(
      `seeded in ${((s1 - s0) / 1000).toFixed(0)} s (+ ${((performance.now() - s1) / 1000).toFixed(0)} s analyze/checkpoint): ran at ${STORES} stores, ${states.toLocaleString('en')} EPC states in DEMO, ${SKUS.toLocaleString('en')} active SKUs a store; load ${loadAverage()}`,
    );

    if (process.env.STOCK_EXPLAIN) {
      // STOCK_EXPLAIN=1: the plan of the stock page and the refill list of the first store, with times
      const { erpLinesQuery, erpStockHeadOf } = await import('../apps/server/src/modules/store/index.js');
      const { stockOptionsQuery } = await import('../apps/server/src/modules/store/stock/view.js');
      const e = await erpStockHeadOf(db, D, stores[0]);
      const erp = e ? { at: e.time, ref: e.externRef, lines: erpLinesQuery(D, e.id) } : null;
      const q = stockOptionsQuery(D, stores[0], erp, { page: 1, pageSize: 20 });
      for (let i = 0; i < 2; i++) {
        const plan = await queryRows<Record<string, string>>(db, sql`explain (analyze, buffers) ${q}`);
        if (i) console.log(plan.map((r) => Object.values(r)[0]).join('\n'));
      }
      const { refillList } = await import('../apps/server/src/modules/store/stock/refill.js');
      const times: number[] = [];
      let listed = 0;
      for (let i = 0; i < 10; i++) {
        const s = performance.now();
        listed = (await refillList(db, D, stores[i % stores.length])).list.length;
        times.push(performance.now() - s);
      }
      console.log(`refillList in the server: ${times.map((x) => x.toFixed(0)).join(' ')} ms (${listed} options listed)`);
    }
    const bases = [await t.app.listen({ port: 0, host: '127.0.0.1' })];
    for (let i = 1; i < SERVERS; i++) {
      const second = child({ STOCK_SECOND: t.databaseUrl! });
      seconds.push(second);
      const m = await second.message();
      if (typeof m.address !== 'string') throw new Error('the second server did not start');
      bases.push(m.address);
    }
    console.log(`${bases.length} server process${bases.length > 1 ? 'es' : ''} (${bases.join(', ')}); the client is a process of its own`);

    let profiler: import('node:inspector/promises').Session | undefined;
    if (process.env.STOCK_PROFILE) {
      const { Session } = await import('node:inspector/promises');
      profiler = new Session();
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    const setup: Setup = { demo: await t.login('demo', 'demo123'), stores, counts, diffs, readers };
    const driver = child({ STOCK_CLIENT: bases.join(',') });
    driver.proc.stdin!.end(JSON.stringify(setup));
    await driver.exited;
    if (profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      const { writeFileSync } = await import('node:fs');
      writeFileSync(process.env.STOCK_PROFILE!, JSON.stringify(profile));
      console.log(`CPU profile of the server: ${process.env.STOCK_PROFILE}`);
    }
  } finally {
    for (const s of seconds) {
      s.proc.stdin!.end();
      await s.exited.catch(() => undefined);
    }
    await stopParsePool();
    await t.close();
    pgServer?.stop();
  }
}

if (process.env.STOCK_CLIENT) {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  await client(process.env.STOCK_CLIENT.split(','), JSON.parse(Buffer.concat(chunks).toString('utf8')) as Setup);
} else if (process.env.STOCK_SECOND) await secondServer(process.env.STOCK_SECOND);
else await server();
