import { BILL_KIND, BILL_STATUS, RETAG_REASON, RETAG_STATUS, TAG_STATUS } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { stopParsePool } from '../src/modules/rfid/ingest/parse-pool.js';
import { percentile, shipmentReport, takeDeliveryReport } from '../src/modules/store/reports/aggregate.js';
import { type BillFact, historicBillsDemo } from '../src/modules/warehouse/index.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';
import { readAndFold, testReader, testScene, zoneOf } from './support-readers.js';

// biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely
type Row = Record<string, any>;

/** A bill's facts with defaults (a reviewed transfer WH01 → ST001 of 2 cartons, 40 pieces). */
const fact = (over: Partial<BillFact>): BillFact => ({
  id: 1,
  code: 'BL1',
  kind: BILL_KIND.TRANSFER,
  status: BILL_STATUS.REVIEWED,
  sourceId: 10,
  sourceCode: 'WH01',
  sourceName: 'DC',
  destId: 20,
  destCode: 'ST001',
  destName: 'Store 1',
  toStore: true,
  shippedAt: new Date('2026-03-02T02:00:00Z'),
  receivedAt: new Date('2026-03-03T02:00:00Z'),
  doneAt: new Date('2026-03-03T04:00:00Z'),
  cartonsExpected: 2,
  cartonsReceived: 2,
  piecesExpected: 40,
  piecesReceived: 40,
  piecesDiff: 0,
  cartonsChecked: 2,
  cartonsMatched: 2,
  ...over,
});

