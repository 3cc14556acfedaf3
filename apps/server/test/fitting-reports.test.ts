import { FITTING_SESSION_STATUS } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { stopParsePool } from '../src/modules/rfid/ingest/parse-pool.js';
import { openDays, openSecondsOf, periodsOf } from '../src/modules/smart-store/reports/aggregate.js';
import { rollupDay, rollupRecent } from '../src/modules/smart-store/reports/part.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

// biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely
type Row = Record<string, any>;

describe('fitting report arithmetic (pure)', () => {
  it('counts open hours, open days and periods', () => {
    expect(openSecondsOf('10:00', '22:00')).toBe(43_200);
    expect(openSecondsOf('20:00', '02:00')).toBe(21_600);
    expect(openSecondsOf('', '22:00')).toBeNull();
    expect(openDays({ from: '2021-03-01', to: '2021-03-07', today: '2026-01-01' })).toBe(7);
    expect(openDays({ from: '2021-03-01', to: '2021-03-07', today: '2021-03-03' })).toBe(3);
    expect(openDays({ from: '2021-03-05', to: '2021-03-07', today: '2021-03-03' })).toBe(0);
    expect(periodsOf('2021-03-03', '2021-03-15', 'week')).toEqual(['2021-03-01', '2021-03-08', '2021-03-15']);
    expect(periodsOf('2021-03-06', '2021-03-07', 'day')).toEqual(['2021-03-06', '2021-03-07']);
  });
});

/**
 * The fitting-room rollups and reports over the API (operations.md §8): sessions of a week of 2021
 * no demo session reaches (Asia/Shanghai), at ST001 and ST002, of two styles — X in two sizes (M,
 * L), Y in one — rolled up and reported, each figure worked out by hand below.
 */
