import { BIND_STATUS, ONLINE, REGISTRATION_STATUS, RFID_SCENE_TYPE } from '@tagloom/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { equipment, locations, rfidRegistrationCodes, rfidScenes, tenants } from '../src/db/schema/index.js';
import { defaultHandlers } from '../src/modules/general/scheduler/handlers.js';
import { bindingOf, markSeen } from '../src/modules/rfid/equipment/service.js';
import { foldReads } from '../src/modules/rfid/state/fold.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

// one app (and one seeded database) for both stories: seeding is the slow part
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 120_000);
afterAll(() => t?.close());

describe(`RFID equipment online state on ${DRIVER}`, () => {
  const tenantId = async (code: string) => (await t.ctx.db.select().from(tenants).where(eq(tenants.code, code)))[0].id;
  const readersOnline = async (user: string, pass: string) =>
    (await t.call('GET', '/api/dashboard/admin/summary', { token: await t.login(user, pass) })).body.data.readersOnline;

  it("marks readers silent past the timeout offline, keeps the others, and the dashboards count each tenant's own", async () => {
    const now = new Date();
    const [demo, acme] = [await tenantId('DEMO'), await tenantId('ACME')];
    const set = (tenant: number, code: string, minutesAgo: number) =>
      t.ctx.db
        .update(equipment)
        .set({ onlineStatus: ONLINE.ONLINE, lastTimeOnline: new Date(now.getTime() - minutesAgo * 60_000) })
        .where(and(eq(equipment.tenantId, tenant), eq(equipment.equipmentCoding, code)));
    await set(demo, 'GATE-01', 1);
    await set(demo, 'FIX-02', 60);
    await set(acme, 'GATE-01', 2);
    expect(await readersOnline('demo', 'demo123')).toBe(2);
    expect(await readersOnline('acme', 'acme123')).toBe(1);
    expect(await readersOnline('admin', 'admin123')).toBe(3);

    const outcome = await defaultHandlers().markReadersOffline({ ctx: t.ctx, services: t.services, now } as never);
    expect(outcome).toEqual({ key: 'scheduler.run.readersOffline', params: { count: 1 } });
    const rows = await t.ctx.db.select().from(equipment).where(eq(equipment.tenantId, demo));
    expect(Object.fromEntries(rows.map((r) => [r.equipmentCoding, r.onlineStatus]))).toMatchObject({
      'GATE-01': 1,
      'FIX-02': 0,
      'HH-03': 0,
    });
    expect(await readersOnline('demo', 'demo123')).toBe(1);
    expect(await readersOnline('acme', 'acme123')).toBe(1);
  });
});

