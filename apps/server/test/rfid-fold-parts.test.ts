/**
 * The fold in parts (embedded PGlite's one connection, which a transaction holds): a fold of more
 * EPCs than `txEpcs` writes them in transactions of at most that many states each (other statements
 * run in between), and still folds every read once, each EPC's reads in order, one write per EPC
 * for the whole fold.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
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
    const t0 = Date.parse('2026-03-01T08:00:00Z');
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