describe(`fitting-room reports on ${DRIVER}`, () => {
  let t: TestApp;
  let demo: string;
  let store01: string;
  let tenantId: number;
  const store = new Map<string, number>();
  let X = { id: 0, m: 0, l: 0, bigType: '' };
  let Y = { id: 0, sku: 0, bigType: '' };
  const range = { from: '2021-03-01', to: '2021-03-07' };

  const post = (url: string, body: Row, token = demo, lang = 'en_US') => t.call('POST', `/api/smart-store/${url}`, { token, body, lang });

  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
    store01 = await t.login('store01', 'demo1234');
    [{ id: tenantId }] = await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from tenants where code = 'DEMO'`);
    for (const r of await queryRows<{ id: number; code: string }>(
      t.ctx.db,
      sql`select id::int as id, code from locations where tenant_id = ${tenantId} and code in ('ST001', 'ST002')`,
    ))
      store.set(r.code, r.id);
    // X: a style of two SKUs with a category; Y: a style of another category
    const styles = await queryRows<{ id: number; bigType: string; skus: number[] }>(
      t.ctx.db,
      sql`select g.id::int as id, g.big_type as "bigType", array_agg(s.id::int order by s.id) as skus
            from goods g join goods_skus s on s.tenant_id = g.tenant_id and s.goods_id = g.id
           where g.tenant_id = ${tenantId} and g.big_type <> ''
           group by g.id, g.big_type having count(*) >= 2 order by g.id`,
    );
    const x = styles[0];
    const y = styles.find((s) => s.bigType !== x.bigType)!;
    X = { id: x.id, m: Number(x.skus[0]), l: Number(x.skus[1]), bigType: x.bigType };
    Y = { id: y.id, sku: Number(y.skus[0]), bigType: y.bigType };
    const area = (code: string, cabins: number, opens: string, closes: string) =>
      t.ctx.db.execute(sql`insert into fr_areas (tenant_id, store_id, name, cabin_count, min_dwell_s, merge_gap_s, conversion_window_h, opens_at, closes_at)
          values (${tenantId}, ${store.get(code)}, ${`FR ${code}`}, ${cabins}, 45, 30, 4, ${opens}, ${closes})
          on conflict (tenant_id, store_id) do update set cabin_count = excluded.cabin_count, min_dwell_s = 45, merge_gap_s = 30,
             conversion_window_h = 4, opens_at = excluded.opens_at, closes_at = excluded.closes_at`);
    await area('ST001', 3, '10:00', '22:00');
    await area('ST002', 2, '09:00', '21:00');
    type Item = { sku: number; style: number; tried: 0 | 1; bought: 0 | 1; swapped?: 0 | 1; amount?: number; dwell: number };
    let n = 0;
    // an open session has no last read here: the live sweep (smart-store/live.ts) leaves it open
    const session = async (
      code: string,
      startedAt: string,
      dwell: number,
      items: Item[],
      status: number = FITTING_SESSION_STATUS.CLOSED,
    ) => {
      const open = status === FITTING_SESSION_STATUS.OPEN;
      n++;
      const bought = items.filter((i) => i.bought).length;
      const [s] = await queryRows<{ id: number }>(
        t.ctx.db,
        sql`insert into fr_sessions (tenant_id, code, store_id, started_at, ended_at, last_at, dwell_s, items, tried, bought, swapped, amount_bought, status)
            values (${tenantId}, ${`FRT${n}`}, ${store.get(code)}, ${startedAt}::timestamptz, ${startedAt}::timestamptz + make_interval(secs => ${dwell}),
                    ${open ? null : sql`${startedAt}::timestamptz + make_interval(secs => ${dwell})`}, ${dwell}, ${items.length},
                    ${items.filter((i) => i.tried).length}, ${bought}, ${items.filter((i) => i.swapped).length},
                    ${items.reduce((a, i) => a + (i.amount ?? 0), 0)}, ${status})
            returning id::int as id`,
      );
      let k = 0;
      for (const i of items)
        await t.ctx.db.execute(sql`insert into fr_session_items (tenant_id, session_id, epc, sku_id, style_id, first_at, last_at, dwell_s, tried, bought, swapped, amount)
            values (${tenantId}, ${s.id}, ${`E2021${n}${k++}`}, ${i.sku}, ${i.style}, ${startedAt}::timestamptz, ${startedAt}::timestamptz, ${i.dwell},
                    ${i.tried}, ${i.bought}, ${i.swapped ?? 0}, ${i.bought ? (i.amount ?? 0) : null})`);
    };
    const xm = { sku: X.m, style: X.id };
    const xl = { sku: X.l, style: X.id };
    const y1 = { sku: Y.sku, style: Y.id };
    // ST001, Monday 2021-03-01 (local)
    // S1 10:15: X-M tried and bought (100), X-L tried
    await session('ST001', '2021-03-01T02:15:00Z', 300, [
      { ...xm, tried: 1, bought: 1, amount: 100, dwell: 250 },
      { ...xl, tried: 1, bought: 0, dwell: 200 },
    ]);
    // S2 10:40: X-M tried, another size bought instead; Y tried
    await session('ST001', '2021-03-01T02:40:00Z', 200, [
      { ...xm, tried: 1, bought: 0, swapped: 1, dwell: 150 },
      { ...y1, tried: 1, bought: 0, dwell: 120 },
    ]);
    // S3 15:05: Y brought in, not tried
    await session('ST001', '2021-03-01T07:05:00Z', 100, [{ ...y1, tried: 0, bought: 0, dwell: 20 }]);
    // still open: not rolled up
    await session(
      'ST001',
      '2021-03-01T08:00:00Z',
      500,
      [{ ...y1, tried: 1, bought: 1, amount: 70, dwell: 400 }],
      FITTING_SESSION_STATUS.OPEN,
    );
    // S5 23:30: Y tried and bought (50)
    await session('ST001', '2021-03-01T15:30:00Z', 60, [{ ...y1, tried: 1, bought: 1, amount: 50, dwell: 60 }]);
    // S6 00:30 local, the evening before in UTC: X-L tried
    await session('ST001', '2021-02-28T16:30:00Z', 40, [{ ...xl, tried: 1, bought: 0, dwell: 40 }]);
    // ST002, Tuesday 2021-03-02 12:00: X-M and Y tried and bought (100 + 80)
    await session('ST002', '2021-03-02T04:00:00Z', 400, [
      { ...xm, tried: 1, bought: 1, amount: 100, dwell: 300 },
      { ...y1, tried: 1, bought: 1, amount: 80, dwell: 350 },
    ]);
    // ST002, Sunday 2021-02-28 23:50 local: outside the range
    await session('ST002', '2021-02-28T15:50:00Z', 90, [{ ...y1, tried: 1, bought: 0, dwell: 90 }]);
    for (const day of ['2021-02-28', '2021-03-01', '2021-03-02']) await rollupDay(t.ctx.db, tenantId, day);
  }, 240_000);
  afterAll(async () => {
    await stopParsePool();
    await t?.close();
  });

  const rollups = async () => ({
    sku: await queryRows<Row>(
      t.ctx.db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, store_id::int as store, sku_id::int as sku, style_id::int as style, sessions, items, tries,
                 bought, swapped, amount::float8 as amount, dwell_sum_s as dwell
            from fr_sku_daily where tenant_id = ${tenantId} and day between '2021-02-28' and '2021-03-07' order by 1, 2, 3`,
    ),
    hour: await queryRows<Row>(
      t.ctx.db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, store_id::int as store, hour, sessions, sessions_bought as sb, items, tries, bought, swapped,
                 amount::float8 as amount, dwell_sum_s as dwell
            from fr_store_hourly where tenant_id = ${tenantId} and day between '2021-02-28' and '2021-03-07' order by 1, 2, 3`,
    ),
  });

  it('rolls a day up per SKU and per local hour, exactly, and a re-run gives the same rows', async () => {
    const a = store.get('ST001')!;
    const b = store.get('ST002')!;
    const before = await rollups();
    const sku = (day: string, st: number, s: number, style: number, ...v: number[]) => {
      const [sessions, items, tries, bought, swapped, amount, dwell] = v;
      return { day, store: st, sku: s, style, sessions, items, tries, bought, swapped, amount, dwell };
    };
    expect(before.sku).toEqual(
      [
        sku('2021-02-28', b, Y.sku, Y.id, 1, 1, 1, 0, 0, 0, 90),
        sku('2021-03-01', a, X.m, X.id, 2, 2, 2, 1, 1, 100, 400),
        sku('2021-03-01', a, X.l, X.id, 2, 2, 2, 0, 0, 0, 240),
        sku('2021-03-01', a, Y.sku, Y.id, 3, 3, 2, 1, 0, 50, 200),
        sku('2021-03-02', b, X.m, X.id, 1, 1, 1, 1, 0, 100, 300),
        sku('2021-03-02', b, Y.sku, Y.id, 1, 1, 1, 1, 0, 80, 350),
      ].sort((p, q) => p.day.localeCompare(q.day) || p.store - q.store || p.sku - q.sku),
    );
    const hour = (day: string, st: number, h: number, ...v: number[]) => {
      const [sessions, sb, items, tries, bought, swapped, amount, dwell] = v;
      return { day, store: st, hour: h, sessions, sb, items, tries, bought, swapped, amount, dwell };
    };
    expect(before.hour).toEqual([
      hour('2021-02-28', b, 23, 1, 0, 1, 1, 0, 0, 0, 90),
      hour('2021-03-01', a, 0, 1, 0, 1, 1, 0, 0, 0, 40),
      hour('2021-03-01', a, 10, 2, 1, 4, 4, 1, 1, 100, 500),
      hour('2021-03-01', a, 15, 1, 0, 1, 0, 0, 0, 0, 100),
      hour('2021-03-01', a, 23, 1, 1, 1, 1, 1, 0, 50, 60),
      hour('2021-03-02', b, 12, 1, 1, 2, 2, 2, 0, 180, 400),
    ]);
    // again, the whole day and one store of it: the very same rows
    await rollupDay(t.ctx.db, tenantId, '2021-03-01');
    await rollupDay(t.ctx.db, tenantId, '2021-03-01', [a]);
    await rollupDay(t.ctx.db, tenantId, '2021-03-02', [b]);
    expect(await rollups()).toEqual(before);
    // the hourly job's way on Tuesday 2021-03-02 18:00 local: yesterday and today, a store-day a transaction
    const job = await rollupRecent(t.ctx.db, new Date('2021-03-02T10:00:00Z'));
    expect(job.chunks).toBeGreaterThanOrEqual(2);
    expect(await rollups()).toEqual(before);
    // the rollups without the store (the whole tenant's reports) and without the hour hold the same sums
    const differ = async (a: ReturnType<typeof sql>, b: ReturnType<typeof sql>) => [
      ...(await queryRows(t.ctx.db, sql`(${a}) except all (${b})`)),
      ...(await queryRows(t.ctx.db, sql`(${b}) except all (${a})`)),
    ];
    const T = sql`tenant_id = ${tenantId}`;
    const skuSums = sql.raw(
      'max(style_id), sum(sessions)::int, sum(items)::int, sum(tries)::int, sum(bought)::int, sum(swapped)::int, sum(amount), sum(dwell_sum_s)::int',
    );
    expect(
      await differ(
        sql`select day, sku_id, ${skuSums} from fr_sku_daily where ${T} group by day, sku_id`,
        sql`select day, sku_id, ${skuSums} from fr_sku_period where ${T} and grain = 1 group by day, sku_id`,
      ),
    ).toEqual([]);
    expect(
      await differ(
        sql`select date_trunc('week', day)::date, sku_id, ${skuSums} from fr_sku_daily where ${T} group by 1, sku_id`,
        sql`select day, sku_id, ${skuSums} from fr_sku_period where ${T} and grain = 7 group by day, sku_id`,
      ),
    ).toEqual([]);
    const hourSums = sql.raw(
      'sum(sessions)::int, sum(sessions_bought)::int, sum(items)::int, sum(tries)::int, sum(bought)::int, sum(swapped)::int, sum(amount), sum(dwell_sum_s)::int',
    );
    expect(
      await differ(
        sql`select day, hour, ${hourSums} from fr_store_hourly where ${T} group by day, hour`,
        sql`select day, hour, ${hourSums} from fr_tenant_hourly where ${T} group by day, hour`,
      ),
    ).toEqual([]);
    expect(
      await differ(
        sql`select day, store_id, ${hourSums} from fr_store_hourly where ${T} group by day, store_id`,
        sql`select day, store_id, ${hourSums} from fr_store_daily where ${T} group by day, store_id`,
      ),
    ).toEqual([]);
    expect((await queryRows(t.ctx.db, sql`select 1 from fr_sku_period where ${T} and grain = 7`)).length).toBeGreaterThan(0);
  });

  it('ranks styles and SKUs by tries, tried-not-bought and conversion (with its minimum of tries)', async () => {
    const top = async (body: Row, token = demo) => {
      const r = await post('top/query', { ...range, ...body }, token);
      expect(r.status, r.body.msg).toBe(200);
      return r.body.data;
    };
    const d = await top({});
    expect(d).toMatchObject({ from: '2021-03-01', to: '2021-03-07', by: 'tries', level: 'style', n: 20, minTries: 20 });
    const pick = (x: Row) => [x.rank, x.styleId, x.sessions, x.tries, x.bought, x.triedNotBought, x.conversion];
    // X: M 2+1, L 2 tries; sessions 2+1+2; bought 1+1. Y: 2+1 tries, sessions 3+1, bought 1+1
    expect(d.rows.map(pick)).toEqual([
      [1, X.id, 5, 5, 2, 3, 0.4],
      [2, Y.id, 4, 3, 2, 1, 0.6667],
    ]);
    expect(d.rows[0].styleNumber).not.toBe('');
    expect(d.rows[0].goodsName).not.toBe('');
    expect((await top({ by: 'triedNotBought' })).rows.map((x: Row) => x.styleId)).toEqual([X.id, Y.id]);
    // conversion: none is tried 20 times; at least 4: X alone; at least 0: Y first
    expect((await top({ by: 'conversion' })).rows).toEqual([]);
    expect((await top({ by: 'conversion', minTries: 4 })).rows.map((x: Row) => x.styleId)).toEqual([X.id]);
    expect((await top({ by: 'conversion', minTries: 0 })).rows.map((x: Row) => x.styleId)).toEqual([Y.id, X.id]);
    // SKUs: Y (3 tries, 4 sessions) before X-M (3 tries, 3 sessions), then X-L
    const skus = await top({ level: 'sku' });
    expect(skus.rows.map((x: Row) => [x.skuId, x.tries, x.sessions])).toEqual([
      [Y.sku, 3, 4],
      [X.m, 3, 3],
      [X.l, 2, 2],
    ]);
    expect(skus.rows[0].skuBarcode).not.toBe('');
    expect((await top({ level: 'sku', n: 1 })).rows).toHaveLength(1);
    // the rules of the stores shown (every store with an archive: the demo's too), by store code
    expect(
      d.rules
        .filter((r: Row) => store.has(r.storeCode))
        .map((r: Row) => [r.storeCode, r.cabins, r.minDwellS, r.mergeGapS, r.conversionWindowH, r.opensAt, r.closesAt]),
    ).toEqual([
      ['ST001', 3, 45, 30, 4, '10:00', '22:00'],
      ['ST002', 2, 45, 30, 4, '09:00', '21:00'],
    ]);
    // one store asked for: its figures and rules only
    const one = await top({ storeId: store.get('ST002') });
    expect(one.rows.map(pick)).toEqual([
      [1, X.id, 1, 1, 1, 0, 1],
      [2, Y.id, 1, 1, 1, 0, 1],
    ]);
    expect(one.rules.map((r: Row) => r.storeCode)).toEqual(['ST002']);
    // the whole tenant over days around a week (its Sunday before, the week, the Monday after) and over
    // days within two weeks: the week's rollup and the days' add up to the same figures as the stores'
    const byStyle = (x: Row) => [x.styleId, x.tries, x.sessions, x.bought];
    for (const days of [
      { from: '2021-02-28', to: '2021-03-08' },
      { from: '2021-02-28', to: '2021-03-02' },
    ])
      expect((await top(days)).rows.map(byStyle), days.to).toEqual([
        [X.id, 5, 5, 2],
        [Y.id, 4, 5, 2],
      ]);
  });

  it('shows a store user its own store only', async () => {
    const r = await post('top/query', range, store01);
    expect(r.status, r.body.msg).toBe(200);
    expect(r.body.data.rows.map((x: Row) => [x.styleId, x.tries, x.sessions, x.bought])).toEqual([
      [X.id, 4, 4, 1],
      [Y.id, 2, 3, 1],
    ]);
    expect(r.body.data.rules.map((x: Row) => x.storeCode)).toEqual(['ST001']);
    expect(r.body.data.stores.map((x: Row) => x.code)).toEqual(['ST001']);
    const st = (await post('statistics/query', range, store01)).body.data;
    expect(st.rows.map((x: Row) => x.storeCode)).toEqual(['ST001']);
    const other = await post('trend/query', { ...range, storeId: store.get('ST002') }, store01);
    expect(other.status).toBe(400);
    expect(other.body.data.fields.map((f: Row) => f.field)).toEqual(['storeId']);
  });

  it('trends by day and week, with the weekday × hour heat map', async () => {
    const day = (await post('trend/query', range)).body.data;
    expect(day.period).toBe('day');
    expect(day.rows).toHaveLength(7);
    const f = (x: Row) => [
      x.period,
      x.sessions,
      x.items,
      x.tries,
      x.bought,
      x.sessionsBought,
      x.itemConversion,
      x.sessionConversion,
      x.avgDwellS,
    ];
    expect(day.rows.slice(0, 3).map(f)).toEqual([
      ['2021-03-01', 5, 7, 6, 2, 2, 0.3333, 0.4, 140],
      ['2021-03-02', 1, 2, 2, 2, 1, 1, 1, 400],
      ['2021-03-03', 0, 0, 0, 0, 0, null, null, null],
    ]);
    expect(day.heat).toEqual([
      { weekday: 1, hour: 0, sessions: 1 },
      { weekday: 1, hour: 10, sessions: 2 },
      { weekday: 1, hour: 15, sessions: 1 },
      { weekday: 1, hour: 23, sessions: 1 },
      { weekday: 2, hour: 12, sessions: 1 },
    ]);
    const week = (await post('trend/query', { ...range, period: 'week' })).body.data;
    expect(week.rows.map(f)).toEqual([['2021-03-01', 6, 9, 8, 4, 3, 0.5, 0.5, 183.3]]);
    // nothing in the range: no rows (the screen says why)
    expect((await post('trend/query', { from: '2021-04-01', to: '2021-04-07' })).body.data.rows).toEqual([]);
  });

  it('funnels tries into purchases per store and category', async () => {
    const d = (await post('turnover/query', range)).body.data;
    expect(d.funnel).toEqual({
      items: 9,
      tries: 8,
      bought: 4,
      swapped: 1,
      triedNotBought: 4,
      itemConversion: 0.5,
      sizeSwapRate: 0.125,
      sessions: 6,
      sessionsBought: 3,
      sessionConversion: 0.5,
    });
    expect(
      d.rows.map((x: Row) => [
        x.storeCode,
        x.sessions,
        x.sessionConversion,
        x.items,
        x.tries,
        x.bought,
        x.swapped,
        x.itemConversion,
        x.sizeSwapRate,
      ]),
    ).toEqual([
      ['ST001', 5, 0.4, 7, 6, 2, 1, 0.3333, 0.1667],
      ['ST002', 1, 1, 2, 2, 2, 0, 1, 0],
    ]);
    expect(d.categories).toEqual([
      { category: X.bigType, items: 5, tries: 5, bought: 2, swapped: 1, triedNotBought: 3, itemConversion: 0.4, sizeSwapRate: 0.2 },
      { category: Y.bigType, items: 4, tries: 3, bought: 2, swapped: 0, triedNotBought: 1, itemConversion: 0.6667, sizeSwapRate: 0 },
    ]);
  });

  it('sums each store’s load: sessions a day, dwell, garments, occupancy, conversions', async () => {
    const f = (x: Row) => [
      x.storeCode,
      x.days,
      x.sessions,
      x.sessionsPerDay,
      x.avgDwellS,
      x.itemsPerSession,
      x.occupancy,
      x.itemConversion,
      x.sessionConversion,
    ];
    const week = (await post('statistics/query', range)).body.data;
    // ST001: 700 s over 3 cabins × 12 h × 7 days; ST002: 400 s over 2 × 12 h × 7
    expect(week.rows.map(f)).toEqual([
      ['ST001', 7, 5, 0.7, 140, 1.4, 0.0008, 0.3333, 0.4],
      ['ST002', 7, 1, 0.1, 400, 2, 0.0007, 1, 1],
    ]);
    const monday = (await post('statistics/query', { from: '2021-03-01', to: '2021-03-01' })).body.data;
    // 700 / (3 × 43,200)
    expect(monday.rows.map(f)).toEqual([['ST001', 1, 5, 5, 140, 1.4, 0.0054, 0.3333, 0.4]]);
  });

  it('refuses bad filters with 400 naming the field, and exports each report as xlsx', async () => {
    const field = async (url: string, body: Row) => {
      const r = await post(url, body);
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      return r.body.data.fields.map((x: Row) => x.field);
    };
    expect(await field('top/query', { from: '2021-03-07', to: '2021-03-01' })).toEqual(['to']);
    expect(await field('trend/query', { from: '2019-01-01', to: '2021-03-01' })).toEqual(['from']);
    expect(await field('turnover/query', { from: '2021-02-30' })).toEqual(['from']);
    expect(await field('top/query', { by: 'price' })).toEqual(['by']);
    expect(await field('top/query', { level: 'colour' })).toEqual(['level']);
    expect(await field('top/query', { n: 0 })).toEqual(['n']);
    expect(await field('top/query', { minTries: -1 })).toEqual(['minTries']);
    expect(await field('trend/query', { period: 'month' })).toEqual(['period']);
    expect(await field('statistics/query', { storeId: 999_999_999 })).toEqual(['storeId']);
    const zh = await post('top/query', { from: '2021-03-07', to: '2021-03-01' }, demo, 'zh_CN');
    expect(zh.body.msg).toContain('结束日期');
    for (const screen of ['top', 'trend', 'turnover', 'statistics']) {
      const x = await t.app.inject({
        method: 'POST',
        url: `/api/smart-store/${screen}/export`,
        headers: { token: demo, langeType: 'en_US', 'content-type': 'application/json' },
        payload: JSON.stringify(range),
      });
      expect(x.statusCode, screen).toBe(200);
      expect(x.headers['content-type']).toMatch(/spreadsheetml/);
      expect(x.rawPayload.subarray(0, 2).toString()).toBe('PK');
    }
  });
});
