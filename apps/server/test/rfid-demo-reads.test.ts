import { POS_SOURCE } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { seedDemoReads } from '../src/modules/rfid/ingest/demo.js';
import { stopParsePool } from '../src/modules/rfid/ingest/parse-pool.js';
import { seedExitReads } from '../src/modules/store/pos/demo-exit.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

/**
 * The demo's last day of reads (main.ts plays it on the first start with demo data): the bound
 * readers' batches through the ingestion pipeline and the fold, so every RFID screen has rows and
 * presence, lifecycle and counts agree.
 */
describe(`the demo readers' last day of reads on ${DRIVER}`, () => {
  let t: TestApp;
  let demo: string;
  let played: Awaited<ReturnType<typeof seedDemoReads>>;
  /** the tags the till's demo sales (posted by its POS, store/cashier) sold or took back: their states are no read's */
  let till: Set<string>;
  /** a tag the day's reads sold at the till reader (no demo sale's) */
  const readerSold = async () =>
    (
      await queryRows<{ epc: string }>(
        t.ctx.db,
        sql`select s.epc from rfid_epc_states s join tenants t on t.id = s.tenant_id and t.code = 'DEMO'
             where s.presence = 'sold' and s.read_count > 0 order by s.last_seen_at desc limit 1`,
      )
    )[0].epc;
  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
    played = await seedDemoReads(t.ctx);
    till = new Set(
      (
        await queryRows<{ epc: string }>(
          t.ctx.db,
          sql`select distinct l.epc from pos_transaction_lines l join pos_transactions x on x.tenant_id = l.tenant_id and x.id = l.txn_id
               and x.created_at = l.created_at and x.source = ${POS_SOURCE.API}
              join tenants t on t.id = l.tenant_id and t.code = 'DEMO'
              where l.epc is not null and not exists (select 1 from rfid_epc_states s where s.tenant_id = l.tenant_id and s.epc = l.epc and s.read_count > 0)`,
        )
      ).map((r) => r.epc),
    );
  });
  afterAll(async () => {
    await stopParsePool();
    await t?.close();
  });

  it('plays a few thousand reads of registry tags by the demo readers, once', async () => {
    expect(played).toMatchObject({ batches: expect.any(Number), reads: expect.any(Number) });
    expect(played!.reads).toBeGreaterThan(2000);
    expect(played!.reads).toBeLessThan(6000);
    expect(await seedDemoReads(t.ctx)).toBeNull();
    const readers = await queryRows<{ code: string }>(
      t.ctx.db,
      sql`select distinct equipment_coding as code from rfid_batches b join tenants t on t.id = b.tenant_id and t.code = 'DEMO' order by 1`,
    );
    expect(readers.map((r) => r.code)).toEqual(['FIT-ST001', 'FIX-02', 'GATE-01', 'HH-03', 'POS-ST001']);
    const strangers = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from rfid_epc_states s join tenants t on t.id = s.tenant_id and t.code = 'DEMO'
          where not exists (select 1 from label_tags g where g.tenant_id = s.tenant_id and g.epc = s.epc)`,
    );
    expect(strangers[0].n).toBe(0);
  });

  it('fills raw data, reported data state, EPC data and EPC state, with tags present, departed and sold', async () => {
    const last2Days = [new Date(Date.now() - 2 * 86_400_000).toISOString(), new Date().toISOString()];
    for (const screen of ['raw-data', 'report-state'] as const) {
      const r = await t.call('POST', `/api/rfid/${screen}/list`, { token: demo, body: { createdAt: last2Days, pageSize: 20 } });
      expect(r.status).toBe(200);
      expect(r.body.data.list.length, screen).toBe(20);
    }
    const data = await t.call('GET', '/api/rfid/epc-data/list?limit=20', { token: demo });
    expect(data.body.data.list).toHaveLength(20);
    const counts = await t.call('GET', '/api/rfid/epc-state/counts', { token: demo });
    // the day's reads: 120 tags, 12 sold at the till reader (the till's demo sales add their own states, no read's)
    const bySale = await queryRows<{ presence: string; n: number }>(
      t.ctx.db,
      sql`select presence, count(*)::int as n from rfid_epc_states s join tenants t on t.id = s.tenant_id and t.code = 'DEMO'
           where s.epc = any(${`{${[...till].join(',')}}`}::text[]) group by presence`,
    );
    const sales = (p: string) => bySale.find((r) => r.presence === p)?.n ?? 0;
    // and the stock the stores' and the warehouse's last counts found (the stock seed's states, no read's)
    const byStock = await queryRows<{ presence: string; n: number }>(
      t.ctx.db,
      sql`select s.presence, count(*)::int as n from rfid_epc_states s join tenants t on t.id = s.tenant_id and t.code = 'DEMO'
            join label_tags g on g.tenant_id = s.tenant_id and g.epc = s.epc
            join label_orders o on o.tenant_id = g.tenant_id and o.id = g.order_id and o.code like 'LPO%STOCK'
           where not (s.epc = any(${`{${[...till].join(',')}}`}::text[])) group by s.presence`,
    );
    const stock = (p?: string) => byStock.filter((r) => !p || r.presence === p).reduce((n, r) => n + r.n, 0);
    expect(counts.body.data).toMatchObject({ sold: 12 + sales('sold') + stock('sold'), total: 120 + till.size + stock() });
    expect(counts.body.data.present).toBeGreaterThan(20);
    expect(counts.body.data.departed).toBeGreaterThan(20);
    // the store's tags are present at ST001, read by its handheld minutes ago
    const present = await t.call('GET', '/api/rfid/epc-state/list?presence=present&limit=200', { token: demo });
    // (the stock the last counts found is another order's: present at the stores since weeks)
    const stockEpcs = new Set(
      (
        await queryRows<{ epc: string }>(
          t.ctx.db,
          sql`select g.epc from label_tags g join label_orders o on o.tenant_id = g.tenant_id and o.id = g.order_id
               join tenants t on t.id = g.tenant_id and t.code = 'DEMO' where o.code like 'LPO%STOCK'`,
        )
      ).map((r) => r.epc),
    );
    const read = present.body.data.list.filter((s: { epc: string }) => !till.has(s.epc) && !stockEpcs.has(s.epc));
    expect(new Set(read.map((s: { presenceLocationCode: string }) => s.presenceLocationCode))).toEqual(new Set(['ST001']));
    // a sold tag's lifecycle tells its day: received at the warehouse, then sold at the store's till
    const epc = await readerSold();
    const detail = await t.call('GET', `/api/rfid/epc-state/${epc}`, { token: demo });
    const steps = (detail.body.data.events as { bizStep: string }[]).map((e) => e.bizStep);
    expect(steps).toContain('retail_selling');
    expect(steps.some((s) => s === 'arriving' || s === 'receiving')).toBe(true);
  });

  it('shows where a sold tag is over the API, as the EPC query does: sold, at ST001, by the till reader, in its scene, last seen', async () => {
    const epc = await readerSold();
    const where = await t.call('GET', `/api/label/epc-query/whereabouts?epc=${epc}`, { token: demo });
    expect(where.status).toBe(200);
    expect(where.body.data).toMatchObject({
      epc,
      found: true,
      presence: 'sold',
      location: { code: 'ST001' },
      reader: { code: 'POS-ST001' },
      scene: { code: expect.any(String) },
    });
    for (const at of ['lastSeenAt', 'soldAt', 'presenceSince']) expect(Number.isNaN(Date.parse(where.body.data[at])), at).toBe(false);
    expect(Date.parse(where.body.data.lastSeenAt)).toBeLessThanOrEqual(Date.now());
  });

  it('leaves no declared screen empty on a fresh start with demo data (a line resource is listed under its parent: lines.test.ts)', async () => {
    const admin = await t.login('admin', 'admin123');
    const services = [...t.app.resourceServices.values()];
    const lines = new Set(services.flatMap((s) => (s.def.children ?? []).map((c) => c.resource.code)));
    const empty: string[] = [];
    for (const { def } of services) {
      if (lines.has(def.code)) continue;
      const r = await t.call('POST', `/api/${def.code}/list`, {
        token: def.owner === 'platform' ? admin : demo,
        body: { page: 1, pageSize: 1 },
      });
      if (r.status !== 200 || !r.body.data.list.length) empty.push(`${def.code}: ${r.status} ${r.body.data?.total ?? r.body.msg}`);
    }
    expect(services.length - lines.size).toBeGreaterThan(50);
    expect(empty).toEqual([]);
  });

  it("leaves the other tenant's RFID screens empty", async () => {
    const acme = await t.login('acme', 'acme123');
    const counts = await t.call('GET', '/api/rfid/epc-state/counts', { token: acme });
    expect(counts.body.data.total).toBe(0);
  });

  it("counts the platform's own tags on EPC state, as its list shows them (none: not every tenant's)", async () => {
    const admin = await t.login('admin', 'admin123');
    const counts = await t.call('GET', '/api/rfid/epc-state/counts', { token: admin });
    const list = await t.call('GET', '/api/rfid/epc-state/list?limit=200', { token: admin });
    expect(counts.status).toBe(200);
    expect(counts.body.data.total).toBe(list.body.data.list.length);
    expect(counts.body.data.total).toBe(0);
  });

  it("plays two unsold pieces through the flagship's EAS exit once: departed there, an alarm each in its reader's log", async () => {
    const exit = await seedExitReads(t.ctx);
    expect(exit).toMatchObject({ batches: 1, reads: 6 });
    expect(await seedExitReads(t.ctx)).toBeNull();
    const log = await t.call('POST', '/api/rfid/equipment-log/list', {
      token: demo,
      lang: 'en_US',
      body: { equipmentCoding: 'EAS-ST001', eventType: 'easAlarm', pageSize: 20 },
    });
    const alarms = log.body.data.list as { message: string }[];
    expect(alarms).toHaveLength(2);
    const epcs = alarms.map((a) => /EPC (\w+) left through the exit at .+ unsold/.exec(a.message)?.[1]);
    const states = await queryRows<{ presence: string; equipment: string }>(
      t.ctx.db,
      sql`select s.presence, s.presence_equipment as equipment from rfid_epc_states s join tenants t on t.id = s.tenant_id and t.code = 'DEMO'
          where s.epc = any(${`{${epcs.join(',')}}`}::text[])`,
    );
    expect(states).toEqual([
      { presence: 'departed', equipment: 'EAS-ST001' },
      { presence: 'departed', equipment: 'EAS-ST001' },
    ]);
  });
});
