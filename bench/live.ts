// The dashboards' RFID figures at volume: fills today's raw reads (LIVE_READS reads, default
// 2,000,000, in batches of LIVE_BATCH = 200 reads: a rfid_read_batches row and a rfid_batches row each) and the EPC
// state (LIVE_EPCS rows, default 200,000) of the demo tenant, then times:
// - "reads today" as the dashboard counts it (the sum of today's batches' tag reads) against the
//   plain count of today's rfid_reads it stands for (same number, checked);
// - the counters the live stream pushes (reads today, readers online, tags by state);
// - the operator's panel; and GET /api/dashboard/admin/widgets over HTTP (p50/p99 of LIVE_RUNS).
// On PGlite by default; on PostgreSQL 15 with BENCH_PG_URL=<admin url>, or BENCH_PG=1.
import { sql } from 'drizzle-orm';
import { benchDatabase, demoTenants, loadAverage, pct, readBatchesInsert } from './lib.js';

const READS = Number(process.env.LIVE_READS ?? 2_000_000);
const BATCH = Number(process.env.LIVE_BATCH ?? 200);
const EPCS = Number(process.env.LIVE_EPCS ?? 200_000);
const RUNS = Number(process.env.LIVE_RUNS ?? 50);
const CHUNK = 250_000;

const pgServer = await benchDatabase();
const { startTestApp } = await import('../apps/server/test/support.js');
const { counters, operatorPanel, readsToday } = await import('../apps/server/src/modules/rfid/live/service.js');
const { queryRows } = await import('../apps/server/src/db/client.js');
const t = await startTestApp();

async function timed(runs: number, fn: () => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  const xs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    await fn();
    xs.push(performance.now() - s);
  }
  return { p50: pct(xs, 50), p99: pct(xs, 99) };
}
const ms = (x: { p50: number; p99: number }) => `p50 ${x.p50.toFixed(1)} ms, p99 ${x.p99.toFixed(1)} ms`;

try {
  console.log(`database: ${t.database.describe}${pgServer ? ` (${pgServer.version})` : ''}; load ${loadAverage()}`);
  const { demo } = await demoTenants(t);
  const t0 = performance.now();
  // today's reads, in time order since midnight (or the last hour when it is just past midnight)
  const start = `greatest(date_trunc('day', now()), now() - interval '1 hour')`;
  for (let done = 0; done < READS; done += CHUNK) {
    const n = Math.min(CHUNK, READS - done);
    await t.ctx.db.execute(
      sql.raw(
        readBatchesInsert({
          tenant: demo,
          from: done,
          to: done + n - 1,
          batch: BATCH,
          at: `${start} + (g::float / ${READS}) * (now() - ${start})`,
          equipment: `'RD-' || (g / ${BATCH} % 20)`,
          epc: `'3035A537C8000' || lpad(to_hex(g % ${EPCS}), 11, '0')`,
          antenna: '1 + g % 4',
          rssi: '-5000 - g % 2000',
        }),
      ),
    );
  }
  await t.ctx.db.execute(
    sql.raw(`insert into rfid_batches (tenant_id, created_at, equipment_coding, format, transport, events, tag_reads, status)
      select ${demo}, ${start} + (g::float * ${BATCH} / ${READS}) * (now() - ${start}), 'RD-' || (g % 20), 'impinj', 'http', ${BATCH}, ${BATCH}, 'ok'
      from generate_series(1, ${Math.ceil(READS / BATCH)}) g`),
  );
  await t.ctx.db.execute(
    sql.raw(`insert into rfid_epc_states (tenant_id, epc, first_seen_at, last_seen_at, read_count, last_equipment, presence)
      select ${demo}, '3035A537C8000' || lpad(to_hex(g), 11, '0'), now() - interval '1 hour', now() - (g % 3600) * interval '1 second', 10, 'RD-1',
             (array['present', 'departed', 'sold'])[1 + g % 3]
      from generate_series(0, ${EPCS - 1}) g on conflict do nothing`),
  );
  await t.ctx.db.execute(sql`analyze rfid_read_batches`);
  await t.ctx.db.execute(sql`analyze rfid_batches`);
  await t.ctx.db.execute(sql`analyze rfid_epc_states`);
  console.log(
    `filled ${READS} reads, ${Math.ceil(READS / BATCH)} batches, ${EPCS} EPC states in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );

  const [plain] = await queryRows<{ n: unknown }>(
    t.ctx.db,
    sql`select count(*) as n from rfid_reads where tenant_id = ${demo} and created_at >= date_trunc('day', now())`,
  );
  const summed = await readsToday(t.ctx.db, demo);
  console.log(
    `reads today: ${summed} (sum of batches) = ${Number(plain.n)} (count of reads): ${summed === Number(plain.n) ? 'same' : 'DIFFERENT'}`,
  );
  console.log(`reads today, sum of today's batches:   ${ms(await timed(RUNS, () => readsToday(t.ctx.db, demo)))}`);
  console.log(
    `reads today, count of today's reads:    ${ms(
      await timed(Math.min(RUNS, 5), () =>
        queryRows(t.ctx.db, sql`select count(*) from rfid_reads where tenant_id = ${demo} and created_at >= date_trunc('day', now())`),
      ),
    )}`,
  );
  console.log(`counters (pushed, ≤ 1/s a tenant):      ${ms(await timed(RUNS, () => counters(t.ctx.db, demo)))}`);
  console.log(`operator's panel:                       ${ms(await timed(Math.min(RUNS, 20), () => operatorPanel(t.ctx.db, demo)))}`);
  const token = await t.login('demo', 'demo123');
  console.log(
    `GET /api/dashboard/admin/widgets:       ${ms(await timed(Math.min(RUNS, 20), () => t.call('GET', '/api/dashboard/admin/widgets', { token })))}`,
  );
} finally {
  await t.close();
  pgServer?.stop();
}
