import * as XLSX from '@e965/xlsx';
import { isValidGln, LOCATION_KIND, PHONE_RE, sglnUri, sgtin96Hex, withCheckDigit } from '@tagloom/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateLocationAttrs, tenants, users } from '../src/db/schema/index.js';
import { recordTagEvent } from '../src/modules/label/tags/store.js';
import { textPdf } from '../src/modules/tenant/places/pdf.js';
import { seedTrainingDoc } from '../src/modules/tenant/places/seed.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';
import { multipart } from './uploads.js';

// biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely
type Row = Record<string, any>;

describe(`tenant places on ${DRIVER}`, () => {
  let t: TestApp;
  let demo: string;
  let acme: string;
  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
    acme = await t.login('acme', 'acme123');
  });
  afterAll(() => t?.close());

  const list = async (code: string, body: Row = {}, token = demo) => {
    const r = await t.call('POST', `/api/${code}/list`, { token, body: { page: 1, pageSize: 100, ...body } });
    expect(r.status).toBe(200);
    return r.body.data as { list: Row[]; total: number };
  };
  const create = (code: string, body: Row, token = demo) => t.call('POST', `/api/${code}/create`, { token, body, lang: 'en_US' });
  const fieldsOf = (r: { body: { data: Row | null } }) => (r.body.data?.fields ?? []).map((f: { field: string }) => f.field);

  it('seeds the demo tenant: 20 stores, 2 warehouses, 3 factories, 2 label suppliers, code tables; ACME only the declared rows', async () => {
    const stores = await list('tenant/store');
    expect(stores.total).toBe(20);
    expect(stores.list.map((r) => r.code)).toEqual(Array.from({ length: 20 }, (_, i) => `ST${String(i + 1).padStart(3, '0')}`));
    expect(new Set(stores.list.map((r) => r.city)).size).toBeGreaterThanOrEqual(8);
    for (const s of stores.list) expect(s.phone).toMatch(PHONE_RE);
    expect((await list('tenant/warehouse')).list.map((r) => r.code)).toEqual(['WH01', 'WH02']);
    expect((await list('tenant/factory')).list.map((r) => r.code)).toEqual(['FA01', 'FA02', 'FA03']);
    expect((await list('tenant/label-supplier')).list.map((r) => r.code)).toEqual(['LS01', 'LS02']);
    const tables = (await list('tenant/code-table')).list.map((r) => r.code);
    expect(tables).toEqual(expect.arrayContaining(['storeLevel', 'warehouseType', 'colorFamily', 'fabric', 'season']));
    // the demo stores carry location attributes of the tenant's template
    const st1 = (await t.call('GET', `/api/tenant/store/get?id=${stores.list[0].id}`, { token: demo })).body.data;
    expect(st1.attrs).toMatchObject({ storeLevel: 'A', area: 420, openDate: '2016-09-18' });
    expect((await list('tenant/store', {}, acme)).list.map((r) => r.code)).toEqual(['ST001']);
  });

  it('lists only stores on the store screen; a store created there is a location of kind store', async () => {
    const locations = await list('tenant/location');
    const kindOf = new Map(locations.list.map((r) => [r.id, r.kind]));
    const stores = await list('tenant/store');
    for (const s of stores.list) expect(kindOf.get(s.id)).toBe(LOCATION_KIND.STORE);
    const warehouses = await list('tenant/warehouse');
    for (const w of warehouses.list) expect(kindOf.get(w.id)).toBe(LOCATION_KIND.WAREHOUSE);
    const zones = locations.list.filter((r) => r.kind === LOCATION_KIND.ZONE).length;
    expect(zones).toBeGreaterThan(0);
    expect(locations.total).toBe(stores.total + warehouses.total + 2 + zones); // + the office, the showroom and the sites' zones

    // a kind is not the store screen's to set (not one of its fields): it stamps its own
    const withKind = await create('tenant/store', { code: 'ST900', name: 'Test store', kind: LOCATION_KIND.WAREHOUSE });
    expect(withKind.status).toBe(400);
    expect(fieldsOf(withKind)).toContain('kind');
    const made = await create('tenant/store', { code: 'ST900', name: 'Test store', phone: '13800138000' });
    expect(made.body.code).toBe(200);
    const asLocation = await t.call('GET', `/api/tenant/location/get?id=${made.body.data.id}`, { token: demo });
    expect(asLocation.body.data).toMatchObject({ code: 'ST900', kind: LOCATION_KIND.STORE });
    expect((await list('tenant/warehouse', { code: 'ST900' })).total).toBe(0);
  });

  it('does not reach a warehouse through the store screen (get, update, delete: 404)', async () => {
    const [wh] = (await list('tenant/warehouse')).list;
    expect((await t.call('GET', `/api/tenant/store/get?id=${wh.id}`, { token: demo })).status).toBe(404);
    expect((await t.call('POST', '/api/tenant/store/update', { token: demo, body: { id: wh.id, name: 'hijack' } })).status).toBe(404);
    expect((await t.call('POST', '/api/tenant/store/delete', { token: demo, body: { ids: [wh.id] } })).status).toBe(404);
    const still = await t.call('GET', `/api/tenant/warehouse/get?id=${wh.id}`, { token: demo });
    expect(still.body.data.name).toBe(wh.name);
  });

  it('keeps codes unique in the tenant across stores and warehouses (409 naming the code), not across tenants', async () => {
    const clash = await create('tenant/warehouse', { code: 'ST002', name: 'Not a store' });
    expect(clash.status).toBe(409);
    expect(clash.body.msg).toContain('Warehouse code');
    const viaLocation = await create('tenant/location', { code: 'WH02', name: 'Dup', kind: LOCATION_KIND.OFFICE });
    expect(viaLocation.status).toBe(409);
    // ACME has no ST002: the same code is free there
    expect((await create('tenant/store', { code: 'ST002', name: 'ACME second store' }, acme)).status).toBe(200);
  });

  it('accepts both readings of a phone (11-digit mobile, up to 18 characters) and refuses bad ones naming the field', async () => {
    const good = ['13800138000', '021-6288 8888', '+86 (21) 6288-8888', '0512-57632201'];
    for (const [i, phone] of good.entries()) {
      const r = await create('tenant/factory', { code: `PH${i}`, name: `Phone ${i}`, phone });
      expect([phone, r.body.code]).toEqual([phone, 200]);
      expect(r.body.data.phone).toBe(phone);
    }
    for (const phone of ['call me', '1234', '1'.repeat(19), '138-0013-8000 ext.5', '＋8613800138000']) {
      const r = await create('tenant/label-supplier', { code: 'PHBAD', name: 'Bad phone', phone });
      expect([phone, r.status]).toEqual([phone, 400]);
      expect(fieldsOf(r)).toContain('phone');
      expect(r.body.msg).toContain('Phone');
      expect(r.body.msg).toContain('11-digit mobile number');
    }
    expect((await list('tenant/label-supplier', { code: 'PHBAD' })).total).toBe(0);
    // an update is checked the same way
    const [fa] = (await list('tenant/factory', { code: 'PH0' })).list;
    const upd = await t.call('POST', '/api/tenant/factory/update', { token: demo, body: { id: fa.id, phone: 'x' }, lang: 'en_US' });
    expect(upd.status).toBe(400);
    expect(fieldsOf(upd)).toContain('phone');
  });

  it('takes a location’s GS1 GLN (13 digits, check digit, unique in the tenant) and time zone, refusing bad ones naming the field', async () => {
    const gln = withCheckDigit('690123499001');
    const wrong = `${gln.slice(0, 12)}${(Number(gln[12]) + 1) % 10}`;
    const office = (code: string, more: Row, lang = 'en_US') =>
      t.call('POST', '/api/tenant/location/create', {
        token: demo,
        body: { code, name: `GLN ${code}`, kind: LOCATION_KIND.OFFICE, ...more },
        lang,
      });
    const short = await office('GL01', { gln: '690123499' });
    expect(short.status).toBe(400);
    expect(fieldsOf(short)).toContain('gln');
    expect(short.body.msg).toContain('GLN: must be 13 digits');
    const check = await office('GL01', { gln: wrong });
    expect(check.status).toBe(400);
    expect(fieldsOf(check)).toContain('gln');
    expect(check.body.msg).toContain('GLN: has a wrong check digit');
    const zh = await office('GL01', { gln: wrong }, 'zh_CN');
    expect(zh.body.msg).toContain('GLN 位置码');
    expect(zh.body.msg).toContain('校验位');
    const zone = await office('GL01', { timeZone: 'Mars/Olympus_Mons' });
    expect(zone.status).toBe(400);
    expect(fieldsOf(zone)).toContain('timeZone');
    expect(zone.body.msg).toContain('Time zone: must be an IANA time zone name');
    const ok = await office('GL01', { gln, timeZone: 'Europe/Paris' });
    expect(ok.body.code).toBe(200);
    expect(ok.body.data).toMatchObject({ gln, timeZone: 'Europe/Paris' });
    // unique in the tenant (409 naming the field), whatever the screen; blank on as many as like
    const again = await t.call('POST', '/api/tenant/store/create', {
      token: demo,
      body: { code: 'GL02', name: 'GLN 2', gln },
      lang: 'en_US',
    });
    expect(again.status).toBe(409);
    expect(again.body.msg).toContain('GLN');
    expect((await office('GL03', {})).body.code).toBe(200);
    expect((await office('GL04', { gln: '' })).body.code).toBe(200);
    // another tenant may hold the same GLN
    const theirs = await t.call('POST', '/api/tenant/location/create', {
      token: acme,
      body: { code: 'GL01', name: 'ACME GLN', kind: LOCATION_KIND.OFFICE, gln },
    });
    expect(theirs.body.code).toBe(200);
    // the demo's places have theirs, valid; the table, the import template and the export carry the field
    const stores = (await list('tenant/store')).list.filter((st) => /^ST0\d\d$/.test(st.code));
    expect(stores).toHaveLength(20);
    for (const st of stores) expect(isValidGln(st.gln), st.code).toBe(true);
    expect(new Set(stores.map((st) => st.gln)).size).toBe(stores.length);
    const sheet = await t.app.inject({ method: 'GET', url: '/api/tenant/location/template', headers: { token: demo, langeType: 'en_US' } });
    const header = XLSX.utils.sheet_to_json<string[]>(XLSX.read(sheet.rawPayload).Sheets[XLSX.read(sheet.rawPayload).SheetNames[0]], {
      header: 1,
    })[0];
    expect(header).toEqual(expect.arrayContaining(['GLN', 'Time zone']));
  });

  it('names a location in the lifecycle’s EPCIS events by the SGLN of its GLN, else by a name-free URI, at the offset of its time zone then', async () => {
    const [{ id: tenantId }] = await t.ctx.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, 'DEMO'));
    const gln = withCheckDigit('690123499101');
    const ny = await create('tenant/location', {
      code: 'NY01',
      name: '纽约展厅',
      kind: LOCATION_KIND.SHOWROOM,
      gln,
      timeZone: 'America/New_York',
    });
    const plain = await create('tenant/location', { code: 'SH99', name: '上海临时仓', kind: LOCATION_KIND.OTHER });
    expect([ny.body.code, plain.body.code]).toEqual([200, 200]);
    // two instants a hundred days apart (New York's offset differs between them for much of the year: the
    // event takes the one of its own instant), the expected offsets worded by Intl's short form
    const early = new Date(Date.now() - 100 * 86_400_000);
    const late = new Date(Date.now() - 86_400_000);
    const offsetIn = (zone: string, d: Date) => {
      const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
        .formatToParts(d)
        .find((p) => p.type === 'timeZoneName')!.value;
      const m = /GMT([+-])(\d+)(?::(\d+))?/.exec(name);
      return m ? `${m[1]}${m[2].padStart(2, '0')}:${(m[3] ?? '0').padStart(2, '0')}` : '+00:00';
    };
    const epc = sgtin96Hex(withCheckDigit('690123499001'), 7, 1, 777001);
    const at = (locationId: number | undefined, eventTime: Date, reader?: string) =>
      t.ctx.db.transaction((tx) =>
        recordTagEvent(tx, {
          tenantId,
          eventTime,
          action: 'OBSERVE',
          bizStep: 'storing',
          disposition: 'available',
          epcs: [epc],
          locationId,
          reader,
        }),
      );
    await at(ny.body.data.id, early, 'HH-NY01');
    await at(ny.body.data.id, late);
    await at(plain.body.data.id, late);
    // renamed: its events are still named the same (no name in the identifier)
    await t.call('POST', '/api/tenant/location/update', { token: demo, body: { id: plain.body.data.id, name: '上海新仓' } });
    await at(plain.body.data.id, late);
    await at(undefined, late);
    const doc = (await t.call('GET', `/api/label/lifecycle/epcis?epc=${epc}`, { token: demo })).body as Row;
    // (compared as a set: an event's ID is its content's hash now, in no order of writing)
    const list = doc.epcisBody.eventList as Row[];
    const byPlace = (rows: unknown[][]) => rows.map((r) => JSON.stringify(r)).sort();
    const sgln = sglnUri(gln, 7);
    expect(sgln).toBe(`urn:epc:id:sgln:6901234.99101.0`);
    expect(byPlace(list.map((e) => [e.bizLocation?.id ?? null, e.readPoint?.id ?? null, e.eventTimeZoneOffset]))).toEqual(
      byPlace([
        [sgln, 'urn:epc:id:sgln:6901234.99101.HH-NY01', offsetIn('America/New_York', early)],
        [sgln, sgln, offsetIn('America/New_York', late)],
        ['urn:tagloom:loc:DEMO:SH99', 'urn:tagloom:loc:DEMO:SH99', '+08:00'],
        ['urn:tagloom:loc:DEMO:SH99', 'urn:tagloom:loc:DEMO:SH99', '+08:00'],
        // no place: the tenant's zone (Asia/Shanghai), whatever the server's
        [null, null, '+08:00'],
      ]),
    );
    // the console's history names the place as it is now
    const events = (await t.call('GET', `/api/label/lifecycle/events?epc=${epc}`, { token: demo })).body.data.events as Row[];
    expect(events.map((e) => e.location?.name ?? null)).toEqual(expect.arrayContaining(['纽约展厅', '上海新仓', null]));
  });

  describe('location attributes', () => {
    beforeAll(async () => {
      // the demo template with its store level required
      const [tpl] = await t.ctx.db
        .select()
        .from(templateLocationAttrs)
        .innerJoin(tenants, eq(tenants.locationAttrTemplateId, templateLocationAttrs.id))
        .where(eq(tenants.code, 'DEMO'));
      const basic = (tpl.template_location_attrs.basicAttrs as Row[]).map((a) => (a.code === 'storeLevel' ? { ...a, required: true } : a));
      await t.ctx.db
        .update(templateLocationAttrs)
        .set({ basicAttrs: basic })
        .where(eq(templateLocationAttrs.id, tpl.template_location_attrs.id));
    });

    it('serves the tenant template with the options of its code tables', async () => {
      const r = await t.call('GET', '/api/attrs/location', { token: demo });
      expect(r.status).toBe(200);
      const level = r.body.data.find((a: Row) => a.code === 'storeLevel');
      expect(level).toMatchObject({ name: '门店等级', type: 4, required: true });
      expect(level.options.map((o: Row) => o.value)).toEqual(['A', 'B', 'C', 'O']);
      expect(r.body.data.find((a: Row) => a.code === 'area')).toMatchObject({ type: 2, required: false });
      const goods = await t.call('GET', '/api/attrs/goods', { token: demo });
      expect(goods.body.data.find((a: Row) => a.code === 'season').options.map((o: Row) => o.label)).toEqual(['春夏', '秋冬', '四季']);
      // ACME chose no template: no attributes
      expect((await t.call('GET', '/api/attrs/location', { token: acme })).body.data).toEqual([]);
      expect((await t.call('GET', '/api/attrs/location', {})).status).toBe(401);
    });

    it('refuses a missing required attribute, a wrong type, an option not in the code table and an unknown attribute, naming attrs.<code>', async () => {
      const base = { code: 'AT01', name: 'Attr store' };
      const cases: [Row, string][] = [
        [{}, 'attrs.storeLevel'],
        [{ storeLevel: 'A', area: 'big' }, 'attrs.area'],
        [{ storeLevel: 'A', openDate: '31/12/2024' }, 'attrs.openDate'],
        [{ storeLevel: 'Z' }, 'attrs.storeLevel'],
        [{ storeLevel: 'A', colour: 'red' }, 'attrs.colour'],
      ];
      for (const [attrs, field] of cases) {
        const r = await create('tenant/store', { ...base, attrs });
        expect([field, r.status]).toEqual([field, 400]);
        expect(fieldsOf(r)).toContain(field);
      }
      const notListed = await create('tenant/store', { ...base, attrs: { storeLevel: 'Z' } });
      expect(notListed.body.msg).toContain('门店等级');
      expect(notListed.body.msg).toContain('旗舰店');
      expect((await list('tenant/location', { code: 'AT01' })).total).toBe(0);

      const ok = await create('tenant/store', { ...base, attrs: { storeLevel: 'B', area: '185.5', openDate: '2024-03-01' } });
      expect(ok.body.code).toBe(200);
      expect(ok.body.data.attrs).toEqual({ storeLevel: 'B', area: 185.5, openDate: '2024-03-01' });
      // an update of the attributes is checked too
      const upd = await t.call('POST', '/api/tenant/store/update', {
        token: demo,
        body: { id: ok.body.data.id, attrs: { area: 10 } },
        lang: 'en_US',
      });
      expect(upd.status).toBe(400);
      expect(fieldsOf(upd)).toContain('attrs.storeLevel');
    });

    it('takes the options from the code table of the same code: a value added there is accepted, a disabled one refused', async () => {
      const [table] = (await list('tenant/code-table', { code: 'storeLevel' })).list;
      const full = (await t.call('GET', `/api/tenant/code-table/get?id=${table.id}`, { token: demo })).body.data;
      const items = full.items.map((i: Row) => ({
        id: i.id,
        value: i.value,
        label: i.label,
        seq: i.seq,
        status: i.value === 'C' ? 0 : i.status,
      }));
      const saved = await t.call('POST', '/api/tenant/code-table/update', {
        token: demo,
        body: { id: table.id, items: [...items, { value: 'P', label: '快闪店', seq: 90 }] },
      });
      expect(saved.body.code).toBe(200);
      expect((await create('tenant/store', { code: 'AT02', name: 'Pop-up', attrs: { storeLevel: 'P' } })).body.code).toBe(200);
      const disabled = await create('tenant/store', { code: 'AT03', name: 'Community', attrs: { storeLevel: 'C' } });
      expect(disabled.status).toBe(400);
      expect(fieldsOf(disabled)).toContain('attrs.storeLevel');
    });
  });

  it('edits a code table with its items in one write; a value twice among the items is refused', async () => {
    const made = await create('tenant/code-table', {
      code: 'sizeGroup',
      name: 'Size groups',
      items: [
        { value: 'S', label: 'Small', seq: 1 },
        { value: 'M', label: 'Medium', seq: 2 },
      ],
    });
    expect(made.body.code).toBe(200);
    const got = (await t.call('GET', `/api/tenant/code-table/get?id=${made.body.data.id}`, { token: demo })).body.data;
    expect(got.items.map((i: Row) => i.value)).toEqual(['S', 'M']);
    const twice = await create('tenant/code-table', {
      code: 'dupItems',
      name: 'Dup',
      items: [
        { value: 'A', label: 'a' },
        { value: 'A', label: 'b' },
      ],
    });
    expect(twice.status).toBe(400);
    expect((await list('tenant/code-table', { code: 'dupItems' })).total).toBe(0);
  });

  it('shows the same rows in the equipment archive as on rfid/equipment', async () => {
    const archive = await list('tenant/equipment');
    const rfid = await list('rfid/equipment');
    expect(archive.total).toBeGreaterThan(0);
    expect(archive.list.map((r) => r.id).sort()).toEqual(rfid.list.map((r) => r.id).sort());
    const made = await create('tenant/equipment', { equipmentCoding: 'PRN-77', equipmentName: 'Label printer', snNumber: 'SN-PRN-77' });
    expect(made.body.code).toBe(200);
    const seen = await t.call('GET', `/api/rfid/equipment/get?id=${made.body.data.id}`, { token: demo });
    expect(seen.body.data.equipmentCoding).toBe('PRN-77');
  });

  it('keeps a party users are bound to: no delete, no change of a bound location kind (409 naming the user)', async () => {
    const [st] = (await list('tenant/store', { code: 'ST007' })).list;
    await t.ctx.db
      .update(users)
      .set({ partyKind: 'store', partyId: st.id })
      .where(and(eq(users.username, 'viewer')));
    const del = await t.call('POST', '/api/tenant/store/delete', { token: demo, body: { ids: [st.id] }, lang: 'en_US' });
    expect(del.status).toBe(409);
    expect(del.body.msg).toContain('viewer');
    expect((await t.call('POST', '/api/tenant/location/delete', { token: demo, body: { ids: [st.id] } })).status).toBe(409);
    const moved = await t.call('POST', '/api/tenant/location/update', { token: demo, body: { id: st.id, kind: LOCATION_KIND.OFFICE } });
    expect(moved.status).toBe(409);
    expect((await list('tenant/store', { code: 'ST007' })).total).toBe(1);

    // the bound user sees its store only, and no warehouse
    const viewer = await t.login('viewer', 'viewer123');
    expect((await list('tenant/store', {}, viewer)).list.map((r) => r.code)).toEqual(['ST007']);
    expect((await list('tenant/location', {}, viewer)).list.map((r) => r.code)).toEqual(['ST007']);
    expect((await list('tenant/warehouse', {}, viewer)).total).toBe(0);
    await t.ctx.db.update(users).set({ partyKind: null, partyId: null }).where(eq(users.username, 'viewer'));
  });

  describe('training documents', () => {
    const upload = async (name: string, buf: Buffer, token = demo) => {
      const m = multipart(name, buf);
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/tenant/training-doc/upload?field=fileId',
        headers: { ...m.headers, token, langeType: 'en_US' },
        payload: m.payload,
      });
      return { status: r.statusCode, body: r.json() };
    };

    it('refuses a file that is not a pdf, naming the field, whatever its name says', async () => {
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
      for (const [name, buf] of [
        ['guide.pdf', png],
        ['notes.txt', Buffer.from('plain text, not a pdf')],
      ] as const) {
        const r = await upload(name, buf);
        expect([name, r.status]).toEqual([name, 400]);
        expect(r.body.msg).toContain('PDF file');
      }
    });

    it('adds a document from an uploaded pdf, lists it, previews it inline, downloads it, and deletes it with its file', async () => {
      const pdf = textPdf([{ heading: 'Count guide', lines: ['Walk every zone.'] }]);
      const up = await upload('count-guide.pdf', pdf);
      expect(up.status).toBe(200);
      expect(up.body.data).toMatchObject({ kind: 'pdf', mime: 'application/pdf', size: pdf.length });
      const made = await create('tenant/training-doc', { title: 'Stock count guide', category: 2, fileId: up.body.data.id });
      expect(made.body.code).toBe(200);
      expect(new Date(made.body.data.uploadedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
      const docs = await list('tenant/training-doc');
      expect(docs.list[0]).toMatchObject({ title: 'Stock count guide', fileId: up.body.data.id });

      const preview = await t.app.inject({
        method: 'GET',
        url: `/api/tenant/training-doc/preview?id=${up.body.data.id}`,
        headers: { token: demo },
      });
      expect(preview.statusCode).toBe(200);
      expect(preview.headers['content-type']).toContain('application/pdf');
      expect(String(preview.headers['content-disposition'])).toMatch(/^inline/);
      expect(preview.rawPayload.equals(pdf)).toBe(true);
      const file = await t.app.inject({
        method: 'GET',
        url: `/api/tenant/training-doc/file?id=${up.body.data.id}`,
        headers: { token: demo },
      });
      expect(String(file.headers['content-disposition'])).toMatch(/^attachment/);
      expect(file.rawPayload.equals(pdf)).toBe(true);
      // another tenant gets nothing
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/tenant/training-doc/file?id=${up.body.data.id}`, headers: { token: acme } }))
          .statusCode,
      ).toBe(404);
      // documents are not edited
      expect(
        (await t.call('POST', '/api/tenant/training-doc/update', { token: demo, body: { id: made.body.data.id, title: 'x' } })).status,
      ).toBe(404);

      const del = await t.call('POST', '/api/tenant/training-doc/delete', { token: demo, body: { ids: [made.body.data.id] } });
      expect(del.body.data.deleted).toBe(1);
      await expect
        .poll(
          async () =>
            (await t.app.inject({ method: 'GET', url: `/api/tenant/training-doc/file?id=${up.body.data.id}`, headers: { token: demo } }))
              .statusCode,
        )
        .toBe(404);
    });

    it('seeds the demo document as a real stored pdf the screen serves', async () => {
      const [acmeTenant] = await t.ctx.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, 'ACME'));
      await seedTrainingDoc(t.ctx.db, acmeTenant.id, t.ctx.config);
      const [doc] = (await list('tenant/training-doc', {}, acme)).list;
      expect(doc).toMatchObject({ title: 'RFID 门店作业指南', category: 1 });
      const preview = await t.app.inject({
        method: 'GET',
        url: `/api/tenant/training-doc/preview?id=${doc.fileId}`,
        headers: { token: acme },
      });
      expect(preview.statusCode).toBe(200);
      expect(preview.headers['content-type']).toContain('application/pdf');
      const text = preview.rawPayload.toString('latin1');
      expect(text.startsWith('%PDF-1.4')).toBe(true);
      expect(text).toContain('RFID Store Operations Guide');
      expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    });

    it('needs a pdf: a document without its file is refused naming the field', async () => {
      const r = await create('tenant/training-doc', { title: 'No file' });
      expect(r.status).toBe(400);
      expect(fieldsOf(r)).toContain('fileId');
    });
  });
});