describe('store report arithmetic (pure)', () => {
  const range = {
    from: '2026-03-02',
    to: '2026-03-15',
    period: 'week' as const,
    tz: 'Asia/Shanghai',
    asOf: new Date('2026-03-15T16:00:00Z'),
  };

  it('percentiles lie between ranks as percentile_cont', () => {
    expect(percentile([], 0.5)).toBeNull();
    expect(percentile([10], 0.9)).toBe(10);
    expect(percentile([24, 10, 30, 40], 0.5)).toBe(27);
    expect(percentile([10, 24, 30, 40], 0.9)).toBeCloseTo(37, 9);
  });

  it('sums shipment per week, site and kind; diffs finished receipts only; ages in transit to the range end', () => {
    const facts = [
      fact({ id: 1 }),
      // 10 h later shipped, 48 h on the way, 2 short
      fact({
        id: 2,
        shippedAt: new Date('2026-03-03T02:00:00Z'),
        receivedAt: new Date('2026-03-05T02:00:00Z'),
        piecesReceived: 38,
        piecesDiff: -2,
        cartonsMatched: 1,
      }),
      // on its way since Friday 2026-03-13 08:00 local: aged to the range's end (Mon 00:00 local) = 64 h
      fact({
        id: 3,
        status: BILL_STATUS.IN_TRANSIT,
        shippedAt: new Date('2026-03-13T00:00:00Z'),
        receivedAt: null,
        doneAt: null,
        cartonsReceived: 0,
        piecesReceived: 0,
        piecesDiff: -40,
        cartonsChecked: 0,
        cartonsMatched: 0,
      }),
      // a store return from ST001, Sunday 23:30 local = still week 2026-03-02
      fact({
        id: 4,
        kind: BILL_KIND.STORE_RETURN,
        sourceId: 20,
        sourceCode: 'ST001',
        destId: 10,
        destCode: 'WH01',
        shippedAt: new Date('2026-03-08T15:30:00Z'),
        receivedAt: new Date('2026-03-09T03:30:00Z'),
        cartonsExpected: 1,
        cartonsReceived: 1,
        piecesExpected: 10,
        piecesReceived: 11,
        piecesDiff: 1,
      }),
    ];
    const r = shipmentReport(facts, range);
    expect(r.rows).toEqual(
      [
        {
          period: '2026-03-02',
          siteId: 20,
          siteCode: 'ST001',
          siteName: 'DC',
          kind: BILL_KIND.STORE_RETURN,
          bills: 1,
          cartonsShipped: 1,
          cartonsReceived: 1,
          cartonsDiff: 0,
          piecesShipped: 10,
          piecesReceived: 11,
          piecesDiff: 1,
          inTransit: 0,
          transitP50H: 12,
          transitP90H: 12,
        },
        {
          period: '2026-03-02',
          siteId: 10,
          siteCode: 'WH01',
          siteName: 'DC',
          kind: BILL_KIND.TRANSFER,
          bills: 2,
          cartonsShipped: 4,
          cartonsReceived: 4,
          cartonsDiff: 0,
          piecesShipped: 80,
          piecesReceived: 78,
          piecesDiff: -2,
          inTransit: 0,
          transitP50H: 36,
          transitP90H: 45.6,
        },
        {
          period: '2026-03-09',
          siteId: 10,
          siteCode: 'WH01',
          siteName: 'DC',
          kind: BILL_KIND.TRANSFER,
          bills: 1,
          cartonsShipped: 2,
          cartonsReceived: 0,
          cartonsDiff: 0,
          piecesShipped: 40,
          piecesReceived: 0,
          piecesDiff: 0,
          inTransit: 1,
          transitP50H: 64,
          transitP90H: 64,
        },
      ].sort((a, b) => a.period.localeCompare(b.period) || a.siteCode.localeCompare(b.siteCode)),
    );
    expect(r.weekly).toEqual([
      { week: '2026-03-02', shipped: 90, received: 89 },
      { week: '2026-03-09', shipped: 40, received: 0 },
    ]);
    expect(r.ageing).toEqual([
      { bucket: '0-24', bills: 0 },
      { bucket: '24-48', bills: 0 },
      { bucket: '48-72', bills: 1 },
      { bucket: '72-168', bills: 0 },
      { bucket: '168+', bills: 0 },
    ]);
  });

  it('sums take-delivery per received week, sender and store: diff ratio of bills’ differences, matched cartons, receiving time', () => {
    const facts = [
      fact({ id: 1 }),
      fact({ id: 2, piecesReceived: 38, piecesDiff: -2, cartonsMatched: 1, doneAt: new Date('2026-03-03T06:00:00Z') }),
      fact({ id: 3, piecesReceived: 41, piecesDiff: 1, cartonsChecked: 2, cartonsMatched: 1, status: BILL_STATUS.RECEIVING, doneAt: null }),
      // not yet received: left out
      fact({ id: 4, status: BILL_STATUS.IN_TRANSIT, receivedAt: null, doneAt: null }),
    ];
    const r = takeDeliveryReport(facts, range);
    expect(r.rows).toEqual([
      {
        period: '2026-03-02',
        senderId: 10,
        senderCode: 'WH01',
        senderName: 'DC',
        storeId: 20,
        storeCode: 'ST001',
        storeName: 'Store 1',
        bills: 3,
        piecesShould: 120,
        piecesReal: 119,
        piecesDiff: -1,
        // (0 + 2 + 1) / 120
        diffRatio: 2.5,
        cartonsChecked: 6,
        cartonsMatched: 4,
        matchedPct: 66.67,
        // (2 h + 4 h) / 2
        receivingH: 3,
      },
    ]);
    expect(r.reliability).toEqual([{ senderId: 10, senderName: 'DC', week: '2026-03-02', matchedPct: 66.67, piecesPct: 99.17 }]);
  });
});

