import { LOCATION_KIND, ZONE_TYPE } from '@tagloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVER, startTestApp, type TestApp } from './support.js';

// biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely
type Row = Record<string, any>;

/** Zones (issue 29, ../shared/operations.md F1): a place hierarchy, each zone knowing its site. */
describe(`zones on ${DRIVER}`, () => {
  let t: TestApp;
  let demo: string;
  let wh01: string;
  const ids = new Map<string, number>();
  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
    wh01 = await t.login('wh01', 'demo1234');
    for (const r of (await list('tenant/location', { pageSize: 500 })).list) ids.set(r.code, r.id);
  });
  afterAll(() => t?.close());

  const list = async (code: string, body: Row = {}, token = () => demo) => {
    const r = await t.call('POST', `/api/${code}/list`, { token: token(), body: { page: 1, pageSize: 100, ...body } });
    expect(r.status, r.body.msg).toBe(200);
    return r.body.data as { list: Row[]; total: number };
  };
  const call = (path: string, body: Row, token = demo) => t.call('POST', `/api/${path}`, { token, body, lang: 'en_US' });
  const fieldsOf = (r: { body: { data: Row | null } }) => (r.body.data?.fields ?? []).map((f: { field: string }) => f.field);
  const zone = (code: string, parent: string, zoneType: number, more: Row = {}) => ({
    code,
    name: `${code} zone`,
    kind: LOCATION_KIND.ZONE,
    parentId: ids.get(parent),
    zoneType,
    ...more,
  });

  it('seeds the demo sites with zones, each knowing its site; a fitting cabin is in its area and its store', async () => {
    const zones = (await list('tenant/location', { kind: LOCATION_KIND.ZONE, pageSize: 500 })).list;
    const byCode = new Map(zones.map((z) => [z.code, z]));
    expect(byCode.get('WH01-DI1')).toMatchObject({ parentId: ids.get('WH01'), siteId: ids.get('WH01'), zoneType: ZONE_TYPE.DOCK_IN });
    expect(byCode.get('ST001-FC2')).toMatchObject({
      parentId: ids.get('ST001-FA'),
      siteId: ids.get('ST001'),
      zoneType: ZONE_TYPE.FITTING_CABIN,
    });
    for (const z of zones) expect(z.siteId, z.code).toBe(ids.get(z.code.split('-')[0]));
    // sites and other places have none
    const wh = (await t.call('GET', `/api/tenant/location/get?id=${ids.get('WH01')}`, { token: demo })).body.data;
    expect([wh.parentId, wh.zoneType, wh.siteId]).toEqual([null, null, null]);
  });

  it('refuses a zone without its parent or type, a parent or type on another place, a parent that is no site, a type of the other kind of site', async () => {
    const bare = await call('tenant/location/create', { code: 'Z-BARE', name: 'bare', kind: LOCATION_KIND.ZONE });
    expect(bare.status).toBe(400);
    expect(fieldsOf(bare)).toEqual(expect.arrayContaining(['parentId', 'zoneType']));
    expect(bare.body.msg).toMatch(/is required for a zone/);
    const office = await call('tenant/location/create', {
      code: 'Z-OFFICE',
      name: 'office',
      kind: LOCATION_KIND.OFFICE,
      parentId: ids.get('WH01'),
      zoneType: ZONE_TYPE.STORAGE,
    });
    expect(office.status).toBe(400);
    expect(fieldsOf(office)).toEqual(expect.arrayContaining(['parentId', 'zoneType']));
    const inOffice = await call('tenant/location/create', zone('Z-HQ', 'HQ01', ZONE_TYPE.STORAGE));
    expect([inOffice.status, fieldsOf(inOffice)]).toEqual([400, ['parentId']]);
    expect(inOffice.body.msg).toMatch(/must be a store, a warehouse or one of their zones/);
    const floorInWarehouse = await call('tenant/location/create', zone('Z-FLOOR', 'WH01', ZONE_TYPE.SALES_FLOOR));
    expect([floorInWarehouse.status, fieldsOf(floorInWarehouse)]).toEqual([400, ['zoneType']]);
    // the warehouse's zone screen offers warehouse zone types only
    const storeType = await call('warehouse/management/create', {
      code: 'Z-ST',
      name: 'st',
      parentId: ids.get('WH01'),
      zoneType: ZONE_TYPE.STOCK_ROOM,
    });
    expect([storeType.status, fieldsOf(storeType)]).toEqual([400, ['zoneType']]);
  });

  it('places a zone of a zone in the site; moving a zone to another site takes its inner zones along; no zone inside itself', async () => {
    const area = await call('tenant/location/create', zone('ST009-FA', 'ST009', ZONE_TYPE.FITTING_AREA));
    expect(area.status, area.body.msg).toBe(200);
    expect(area.body.data.siteId).toBe(ids.get('ST009'));
    ids.set('ST009-FA', area.body.data.id);
    const cabin = await call('tenant/location/create', zone('ST009-FC1', 'ST009-FA', ZONE_TYPE.FITTING_CABIN));
    expect(cabin.status, cabin.body.msg).toBe(200);
    expect(cabin.body.data.siteId).toBe(ids.get('ST009'));
    const moved = await call('tenant/location/update', { id: area.body.data.id, parentId: ids.get('ST010') });
    expect(moved.status, moved.body.msg).toBe(200);
    expect(moved.body.data.siteId).toBe(ids.get('ST010'));
    const inner = (await t.call('GET', `/api/tenant/location/get?id=${cabin.body.data.id}`, { token: demo })).body.data;
    expect(inner.siteId).toBe(ids.get('ST010'));
    const cycle = await call('tenant/location/update', { id: area.body.data.id, parentId: cabin.body.data.id });
    expect([cycle.status, fieldsOf(cycle)]).toEqual([400, ['parentId']]);
    expect(cycle.body.msg).toMatch(/cannot be the zone itself or a zone inside it/);
    // a place that holds zones keeps its kind
    const kind = await call('tenant/location/update', { id: ids.get('ST010'), kind: LOCATION_KIND.SHOWROOM });
    expect([kind.status, fieldsOf(kind)]).toEqual([400, ['kind']]);
  });

  it('shows warehouse zones on warehouse management; a warehouse keeper sees and adds its own warehouse’s only', async () => {
    const all = (await list('warehouse/management', { pageSize: 100 })).list;
    expect(all.length).toBeGreaterThanOrEqual(14);
    expect(all.every((z) => z.code.startsWith('WH'))).toBe(true);
    const mine = (await list('warehouse/management', { pageSize: 100 }, () => wh01)).list;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((z) => z.siteId === ids.get('WH01'))).toBe(true);
    expect(mine.map((z) => z.code)).toContain('WH01-DI2');
    const made = await call(
      'warehouse/management/create',
      { code: 'WH01-S-C', name: 'C 区货架', parentId: ids.get('WH01'), zoneType: ZONE_TYPE.STORAGE },
      wh01,
    );
    expect(made.status, made.body.msg).toBe(200);
    expect(made.body.data).toMatchObject({ siteId: ids.get('WH01'), parentId: ids.get('WH01') });
    const elsewhere = await call(
      'warehouse/management/create',
      { code: 'WH02-S-C', name: 'C', parentId: ids.get('WH02'), zoneType: ZONE_TYPE.STORAGE },
      wh01,
    );
    expect([elsewhere.status, fieldsOf(elsewhere)]).toEqual([400, ['parentId']]);
    // the keeper's location list: its warehouse and its zones, nothing of another site
    const places = (await list('tenant/location', { pageSize: 500 }, () => wh01)).list;
    expect(places.map((p) => p.code)).toContain('WH01');
    expect(places.every((p) => p.id === ids.get('WH01') || p.siteId === ids.get('WH01'))).toBe(true);
  });

  it('shows a reader bound to a zone to the users of its site only', async () => {
    const readers = (await list('rfid/equipment', { pageSize: 100 })).list;
    const [a, b] = readers.filter((r) => !r.locationId);
    expect(a && b).toBeTruthy();
    const scene = (await list('rfid/scene')).list[0];
    const bind = (id: number, zoneCode: string, token = demo) =>
      call('rfid/equipment/bind', { id, locationId: ids.get(zoneCode), sceneId: scene.id }, token);
    expect((await bind(a.id, 'WH01-DI1')).status).toBe(200);
    expect((await bind(b.id, 'ST001-SF')).status).toBe(200);
    const seen = (await list('rfid/equipment', { pageSize: 100 }, () => wh01)).list.map((r) => r.id);
    expect(seen).toContain(a.id);
    expect(seen).not.toContain(b.id);
    // the keeper's dashboard and EPC screens reach the reads of its site's zones through the same rule (core/party.ts)
    const places = (await list('tenant/location', { pageSize: 500 }, () => wh01)).list.map((p) => p.id);
    expect(places).toContain(ids.get('WH01-DI1'));
    expect(places).not.toContain(ids.get('ST001-SF'));
    // warehouse management shows each zone's readers bound (a derived column: its codes), in its list and detail
    const zoneRow = async () =>
      (await list('warehouse/management', { code: 'WH01-DI1', pageSize: 10 }, () => wh01)).list.find((z) => z.code === 'WH01-DI1')!;
    expect((await zoneRow()).readers.split(', ')).toContain(a.equipmentCoding);
    const got = await t.call('GET', `/api/warehouse/management/get?id=${ids.get('WH01-DI1')}`, { token: wh01 });
    expect(got.body.data.readers.split(', ')).toContain(a.equipmentCoding);
    // not a value anyone writes: an update carrying it changes nothing of it
    const kept = await call('warehouse/management/update', { id: ids.get('WH01-DI1'), readers: 'X' }, wh01);
    expect(kept.status).toBeLessThan(500);
    expect((await zoneRow()).readers).not.toBe('X');
    // unbound, the zone shows none
    const unbound = await call('rfid/equipment/unbind', { id: a.id });
    expect(unbound.status, unbound.body.msg).toBe(200);
    expect((await zoneRow()).readers.split(', ')).not.toContain(a.equipmentCoding);
  });
});