describe(`RFID reader registration, tokens, binding and configuration on ${DRIVER}`, () => {
  let demoId: number;
  let demo: string;
  let acme: string;
  beforeAll(async () => {
    demoId = (await t.ctx.db.select().from(tenants).where(eq(tenants.code, 'DEMO')))[0].id;
    demo = await t.login('demo', 'demo123');
    acme = await t.login('acme', 'acme123');
  });

  const row = async (code: string, tenant = demoId) =>
    (
      await t.ctx.db
        .select()
        .from(equipment)
        .where(and(eq(equipment.tenantId, tenant), eq(equipment.equipmentCoding, code)))
    )[0];
  const register = (body: Record<string, unknown>, remoteAddress = '10.1.0.1') =>
    t.call('POST', '/api/rfid/equipment/register', { body, lang: 'en_US', remoteAddress });
  /** a device route, authenticated by the token as a reader sends it */
  const deviceCall = (token: string) =>
    t.call('POST', '/api/ingest/device-log', {
      headers: { authorization: `Bearer ${token}` },
      body: { events: [{ eventType: 'online', message: 'hello' }] },
      lang: 'en_US',
    });
  const issue = (code: string, token = demo, hours?: number) =>
    row(code).then((r) =>
      t.call('POST', '/api/rfid/equipment/registration-code', { token, body: { id: r.id, ...(hours ? { hours } : {}) }, lang: 'en_US' }),
    );
  const opLog = (action: string) =>
    queryRows<{ action: string; result: number; target: string }>(
      t.ctx.db,
      sql`select action, result, target from operation_log where screen = 'rfid/equipment' and action = ${action} order by id`,
    );
  const events = (code: string) =>
    queryRows<{ event_type: string; message: string }>(
      t.ctx.db,
      sql`select event_type, message from rfid_equipment_events where tenant_id = ${demoId} and equipment_coding = ${code} order by created_at, id`,
    );

  it('seeds the demo reader waiting with DEMO-READER-1, and the bound, registered demo readers', async () => {
    const fresh = await row('R700-NEW');
    expect(fresh.registrationStatus).toBe(REGISTRATION_STATUS.CODE_ISSUED);
    const gate = await bindingOf(t.ctx.db, demoId, 'GATE-01');
    expect(gate).toMatchObject({ equipmentCoding: 'GATE-01', registered: true, sceneType: 2 });
    expect(gate?.locationName).toBe('华东中心仓（昆山）');
    expect(await bindingOf(t.ctx.db, demoId, 'POS-ST001')).toMatchObject({ sceneType: 3, registered: true });
    expect(await bindingOf(t.ctx.db, demoId, 'NOPE')).toBeUndefined();
    // ACME's rows of the declaration are neither bound nor registered
    const acmeId = (await t.ctx.db.select().from(tenants).where(eq(tenants.code, 'ACME')))[0].id;
    expect(await bindingOf(t.ctx.db, acmeId, 'GATE-01')).toMatchObject({ locationId: null, sceneId: null, registered: false });
  });

  it('registers a reader with its code: the token works on device routes, the code is spent', async () => {
    const bad = await register({ registrationCode: 'NOT-A-CODE', snNumber: 'SN-R700-000901', macAddress: '00:16:25:12:AB:CD' });
    expect(bad.status).toBe(401);
    expect(bad.body.msg).toContain('Registration code');
    expect(bad.body.msg).toContain('is not a registration code');
    expect(bad.body.data.fields[0].field).toBe('registrationCode');

    const wrongSn = await register({ registrationCode: 'DEMO-READER-1', snNumber: 'SN-OTHER', macAddress: '00:16:25:12:AB:CD' });
    expect(wrongSn.status).toBe(400);
    expect(wrongSn.body.msg).toContain('Serial number');
    expect(wrongSn.body.data.fields[0].field).toBe('snNumber');

    const badMac = await register({ registrationCode: 'DEMO-READER-1', snNumber: 'SN-R700-000901', macAddress: 'zz' });
    expect(badMac.status).toBe(400);
    expect(badMac.body.msg).toContain('MAC address');

    // the code is case-blind and trimmed; the reader gets its code and token
    const ok = await register({ registrationCode: ' demo-reader-1 ', snNumber: 'SN-R700-000901', macAddress: '00-16-25-12-ab-cd' });
    expect(ok.status).toBe(200);
    expect(ok.body.data.equipmentCoding).toBe('R700-NEW');
    const token = ok.body.data.deviceToken as string;
    expect(token).toMatch(/^dk_/);
    const r = await row('R700-NEW');
    expect(r.registrationStatus).toBe(REGISTRATION_STATUS.REGISTERED);
    expect(r.macAddress).toBe('00:16:25:12:AB:CD');
    expect(r.registrationTime).toBeInstanceOf(Date);
    expect((await deviceCall(token)).status).toBe(200);
    // x-device-key keeps working; a bearer token that is no key is refused
    expect(
      (await t.call('POST', '/api/ingest/device-log', { headers: { 'x-device-key': token }, body: { events: [{ eventType: 'online' }] } }))
        .status,
    ).toBe(200);
    expect((await deviceCall('dk_nope')).status).toBe(401);
    // a user session's token is not a device token, and a device token is no user session
    expect((await deviceCall(demo)).status).toBe(401);
    expect((await t.call('POST', '/api/rfid/equipment/list', { headers: { authorization: `Bearer ${token}` }, body: {} })).status).toBe(
      401,
    );

    const spent = await register({ registrationCode: 'DEMO-READER-1', snNumber: 'SN-R700-000901', macAddress: '00:16:25:12:AB:CD' });
    expect(spent.status).toBe(401);
    expect(spent.body.msg).toContain('has already been used');
    expect((await events('R700-NEW')).map((e) => e.event_type)).toContain('registered');
  });

  it('refuses an expired code, and issues codes only with the register button, logged', async () => {
    const issued = await issue('HH-03');
    expect(issued.status).toBe(200);
    const code = issued.body.data.registrationCode as string;
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect(issued.body.data.request).toEqual({
      method: 'POST',
      path: '/api/rfid/equipment/register',
      body: { registrationCode: code, snNumber: '<SN>', macAddress: '<MAC>' },
    });
    const hours = (Date.parse(issued.body.data.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    // stored hashed only
    const stored = await t.ctx.db.select().from(rfidRegistrationCodes).where(eq(rfidRegistrationCodes.tenantId, demoId));
    expect(stored.some((c) => c.codeHash.includes(code))).toBe(false);
    expect(JSON.stringify(stored)).not.toContain(code);
    // expired: moved into the past
    await t.ctx.db
      .update(rfidRegistrationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`used_at is null and tenant_id = ${demoId}`);
    const late = await register({ registrationCode: code, snNumber: 'SN-MC33-000303', macAddress: '00:16:25:12:AB:03' }, '10.1.0.2');
    expect(late.status).toBe(401);
    expect(late.body.msg).toContain('has expired');

    // another tenant's row is not found; a viewer lacks the button
    expect(
      (await t.call('POST', '/api/rfid/equipment/registration-code', { token: acme, body: { id: (await row('HH-03')).id }, lang: 'en_US' }))
        .status,
    ).toBe(404);
    const viewer = await t.login('viewer', 'viewer123');
    expect((await issue('HH-03', viewer)).status).toBe(403);
    const log = await opLog('register');
    expect(log.filter((l) => l.result === 1).length).toBeGreaterThanOrEqual(1);
  });

  it('rotates a token (the old one stops) and revokes a registration (every token stops)', async () => {
    const code = (await issue('FIX-02')).body.data.registrationCode as string;
    const first = (await register({ registrationCode: code, snNumber: 'SN-FX96-000202', macAddress: '84:24:8D:20:B1:02' }, '10.1.0.3')).body
      .data.deviceToken as string;
    expect((await deviceCall(first)).status).toBe(200);
    const id = (await row('FIX-02')).id;
    const rotated = await t.call('POST', '/api/rfid/equipment/rotate-token', { token: demo, body: { id }, lang: 'en_US' });
    expect(rotated.status).toBe(200);
    const second = rotated.body.data.deviceToken as string;
    expect(second).not.toBe(first);
    expect((await deviceCall(first)).status).toBe(401);
    expect((await deviceCall(second)).status).toBe(200);

    const revoked = await t.call('POST', '/api/rfid/equipment/revoke', { token: demo, body: { id }, lang: 'en_US' });
    expect(revoked.status).toBe(200);
    expect((await deviceCall(second)).status).toBe(401);
    expect((await row('FIX-02')).registrationStatus).toBe(REGISTRATION_STATUS.REVOKED);
    // nothing to rotate or revoke any more
    expect((await t.call('POST', '/api/rfid/equipment/rotate-token', { token: demo, body: { id }, lang: 'en_US' })).status).toBe(409);
    expect((await t.call('POST', '/api/rfid/equipment/revoke', { token: demo, body: { id }, lang: 'en_US' })).status).toBe(409);
    expect((await events('FIX-02')).map((e) => e.event_type)).toEqual(expect.arrayContaining(['registered', 'keyIssued', 'keyRevoked']));
    expect((await opLog('register')).length).toBeGreaterThanOrEqual(3);
  });

  it('binds and unbinds a reader; bindingOf follows at once', async () => {
    const id = (await row('HH-03')).id;
    const [st] = await t.ctx.db
      .select()
      .from(locations)
      .where(and(eq(locations.tenantId, demoId), eq(locations.code, 'ST001')));
    const [fit] = await t.ctx.db
      .select()
      .from(rfidScenes)
      .where(and(eq(rfidScenes.tenantId, demoId), eq(rfidScenes.sceneCode, 'FITTING')));
    const bound = await t.call('POST', '/api/rfid/equipment/bind', {
      token: demo,
      body: { id, locationId: st.id, sceneId: fit.id },
      lang: 'en_US',
    });
    expect(bound.status).toBe(200);
    // the fitting scene is of the fitting type (presence per cabin: ../shared/operations.md F2)
    expect(await bindingOf(t.ctx.db, demoId, 'HH-03')).toMatchObject({
      locationId: st.id,
      sceneId: fit.id,
      sceneType: RFID_SCENE_TYPE.FITTING,
    });
    // another tenant's scene is refused, naming it
    const [acmeScene] = await t.ctx.db.select().from(rfidScenes).where(sql`tenant_id <> ${demoId}`).limit(1);
    const refused = await t.call('POST', '/api/rfid/equipment/bind', {
      token: demo,
      body: { id, locationId: st.id, sceneId: acmeScene.id },
      lang: 'en_US',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toContain('Scene');

    // a tag this reader placed at the store is present there (the state area's fold)
    const epc = '3034257BF7194E4000009991';
    await t.ctx.db.transaction((tx) =>
      foldReads(tx, demoId, [
        {
          epc,
          tid: null,
          at: new Date(),
          equipmentCoding: 'HH-03',
          antenna: 1,
          rssiCdbm: -5000,
          readCount: 1,
          locationId: st.id,
          sceneId: fit.id,
        },
      ]),
    );
    const presence = async () =>
      (
        await queryRows<{ presence: string }>(
          t.ctx.db,
          sql`select presence from rfid_epc_states where tenant_id = ${demoId} and epc = ${epc}`,
        )
      )[0]?.presence;
    expect(await presence()).toBe('present');

    const un = await t.call('POST', '/api/rfid/equipment/unbind', { token: demo, body: { id }, lang: 'en_US' });
    expect(un.status).toBe(200);
    // unbinding removes the bound data: the presence it held there is closed
    expect(un.body.data.closed).toBe(1);
    expect(await presence()).toBe('departed');
    const r = await row('HH-03');
    expect([r.locationId, r.sceneId, r.bindStatus]).toEqual([null, null, BIND_STATUS.UNBOUND]);
    expect(await bindingOf(t.ctx.db, demoId, 'HH-03')).toMatchObject({ locationId: null, sceneId: null, sceneType: null });
    expect((await events('HH-03')).map((e) => e.event_type)).toEqual(expect.arrayContaining(['bound', 'unbound']));
    // the equipment log reads the server's own messages in the reader's language (stored as key and parameters)
    const log = async (lang: string) =>
      (
        await t.call('POST', '/api/rfid/equipment-log/list', { token: demo, lang, body: { equipmentCoding: 'HH-03', pageSize: 20 } })
      ).body.data.list.map((r: { message: string }) => r.message);
    expect(await log('zh_CN')).toEqual(expect.arrayContaining([`已绑定到 ${st.name}，场景 ${fit.sceneName}`]));
    expect(await log('en_US')).toEqual(expect.arrayContaining([`Bound to ${st.name}, scene ${fit.sceneName}`]));
    expect((await events('HH-03')).find((e) => e.event_type === 'bound')?.message).toMatch(/^i18n:\{"key":"readers\.log\.bound"/);
    // "message contains" finds what the reader reads: the words of their language or a parameter,
    // never the stored form (key, JSON)
    const find = async (lang: string, message: string) =>
      (
        await t.call('POST', '/api/rfid/equipment-log/list', {
          token: demo,
          lang,
          body: { equipmentCoding: 'HH-03', message, pageSize: 20 },
        })
      ).body.data.list.map((r: { message: string }) => r.message);
    const boundEn = `Bound to ${st.name}, scene ${fit.sceneName}`;
    expect(await find('en_US', 'bound TO')).toEqual(expect.arrayContaining([boundEn]));
    expect(await find('zh_CN', '已绑定到')).toEqual(expect.arrayContaining([`已绑定到 ${st.name}，场景 ${fit.sceneName}`]));
    expect(await find('en_US', String(fit.sceneName))).toEqual(expect.arrayContaining([boundEn]));
    for (const stored of ['已绑定到', 'readers.log', '"params"', 'location']) expect(await find('en_US', stored)).toEqual([]);
    expect((await opLog('bind')).some((l) => l.result === 1)).toBe(true);
    expect((await opLog('unbind')).some((l) => l.result === 1)).toBe(true);
  });

  it('marks a reader seen: online, last time online, a connected event when it was offline', async () => {
    await t.ctx.db
      .update(equipment)
      .set({ onlineStatus: ONLINE.OFFLINE })
      .where(and(eq(equipment.tenantId, demoId), eq(equipment.equipmentCoding, 'POS-ST001')));
    const at = new Date(Date.now() - 5000);
    await markSeen(t.ctx.db, demoId, 'POS-ST001', at);
    let r = await row('POS-ST001');
    expect(r.onlineStatus).toBe(ONLINE.ONLINE);
    expect(r.lastTimeOnline?.getTime()).toBe(at.getTime());
    // already online: no second event; an older report never moves the time back
    await markSeen(t.ctx.db, demoId, 'POS-ST001', new Date(at.getTime() + 3000));
    await markSeen(t.ctx.db, demoId, 'POS-ST001', new Date(at.getTime() - 60_000));
    r = await row('POS-ST001');
    expect(r.lastTimeOnline?.getTime()).toBe(at.getTime() + 3000);
    expect((await events('POS-ST001')).filter((e) => e.event_type === 'connected')).toHaveLength(1);
  });

  it('serves a scene and a bound reader as Impinj and Zebra configuration', async () => {
    const [recv] = await t.ctx.db
      .select()
      .from(rfidScenes)
      .where(and(eq(rfidScenes.tenantId, demoId), eq(rfidScenes.sceneCode, 'RECEIVE')));
    const impinj = await t.call('GET', `/api/rfid/scene/reader-config?id=${recv.id}&vendor=impinj`, { token: demo, lang: 'en_US' });
    expect(impinj.status).toBe(200);
    expect(impinj.body.data.path).toBe('/api/v1/profiles/inventory/presets/receive');
    expect(impinj.body.data.product).toBe('TL-R400 四通道固定式读写器');
    expect(impinj.body.data.body.antennaConfigs).toHaveLength(4);
    expect(impinj.body.data.body.antennaConfigs[0]).toMatchObject({
      transmitPowerCdbm: 3000,
      inventorySession: 1,
      inventorySearchMode: 'single-target',
    });
    expect(impinj.body.data.body.eventConfig.tagInventory.tagReporting.reportingIntervalSeconds).toBe(5);
    const zebra = await t.call('GET', `/api/rfid/scene/reader-config?id=${recv.id}&vendor=zebra`, { token: demo, lang: 'en_US' });
    expect(zebra.body.data.body).toMatchObject({
      type: 'CUSTOM',
      antennas: [1, 2, 3, 4],
      transmitPower: 30,
      reportFilter: { duration: 5 },
    });
    expect((await t.call('GET', `/api/rfid/scene/reader-config?id=${recv.id}&vendor=acme`, { token: demo, lang: 'en_US' })).status).toBe(
      400,
    );
    expect((await t.call('GET', `/api/rfid/scene/reader-config?id=${recv.id}`, { token: acme, lang: 'en_US' })).status).toBe(404);

    const pos = await row('POS-ST001');
    const posCfg = await t.call('GET', `/api/rfid/equipment/reader-config?id=${pos.id}&vendor=zebra`, { token: demo, lang: 'en_US' });
    expect(posCfg.body.data.body).toMatchObject({ transmitPower: 20, query: { session: 'S0' } });
    const unbound = await t.call('GET', `/api/rfid/equipment/reader-config?id=${(await row('HH-03')).id}`, { token: demo, lang: 'en_US' });
    expect(unbound.status).toBe(409);
    expect(unbound.body.msg).toContain('not bound');
  });

  it('shows the platform reader models with their parameters to the tenant, read-only', async () => {
    const res = await t.call('GET', '/api/rfid/product/list', { token: demo, lang: 'en_US' });
    expect(res.status).toBe(200);
    const r400 = res.body.data.find((p: { code: string }) => p.code === 'TL-R400');
    expect(r400.params.map((p: { code: string }) => p.code)).toEqual(['ANTENNA_PORTS', 'SESSION', 'TX_POWER']);
    expect(r400.params.find((p: { code: string }) => p.code === 'TX_POWER')).toMatchObject({ unit: 'dBm', minValue: 10, maxValue: 33 });
    // the platform's product screen itself stays closed to tenants
    expect((await t.call('POST', '/api/general/product/list', { token: demo, body: {} })).status).toBe(403);
  });
});
