import { CARTON_STATUS, USER_TYPE, ZONE_TYPE } from '@tagloom/domain';
import { CARTON_RESULT } from '@tagloom/domain/rfid/reconcile.js';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishLive } from '../src/core/live.js';
import { queryRows } from '../src/db/client.js';
import { roles, users } from '../src/db/schema/index.js';
import { createUser } from '../src/modules/general/user/service.js';
import { stopParsePool } from '../src/modules/rfid/ingest/parse-pool.js';
import { CARTON_TOPIC, cartonsLive } from '../src/modules/warehouse/cartons/live.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';
import { readAndFold, testReader, testScene } from './support-readers.js';
import { openSse } from './support-sse.js';

// biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely
type Row = Record<string, any>;

/** The receiving check live (issue 29): each carton's result pushed at once, scoped as the list. */
describe(`the receiving check live on ${DRIVER}`, () => {
  let t: TestApp;
  let base: string;
  let demo: string;
  let wh01: string;
  let wh02: string;
  let tenantId: number;
  let key: string;
  let carton: Row;
  let expected: string[];
  const TUNNEL = 'TUN-LIVE-01';
  const streams: { close: () => void }[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    demo = await t.login('demo', 'demo123');
    wh01 = await t.login('wh01', 'demo1234');
    [{ id: tenantId }] = await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from tenants where code = 'DEMO'`);
    // a keeper of WH02, with the buttons of the tenant's administrator
    const [wh02Site] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id::int as id from locations where tenant_id = ${tenantId} and code = 'WH02'`,
    );
    const [admin] = await t.ctx.db
      .select()
      .from(roles)
      .where(and(eq(roles.tenantId, tenantId), eq(roles.allMenus, true)));
    const user = await createUser(t.ctx.db, tenantId, 'DEMO', {
      username: 'live_wh02',
      password: 'live1234',
      userType: USER_TYPE.TENANT_USER,
      roleIds: [admin.id],
    });
    await t.ctx.db
      .update(users)
      .set({ partyKind: 'warehouse', partyId: wh02Site.id })
      .where(and(eq(users.tenantId, tenantId), eq(users.id, user.id)));
    // and its grant: every operation in every zone of WH02 (a warehouse's user without one reaches no dock)
    await t.ctx.db.execute(
      sql`insert into wms_grants (tenant_id, user_id, site_id, zone_ids, ops)
          values (${tenantId}, ${user.id}, ${wh02Site.id}, '[]'::jsonb, '["receive","qi","pack","ship","count","review","audit","zeroClear"]'::jsonb)`,
    );
    wh02 = await t.login('live_wh02', 'live1234');
    // a tunnel in WH01's inbound dock
    const [dock] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select z.id::int as id from locations z join locations w on w.id = z.site_id and w.tenant_id = z.tenant_id
          where z.tenant_id = ${tenantId} and w.code = 'WH01' and z.kind = 5 order by z.id limit 1`,
    );
    key = await testReader(t, tenantId, TUNNEL, dock.id, await testScene(t, tenantId, 'S-TUN-LIVE', 5, 10));
    // the demo receipt's carton still expected, and the EPCs it should hold
    const bills = await t.call('POST', '/api/warehouse/bill/list', { token: demo, body: { reservationNo: 'ASN-FA01-0002' } });
    const cartons = await t.call('POST', '/api/warehouse/receiving-check/list', {
      token: demo,
      body: { billId: bills.body.data.list[0].id, pageSize: 100 },
    });
    carton = (cartons.body.data.list as Row[]).find((c) => c.status === CARTON_STATUS.EXPECTED)!;
    expected = (
      await queryRows<{ epc: string }>(
        t.ctx.db,
        sql`select epc from wms_carton_epcs where tenant_id = ${tenantId} and carton_id = ${carton.id} and unbound_at is null order by epc`,
      )
    ).map((r) => r.epc);
    expect(expected).toHaveLength(5);
  }, 240_000);
  afterAll(async () => {
    for (const s of streams) s.close();
    await stopParsePool();
    await t?.close();
  });

  const dev = (url: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'x-device-key': key, 'content-type': 'application/json', langeType: 'en_US' },
      payload: JSON.stringify(body),
    });
  const stream = async (token: string) => {
    const s = await openSse(base, '/api/warehouse/receiving-check/live', token);
    streams.push(s);
    expect(s.res.status).toBe(200);
    await s.waitFor((e) => e.event === 'ready');
    return s;
  };

  it('a carton scanned, read and closed in the tunnel: its progress, then its result, pushed to its warehouse only', async () => {
    const mine = await stream(wh01);
    const admin = await stream(demo);
    const other = await stream(wh02);
    const opened = await dev('/api/rfid/sessions', { subjectType: 'carton', subjectCode: carton.sscc });
    expect(opened.statusCode, opened.body).toBe(200);
    const session = JSON.parse(opened.body).data.session;
    // the scan: the carton in the tunnel, nothing read yet
    const scan = await mine.waitFor((e) => e.event === 'carton' && e.data.kind === 'progress' && e.data.cartonId === carton.id);
    expect(scan.data).toMatchObject({ cartonNo: carton.cartonNo, equipmentCoding: TUNNEL, session: { code: session.code, epcCount: 0 } });
    expect(scan.data.zoneName).toBeTruthy();
    // four of its five pieces read: the reads so far (the last progress, however the throttle cut them)
    await readAndFold(t, key, expected.slice(0, 4), 'carton-live-1');
    await mine.waitFor((e) => e.event === 'carton' && e.data.kind === 'progress' && e.data.session?.epcCount === 4);
    const closed = await dev(`/api/rfid/sessions/${session.id}/close`, {});
    expect(closed.statusCode, closed.body).toBe(200);
    const result = await mine.waitFor((e) => e.event === 'carton' && e.data.kind === 'result' && e.data.cartonId === carton.id);
    expect(result.data).toMatchObject({
      cartonNo: carton.cartonNo,
      billCode: expect.any(String),
      status: CARTON_STATUS.CHECKED,
      result: CARTON_RESULT.SHORT,
      equipmentCoding: TUNNEL,
      expected: 5,
      read: 4,
      matched: 4,
      missing: 1,
      over: 0,
      foreign: 0,
      unknown: 0,
    });
    await admin.waitFor((e) => e.event === 'carton' && e.data.kind === 'result' && e.data.cartonId === carton.id);
    // WH02's keeper hears a carton of its own (published after), and never WH01's
    const [theirs] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select c.id::int as id from wms_cartons c join wms_bills b on b.tenant_id = c.tenant_id and b.id = c.bill_id
          join locations w on w.tenant_id = b.tenant_id and w.id in (b.dest_location_id, b.source_location_id)
          where c.tenant_id = ${tenantId} and w.code = 'WH02' order by c.id limit 1`,
    );
    expect(theirs, 'the demo tenant has a carton of a WH02 bill').toBeTruthy();
    const [sentinel] = await cartonsLive(t.ctx.db, tenantId, sql`c.id = ${theirs.id}`);
    await publishLive(t.ctx, { tenantId, topic: CARTON_TOPIC, data: sentinel });
    await other.waitFor((e) => e.event === 'carton' && e.data.cartonId === theirs.id);
    expect(other.events.filter((e) => e.event === 'carton' && e.data.cartonId === carton.id)).toEqual([]);
    // the tenant's administrator hears every carton
    await admin.waitFor((e) => e.event === 'carton' && e.data.cartonId === theirs.id);
  });

  it("a checker's move pushes the carton again; the docks answer the tunnel's last carton, in the keeper's reach", async () => {
    const mine = await stream(wh01);
    const held = await t.call('POST', '/api/warehouse/receiving-check/hold', {
      token: wh01,
      body: { id: carton.id, holdReason: 'one piece short' },
    });
    expect(held.status, held.body.msg).toBe(200);
    const moved = await mine.waitFor((e) => e.event === 'carton' && e.data.cartonId === carton.id && e.data.status === CARTON_STATUS.HELD);
    expect(moved.data).toMatchObject({ kind: 'result', holdReason: 'one piece short', missing: 1 });
    const docks = await t.call('GET', '/api/warehouse/receiving-check/docks', { token: wh01 });
    expect(docks.status, docks.body.msg).toBe(200);
    const tunnel = (docks.body.data as Row[]).find((d) => d.equipmentCoding === TUNNEL);
    expect(tunnel).toMatchObject({ current: null, last: { cartonId: carton.id, status: CARTON_STATUS.HELD, result: CARTON_RESULT.SHORT } });
    const theirs = await t.call('GET', '/api/warehouse/receiving-check/docks', { token: wh02 });
    expect(theirs.status).toBe(200);
    expect((theirs.body.data as Row[]).map((d) => d.equipmentCoding)).not.toContain(TUNNEL);
  });

  it('the docks are the tunnels at a receiving dock of a warehouse: not the QI bench, another zone or the warehouse itself', async () => {
    const tunnel = await testScene(t, tenantId, 'S-TUN-ELSE', 5);
    const zone = async (site: string, zoneType: number) =>
      (
        await queryRows<{ id: number }>(
          t.ctx.db,
          sql`select z.id::int as id from locations z join locations w on w.id = z.site_id and w.tenant_id = z.tenant_id
              where z.tenant_id = ${tenantId} and w.code = ${site} and z.kind = 5 and z.zone_type = ${zoneType} order by z.id limit 1`,
        )
      )[0].id;
    const [wh] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id::int as id from locations where tenant_id = ${tenantId} and code = 'WH01'`,
    );
    // tunnels elsewhere in WH01: a pack station, its storage, bound to the warehouse itself
    await testReader(t, tenantId, 'TUN-PACK-01', await zone('WH01', ZONE_TYPE.PACK_STATION), tunnel);
    await testReader(t, tenantId, 'TUN-STORE-01', await zone('WH01', ZONE_TYPE.STORAGE), tunnel);
    await testReader(t, tenantId, 'TUN-SITE-01', wh.id, tunnel);
    // a tunnel at WH02's receiving dock
    await testReader(t, tenantId, 'TUN-WH02-DOCK', await zone('WH02', ZONE_TYPE.DOCK_IN), tunnel);
    const docks = async (token: string) => {
      const r = await t.call('GET', '/api/warehouse/receiving-check/docks', { token });
      expect(r.status, r.body.msg).toBe(200);
      return (r.body.data as Row[]).map((d) => d.equipmentCoding);
    };
    // the demo's dock tunnel and this test's; not the demo's QI reader (a tunnel at the QI area)
    expect(await docks(wh01)).toEqual([TUNNEL, 'TUN-WH01-01']);
    expect(await docks(wh02)).toEqual(['TUN-WH02-DOCK']);
    expect(await docks(demo)).toEqual([TUNNEL, 'TUN-WH01-01', 'TUN-WH02-DOCK']);
    // the demo's dock shows the last carton its tunnel checked
    const r = await t.call('GET', '/api/warehouse/receiving-check/docks', { token: wh01 });
    const seeded = (r.body.data as Row[]).find((d) => d.equipmentCoding === 'TUN-WH01-01');
    expect(seeded).toMatchObject({
      locationName: '1 号收货月台',
      current: null,
      last: { status: CARTON_STATUS.HELD, result: CARTON_RESULT.MIXED },
    });
  });

  it("the drawer's route answers each EPC's result and SKU, filtered by result, and only to the carton's warehouse", async () => {
    const all = await t.call('GET', `/api/warehouse/receiving-check/epcs?id=${carton.id}`, { token: wh01 });
    expect(all.status, all.body.msg).toBe(200);
    const epcs = all.body.data.epcs as Row[];
    expect(epcs.map((e) => e.epc)).toEqual(expected);
    expect(epcs.filter((e) => e.result === 'matched').map((e) => e.epc)).toEqual(expected.slice(0, 4));
    expect(epcs.filter((e) => e.result === 'missing').map((e) => e.epc)).toEqual(expected.slice(4));
    for (const e of epcs) expect(e.skuBarcode).toBeTruthy();
    expect(all.body.data.counts).toEqual({ matched: 4, missing: 1 });
    expect(all.body.data.carton).toMatchObject({ cartonId: carton.id, result: CARTON_RESULT.SHORT });
    const missing = await t.call('GET', `/api/warehouse/receiving-check/epcs?id=${carton.id}&result=missing`, { token: wh01 });
    expect((missing.body.data.epcs as Row[]).map((e) => e.epc)).toEqual(expected.slice(4));
    // another warehouse's keeper: no such carton
    const theirs = await t.call('GET', `/api/warehouse/receiving-check/epcs?id=${carton.id}`, { token: wh02, lang: 'en_US' });
    expect(theirs.status).toBe(404);
    // a result that is none: 400 naming the field
    const bad = await t.call('GET', `/api/warehouse/receiving-check/epcs?id=${carton.id}&result=lost`, { token: wh01, lang: 'en_US' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('Result');
  });
});
