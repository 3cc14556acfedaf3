import { QUIET_CLOSE_MS, READ_SESSION_KIND, READ_SESSION_STATE } from '@tagloom/domain/rfid/sessions.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conflict } from '../src/core/errors.js';
import { issueDeviceKey } from '../src/core/feed/device-keys.js';
import { queryRows } from '../src/db/client.js';
import { stopParsePool } from '../src/modules/rfid/ingest/parse-pool.js';
import { sweepQuietSessions } from '../src/modules/rfid/sessions/quiet.js';
import { sessionSubjects } from '../src/modules/rfid/sessions/subjects.js';
import { foldRunner } from '../src/modules/rfid/state/fold-runner.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

const { OPEN, CLOSED, RECORDED, UPLOADED } = READ_SESSION_STATE;
let serial = 0;
/** a fresh EPC per call (upper hex) */
const newEpc = () => `3034257BF7194E40001${(++serial).toString(16).toUpperCase().padStart(5, '0')}`;

describe(`read sessions and the handheld upload on ${DRIVER}`, () => {
  let t: TestApp;
  let demoId: number;
  let acmeId: number;
  const keys: Record<string, string> = {};
  let user: string;

  /** A device's call (its key as a bearer token), answers in English. */
  const dev = async (who: string, method: string, url: string, body?: unknown) => {
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      headers: {
        authorization: `Bearer ${keys[who]}`,
        langeType: 'en_US',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: any } };
  };
  const open = (who: string, subjectCode: string, subjectType = 'carton') =>
    dev(who, 'POST', '/api/rfid/sessions', { subjectType, subjectCode });
  const row = async (id: number) =>
    (
      await queryRows<{ state: number; epc_count: number; read_count: string; ended_at: Date | null; last_read_at: Date | null }>(
        t.ctx.db,
        sql`select state, epc_count, read_count, ended_at, last_read_at from rfid_read_sessions where id = ${id}`,
      )
    )[0];
  /** Waits (polling, never a fixed sleep) until `check` holds, up to `ms`. */
  const until = async (check: () => Promise<boolean>, ms = 15_000) => {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error('timed out waiting');
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  /** When the tests' readers read (a batch sent again is the same body). */
  const AT = new Date(Date.now() - 1000).toISOString().replace('Z', '+0000');
  /** A Zebra batch of the reader, through the real ingestion path. */
  const ingest = (who: string, reads: { epc: string; reads?: number; rssi?: number; antenna?: number }[], batchKey: string) => {
    const at = AT;
    const body = reads.map((r) => ({
      timestamp: at,
      type: 'SIMPLE',
      data: { idHex: r.epc, antenna: r.antenna ?? 1, peakRssi: r.rssi ?? -60, reads: r.reads ?? 1 },
    }));
    return t.app.inject({
      method: 'POST',
      url: '/api/rfid/ingest/zebra',
      headers: { 'x-device-key': keys[who], 'content-type': 'application/json', 'idempotency-key': batchKey },
      payload: JSON.stringify(body),
    });
  };
  const folded = async () => {
    await until(async () => {
      const [q] = await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from rfid_fold_queue`);
      return q.n === 0;
    });
    await foldRunner(t.ctx).idle();
  };

  beforeAll(async () => {
    t = await startTestApp();
    const tenant = async (code: string) =>
      (await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from tenants where code = ${code}`))[0].id;
    demoId = await tenant('DEMO');
    acmeId = await tenant('ACME');
    const reader = async (tenantId: number, code: string, sceneType: number) => {
      const [loc] = await queryRows<{ id: number }>(
        t.ctx.db,
        sql`select id::int as id from locations where tenant_id = ${tenantId} order by id limit 1`,
      );
      const [scene] = await queryRows<{ id: number }>(
        t.ctx.db,
        sql`insert into rfid_scenes (tenant_id, scene_code, scene_name, min_period, interval_period, max_period, read_power, report_interval,
              scene_type, depart_after, move_holdoff, return_guard)
            values (${tenantId}, ${`S-${code}`}, ${code}, 1, 1, 1, 1, 1, ${sceneType}, 600, 10, 300) returning id::int as id`,
      );
      await t.ctx.db.execute(sql`insert into equipment (tenant_id, equipment_coding, equipment_name, sn_number, online_status, location_id, scene_id)
        values (${tenantId}, ${code}, ${code}, ${`SN-${code}`}, 0, ${loc.id}, ${scene.id})`);
      keys[code] = (await issueDeviceKey(t.ctx.db, tenantId, code)).key;
    };
    await reader(demoId, 'TUN-01', 5);
    await reader(demoId, 'TUN-02', 5);
    await reader(demoId, 'HH-01', 6);
    await reader(demoId, 'GEN-01', 1);
    await reader(acmeId, 'ACME-TUN', 5);
    user = await t.login('demo', 'demo123');
  }, 240_000);
  afterAll(async () => {
    await stopParsePool();
    await t?.close();
  });

  it("opens by a scan; the tunnel's reads through ingestion land in it, a resent batch counted once", async () => {
    const o = await open('TUN-01', 'C-1');
    expect(o.status).toBe(200);
    const s = o.body.data.session;
    expect(s).toMatchObject({ kind: READ_SESSION_KIND.CARTON_CHECK, state: OPEN, subjectType: 'carton', subjectCode: 'C-1', epcCount: 0 });
    expect(s.code).toMatch(/^RS\d{8}\d{4,}$/);
    const [a, b, c] = [newEpc(), newEpc(), newEpc()];
    const batch = [{ epc: a, reads: 3, rssi: -61 }, { epc: b }, { epc: a, rssi: -50, antenna: 2 }, { epc: c, reads: 2 }];
    expect((await ingest('TUN-01', batch, 'sess-1')).statusCode).toBe(200);
    await until(async () => (await row(s.id)).epc_count === 3);
    expect(Number((await row(s.id)).read_count)).toBe(7);
    // the same batch again: a duplicate, nothing queued, nothing counted twice
    const again = await ingest('TUN-01', batch, 'sess-1');
    expect(again.json()).toMatchObject({ data: { duplicate: true } });
    // a second batch: one EPC new, one again
    const d = newEpc();
    await ingest('TUN-01', [{ epc: d }, { epc: b, reads: 2 }], 'sess-2');
    await until(async () => (await row(s.id)).epc_count === 4);
    await folded();
    expect(Number((await row(s.id)).read_count)).toBe(10);
    const got = await dev('TUN-01', 'GET', `/api/rfid/sessions/${s.id}`);
    expect(got.status).toBe(200);
    const byEpc = Object.fromEntries(got.body.data.epcs.map((e: { epc: string }) => [e.epc, e]));
    expect(byEpc[a]).toMatchObject({ reads: 4, maxRssiCdbm: -5000, antenna: 2 });
    expect(byEpc[b]).toMatchObject({ reads: 3 });
    expect(got.body.data).toMatchObject({ session: { epcCount: 4, readCount: 10, state: OPEN }, more: false });
    // the EPC state was folded too (presence at the tunnel's zone)
    const [st] = await queryRows<{ presence: string }>(
      t.ctx.db,
      sql`select presence from rfid_epc_states where tenant_id = ${demoId} and epc = ${a}`,
    );
    expect(st.presence).toBe('present');
  });

  it('a second scan closes the open session and opens a new one; reads go to the new one', async () => {
    const first = (await open('TUN-02', 'C-2')).body.data.session;
    const second = await open('TUN-02', 'C-3');
    expect(second.status).toBe(200);
    expect(second.body.data.closed).toMatchObject({ id: first.id, state: CLOSED, subjectCode: 'C-2' });
    expect(second.body.data.session).toMatchObject({ state: OPEN, subjectCode: 'C-3' });
    expect((await row(first.id)).state).toBe(CLOSED);
    const e = newEpc();
    await ingest('TUN-02', [{ epc: e }], 'sess-3');
    await until(async () => (await row(second.body.data.session.id)).epc_count === 1);
    expect((await row(first.id)).epc_count).toBe(0);
  });

  it('reads of a tunnel with no open session open one without a subject', async () => {
    const closed = await dev('TUN-02', 'GET', '/api/rfid/sessions?equipment=TUN-02&state=1');
    for (const s of closed.body.data.list) await dev('TUN-02', 'POST', `/api/rfid/sessions/${s.id}/close`);
    await ingest('TUN-02', [{ epc: newEpc() }, { epc: newEpc() }], 'sess-4');
    let id = 0;
    await until(async () => {
      const l = (await dev('TUN-02', 'GET', '/api/rfid/sessions?equipment=TUN-02&state=1')).body.data.list;
      id = l[0]?.id ?? 0;
      return l.length === 1 && l[0].epcCount === 2;
    });
    const got = (await dev('TUN-02', 'GET', `/api/rfid/sessions/${id}`)).body.data.session;
    expect(got).toMatchObject({ kind: READ_SESSION_KIND.CARTON_CHECK, subjectType: '', subjectCode: '', state: OPEN });
  });

  it(`closes a session quiet for ${QUIET_CLOSE_MS / 1000} s by itself, once; its end is its last read`, async () => {
    let handled = 0;
    const off = sessionSubjects.on('quiet-box', async () => {
      handled++;
    });
    const s = (await open('TUN-01', 'C-quiet', 'quiet-box')).body.data.session;
    await t.ctx.db.execute(
      sql`update rfid_read_sessions set started_at = now() - interval '20 seconds', last_read_at = now() - interval '10 seconds' where id = ${s.id}`,
    );
    const last = (await row(s.id)).last_read_at!;
    // three more sweeps at once besides this process's own: one closes it, its handler runs once
    await Promise.all([sweepQuietSessions(t.ctx), sweepQuietSessions(t.ctx), sweepQuietSessions(t.ctx)]);
    await until(async () => (await row(s.id)).state === CLOSED);
    off();
    expect(handled).toBe(1);
    expect(new Date((await row(s.id)).ended_at!).getTime()).toBe(new Date(last).getTime());
    // a closed session closes no more
    const again = await dev('TUN-01', 'POST', `/api/rfid/sessions/${s.id}/close`);
    expect(again.status).toBe(409);
  });

  it("calls the subject's handlers in the closing transaction; a handler that refuses undoes the close", async () => {
    const seen: { id: number; stateInTx: number }[] = [];
    let refuse = true;
    const off = sessionSubjects.on('test-box', async (tx, session) => {
      const [r] = await queryRows<{ state: number }>(tx, sql`select state from rfid_read_sessions where id = ${session.id}`);
      seen.push({ id: session.id, stateInTx: r.state });
      if (refuse) throw conflict('readSession.notOpen', { code: session.code });
    });
    try {
      const s = (await open('TUN-01', 'B-1', 'test-box')).body.data.session;
      const refused = await dev('TUN-01', 'POST', `/api/rfid/sessions/${s.id}/close`);
      expect(refused.status).toBe(409);
      expect(seen).toEqual([{ id: s.id, stateInTx: CLOSED }]);
      expect((await row(s.id)).state).toBe(OPEN);
      // a scan on the reader cannot close it either: the scan is refused whole
      expect((await open('TUN-01', 'B-2', 'test-box')).status).toBe(409);
      expect((await row(s.id)).state).toBe(OPEN);
      refuse = false;
      const closed = await dev('TUN-01', 'POST', `/api/rfid/sessions/${s.id}/close`);
      expect(closed.status).toBe(200);
      expect(closed.body.data.session).toMatchObject({ id: s.id, state: CLOSED });
      expect((await row(s.id)).state).toBe(CLOSED);
      expect(seen.length).toBe(3);
    } finally {
      off();
    }
  });

  it('a console user with the button reaches the same routes', async () => {
    const opened = await t.call('POST', '/api/rfid/sessions', {
      token: user,
      lang: 'en_US',
      body: { equipment: 'TUN-01', subjectType: 'carton', subjectCode: 'C-user' },
    });
    expect(opened.status).toBe(200);
    const id = opened.body.data.session.id;
    expect((await t.call('GET', `/api/rfid/sessions/${id}`, { token: user })).body.data.session.subjectCode).toBe('C-user');
    expect((await t.call('POST', `/api/rfid/sessions/${id}/close`, { token: user })).status).toBe(200);
    // without a reader named, a user is refused naming the field
    const none = await t.call('POST', '/api/rfid/sessions', {
      token: user,
      lang: 'en_US',
      body: { subjectType: 'carton', subjectCode: 'C' },
    });
    expect(none.status).toBe(400);
    expect(none.body.msg).toContain('Reader');
  });

  it('a handheld upload: header first (RECORDED), reads later (UPLOADED), each again changes nothing', async () => {
    const header = {
      deviceSessionId: 'HH01-20261130-0001',
      subject: { type: 'carton', code: 'C2026113000017' },
      startedAt: '2026-11-30T09:12:00+08:00',
    };
    const h = await dev('HH-01', 'POST', '/api/rfid/handheld/sessions', header);
    expect(h.status).toBe(200);
    expect(h.body.data).toMatchObject({
      duplicate: false,
      session: { state: RECORDED, offline: true, kind: READ_SESSION_KIND.HANDHELD, subjectCode: 'C2026113000017', epcCount: 0 },
    });
    const id = h.body.data.session.id;
    expect((await dev('HH-01', 'POST', '/api/rfid/handheld/sessions', header)).body.data).toMatchObject({
      duplicate: true,
      session: { id },
    });
    const [a, b] = [newEpc(), newEpc()];
    const full = {
      ...header,
      endedAt: '2026-11-30T09:14:40+08:00',
      reads: [
        { epc: a.toLowerCase(), tid: 'E2801160', at: '2026-11-30T09:12:05+08:00', rssi: -52.5, count: 3 },
        { epc: b, at: '2026-11-30T09:12:06+08:00' },
        { epc: a, at: '2026-11-30T09:13:00+08:00', rssi: -60 },
      ],
    };
    const up = await dev('HH-01', 'POST', '/api/rfid/handheld/sessions', full);
    expect(up.body.data).toMatchObject({ duplicate: false, session: { id, state: UPLOADED, epcCount: 2, readCount: 5 } });
    expect(up.body.data.session.uploadedAt).not.toBeNull();
    expect(up.body.data.session.endedAt).toBe('2026-11-30T01:14:40.000Z');
    const again = await dev('HH-01', 'POST', '/api/rfid/handheld/sessions', full);
    expect(again.body.data).toMatchObject({ duplicate: true, session: { id, state: UPLOADED, epcCount: 2, readCount: 5 } });
    const epcs = (await dev('HH-01', 'GET', `/api/rfid/sessions/${id}`)).body.data.epcs;
    expect(epcs.find((e: { epc: string }) => e.epc === a)).toMatchObject({
      reads: 4,
      maxRssiCdbm: -5250,
      firstAt: '2026-11-30T01:12:05.000Z',
      lastAt: '2026-11-30T01:13:00.000Z',
    });
    // at once, header and reads: uploaded
    const once = await dev('HH-01', 'POST', '/api/rfid/handheld/sessions', { ...full, deviceSessionId: 'HH01-20261130-0002' });
    expect(once.body.data).toMatchObject({ duplicate: false, session: { state: UPLOADED, epcCount: 2 } });
  });

  it('refuses 50,001 reads naming the field, and writes 50,000 in chunks', async () => {
    const read = (i: number) => ({
      epc: `30340242201D8C40${i.toString(16).toUpperCase().padStart(8, '0')}`,
      at: '2026-11-30T09:12:05+08:00',
    });
    const many = Array.from({ length: 50_001 }, (_, i) => read(i));
    const body = { deviceSessionId: 'HH01-big', startedAt: '2026-11-30T09:12:00+08:00', reads: many };
    const refused = await dev('HH-01', 'POST', '/api/rfid/handheld/sessions', body);
    expect(refused.status).toBe(400);
    expect(refused.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['reads']);
    expect(refused.body.msg).toContain('Reads');
    const [none] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from rfid_read_sessions where device_session_id = 'HH01-big'`,
    );
    expect(none.n).toBe(0);
    const ok = await dev('HH-01', 'POST', '/api/rfid/handheld/sessions', { ...body, reads: many.slice(0, 50_000) });
    expect(ok.status).toBe(200);
    expect(ok.body.data.session).toMatchObject({ state: UPLOADED, epcCount: 50_000, readCount: 50_000 });
  }, 120_000);

  it("another tenant's session is not reachable", async () => {
    const s = (await open('TUN-01', 'C-mine')).body.data.session;
    expect((await dev('ACME-TUN', 'GET', `/api/rfid/sessions/${s.id}`)).status).toBe(404);
    expect((await dev('ACME-TUN', 'POST', `/api/rfid/sessions/${s.id}/close`)).status).toBe(404);
    expect((await dev('ACME-TUN', 'GET', '/api/rfid/sessions?equipment=TUN-01')).body.data.list).toEqual([]);
    // nor its reader
    const other = await dev('ACME-TUN', 'POST', '/api/rfid/sessions', { equipment: 'TUN-01', subjectType: 'carton', subjectCode: 'X' });
    expect(other.status).toBe(400);
    expect((await row(s.id)).state).toBe(OPEN);
  });

  it('refuses bad input with a message naming the field, never a 5xx', async () => {
    const cases: [string, string, string, unknown, number, string][] = [
      ['TUN-01', 'POST', '/api/rfid/sessions', { subjectType: 'carton' }, 400, 'Subject code'],
      ['TUN-01', 'POST', '/api/rfid/sessions', { equipment: 'NOPE', subjectType: 'carton', subjectCode: 'C' }, 400, 'NOPE'],
      ['GEN-01', 'POST', '/api/rfid/sessions', { subjectType: 'carton', subjectCode: 'C' }, 400, 'tunnel or handheld'],
      ['TUN-01', 'POST', '/api/rfid/sessions/abc/close', undefined, 400, 'Session ID'],
      ['TUN-01', 'POST', '/api/rfid/sessions/999999999/close', undefined, 404, '999999999'],
      ['TUN-01', 'GET', '/api/rfid/sessions/999999999', undefined, 404, '999999999'],
      ['HH-01', 'POST', '/api/rfid/handheld/sessions', { startedAt: '2026-11-30T09:12:00+08:00' }, 400, 'Device session ID'],
      [
        'HH-01',
        'POST',
        '/api/rfid/handheld/sessions',
        { deviceSessionId: 'x', startedAt: '2026-11-30T09:12:00+08:00', reads: [{ epc: 'XYZ', at: 'yesterday' }] },
        400,
        'EPC',
      ],
      ['HH-01', 'POST', '/api/rfid/handheld/sessions', { deviceSessionId: 'x', startedAt: 'soon' }, 400, 'Started at'],
    ];
    for (const [who, method, url, body, status, names] of cases) {
      const r = await dev(who, method, url, body);
      expect({ url, status: r.status }).toEqual({ url, status });
      expect(r.body.msg.toLowerCase()).toContain(names.toLowerCase());
    }
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/rfid/handheld/sessions', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});
