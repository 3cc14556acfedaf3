import type { AddressInfo } from 'node:net';
import { CARTON_STATUS } from '@tagloom/domain';
import { CARTON_RESULT } from '@tagloom/domain/rfid/reconcile.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInboundScenario } from '../../../bench/inbound-scenario.js';
import { stopParsePool } from '../src/modules/rfid/ingest/parse-pool.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

/** The simulator's inbound scenario (bench/inbound-scenario.ts) against the app on a port, as `npm start` serves it. */
describe(`the simulator's inbound scenario on ${DRIVER}`, () => {
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
});
