import { readFileSync } from 'node:fs';
import { CARTON_STATUS, TAG_EXCEPTION_KIND, TAG_EXCEPTION_STATE, TAG_STATUS, WMS_OPS, ZONE_TYPE } from '@tagloom/domain';
import { SCENE_TYPE } from '@tagloom/domain/rfid/presence.js';
import { Ajv } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { stopParsePool } from '../src/modules/rfid/ingest/parse-pool.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';
import { testReader, testScene } from './support-readers.js';

// biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely
type Row = Record<string, any>;

const addFormats = addFormatsPlugin as unknown as (ajv: Ajv) => Ajv;
const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: true });
addFormats(ajv);
const validate = ajv.compile(
  JSON.parse(readFileSync(new URL('../src/modules/label/epcis/gs1/EPCIS-JSON-Schema.json', import.meta.url), 'utf8')),
);

/**
 * Warehouse grants by zone (E14): a keeper granted zone A of its warehouse only is refused, naming
 * the zone, at readers and cartons of zone B — every kind of action that takes a reader or a zone —
 * and allowed at zone A; the tenant administrator needs no grant. And the abnormal label's re-tag.
 */
describe(`warehouse zones and re-tag on ${DRIVER}`, () => {
  let t: TestApp;
  let demo: string;
  let wh01: string;
  let tenantId: number;
  let grantId: number;
  let zoneA: number;
  let zoneB: number;
  let nameB: string;
  let qiZone: number;
  let readerA: string;
  let readerB: string;

  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
    wh01 = await t.login('wh01', 'demo1234');
    [{ id: tenantId }] = await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from tenants where code = 'DEMO'`);
    const zones = await queryRows<{ id: number; name: string; zone_type: number }>(
      t.ctx.db,
      sql`select z.id::int as id, z.name, z.zone_type from locations z join locations s on s.tenant_id = z.tenant_id and s.id = z.site_id
          where z.tenant_id = ${tenantId} and s.code = 'WH01' and z.kind = 5 order by z.id`,
    );
    const docks = zones.filter((z) => z.zone_type === ZONE_TYPE.DOCK_IN);
    [zoneA, zoneB] = [docks[0].id, docks[1].id];
    nameB = docks[1].name;
    qiZone = zones.find((z) => z.zone_type === ZONE_TYPE.QI_AREA)!.id;
    const tunnel = await testScene(t, tenantId, 'ZT-TUNNEL', SCENE_TYPE.TUNNEL);
    await testReader(t, tenantId, 'ZT-DOCK-A', zoneA, tunnel);
    await testReader(t, tenantId, 'ZT-DOCK-B', zoneB, tunnel);
    [readerA, readerB] = ['ZT-DOCK-A', 'ZT-DOCK-B'];
    const users = (await list('tenant/user', { pageSize: 500 })).list;
    const keeper = users.find((u) => u.username === 'wh01')!.id;
    grantId = (await list('warehouse/permission', { userId: keeper })).list[0].id;
    await grant([zoneA]);
  }, 240_000);
  afterAll(async () => {
    await stopParsePool();
    await t?.close();
  });

  async function list(code: string, body: Row = {}, token = demo) {
    const r = await t.call('POST', `/api/${code}/list`, { token, body: { page: 1, pageSize: 100, ...body }, lang: 'en_US' });
    expect(r.status, r.body.msg).toBe(200);
    return r.body.data as { list: Row[]; total: number };
  }
  async function grant(zoneIds: number[]) {
    const r = await t.call('POST', '/api/warehouse/permission/update', { token: demo, body: { id: grantId, ops: [...WMS_OPS], zoneIds } });
    expect(r.status, r.body.msg).toBe(200);
  }
  const post = (path: string, body: Row, token = wh01, lang = 'en_US') => t.call('POST', `/api/${path}`, { token, body, lang });
  const refusedInB = (r: { status: number; body: Row }) => {
    expect(r.status, r.body.msg).toBe(403);
    expect(r.body.msg).toContain(nameB);
  };

  it('refuses starting and closing a read session at a zone-B reader, allows it at zone A; the administrator everywhere', async () => {
    const scan = (equipment: string, token = wh01) =>
      post('rfid/sessions', { equipment, subjectType: 'carton', subjectCode: 'ZT-NONE' }, token);
    refusedInB(await scan(readerB));
    // in Chinese too, naming the zone
    const zh = await post('rfid/sessions', { equipment: readerB, subjectType: 'carton', subjectCode: 'ZT-NONE' }, wh01, 'zh_CN');
    expect(zh.body.msg).toMatch(new RegExp(`库区「${nameB}」`));
    const a = await scan(readerA);
    expect(a.status, a.body.msg).toBe(200);
    expect((await post(`rfid/sessions/${a.body.data.session.id}/close`, {})).status).toBe(200);
    // a session at B the administrator opened: the keeper may not close it
    const b = await scan(readerB, demo);
    expect(b.status, b.body.msg).toBe(200);
    refusedInB(await post(`rfid/sessions/${b.body.data.session.id}/close`, {}));
    expect((await post(`rfid/sessions/${b.body.data.session.id}/close`, {}, demo)).status).toBe(200);
    // the docks the keeper's receiving check lists: zone A's only
    const docks = await t.call('GET', '/api/warehouse/receiving-check/docks', { token: wh01 });
    const codes = (docks.body.data as Row[]).map((d) => d.equipmentCoding);
    expect(codes).toContain(readerA);
    expect(codes).not.toContain(readerB);
  });

  it('refuses a QI sample read at a QI reader outside the granted zones, and offers none there; allowed once the QI area is granted', async () => {
    const [qi] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select i.id::int as id from wms_inspections i join locations s on s.id = i.site_id
          where i.tenant_id = ${tenantId} and s.code = 'WH01' and i.status in (1, 2) order by i.id limit 1`,
    );
    const [reader] = await queryRows<{ code: string }>(
      t.ctx.db,
      sql`select equipment_coding as code from equipment where tenant_id = ${tenantId} and location_id = ${qiZone} order by id limit 1`,
    );
    expect(qi && reader).toBeTruthy();
    const offered = await t.call('GET', `/api/warehouse/receiving-qi/qi-readers?id=${qi!.id}`, { token: wh01 });
    expect(offered.status, offered.body.msg).toBe(200);
    expect(offered.body.data.list).toEqual([]);
    const start = () => post('warehouse/receiving-qi/sample/start', { id: qi!.id, equipment: reader.code });
    const refused = await start();
    expect(refused.status).toBe(403);
    await grant([zoneA, qiZone]);
    try {
      const again = await t.call('GET', `/api/warehouse/receiving-qi/qi-readers?id=${qi!.id}`, { token: wh01 });
      expect(again.body.data.list.map((r: Row) => r.code)).toContain(reader.code);
      const ok = await start();
      expect(ok.status, ok.body.msg).toBe(200);
      expect((await post('warehouse/receiving-qi/sample/close', { id: qi!.id })).status).toBe(200);
    } finally {
      await grant([zoneA]);
    }
  });

  it('refuses accepting, holding and putting away a carton that stands in zone B; allowed in zone A', async () => {
    const cartons = await queryRows<{ id: number; status: number }>(
      t.ctx.db,
      sql`select c.id::int as id, c.status from wms_cartons c join locations s on s.id = c.site_id
          where c.tenant_id = ${tenantId} and s.code = 'WH01' and c.status in (${CARTON_STATUS.CHECKED}, ${CARTON_STATUS.HELD}, ${CARTON_STATUS.ACCEPTED})
            and c.bill_id in (select id from wms_bills where status in (2, 3, 4)) order by c.id`,
    );
    const checked = cartons.find((c) => c.status === CARTON_STATUS.CHECKED || c.status === CARTON_STATUS.HELD)!;
    const accepted = cartons.find((c) => c.status === CARTON_STATUS.ACCEPTED)!;
    expect(checked && accepted).toBeTruthy();
    const place = (id: number, zone: number) => t.ctx.db.execute(sql`update wms_cartons set location_id = ${zone} where id = ${id}`);
    await place(checked.id, zoneB);
    await place(accepted.id, zoneB);
    refusedInB(await post('warehouse/receiving-check/review', { id: checked.id }));
    refusedInB(await post('warehouse/receiving-check/putAway', { id: accepted.id }));
    await place(checked.id, zoneA);
    await place(accepted.id, zoneA);
    const ok = await post('warehouse/receiving-check/review', { id: checked.id });
    expect(ok.status, ok.body.msg).toBe(200);
    const stored = await post('warehouse/receiving-check/putAway', { id: accepted.id });
    expect(stored.status, stored.body.msg).toBe(200);
  });

  it('refuses handling or re-tagging an abnormal label found in zone B; allowed in zone A', async () => {
    const rows = (await list('warehouse/abnormal-label', { state: TAG_EXCEPTION_STATE.PENDING }, wh01)).list;
    const row = rows.find((r) => r.kind !== TAG_EXCEPTION_KIND.FOREIGN_EPC)!;
    expect(row).toBeTruthy();
    await t.ctx.db.execute(sql`update label_tag_exceptions set zone_id = ${zoneB} where id = ${row.id}`);
    refusedInB(await post('warehouse/abnormal-label/handle', { ids: [row.id], note: 'seen' }));
    refusedInB(await post('warehouse/abnormal-label/retag', { id: row.id, skuId: 1 }));
    await t.ctx.db.execute(sql`update label_tag_exceptions set zone_id = ${zoneA} where id = ${row.id}`);
    const ok = await post('warehouse/abnormal-label/handle', { ids: [row.id], note: 'seen' });
    expect(ok.status, ok.body.msg).toBe(200);
  });

  it('re-tags an unknown label: old EPC decommissioned, a new EPC of the piece’s SKU commissioned in its carton, the exception handled naming both, logged', async () => {
    await grant([]);
    // an unknown label read in a WH01 carton (a tag of no order of the tenant)
    const [carton] = await queryRows<{ carton_no: string; code: string; site_id: number }>(
      t.ctx.db,
      sql`select c.carton_no, b.code, c.site_id::int from wms_cartons c join wms_bills b on b.id = c.bill_id join locations s on s.id = c.site_id
          where c.tenant_id = ${tenantId} and s.code = 'WH01' order by c.id limit 1`,
    );
    const stranger = 'E28011700000020A0B0C0D0E';
    const [made] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`insert into label_tag_exceptions (tenant_id, epc, kind, state, site_id, zone_id, carton_no, bill_code, found_at)
          values (${tenantId}, ${stranger}, ${TAG_EXCEPTION_KIND.UNKNOWN_EPC}, ${TAG_EXCEPTION_STATE.PENDING}, ${carton.site_id}, ${zoneA},
            ${carton.carton_no}, ${carton.code}, now()) returning id::int as id`,
    );
    const row = { id: made.id, epc: stranger, cartonNo: carton.carton_no };
    // an unknown EPC has no SKU of its own: the user names it
    const noSku = await post('warehouse/abnormal-label/retag', { id: row.id }, wh01);
    expect(noSku.status, noSku.body.msg).toBe(400);
    expect(noSku.body.msg).toBe(`SKU: ${stranger} is no tag of this tenant: choose the piece's SKU`);
    expect(noSku.body.data.fields.map((f: Row) => f.field)).toEqual(['skuId']);
    // a SKU no label order ever tagged cannot be given a new EPC: said on the SKU field, nothing written
    const [untagged] = await queryRows<{ id: number; barcode: string }>(
      t.ctx.db,
      sql`select s.id::int, s.sku_barcode as barcode from goods_skus s where s.tenant_id = ${tenantId} and s.gtin <> ''
          and not exists (select 1 from label_tags g where g.tenant_id = s.tenant_id and g.sku_id = s.id) order by s.id limit 1`,
    );
    expect(untagged, 'the demo holds a SKU no label order tagged').toBeTruthy();
    const never = await post('warehouse/abnormal-label/retag', { id: row.id, skuId: untagged.id }, wh01, 'zh_TW');
    expect([never.status, never.body.data.fields]).toEqual([
      400,
      [{ field: 'skuId', message: `沒有標籤採購單為 ${untagged.barcode} 產生過 EPC，無法產生新 EPC` }],
    ]);
    const [sku] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select sku_id::int as id from label_tags where tenant_id = ${tenantId} order by id limit 1`,
    );
    const r = await post('warehouse/abnormal-label/retag', { id: row.id, skuId: sku.id }, wh01, 'zh_CN');
    expect(r.status, r.body.msg).toBe(200);
    const { oldEpc, newEpc } = r.body.data;
    expect(oldEpc).toBe(row.epc);
    expect(newEpc).toMatch(/^[0-9A-F]{24}$/);
    const [tag] = await queryRows<{ sku_id: number; status: number }>(
      t.ctx.db,
      sql`select sku_id::int, status from label_tags where tenant_id = ${tenantId} and epc = ${newEpc}`,
    );
    expect(tag).toMatchObject({ sku_id: sku.id, status: TAG_STATUS.RECEIVED });
    const after = (await list('warehouse/abnormal-label', { epc: row.epc })).list[0];
    expect(after.state).toBe(TAG_EXCEPTION_STATE.HANDLED);
    expect(after.note).toContain(oldEpc);
    expect(after.note).toContain(newEpc);
    // the new EPC is bound to the same carton and bill
    const [binding] = await queryRows<{ carton_no: string; source: number }>(
      t.ctx.db,
      sql`select c.carton_no, e.source from wms_carton_epcs e join wms_cartons c on c.id = e.carton_id
          where e.tenant_id = ${tenantId} and e.epc = ${newEpc} and e.unbound_at is null`,
    );
    expect(binding.carton_no).toBe(row.cartonNo);
    // the lifecycle: DELETE decommissioning of the old, ADD commissioning of the new, both valid EPCIS 2.0
    for (const [epc, step] of [
      [oldEpc, 'decommissioning'],
      [newEpc, 'commissioning'],
    ]) {
      const doc = await t.call('GET', `/api/label/lifecycle/epcis?epc=${epc}`, { token: demo });
      expect(doc.status).toBe(200);
      expect(validate(doc.body), JSON.stringify(validate.errors)).toBe(true);
      const events = (doc.body as Row).epcisBody.eventList as Row[];
      expect(events.some((e) => e.bizStep === step && e.action === (step === 'commissioning' ? 'ADD' : 'DELETE'))).toBe(true);
    }
    // the warehouse log
    const log = await t.call('POST', '/api/warehouse/log/list', { token: demo, body: { docCode: oldEpc, pageSize: 10 } });
    expect(log.body.data.list.map((l: Row) => [l.action, l.username])).toEqual([['retag', 'wh01']]);
    // not again (handled), in the user's language
    const twice = await post('warehouse/abnormal-label/retag', { id: row.id, skuId: sku.id });
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toMatch(/not pending/);
    // a foreign EPC is a good label of another bill: not re-tagged
    const foreign = (await list('warehouse/abnormal-label', { state: TAG_EXCEPTION_STATE.PENDING, kind: TAG_EXCEPTION_KIND.FOREIGN_EPC }))
      .list[0];
    if (foreign) {
      const f = await post('warehouse/abnormal-label/retag', { id: foreign.id }, demo);
      expect(f.status).toBe(409);
      expect(f.body.msg).toMatch(/another bill/);
    }
  });

  it('re-tags a known tag (a place conflict): its tag is cleared and the new one takes its SKU and order', async () => {
    const rows = (await list('warehouse/abnormal-label', { state: TAG_EXCEPTION_STATE.PENDING })).list;
    let row = rows.find((r) => r.kind !== TAG_EXCEPTION_KIND.FOREIGN_EPC && r.kind !== TAG_EXCEPTION_KIND.UNKNOWN_EPC);
    const [known] = await queryRows<{ epc: string; sku_id: number; order_id: number }>(
      t.ctx.db,
      sql`select epc, sku_id::int, order_id::int from label_tags where tenant_id = ${tenantId} and status = ${TAG_STATUS.RECEIVED} order by id limit 1`,
    );
    if (!row) {
      const [site] = await queryRows<{ id: number }>(
        t.ctx.db,
        sql`select id::int from locations where tenant_id = ${tenantId} and code = 'WH01'`,
      );
      const [made] = await queryRows<{ id: number }>(
        t.ctx.db,
        sql`insert into label_tag_exceptions (tenant_id, epc, kind, state, site_id, zone_id, found_at)
            values (${tenantId}, ${known.epc}, ${TAG_EXCEPTION_KIND.DUPLICATE_EPC}, ${TAG_EXCEPTION_STATE.PENDING}, ${site.id}, ${zoneA}, now())
            returning id::int`,
      );
      row = { id: made.id, epc: known.epc };
    }
    const [before] = await queryRows<{ sku_id: number; order_id: number }>(
      t.ctx.db,
      sql`select sku_id::int, order_id::int from label_tags where tenant_id = ${tenantId} and epc = ${row.epc}`,
    );
    const r = await post('warehouse/abnormal-label/retag', { id: row.id }, demo);
    expect(r.status, r.body.msg).toBe(200);
    const [old] = await queryRows<{ status: number }>(
      t.ctx.db,
      sql`select status from label_tags where tenant_id = ${tenantId} and epc = ${row.epc}`,
    );
    expect(old.status).toBe(TAG_STATUS.CLEARED);
    const [fresh] = await queryRows<{ sku_id: number; order_id: number }>(
      t.ctx.db,
      sql`select sku_id::int, order_id::int from label_tags where tenant_id = ${tenantId} and epc = ${r.body.data.newEpc}`,
    );
    expect(fresh).toEqual(before);
  });
});
