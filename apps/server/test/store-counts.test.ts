import * as XLSX from '@e965/xlsx';
import { countKpis, COUNT_SHEET_KIND as K, COUNT_STATUS as S, translate } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { onHandOf, postStockMoves } from '../src/modules/stock/index.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

// biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely
type Row = Record<string, any>;
const STORE = '/api/store/inventory';
const DC = '/api/logistics/inventory';
const HOUR = 3_600_000;
const later = (h = 24) => new Date(Date.now() + h * HOUR).toISOString();
const iso = (ms: number) => new Date(ms).toISOString().replace('Z', '+00:00');

/** Store and warehouse counts (E9 of ../shared/operations.md): the sheet's rules, its moves, the count and the book. */
describe(`store counts on ${DRIVER}`, () => {
  let t: TestApp;
  let demo: string;
  let store01: string;
  let wh01: string;
  let tenantId: number;
  let st001: number;
  let st004: number;
  let st015: number;
  let room: number;
  let wh: number;
  let serial = 0;

  beforeAll(async () => {
    t = await startTestApp();
    [demo, store01, wh01] = await Promise.all([t.login('demo', 'demo123'), t.login('store01', 'demo1234'), t.login('wh01', 'demo1234')]);
    [{ id: tenantId }] = await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from tenants where code = 'DEMO'`);
    const places = await queryRows<{ id: number; code: string }>(
      t.ctx.db,
      sql`select id::int as id, code from locations where tenant_id = ${tenantId} and code in ('ST001', 'ST004', 'ST004-SR', 'ST015', 'WH01')`,
    );
    const at = (code: string) => places.find((p) => p.code === code)!.id;
    [st001, st004, room, st015, wh] = [at('ST001'), at('ST004'), at('ST004-SR'), at('ST015'), at('WH01')];
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  const call = (url: string, body: unknown, token = demo) => t.call('POST', url, { token, body, lang: 'en_US' });
  const make = async (body: Row, token = demo, base = STORE) => {
    const res = await call(`${base}/create`, { plannedAt: later(), sheetKind: K.SELF_BUILT, siteId: st004, zoneIds: [], ...body }, token);
    return res;
  };
  const move = (action: string, id: number, token = demo, base = STORE) => call(`${base}/${action}`, { id }, token);
  const get = async (id: number, token = demo, base = STORE) => (await t.call('GET', `${base}/get?id=${id}`, { token })).body.data as Row;
  const detail = async (id: number) => (await t.call('GET', `${STORE}/${id}/detail`, { token: demo })).body.data as Row;
  /** Waits until no count job of the tenant is queued or running (the start's and finish's refresh). */
  const settled = async () => {
    for (let i = 0; i < 600; i++) {
      const [{ n }] = await queryRows<{ n: number }>(
        t.ctx.db,
        sql`select count(*)::int as n from jobs where tenant_id = ${tenantId} and kind like 'store.count%' and state in ('queued', 'running')`,
      );
      if (!n) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('count jobs never ended');
  };
  /** EPCs of the registry with their SKUs, present nowhere (the overhead readers know nothing of them). */
  const freshTags = async (n: number) =>
    queryRows<{ epc: string; sku: number }>(
      t.ctx.db,
      sql`select g.epc, g.sku_id::int as sku from label_tags g
           where g.tenant_id = ${tenantId} and g.sku_id is not null
             and not exists (select 1 from rfid_epc_states s where s.tenant_id = g.tenant_id and s.epc = g.epc)
           order by g.epc desc offset ${serial++ * 50} limit ${n}`,
    );
  const upload = (id: number, deviceSessionId: string, reads?: { epc: string; at: number }[], token = demo) =>
    call(
      `${STORE}/${id}/handheld`,
      {
        equipment: 'HH-03',
        deviceSessionId,
        startedAt: iso(Date.now() - HOUR),
        ...(reads ? { endedAt: iso(Date.now()), reads: reads.map((r) => ({ epc: r.epc, at: iso(r.at), rssi: -50, count: 1 })) } : {}),
      },
      token,
    );

  it('lists the seeded counts of stores on store/inventory and of warehouses on logistics/inventory', async () => {
    const stores = (await call(`${STORE}/list`, { pageSize: 200 })).body.data.list as Row[];
    expect(new Set(stores.map((r) => r.status))).toEqual(new Set([S.NEW, S.COUNTING, S.COUNTED, S.SUBMITTED, S.APPROVED, S.CANCELLED]));
    expect(stores.filter((r) => r.status === S.APPROVED).length).toBeGreaterThanOrEqual(30);
    expect(stores.some((r) => r.siteId === wh)).toBe(false);
    const dcs = (await call(`${DC}/list`, { pageSize: 200 })).body.data.list as Row[];
    expect(dcs.length).toBeGreaterThanOrEqual(2);
    expect(dcs.every((r) => r.siteId === wh)).toBe(true);
    // the seeded approvals set the book: an approved count's lines are its store's book now, unless a later count moved it
    const [last] = stores
      .filter((r) => r.siteId === st004 && r.status === S.APPROVED)
      .sort((a, b) => (a.finishedAt < b.finishedAt ? 1 : -1));
    const lines = (await detail(last.id)).lines as Row[];
    const book = await onHandOf(
      t.ctx.db,
      tenantId,
      st004,
      lines.map((l) => l.skuId),
    );
    for (const l of lines.slice(0, 20)) expect(book.get(l.skuId) ?? 0).toBe(l.countedQty);
  });

  it('the stocktaking report: accuracy per store (one store visibly worse), status per week, and its workbook', async () => {
    const res = await call('/api/store/report-stocktaking/data', {});
    expect(res.status).toBe(200);
    const r = res.body.data;
    expect(r.stores.length).toBe(10);
    expect(r.sites.length).toBeGreaterThanOrEqual(10);
    const red = r.stores.find((s: Row) => s.siteCode === 'ST007');
    expect(red.sku).toBeLessThan(91);
    for (const s of r.stores.filter((x: Row) => x.siteCode !== 'ST007')) expect(s.sku).toBeGreaterThan(88);
    expect(r.categories.length).toBeGreaterThan(0);
    expect(r.weeks.length).toBeGreaterThanOrEqual(4);
    expect(r.weeks.reduce((a: number, w: Row) => a + w.approved, 0)).toBeGreaterThanOrEqual(25);
    // the accuracy per week: each approved count of the period in the week it was finished, the
    // weeks without one have none
    expect(r.weeks.reduce((a: number, w: Row) => a + w.counts, 0)).toBe(r.counts.length);
    for (const w of r.weeks as Row[]) {
      if (!w.counts) expect([w.accuracySku, w.accuracySmape, w.accuracyUnit], w.week).toEqual([null, null, null]);
      else
        for (const v of [w.accuracySku, w.accuracySmape, w.accuracyUnit]) {
          expect(v).toBeGreaterThan(50);
          expect(v).toBeLessThanOrEqual(100);
        }
    }
    // unit accuracy: 1 − (over + short) / expected over the lines, per store and category as per count
    for (const s of [...r.stores, ...r.categories] as Row[])
      expect(s.unit, s.siteCode ?? s.category).toBeCloseTo(Math.max(0, 100 * (1 - (s.over + s.short) / s.expected)), 1);
    for (const c of r.counts as Row[])
      expect(c.accuracyUnit, c.code).toBeCloseTo(Math.max(0, 100 * (1 - (c.over + c.short) / c.expected)), 1);
    // the pace per store and per week: pieces counted an hour over the counts' summed time
    const pace = (cs: Row[]) => Math.round((cs.reduce((a, c) => a + c.counted, 0) * 3600) / cs.reduce((a, c) => a + c.durationS, 0));
    for (const s of r.stores as Row[])
      expect(s.itemsPerHour, s.siteCode).toBe(pace(r.counts.filter((c: Row) => c.siteCode === s.siteCode)));
    const weekOf = (at: string) => r.weeks.findLast((w: Row) => w.week <= at.slice(0, 10)).week;
    for (const c of r.counts.slice(0, 10)) expect(r.weeks.find((w: Row) => w.week === weekOf(c.finishedAt)).counts).toBeGreaterThan(0);
    for (const w of r.weeks as Row[]) {
      const of = r.counts.filter((c: Row) => weekOf(c.finishedAt) === w.week);
      expect(w.itemsPerHour, w.week).toBe(of.length ? pace(of) : null);
    }
    // the worse store's weeks are worse than the rest's (its one store against the nine others)
    const worse = (await call('/api/store/report-stocktaking/data', { siteId: red.siteId })).body.data;
    const counted = (weeks: Row[]) => weeks.filter((w) => w.counts > 0);
    expect(counted(worse.weeks).length).toBeGreaterThanOrEqual(3);
    const mean = (weeks: Row[]) => counted(weeks).reduce((a, w) => a + w.accuracySku, 0) / counted(weeks).length;
    expect(mean(worse.weeks)).toBeLessThan(mean(r.weeks));
    for (const w of counted(worse.weeks)) expect(w.accuracySku, w.week).toBeLessThan(95);
    // on-shelf availability: the mean of the zoned stores' days, per store over the period and per
    // week over its days (a day counts once a store), as the stores' own days (refill tab) have them
    const daysOf = async (code: string) => {
      const s = r.stores.find((x: Row) => x.siteCode === code);
      const res = await t.call('GET', `/api/store/refill/osa?siteId=${s.siteId}&days=29`, { token: demo });
      return (res.body as Row).data as { day: string; osa: number }[];
    };
    const osaDays = [...(await daysOf('ST001')), ...(await daysOf('ST009'))];
    expect(osaDays.length).toBeGreaterThanOrEqual(54);
    const avg = (v: number[]) => v.reduce((a, x) => a + x, 0) / v.length;
    for (const code of ['ST001', 'ST009']) {
      const store = r.stores.find((x: Row) => x.siteCode === code);
      expect(store.osa, code).toBeCloseTo(avg((await daysOf(code)).map((d) => d.osa)), 1);
    }
    expect(r.stores.find((x: Row) => x.siteCode === 'ST007').osa).toBeNull();
    const weekStart = (day: string) => r.weeks.findLast((w: Row) => w.week <= day).week as string;
    for (const w of r.weeks as Row[]) {
      const of = osaDays.filter((d) => weekStart(d.day) === w.week).map((d) => d.osa);
      if (!of.length) expect(w.osa, w.week).toBeNull();
      else expect(w.osa, w.week).toBeCloseTo(avg(of), 1);
    }
    expect((r.weeks as Row[]).filter((w) => w.osa !== null).length).toBeGreaterThanOrEqual(4);
    const sheet = await t.app.inject({
      method: 'POST',
      url: '/api/store/report-stocktaking/export',
      headers: { token: demo },
      payload: {},
    });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toMatch(/spreadsheetml/);
    // its weeks sheet holds each week's counts and accuracy, as the report does
    const wb = XLSX.read(sheet.rawPayload);
    const weeks = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[translate('zh_CN', 'countReport.sheet.weeks')], { header: 1 });
    // (every field of the answer's weeks, a column each, headed in the request's language)
    const keys = Object.keys(r.weeks[0]);
    expect(keys).toEqual(expect.arrayContaining(['week', 'counts', 'accuracySku', 'accuracyUnit', 'itemsPerHour', 'osa']));
    expect(weeks[0]).toEqual(keys.map((k) => translate('zh_CN', `countReport.col.${k}`)));
    expect(weeks.slice(1).map((w) => keys.map((_, i) => w[i] ?? null))).toEqual(r.weeks.map((w: Row) => keys.map((k) => w[k])));
    expect((await call('/api/store/report-stocktaking/data', { from: '2026-01-01', to: '2025-01-01' })).status).toBe(400);
  });

  it('every move the machine allows, and each one it refuses, naming the state', async () => {
    // a store never counted (its book empty): the report's figures stay the seeded ones
    const made = await make({ siteId: st015 });
    expect(made.status).toBe(200);
    const id = made.body.data.id;
    expect(made.body.data.code).toMatch(/^PD\d{8}\d{4}$/);
    for (const refused of ['finish', 'submit', 'review', 'cancelReview']) expect((await move(refused, id)).status, refused).toBe(409);
    expect((await move('start', id)).status).toBe(200);
    await settled();
    for (const refused of ['start', 'void', 'submit', 'review', 'cancelReview'])
      expect((await move(refused, id)).status, refused).toBe(409);
    expect((await move('finish', id)).status).toBe(200);
    await settled();
    expect((await get(id)).finishedAt).toBeTruthy();
    for (const refused of ['start', 'finish', 'review', 'void']) expect((await move(refused, id)).status, refused).toBe(409);
    expect((await move('submit', id)).status).toBe(200);
    expect((await move('cancelReview', id)).status).toBe(200);
    expect((await get(id)).status).toBe(S.COUNTED);
    expect((await move('submit', id)).status).toBe(200);
    expect((await move('review', id)).status).toBe(200);
    const done = await get(id);
    expect(done).toMatchObject({ status: S.APPROVED });
    expect(done.reviewedAt).toBeTruthy();
    for (const refused of ['start', 'finish', 'submit', 'review', 'cancelReview', 'void'])
      expect((await move(refused, id)).status).toBe(409);
    // a new sheet is voided, and stays so
    const other = (await make({ siteId: st015 })).body.data.id;
    expect((await move('void', other)).status).toBe(200);
    expect((await move('start', other)).status).toBe(409);
  });

  it('edits planned and self-built sheets while new only, deletes a new self-built sheet only; an instruction is read only', async () => {
    const own = (await make({ remark: 'a' })).body.data;
    expect((await call(`${STORE}/update`, { id: own.id, remark: 'b' })).status).toBe(200);
    const planned = (await make({ sheetKind: K.PLANNED })).body.data;
    expect((await call(`${STORE}/update`, { id: planned.id, remark: 'c' })).status).toBe(200);
    const del = await call(`${STORE}/delete`, { ids: [planned.id] });
    expect(del.status).toBe(409);
    expect(del.body.msg).toMatch(/self-built/i);
    const hq = (await make({ sheetKind: K.INSTRUCTION, sourceRef: 'HQ-1' })).body.data;
    const edit = await call(`${STORE}/update`, { id: hq.id, remark: 'x' });
    expect(edit.status).toBe(409);
    expect(edit.body.msg).toMatch(/instruction/i);
    expect((await call(`${STORE}/delete`, { ids: [hq.id] })).status).toBe(409);
    // a started sheet is no longer edited nor deleted, whatever its kind
    expect((await move('start', own.id)).status).toBe(200);
    await settled();
    expect((await call(`${STORE}/update`, { id: own.id, remark: 'd' })).status).toBe(409);
    expect((await call(`${STORE}/delete`, { ids: [own.id] })).status).toBe(409);
    const fresh = (await make({})).body.data;
    expect((await call(`${STORE}/delete`, { ids: [fresh.id] })).status).toBe(200);
    // a planned time in the past, a warehouse on the store screen, a zone of another site: refused naming the field
    const past = await make({ plannedAt: new Date(Date.now() - 2 * HOUR).toISOString() });
    expect(past.status).toBe(400);
    expect(past.body.msg).toMatch(/Planned at/);
    const wrongSite = await make({ siteId: wh });
    expect(wrongSite.status).toBe(400);
    expect(wrongSite.body.msg).toMatch(/Site/);
    const wrongZone = await make({ siteId: st001, zoneIds: [room] });
    expect(wrongZone.status).toBe(400);
    expect(wrongZone.body.msg).toMatch(/Zones/);
  });

  it('freezes expected at the start: a sale afterwards changes the book, not the count, until sync folds it in as moved', async () => {
    const id = (await make({})).body.data.id;
    const book = await onHandOf(t.ctx.db, tenantId, st004);
    const [sku, held] = [...book].find(([, n]) => n >= 3)!;
    expect((await move('start', id)).status).toBe(200);
    await settled();
    const line = () => detail(id).then((d) => (d.lines as Row[]).find((l) => l.skuId === sku));
    expect((await line())?.expectedQty).toBe(held);
    await t.ctx.db.transaction((tx) =>
      postStockMoves(tx, tenantId, [{ siteId: st004, skuId: sku, kind: 'SOLD', qty: 2, docType: 'store/cashier', docCode: 'T-SALE' }]),
    );
    expect((await onHandOf(t.ctx.db, tenantId, st004, [sku])).get(sku)).toBe(held - 2);
    expect((await line())?.expectedQty).toBe(held);
    expect((await call(`${STORE}/${id}/sync`, {})).status).toBe(409);
    expect((await move('finish', id)).status).toBe(200);
    await settled();
    const synced = await t.call('POST', `${STORE}/${id}/sync?wait=1`, { token: demo, body: {} });
    expect(synced.body.data.state).toBe('done');
    expect(await line()).toMatchObject({ expectedQty: held, movedQty: -2, countedQty: 0, shortQty: held - 2 });
  });

  it('counts an EPC read in two zones once, in the zone of its last read; handheld sessions and the readers alike', async () => {
    const id = (await make({})).body.data.id;
    const [x, y, z] = await freshTags(3);
    const now = Date.now();
    // x: read by the handheld an hour ago, present in the stock room now; y: present in the room before, read by the handheld since
    await t.ctx.db.execute(sql`insert into rfid_epc_states (tenant_id, epc, first_seen_at, last_seen_at, read_count, presence,
        presence_location_id, presence_since, presence_seen_at)
      values (${tenantId}, ${x.epc}, ${new Date(now - 2 * HOUR)}, ${new Date(now - 60_000)}, 5, 'present', ${room}, ${new Date(now - 2 * HOUR)}, ${new Date(now - 60_000)}),
             (${tenantId}, ${y.epc}, ${new Date(now - 3 * HOUR)}, ${new Date(now - 2 * HOUR)}, 5, 'present', ${room}, ${new Date(now - 3 * HOUR)}, ${new Date(now - 2 * HOUR)})`);
    const up = await upload(id, `HH-T-${id}`, [
      { epc: x.epc, at: now - HOUR },
      { epc: y.epc, at: now - 10 * 60_000 },
      { epc: z.epc, at: now - 10 * 60_000 },
      { epc: z.epc, at: now - 5 * 60_000 },
    ]);
    expect(up.status).toBe(200);
    // a new count starts with its first handheld session
    expect((await get(id)).status).toBe(S.COUNTING);
    await settled();
    const epcs = await queryRows<{ epc: string; zone_id: number }>(
      t.ctx.db,
      sql`select epc, zone_id::int as zone_id from stock_count_epcs where tenant_id = ${tenantId} and count_id = ${id} order by epc`,
    );
    const zoneOf = new Map(epcs.map((e) => [e.epc, e.zone_id]));
    expect(epcs.filter((e) => [x.epc, y.epc, z.epc].includes(e.epc))).toHaveLength(3);
    expect(zoneOf.get(x.epc)).toBe(room);
    // the handheld's reads are at its reader's place (HH-03 is bound to ST001)
    expect(zoneOf.get(y.epc)).toBe(st001);
    expect(zoneOf.get(z.epc)).toBe(st001);
    const row = await get(id);
    expect(row.epcCount).toBe(3);
    const d = await detail(id);
    const counted = new Map<number, number>();
    for (const e of [x, y, z]) counted.set(e.sku, (counted.get(e.sku) ?? 0) + 1);
    for (const [sku, n] of counted) expect((d.lines as Row[]).find((l) => l.skuId === sku)?.countedQty).toBe(n);
  });

  it('approval waits for an announced handheld session, then resets the book to the count and observes its EPCs', async () => {
    const id = (await make({})).body.data.id;
    expect((await move('start', id)).status).toBe(200);
    await settled();
    const tags = await freshTags(4);
    const now = Date.now();
    // the pad announced its session (RECORDED): its reads are still on the device
    expect((await upload(id, `HH-A-${id}`)).status).toBe(200);
    expect((await move('finish', id)).status).toBe(200);
    await settled();
    expect((await move('submit', id)).status).toBe(200);
    const early = await move('review', id);
    expect(early.status).toBe(409);
    expect(early.body.msg).toMatch(/upload/i);
    expect((await get(id)).status).toBe(S.SUBMITTED);
    // the reads arrive; counted again, then approved
    expect((await move('cancelReview', id)).status).toBe(200);
    expect(
      (
        await upload(
          id,
          `HH-A-${id}`,
          tags.map((g) => ({ epc: g.epc, at: now - 60_000 })),
        )
      ).status,
    ).toBe(200);
    await settled();
    expect((await move('submit', id)).status).toBe(200);
    expect((await move('review', id)).status).toBe(200);
    const d = await detail(id);
    const lines = d.lines as Row[];
    const book = await onHandOf(t.ctx.db, tenantId, st004);
    // every SKU of the count's scope: the book is what was counted (the rest of the store's book, counted 0, is 0 now);
    // the count holds the 4 EPCs read and those the readers hold present in the store (the test before left two)
    for (const l of lines) expect(book.get(l.skuId) ?? 0).toBe(l.countedQty);
    expect(d.count.countedPieces).toBeGreaterThanOrEqual(4);
    expect([...book.values()].reduce((a, b) => a + b, 0)).toBe(d.count.countedPieces);
    // its figures are the KPIs of its lines
    const k = countKpis(lines.map((l) => ({ expectedQty: l.expectedQty, movedQty: l.movedQty, countedQty: l.countedQty })));
    expect(d.count).toMatchObject({ expectedPieces: k.expectedPieces, countedPieces: k.countedPieces, accuracySku: k.accuracySku });
    expect(Number(d.count.accuracySmape)).toBeCloseTo(k.accuracySmape, 2);
    // the lifecycle: a stock-taking ObjectEvent naming the EPCs
    const events = await queryRows<{ biz_step: string; epcs: string[] }>(
      t.ctx.db,
      sql`select biz_step, epcs from label_tag_events where tenant_id = ${tenantId} and source = 'store/inventory' and ${tags[0].epc} = any(epcs)`,
    );
    expect(events).toHaveLength(1);
    expect(events[0].biz_step).toBe('stock_taking');
    expect(new Set(events[0].epcs)).toEqual(new Set(tags.map((g) => g.epc)));
  });

  it("links the site's ERP stock, makes a count's difference list at approval, and keeps its workflow records", async () => {
    const tags = await freshTags(3);
    const gtins = await queryRows<{ id: number; gtin: string }>(
      t.ctx.db,
      sql`select id::int, gtin from goods_skus where tenant_id = ${tenantId} and id = any(${`{${tags.map((g) => g.sku).join(',')}}`}::bigint[])`,
    );
    const gtin = new Map(gtins.map((g) => [g.id, g.gtin]));
    expect(gtins.every((g) => g.gtin)).toBe(true);
    // the ERP holds 2 of the first tag's SKU at ST015 (taken an hour ago)
    const erp = await t.call('POST', '/api/store/erp-stocks', {
      token: demo,
      body: {
        extern_ref: `T-CNT-${Date.now()}`,
        time: new Date(Date.now() - HOUR).toISOString(),
        location: 'ST015',
        lines: [{ gtin: gtin.get(tags[0].sku), qty: 2 }],
      },
    });
    expect(erp.status).toBe(200);
    const erpId = erp.body.data.id as number;
    const id = (await make({ siteId: st015 })).body.data.id;
    expect((await move('start', id)).status).toBe(200);
    await settled();
    expect((await get(id)).erpStockId).toBe(erpId);
    // the handheld read the three tags
    const now = Date.now();
    expect(
      (
        await upload(
          id,
          `HH-E-${id}`,
          tags.map((g) => ({ epc: g.epc, at: now - 30_000 })),
        )
      ).status,
    ).toBe(200);
    await settled();
    for (const a of ['finish', 'submit']) expect((await move(a, id)).status).toBe(200);
    await settled();
    let d = await detail(id);
    expect(d.erp).toMatchObject({ id: erpId });
    expect((d.lines as Row[]).find((l) => l.skuId === tags[0].sku)?.erpQty).toBe(2);
    expect(d.differenceList).toBeNull();
    expect((d.workflow as Row[]).map((w) => w.type)).toEqual(['cycle_count_started']);
    expect((await move('review', id)).status).toBe(200);
    d = await detail(id);
    // the list: the ERP stock against the counted pieces, source COUNT, a draft
    expect(d.differenceList).toMatchObject({ status: 1 });
    const list = (await t.call('GET', `/api/store/difference-lists/get?id=${d.differenceList.id}`, { token: demo })).body.data as Row;
    expect(list).toMatchObject({ erpStockId: erpId, countId: id, source: 2 });
    const counted = new Map((d.lines as Row[]).map((l) => [l.skuId, l.countedQty]));
    const line = (list.lines as Row[]).find((l) => l.skuId === tags[0].sku)!;
    expect(line).toMatchObject({ erpQty: 2, rfidQty: counted.get(tags[0].sku) });
    for (const l of list.lines as Row[]) expect(l.rfidQty).toBe(counted.get(l.skuId) ?? 0);
    // the workflow: started, then finished with the EPCs counted and the lifecycle events' IDs
    const wf = (await t.call('GET', `${STORE}/${id}/workflow`, { token: demo })).body.data.records as Row[];
    expect(wf.map((w) => w.type)).toEqual(['cycle_count_started', 'cycle_count_finished']);
    expect(wf[1]).toMatchObject({ count: d.count.code, mode: 'stock_taking', epc_count: d.count.epcCount });
    expect(wf[1].location).toMatch(/^urn:/);
    const ids = await queryRows<{ event_id: string }>(
      t.ctx.db,
      sql`select event_id from label_tag_events where tenant_id = ${tenantId} and source = 'store/inventory' and ${tags[0].epc} = any(epcs)`,
    );
    expect(ids.length).toBe(1);
    expect(wf[1].event_ids).toContain(ids[0].event_id);
    // a store user of another store reaches neither the count nor its workflow
    expect((await t.call('GET', `${STORE}/${id}/workflow`, { token: store01 })).status).toBe(404);
  });

  it('a zone count (cycle) counts its zone only and resets the zone rows', async () => {
    const id = (await make({ zoneIds: [room], mode: 2 })).body.data.id;
    expect((await move('start', id)).status).toBe(200);
    await settled();
    const [w] = await freshTags(1);
    await t.ctx.db.execute(sql`insert into rfid_epc_states (tenant_id, epc, first_seen_at, last_seen_at, read_count, presence,
        presence_location_id, presence_since, presence_seen_at)
      values (${tenantId}, ${w.epc}, now(), now(), 1, 'present', ${room}, now(), now())`);
    expect((await t.call('POST', `${STORE}/${id}/refresh?wait=1`, { token: demo, body: {} })).body.data.state).toBe('done');
    for (const a of ['finish', 'submit']) expect((await move(a, id)).status).toBe(200);
    await settled();
    expect((await move('review', id)).status).toBe(200);
    const [zone] = await queryRows<{ on_hand: number }>(
      t.ctx.db,
      sql`select on_hand from stock_sku_locations where tenant_id = ${tenantId} and site_id = ${st004} and zone_id = ${room} and sku_id = ${w.sku}`,
    );
    expect(zone.on_hand).toBeGreaterThanOrEqual(1);
    const [ev] = await queryRows<{ biz_step: string }>(
      t.ctx.db,
      sql`select biz_step from label_tag_events where tenant_id = ${tenantId} and ${w.epc} = any(epcs) and source = 'store/inventory'`,
    );
    expect(ev.biz_step).toBe('cycle_counting');
  });

  it("a count of one category expects, counts and resets that category's SKUs only; a bad scope is refused by name", async () => {
    // two categories of ST001's book
    const cats = await queryRows<{ c: string; skus: number[] }>(
      t.ctx.db,
      sql`select g.big_type as c, array_agg(b.sku_id::int) as skus from stock_sku_locations b
            join goods_skus k on k.tenant_id = b.tenant_id and k.id = b.sku_id join goods g on g.tenant_id = k.tenant_id and g.id = k.goods_id
           where b.tenant_id = ${tenantId} and b.site_id = ${st001} and b.zone_id = 0 and b.on_hand > 0 and g.big_type <> ''
           group by 1 order by count(*) desc limit 2`,
    );
    expect(cats).toHaveLength(2);
    const [inside, outside] = cats;
    const bad = await make({ siteId: st001, scope: { categories: 'women' } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields.map((f: Row) => f.field)).toContain('scope');
    const ghost = await make({ siteId: st001, scope: { brandIds: [987654321] } });
    expect([ghost.status, ghost.body.data.fields[0].field]).toEqual([400, 'scope']);

    const id = (await make({ siteId: st001, mode: 2, scope: { categories: [inside.c] } })).body.data.id;
    expect((await get(id)).scope).toEqual({ categories: [inside.c] });
    expect((await move('start', id)).status).toBe(200);
    await settled();
    const expected = (await detail(id)).lines as Row[];
    expect(expected.length).toBeGreaterThan(0);
    for (const l of expected) expect(inside.skus).toContain(l.skuId);
    // a handheld reads a piece of each category; the other category's is kept with the count's EPCs, in no line
    const tagOf = async (skus: number[]) =>
      (
        await queryRows<{ epc: string; sku: number }>(
          t.ctx.db,
          sql`select g.epc, g.sku_id::int as sku from label_tags g
               where g.tenant_id = ${tenantId} and g.sku_id = any(${`{${skus.join(',')}}`}::bigint[])
                 and not exists (select 1 from rfid_epc_states s where s.tenant_id = g.tenant_id and s.epc = g.epc)
               order by g.epc limit 1`,
        )
      )[0];
    const [a, b] = [await tagOf(inside.skus), await tagOf(outside.skus)];
    const bookBefore = await onHandOf(t.ctx.db, tenantId, st001);
    const now = Date.now();
    expect(
      (
        await upload(id, `HH-S-${id}`, [
          { epc: a.epc, at: now - 60_000 },
          { epc: b.epc, at: now - 60_000 },
        ])
      ).status,
    ).toBe(200);
    await settled();
    for (const x of ['finish', 'submit']) expect((await move(x, id)).status).toBe(200);
    await settled();
    const d = await detail(id);
    const lines = d.lines as Row[];
    for (const l of lines) expect(inside.skus).toContain(l.skuId);
    expect(lines.find((l) => l.skuId === a.sku)?.countedQty).toBeGreaterThanOrEqual(1);
    expect(lines.some((l) => l.skuId === b.sku)).toBe(false);
    expect((await move('review', id)).status).toBe(200);
    const book = await onHandOf(t.ctx.db, tenantId, st001);
    // the category's SKUs are what was counted; the other category's book is as it was
    for (const l of lines) expect(book.get(l.skuId) ?? 0).toBe(l.countedQty);
    for (const sku of outside.skus) expect(book.get(sku) ?? 0).toBe(bookBefore.get(sku) ?? 0);
    // and only the category's EPCs are observed
    const seen = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from label_tag_events where tenant_id = ${tenantId} and source = 'store/inventory' and ${b.epc} = any(epcs)`,
    );
    expect(seen[0].n).toBe(0);
  });

  it("party scope: a store's user sees and makes its store's counts only; a warehouse's user its warehouse's", async () => {
    const mine = (await call(`${STORE}/list`, { pageSize: 200 }, store01)).body.data.list as Row[];
    expect(mine.length).toBeGreaterThan(3);
    expect(mine.every((r) => r.siteId === st001)).toBe(true);
    const other = (await call(`${STORE}/list`, { pageSize: 5, siteId: st004 })).body.data.list as Row[];
    expect((await t.call('GET', `${STORE}/get?id=${other[0].id}`, { token: store01 })).status).toBe(404);
    // left blank: its own store
    const made = await make({ siteId: undefined }, store01);
    expect(made.status).toBe(200);
    expect(made.body.data.siteId).toBe(st001);
    expect((await make({ siteId: st004 }, store01)).status).toBeGreaterThanOrEqual(400);
    // an instruction comes from HQ, not from the store
    expect((await make({ siteId: undefined, sheetKind: K.INSTRUCTION }, store01)).status).toBe(400);
    const dc = (await call(`${DC}/list`, { pageSize: 200 }, wh01)).body.data.list as Row[];
    expect(dc.length).toBeGreaterThanOrEqual(2);
    expect(dc.every((r) => r.siteId === wh)).toBe(true);
    // store/inventory (its ERP stock and difference lists) lists a warehouse's user no store's count
    const storeSide = await call(`${STORE}/list`, {}, wh01);
    expect(storeSide.status).toBe(200);
    expect(storeSide.body.data.list).toEqual([]);
    expect((await make({ siteId: undefined }, wh01, DC)).status).toBe(200);
    // the report: a store's user sees its store only
    const report = (await call('/api/store/report-stocktaking/data', {}, store01)).body.data;
    expect(report.counts.length).toBeGreaterThanOrEqual(2);
    expect(new Set(report.counts.map((c: Row) => c.siteCode))).toEqual(new Set(['ST001']));
  });

  it('a refresh counts the SKUs of thousands of registry EPCs and clears a SKU whose EPCs left', async () => {
    const id = (await make({})).body.data.id;
    const tags = await freshTags(2000);
    const [gone, ...read] = tags;
    const now = Date.now();
    // one tag the overhead readers hold present in the stock room; the rest read by the handheld
    await t.ctx.db.execute(sql`insert into rfid_epc_states (tenant_id, epc, first_seen_at, last_seen_at, read_count, presence,
        presence_location_id, presence_since, presence_seen_at)
      values (${tenantId}, ${gone.epc}, ${new Date(now - HOUR)}, ${new Date(now - 60_000)}, 5, 'present', ${room}, ${new Date(now - HOUR)}, ${new Date(now - 60_000)})`);
    expect(
      (
        await upload(
          id,
          `HH-SKUS-${id}`,
          read.map((r, i) => ({ epc: r.epc, at: now - 600_000 + i })),
        )
      ).status,
    ).toBe(200);
    await settled();
    const counted = async () =>
      new Map(
        (
          await queryRows<{ sku: number; n: number }>(
            t.ctx.db,
            sql`select sku_id::int as sku, counted_qty as n from stock_count_lines where tenant_id = ${tenantId} and count_id = ${id}`,
          )
        ).map((r) => [r.sku, r.n]),
      );
    const want = new Map<number, number>();
    for (const r of tags) want.set(r.sku, (want.get(r.sku) ?? 0) + 1);
    const before = await counted();
    for (const [sku, n] of want) expect(before.get(sku), `SKU ${sku}`).toBe(n);
    // the tag leaves the store: a refresh counts its SKU one less (none: 0, or the line gone when nothing is expected either)
    await t.ctx.db.execute(sql`update rfid_epc_states set presence = 'departed', presence_location_id = null
      where tenant_id = ${tenantId} and epc = ${gone.epc}`);
    const refreshed = await t.call('POST', `${STORE}/${id}/refresh?wait=1`, { token: demo, body: {} });
    expect(refreshed.body.data.state).toBe('done');
    const after = await counted();
    expect(after.get(gone.sku) ?? 0).toBe(want.get(gone.sku)! - 1);
    for (const [sku, n] of want) if (sku !== gone.sku) expect(after.get(sku), `SKU ${sku}`).toBe(n);
  }, 120_000);

  it('refreshes a 30,000-EPC count in chunks of 5,000, aside, and swaps it in', async () => {
    const id = (await make({})).body.data.id;
    const base = Date.now() - HOUR;
    const reads = Array.from({ length: 30_000 }, (_, i) => ({ epc: `30340000000000${String(i).padStart(10, '0')}`, at: base + i }));
    const cpu = process.cpuUsage();
    const started = performance.now();
    expect((await upload(id, `HH-BIG-${id}`, reads)).status).toBe(200);
    await settled();
    const used = process.cpuUsage(cpu);
    console.log(
      `30,000-EPC upload + refresh: ${Math.round(performance.now() - started)} ms wall, ${Math.round((used.user + used.system) / 1000)} ms CPU (server process)`,
    );
    // the 30,000 read (none in the registry), and the few the readers hold present in the store
    const row = await get(id);
    expect(row.unknownEpcs).toBe(30_000);
    expect(row.epcCount - row.unknownEpcs).toBe(row.countedPieces);
    // refreshed again: the next generation swapped in, the one before deleted (only the one on show is kept)
    expect((await t.call('POST', `${STORE}/${id}/refresh?wait=1`, { token: demo, body: {} })).body.data.state).toBe('done');
    const [kept] = await queryRows<{ n: number; gens: number }>(
      t.ctx.db,
      sql`select count(*)::int as n, count(distinct gen)::int as gens from stock_count_epcs where tenant_id = ${tenantId} and count_id = ${id}`,
    );
    expect(kept).toEqual({ n: row.epcCount, gens: 1 });
    expect((await get(id)).epcCount).toBe(row.epcCount);
  }, 120_000);
});
