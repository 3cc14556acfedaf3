// Pack certification's speed goal (operations.md slice C, issue 31), measured on the database as
// deployed — PGlite with its data directory on disk by default (BENCH_DISK=0: in memory); PostgreSQL
// 15 with BENCH_PG=1 (a throwaway server, fsync on) or BENCH_PG_URL=<admin url> — from a SEPARATE
// process on loopback:
//   a carton's result on screen ≤ 1 s after its last read (p99) with OUTBOUND_STATIONS (10) pack
//   stations busy: each a tunnel reader at WH01's pack station, passing a carton of OUTBOUND_EPCS
//   (30) pieces of one SKU every OUTBOUND_EVERY_MS (3,000) for OUTBOUND_SECONDS (120) — its number
//   scanned (the session opens; the first scan makes the carton and starts the bill's picking), its
//   reads in two Impinj batches half a second apart, the close (the carton left the tunnel: the
//   certification against its pick list by SKU). Measured from the moment the last batch is sent to
//   the moment packing review's API shows the carton PACKED with its result; printed p50/p95/p99/max
//   beside /api/health asked every 100 ms meanwhile (and idle before), and the close call's own latency.
// Each station's shipment is a transfer of its own to a store, one carton number a line, the pieces
// the demo's stock tags (label order LPO…STOCK: real registry rows with their SKUs).
//   npm run bench:outbound -w bench                 (PGlite on disk)
//   BENCH_PG=1 npm run bench:outbound -w bench      (PostgreSQL 15, fsync on)
// The same file is the client: OUTBOUND_CLIENT=<base url> runs the driver.
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

const STATIONS = Number(process.env.OUTBOUND_STATIONS ?? 10);
const EPCS = Number(process.env.OUTBOUND_EPCS ?? 30);
const EVERY_MS = Number(process.env.OUTBOUND_EVERY_MS ?? 3000);
const SECONDS = Number(process.env.OUTBOUND_SECONDS ?? 120);

interface Carton {
  cartonNo: string;
  billId: number;
  epcs: string[];
}
interface Setup {
  demo: string;
  stations: { code: string; key: string }[];
  /** a station's cartons, in order */
  shipments: Carton[][];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The driver: pack stations and a prober over HTTP, in a process of its own. */
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
  /** One Impinj batch of the carton's pieces, each read `reads` times. */
  const batchOf = (c: Carton, reads: number) => {
    const at = new Date().toISOString();
    const events = c.epcs.flatMap((epc, k) =>
      Array.from({ length: reads }, (_, j) => ({
        timestamp: at,
        eventType: 'tagInventory',
        tagInventoryEvent: { epcHex: epc, antennaPort: 1 + ((k + j) % 4), peakRssiCdbm: -5000 - ((k * 37) % 2000), lastSeenTime: at },
      })),
    );
    return JSON.stringify(events);
  };
  /** A carton through a pack station: scan, reads, close; the time from the last batch sent to its result read back, and the close's. */
  const pass = async (station: { key: string }, c: Carton) => {
    const dev = { authorization: `Bearer ${station.key}` };
    const opened = await call('POST', '/api/rfid/sessions', dev, { subjectType: 'pack', subjectCode: c.cartonNo });
    const post = async (body: string) => {
      const res = await request(
        'POST',
        '/api/rfid/ingest/impinj',
        { ...dev, 'content-type': 'application/json', 'idempotency-key': `out-${process.pid}-${batchNo++}` },
        body,
      );
      if (res.status !== 200) throw new Error(`ingest: ${res.status} ${res.text.slice(0, 200)}`);
    };
    await post(batchOf(c, 1));
    await sleep(500);
    const t0 = performance.now();
    await post(batchOf(c, 2));
    const c0 = performance.now();
    await call('POST', `/api/rfid/sessions/${opened.session.id}/close`, dev, {});
    const closeMs = performance.now() - c0;
    for (;;) {
      const row = await call('GET', `/api/logistics/packing/get?id=${opened.session.subjectId}`, user);
      if (Number(row.status) === 12 && Number(row.result) !== 0) {
        if (Number(row.matched) !== c.epcs.length) throw new Error(`carton ${c.cartonNo}: matched ${row.matched} of ${c.epcs.length}`);
        break;
      }
      await sleep(20);
    }
    return { resultMs: performance.now() - t0, closeMs };
  };
  const probed = <T>(work: () => Promise<T>) => probedWhile(() => request('GET', '/api/health', {}), work);

