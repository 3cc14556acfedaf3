import * as XLSX from '@e965/xlsx';
import { BILL_KIND, BILL_ORIGIN, BILL_STATUS, CARTON_EPC_SOURCE, CARTON_STATUS, isSscc, makeSscc, sgtin96Hex } from '@tagloom/domain';
import { CARTON_RESULT } from '@tagloom/domain/rfid/reconcile.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { stopParsePool } from '../src/modules/rfid/ingest/parse-pool.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';
import { folded, readAndFold, testReader, testScene, zoneOf } from './support-readers.js';
import { FORM_BOUNDARY, formData, workbook } from './uploads.js';

// biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely
type Row = Record<string, any>;

const HEADER = ['Carton no. or SSCC', 'SKU code or barcode/GTIN', 'Quantity', 'EPC (optional)'];

/** The ASN import from a spreadsheet (issue 29: carton, SKU, quantity, EPC optional). */
describe(`ASN import from a spreadsheet on ${DRIVER}`, () => {
  let t: TestApp;
  let demo: string;
  let wh01: string;
  let tenantId: number;
  let site: Record<string, number>;
  let fa01: number;
  let tunnelKey: string;
  /** registered tags in no carton, with their SKU's barcode and GTIN */
  let tags: { epc: string; skuId: number; barcode: string; gtin: string }[];

  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
    wh01 = await t.login('wh01', 'demo1234');
    [{ id: tenantId }] = await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from tenants where code = 'DEMO'`);
    const places = await queryRows<{ code: string; id: number }>(
      t.ctx.db,
      sql`select code, id::int as id from locations where tenant_id = ${tenantId} and code in ('WH01', 'WH02', 'ST001')`,
    );
    site = Object.fromEntries(places.map((p) => [p.code, p.id]));
    [{ id: fa01 }] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id::int as id from factories where tenant_id = ${tenantId} and code = 'FA01'`,
    );
    tags = await queryRows(
      t.ctx.db,
      // each SKU's first tag in no carton (one statement over the registry: the demo's stock tags are thousands)
      sql`with firsts as (
            select distinct on (t.sku_id) t.id, t.epc, t.sku_id, s.sku_barcode, s.gtin from label_tags t
              join goods_skus s on s.tenant_id = t.tenant_id and s.id = t.sku_id
             where t.tenant_id = ${tenantId} and t.epc like '30%' and s.gtin <> ''
               and not exists (select 1 from wms_carton_epcs e where e.tenant_id = t.tenant_id and e.epc = t.epc)
             order by t.sku_id, t.id)
          select epc, sku_id::int as "skuId", sku_barcode as barcode, gtin from firsts order by id limit 16`,
    );
    // a dock tunnel in WH01's inbound dock (zone kind 5)
    const scene = await testScene(t, tenantId, 'S-TUN-ASNI', 5, 10);
    tunnelKey = await testReader(t, tenantId, 'TUN-ASNI-01', await zoneOf(t, tenantId, 'WH01', 5), scene);
  }, 240_000);
  afterAll(async () => {
    await stopParsePool();
    await t?.close();
  });

  const importAsn = async (rows: unknown[][] | Buffer, fields: Record<string, string | number>, token = demo, lang = 'en_US') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/warehouse/bill/import-asn',
      headers: { token, langeType: lang, 'content-type': `multipart/form-data; boundary=${FORM_BOUNDARY}` },
      payload: formData(fields, { name: 'asn.xlsx', bytes: Buffer.isBuffer(rows) ? rows : workbook(rows) }),
    });
    return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: Row } };
  };
  const billCount = async () =>
    (await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from wms_bills where tenant_id = ${tenantId}`))[0].n;
  const cartonsOf = async (billId: number, token = demo) => {
    const r = await t.call('POST', '/api/warehouse/receiving-check/list', { token, body: { billId, page: 1, pageSize: 100 } });
    expect(r.status, r.body.msg).toBe(200);
    return (r.body.data.list as Row[]).sort((a, b) => a.cartonNo.localeCompare(b.cartonNo));
  };
  const dev = (url: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${tunnelKey}`, 'x-device-key': tunnelKey, 'content-type': 'application/json', langeType: 'en_US' },
      payload: JSON.stringify(body),
    });
  /** A carton through the dock tunnel: its scan opens a session, its reads (ingestion and the fold), the close checks it. */
  async function throughTunnel(subjectCode: string, epcs: string[], batchKey: string) {
    const opened = await dev('/api/rfid/sessions', { subjectType: 'carton', subjectCode });
    expect(opened.statusCode, opened.body).toBe(200);
    await readAndFold(t, tunnelKey, epcs, batchKey);
    const closed = await dev(`/api/rfid/sessions/${JSON.parse(opened.body).data.session.id}/close`, {});
    expect(closed.statusCode, closed.body).toBe(200);
  }

  const SSCC = makeSscc('0614141', 424242);
  let billId: number;

  it('imports a sheet: one bill in transit (origin ASN import), its lines, cartons (an SSCC kept), EPC bindings; logged', async () => {
    expect(tags.length).toBeGreaterThanOrEqual(8);
    const before = await billCount();
    const rows = [
      HEADER,
      ['ASNI-01', tags[0].barcode, 1, tags[0].epc],
      ['ASNI-01', tags[1].barcode, '', tags[1].epc.toLowerCase()],
      ['ASNI-01', tags[2].gtin, 1, tags[2].epc],
      [SSCC, tags[3].barcode, 1, tags[3].epc],
      [SSCC, tags[4].barcode, 1, tags[4].epc],
      // SKU level: quantities only (one by barcode, one by GTIN)
      ['ASNI-03', tags[5].barcode, 1, ''],
      ['ASNI-03', tags[6].gtin, 1],
    ];
    const r = await importAsn(rows, { destLocationId: site.WH01, factoryId: fa01, expectedAt: '2026-12-03', reservationNo: 'PO-ASNI-1' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ cartons: 3, pieces: 7, epcs: 5 });
    expect(r.body.msg).toContain(r.body.data.code);
    expect(await billCount()).toBe(before + 1);
    billId = r.body.data.id;
    const bill = (await t.call('GET', `/api/warehouse/bill/get?id=${billId}`, { token: demo })).body.data as Row;
    expect(bill).toMatchObject({
      kind: BILL_KIND.PURCHASE_IN,
      status: BILL_STATUS.IN_TRANSIT,
      origin: BILL_ORIGIN.ASN_IMPORT,
      factoryId: fa01,
      destLocationId: site.WH01,
      reservationNo: 'PO-ASNI-1',
      piecesExpected: 7,
      cartonsExpected: 3,
    });
    expect(bill.shippedAt).toBeTruthy();
    expect(bill.lines.length).toBeGreaterThanOrEqual(4);
    const cartons = await cartonsOf(billId);
    expect(cartons.map((c) => [c.cartonNo, c.status, c.expectedPieces])).toEqual([
      [SSCC, CARTON_STATUS.EXPECTED, 2],
      ['ASNI-01', CARTON_STATUS.EXPECTED, 3],
      ['ASNI-03', CARTON_STATUS.EXPECTED, 2],
    ]);
    expect(cartons[0].sscc).toBe(SSCC);
    for (const c of cartons) expect(isSscc(c.sscc)).toBe(true);
    const bound = await queryRows<{ epc: string; source: number; carton_no: string }>(
      t.ctx.db,
      sql`select e.epc, e.source, c.carton_no from wms_carton_epcs e join wms_cartons c on c.tenant_id = e.tenant_id and c.id = e.carton_id
          where e.tenant_id = ${tenantId} and e.bill_id = ${billId} order by e.epc`,
    );
    expect(bound).toHaveLength(5);
    expect(bound.every((b) => b.source === CARTON_EPC_SOURCE.ASN_IMPORT)).toBe(true);
    expect(bound.find((b) => b.epc === tags[1].epc)?.carton_no).toBe('ASNI-01');
    // the operation log (the request and the system's move) and the warehouse log
    const ops = await queryRows<{ action: string }>(
      t.ctx.db,
      sql`select action from operation_log where tenant_id = ${tenantId} and screen = 'warehouse/bill' and (action = 'importAsn' or target = ${String(billId)})`,
    );
    expect(ops.map((o) => o.action)).toEqual(expect.arrayContaining(['importAsn', 'importShip']));
    const wms = await queryRows<{ action: string; site_id: number }>(
      t.ctx.db,
      sql`select action, site_id::int as site_id from wms_log where tenant_id = ${tenantId} and doc_id = ${billId} and doc_type = 'warehouse/bill'`,
    );
    expect(wms).toEqual([{ action: 'importShip', site_id: site.WH01 }]);
  });

  it("its cartons are checked as an audited ASN's: by EPC where it lists EPCs, by SKU counts where not", async () => {
    await throughTunnel('ASNI-01', [tags[0].epc, tags[1].epc, tags[2].epc], 'asni-1');
    // the SKU-level carton: one of its two pieces read
    await throughTunnel('ASNI-03', [tags[5].epc], 'asni-3');
    const [, byEpc, bySku] = await cartonsOf(billId, wh01);
    expect(byEpc).toMatchObject({ status: CARTON_STATUS.ACCEPTED, result: CARTON_RESULT.MATCHED, matched: 3, short: 0 });
    expect(bySku).toMatchObject({ status: CARTON_STATUS.CHECKED, result: CARTON_RESULT.SHORT, readPieces: 1, matched: 1, short: 1 });
    const bill = (await t.call('GET', `/api/warehouse/bill/get?id=${billId}`, { token: demo })).body.data as Row;
    expect(bill).toMatchObject({ status: BILL_STATUS.RECEIVING, piecesReceived: 4, cartonsPending: 1 });
  });

  it('a sheet marked as needing inspection: its receipt opens an inspection with its first carton, and the review waits for it', async () => {
    const rows = [HEADER, ['ASNI-Q1', tags[6].barcode, 1, tags[6].epc]];
    const r = await importAsn(rows, { destLocationId: site.WH01, factoryId: fa01, reservationNo: 'PO-ASNI-QI', needsInspection: 1 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const id = r.body.data.id;
    const get = async () => (await t.call('GET', `/api/warehouse/bill/get?id=${id}`, { token: demo })).body.data as Row;
    expect(await get()).toMatchObject({ needsInspection: 1, status: BILL_STATUS.IN_TRANSIT });
    const inspections = async () =>
      (await t.call('POST', '/api/warehouse/receiving-qi/list', { token: demo, body: { page: 1, pageSize: 10, billId: id } })).body.data
        .list as Row[];
    expect(await inspections()).toEqual([]);
    await throughTunnel('ASNI-Q1', [tags[6].epc], 'asni-q1');
    const [qi] = await inspections();
    expect(qi).toMatchObject({ lotQty: 1, status: 1 });
    // received, reviewed: refused until the inspection is submitted
    expect((await t.call('POST', '/api/warehouse/goods-received/receive', { token: demo, body: { id } })).status).toBe(200);
    const review = await t.call('POST', '/api/logistics/receipt-review/review', { token: demo, body: { id }, lang: 'en_US' });
    expect([review.status, review.body.msg]).toEqual([409, `Bill ${r.body.data.code} needs inspection: submit it before the review`]);
    // without the mark (or 0), a sheet's bill needs none; anything else is refused naming the field
    const plain = await importAsn([HEADER, ['ASNI-Q2', tags[7].barcode, 1]], {
      destLocationId: site.WH01,
      factoryId: fa01,
      needsInspection: 0,
    });
    expect((await t.call('GET', `/api/warehouse/bill/get?id=${plain.body.data.id}`, { token: demo })).body.data.needsInspection).toBe(0);
    const bad = await importAsn([HEADER, ['ASNI-Q3', tags[7].barcode, 1]], {
      destLocationId: site.WH01,
      factoryId: fa01,
      needsInspection: 2,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^Needs inspection/);
  });

  it('refuses a file with bad rows, each message naming its row and column; nothing is written', async () => {
    const before = await billCount();
    const otherGtin = sgtin96Hex(tags[7].gtin, 7, 1, 990001);
    const rows = [
      HEADER,
      ['ASNI-X1', 'NO-SUCH-SKU', 1, ''], // 2: unknown SKU
      ['ASNI-X2', tags[7].barcode, 0, ''], // 3: bad quantity
      ['ASNI-X3', tags[7].barcode, 'many', ''], // 4: bad quantity
      ['ASNI-X4', tags[7].barcode, 1, 'ZZ12'], // 5: not hex
      ['ASNI-X4', tags[6].barcode, 1, otherGtin], // 6: another SKU's GTIN
      ['ASNI-X4', tags[7].barcode, 1, tags[7].epc], // 7
      ['ASNI-X4', tags[7].barcode, 1, tags[7].epc], // 8: twice
      ['ASNI-X5', tags[0].barcode, 1, tags[0].epc], // 9: bound to the open carton ASNI-01
      ['340123450000000018', tags[7].barcode, 1, ''], // 10: an SSCC's shape, a wrong check digit
      ['ASNI-X4', tags[7].barcode, 2, ''], // 11: a carton of EPCs, a row without
      ['ASNI X6', tags[7].barcode, 1, ''], // 12: a space in a carton no.
      [SSCC, tags[7].barcode, 1, ''], // 13: the SSCC of an open bill's carton
    ];
    const r = await importAsn(rows, { destLocationId: site.WH01, factoryId: fa01 });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('The ASN file has 11 rows with errors: nothing was imported');
    const said = Object.fromEntries(
      (r.body.data.errors as { row: number; messages: string[] }[]).map((e) => [e.row, e.messages.join(' | ')]),
    );
    expect(said[2]).toBe('Row 2, SKU code or barcode/GTIN: no SKU "NO-SUCH-SKU" (by SKU barcode or GTIN)');
    expect(said[3]).toBe('Row 3, Quantity: must be a whole number from 1 to 99999');
    expect(said[4]).toBe('Row 4, Quantity: must be a whole number from 1 to 99999');
    expect(said[5]).toMatch(/^Row 5, EPC \(optional\): not a valid hex EPC/);
    expect(said[6]).toBe(
      `Row 6, EPC (optional): the EPC encodes GTIN ${tags[7].gtin.padStart(14, '0')}, not the row's SKU's GTIN ${tags[6].gtin}`,
    );
    expect(said[7]).toBeUndefined();
    expect(said[8]).toBe('Row 8, EPC (optional): the same EPC as row 7');
    expect(said[9]).toMatch(/^Row 9, EPC \(optional\): the EPC is bound to carton ASNI-01 of open bill BL/);
    expect(said[10]).toBe('Row 10, Carton no. or SSCC: looks like an SSCC but its check digit (the last) is wrong');
    expect(said[11]).toMatch(/^Row 11, EPC \(optional\): other rows of carton ASNI-X4 have EPCs/);
    expect(said[12]).toBe('Row 12, Carton no. or SSCC: only letters, digits, - and _');
    expect(said[13]).toMatch(/^Row 13, Carton no. or SSCC: the SSCC is a carton of open bill BL/);
    expect(await billCount()).toBe(before);
    // in the user's language
    const zh = await importAsn([HEADER, ['ASNI-X1', 'NO-SUCH-SKU', 1]], { destLocationId: site.WH01, factoryId: fa01 }, demo, 'zh_CN');
    expect(zh.status).toBe(400);
    expect(zh.body.data.errors[0].messages[0]).toBe('第 2 行「SKU编码或条码/GTIN」：找不到 SKU「NO-SUCH-SKU」（按 SKU 条码或 GTIN）');
  });

  it('refuses a sheet without the columns, or without rows; the template has them in the language asked', async () => {
    const noQty = await importAsn(
      [
        ['Carton', 'SKU'],
        ['A', tags[7].barcode],
      ],
      { destLocationId: site.WH01, factoryId: fa01 },
    );
    expect(noQty.status).toBe(400);
    expect(noQty.body.msg).toBe('The first row lacks the columns: Quantity. Use the downloaded template');
    const empty = await importAsn([HEADER], { destLocationId: site.WH01, factoryId: fa01 });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe('The file has no data rows below its header');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/warehouse/bill/import-asn/template',
      headers: { token: wh01, langeType: 'zh_TW' },
    });
    expect(res.statusCode).toBe(200);
    const wb = XLSX.read(res.rawPayload, { type: 'buffer' });
    expect(XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]], { header: 1 })[0]).toEqual([
      '箱號或SSCC',
      'SKU編碼或條碼/GTIN',
      '數量',
      'EPC（選填）',
    ]);
    // the template's own header is read back (zh_TW headers, an English user)
    const back = await importAsn(
      [
        ['箱號或SSCC', 'SKU編碼或條碼/GTIN', '數量', 'EPC（選填）'],
        ['ASNI-T1', tags[7].barcode, 2],
      ],
      { destLocationId: site.WH01, factoryId: fa01, reservationNo: 'PO-ASNI-T' },
    );
    expect(back.status, back.body.msg).toBe(200);
    expect(back.body.data).toMatchObject({ cartons: 1, pieces: 2, epcs: 0 });
  });

  it("holds a warehouse's user to its warehouse; an unknown or non-warehouse place, or an unknown factory, is refused", async () => {
    const sheet = [HEADER, ['ASNI-P1', tags[7].barcode, 1]];
    // the dialog's pickers: its own warehouse only, and every factory of the tenant (which the factory screen does not show it)
    const warehouses = await t.call('GET', '/api/tenant/warehouse/options?page=1', { token: wh01 });
    expect(warehouses.body.data.list.map((o: Row) => o.value)).toEqual([site.WH01]);
    const factories = await t.call('GET', '/api/warehouse/bill-factory/options?page=1&q=FA01', { token: wh01 });
    expect(factories.status, factories.body.msg).toBe(200);
    const named = await t.call('GET', `/api/warehouse/bill-factory/options?ids=${fa01}`, { token: wh01 });
    expect(named.body.data.list).toEqual([{ value: fa01, label: '宁波甬华针织制衣有限公司' }]);
    // wh01 naming WH02: the party rule
    const other = await importAsn(sheet, { destLocationId: site.WH02, factoryId: fa01 }, wh01);
    expect(other.status).toBe(400);
    expect(other.body.msg).toMatch(/^To: /);
    // naming none: its own
    const own = await importAsn(sheet, { factoryId: fa01, reservationNo: 'PO-ASNI-WH01' }, wh01);
    expect(own.status, own.body.msg).toBe(200);
    const [bill] = await queryRows<{ dest: number; origin: number }>(
      t.ctx.db,
      sql`select dest_location_id::int as dest, origin from wms_bills where tenant_id = ${tenantId} and id = ${own.body.data.id}`,
    );
    expect(bill).toEqual({ dest: site.WH01, origin: BILL_ORIGIN.ASN_IMPORT });
    // a store, an unknown id (another tenant's, or none): not a warehouse of the tenant
    for (const dest of [site.ST001, 987_654_321]) {
      const r = await importAsn(sheet, { destLocationId: dest, factoryId: fa01 });
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe('To: must be a warehouse of the tenant');
    }
    const noFactory = await importAsn(sheet, { destLocationId: site.WH01, factoryId: 987_654_321 });
    expect(noFactory.status).toBe(400);
    expect(noFactory.body.msg).toBe('Factory: must be a factory of the tenant');
    const noDest = await importAsn(sheet, { factoryId: fa01 });
    expect(noDest.status).toBe(400);
    expect(noDest.body.msg).toBe('Please select to');
    // a user without the button: 403
    const store01 = await t.login('store01', 'demo1234');
    expect((await importAsn(sheet, { destLocationId: site.WH01, factoryId: fa01 }, store01)).status).toBe(403);
  });

  /** A sheet of `n` EPC rows of one SKU, 50 to a carton (numbers `prefix`-000 …), EPCs from serial `serial0`. */
  const epcSheet = (n: number, prefix: string, serial0: number) => {
    const sku = tags[0];
    const rows: unknown[][] = [HEADER];
    for (let i = 0; i < n; i++)
      rows.push([`${prefix}-${String(Math.floor(i / 50)).padStart(3, '0')}`, sku.barcode, 1, sgtin96Hex(sku.gtin, 7, 1, serial0 + i)]);
    return rows;
  };
  const jobOf = async (id: string) => {
    const r = await t.call('GET', `/api/jobs/${id}`, { token: demo, lang: 'en_US' });
    expect(r.status, r.body.msg).toBe(200);
    return r.body.data as Row;
  };
  /** Reads the job until `until` holds (its state, its phase): polled, no fixed wait. */
  /** The job once `until` holds, asked every `every` ms (a phase of a second or less is caught at 25 ms). */
  const jobUntil = async (id: string, until: (j: Row) => boolean, every = 25) => {
    const end = Date.now() + 200_000;
    for (;;) {
      const j = await jobOf(id);
      if (until(j)) return j;
      if (j.final || Date.now() > end) throw new Error(`job ${id} ${j.state} (${j.message}): not what was awaited`);
      await new Promise((r) => setTimeout(r, every));
    }
  };
  /** The job once ended, asked four times a second (each ask is a request the embedded database serves before the job's next statement). */
  const jobEnded = (id: string) => jobUntil(id, (j) => j.final, 250);
  /** What a bill of this reservation no. left anywhere: bills, lines, cartons, bindings, tag events. */
  const leftOf = async (reservationNo: string) =>
    (
      await queryRows<{ bills: number; lines: number; cartons: number; epcs: number; events: number }>(
        t.ctx.db,
        sql`with b as (select id, code from wms_bills where tenant_id = ${tenantId} and reservation_no = ${reservationNo})
            select (select count(*)::int from b) as bills,
              (select count(*)::int from wms_bill_lines l where l.tenant_id = ${tenantId} and l.bill_id in (select id from b)) as lines,
              (select count(*)::int from wms_cartons c where c.tenant_id = ${tenantId} and c.carton_no like ${`${reservationNo}-%`}) as cartons,
              (select count(*)::int from wms_carton_epcs e join wms_cartons c on c.tenant_id = e.tenant_id and c.id = e.carton_id
                 where e.tenant_id = ${tenantId} and c.carton_no like ${`${reservationNo}-%`}) as epcs,
              (select count(*)::int from label_tag_events v where v.tenant_id = ${tenantId} and v.source = 'warehouse/bill'
                 and v.biz_transactions::text like ${`%${reservationNo}%`}) as events`,
      )
    )[0];

  it('a sheet of 20,000 EPC rows is imported by a job: importing (not shippable) while it writes, /api/health answered meanwhile, shipped at the end', async () => {
    const file = workbook(epcSheet(20_000, 'ASNJ-BIG', 7_000_000));
    const t0 = performance.now();
    const r = await importAsn(file, { destLocationId: site.WH01, factoryId: fa01, reservationNo: 'ASNJ-BIG' });
    expect(r.status, r.body.msg).toBe(200);
    expect(r.body.msg).toBe('The file has 20,000 rows: it is imported in the background (follow its progress; My jobs lists it)');
    const jobId = r.body.data.jobId as string;
    expect(jobId).toBeTruthy();
    // the writing phase: the bill is there, importing, and no one may ship, cancel or edit it
    const writing = await jobUntil(jobId, (j) => j.state === 'running' && j.messageKey === 'jobs.phase.writing' && j.done > 0);
    expect(writing.total).toBeGreaterThan(20_000);
    const [bill] = await queryRows<{ id: number; status: number }>(
      t.ctx.db,
      sql`select id::int as id, status from wms_bills where tenant_id = ${tenantId} and reservation_no = 'ASNJ-BIG'`,
    );
    expect(bill.status).toBe(BILL_STATUS.IMPORTING);
    const ship = await t.call('POST', '/api/warehouse/bill/ship', { token: demo, body: { id: bill.id } });
    expect(ship.status).toBeGreaterThanOrEqual(400);
    expect(ship.status).toBeLessThan(500);
    // a health request made while the job runs is answered before the job ends
    const h0 = performance.now();
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    const healthMs = performance.now() - h0;
    expect(health.statusCode).toBe(200);
    expect((await jobOf(jobId)).final).toBe(false);
    const ended = await jobEnded(jobId);
    const ms = performance.now() - t0;
    expect(ended.state, ended.message).toBe('done');
    expect(ended.result).toMatchObject({ id: bill.id, cartons: 400, pieces: 20_000, epcs: 20_000 });
    expect(ended.message).toMatch(/^ASN BL\d+ imported: 400 cartons, 20000 pieces, 20000 EPCs bound$/);
    const done = (await t.call('GET', `/api/warehouse/bill/get?id=${bill.id}`, { token: demo })).body.data as Row;
    expect(done).toMatchObject({
      status: BILL_STATUS.IN_TRANSIT,
      origin: BILL_ORIGIN.ASN_IMPORT,
      piecesExpected: 20_000,
      cartonsExpected: 400,
    });
    expect(done.shippedAt).toBeTruthy();
    // its shipping in the tag lifecycle: each carton's aggregation, the pieces' shipping (events of 250)
    const events = await queryRows<{ biz_step: string; n: number; epcs: number }>(
      t.ctx.db,
      sql`select biz_step, count(*)::int as n, sum(epc_count)::int as epcs from label_tag_events
          where tenant_id = ${tenantId} and source = 'warehouse/bill' and biz_transactions::text like ${`%${done.code}%`} group by biz_step order by biz_step`,
    );
    expect(events).toEqual([
      { biz_step: 'packing', n: 400, epcs: 20_000 },
      { biz_step: 'shipping', n: 80, epcs: 20_000 },
    ]);
    const wms = await queryRows<{ action: string }>(
      t.ctx.db,
      sql`select action from wms_log where tenant_id = ${tenantId} and doc_id = ${bill.id} and doc_type = 'warehouse/bill'`,
    );
    expect(wms).toEqual([{ action: 'importShip' }]);
    // nothing of the job's record of its writes is kept
    const writes = await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from job_writes where job_id = ${jobId}`);
    expect(writes[0].n).toBe(0);
    console.log(`ASN import job of 20,000 EPC rows: ${Math.round(ms)} ms; /api/health during it ${Math.round(healthMs)} ms`);
  }, 300_000);

  it('a cancelled import job leaves no bill, line, carton, binding or event behind', async () => {
    // a job long enough to be cancelled while it writes
    const sheet = epcSheet(6_000, 'ASNJ-CXL', 7_100_000);
    const r = await importAsn(workbook(sheet), {
      destLocationId: site.WH01,
      factoryId: fa01,
      reservationNo: 'ASNJ-CXL',
    });
    expect(r.status, r.body.msg).toBe(200);
    const jobId = r.body.data.jobId as string;
    await jobUntil(jobId, (j) => j.state === 'running' && j.messageKey === 'jobs.phase.writing' && j.done > 0);
    expect((await leftOf('ASNJ-CXL')).bills).toBe(1);
    const cancel = await t.call('POST', `/api/jobs/${jobId}/cancel`, { token: demo });
    expect(cancel.status, cancel.body.msg).toBe(200);
    const ended = await jobEnded(jobId);
    expect(ended.state).toBe('cancelled');
    expect(await leftOf('ASNJ-CXL')).toEqual({ bills: 0, lines: 0, cartons: 0, epcs: 0, events: 0 });
    // its EPCs are free again: a few of the same rows import (a small file, answered at once)
    const again = await importAsn(sheet.slice(0, 11), {
      destLocationId: site.WH01,
      factoryId: fa01,
      reservationNo: 'ASNJ-CXL2',
    });
    expect(again.status, again.body.msg).toBe(200);
    expect(again.body.data).toMatchObject({ pieces: 10, epcs: 10 });
  }, 300_000);

  it('an EPC another bill took while the job wrote refuses the file naming its row; the job leaves nothing behind', async () => {
    const rows = epcSheet(6_000, 'ASNJ-RACE', 7_200_000);
    const lastEpc = rows[rows.length - 1][3] as string;
    const r = await importAsn(workbook(rows), { destLocationId: site.WH01, factoryId: fa01, reservationNo: 'ASNJ-RACE' });
    expect(r.status, r.body.msg).toBe(200);
    const jobId = r.body.data.jobId as string;
    // its rows checked, its writing begun: a small file binds the sheet's last EPC to another bill, answered at once
    await jobUntil(jobId, (j) => j.state === 'running' && j.messageKey === 'jobs.phase.writing');
    const other = await importAsn([HEADER, ['ASNJ-OTHER', tags[0].barcode, 1, lastEpc]], {
      destLocationId: site.WH01,
      factoryId: fa01,
      reservationNo: 'ASNJ-OTHER',
    });
    expect(other.status, other.body.msg).toBe(200);
    const ended = await jobEnded(jobId);
    expect(ended.state).toBe('failed');
    expect(ended.message).toBe('The ASN file has 1 rows with errors: nothing was imported');
    const refusal = ended.result as { status: number; data: { errors: { row: number; messages: string[] }[] } };
    expect(refusal.status).toBe(400);
    expect(refusal.data.errors).toEqual([
      { row: 6_001, messages: [`Row 6001, EPC (optional): the EPC is bound to carton ASNJ-OTHER of open bill ${other.body.data.code}`] },
    ]);
    expect(await leftOf('ASNJ-RACE')).toEqual({ bills: 0, lines: 0, cartons: 0, epcs: 0, events: 0 });
    // the other bill keeps its EPC
    expect((await leftOf('ASNJ-OTHER')).bills).toBe(1);
  }, 300_000);

  it("a tunnel's photo-eye (a GPI trigger) starts a carton's session without a scan: its reads name the carton, which is checked", async () => {
    // a carton of three EPCs, imported for WH01
    const pieces = tags.slice(8, 11);
    expect(pieces).toHaveLength(3);
    const imported = await importAsn([HEADER, ...pieces.map((p) => ['ASNI-GPI', p.barcode, 1, p.epc])], {
      destLocationId: site.WH01,
      factoryId: fa01,
      reservationNo: 'PO-ASNI-GPI',
    });
    expect(imported.status, imported.body.msg).toBe(200);
    const [carton] = await cartonsOf(imported.body.data.id);
    expect(carton).toMatchObject({ cartonNo: 'ASNI-GPI', status: CARTON_STATUS.EXPECTED });
    const expected = pieces.map((p) => p.epc);
    const TUNNEL = 'TUN-ASNI-01';
    const ingest = async (format: 'impinj' | 'zebra', body: unknown) => {
      const sent = await dev(`/api/rfid/ingest/${format}`, body);
      expect(sent.statusCode, sent.body).toBeLessThan(300);
    };
    const openOf = async () =>
      queryRows<{ id: number; subject_type: string; epc_count: number }>(
        t.ctx.db,
        sql`select id::int as id, subject_type, epc_count from rfid_read_sessions
            where tenant_id = ${tenantId} and equipment_coding = ${TUNNEL} and state = 1`,
      );
    const gpi = (transition: string) => [
      {
        timestamp: new Date().toISOString(),
        hostname: 'impinj-tun',
        eventType: 'gpiTransition',
        gpiTransitionEvent: { gpi: 1, transition },
      },
    ];
    // the carton breaks the beam: a session opens naming none; the beam's end changes nothing
    await ingest('impinj', gpi('low-to-high'));
    const [first] = await openOf();
    expect(first).toMatchObject({ subject_type: 'trigger', epc_count: 0 });
    await ingest('impinj', gpi('high-to-low'));
    expect((await openOf()).map((s) => s.id)).toEqual([first.id]);
    // its reads, then the next carton's trigger (Zebra's form): the first session closes named by its reads
    await readAndFold(t, tunnelKey, expected, 'asni-gpi-reads', 0);
    const at = new Date().toISOString().replace('Z', '+0000');
    // meanwhile the receiving check's dock card shows the carton its reads belong to
    const docks = await t.call('GET', '/api/warehouse/receiving-check/docks', { token: demo });
    expect(docks.status, docks.body.msg).toBe(200);
    const dock = (docks.body.data as Row[]).find((d) => d.equipmentCoding === TUNNEL);
    expect(dock?.current).toMatchObject({ cartonNo: 'ASNI-GPI', session: { id: first.id, epcCount: expected.length } });
    await ingest('zebra', [{ timestamp: at, type: 'GPI', data: { pin: 1, state: 'HIGH' } }]);
    const [closed] = await queryRows<{ state: number; subject_type: string; subject_id: number; subject_code: string; epc_count: number }>(
      t.ctx.db,
      sql`select state, subject_type, subject_id::int as subject_id, subject_code, epc_count from rfid_read_sessions
          where tenant_id = ${tenantId} and id = ${first.id}`,
    );
    expect(closed).toMatchObject({
      state: 2,
      subject_type: 'carton',
      subject_id: carton.id,
      subject_code: carton.cartonNo,
      epc_count: expected.length,
    });
    const [checked] = await cartonsOf(imported.body.data.id);
    expect(checked).toMatchObject({
      status: CARTON_STATUS.ACCEPTED,
      result: CARTON_RESULT.MATCHED,
      matched: expected.length,
      deviceNo: TUNNEL,
    });
    const [next] = await openOf();
    expect(next.subject_type).toBe('trigger');
    expect(next.id).not.toBe(first.id);
    // the equipment log keeps each change of the input
    const logged = await queryRows<{ message: string }>(
      t.ctx.db,
      sql`select message from rfid_equipment_events where tenant_id = ${tenantId} and equipment_coding = ${TUNNEL}
          and event_type = 'gpiTransition' order by id`,
    );
    expect(logged.map((e) => e.message)).toEqual(['GPI 1 low-to-high', 'GPI 1 high-to-low', 'GPI 1 HIGH']);
    // the accepted carton through the tunnel again: its session closes naming none (nothing left to check)
    await readAndFold(t, tunnelKey, expected, 'asni-gpi-again', 0);
    await ingest('impinj', gpi('low-to-high'));
    const [again] = await queryRows<{ state: number; subject_type: string; epc_count: number }>(
      t.ctx.db,
      sql`select state, subject_type, epc_count from rfid_read_sessions where tenant_id = ${tenantId} and id = ${next.id}`,
    );
    expect(again).toMatchObject({ state: 2, subject_type: 'trigger', epc_count: expected.length });
    expect((await cartonsOf(imported.body.data.id))[0]).toMatchObject({ status: CARTON_STATUS.ACCEPTED, sessionCode: checked.sessionCode });
    // the last trigger's session, still empty, closes (nothing is checked) so the tests after it scan as before
    const [last] = await openOf();
    const shut = await dev(`/api/rfid/sessions/${last.id}/close`, {});
    expect(shut.statusCode, shut.body).toBe(200);
  });

  it("one batch holding a carton's last reads, the photo-eye and the next carton's first reads counts each read for its own carton", async () => {
    const a = tags.slice(11, 13);
    const b = tags.slice(13, 15);
    expect(b).toHaveLength(2);
    const imported = await importAsn(
      [HEADER, ...a.map((p) => ['ASNI-TRG-A', p.barcode, 1, p.epc]), ...b.map((p) => ['ASNI-TRG-B', p.barcode, 1, p.epc])],
      { destLocationId: site.WH01, factoryId: fa01, reservationNo: 'PO-ASNI-TRG' },
    );
    expect(imported.status, imported.body.msg).toBe(200);
    const TUNNEL = 'TUN-ASNI-01';
    const t0 = Date.now() - 10_000;
    const at = (ms: number) => new Date(t0 + ms).toISOString();
    const read = (epc: string, ms: number) => ({
      timestamp: at(ms),
      eventType: 'tagInventory',
      tagInventoryEvent: { epcHex: epc, antennaPort: 1, peakRssiCdbm: -5000 },
    });
    const beam = (ms: number) => ({
      timestamp: at(ms),
      hostname: 'impinj-tun',
      eventType: 'gpiTransition',
      gpiTransitionEvent: { gpi: 1, transition: 'low-to-high' },
    });
    const [{ before }] = await queryRows<{ before: number }>(
      t.ctx.db,
      sql`select coalesce(max(id), 0)::int as before from rfid_read_sessions where tenant_id = ${tenantId}`,
    );
    // A breaks the beam, A's reads, B breaks the beam, B's reads: all in one batch, the reads listed before the triggers
    const sent = await dev('/api/rfid/ingest/impinj', [
      read(a[0].epc, 100),
      read(b[0].epc, 2100),
      read(a[1].epc, 200),
      read(b[1].epc, 2200),
      beam(0),
      beam(2000),
    ]);
    expect(sent.statusCode, sent.body).toBe(200);
    await folded(t);
    const sessions = await queryRows<{ id: number; state: number; subject_type: string; subject_code: string; epc: string }>(
      t.ctx.db,
      sql`select s.id::int as id, s.state, s.subject_type, s.subject_code, e.epc from rfid_read_sessions s
            left join rfid_session_epcs e on e.tenant_id = s.tenant_id and e.session_id = s.id
          where s.tenant_id = ${tenantId} and s.equipment_coding = ${TUNNEL} and s.id > ${before}
          order by s.id, e.epc`,
    );
    const byId = new Map<number, { state: number; subject: string; epcs: string[] }>();
    for (const r of sessions) {
      const one = byId.get(r.id) ?? { state: r.state, subject: r.subject_type === 'carton' ? r.subject_code : r.subject_type, epcs: [] };
      if (r.epc) one.epcs.push(r.epc);
      byId.set(r.id, one);
    }
    const [first, second] = [...byId.values()];
    expect(byId.size).toBe(2);
    // A's session closed at B's trigger, named by its reads and checked: both of A's EPCs, none of B's
    expect(first).toEqual({ state: 2, subject: 'ASNI-TRG-A', epcs: a.map((p) => p.epc).sort() });
    // B's session is open with B's reads only
    expect(second).toEqual({ state: 1, subject: 'trigger', epcs: b.map((p) => p.epc).sort() });
    const cartons = await cartonsOf(imported.body.data.id);
    expect(cartons.map((c) => [c.cartonNo, c.status, c.matched])).toEqual([
      ['ASNI-TRG-A', CARTON_STATUS.ACCEPTED, 2],
      ['ASNI-TRG-B', CARTON_STATUS.EXPECTED, 0],
    ]);
    // its close names and checks B
    const [open] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id::int as id from rfid_read_sessions where tenant_id = ${tenantId} and equipment_coding = ${TUNNEL} and state = 1`,
    );
    const shut = await dev(`/api/rfid/sessions/${open.id}/close`, {});
    expect(shut.statusCode, shut.body).toBe(200);
    expect((await cartonsOf(imported.body.data.id)).map((c) => [c.cartonNo, c.status, c.result, c.matched])).toEqual([
      ['ASNI-TRG-A', CARTON_STATUS.ACCEPTED, CARTON_RESULT.MATCHED, 2],
      ['ASNI-TRG-B', CARTON_STATUS.ACCEPTED, CARTON_RESULT.MATCHED, 2],
    ]);
  });

  it('a large file with bad rows is refused by its job before anything is written, each row named', async () => {
    const rows = epcSheet(2_500, 'ASNJ-BAD', 7_300_000);
    rows[1500][2] = 0;
    const r = await importAsn(workbook(rows), { destLocationId: site.WH01, factoryId: fa01, reservationNo: 'ASNJ-BAD' });
    expect(r.status, r.body.msg).toBe(200);
    const ended = await jobEnded(r.body.data.jobId);
    expect(ended.state).toBe('failed');
    expect((ended.result as Row).data.errors).toEqual([
      { row: 1501, messages: ['Row 1501, Quantity: must be a whole number from 1 to 99999'] },
    ]);
    expect(await leftOf('ASNJ-BAD')).toEqual({ bills: 0, lines: 0, cartons: 0, epcs: 0, events: 0 });
    // wait=1: the job's outcome as the answer, as a small file's
    const waited = await t.app.inject({
      method: 'POST',
      url: '/api/warehouse/bill/import-asn?wait=1',
      headers: { token: demo, langeType: 'en_US', 'content-type': `multipart/form-data; boundary=${FORM_BOUNDARY}` },
      payload: formData({ destLocationId: site.WH01, factoryId: fa01 }, { name: 'asn.xlsx', bytes: workbook(rows) }),
    });
    expect(waited.statusCode).toBe(400);
    expect(waited.json().data.errors[0].row).toBe(1501);
  }, 300_000);
});
