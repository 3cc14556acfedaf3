import { USER_TYPE } from '@tagloom/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueDeviceKey } from '../src/core/feed/device-keys.js';
import { queryRows } from '../src/db/client.js';
import { roles, users } from '../src/db/schema/index.js';
import { createUser } from '../src/modules/general/user/service.js';
import { stopParsePool } from '../src/modules/rfid/ingest/parse-pool.js';
import { foldQueued } from '../src/modules/rfid/state/fold-queue.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

/**
 * The RFID screens of a user bound to a store or a warehouse show what concerns its own place only
 * (the one party rule, core/party.ts): the reads made there, the batches and equipment log of its
 * readers, the EPCs last seen or present there, its readers; a user bound to another kind of party
 * (a factory) sees no reader's data; the unbound admin sees everything.
 */
describe(`RFID screens scoped to a user's store or warehouse (${DRIVER})`, () => {
  let t: TestApp;
  let tenantId: number;
  const tokens: Record<'admin' | 'store' | 'warehouse' | 'factory', string> = { admin: '', store: '', warehouse: '', factory: '' };
  /** the readers of each place and an EPC only each place read */
  const WH = { reader: 'GATE-01', epc: '3034257BF7194E4000005C01' };
  const ST = { reader: 'HH-03', epc: '3034257BF7194E4000005C02' };

  const ingest = async (reader: string, epc: string) => {
    const { key } = await issueDeviceKey(t.ctx.db, tenantId, reader);
    const at = new Date(Date.now() - 10_000).toISOString();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/rfid/ingest/impinj',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      payload: JSON.stringify([
        { timestamp: at, eventType: 'tagInventory', tagInventoryEvent: { epcHex: epc, antennaPort: 1, peakRssiCdbm: -5000 } },
        { timestamp: at, eventType: 'antennaDisconnected', antennaDisconnectedEvent: { antennaPort: 2 } },
      ]),
    });
    expect(res.statusCode).toBe(200);
  };

  beforeAll(async () => {
    t = await startTestApp();
    tokens.admin = await t.login('demo', 'demo123');
    [{ id: tenantId }] = await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from tenants where code = 'DEMO'`);
    const place = async (table: string, code: string) =>
      (
        await queryRows<{ id: number }>(
          t.ctx.db,
          sql`select id::int as id from ${sql.identifier(table)} where tenant_id = ${tenantId} and code = ${code}`,
        )
      )[0].id;
    const [admin] = await t.ctx.db
      .select()
      .from(roles)
      .where(and(eq(roles.tenantId, tenantId), eq(roles.allMenus, true)));
    const parties = {
      store: await place('locations', 'ST001'),
      warehouse: await place('locations', 'WH01'),
      factory: await place('factories', 'FA01'),
    };
    for (const [kind, id] of Object.entries(parties) as [keyof typeof parties, number][]) {
      // every button of the tenant (its admin role): what it sees is the party's doing alone
      const user = await createUser(t.ctx.db, tenantId, 'DEMO', {
        username: `rfid_${kind}`,
        password: 'scope1234',
        userType: USER_TYPE.TENANT_USER,
        roleIds: [admin.id],
      });
      await t.ctx.db
        .update(users)
        .set({ partyKind: kind, partyId: id })
        .where(and(eq(users.tenantId, tenantId), eq(users.id, user.id)));
      tokens[kind] = await t.login(`rfid_${kind}`, 'scope1234');
    }
    await ingest(WH.reader, WH.epc);
    await ingest(ST.reader, ST.epc);
    // folded into EPC state (a fold under way by the server's runner finishes first)
    for (;;) {
      await foldQueued(t.ctx.db);
      const [q] = await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from rfid_fold_queue`);
      if (q.n === 0) break;
      await new Promise((r) => setImmediate(r));
    }
  });
  afterAll(async () => {
    await stopParsePool();
    await t?.close();
  });

  const feed = async (who: keyof typeof tokens, screen: string, key: string) => {
    const r = await t.call('POST', `/api/rfid/${screen}/list`, { token: tokens[who], body: { pageSize: 500 } });
    expect(r.status, `${who} lists ${screen}`).toBe(200);
    return new Set((r.body.data.list as Record<string, unknown>[]).map((x) => String(x[key])));
  };
  const ours = (set: Set<string>) => [WH.reader, ST.reader, WH.epc, ST.epc].filter((v) => set.has(v)).sort();

  it('raw data: the reads made at the place', async () => {
    expect(ours(await feed('admin', 'raw-data', 'equipmentCoding'))).toEqual([WH.reader, ST.reader].sort());
    expect(ours(await feed('store', 'raw-data', 'equipmentCoding'))).toEqual([ST.reader]);
    expect(ours(await feed('warehouse', 'raw-data', 'equipmentCoding'))).toEqual([WH.reader]);
    expect((await feed('factory', 'raw-data', 'epc')).size).toBe(0);
    const epcs = await feed('store', 'raw-data', 'epc');
    expect(ours(epcs)).toEqual([ST.epc]);
  });

  it("reported data state and equipment log: the place's readers", async () => {
    for (const screen of ['report-state', 'equipment-log']) {
      expect(ours(await feed('admin', screen, 'equipmentCoding'))).toEqual([WH.reader, ST.reader].sort());
      expect(
        [...(await feed('store', screen, 'equipmentCoding'))].every((c) =>
          ['HH-03', 'POS-ST001', 'FIT-ST001', 'FIT-ST001-2', 'FIT-ST001-3', 'EAS-ST001'].includes(c),
        ),
      ).toBe(true);
      expect(ours(await feed('store', screen, 'equipmentCoding'))).toEqual([ST.reader]);
      expect(ours(await feed('warehouse', screen, 'equipmentCoding'))).toEqual([WH.reader]);
      expect((await feed('factory', screen, 'equipmentCoding')).size).toBe(0);
    }
  });

  it('EPC data and EPC state: the EPCs last seen or present at the place, counts and one EPC alike', async () => {
    for (const screen of ['epc-data', 'epc-state']) {
      const epcs = async (who: keyof typeof tokens) => {
        const r = await t.call('GET', `/api/rfid/${screen}/list?limit=200`, { token: tokens[who] });
        expect(r.status).toBe(200);
        return new Set((r.body.data.list as { epc: string }[]).map((x) => x.epc));
      };
      expect(ours(await epcs('admin'))).toEqual([WH.epc, ST.epc].sort());
      expect(ours(await epcs('store'))).toEqual([ST.epc]);
      expect(ours(await epcs('warehouse'))).toEqual([WH.epc]);
      expect((await epcs('factory')).size).toBe(0);
    }
    const total = async (who: keyof typeof tokens) =>
      (await t.call('GET', '/api/rfid/epc-state/counts', { token: tokens[who] })).body.data.total as number;
    // the test's tag at each, and the stock the demo's last counts found at the site and its zones
    const held = async (site: number) =>
      (
        await queryRows<{ n: number }>(
          t.ctx.db,
          sql`select count(*)::int as n from rfid_epc_states s where s.tenant_id = ${tenantId}
                and (s.last_location_id in (select id from locations where tenant_id = ${tenantId} and (id = ${site} or site_id = ${site}))
                  or s.presence_location_id in (select id from locations where tenant_id = ${tenantId} and (id = ${site} or site_id = ${site})))`,
        )
      )[0].n;
    const siteId = async (code: string) =>
      (await queryRows<{ id: number }>(t.ctx.db, sql`select id::int from locations where tenant_id = ${tenantId} and code = ${code}`))[0]
        .id;
    expect(await total('store')).toBe(await held(await siteId('ST001')));
    expect(await total('warehouse')).toBe(await held(await siteId('WH01')));
    expect(await total('factory')).toBe(0);
    const found = async (who: keyof typeof tokens, epc: string) =>
      (await t.call('GET', `/api/rfid/epc-state/${epc}`, { token: tokens[who] })).body.data.found as boolean;
    expect([await found('store', ST.epc), await found('store', WH.epc), await found('warehouse', WH.epc)]).toEqual([true, false, true]);
    const where = async (who: keyof typeof tokens, epc: string) =>
      (await t.call('GET', `/api/label/epc-query/whereabouts?epc=${epc}`, { token: tokens[who] })).body.data;
    expect(await where('store', WH.epc)).toEqual({ epc: WH.epc, found: false });
    expect(await where('store', ST.epc)).toMatchObject({ found: true, reader: { code: ST.reader }, location: { code: 'ST001' } });
  });

  it("equipment and the live view's readers: the place's own", async () => {
    const listed = async (who: keyof typeof tokens) => {
      const r = await t.call('POST', '/api/rfid/equipment/list', { token: tokens[who], body: { page: 1, pageSize: 100 } });
      expect(r.status).toBe(200);
      return (r.body.data.list as { equipmentCoding: string }[]).map((x) => x.equipmentCoding).sort();
    };
    const live = async (who: keyof typeof tokens) =>
      ((await t.call('GET', '/api/rfid/live/readers', { token: tokens[who] })).body.data as { equipmentCoding: string }[])
        .map((x) => x.equipmentCoding)
        .sort();
    // its fitting rooms' three cabin readers and its EAS exit's too
    const st001 = ['EAS-ST001', 'FIT-ST001', 'FIT-ST001-2', 'FIT-ST001-3', 'HH-03', 'POS-ST001'];
    expect(await listed('store')).toEqual(st001);
    // its pad (warehouse/pad-review's demo handheld), its QI-area reader, its receiving dock's tunnel,
    // its pack station's tunnel, its e-commerce area's tunnel and its dock-out gate too
    const wh01 = ['FIX-02', 'GATE-01', 'GATE-WH01-DO1', 'PAD-WH01', 'QI-WH01', 'TUN-WH01-01', 'TUN-WH01-EC1', 'TUN-WH01-PK1'];
    expect(await listed('warehouse')).toEqual(wh01);
    expect(await listed('factory')).toEqual([]);
    expect(await live('store')).toEqual(st001);
    expect(await live('warehouse')).toEqual(wh01);
    expect(await live('factory')).toEqual([]);
    expect((await live('admin')).length).toBeGreaterThanOrEqual(6);
  });
});
