// The inbound DC's speed goals (operations.md slice A), measured on the database as deployed —
// PGlite with its data directory on disk by default (BENCH_DISK=0: in memory); PostgreSQL 15 with
// BENCH_PG=1 (a throwaway server, fsync on) or BENCH_PG_URL=<admin url> — from a SEPARATE process
// on loopback:
//   tunnels  a carton's result on screen ≤ 1 s after its last read (p99): INBOUND_TUNNELS (10)
//            tunnel readers at WH01's inbound dock, each passing a carton of INBOUND_EPCS (50) EPCs
//            every INBOUND_EVERY_MS (3,000) for INBOUND_SECONDS (120): the carton's scan opens its
//            session, its reads come in two Impinj batches half a second apart (each EPC read again
//            in the second), then the close call (the carton left the tunnel). Measured from the
//            moment the last batch is sent to the moment the carton's result is read back through
//            the receiving check's API; printed p50/p95/p99/max beside /api/health asked every
//            100 ms meanwhile (and idle before), and the close call's own latency.
//   review   a bill of INBOUND_BILL_CARTONS (200) cartons × INBOUND_BILL_EPCS (30) EPCs reconciled and
//            reviewed ≤ 2 s: its cartons passed through the tunnels (as fast as they go), then
//            finish receiving (goods received) and the receipt review timed through the API.
// Each tunnel's truck is a bill of its own, its cartons' EPCs known (the factory's pack reads).
// INBOUND_PROFILE=<file> writes a CPU profile of the server process over the measured phases.
//   npm run bench:inbound -w bench                 (PGlite on disk)
//   BENCH_PG=1 npm run bench:inbound -w bench      (PostgreSQL 15, fsync on)
// The same file is the client: INBOUND_CLIENT=<base url> runs the driver.
import {
  benchDatabase,
  demoTenants,
  durability,
  keptAliveClient,
  latencyRow,
  loadAverage,
  probedWhile,
  runDriver,
  sayLine,
} from './lib.js';

const TUNNELS = Number(process.env.INBOUND_TUNNELS ?? 10);
const EPCS = Number(process.env.INBOUND_EPCS ?? 50);
const EVERY_MS = Number(process.env.INBOUND_EVERY_MS ?? 3000);
const SECONDS = Number(process.env.INBOUND_SECONDS ?? 120);
const BILL_CARTONS = Number(process.env.INBOUND_BILL_CARTONS ?? 200);
const BILL_EPCS = Number(process.env.INBOUND_BILL_EPCS ?? 30);
const PHASES = (process.env.INBOUND_PHASES ?? 'tunnels,review').split(',').filter(Boolean);