/** The store reports and re-tags over the API (operations.md §6 E8, store/report-*). */
describe(`store reports and re-tags on ${DRIVER}`, () => {
  let t: TestApp;
  let demo: string;
  let store01: string;
  let wh01: string;
  let tenantId: number;
  const site = new Map<string, number>();

  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
    store01 = await t.login('store01', 'demo1234');
    wh01 = await t.login('wh01', 'demo1234');
    [{ id: tenantId }] = await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from tenants where code = 'DEMO'`);
    for (const r of await queryRows<{ id: number; code: string }>(
      t.ctx.db,
      sql`select id::int as id, code from locations where tenant_id = ${tenantId} and code in ('WH01', 'WH02', 'ST001', 'ST002', 'ST007')`,
    ))
      site.set(r.code, r.id);
  }, 240_000);
  afterAll(async () => {
    await stopParsePool();
    await t?.close();
  });

  const post = (url: string, body: Row, token = demo, lang = 'en_US') => t.call('POST', `/api/${url}`, { token, body, lang });

  describe('reports', () => {
    // a week of 2021 no demo bill reaches: Mon 2021-03-01 … Sun 2021-03-07 (Asia/Shanghai)
    const range = { from: '2021-03-01', to: '2021-03-07' };
    beforeAll(async () => {
      const [sku] = await queryRows<{ id: number }>(
        t.ctx.db,
        sql`select id::int as id from goods_skus where tenant_id = ${tenantId} order by id limit 1`,
      );
      const c = (no: string, qty: number, read: number, over = 0) => ({ cartonNo: no, skuId: sku.id, qty, read, over });
      await t.ctx.db.transaction((tx) =>
        historicBillsDemo(tx, tenantId, [
          // WH01 → ST001: reviewed, 2 cartons, one 2 short; 30 h on the way, 2 h receiving
          {
            kind: BILL_KIND.TRANSFER,
            status: BILL_STATUS.REVIEWED,
            sourceLocationId: site.get('WH01')!,
            destLocationId: site.get('ST001')!,
            shippedAt: new Date('2021-03-01T02:00:00Z'),
            receivedAt: new Date('2021-03-02T08:00:00Z'),
            reviewedAt: new Date('2021-03-02T10:00:00Z'),
            cartons: [c('T21A1', 20, 20), c('T21A2', 20, 18)],
          },
          // WH01 → ST002: reviewed, matched; 20 h on the way, 1 h receiving
          {
            kind: BILL_KIND.TRANSFER,
            status: BILL_STATUS.REVIEWED,
            sourceLocationId: site.get('WH01')!,
            destLocationId: site.get('ST002')!,
            shippedAt: new Date('2021-03-02T02:00:00Z'),
            receivedAt: new Date('2021-03-02T22:00:00Z'),
            reviewedAt: new Date('2021-03-02T23:00:00Z'),
            cartons: [c('T21B1', 30, 30)],
          },
          // WH02 → ST007: still in transit since Fri 2021-03-05 00:00 local (aged 72 h to the range's end)
          {
            kind: BILL_KIND.TRANSFER,
            status: BILL_STATUS.IN_TRANSIT,
            sourceLocationId: site.get('WH02')!,
            destLocationId: site.get('ST007')!,
            shippedAt: new Date('2021-03-04T16:00:00Z'),
            cartons: [c('T21C1', 25, 0)],
          },
        ]),
      );
    });

    it('sums the shipment report over the bills of the range, exactly, with its charts', async () => {
      const r = await post('store/report-shipment/query', range);
      expect(r.status, r.body.msg).toBe(200);
      const d = r.body.data;
      expect(d).toMatchObject({ from: '2021-03-01', to: '2021-03-07', period: 'week' });
      expect(
        d.rows.map((x: Row) => [
          x.siteCode,
          x.bills,
          x.cartonsShipped,
          x.piecesShipped,
          x.piecesReceived,
          x.piecesDiff,
          x.inTransit,
          x.transitP50H,
          x.transitP90H,
        ]),
      ).toEqual([
        ['WH01', 2, 3, 70, 68, -2, 0, 25, 29],
        ['WH02', 1, 1, 25, 0, 0, 1, 72, 72],
      ]);
      expect(d.weekly).toEqual([{ week: '2021-03-01', shipped: 95, received: 68 }]);
      expect(d.ageing.find((a: Row) => a.bucket === '72-168').bills).toBe(1);
      expect(d.sites.map((s: Row) => s.code)).toEqual(['WH01', 'WH02']);
      // a site filter keeps the sender's rows, the pickers keep every site
      const only = (await post('store/report-shipment/query', { ...range, siteId: site.get('WH02') })).body.data;
      expect(only.rows.map((x: Row) => x.siteCode)).toEqual(['WH02']);
      expect(only.sites).toHaveLength(2);
      // months: one row a site for March
      const months = (await post('store/report-shipment/query', { ...range, period: 'month' })).body.data;
      expect(months.rows.map((x: Row) => x.period)).toEqual(['2021-03-01', '2021-03-01']);
    });

    it('sums the take-delivery report per sender and store, exactly', async () => {
      const r = await post('store/report-take-delivery/query', range);
      expect(r.status, r.body.msg).toBe(200);
      const d = r.body.data;
      expect(
        d.rows.map((x: Row) => [
          x.senderCode,
          x.storeCode,
          x.bills,
          x.piecesShould,
          x.piecesReal,
          x.piecesDiff,
          x.diffRatio,
          x.cartonsChecked,
          x.cartonsMatched,
          x.matchedPct,
          x.receivingH,
        ]),
      ).toEqual([
        ['WH01', 'ST001', 1, 40, 38, -2, 5, 2, 1, 50, 2],
        ['WH01', 'ST002', 1, 30, 30, 0, 0, 1, 1, 100, 1],
      ]);
      expect(d.reliability).toEqual([expect.objectContaining({ week: '2021-03-01', matchedPct: 66.67, piecesPct: 97.14 })]);
      expect(d.stores.map((s: Row) => s.code)).toEqual(['ST001', 'ST002']);
      const one = (await post('store/report-take-delivery/query', { ...range, siteId: site.get('ST002') })).body.data;
      expect(one.rows.map((x: Row) => x.storeCode)).toEqual(['ST002']);
    });

    it('keeps a store user to its store’s bills and a warehouse user to its warehouse’s', async () => {
      const mine = (await post('store/report-shipment/query', range, store01)).body.data;
      expect(mine.rows.map((x: Row) => [x.siteCode, x.bills, x.piecesShipped])).toEqual([['WH01', 1, 40]]);
      const td = (await post('store/report-take-delivery/query', range, store01)).body.data;
      expect(td.rows.map((x: Row) => x.storeCode)).toEqual(['ST001']);
      expect(td.stores.map((s: Row) => s.code)).toEqual(['ST001']);
      const dc = (await post('store/report-shipment/query', range, wh01)).body.data;
      expect(dc.rows.map((x: Row) => x.siteCode)).toEqual(['WH01']);
      expect(dc.sites.map((s: Row) => s.code)).toEqual(['WH01']);
    });

    it('refuses a bad range naming the field, and exports the table as xlsx', async () => {
      const back = await post('store/report-shipment/query', { from: '2021-03-07', to: '2021-03-01' });
      expect(back.status).toBe(400);
      expect(back.body.msg).toMatch(/^To/);
      expect(back.body.msg).toContain('2021-03-07');
      const long = await post('store/report-take-delivery/query', { from: '2019-01-01', to: '2021-03-01' });
      expect(long.status).toBe(400);
      expect(long.body.msg).toMatch(/From.*366/);
      const shape = await post('store/report-shipment/query', { from: '2021-02-30' });
      expect(shape.status).toBe(400);
      expect(shape.body.msg).toMatch(/From/);
      const period = await post('store/report-shipment/query', { period: 'day' });
      expect(period.status).toBe(400);
      expect(period.body.msg).toMatch(/Period/);
      const x = await t.app.inject({
        method: 'POST',
        url: '/api/store/report-take-delivery/export',
        headers: { token: demo, langeType: 'en_US', 'content-type': 'application/json' },
        payload: JSON.stringify(range),
      });
      expect(x.statusCode).toBe(200);
      expect(x.headers['content-type']).toMatch(/spreadsheetml/);
      expect(x.rawPayload.subarray(0, 2).toString()).toBe('PK');
    });

    it('shows several weeks of transfers with differences on a fresh start (the demo)', async () => {
      const d = (await post('store/report-take-delivery/query', {})).body.data;
      const weeks = new Set(d.rows.map((x: Row) => x.period));
      expect(weeks.size).toBeGreaterThanOrEqual(7);
      expect(d.rows.some((x: Row) => x.piecesDiff !== 0)).toBe(true);
      const wh = (code: string) =>
        d.reliability.filter((x: Row) => x.senderName && d.senders.find((s: Row) => s.code === code)?.id === x.senderId);
      expect(wh('WH01').length).toBeGreaterThan(0);
      expect(wh('WH02').length).toBeGreaterThan(0);
      const s = (await post('store/report-shipment/query', {})).body.data;
      expect(s.weekly).toHaveLength(8);
      expect(s.ageing.reduce((n: number, a: Row) => n + a.bills, 0)).toBeGreaterThan(0);
    });
  });

  describe('re-tags', () => {
    const list = async (token = demo, body: Row = {}) => {
      const r = await post('store/supplementary-bid/list', { page: 1, pageSize: 100, ...body }, token);
      expect(r.status, r.body.msg).toBe(200);
      return r.body.data.list as Row[];
    };
    const tagOf = async (epc: string) =>
      (
        await queryRows<{ status: number; sku_id: number }>(
          t.ctx.db,
          sql`select status, sku_id::int as sku_id from label_tags where tenant_id = ${tenantId} and epc = ${epc}`,
        )
      )[0];
    const unusedTag = async (skip = 0) =>
      (
        await queryRows<{ epc: string; sku_id: number }>(
          t.ctx.db,
          sql`select epc, sku_id::int as sku_id from label_tags t where tenant_id = ${tenantId} and epc <> '' and status <> ${TAG_STATUS.CLEARED}
                and not exists (select 1 from store_retags r where r.tenant_id = t.tenant_id and (r.old_epc = t.epc or r.new_epc = t.epc))
              order by id limit 1 offset ${skip}`,
        )
      )[0];

    it('keeps a store user to its store’s re-tags and stamps its store on the ones it makes', async () => {
      const all = await list();
      expect(new Set(all.map((r) => r.status))).toEqual(new Set([RETAG_STATUS.NEW, RETAG_STATUS.PRINTED, RETAG_STATUS.APPLIED]));
      expect(all.some((r) => r.siteId !== site.get('ST001'))).toBe(true);
      const mine = await list(store01);
      expect(mine.length).toBeGreaterThan(0);
      for (const r of mine) expect(r.siteId).toBe(site.get('ST001'));
      const tag = await unusedTag();
      const made = await post(
        'store/supplementary-bid/create',
        { oldEpc: tag.epc, skuId: tag.sku_id, reason: RETAG_REASON.DAMAGED },
        store01,
      );
      expect(made.status, made.body.msg).toBe(200);
      expect(made.body.data).toMatchObject({ siteId: site.get('ST001'), oldEpc: tag.epc, skuId: tag.sku_id, status: RETAG_STATUS.NEW });
      expect(made.body.data.code).toMatch(/^RT\d{12}$/);
      // another store's row is not reached
      const theirs = all.find((r) => r.siteId !== site.get('ST001') && r.status === RETAG_STATUS.NEW)!;
      expect((await t.call('GET', `/api/store/supplementary-bid/get?id=${theirs.id}`, { token: store01 })).status).toBe(404);
      expect((await post('store/supplementary-bid/print', { ids: [theirs.id] }, store01)).status).toBe(404);
      // nor made for another store
      const other = await post(
        'store/supplementary-bid/create',
        { siteId: site.get('ST002'), skuId: tag.sku_id, reason: RETAG_REASON.UNTAGGED },
        store01,
      );
      expect(other.status).toBe(400);
      expect(other.body.msg).toMatch(/Store/);
    });

    it('refuses bad input naming the field', async () => {
      const tag = await unusedTag(1);
      const untagged = await post('store/supplementary-bid/create', {
        siteId: site.get('ST001'),
        oldEpc: tag.epc,
        skuId: tag.sku_id,
        reason: RETAG_REASON.UNTAGGED,
      });
      expect(untagged.status).toBe(400);
      expect(untagged.body.msg).toMatch(/^Old EPC/);
      const noSku = await post('store/supplementary-bid/create', { siteId: site.get('ST001'), reason: RETAG_REASON.UNTAGGED });
      expect(noSku.status).toBe(400);
      expect(noSku.body.msg).toMatch(/SKU/);
      // a label of no tag of the tenant (a foreign one lost its way): the piece's SKU is needed, as always
      const unknown = await post('store/supplementary-bid/create', {
        siteId: site.get('ST001'),
        oldEpc: 'E2801160600002093A6F1A2B',
        reason: RETAG_REASON.LOST,
      });
      expect(unknown.status).toBe(400);
      expect(unknown.body.msg).toMatch(/SKU/);
      const shape = await post('store/supplementary-bid/create', {
        siteId: site.get('ST001'),
        oldEpc: 'XYZ',
        skuId: tag.sku_id,
        reason: RETAG_REASON.LOST,
      });
      expect(shape.status).toBe(400);
      expect(shape.body.msg).toMatch(/Old EPC/);
      const reason = await post('store/supplementary-bid/create', {
        siteId: site.get('ST001'),
        oldEpc: tag.epc,
        skuId: tag.sku_id,
        reason: 9,
      });
      expect(reason.status).toBe(400);
      expect(reason.body.msg).toMatch(/Reason/);
      const [otherSku] = await queryRows<{ id: number }>(
        t.ctx.db,
        sql`select id::int as id from goods_skus where tenant_id = ${tenantId} and id <> ${tag.sku_id} limit 1`,
      );
      const wrong = await post('store/supplementary-bid/create', {
        siteId: site.get('ST001'),
        oldEpc: tag.epc,
        skuId: otherSku.id,
        reason: RETAG_REASON.LOST,
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.msg).toMatch(/^SKU/);
      const ok = await post('store/supplementary-bid/create', {
        siteId: site.get('ST001'),
        oldEpc: tag.epc,
        skuId: tag.sku_id,
        reason: RETAG_REASON.LOST,
      });
      expect(ok.status, ok.body.msg).toBe(200);
      const twice = await post('store/supplementary-bid/create', {
        siteId: site.get('ST001'),
        oldEpc: tag.epc,
        skuId: tag.sku_id,
        reason: RETAG_REASON.DAMAGED,
      });
      expect(twice.status).toBe(400);
      expect(twice.body.msg).toMatch(/^Old EPC.*open/);
    });

    it('prints: new EPC commissioned, old decommissioned, NEW → PRINTED; printed again as is; applied by hand, then refused', async () => {
      const tag = await unusedTag(2);
      const made = (
        await post('store/supplementary-bid/create', { oldEpc: tag.epc, skuId: tag.sku_id, reason: RETAG_REASON.UNREADABLE }, store01)
      ).body.data;
      const untagged = (await post('store/supplementary-bid/create', { skuId: tag.sku_id, reason: RETAG_REASON.UNTAGGED }, store01)).body
        .data;
      // applying a row not printed: refused by the machine
      const early = await post('store/supplementary-bid/applyTag', { id: made.id }, store01);
      expect(early.status, early.body.msg).toBe(409);
      const printed = await t.app.inject({
        method: 'POST',
        url: '/api/store/supplementary-bid/print',
        headers: { token: store01, 'content-type': 'application/json' },
        payload: JSON.stringify({ ids: [made.id, untagged.id] }),
      });
      expect(printed.statusCode, printed.body).toBe(200);
      expect(printed.headers['content-type']).toMatch(/zpl/);
      const task = String(printed.headers['x-print-task']);
      expect(task).toMatch(/^RP\d{12}$/);
      const rows = await list(store01, { printTask: task });
      expect(rows).toHaveLength(2);
      const row = rows.find((r) => r.id === made.id)!;
      expect(row).toMatchObject({ status: RETAG_STATUS.PRINTED, skuId: tag.sku_id });
      expect(row.newEpc).toMatch(/^[0-9A-F]{24}$/);
      expect(row.newEpc).not.toBe(tag.epc);
      expect(printed.body.match(/\^XA/g)).toHaveLength(2);
      expect(printed.body).toContain(row.newEpc);
      // the old tag cleared and decommissioned, the new one a tag of the same SKU, commissioned at ST001
      expect((await tagOf(tag.epc)).status).toBe(TAG_STATUS.CLEARED);
      expect((await tagOf(row.newEpc)).sku_id).toBe(tag.sku_id);
      const events = await queryRows<{ biz_step: string; action: string }>(
        t.ctx.db,
        sql`select biz_step, action from label_tag_events where tenant_id = ${tenantId} and (epcs @> array[${tag.epc}]::text[] or epcs @> array[${row.newEpc}]::text[]) and source = 'store/supplementary-bid' order by id`,
      );
      expect(events.map((e) => `${e.action} ${e.biz_step}`)).toEqual(['DELETE decommissioning', 'ADD commissioning']);
      const newUntagged = rows.find((r) => r.id === untagged.id)!;
      expect(newUntagged.newEpc).toMatch(/^[0-9A-F]{24}$/);
      // printed again: the same EPC, a new task
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/store/supplementary-bid/print',
        headers: { token: store01, 'content-type': 'application/json' },
        payload: JSON.stringify({ ids: [made.id] }),
      });
      expect(again.statusCode).toBe(200);
      expect(again.body).toContain(row.newEpc);
      expect(again.headers['x-print-task']).not.toBe(task);
      // a printed row is no longer edited nor deleted
      expect((await post('store/supplementary-bid/update', { id: made.id, remark: 'x' }, store01)).status).toBe(409);
      const applied = await post('store/supplementary-bid/applyTag', { id: made.id }, store01);
      expect(applied.status, applied.body.msg).toBe(200);
      expect(applied.body.data).toMatchObject({ status: RETAG_STATUS.APPLIED, appliedBy: 'store01' });
      const refused = await post('store/supplementary-bid/print', { ids: [made.id] }, store01);
      expect(refused.status).toBe(409);
      expect(refused.body.msg).toContain(made.code);
    });

    it('is applied when its new label is read once at its store, not at another', async () => {
      const made = [];
      for (const skip of [3, 4]) {
        const tag = await unusedTag(skip);
        made.push(
          (await post('store/supplementary-bid/create', { oldEpc: tag.epc, skuId: tag.sku_id, reason: RETAG_REASON.DAMAGED }, store01)).body
            .data,
        );
      }
      expect((await post('store/supplementary-bid/print', { ids: made.map((m) => m.id) }, store01)).status).toBe(200);
      const [a] = await list(store01, { code: made[0].code });
      const [b] = await list(store01, { code: made[1].code });
      expect([a.status, b.status]).toEqual([RETAG_STATUS.PRINTED, RETAG_STATUS.PRINTED]);
      const scene = await testScene(t, tenantId, 'S-RETAG', 1);
      const elsewhere = await testReader(t, tenantId, 'GEN-WH01-RETAG', await zoneOf(t, tenantId, 'WH01', 9), scene);
      const floor = await testReader(t, tenantId, 'GEN-ST001-RETAG', await zoneOf(t, tenantId, 'ST001', 1), scene);
      await readAndFold(t, elsewhere, [a.newEpc], 'retag-1');
      await readAndFold(t, floor, [b.newEpc], 'retag-2');
      expect((await list(store01, { code: made[0].code }))[0].status).toBe(RETAG_STATUS.PRINTED);
      expect((await list(store01, { code: made[1].code }))[0]).toMatchObject({
        status: RETAG_STATUS.APPLIED,
        appliedBy: 'GEN-ST001-RETAG',
      });
    });
  });
});
