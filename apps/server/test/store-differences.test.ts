import * as XLSX from '@e965/xlsx';
import { DIFF_STATUS } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { erpStockOf } from '../src/modules/store/index.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';
import { FORM_BOUNDARY, formData, workbook } from './uploads.js';

// biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely
type Row = Record<string, any>;

/** ERP stock and difference lists (issue 30, ../shared/operations.md §9 "Three numbers", "Difference list"). */
describe(`ERP stock and difference lists on ${DRIVER}`, () => {
  let t: TestApp;
  let demo: string;
  let store01: string;
  let wh01: string;
  let tenantId: number;
  let site: Record<string, number>;
  /** SKUs with a GTIN and a price, none in ST005's book */
  let skus: { id: number; barcode: string; gtin: string; price: number }[];

  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
    store01 = await t.login('store01', 'demo1234');
    wh01 = await t.login('wh01', 'demo1234');
    [{ id: tenantId }] = await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from tenants where code = 'DEMO'`);
    const places = await queryRows<{ code: string; id: number }>(
      t.ctx.db,
      sql`select code, id::int as id from locations where tenant_id = ${tenantId} and code in ('ST001', 'ST002', 'ST005', 'WH01')`,
    );
    site = Object.fromEntries(places.map((p) => [p.code, p.id]));
    skus = await queryRows(
      t.ctx.db,
      sql`select k.id::int, k.sku_barcode as barcode, k.gtin, 10.5::float8 as price from goods_skus k
           where k.tenant_id = ${tenantId} and k.gtin <> ''
             and not exists (select 1 from stock_sku_locations s where s.tenant_id = k.tenant_id and s.sku_id = k.id)
           order by k.id limit 4`,
    );
    await t.ctx.db.execute(
      sql`update goods_skus set price = 10.5 where tenant_id = ${tenantId} and id = any(${`{${skus.map((s) => s.id).join(',')}}`}::bigint[])`,
    );
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  const call = async (method: 'GET' | 'POST', url: string, body?: unknown, token = demo, lang = 'en_US') => {
    const res = await t.app.inject({
      method,
      url: `/api${url}`,
      headers: { token, langeType: lang },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: Row } };
  };
  const waitJob = async (jobId: string, token = demo) => {
    for (;;) {
      const r = await call('GET', `/jobs/${jobId}`, undefined, token);
      if (['done', 'failed', 'cancelled'].includes(r.body.data.state)) return r.body.data;
      await new Promise((ok) => setTimeout(ok, 50));
    }
  };

  it('seeds an ERP stock per stocked site (the book with noise, yesterday) and lists in every state', async () => {
    const sites = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(distinct site_id)::int as n from erp_stocks where tenant_id = ${tenantId}`,
    );
    expect(sites[0].n).toBe(11);
    const states = await queryRows<{ status: number; n: number }>(
      t.ctx.db,
      sql`select status, count(*)::int as n from stock_difference_lists where tenant_id = ${tenantId} group by status order by status`,
    );
    expect(states).toEqual([
      { status: DIFF_STATUS.DRAFT, n: 8 },
      { status: DIFF_STATUS.APPROVED, n: 2 },
      { status: DIFF_STATUS.EXPORTED, n: 2 },
    ]);
    const erp = await erpStockOf(t.ctx.db, tenantId, site.ST001);
    expect(erp?.externRef).toMatch(/^ERP-ST001-\d{8}$/);
    expect(Date.now() - erp!.time.getTime()).toBeGreaterThan(0);
    expect(Date.now() - erp!.time.getTime()).toBeLessThan(2 * 86_400_000);
    // the book's SKUs, give or take (its counts and sales decide how many)
    expect(erp!.qty.size).toBeGreaterThan(100);
  });

  it('stores an ERP stock by the API once per (site, extern_ref), and names bad input by field', async () => {
    const body = {
      extern_ref: 'T-ERP-1',
      time: new Date().toISOString(),
      location: 'ST005',
      lines: [
        { gtin: skus[0].gtin, qty: 3 },
        { gtin: skus[1].barcode, qty: 5 },
      ],
    };
    const first = await call('POST', '/store/erp-stocks', body);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ created: true, skuCount: 2, totalQty: 8 });
    const again = await call('POST', '/store/erp-stocks', { ...body, lines: [{ gtin: skus[0].gtin, qty: 99 }] });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ id: first.body.data.id, created: false, totalQty: 8 });
    const [{ n }] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from erp_stocks where tenant_id = ${tenantId} and extern_ref = 'T-ERP-1'`,
    );
    expect(n).toBe(1);
    const latest = await erpStockOf(t.ctx.db, tenantId, site.ST005);
    expect(latest?.externRef).toBe('T-ERP-1');
    expect([...latest!.qty]).toEqual([
      [skus[0].id, 3],
      [skus[1].id, 5],
    ]);

    // bad input: 400 naming the field, in the caller's language, never a 5xx
    const bad = async (b: unknown, field: string, lang = 'en_US') => {
      const r = await call('POST', '/store/erp-stocks', b, demo, lang);
      expect(r.status).toBe(400);
      expect(r.body.data.fields.map((f: Row) => f.field)).toContain(field);
      return r.body.msg;
    };
    expect(await bad({ ...body, location: 'NOPE' }, 'location')).toMatch(/Site code.*NOPE/);
    expect(await bad({ ...body, lines: [{ gtin: '0000000000000', qty: 1 }] }, 'lines.0.gtin')).toMatch(/0000000000000/);
    expect(
      await bad(
        {
          ...body,
          lines: [
            { gtin: skus[0].gtin, qty: 1 },
            { gtin: skus[0].barcode, qty: 2 },
          ],
        },
        'lines.1.gtin',
      ),
    ).toMatch(/line 1/);
    await bad({ ...body, lines: [{ gtin: skus[0].gtin, qty: -1 }] }, 'lines.0.qty');
    await bad({ ...body, time: 'yesterday' }, 'time');
    await bad({ ...body, extern_ref: '' }, 'extern_ref');
    await bad({ ...body, lines: [] }, 'lines');
    expect(await bad({ ...body, location: 'NOPE' }, 'location', 'zh_CN')).toMatch(/站点编码/);
    // a store's user stores its own store's only
    const other = await call('POST', '/store/erp-stocks', { ...body, extern_ref: 'T-ERP-2' }, store01);
    expect(other.status).toBe(400);
    expect(other.body.data.fields[0].field).toBe('location');
  });

  it('imports ERP stock from a sheet: per-row errors name row and column, nothing written; the same file twice is one stock', async () => {
    const importSheet = async (rows: unknown[][], fields: Record<string, string> = {}, token = demo) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/store/erp-stocks/import',
        headers: { token, langeType: 'en_US', 'content-type': `multipart/form-data; boundary=${FORM_BOUNDARY}` },
        payload: formData(fields, { name: 'erp.xlsx', bytes: workbook(rows) }),
      });
      return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: Row } };
    };
    const header = ['Site code', 'SKU barcode or GTIN', 'Quantity'];
    const wrong = await importSheet([header, ['ST002', skus[2].gtin, 4], ['XX9', skus[2].gtin, 1], ['ST002', 'NOSKU', 'x']]);
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.errorCount).toBe(2);
    expect(wrong.body.data.errors.map((e: Row) => e.row)).toEqual([3, 4]);
    expect(wrong.body.data.errors[1].messages.join(' ')).toMatch(/Row 4, Quantity/);
    const rows = [header, ['ST002', skus[2].gtin, 4], ['ST002', skus[3].barcode, 0]];
    const ok = await importSheet(rows);
    expect(ok.status).toBe(200);
    expect(ok.body.data.sites).toEqual([expect.objectContaining({ siteCode: 'ST002', created: true, skuCount: 2, totalQty: 4 })]);
    const again = await importSheet(rows);
    expect(again.body.data.sites[0]).toMatchObject({ id: ok.body.data.sites[0].id, created: false });
    expect((await erpStockOf(t.ctx.db, tenantId, site.ST002))?.externRef).toBe(ok.body.data.externRef);
  });

  it('makes a list from the latest ERP stock against the book: totals on known numbers, ignore, approve, export', async () => {
    // ST005's latest ERP stock is T-ERP-1 (3 and 5 pieces of two SKUs its book does not hold): both minus
    const made = await call('POST', '/store/difference-lists', { siteId: site.ST005 });
    expect(made.status).toBe(200);
    const id = made.body.data.id;
    const got = (await call('GET', `/store/difference-lists/get?id=${id}`)).body.data;
    const mine = got.lines.filter((l: Row) => [skus[0].id, skus[1].id].includes(l.skuId));
    expect(mine).toEqual([
      expect.objectContaining({ skuId: skus[1].id, erpQty: 5, rfidQty: 0, diffQty: -5, price: 10.5, value: -52.5, ignored: false }),
      expect.objectContaining({ skuId: skus[0].id, erpQty: 3, rfidQty: 0, diffQty: -3, price: 10.5, value: -31.5, ignored: false }),
    ]);
    // the rest: the book's SKUs the ERP stock does not hold, each a plus
    const book = got.lines.filter((l: Row) => l.erpQty === 0);
    const bookPieces = book.reduce((a: number, l: Row) => a + l.rfidQty, 0);
    expect(got).toMatchObject({
      status: DIFF_STATUS.DRAFT,
      plusQty: bookPieces,
      minusQty: 8,
      absQty: bookPieces + 8,
      ignoredSkus: 0,
      erpTotal: 8,
    });
    expect(got.accuracySmape).toBe(0);
    expect(got.accuracySku).toBe(0);

    // the adjustment is not final before approval
    expect((await call('GET', `/store/difference-lists/${id}/adjustment`)).status).toBe(409);
    // ignore one SKU: out of the totals (and later of the adjustment)
    const ign = await call('POST', '/store/difference-lists/ignore', { id, skuIds: [skus[1].id], ignored: true });
    expect(ign.body.data.changed).toBe(1);
    const after = (await call('GET', `/store/difference-lists/get?id=${id}`)).body.data;
    expect(after).toMatchObject({ minusQty: 3, ignoredSkus: 1, absQty: bookPieces + 3 });
    expect(after.diffValue).toBeCloseTo(got.diffValue + 52.5, 2);

    const ap = await call('POST', '/store/difference-lists/approve', { id });
    expect(ap.status).toBe(200);
    // the book does not change; a second approve, an ignore after it are refused naming the state
    const again = await call('POST', '/store/difference-lists/approve', { id });
    expect(again.status).toBe(409);
    expect(again.body.msg).toMatch(/Approved/);
    expect((await call('POST', '/store/difference-lists/ignore', { id, skuIds: [skus[0].id], ignored: true })).status).toBe(409);
    expect((await call('POST', '/store/difference-lists/delete', { id })).status).toBe(409);
    const head = (await call('GET', `/store/difference-lists/get?id=${id}`)).body.data;
    expect(head.approvedBy).toBeTruthy();
    expect(head.approvedAt).toBeTruthy();

    const adj = (await call('GET', `/store/difference-lists/${id}/adjustment`)).body.data;
    expect(adj.location).toBe('ST005');
    expect(adj.extern_ref).toBe('T-ERP-1');
    expect(adj.lines.map((l: Row) => l.gtin)).not.toContain(skus[1].gtin);
    expect(adj.lines.find((l: Row) => l.gtin === skus[0].gtin)).toMatchObject({ erp_qty: 3, rfid_qty: 0, qty: -3 });

    // export: a job, the list EXPORTED, the file the adjustment
    const ex = await call('POST', '/store/difference-lists/export', { id });
    expect(ex.status).toBe(200);
    expect((await call('POST', '/store/difference-lists/export', { id })).status).toBe(409);
    const job = await waitJob(ex.body.data.jobId);
    expect(job.state).toBe('done');
    const done = (await call('GET', `/store/difference-lists/get?id=${id}`)).body.data;
    expect(done.status).toBe(DIFF_STATUS.EXPORTED);
    const file = await t.app.inject({ method: 'GET', url: `/api/jobs/${ex.body.data.jobId}/download`, headers: { token: demo } });
    expect(file.statusCode).toBe(200);
    const wb = XLSX.read(file.rawPayload);
    const sheet = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]], { header: 1 });
    // header, one row per adjusted SKU, the total
    expect(sheet.length).toBe(adj.lines.length + 2);
    expect(sheet.flat()).not.toContain(skus[1].gtin);
    expect(sheet[sheet.length - 1][6]).toBe(adj.lines.reduce((a: number, l: Row) => a + l.qty, 0));
    // an exported list is not exported again
    expect((await call('POST', '/store/difference-lists/export', { id })).status).toBe(409);
  });

  it('an export that fails ends EXPORT_ERROR with its reason, and is exported again once fixed', async () => {
    // ST002: its latest ERP stock is the sheet's (skus[2] 4 pieces, skus[3] 0)
    const made = await call('POST', '/store/difference-lists', { siteId: site.ST002, onlyDifferences: true });
    const id = made.body.data.id;
    const got = (await call('GET', `/store/difference-lists/get?id=${id}`)).body.data;
    expect(got.lines.every((l: Row) => l.diffQty !== 0)).toBe(true);
    expect(got.onlyDifferences).toBe(true);
    await call('POST', '/store/difference-lists/approve', { id });
    await t.ctx.db.execute(sql`update goods_skus set gtin = '' where tenant_id = ${tenantId} and id = ${skus[2].id}`);
    const ex = await call('POST', '/store/difference-lists/export', { id });
    expect((await waitJob(ex.body.data.jobId)).state).toBe('failed');
    const failed = (await call('GET', `/store/difference-lists/get?id=${id}`)).body.data;
    expect(failed.status).toBe(DIFF_STATUS.EXPORT_ERROR);
    expect(failed.exportMessage).toMatch(/GTIN/);
    await t.ctx.db.execute(sql`update goods_skus set gtin = ${skus[2].gtin} where tenant_id = ${tenantId} and id = ${skus[2].id}`);
    const ex2 = await call('POST', '/store/difference-lists/export', { id });
    expect(ex2.status).toBe(200);
    expect((await waitJob(ex2.body.data.jobId)).state).toBe('done');
    expect((await call('GET', `/store/difference-lists/get?id=${id}`)).body.data.status).toBe(DIFF_STATUS.EXPORTED);
  });

  it('names the approved count its RFID stock stands on (the latest finished by then), or none for a site never counted', async () => {
    const made = await call('POST', '/store/difference-lists', { siteId: site.ST001 });
    expect(made.status, made.body.msg).toBe(200);
    const got = (await call('GET', `/store/difference-lists/get?id=${made.body.data.id}`)).body.data;
    const [last] = await queryRows<{ id: number; code: string }>(
      t.ctx.db,
      sql`select id::int, code from stock_counts where tenant_id = ${tenantId} and site_id = ${site.ST001} and status = 5
           order by coalesce(finished_at, reviewed_at) desc, id desc limit 1`,
    );
    expect(last).toBeDefined();
    expect({ countId: got.countId, countCode: got.countCode }).toEqual({ countId: last.id, countCode: last.code });
    expect(Number.isNaN(Date.parse(got.countAt))).toBe(false);
    // WH01's seeded lists: a count of the warehouse, or none at all — never another site's
    const lists = (await call('GET', '/store/difference-lists?pageSize=100')).body.data.list as Row[];
    for (const l of lists.filter((x) => x.countId !== null)) {
      const [c] = await queryRows<{ site: number }>(t.ctx.db, sql`select site_id::int as site from stock_counts where id = ${l.countId}`);
      expect(c.site).toBe(l.siteId);
    }
  });

  it('refuses a site without an ERP stock or out of reach, naming the site', async () => {
    const [{ id: st020 }] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id::int from locations where tenant_id = ${tenantId} and code = 'ST020'`,
    );
    const none = await call('POST', '/store/difference-lists', { siteId: st020 });
    expect(none.status).toBe(400);
    expect(none.body.data.fields[0].field).toBe('siteId');
    expect(none.body.msg).toMatch(/ERP stock/);
    const far = await call('POST', '/store/difference-lists', { siteId: site.ST002 }, store01);
    expect(far.status).toBe(400);
    expect((await call('POST', '/store/difference-lists', { siteId: 'x' })).status).toBe(400);
  });

  it('party scope: store01 sees only ST001’s lists, wh01 only WH01’s', async () => {
    const mineOf = async (token: string) => (await call('GET', '/store/difference-lists?pageSize=100', undefined, token)).body.data.list;
    const s = await mineOf(store01);
    expect(s.length).toBeGreaterThan(0);
    expect(new Set(s.map((l: Row) => l.siteCode))).toEqual(new Set(['ST001']));
    const w = await mineOf(wh01);
    expect(new Set(w.map((l: Row) => l.siteCode))).toEqual(new Set(['WH01']));
    // another site's list is not found for it
    const other = (await mineOf(demo)).find((l: Row) => l.siteCode === 'ST003');
    expect((await call('GET', `/store/difference-lists/get?id=${other.id}`, undefined, store01)).status).toBe(404);
    expect((await call('POST', '/store/difference-lists/approve', { id: other.id }, store01)).status).toBe(404);
    // store01 creates, approves its own
    const made = await call('POST', '/store/difference-lists', { siteId: site.ST001 }, store01);
    expect(made.status).toBe(200);
    expect((await call('POST', '/store/difference-lists/approve', { id: made.body.data.id }, store01)).status).toBe(200);
  });
});
