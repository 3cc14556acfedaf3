import { sglnUri } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readScope } from '../src/core/tenant-scope.js';
import { queryRows } from '../src/db/client.js';
import { FOLD_CHUNK, type FoldRead, foldReads } from '../src/modules/rfid/state/fold.js';
import { closePresenceAt, countByPresence, sweepDepartures } from '../src/modules/rfid/state/service.js';
import { startTestApp, type TestApp } from './support.js';

let t: TestApp;
let demo: number;
let acme: number;
let loc: { a: number; b: number; pos: number; aUri: string; aGate: string };
let scene: { general: number; pos: number; gate: number };
const T0 = Date.now() - 3600_000;
const S = 1000;
let serial = 0;
/** a fresh SGTIN-96 EPC per test (upper hex) */
const newEpc = () => `3034257BF7194E40000${(++serial).toString(16).toUpperCase().padStart(5, '0')}`;

const read = (
  epc: string,
  sec: number,
  where: { locationId: number | null; sceneId: number | null },
  rssi = -5000,
  equipment = 'GATE-01',
): FoldRead => ({
  epc,
  tid: null,
  at: new Date(T0 + sec * S),
  equipmentCoding: equipment,
  antenna: 1,
  rssiCdbm: rssi,
  readCount: 1,
  ...where,
});
const fold = (tenantId: number, reads: FoldRead[]) => t.ctx.db.transaction((tx) => foldReads(tx, tenantId, reads));
/** A state row read whole (its columns are checked one by one). */
type StateRow = Record<string, string | number | Date>;
const stateOf = async (tenantId: number, epc: string) =>
  (await queryRows<StateRow>(t.ctx.db, sql`select * from rfid_epc_states where tenant_id = ${tenantId} and epc = ${epc}`))[0];
const eventsOf = (tenantId: number, epc: string) =>
  queryRows<{ biz_step: string; disposition: string; biz_location: string; read_point: string; source: string }>(
    t.ctx.db,
    sql`select biz_step, disposition, biz_location, read_point, source from label_tag_events
        where tenant_id = ${tenantId} and epcs @> array[${epc}]::text[] order by created_at, id`,
  );

beforeAll(async () => {
  t = await startTestApp();
  // the minute's departure sweep would race the tests' own (they read an hour ago): the tests sweep themselves
  await t.queue.stop();
  const [d] = await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from tenants where code = 'DEMO'`);
  const [a] = await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from tenants where code = 'ACME'`);
  demo = d.id;
  acme = a.id;
  const locs = await queryRows<{ id: number; code: string; name: string; gln: string }>(
    t.ctx.db,
    sql`select id::int as id, code, name, gln from locations where tenant_id = ${demo} order by id limit 3`,
  );
  // the lifecycle names a place by the SGLN of its GLN (the demo's company prefix: 7 digits), the reader as its extension
  expect(locs[0].gln).toMatch(/^\d{13}$/);
  loc = { a: locs[0].id, b: locs[1].id, pos: locs[2].id, aUri: sglnUri(locs[0].gln, 7), aGate: sglnUri(locs[0].gln, 7, 'GATE-01') };
  const mk = async (code: string, type: number) => {
    const [r] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`insert into rfid_scenes (tenant_id, scene_code, scene_name, min_period, interval_period, max_period, read_power, report_interval,
            scene_type, depart_after, move_holdoff, return_guard)
          values (${demo}, ${code}, ${code}, 1, 1, 1, 1, 1, ${type}, 600, 10, 300) returning id::int as id`,
    );
    return r.id;
  };
  scene = { general: await mk('P-GEN', 1), gate: await mk('P-GATE', 2), pos: await mk('P-POS', 3) };
}, 240_000);
afterAll(async () => {
  await t?.close();
});

