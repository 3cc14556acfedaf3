/**
 * The fold in parts (embedded PGlite's one connection, which a transaction holds): a fold of more
 * EPCs than `txEpcs` writes them in transactions of at most that many states each (other statements
 * run in between), and still folds every read once, each EPC's reads in order, one write per EPC
 * for the whole fold.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { type FoldRead, type FoldResult, foldReads } from '../src/modules/rfid/state/fold.js';
import { enqueueFold, foldQueued } from '../src/modules/rfid/state/fold-queue.js';
import { foldRunner } from '../src/modules/rfid/state/fold-runner.js';
import { startTestApp, type TestApp } from './support.js';

let t: TestApp;
let demoId: number;

beforeAll(async () => {
  t = await startTestApp();
  [{ id: demoId }] = await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from tenants where code = 'DEMO'`);
  // folds run here by hand only
  await foldRunner(t.ctx).stop();
  // each EPC state written logs its transaction's id
  await t.ctx.db.execute(sql`create table fold_tx_log (xid bigint not null, n int not null)`);
  await t.ctx.db.execute(sql`create function fold_tx_log() returns trigger language plpgsql as $$
    begin insert into fold_tx_log values (txid_current(), 1); return null; end $$`);
  await t.ctx.db.execute(
    sql`create trigger fold_tx_log after insert or update on rfid_epc_states for each row execute function fold_tx_log()`,
  );
});
afterAll(() => t?.close());

const epcOf = (i: number) => `3034257BF7194E5${i.toString(16).toUpperCase().padStart(9, '0')}`;

describe('a fold of more EPCs than a transaction may write (txEpcs)', () => {
  it('writes at most txEpcs states a transaction, every read once and in order, one write per EPC', async () => {
    const EPCS = 1000;
    const BATCHES = 6;
    // an hour ago, to the second: reads of months ago would be departed tags the hourly age-out may
    // delete while this fold runs (its first run is at the server's start)
    const t0 = Math.floor((Date.now() - 3_600_000) / 1000) * 1000;
    // 6 batches of two readers, each reading every EPC once, in time order: batch b at t0 + b s
    for (let b = 0; b < BATCHES; b++)
      await t.ctx.db.transaction((tx) =>
        enqueueFold(
          tx,
          demoId,
          8_000_000 + b,
          { equipmentCoding: b % 2 ? 'GATE-02' : 'GATE-01', locationId: null, sceneId: null },
          Array.from({ length: EPCS }, (_, i) => ({
            epc: epcOf(i),
            tid: null,
            at: new Date(t0 + b * 1000 + i),
            antenna: 1 + (b % 4),
            rssiCdbm: -5000,
            readCount: 1,
          })),
        ),
      );
    const run = await foldQueued(t.ctx.db, { txEpcs: 300 });
    expect(run).toMatchObject({ batches: BATCHES, reads: EPCS * BATCHES, tenants: [demoId], busy: 0, failures: [] });

    const perTx = await queryRows<{ n: number }>(t.ctx.db, sql`select sum(n)::int as n from fold_tx_log group by xid order by 1`);
    expect(perTx.length).toBeGreaterThanOrEqual(4);
    expect(Math.max(...perTx.map((r) => r.n))).toBeLessThanOrEqual(300);
    // one write per EPC for all six batches
    expect(perTx.reduce((s, r) => s + r.n, 0)).toBe(EPCS);

    const states = await queryRows<{ epc: string; n: number; first: string; last: string; eq: string; ant: number }>(
      t.ctx.db,
      sql`select epc, read_count::int as n, to_char(first_seen_at at time zone 'UTC', 'HH24:MI:SS.MS') as first,
            to_char(last_seen_at at time zone 'UTC', 'HH24:MI:SS.MS') as last, last_equipment as eq, last_antenna as ant
          from rfid_epc_states where tenant_id = ${demoId} and epc like '3034257BF7194E5%' order by epc`,
    );
    expect(states.length).toBe(EPCS);
    const ms = (x: number) => new Date(x).toISOString().slice(11, 23);
    for (const i of [0, 1, 299, 300, 999]) {
      expect(states[i]).toEqual({
        epc: epcOf(i),
        n: BATCHES,
        first: ms(t0 + i),
        last: ms(t0 + (BATCHES - 1) * 1000 + i),
        eq: 'GATE-02',
        ant: 1 + ((BATCHES - 1) % 4),
      });
    }
    expect(Number((await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from rfid_fold_queue`))[0].n)).toBe(0);
  });
});

describe('presence folded in parts is presence folded at once (the smoothed RSSI and the candidate written and read back)', () => {
  it('gives every state column alike, and the same changes, for tags moving, between two places, and strayed', async () => {
    const locs = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id::int as id from locations where tenant_id = ${demoId} order by id limit 3`,
    );
    const [gate] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id::int as id from rfid_scenes where tenant_id = ${demoId} and scene_type = 2 order by id limit 1`,
    );
    expect(locs.length).toBe(3);
    // reads a minute old: none of them departs while the test runs
    const t0 = Date.now() - 60_000;
    let seed = 42;
    const rand = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const TAGS = 60;
    // one plan a tag: where each read is, how strong, when; the same reads for two EPCs of it
    const plans = Array.from({ length: TAGS }, (_, i) => {
      const kind = i % 3;
      const sceneId = i % 4 === 0 ? (gate?.id ?? null) : null;
      const reads: { ms: number; loc: number; rssi: number | null; eq: string }[] = [];
      for (let ms = Math.floor(rand() * 500); ms < 50_000; ms += 200 + Math.floor(rand() * 800)) {
        const noise = Math.round((rand() * 2 - 1) * 400);
        const carried = Math.min(1, ms / 30_000);
        const [a, b] =
          kind === 0
            ? // carried from the first place to the second
              [Math.round(-4500 - 3000 * carried), Math.round(-7500 + 3000 * carried)]
            : kind === 1
              ? // between two equal places
                [-5500, -5500]
              : // at the first place, the third reading it strongly now and then
                [-6000, rand() < 0.1 ? -3500 : null];
        reads.push({ ms, loc: locs[0].id, rssi: rand() < 0.05 ? null : a + noise, eq: 'FIX-A' });
        if (b !== null)
          reads.push({ ms: ms + Math.floor(rand() * 3), loc: kind === 2 ? locs[2].id : locs[1].id, rssi: b + noise, eq: 'FIX-B' });
      }
      return { sceneId, reads };
    });
    const epcAt = (set: number, i: number) => `3034257BF7194E6${set}${i.toString(16).toUpperCase().padStart(8, '0')}`;
    const readsOf = (set: number, until = Number.POSITIVE_INFINITY, from = 0): FoldRead[] =>
      plans.flatMap((p, i) =>
        p.reads
          .filter((r) => r.ms >= from && r.ms < until)
          .map((r) => ({
            epc: epcAt(set, i),
            tid: null,
            at: new Date(t0 + r.ms),
            equipmentCoding: r.eq,
            antenna: 1,
            rssiCdbm: r.rssi,
            readCount: 1,
            locationId: r.loc,
            sceneId: p.sceneId,
          })),
      );
    const foldNow = (reads: FoldRead[]) => t.ctx.db.transaction((tx) => foldReads(tx, demoId, reads));
    // set 1 at once; set 2 in five folds, cut between instants
    const whole = await foldNow(readsOf(1));
    const cuts = [0, 7_000, 15_500, 16_000, 31_000, Number.POSITIVE_INFINITY];
    const parts: FoldResult['changes'] = [];
    for (let k = 1; k < cuts.length; k++) parts.push(...(await foldNow(readsOf(2, cuts[k], cuts[k - 1]))).changes);

    const key = (c: FoldResult['changes'][number]) => `${c.epc.slice(17)}|${c.kind}|${c.at.getTime()}|${c.locationId}|${c.fromLocationId}`;
    expect(parts.map(key).sort()).toEqual(whole.changes.map(key).sort());
    const kinds = whole.changes.map((c) => c.kind);
    // the plans make every kind of move this test is about: some moved, some arrived only
    expect(kinds.filter((k) => k === 'moved').length).toBeGreaterThan(TAGS / 6);
    expect(kinds.filter((k) => k === 'arrived').length).toBe(TAGS);
    const rows = (set: number) =>
      queryRows<Record<string, unknown>>(
        t.ctx.db,
        sql`select substr(epc, 17) as tag, tid, first_seen_at, last_seen_at, read_count, last_equipment, last_antenna, last_location_id,
              last_rssi_cdbm, presence, presence_location_id, presence_since, presence_equipment, presence_seen_at, presence_rssi_cdbm,
              depart_due_at, extract(epoch from depart_check_at)::float8 as depart_check_at, candidate_location_id, candidate_since, candidate_rssi_cdbm, candidate_reads,
              candidate_seen_at, candidate_equipment, sold_at, return_guard_until, seen_minute
            from rfid_epc_states where tenant_id = ${demoId} and epc like ${`3034257BF7194E6${set}%`} order by epc`,
      );
    const [one, two] = [await rows(1), await rows(2)];
    expect(one.length).toBe(TAGS);
    // depart_check_at aside: a later fold keeps the earlier check while re-reads push the due time on (0037)
    const drop = (r: Record<string, unknown>) => ({ ...r, depart_check_at: null });
    expect(two.map(drop)).toEqual(one.map(drop));
    for (const [i, r] of two.entries())
      expect(Number(r.depart_check_at) * 1000).toBeLessThanOrEqual(new Date(one[i].depart_due_at as Date).getTime());
    // candidates are kept with their reads and last read
    expect(one.filter((r) => r.candidate_location_id !== null).every((r) => Number(r.candidate_reads) >= 1 && r.candidate_seen_at)).toBe(
      true,
    );
    expect(one.some((r) => r.candidate_location_id !== null)).toBe(true);
  });
});
