import type { AddressInfo } from 'node:net';
import { BILL_STATUS, CARTON_STATUS, COUNT_STATUS, ORDER_STATUS, STOCK_MOVE_KIND, TAG_STATUS } from '@tagloom/domain';
import { CARTON_RESULT } from '@tagloom/domain/rfid/reconcile.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFittingScenario } from '../../../bench/fitting-scenario.js';
import { runInboundScenario } from '../../../bench/inbound-scenario.js';
import { runOutboundScenario } from '../../../bench/outbound-scenario.js';
import { runStoreScenario } from '../../../bench/store-scenario.js';
import { queryRows } from '../src/db/client.js';
import { stopParsePool } from '../src/modules/rfid/ingest/parse-pool.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

/**
 * The simulator's scenarios against the app on a port, as `npm start` serves it (one server for both):
 * the inbound DC (bench/inbound-scenario.ts), a day in a store (bench/store-scenario.ts) and the outbound
 * DC (bench/outbound-scenario.ts), an hour in a store's fitting rooms (bench/fitting-scenario.ts).
 */
describe(`the simulator's scenarios on ${DRIVER}`, () => {
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 240_000);
  afterAll(async () => {
    await stopParsePool();
    await t?.close();
  });

  it('a truck: the tunnel set up, a bill made and its cartons passed, each with the result its planted problem gives', async () => {
    const lines: string[] = [];
    // no pause between a carton's reads and the next scan: the scan waits for the reads to be folded
    const run = await runInboundScenario({
      url,
      username: 'demo',
      password: 'demo123',
      every: 0,
      format: 'zebra',
      log: (l) => lines.push(l),
    });
    // the demo's dock tunnel at WH01's receiving dock (its token rotated), not a reader of its own
    expect(run.reader).toBe('TUN-WH01-01');
    // the demo's WH01 bill in transit holds one carton of SKUs without registry tags: the scenario makes its own
    expect(run.bill.made, lines.join('\n')).toBe(true);
    expect(run.cartons).toHaveLength(6);
    const by = (p: string) => run.cartons.filter((c) => c.planted.includes(p as never));
    const [short] = by('short');
    expect(short).toMatchObject({ result: CARTON_RESULT.SHORT, status: CARTON_STATUS.CHECKED });
    expect(short.counts.short).toBeGreaterThan(0);
    expect(by('mispack-over')[0]).toMatchObject({ result: CARTON_RESULT.OVER, counts: { over: 2, short: 0 } });
    expect(by('mispack-short')[0]).toMatchObject({ result: CARTON_RESULT.SHORT, counts: { short: 2, over: 0 } });
    expect(by('foreign')[0]).toMatchObject({ result: CARTON_RESULT.MIXED, counts: { foreign: 1 } });
    expect(by('unknown')[0]).toMatchObject({ result: CARTON_RESULT.MIXED, counts: { unknown: 1 } });
    const clean = run.cartons.filter((c) => !c.planted.length);
    expect(clean.length).toBeGreaterThan(0);
    for (const c of clean) expect(c).toMatchObject({ result: CARTON_RESULT.MATCHED, status: CARTON_STATUS.ACCEPTED });
    // every carton's counts add up
    for (const c of run.cartons) {
      expect(c.counts.matched + c.counts.short).toBe(c.counts.expected);
      expect(c.counts.matched + c.counts.over + c.counts.foreign + c.counts.unknown).toBe(c.counts.read);
    }

    // the made bill needs inspection: its sample read at WH01's QI reader, the planted foreign and unknown tags not counted
    expect(run.qi, lines.join('\n')).toMatchObject({ reader: 'QI-WH01' });
    expect(run.qi!.counted + run.qi!.short).toBe(run.qi!.sampleSize);
    expect(run.qi!.counted).toBeGreaterThan(0);

    // a second truck of the same bill: every carton checked, nothing left to play; --bill names it
    await expect(
      runInboundScenario({ url, username: 'demo', password: 'demo123', every: 0, format: 'impinj', bill: run.bill.code, log: () => {} }),
    ).rejects.toThrow(/no expected carton/);
  }, 120_000);

  // the store's day after the truck: the inbound scenario plants as foreign only an EPC another bill to its DC expects,
  // so the demo's transfer to ST001 still arrives whole and finishes by its arrivals
  it('a day in ST001: a transfer received, pieces moving between zones, sales and a return at the till, a count short by the pieces gone', async () => {
    const lines: string[] = [];
    const day = () => runStoreScenario({ url, username: 'demo', password: 'demo123', format: 'impinj', log: (l) => lines.push(l) });
    const run = await day();
    const db = t.ctx.db;
    const [{ id: tenantId }] = await queryRows<{ id: number }>(db, sql`select id::int as id from tenants where code = 'DEMO'`);
    // 1. the demo's transfer in transit whose EPCs the DC knows, received by its arrivals, reviewed: its pieces in the book
    expect(run.transfer, lines.join('\n')).toMatchObject({ made: false, status: BILL_STATUS.REVIEWED });
    expect(run.transfer.received).toBe(run.transfer.expected);
    const [{ n: booked }] = await queryRows<{ n: number }>(
      db,
      sql`select coalesce(sum(m.qty), 0)::int as n from stock_moves m join wms_bills b on b.tenant_id = m.tenant_id and b.code = m.doc_code
           where m.tenant_id = ${tenantId} and b.id = ${run.transfer.id} and m.kind = ${STOCK_MOVE_KIND.RECEIVED} and m.site_id = ${run.store.id}`,
    );
    expect(booked).toBe(run.transfer.expected);
    // 2. presence: the pieces brought back from the fitting room are on the floor, the rest of the day's pieces in the store
    const zoneType = async (epc: string) =>
      (
        await queryRows<{ presence: string; zone_type: number | null }>(
          db,
          sql`select s.presence, l.zone_type from rfid_epc_states s left join locations l on l.tenant_id = s.tenant_id and l.id = s.presence_location_id
               where s.tenant_id = ${tenantId} and s.epc = ${epc}`,
        )
      )[0];
    const returned = run.sales.find((s) => s.kind === 'return')!;
    // (each piece put out on the floor, through the fitting room or not: sold, returned to the stock room, or still on the floor)
    const sold = new Set(run.sales.filter((s) => s.kind === 'sale').flatMap((s) => s.epcs));
    for (const epc of run.moves.toFloor)
      expect(await zoneType(epc), epc).toMatchObject(
        returned.epcs.includes(epc)
          ? { presence: 'present', zone_type: 2 }
          : sold.has(epc)
            ? { presence: 'sold' }
            : { presence: 'present', zone_type: 1 },
      );
    // 3. the till: three sales and a return; each piece's book movement journalled with its transaction, tags sold (the returned one back)
    expect(run.sales.map((s) => s.kind)).toEqual(['sale', 'sale', 'sale', 'return']);
    for (const s of run.sales) {
      const moves = await queryRows<{ kind: number; qty: number }>(
        db,
        sql`select kind, qty from stock_moves where tenant_id = ${tenantId} and doc_code = ${s.txnNo} and site_id = ${run.store.id}`,
      );
      const kind = s.kind === 'sale' ? STOCK_MOVE_KIND.SOLD : STOCK_MOVE_KIND.RETURNED;
      expect(
        moves.filter((m) => m.kind === kind).reduce((a, m) => a + m.qty, 0),
        s.txnNo,
      ).toBe(s.epcs.length);
    }
    const status = async (epc: string) =>
      (await queryRows<{ status: number }>(db, sql`select status from label_tags where tenant_id = ${tenantId} and epc = ${epc}`))[0]
        .status;
    expect(await status(run.sales[0].epcs[0])).toBe(TAG_STATUS.SOLD);
    expect(await status(returned.epcs[0])).not.toBe(TAG_STATUS.SOLD);
    expect(await zoneType(returned.epcs[0])).toMatchObject({ presence: 'present', zone_type: 2 });
    // 4. the count: the missing pieces' SKUs short by exactly the pieces that went missing
    expect(run.missing).toHaveLength(2);
    for (const m of run.missing) expect((await zoneType(m.epc)).presence).toBe('departed');
    expect(run.count.status).toBe(COUNT_STATUS.COUNTED);
    expect(run.count.handheldEpcs).toBeGreaterThan(0);
    const short = run.count.missingLines.reduce((a, l) => a + l.short - l.over, 0);
    expect(short, lines.join('\n')).toBe(run.missing.length);
    expect(run.count.short).toBeGreaterThanOrEqual(run.missing.length);
    const [row] = await queryRows<{ expected_pieces: number; counted_pieces: number; short_pieces: number }>(
      db,
      sql`select expected_pieces, counted_pieces, short_pieces from stock_counts where tenant_id = ${tenantId} and id = ${run.count.id}`,
    );
    expect(row).toMatchObject({ expected_pieces: run.count.expected, counted_pieces: run.count.counted, short_pieces: run.count.short });
  }, 60_000);

  it('a shift at WH01 shipping: three cartons certified at the pack station (one mis-packed, read again), the truck through the gate, an online order shipped', async () => {
    const lines: string[] = [];
    const run = await runOutboundScenario({ url, username: 'demo', password: 'demo123', format: 'zebra', log: (l) => lines.push(l) });
    const why = lines.join('\n');
    expect(
      run.cartons.map((c) => c.firstResult),
      why,
    ).toEqual([CARTON_RESULT.MATCHED, CARTON_RESULT.MIXED, CARTON_RESULT.MATCHED]);
    expect(run.cartons.map((c) => c.result)).toEqual([CARTON_RESULT.MATCHED, CARTON_RESULT.MATCHED, CARTON_RESULT.MATCHED]);
    // shipped: the cartons with it, the store expecting them
    expect(run.bill).toMatchObject({ status: BILL_STATUS.IN_TRANSIT, loadedRatio: 100 });
    expect(run.cartons.every((c) => c.status === CARTON_STATUS.SHIPPED)).toBe(true);
    expect(why).toMatch(/review of the mis-packed \S+ refused: .+/);
    expect(run.order).toMatchObject({ status: ORDER_STATUS.SHIPPED, pieces: 2 });
  }, 90_000);

  it("an hour in ST001's fitting rooms: each shopper a session as played — garments, tries, buys and size swaps", async () => {
    // the store's rules shortened (a cabin ends 5 s after its last read, a try-on is 10 s) so the run waits seconds, not minutes
    const demo = await t.login('demo', 'demo123');
    const [area] = (
      await t.call('POST', '/api/smart-store/archive/list', { token: demo, body: { page: 1, pageSize: 20 } })
    ).body.data.list.filter((a: { cabins: { readers: string[] }[] }) => a.cabins.some((c) => c.readers.includes('FIT-ST001')));
    const set = await t.call('POST', '/api/smart-store/archive/update', {
      token: demo,
      body: { id: area.id, mergeGapS: 5, minDwellS: 10 },
    });
    expect(set.status, set.body.msg).toBe(200);
    const lines: string[] = [];
    const run = await runFittingScenario({
      url,
      username: 'demo',
      password: 'demo123',
      shoppers: 4,
      seed: 7,
      format: 'impinj',
      log: (l) => lines.push(l),
    });
    const why = lines.join('\n');
    expect(run.sessions, why).toHaveLength(run.played.length);
    expect(
      run.sessions.map((x) => [x.items, x.tried, x.bought]),
      why,
    ).toEqual(run.played.map((p) => [p.garments, p.tried, p.bought]));
    // a swap played is one the till's join finds (it may find more: another shopper's buy of the style within the window)
    for (const [i, p] of run.played.entries()) expect(run.sessions[i].swapped).toBeGreaterThanOrEqual(p.swapped);
    expect(run.played.some((p) => p.tried < p.garments || p.bought > 0)).toBe(true);
  }, 120_000);
});
