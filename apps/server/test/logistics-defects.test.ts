/**
 * Defective products (logistics/defective, E6) and label reprints at the warehouses
 * (logistics/label-reprint, E8) over the API: a defect recorded by its EPC takes the tag's SKU (and
 * refuses another on the SKU field), is disposed of once with a disposition (not pending), after
 * which it is final; its lifecycle events are CBV values GS1's EPCIS 2.0 schema accepts; a
 * warehouse's user sees its warehouse's rows only. A reprint at a warehouse prints (a new EPC,
 * Printed) and is applied by a read at its warehouse; a warehouse's user prints none of another's.
 */
import {
  DEFECT_DISPOSITION,
  DEFECT_REASON,
  DEFECT_SOURCE,
  DEFECT_STATUS,
  RETAG_REASON,
  RETAG_STATUS,
  STOCK_MOVE_KIND,
  TAG_STATUS,
} from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { stopParsePool } from '../src/modules/rfid/ingest/parse-pool.js';
import { problems } from './epcis-validate.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';
import { readAndFold, testReader, testScene, zoneOf } from './support-readers.js';

// biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely
type Row = Record<string, any>;

describe(`defects and warehouse label reprints on ${DRIVER}`, () => {
  let t: TestApp;
  let demo: string;
  let wh01: string;
  let store01: string;
  let tenantId: number;
  const site = new Map<string, number>();

  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
    wh01 = await t.login('wh01', 'demo1234');
    store01 = await t.login('store01', 'demo1234');
    [{ id: tenantId }] = await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from tenants where code = 'DEMO'`);
    for (const r of await queryRows<{ id: number; code: string }>(
      t.ctx.db,
      sql`select id::int as id, code from locations where tenant_id = ${tenantId} and code in ('WH01', 'WH02', 'ST001')`,
    ))
      site.set(r.code, r.id);
  }, 240_000);
  afterAll(async () => {
    await stopParsePool();
    await t?.close();
  });

  const post = (url: string, body: Row, token = demo, lang = 'en_US') => t.call('POST', `/api/${url}`, { token, body, lang });
  const list = async (screen: string, token = demo, body: Row = {}) => {
    const r = await post(`${screen}/list`, { page: 1, pageSize: 100, ...body }, token);
    expect(r.status, r.body.msg).toBe(200);
    return r.body.data.list as Row[];
  };
  /** A tag of the tenant present at WH01 that no defect or re-tag names yet (`skip` past the first). */
  const pieceAtWh01 = async (skip = 0) =>
    (
      await queryRows<{ epc: string; sku_id: number }>(
        t.ctx.db,
        sql`select s.epc, t.sku_id::int as sku_id from rfid_epc_states s
              join locations z on z.tenant_id = s.tenant_id and z.id = s.presence_location_id
              join label_tags t on t.tenant_id = s.tenant_id and t.epc = s.epc
             where s.tenant_id = ${tenantId} and s.presence = 'present' and coalesce(z.site_id, z.id) = ${site.get('WH01')!}
               and t.status <> ${TAG_STATUS.CLEARED}
               and not exists (select 1 from wms_defects d where d.tenant_id = s.tenant_id and d.epc = s.epc)
               and not exists (select 1 from store_retags r where r.tenant_id = s.tenant_id and (r.old_epc = s.epc or r.new_epc = s.epc))
             order by s.epc limit 1 offset ${skip}`,
      )
    )[0];
  const eventsOf = (epc: string, source: string) =>
    queryRows<{ biz_step: string; disposition: string; action: string }>(
      t.ctx.db,
      sql`select biz_step, disposition, action from label_tag_events
           where tenant_id = ${tenantId} and epcs @> array[${epc}]::text[] and source = ${source} order by id`,
    );
  const logOf = (docType: string, docId: number) =>
    queryRows<{ action: string; username: string; site_id: number | null }>(
      t.ctx.db,
      sql`select action, username, site_id::int as site_id from wms_log where tenant_id = ${tenantId} and doc_type = ${docType} and doc_id = ${docId} order by id`,
    );

  describe('defects', () => {
    it('shows the demo’s defects of every state and disposition; a warehouse’s user sees its warehouse’s only', async () => {
      const all = await list('logistics/defective');
      expect(new Set(all.map((r) => r.status))).toEqual(new Set([DEFECT_STATUS.NEW, DEFECT_STATUS.DISPOSED]));
      expect(new Set(all.filter((r) => r.status === DEFECT_STATUS.DISPOSED).map((r) => r.disposition))).toEqual(
        new Set([DEFECT_DISPOSITION.REPAIR, DEFECT_DISPOSITION.SECONDS, DEFECT_DISPOSITION.VENDOR_RETURN, DEFECT_DISPOSITION.SCRAP]),
      );
      const theirs = all.find((r) => r.siteId === site.get('WH02') && r.status === DEFECT_STATUS.NEW)!;
      expect(theirs).toBeDefined();
      expect(all.some((r) => r.siteId === site.get('ST001'))).toBe(true);
      const mine = await list('logistics/defective', wh01);
      expect(mine.length).toBeGreaterThanOrEqual(20);
      for (const r of mine) expect(r.siteId).toBe(site.get('WH01'));
      // WH02's defect is not reached: read, edited or disposed of
      expect((await t.call('GET', `/api/logistics/defective/get?id=${theirs.id}`, { token: wh01 })).status).toBe(404);
      expect((await post('logistics/defective/update', { id: theirs.id, remark: 'x' }, wh01)).status).toBe(404);
      expect((await post('logistics/defective/dispose', { id: theirs.id, disposition: DEFECT_DISPOSITION.SCRAP }, wh01)).status).toBe(404);
      // a store's user: its store's
      const store = await list('logistics/defective', store01);
      expect(store.length).toBeGreaterThan(0);
      for (const r of store) expect(r.siteId).toBe(site.get('ST001'));
    });

    it('takes the SKU from the EPC, refuses another SKU on the SKU field, and records the piece found damaged', async () => {
      const piece = await pieceAtWh01();
      const [other] = await queryRows<{ id: number }>(
        t.ctx.db,
        sql`select id::int as id from goods_skus where tenant_id = ${tenantId} and id <> ${piece.sku_id} order by id limit 1`,
      );
      const wrong = await post(
        'logistics/defective/create',
        { source: DEFECT_SOURCE.QI, epc: piece.epc, skuId: other.id, reason: DEFECT_REASON.STAIN },
        wh01,
      );
      expect(wrong.status).toBe(400);
      expect(wrong.body.data.fields.map((f: Row) => f.field)).toEqual(['skuId']);
      expect(wrong.body.msg).toMatch(/^SKU: .*is a tag of SKU/);
      // one piece a label
      const many = await post('logistics/defective/create', { source: DEFECT_SOURCE.QI, epc: piece.epc, qty: 3, reason: 1 }, wh01);
      expect([many.status, many.body.data.fields.map((f: Row) => f.field)]).toEqual([400, ['qty']]);
      // no EPC and no SKU: the SKU is asked for
      const none = await post('logistics/defective/create', { source: DEFECT_SOURCE.RETURN, reason: DEFECT_REASON.HOLE }, wh01);
      expect([none.status, none.body.data.fields.map((f: Row) => f.field)]).toEqual([400, ['skuId']]);

      const made = await post(
        'logistics/defective/create',
        { source: DEFECT_SOURCE.QI, sourceCode: 'QI-TEST-1', epc: piece.epc, reason: DEFECT_REASON.STAIN },
        wh01,
      );
      expect(made.status, made.body.msg).toBe(200);
      expect(made.body.data).toMatchObject({
        siteId: site.get('WH01'),
        epc: piece.epc,
        skuId: piece.sku_id,
        qty: 1,
        disposition: DEFECT_DISPOSITION.PENDING,
        status: DEFECT_STATUS.NEW,
      });
      expect(made.body.data.code).toMatch(/^DF\d{12}$/);
      expect(await eventsOf(piece.epc, 'logistics/defective')).toEqual([
        { action: 'OBSERVE', biz_step: 'inspecting', disposition: 'damaged' },
      ]);
      expect((await logOf('logistics/defective', made.body.data.id)).map((l) => [l.action, l.username, l.site_id])).toEqual([
        ['add', 'wh01', site.get('WH01')],
      ]);
      // the same piece is not recorded twice while its defect is open
      const twice = await post('logistics/defective/create', { source: DEFECT_SOURCE.QI, epc: piece.epc, reason: 2 }, wh01);
      expect([twice.status, twice.body.data.fields.map((f: Row) => f.field)]).toEqual([400, ['epc']]);
      // nor at another warehouse by a warehouse's user
      const elsewhere = await post(
        'logistics/defective/create',
        { siteId: site.get('WH02'), source: DEFECT_SOURCE.QI, skuId: piece.sku_id, reason: 2 },
        wh01,
      );
      expect(elsewhere.status).toBe(400);
    });

    it('disposes of a defect once, with a disposition that is not pending; a disposed defect is final', async () => {
      const piece = await pieceAtWh01(1);
      const made = (
        await post('logistics/defective/create', { source: DEFECT_SOURCE.RETURN, epc: piece.epc, reason: DEFECT_REASON.HOLE }, wh01)
      ).body.data;
      const missing = await post('logistics/defective/dispose', { id: made.id }, wh01);
      expect(missing.status).toBe(400);
      expect(missing.body.data.fields.map((f: Row) => f.field)).toEqual(['disposition']);
      const pending = await post('logistics/defective/dispose', { id: made.id, disposition: DEFECT_DISPOSITION.PENDING }, wh01);
      expect(pending.status).toBe(400);
      expect(pending.body.data.fields.map((f: Row) => f.field)).toEqual(['disposition']);
      // the action takes only what a disposal is: the refusal lists those, not the pending it starts from
      expect(pending.body.msg).toBe('Disposition: choose one of Repair, Seconds, Vendor return, Scrap');
      // zh-CN too
      const zh = await post('logistics/defective/dispose', { id: made.id, disposition: DEFECT_DISPOSITION.PENDING }, wh01, 'zh_CN');
      expect(zh.body.msg).toContain('处理方式');
      expect((await t.call('GET', `/api/logistics/defective/get?id=${made.id}`, { token: wh01 })).body.data.status).toBe(DEFECT_STATUS.NEW);

      const book = async () =>
        (
          await queryRows<{ on_hand: number }>(
            t.ctx.db,
            sql`select on_hand from stock_sku_locations where tenant_id = ${tenantId} and site_id = ${made.siteId}
                  and zone_id = 0 and sku_id = ${piece.sku_id}`,
          )
        )[0]?.on_hand ?? 0;
      const before = await book();
      const scrapped = await post('logistics/defective/dispose', { id: made.id, disposition: DEFECT_DISPOSITION.SCRAP }, wh01);
      expect(scrapped.status, scrapped.body.msg).toBe(200);
      expect(scrapped.body.data).toMatchObject({
        status: DEFECT_STATUS.DISPOSED,
        disposition: DEFECT_DISPOSITION.SCRAP,
        disposedBy: 'wh01',
      });
      expect(scrapped.body.data.disposedAt).toBeTruthy();
      expect(await eventsOf(piece.epc, 'logistics/defective')).toEqual([
        { action: 'OBSERVE', biz_step: 'inspecting', disposition: 'damaged' },
        { action: 'OBSERVE', biz_step: 'destroying', disposition: 'destroyed' },
      ]);
      expect((await logOf('logistics/defective', made.id)).map((l) => l.action)).toEqual(['add', 'dispose']);
      // scrapped: the piece leaves WH01's book, an adjustment journalled with the defect
      expect(await book()).toBe(before - 1);
      const moves = await queryRows<{ kind: number; qty: number }>(
        t.ctx.db,
        sql`select kind::int as kind, qty from stock_moves where tenant_id = ${tenantId} and doc_type = 'logistics/defective'
              and doc_code = ${made.code}`,
      );
      expect(moves).toEqual([{ kind: STOCK_MOVE_KIND.ADJUSTED, qty: -1 }]);

      // final: no edit, delete or second disposal
      expect((await post('logistics/defective/update', { id: made.id, remark: 'x' }, wh01)).status).toBe(409);
      expect((await post('logistics/defective/delete', { ids: [made.id] }, wh01)).status).toBe(409);
      expect((await post('logistics/defective/dispose', { id: made.id, disposition: DEFECT_DISPOSITION.REPAIR }, wh01)).status).toBe(409);
      expect((await t.call('GET', `/api/logistics/defective/get?id=${made.id}`, { token: wh01 })).body.data.disposition).toBe(
        DEFECT_DISPOSITION.SCRAP,
      );
    });

    it('writes lifecycle events GS1’s EPCIS 2.0 schema accepts for every disposition', async () => {
      const steps: Record<number, string> = {
        [DEFECT_DISPOSITION.REPAIR]: 'repairing/non_sellable_other',
        [DEFECT_DISPOSITION.SECONDS]: 'inspecting/non_sellable_other',
        [DEFECT_DISPOSITION.VENDOR_RETURN]: 'holding/non_sellable_other',
        [DEFECT_DISPOSITION.SCRAP]: 'destroying/destroyed',
      };
      for (const [n, disposition] of Object.keys(steps).map(Number).entries()) {
        const piece = await pieceAtWh01(2 + n);
        const made = (
          await post('logistics/defective/create', { source: DEFECT_SOURCE.ECOM_RETURN, epc: piece.epc, reason: DEFECT_REASON.SEAM }, wh01)
        ).body.data;
        const done = await post('logistics/defective/dispose', { id: made.id, disposition }, wh01);
        expect(done.status, done.body.msg).toBe(200);
        const doc = (await t.call('GET', `/api/label/lifecycle/epcis?epc=${piece.epc}`, { token: demo })).body as Row;
        expect(problems(doc)).toEqual([]);
        const last = (doc.epcisBody.eventList as Row[]).slice(-2);
        expect(last.map((e) => `${e.type}/${e.action}/${e.bizStep}/${e.disposition}`)).toEqual([
          'ObjectEvent/OBSERVE/inspecting/damaged',
          `ObjectEvent/OBSERVE/${steps[disposition]}`,
        ]);
        expect(last[1].bizLocation?.id ?? last[1].bizLocation).toBeTruthy();
      }
    });
  });

  describe('label reprints at the warehouses', () => {
    it('lists the warehouses’ reprints apart from the stores’ re-tags, a warehouse’s user its own', async () => {
      const all = await list('logistics/label-reprint');
      expect(new Set(all.map((r) => r.status))).toEqual(new Set([RETAG_STATUS.NEW, RETAG_STATUS.PRINTED, RETAG_STATUS.APPLIED]));
      for (const r of all) expect([site.get('WH01'), site.get('WH02')]).toContain(r.siteId);
      const stores = await list('store/supplementary-bid');
      for (const r of stores) expect([site.get('WH01'), site.get('WH02')]).not.toContain(r.siteId);
      const mine = await list('logistics/label-reprint', wh01);
      expect(mine.length).toBe(all.filter((r) => r.siteId === site.get('WH01')).length);
      // a store's user holds no button of the screen; a store is no site of it
      expect((await post('logistics/label-reprint/list', { page: 1, pageSize: 10 }, store01)).status).toBe(403);
      const piece = await pieceAtWh01(10);
      const atStore = await post(
        'logistics/label-reprint/create',
        { siteId: site.get('ST001'), oldEpc: piece.epc, skuId: piece.sku_id, reason: RETAG_REASON.DAMAGED },
        demo,
      );
      expect([atStore.status, atStore.body.data.fields.map((f: Row) => f.field)]).toEqual([400, ['siteId']]);
    });

    it('prints a reprint at a warehouse (a new EPC, Printed), applied by a read at the warehouse; never another warehouse’s', async () => {
      const piece = await pieceAtWh01(11);
      const made = await post(
        'logistics/label-reprint/create',
        { oldEpc: piece.epc, skuId: piece.sku_id, reason: RETAG_REASON.UNREADABLE },
        wh01,
      );
      expect(made.status, made.body.msg).toBe(200);
      expect(made.body.data).toMatchObject({ siteId: site.get('WH01'), status: RETAG_STATUS.NEW });
      const printed = await t.app.inject({
        method: 'POST',
        url: '/api/logistics/label-reprint/print',
        headers: { token: wh01, 'content-type': 'application/json' },
        payload: JSON.stringify({ ids: [made.body.data.id] }),
      });
      expect(printed.statusCode, printed.body).toBe(200);
      expect(printed.headers['content-type']).toMatch(/zpl/);
      const [row] = await list('logistics/label-reprint', wh01, { code: made.body.data.code });
      expect(row).toMatchObject({ status: RETAG_STATUS.PRINTED, skuId: piece.sku_id });
      expect(row.newEpc).toMatch(/^[0-9A-F]{24}$/);
      expect(row.newEpc).not.toBe(piece.epc);
      expect(printed.body).toContain(row.newEpc);
      expect(await eventsOf(piece.epc, 'logistics/label-reprint')).toEqual([
        { action: 'DELETE', biz_step: 'decommissioning', disposition: 'inactive' },
      ]);
      expect(await eventsOf(row.newEpc, 'logistics/label-reprint')).toEqual([
        { action: 'ADD', biz_step: 'commissioning', disposition: 'active' },
      ]);
      // WH02's reprint: not printed by WH01's keeper
      const theirs = (await list('logistics/label-reprint')).find((r) => r.siteId === site.get('WH02'))!;
      expect(theirs).toBeDefined();
      expect((await post('logistics/label-reprint/print', { ids: [theirs.id] }, wh01)).status).toBe(404);
      expect((await list('logistics/label-reprint', demo, { code: theirs.code }))[0].status).toBe(theirs.status);

      // the new label read by a reader of WH01: applied, in the warehouse log
      const scene = await testScene(t, tenantId, 'S-REPRINT', 1);
      const reader = await testReader(t, tenantId, 'GEN-WH01-REPRINT', await zoneOf(t, tenantId, 'WH01', 9), scene);
      await readAndFold(t, reader, [row.newEpc], 'reprint-1');
      const [applied] = await list('logistics/label-reprint', wh01, { code: row.code });
      expect(applied).toMatchObject({ status: RETAG_STATUS.APPLIED, appliedBy: 'GEN-WH01-REPRINT' });
      expect((await logOf('logistics/label-reprint', row.id)).map((l) => [l.action, l.site_id])).toEqual([
        ['printed', site.get('WH01')],
        ['applied', site.get('WH01')],
      ]);
    });
  });
});