describe('foldReads against the database', () => {
  it('keeps first/last seen, read count and the last reader; a tag arrives where first read (lifecycle appended)', async () => {
    const epc = newEpc();
    const at = { locationId: loc.a, sceneId: scene.general };
    const r = await fold(demo, [read(epc, 5, at, -5100), read(epc, 1, at, -5200), { ...read(epc, 3, at), readCount: 4 }]);
    expect(r.epcs).toBe(1);
    expect(r.changes.map((c) => c.kind)).toEqual(['arrived']);
    const s = await stateOf(demo, epc);
    expect(Number(s.read_count)).toBe(6);
    expect(new Date(s.first_seen_at).getTime()).toBe(T0 + S);
    expect(new Date(s.last_seen_at).getTime()).toBe(T0 + 5 * S);
    expect(Number(s.last_rssi_cdbm)).toBe(-5100);
    expect(s.presence).toBe('present');
    expect(Number(s.presence_location_id)).toBe(loc.a);
    const ev = await eventsOf(demo, epc);
    expect(ev).toEqual([{ biz_step: 'arriving', disposition: 'available', biz_location: loc.aUri, read_point: loc.aGate, source: 'rfid' }]);
  });

  it('an arrival at a gate is receiving', async () => {
    const epc = newEpc();
    await fold(demo, [read(epc, 1, { locationId: loc.a, sceneId: scene.gate })]);
    expect((await eventsOf(demo, epc)).map((e) => [e.biz_step, e.disposition])).toEqual([['receiving', 'in_progress']]);
  });

  it('moves once another location read it at two instants with a smoothed RSSI 6 dB above; a stray read never moves it', async () => {
    const epc = newEpc();
    const stray = newEpc();
    const A = { locationId: loc.a, sceneId: scene.general };
    const B = { locationId: loc.b, sceneId: scene.general };
    await fold(demo, [read(epc, 0, A, -6500), read(stray, 0, A, -6500)]);
    // the stray: one strong read at B, then A keeps reading it
    await fold(demo, [read(stray, 3, B, -3000), read(stray, 6, A, -6500), read(stray, 9, A, -6500)]);
    expect(Number((await stateOf(demo, stray)).presence_location_id)).toBe(loc.a);
    // the mover: B reads it stronger, in two batches
    const first = await fold(demo, [read(epc, 2, B, -4000, 'FIX-B')]);
    expect(first.changes).toEqual([]);
    const c = await stateOf(demo, epc);
    expect([Number(c.candidate_location_id), c.candidate_rssi_cdbm, c.candidate_reads, new Date(c.candidate_seen_at).getTime()]).toEqual([
      loc.b,
      -4000,
      1,
      T0 + 2 * S,
    ]);
    const second = await fold(demo, [read(epc, 7, B, -4200, 'FIX-B')]);
    expect(second.changes.map((c) => [c.kind, c.fromLocationId, c.locationId, c.equipmentCoding])).toEqual([
      ['moved', loc.a, loc.b, 'FIX-B'],
    ]);
    const s = await stateOf(demo, epc);
    // placed at B with B's smoothed RSSI (the mean of its two reads)
    expect([Number(s.presence_location_id), s.presence_rssi_cdbm, s.candidate_location_id, s.candidate_reads, s.candidate_seen_at]).toEqual(
      [loc.b, -4100, null, null, null],
    );
    expect((await eventsOf(demo, epc)).map((e) => e.biz_step)).toEqual(['arriving', 'storing']);
    expect((await eventsOf(demo, stray)).map((e) => e.biz_step)).toEqual(['arriving']);
  });

  it('a row written before migration 0044 (a candidate without reads nor last read) folds on: its candidate counts as read once', async () => {
    const epc = newEpc();
    const at = (sec: number) => new Date(T0 + sec * S);
    await t.ctx.db.execute(sql`insert into rfid_epc_states (tenant_id, epc, first_seen_at, last_seen_at, read_count, presence,
      presence_location_id, presence_since, presence_seen_at, presence_rssi_cdbm, depart_due_at, depart_check_at, candidate_location_id,
      candidate_since, candidate_rssi_cdbm, candidate_equipment)
      values (${demo}, ${epc}, ${at(0)}, ${at(1)}, 3, 'present', ${loc.a}, ${at(0)}, ${at(0)}, -6000, ${at(600)}, ${at(600)}, ${loc.b},
        ${at(1)}, -4000, 'GATE-01')`);
    const r = await fold(demo, [read(epc, 2, { locationId: loc.b, sceneId: scene.general }, -4000)]);
    expect(r.changes.map((c) => [c.kind, c.locationId])).toEqual([['moved', loc.b]]);
  });

  it('the sweep departs tags silent for departAfter (departing, in transit), and only those', async () => {
    const gone = newEpc();
    const fresh = newEpc();
    const A = { locationId: loc.a, sceneId: scene.general };
    await fold(demo, [read(gone, 0, A)]);
    await t.ctx.db.execute(sql`insert into rfid_epc_states (tenant_id, epc, first_seen_at, last_seen_at, read_count, presence,
      presence_location_id, presence_since, presence_seen_at, depart_due_at, depart_check_at)
      values (${demo}, ${fresh}, now(), now(), 1, 'present', ${loc.a}, now(), now(), now() + interval '600 seconds', now() + interval '600 seconds')`);
    const n = await sweepDepartures(t.ctx.db, new Date());
    expect(n).toBeGreaterThanOrEqual(1);
    const s = await stateOf(demo, gone);
    expect(s.presence).toBe('departed');
    expect(new Date(s.presence_since).getTime()).toBe(T0 + 600 * S);
    expect((await stateOf(demo, fresh)).presence).toBe('present');
    expect((await eventsOf(demo, gone)).map((e) => [e.biz_step, e.disposition])).toEqual([
      ['arriving', 'available'],
      ['departing', 'in_transit'],
    ]);
    // a later read arrives it again
    const back = await fold(demo, [read(gone, 3000, A)]);
    expect(back.changes.map((c) => c.kind)).toEqual(['arrived']);
  });

  it('a point of sale sells (never adds), guards the walk-out, then a read at a store returns it', async () => {
    const known = newEpc();
    const unknown = newEpc();
    const A = { locationId: loc.a, sceneId: scene.general };
    const POS = { locationId: loc.pos, sceneId: scene.pos };
    await fold(demo, [read(known, 0, A)]);
    const sold = await fold(demo, [read(known, 30, POS, -5000, 'POS-1'), read(unknown, 30, POS, -5000, 'POS-1')]);
    expect(sold.changes.map((c) => [c.epc, c.kind]).sort()).toEqual(
      [
        [known, 'sold'],
        [unknown, 'sold'],
      ].sort(),
    );
    expect((await stateOf(demo, unknown)).presence).toBe('sold');
    // the customer walks out past the gate within the guard: ignored
    const walk = await fold(demo, [read(known, 60, A), read(unknown, 60, A)]);
    expect(walk.changes).toEqual([]);
    expect((await stateOf(demo, known)).presence).toBe('sold');
    // after the guard: returned
    const back = await fold(demo, [read(known, 400, A)]);
    expect(back.changes.map((c) => c.kind)).toEqual(['returned']);
    expect((await stateOf(demo, known)).presence).toBe('present');
    expect((await eventsOf(demo, known)).map((e) => [e.biz_step, e.disposition])).toEqual([
      ['arriving', 'available'],
      ['retail_selling', 'retail_sold'],
      // CBV 2.0 has no "returning": a return is receiving, disposition returned
      ['receiving', 'returned'],
    ]);
  });

  it('concurrent batches of the same EPCs keep read_count and first/last seen exact', async () => {
    const epcs = [newEpc(), newEpc(), newEpc()];
    const A = { locationId: loc.a, sceneId: scene.general };
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => fold(demo, epcs.map((e) => ({ ...read(e, 100 + i, A), readCount: 2 })).reverse())),
    );
    for (const e of epcs) {
      const s = await stateOf(demo, e);
      expect(Number(s.read_count)).toBe(16);
      expect(new Date(s.first_seen_at).getTime()).toBe(T0 + 100 * S);
      expect(new Date(s.last_seen_at).getTime()).toBe(T0 + 107 * S);
      expect((await eventsOf(demo, e)).map((x) => x.biz_step)).toEqual(['arriving']);
    }
  });

  it(`folds more EPCs than a statement takes (${FOLD_CHUNK}) in chunks: every state written once, the second fold adds up`, async () => {
    const epcs = Array.from({ length: FOLD_CHUNK * 2 + 7 }, () => newEpc());
    const A = { locationId: loc.a, sceneId: scene.general };
    const first = await fold(
      demo,
      epcs.map((e) => read(e, 300, A)),
    );
    const second = await fold(
      demo,
      epcs.map((e) => ({ ...read(e, 301, A), readCount: 3 })),
    );
    expect([first.epcs, first.changes.length, second.epcs, second.changes.length]).toEqual([epcs.length, epcs.length, epcs.length, 0]);
    const [sum] = await queryRows<{ n: number; reads: number; last: number; present: number }>(
      t.ctx.db,
      sql`select count(*)::int as n, sum(read_count)::int as reads, count(*) filter (where last_seen_at = ${new Date(T0 + 301 * S)})::int as last,
                 count(*) filter (where presence = 'present' and presence_location_id = ${loc.a})::int as present
          from rfid_epc_states where tenant_id = ${demo} and epc = any(${`{${epcs.join(',')}}`}::text[])`,
    );
    expect(sum).toEqual({ n: epcs.length, reads: epcs.length * 4, last: epcs.length, present: epcs.length });
  });

  it('many EPCs arriving together make one event naming them all (up to 1000)', async () => {
    const epcs = Array.from({ length: 1200 }, () => newEpc());
    const A = { locationId: loc.b, sceneId: scene.general };
    await fold(
      demo,
      epcs.map((e) => read(e, 200, A)),
    );
    const rows = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select cardinality(epcs) as n from label_tag_events where tenant_id = ${demo} and epcs && ${`{${epcs.join(',')}}`}::text[] order by n desc`,
    );
    expect(rows.map((r) => Number(r.n))).toEqual([1000, 200]);
  });

  it('unbinding a reader closes the presence it placed', async () => {
    const epc = newEpc();
    await fold(demo, [read(epc, 10, { locationId: loc.a, sceneId: scene.general }, -5000, 'FIX-02')]);
    const changes = await t.ctx.db.transaction((tx) => closePresenceAt(tx, demo, 'FIX-02'));
    expect(changes.map((c) => [c.epc, c.kind])).toContainEqual([epc, 'departed']);
    expect((await stateOf(demo, epc)).presence).toBe('departed');
    expect((await eventsOf(demo, epc)).map((e) => e.biz_step)).toEqual(['arriving', 'departing']);
  });

  it('counts by presence, per tenant', async () => {
    const counts = await countByPresence(t.ctx.db, readScope({ tenantId: demo }, t.ctx.db));
    expect(counts.present).toBeGreaterThan(0);
    expect(counts.sold).toBeGreaterThan(0);
    expect(counts.total).toBe(counts.present + counts.departed + counts.sold + counts.unplaced);
    const other = await countByPresence(t.ctx.db, readScope({ tenantId: acme }, t.ctx.db));
    expect(other.total).toBe(0);
  });
});

describe('the EPC state routes', () => {
  it('GET /api/rfid/epc-state/{epc}: state, decode, events; refused shapes; the session tenant only', async () => {
    const epc = newEpc();
    // read now: an hour-old read would have departed already (the sweep runs every minute)
    await fold(demo, [read(epc, Math.round((Date.now() - T0) / S), { locationId: loc.a, sceneId: scene.general }, -4800)]);
    const token = await t.login('demo', 'demo123');
    const r = await t.call('GET', `/api/rfid/epc-state/${epc.toLowerCase()}`, { token });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      epc,
      found: true,
      state: { epc, presence: 'present', presenceLocationId: loc.a, readCount: 1, lastRssiCdbm: -4800, lastEquipment: 'GATE-01' },
      decoded: { scheme: 'sgtin-96' },
      tag: null,
    });
    expect(r.body.data.decoded.gtin).toMatch(/^\d{14}$/);
    expect(r.body.data.events.map((e: { bizStep: string }) => e.bizStep)).toEqual(['arriving']);
    // times as every answer gives them: ISO 8601, UTC, milliseconds; one read: first and last seen alike
    const { state } = r.body.data;
    for (const k of ['firstSeenAt', 'lastSeenAt', 'presenceSince', 'presenceSeenAt', 'departDueAt'])
      expect(state[k], k).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(state.lastSeenAt).toBe(state.firstSeenAt);
    expect(Date.parse(state.departDueAt)).toBeGreaterThan(Date.parse(state.lastSeenAt));
    expect(state.soldAt).toBeNull();

    const bad = await t.call('GET', '/api/rfid/epc-state/XYZ', { token, lang: 'en_US' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('EPC');

    const acmeToken = await t.login('acme', 'acme123');
    const other = await t.call('GET', `/api/rfid/epc-state/${epc}`, { token: acmeToken });
    expect(other.status).toBe(200);
    expect(other.body.data.found).toBe(false);
    expect(other.body.data.state).toBeNull();
    expect(other.body.data.events).toEqual([]);

    expect((await t.call('GET', `/api/rfid/epc-state/${epc}`)).status).toBe(401);
  });

  it("a registry tag's lookup names its tag and label order, and its order's events with the reads'", async () => {
    const [tag] = await queryRows<{ epc: string; order_id: number; code: string }>(
      t.ctx.db,
      sql`select t.epc, t.order_id::int as order_id, o.code from label_tags t join label_orders o on o.tenant_id = t.tenant_id and o.id = t.order_id
          where t.tenant_id = ${demo} order by t.id limit 1`,
    );
    expect(tag).toBeDefined();
    await fold(demo, [read(tag.epc, Math.round((Date.now() - T0) / S), { locationId: loc.a, sceneId: scene.general })]);
    const token = await t.login('demo', 'demo123');
    const r = await t.call('GET', `/api/rfid/epc-state/${tag.epc}`, { token });
    expect(r.status).toBe(200);
    expect(r.body.data.tag).toMatchObject({ gtin: expect.any(String) });
    expect(r.body.data.order).toEqual({ id: tag.order_id, code: tag.code });
    const steps = r.body.data.events.map((e: { bizStep: string }) => e.bizStep);
    expect(steps[0]).toBe('arriving');
    expect(steps.length).toBeGreaterThan(1);
    // newest first
    const times = r.body.data.events.map((e: { eventTime: string }) => e.eventTime);
    expect([...times].sort().reverse()).toEqual(times);
    // the answers above came from the lifecycle query's one reusable plan (migration 0035): planned
    // afresh for each EPC it cost ~1 ms a lookup over the monthly partitions
    const [fn] = await queryRows<{ config: string[] }>(
      t.ctx.db,
      sql`select proconfig as config from pg_proc where proname = 'label_tag_event_lookup'`,
    );
    expect(fn.config).toEqual(expect.arrayContaining(['enable_seqscan=off', 'plan_cache_mode=force_generic_plan']));
  });

  it('rewrites a tag read again at its place in its page (a HOT update); the sweep moves its check up, then departs it on time', async () => {
    const epc = newEpc();
    const A = { locationId: loc.a, sceneId: scene.general };
    // reads within one minute (the lists' index is by minute)
    const m = Math.ceil((T0 + 5 * S) / 60_000) * 60_000;
    const sec = (n: number) => (m - T0) / S + n;
    const at = (n: number) => new Date(T0 + sec(n) * S).getTime();
    await fold(demo, [read(epc, sec(1), A)]);
    const ms = async () =>
      (
        await queryRows<{ due: number; check: number | null; minute: string }>(
          t.ctx.db,
          sql`select (extract(epoch from depart_due_at) * 1000)::float8 as due, (extract(epoch from depart_check_at) * 1000)::float8 as check,
                seen_minute::text as minute
              from rfid_epc_states where tenant_id = ${demo} and epc = ${epc}`,
        )
      )[0];
    expect(await ms()).toEqual({ due: at(601), check: at(601), minute: String(m / 60_000) });
    // read again 20 s later at the same place: due time on, the check and every indexed column kept
    const counts = await t.ctx.db.transaction(async (tx) => {
      // this transaction's counts (pg_stat_xact_*), before and after
      const updates = async () =>
        (
          await queryRows<{ upd: number; hot: number }>(
            tx,
            sql`select n_tup_upd::int as upd, n_tup_hot_upd::int as hot from pg_stat_xact_user_tables where relname = 'rfid_epc_states'`,
          )
        )[0];
      const before = await updates();
      await foldReads(tx, demo, [read(epc, sec(20), A)]);
      const after = await updates();
      return { upd: after.upd - before.upd, hot: after.hot - before.hot };
    });
    expect(counts).toEqual({ upd: 1, hot: 1 });
    expect(await ms()).toEqual({ due: at(620), check: at(601), minute: String(m / 60_000) });
    // the check comes before the due time: the sweep moves it up, nothing departs
    await sweepDepartures(t.ctx.db, new Date(at(605)));
    expect(await ms()).toEqual({ due: at(620), check: at(620), minute: String(m / 60_000) });
    expect((await stateOf(demo, epc)).presence).toBe('present');
    // the due time comes: it departs then
    expect(await sweepDepartures(t.ctx.db, new Date(at(621)))).toBeGreaterThanOrEqual(1);
    const s = await stateOf(demo, epc);
    expect([s.presence, new Date(s.presence_since).getTime(), s.depart_due_at, s.depart_check_at]).toEqual([
      'departed',
      at(620),
      null,
      null,
    ]);
    // arriving again places it with a fresh check at its new due time
    await fold(demo, [read(epc, sec(700), A)]);
    expect(await ms()).toMatchObject({ due: at(1300), check: at(1300) });
  });

  it('keeps any reader code and TID as read (quotes, commas, braces, backslashes, NULL as text)', async () => {
    const odd = ['GATE "7", {east}', 'back\\slash', 'NULL', ''];
    const epcs = odd.map(() => newEpc());
    await fold(
      demo,
      odd.map((code, i) => ({
        ...read(epcs[i], 30, { locationId: loc.b, sceneId: scene.general }, -5000, code),
        tid: i === 3 ? '' : `E280${i}`,
      })),
    );
    for (const [i, code] of odd.entries()) {
      const s = await stateOf(demo, epcs[i]);
      expect([s.last_equipment, s.presence_equipment, s.tid]).toEqual([code, code, i === 3 ? null : `E280${i}`]);
    }
  });

  it('lists keyset-paged on (last seen desc, EPC) with filters, and counts by state', async () => {
    const token = await t.login('demo', 'demo123');
    const now = Math.round((Date.now() - T0) / S);
    const own = Array.from({ length: 7 }, (_, i) => `E2801160000000000000000${i}`);
    // two share a last-seen instant: the EPC breaks the tie
    await fold(demo, [
      ...own.slice(0, 6).map((e, i) => read(e, now - Math.min(i, 4), { locationId: loc.b, sceneId: scene.general }, -5000, 'FIX-09')),
      read(own[6], now, { locationId: loc.pos, sceneId: scene.pos }, -5000, 'POS-9'),
    ]);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q: string = `/api/rfid/epc-data/list?limit=2&epc=e2801160${cursor ? `&cursor=${cursor}` : ''}`;
      const r = await t.call('GET', q, { token });
      expect(r.status).toBe(200);
      seen.push(...r.body.data.list.map((x: { lastSeenAt: string; epc: string }) => `${x.lastSeenAt}|${x.epc}`));
      cursor = r.body.data.next;
      pages++;
    } while (cursor && pages < 20);
    expect(pages).toBe(4);
    expect(seen.length).toBe(7);
    expect(new Set(seen.map((x) => x.split('|')[1]))).toEqual(new Set(own));
    const keys = seen.map((x) => x.split('|'));
    for (let i = 1; i < keys.length; i++) {
      const [ta, ea] = keys[i - 1];
      const [tb, eb] = keys[i];
      expect(Date.parse(ta) > Date.parse(tb) || (Date.parse(ta) === Date.parse(tb) && ea < eb)).toBe(true);
    }
    const byReader = await t.call('GET', '/api/rfid/epc-data/list?equipment=FIX-09', { token });
    expect(byReader.body.data.list.map((x: { epc: string }) => x.epc).sort()).toEqual(own.slice(0, 6));
    const sold = await t.call('GET', `/api/rfid/epc-state/list?presence=sold&locationId=${loc.pos}`, { token });
    expect(sold.body.data.list.map((x: { epc: string; presence: string }) => [x.epc, x.presence])).toContainEqual([own[6], 'sold']);
    expect(sold.body.data.list.every((x: { presence: string }) => x.presence === 'sold')).toBe(true);
    const counts = await t.call('GET', `/api/rfid/epc-state/counts?locationId=${loc.pos}`, { token });
    // as many as are sold there (the demo's till sold at that store too: more than a page)
    const [there] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from rfid_epc_states where tenant_id = ${demo} and presence = 'sold' and presence_location_id = ${loc.pos}`,
    );
    expect(counts.body.data.sold).toBe(there.n);
    expect(counts.body.data.sold).toBeGreaterThanOrEqual(sold.body.data.list.length);
    const acmeToken = await t.login('acme', 'acme123');
    expect((await t.call('GET', '/api/rfid/epc-data/list', { token: acmeToken })).body.data.list).toEqual([]);
    const badCursor = await t.call('GET', '/api/rfid/epc-data/list?cursor=nope', { token, lang: 'en_US' });
    expect(badCursor.status).toBe(400);
  });
});