  const idle = await probed(() => sleep(5000));
  sayLine(`idle (5 s): ${latencyRow('/api/health', idle.health)}`);
  const started = performance.now();
  const results: number[] = [];
  const closes: number[] = [];
  const { health } = await probed(() =>
    Promise.all(
      setup.stations.map(async (station, i) => {
        // the stations staggered over the period, as packers finish their cartons
        await sleep((i * EVERY_MS) / setup.stations.length);
        for (const c of setup.shipments[i]) {
          if (performance.now() - started > SECONDS * 1000) break;
          const at = performance.now();
          const r = await pass(station, c);
          results.push(r.resultMs);
          closes.push(r.closeMs);
          const wait = EVERY_MS - (performance.now() - at);
          if (wait > 0) await sleep(wait);
        }
      }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  sayLine(
    `pack stations: ${setup.stations.length} stations, a carton of ${EPCS} pieces every ${EVERY_MS / 1000} s each, ${seconds.toFixed(0)} s, ${results.length} cartons (${(results.length / seconds).toFixed(1)}/s); load ${loadAverage()}`,
  );
  sayLine(`  ${latencyRow('last read → certified result readable', results)}   (goal p99 ≤ 1,000 ms)`);
  sayLine(`  ${latencyRow('of which the close call', closes)}`);
  sayLine(`  ${latencyRow('/api/health', health)}`);
  process.stdout.write(`${JSON.stringify({ done: true })}\n`);
}

async function server() {
  process.env.BENCH_DISK ??= '1';
  const pgServer = await benchDatabase();
  const { startTestApp } = await import('../apps/server/test/support.js');
  const { queryRows } = await import('../apps/server/src/db/client.js');
  const { issueDeviceKey } = await import('../apps/server/src/core/feed/device-keys.js');
  const { BILL_KIND, BILL_STATUS, LOCATION_KIND, ZONE_TYPE } = await import('@tagloom/domain');
  const { sql } = await import('drizzle-orm');
  const { stopParsePool } = await import('../apps/server/src/modules/rfid/ingest/parse-pool.js');
  const { wmsBills, wmsBillLines } = await import('../apps/server/src/modules/warehouse/bills/tables.js');
  const { tallyBill } = await import('../apps/server/src/modules/warehouse/bills/hooks.js');

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
    const [station] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id::int as id from locations where tenant_id = ${demo} and site_id = ${wh.id} and kind = ${LOCATION_KIND.ZONE}
            and zone_type = ${ZONE_TYPE.PACK_STATION} order by id limit 1`,
    );
    const stores = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id::int as id from locations where tenant_id = ${demo} and kind = ${LOCATION_KIND.STORE} order by code limit ${STATIONS}`,
    );
    const [scene] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`insert into rfid_scenes (tenant_id, scene_code, scene_name, min_period, interval_period, max_period, read_power, report_interval,
            scene_type, depart_after, move_holdoff, return_guard)
          values (${demo}, 'BENCH-PACK', 'bench pack tunnel', 1, 1, 1, 30, 1, 5, 600, 2, 300) returning id::int as id`,
    );
    const stations: Setup['stations'] = [];
    for (let i = 1; i <= STATIONS; i++) {
      const code = `BENCH-PK-${String(i).padStart(2, '0')}`;
      await t.ctx.db.execute(sql`insert into equipment (tenant_id, equipment_coding, equipment_name, sn_number, online_status, location_id, scene_id)
        values (${demo}, ${code}, ${code}, ${`SN-${code}`}, 0, ${station.id}, ${scene.id})`);
      stations.push({ code, key: (await issueDeviceKey(t.ctx.db, demo, code)).key });
    }
    // the stock tags no carton holds, by SKU: a carton is EPCS pieces of one SKU
    const perStation = Math.ceil((SECONDS * 1000) / EVERY_MS) + 2;
    const free = await queryRows<{ sku_id: number; epcs: string[] }>(
      t.ctx.db,
      sql`select t.sku_id::int, array_agg(t.epc order by t.epc) as epcs from label_tags t
           where t.tenant_id = ${demo} and t.sku_id is not null
             and not exists (select 1 from wms_carton_epcs e where e.tenant_id = t.tenant_id and e.epc = t.epc)
           group by t.sku_id having count(*) >= ${EPCS} order by t.sku_id`,
    );
    const lots = free.flatMap((f) =>
      Array.from({ length: Math.floor(f.epcs.length / EPCS) }, (_, k) => ({
        skuId: f.sku_id,
        epcs: f.epcs.slice(k * EPCS, (k + 1) * EPCS),
      })),
    );
    if (lots.length < STATIONS * perStation)
      throw new Error(`only ${lots.length} lots of ${EPCS} free tags for ${STATIONS * perStation} cartons`);
    const shipments: Carton[][] = [];
    for (let i = 0; i < STATIONS; i++) {
      const mine = lots.slice(i * perStation, (i + 1) * perStation);
      const code = `BENCHOUT${String(i + 1).padStart(2, '0')}`;
      const [b] = await t.ctx.db
        .insert(wmsBills)
        .values({
          tenantId: demo,
          code,
          reservationNo: `TO-${code}`,
          kind: BILL_KIND.TRANSFER,
          status: BILL_STATUS.CREATED,
          sourceLocationId: wh.id,
          destLocationId: stores[i % stores.length].id,
          isStandard: 0,
          needsInspection: 0,
        })
        .returning();
      const cartons = mine.map((lot, k) => ({ cartonNo: `${code}-${String(k + 1).padStart(3, '0')}`, billId: b.id, epcs: lot.epcs }));
      await t.ctx.db.insert(wmsBillLines).values(
        cartons.map((c, k) => ({
          tenantId: demo,
          billId: b.id,
          cartonNo: c.cartonNo,
          skuId: mine[k].skuId,
          expectedQty: EPCS,
          receivedQty: 0,
          diffQty: 0,
        })),
      );
      await tallyBill(t.ctx.db, demo, b.id);
      shipments.push(cartons);
    }
    if (t.database.kind !== 'pglite') await t.ctx.db.execute(sql`analyze`);
    await t.ctx.db.execute(sql`checkpoint`);
    const setup: Setup = { demo: await t.login('demo', 'demo123'), stations, shipments };
    console.log(
      `prepared in ${((performance.now() - s0) / 1000).toFixed(0)} s: ${STATIONS} pack stations at WH01, ${STATIONS} transfers of ${perStation} cartons × ${EPCS} pieces`,
    );
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    await runDriver(import.meta.url, 'OUTBOUND_CLIENT', address, setup);
  } finally {
    await stopParsePool();
    await t.close();
    pgServer?.stop();
  }
}

if (process.env.OUTBOUND_CLIENT) {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  await client(process.env.OUTBOUND_CLIENT, JSON.parse(Buffer.concat(chunks).toString('utf8')) as Setup);
} else await server();
