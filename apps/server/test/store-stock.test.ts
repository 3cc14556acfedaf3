import { ZONE_TYPE } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { osaDays, sampleAllOsa, sampleOsa } from '../src/modules/store/stock/osa.js';
import { REFILL_STATUS, refillByReads } from '../src/modules/store/stock/refill.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

// biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely
type Row = Record<string, any>;

/** store/inventory's Stock and Refill tabs (issue 30, ../shared/operations.md §9). */
describe(`store stock and refill on ${DRIVER}`, () => {
  let t: TestApp;
  let demo: string;
  let store01: string;
  let tenantId: number;
  const site: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
    store01 = await t.login('store01', 'demo1234');
    [{ id: tenantId }] = await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from tenants where code = 'DEMO'`);
    for (const r of await queryRows<{ id: number; code: string }>(
      t.ctx.db,
      sql`select id::int, code from locations where tenant_id = ${tenantId} and code in ('ST001', 'ST004', 'ST005', 'ST001-SF')`,
    ))
      site[r.code] = r.id;
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  const get = async (url: string, token = demo) => {
    const r = await t.call('GET', url, { token, lang: 'en_US' });
    return r as { status: number; body: Row };
  };

  it('lists the sites a user may see: every store and warehouse for demo, its own store for store01', async () => {
    const res = await get('/api/store/stock/sites');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const all = res.body.data as Row[];
    expect(all.map((s) => s.code)).toEqual(expect.arrayContaining(['ST001', 'ST010', 'WH01']));
    expect(all.find((s) => s.code === 'ST001')).toMatchObject({ zoned: true });
    expect(all.find((s) => s.code === 'ST005')).toMatchObject({ zoned: false });
    const own = (await get('/api/store/stock/sites', store01)).body.data as Row[];
    expect(own.map((s) => s.code)).toEqual(['ST001']);
  });

  it('the demo book holds no negative stock: counts, sales and receipts of the demo agree in time', async () => {
    const neg = await queryRows<{ code: string; n: number }>(
      t.ctx.db,
      sql`select l.code, count(*)::int as n from stock_sku_locations b join locations l on l.tenant_id = b.tenant_id and l.id = b.site_id
           where b.tenant_id = ${tenantId} and b.zone_id = 0 and b.on_hand < 0 group by l.code`,
    );
    expect(neg).toEqual([]);
  });

  it("shows a site's book and its present tags per option, sizes in shelf order, totals that add up", async () => {
    const r = await get(`/api/store/stock?siteId=${site.ST001}&pageSize=200`);
    expect(r.status, r.body.msg).toBe(200);
    const d = r.body.data;
    const [book] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select coalesce(sum(on_hand), 0)::int as n from stock_sku_locations where tenant_id = ${tenantId} and site_id = ${site.ST001} and zone_id = 0`,
    );
    const [present] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from rfid_epc_states s join locations z on z.tenant_id = s.tenant_id and z.id = s.presence_location_id
           join label_tags k on k.tenant_id = s.tenant_id and k.epc = s.epc
           where s.tenant_id = ${tenantId} and s.presence = 'present' and (z.id = ${site.ST001} or z.site_id = ${site.ST001})`,
    );
    expect(d.totals.book).toBe(book.n);
    expect(d.totals.present).toBe(present.n);
    expect(d.totals.present).toBeGreaterThan(1000);
    // every size's numbers add up to the totals, floor + room within present
    const sizes = (d.list as Row[]).flatMap((o) => o.sizes as Row[]);
    expect(d.list.length).toBe(d.totals.options);
    expect(sizes.reduce((a, s) => a + s.book, 0)).toBe(d.totals.book);
    for (const s of sizes) expect(s.floor + s.room).toBeLessThanOrEqual(s.present);
    const order = ['XS', 'S', 'M', 'L', 'XL'];
    for (const o of d.list as Row[]) {
      const known = (o.sizes as Row[]).map((s) => order.indexOf(s.size)).filter((i) => i >= 0);
      expect(known).toEqual([...known].sort((a, b) => a - b));
    }
    // a search by style number narrows to that style's options
    const style = d.list[0].styleNumber as string;
    const one = (await get(`/api/store/stock?siteId=${site.ST001}&q=${encodeURIComponent(style)}`)).body.data;
    expect(one.list.every((o: Row) => o.styleNumber.startsWith(style))).toBe(true);
    // the drill-down: that SKU's EPCs present here, with their zone
    const sku = sizes.find((s) => s.present > 0)!;
    const epcs = (await get(`/api/store/stock/epcs?siteId=${site.ST001}&skuId=${sku.skuId}`)).body.data as Row[];
    expect(epcs.length).toBe(sku.present);
    expect(epcs[0]).toMatchObject({ epc: expect.stringMatching(/^[0-9A-F]{24}$/), zoneName: expect.any(String) });
  });

  it("refuses another store's stock to store01, and answers its own", async () => {
    expect((await get(`/api/store/stock?siteId=${site.ST004}`, store01)).status).toBe(404);
    expect((await get(`/api/store/refill?siteId=${site.ST004}`, store01)).status).toBe(404);
    expect((await get(`/api/store/stock?siteId=${site.ST001}`, store01)).status).toBe(200);
  });

  it("keeps each zoned store's on-shelf availability day by day: hourly samples, their daily mean, the demo's four weeks", async () => {
    const res = await get(`/api/store/refill/osa?siteId=${site.ST001}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const days = res.body.data as Row[];
    // the demo's 27 days and today's samples (the seed's and the hourly job's)
    expect(days.length).toBeGreaterThanOrEqual(27);
    expect(days.length).toBeLessThanOrEqual(28);
    for (let i = 1; i < days.length; i++) expect(days[i].day > days[i - 1].day).toBe(true);
    for (const d of days) {
      expect(d.samples).toBeGreaterThan(0);
      expect(d.osa).toBeGreaterThan(0);
      expect(d.osa).toBeLessThanOrEqual(100);
      expect(d.full).toBeLessThanOrEqual(d.options);
    }
    expect((await get(`/api/store/refill/osa?siteId=${site.ST001}&days=7`)).body.data).toEqual(days.slice(-7));
    // a store without a sales floor and a stock room has none; store01 sees its own store only
    expect((await get(`/api/store/refill/osa?siteId=${site.ST005}`)).body.data).toEqual([]);
    expect((await get(`/api/store/refill/osa?siteId=${site.ST004}`, store01)).status).toBe(404);
    expect((await get(`/api/store/refill/osa?siteId=${site.ST001}`, store01)).body.data).toEqual(days);
    expect((await get(`/api/store/refill/osa?siteId=${site.ST001}&days=0`)).status).toBe(400);

    // a sample is the floor's OSA now (the refill tab's figure); a day's OSA is the mean of its samples
    const now = (await get(`/api/store/refill?siteId=${site.ST001}`)).body.data;
    const later = new Date(Date.now() + 3 * 86_400_000);
    const share = await t.ctx.db.transaction((tx) => sampleOsa(tx, tenantId, site.ST001, later));
    expect(share).toBeCloseTo(now.osa, 6);
    await t.ctx.db.transaction((tx) => sampleOsa(tx, tenantId, site.ST001, new Date(later.getTime() + 3_600_000)));
    const [day] = (await osaDays(t.ctx.db, tenantId, site.ST001, 1, later)).slice(-1);
    expect(day).toMatchObject({ day: later.toISOString().slice(0, 10), samples: 2, options: now.optionsInStock });
    expect(day.osa).toBeCloseTo(100 * now.osa, 1);

    // the hourly job samples every zoned store with stock once an hour, whichever process runs it
    // first (the demo's ST004 has zones and no tag in them)
    const round = new Date(later.getTime() + 86_400_000);
    expect(await sampleAllOsa(t.ctx.db, round)).toBe(2);
    expect(await sampleAllOsa(t.ctx.db, new Date(round.getTime() + 600_000))).toBeNull();
    const sampled = await queryRows<{ code: string; samples: number }>(
      t.ctx.db,
      sql`select l.code, d.samples from store_osa_days d join locations l on l.tenant_id = d.tenant_id and l.id = d.site_id
           where d.tenant_id = ${tenantId} and d.day = ${round.toISOString().slice(0, 10)}::date order by l.code`,
    );
    expect(sampled).toEqual(['ST001', 'ST009'].map((code) => ({ code, samples: 1 })));
    await t.ctx.db.execute(sql`delete from store_osa_days where tenant_id = ${tenantId} and day > current_date`);
  });

  it('suggests refills for floor gaps the stock room can fill, starts a task the floor reads close, with its stocking event', async () => {
    expect((await get(`/api/store/refill?siteId=${site.ST005}`)).body.data).toMatchObject({ zoned: false, list: [] });
    const r = (await get(`/api/store/refill?siteId=${site.ST001}&pageSize=200`)).body.data;
    expect(r.zoned).toBe(true);
    expect(r.list.length).toBeGreaterThan(1);
    // the figures are the whole list's; a page is a slice of the same order
    expect(r.total).toBe(r.list.length);
    expect(r.pieces).toBe((r.list as Row[]).reduce((n, o) => n + o.pieces, 0));
    const second = (await get(`/api/store/refill?siteId=${site.ST001}&page=2&pageSize=1`)).body.data;
    expect(second).toMatchObject({ total: r.total, pieces: r.pieces, osa: r.osa });
    expect(second.list).toEqual([r.list[1]]);
    expect((await get(`/api/store/refill?siteId=${site.ST001}&pageSize=201`)).status).toBe(400);
    expect(r.osa).toBeGreaterThan(0);
    expect(r.osaAfter).toBeGreaterThanOrEqual(r.osa);
    // the same list from the states themselves (not from the kept counts): per SKU its pieces on the floor and in the room
    const per = await queryRows<{ sku: number; opt: string; floor: number; room: number }>(
      t.ctx.db,
      sql`select k.id::int as sku, k.goods_id || ' ' || k.colour as opt,
                 (count(*) filter (where z.zone_type = ${ZONE_TYPE.SALES_FLOOR}))::int as floor,
                 (count(*) filter (where z.zone_type = ${ZONE_TYPE.STOCK_ROOM}))::int as room
            from rfid_epc_states s
            join label_tags g on g.tenant_id = s.tenant_id and g.epc = s.epc
            join goods_skus k on k.tenant_id = s.tenant_id and k.id = g.sku_id
            join locations z on z.tenant_id = s.tenant_id and z.id = s.presence_location_id and z.site_id = ${site.ST001}
           where s.tenant_id = ${tenantId} and s.presence = 'present' and z.zone_type in (${ZONE_TYPE.SALES_FLOOR}, ${ZONE_TYPE.STOCK_ROOM})
           group by 1, 2`,
    );
    const byOpt = new Map<string, typeof per>();
    for (const p of per) byOpt.set(p.opt, [...(byOpt.get(p.opt) ?? []), p]);
    const moveOf = (p: (typeof per)[number]) => (p.floor < 1 ? Math.min(p.room, 1) : 0);
    const wanted = [...byOpt.values()]
      .filter((ps) => ps.some((p) => p.floor > 0) && ps.some((p) => moveOf(p) > 0))
      .flatMap((ps) => ps.filter((p) => moveOf(p) > 0).map((p) => p.sku));
    const listed = (r.list as Row[]).flatMap((o) => (o.sizes as Row[]).filter((x) => x.move > 0).map((x) => x.skuId as number));
    expect(listed.sort((a, b) => a - b)).toEqual(wanted.sort((a, b) => a - b));
    expect(r.optionsInStock).toBe(byOpt.size);
    expect(r.osa).toBeCloseTo([...byOpt.values()].filter((ps) => ps.every((p) => p.floor >= 1)).length / byOpt.size, 10);
    for (const o of r.list as Row[]) {
      expect(o.sizes.some((s: Row) => s.floor > 0)).toBe(true);
      for (const s of o.sizes as Row[]) if (s.move) expect(s).toMatchObject({ floor: 0, move: 1 });
      expect(s0(o)).toBeGreaterThan(0);
    }
    const priorities = (r.list as Row[]).map((o) => o.priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => b - a));
    // a task for the first option's sizes
    const first = r.list[0] as Row;
    const lines = (first.sizes as Row[]).filter((s) => s.move > 0).map((s) => ({ skuId: s.skuId, qty: s.move }));
    const started = await t.call('POST', '/api/store/refill/start', { token: store01, body: { siteId: site.ST001, lines }, lang: 'en_US' });
    expect(started.status, started.body.msg).toBe(200);
    expect(started.body.msg).toMatch(/Refill task RF\d+ started/);
    // the pieces arrive on the floor: the fold's presence changes, as a reader on the floor would make them
    const epcs = await queryRows<{ epc: string }>(
      t.ctx.db,
      sql`select distinct on (k.sku_id) s.epc from rfid_epc_states s join label_tags k on k.tenant_id = s.tenant_id and k.epc = s.epc
           join locations z on z.tenant_id = s.tenant_id and z.id = s.presence_location_id and z.site_id = ${site.ST001} and z.zone_type = 2
           where s.tenant_id = ${tenantId} and s.presence = 'present' and k.sku_id = any(${`{${lines.map((l) => l.skuId)}}`}::bigint[])`,
    );
    expect(epcs.length).toBe(lines.length);
    const at = new Date();
    await t.ctx.db.transaction((tx) =>
      refillByReads(
        tx,
        tenantId,
        epcs.map((e) => ({
          epc: e.epc,
          kind: 'moved',
          at,
          locationId: site['ST001-SF'],
          fromLocationId: null,
          equipmentCoding: 'RD-TEST',
        })),
      ),
    );
    const after = (await get(`/api/store/refill?siteId=${site.ST001}`, store01)).body.data;
    const task = (after.tasks as Row[]).find((x) => x.id === started.body.data.id)!;
    expect(task).toMatchObject({ status: REFILL_STATUS.DONE, moved: lines.length, pieces: lines.length });
    const [events] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from label_tag_events where tenant_id = ${tenantId} and biz_step = 'stocking' and disposition = 'sellable_accessible'`,
    );
    expect(events.n).toBeGreaterThan(0);
  });
});

const s0 = (o: Row) => (o.sizes as Row[]).filter((s) => s.move > 0).length;