interface Carton {
  id: number;
  sscc: string;
  /** its EPCs are epcOf(base + k), k < n */
  base: number;
  n: number;
}
interface Setup {
  demo: string;
  tunnels: { code: string; key: string }[];
  /** a bill of cartons a tunnel */
  trucks: Carton[][];
  review: { billId: number; cartons: Carton[] };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A made-up SGTIN-96-looking EPC (header 30, 24 hex digits) of a number. */
const epcOf = (n: number) => `3034${n.toString(16).toUpperCase().padStart(20, '0')}`;

/** The driver: tunnels and a prober over HTTP, in a process of its own. */
async function client(base: string, setup: Setup) {
  const request = keptAliveClient(base, 64);
  // biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely
  const json = (text: string) => JSON.parse(text) as { code: number; msg: string; data: any };
  const call = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
    const res = await request(
      method,
      path,
      { langeType: 'en_US', 'content-type': 'application/json', ...headers },
      body === undefined ? undefined : JSON.stringify(body),
    );
    const out = json(res.text);
    if (out.code !== 200) throw new Error(`${path}: ${out.code} ${out.msg}`);
    return out.data;
  };
  const user = { token: setup.demo };
  let batchNo = 0;
  /** One Impinj batch of the carton's EPCs, each read `reads` times. */
  const batchOf = (c: Carton, reads: number) => {
    const at = new Date().toISOString();
    const events = [];
    for (let k = 0; k < c.n; k++)
      for (let j = 0; j < reads; j++)
        events.push({
          timestamp: at,
          eventType: 'tagInventory',
          tagInventoryEvent: {
            epcHex: epcOf(c.base + k),
            antennaPort: 1 + ((k + j) % 4),
            peakRssiCdbm: -5000 - ((k * 37) % 2000),
            lastSeenTime: at,
          },
        });
    return JSON.stringify(events);
  };
  /** A carton through a tunnel: scan, reads, close; the time from the last batch sent to its result read back, and the close's. */
  const pass = async (tunnel: { key: string }, c: Carton, gapMs: number) => {
    const dev = { authorization: `Bearer ${tunnel.key}` };
    const opened = await call('POST', '/api/rfid/sessions', dev, { subjectType: 'carton', subjectCode: c.sscc });
    const post = async (body: string) => {
      const res = await request(
        'POST',
        '/api/rfid/ingest/impinj',
        { ...dev, 'content-type': 'application/json', 'idempotency-key': `inb-${process.pid}-${batchNo++}` },
        body,
      );
      if (res.status !== 200) throw new Error(`ingest: ${res.status} ${res.text.slice(0, 200)}`);
    };
    if (gapMs > 0) {
      await post(batchOf(c, 1));
      await sleep(gapMs);
    }
    const last = batchOf(c, 2);
    const t0 = performance.now();
    await post(last);
    const c0 = performance.now();
    const batchMs = c0 - t0;
    await call('POST', `/api/rfid/sessions/${opened.session.id}/close`, dev, {});
    const closeMs = performance.now() - c0;
    for (;;) {
      const row = await call('GET', `/api/warehouse/receiving-check/get?id=${c.id}`, user);
      if (Number(row.result) !== 0) {
        if (Number(row.matched) !== c.n) throw new Error(`carton ${c.sscc}: matched ${row.matched} of ${c.n} (result ${row.result})`);
        break;
      }
      await sleep(20);
    }
    return { resultMs: performance.now() - t0, closeMs, batchMs };
  };
  /** /api/health every 100 ms while `work` runs. */
  const probed = <T>(work: () => Promise<T>) => probedWhile(() => request('GET', '/api/health', {}), work);
  const row = latencyRow;
  const say = sayLine;

  const idle = await probed(() => sleep(5000));
  say(`idle (5 s): ${row('/api/health', idle.health)}`);

  if (PHASES.includes('tunnels')) {
    const started = performance.now();
    const results: number[] = [];
    const closes: number[] = [];
    const batches: number[] = [];
    const { health } = await probed(() =>
      Promise.all(
        setup.tunnels.map(async (tunnel, i) => {
          // the tunnels staggered over the period, as trucks arrive
          await sleep((i * EVERY_MS) / setup.tunnels.length);
          for (const c of setup.trucks[i]) {
            if (performance.now() - started > SECONDS * 1000) break;
            const at = performance.now();
            const r = await pass(tunnel, c, 500);
            results.push(r.resultMs);
            closes.push(r.closeMs);
            batches.push(r.batchMs);
            const wait = EVERY_MS - (performance.now() - at);
            if (wait > 0) await sleep(wait);
          }
        }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    say(
      `tunnels: ${setup.tunnels.length} tunnels, a carton of ${EPCS} EPCs every ${EVERY_MS / 1000} s each, ${seconds.toFixed(0)} s, ${results.length} cartons (${(results.length / seconds).toFixed(1)}/s); load ${loadAverage()}`,
    );
    say(`  ${row('last read → result readable', results)}   (goal p99 ≤ 1,000 ms)`);
    say(`  ${row('of which the last batch answered', batches)}`);
    say(`  ${row('of which the close call', closes)}`);
    say(`  ${row('/api/health', health)}`);
  }

  if (PHASES.includes('review')) {
    const cartons = setup.review.cartons;
    const t0 = performance.now();
    let next = 0;
    await Promise.all(
      setup.tunnels.slice(0, 4).map(async (tunnel) => {
        while (next < cartons.length) await pass(tunnel, cartons[next++], 0);
      }),
    );
    const passed = (performance.now() - t0) / 1000;
    const id = setup.review.billId;
    const r0 = performance.now();
    const received = await call('POST', '/api/warehouse/goods-received/receive', user, { id });
    const r1 = performance.now();
    const reviewed = await call('POST', '/api/logistics/receipt-review/review', user, { id });
    const r2 = performance.now();
    if (Number(reviewed.status) !== 5) throw new Error(`review left the bill in state ${reviewed.status}`);
    say(
      `review: a bill of ${cartons.length} cartons × ${BILL_EPCS} EPCs (${received.piecesReceived} of ${received.piecesExpected} pieces received), its cartons passed in ${passed.toFixed(1)} s by 4 tunnels; load ${loadAverage()}`,
    );
    say(
      `  finish receiving ${(r1 - r0).toFixed(0)} ms + review ${(r2 - r1).toFixed(0)} ms = ${(r2 - r0).toFixed(0)} ms   (goal ≤ 2,000 ms)`,
    );
  }
  process.stdout.write(`${JSON.stringify({ done: true })}\n`);
}

async function server() {
  process.env.BENCH_DISK ??= '1';
  const pgServer = await benchDatabase();
  const { startTestApp } = await import('../apps/server/test/support.js');
  const { queryRows } = await import('../apps/server/src/db/client.js');
  const { issueDeviceKey } = await import('../apps/server/src/core/feed/device-keys.js');
  const { BILL_KIND, BILL_STATUS, CARTON_EPC_SOURCE } = await import('@tagloom/domain');
  const { sql } = await import('drizzle-orm');
  const { stopParsePool } = await import('../apps/server/src/modules/rfid/ingest/parse-pool.js');
  const { wmsBills, wmsBillLines } = await import('../apps/server/src/modules/warehouse/bills/tables.js');
  const { tallyBill } = await import('../apps/server/src/modules/warehouse/bills/hooks.js');
  const { makeCartons } = await import('../apps/server/src/modules/warehouse/cartons/make.js');

  const t = await startTestApp();
  try {
    console.log(
      `database: ${t.database.describe}${pgServer ? ` (${pgServer.version})` : ''}; ${await durability(t)}; load average ${loadAverage()}`,
    );
    const s0 = performance.now();
    const { demo } = await demoTenants(t);
    const [wh] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id::int as id from locations where tenant_id = ${demo} and code = 'WH01'`,
    );
    const [dock] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id::int as id from locations where tenant_id = ${demo} and site_id = ${wh.id} and kind = 5 and zone_type = 5 order by id limit 1`,
    );
    const [sku] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id::int as id from goods_skus where tenant_id = ${demo} order by id limit 1`,
    );
    const [factory] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id::int as id from factories where tenant_id = ${demo} order by id limit 1`,
    );
    const [scene] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`insert into rfid_scenes (tenant_id, scene_code, scene_name, min_period, interval_period, max_period, read_power, report_interval,
            scene_type, depart_after, move_holdoff, return_guard)
          values (${demo}, 'BENCH-TUNNEL', 'bench tunnel', 1, 1, 1, 30, 1, 5, 600, 2, 300) returning id::int as id`,
    );
    const tunnels: Setup['tunnels'] = [];
    for (let i = 1; i <= TUNNELS; i++) {
      const code = `BENCH-TUN-${String(i).padStart(2, '0')}`;
      await t.ctx.db.execute(sql`insert into equipment (tenant_id, equipment_coding, equipment_name, sn_number, online_status, location_id, scene_id)
        values (${demo}, ${code}, ${code}, ${`SN-${code}`}, 0, ${dock.id}, ${scene.id})`);
      tunnels.push({ code, key: (await issueDeviceKey(t.ctx.db, demo, code)).key });
    }
    let nextEpc = 1;
    let billNo = 0;
    /** A bill in transit of `n` cartons × `per` EPCs the factory packed by reads (their bindings), as shipped. */
    const bill = async (n: number, per: number): Promise<{ billId: number; cartons: Carton[] }> =>
      t.ctx.db.transaction(async (tx) => {
        const code = `BENCH${String(++billNo).padStart(4, '0')}`;
        const [b] = await tx
          .insert(wmsBills)
          .values({
            tenantId: demo,
            code,
            reservationNo: `ASN-${code}`,
            kind: BILL_KIND.PURCHASE_IN,
            status: BILL_STATUS.IN_TRANSIT,
            factoryId: factory.id,
            destLocationId: wh.id,
            shippedAt: new Date(),
            isStandard: 0,
            needsInspection: 0,
          })
          .returning();
        await tx.insert(wmsBillLines).values(
          Array.from({ length: n }, (_, i) => ({
            tenantId: demo,
            billId: b.id,
            cartonNo: `${code}-${String(i + 1).padStart(3, '0')}`,
            skuId: sku.id,
            expectedQty: per,
            receivedQty: 0,
            diffQty: -per,
          })),
        );
        await makeCartons(tx, demo, b);
        const made = await queryRows<{ id: number; sscc: string }>(
          tx,
          sql`select id::int as id, sscc from wms_cartons where tenant_id = ${demo} and bill_id = ${b.id} order by carton_no`,
        );
        const cartons = made.map((c, i) => ({ id: c.id, sscc: c.sscc, base: nextEpc + i * per, n: per }));
        nextEpc += made.length * per;
        await tx.execute(sql`
          insert into wms_carton_epcs (tenant_id, epc, sku_id, carton_id, sscc, bill_id, source, result, bound_at, bound_by)
          select ${demo}, '3034' || lpad(upper(to_hex(c.base + k)), 20, '0'), ${sku.id}, c.id, c.sscc, ${b.id}, ${CARTON_EPC_SOURCE.FACTORY_PACK}, 0, now(), 'BENCH'
          from unnest(${`{${cartons.map((c) => c.id).join(',')}}`}::bigint[], ${`{${cartons.map((c) => c.sscc).join(',')}}`}::text[],
                      ${`{${cartons.map((c) => c.base).join(',')}}`}::bigint[]) as c(id, sscc, base),
               generate_series(0, ${per - 1}) k`);
        await tallyBill(tx, demo, b.id);
        return { billId: b.id, cartons };
      });
    const perTunnel = Math.ceil((SECONDS * 1000) / EVERY_MS) + 2;
    const trucks: Carton[][] = [];
    if (PHASES.includes('tunnels')) for (let i = 0; i < TUNNELS; i++) trucks.push((await bill(perTunnel, EPCS)).cartons);
    const review = PHASES.includes('review') ? await bill(BILL_CARTONS, BILL_EPCS) : { billId: 0, cartons: [] };
    if (t.database.kind !== 'pglite') await t.ctx.db.execute(sql`analyze`);
    await t.ctx.db.execute(sql`checkpoint`);
    const setup: Setup = { demo: await t.login('demo', 'demo123'), tunnels, trucks, review };
    console.log(
      `prepared in ${((performance.now() - s0) / 1000).toFixed(0)} s: ${TUNNELS} tunnels at WH01's inbound dock, ${trucks.length} bills of ${perTunnel} cartons × ${EPCS} EPCs, a bill of ${BILL_CARTONS} × ${BILL_EPCS}`,
    );
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });

    let profiler: import('node:inspector/promises').Session | undefined;
    if (process.env.INBOUND_PROFILE) {
      const { Session } = await import('node:inspector/promises');
      profiler = new Session();
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    await runDriver(import.meta.url, 'INBOUND_CLIENT', address, setup);
    if (profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      const { writeFileSync } = await import('node:fs');
      writeFileSync(process.env.INBOUND_PROFILE!, JSON.stringify(profile));
      console.log(`CPU profile of the server: ${process.env.INBOUND_PROFILE}`);
    }
  } finally {
    await stopParsePool();
    await t.close();
    pgServer?.stop();
  }
}

if (process.env.INBOUND_CLIENT) {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  await client(process.env.INBOUND_CLIENT, JSON.parse(Buffer.concat(chunks).toString('utf8')) as Setup);
} else await server();
