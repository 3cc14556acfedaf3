import { BILL_KIND, BILL_STATUS, CARTON_STATUS, isSscc, RECEIPT_STATUS } from '@tagloom/domain';
import { CARTON_RESULT } from '@tagloom/domain/rfid/reconcile.js';
import { READ_SESSION_STATE } from '@tagloom/domain/rfid/sessions.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECEIVED_DEMO_ASN } from '../src/modules/warehouse/bills/seed.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

// biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely
type Row = Record<string, any>;

/** Bills (issue 29, ../shared/operations.md E1): documents with lines, counts, a machine, the sites' scope. */
describe(`bills on ${DRIVER}`, () => {
  let t: TestApp;
  let demo: string;
  let wh01: string;
  const site = new Map<string, number>();
  let factory: number;
  let skus: number[];
  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
    wh01 = await t.login('wh01', 'demo1234');
    for (const r of (await list('tenant/location', { pageSize: 500 })).list) site.set(r.code, r.id);
    factory = (await list('tenant/factory')).list[0].id;
    skus = (await list('tenant/goods-sku', { pageSize: 5 })).list.map((r) => r.id);
  });
  afterAll(() => t?.close());

  async function list(code: string, body: Row = {}, token = demo) {
    const r = await t.call('POST', `/api/${code}/list`, { token, body: { page: 1, pageSize: 500, ...body } });
    expect(r.status, r.body.msg).toBe(200);
    return r.body.data as { list: Row[]; total: number };
  }
  const call = (path: string, body: Row, token = demo) => t.call('POST', `/api/warehouse/bill/${path}`, { token, body, lang: 'en_US' });
  const fieldsOf = (r: { body: { data: Row | null } }) => (r.body.data?.fields ?? []).map((f: { field: string }) => f.field);
  const inbound = (more: Row = {}) => ({ kind: BILL_KIND.PURCHASE_IN, factoryId: factory, destLocationId: site.get('WH01'), ...more });

  it('seeds bills in each state, their counts kept from their lines', async () => {
    const bills = (await list('warehouse/bill')).list;
    // (received and reviewed: the futures bills of logistics/futures, a received one and a reviewed one;
    // picking, packed and loading reviewed: WH01's shipments of logistics/shipment-review)
    expect(new Set(bills.map((b) => b.status))).toEqual(
      new Set([
        BILL_STATUS.CREATED,
        BILL_STATUS.IN_TRANSIT,
        BILL_STATUS.RECEIVING,
        BILL_STATUS.RECEIVED,
        BILL_STATUS.REVIEWED,
        BILL_STATUS.CLOSED,
        BILL_STATUS.CANCELLED,
        BILL_STATUS.PICKING,
        BILL_STATUS.PACKED,
        BILL_STATUS.SHIP_REVIEWED,
      ]),
    );
    for (const b of bills) expect(b.code).toMatch(/^BL\d{12}$/);
    // the zero-cleared one (the reports' history closes some without a difference)
    const closed = bills.find((b) => b.status === BILL_STATUS.CLOSED && String(b.zeroClearReason ?? '').trim())!;
    expect(closed.piecesDiff).toBeLessThan(0);
    expect(closed.receiptStatus).toBe(RECEIPT_STATUS.ABNORMAL);
    const lines = (await t.call('POST', '/api/warehouse/bill/lines/list', { token: demo, body: { id: closed.id } })).body.data;
    const sum = (k: string) => lines.list.reduce((n: number, l: Row) => n + l[k], 0);
    expect([closed.piecesExpected, closed.piecesReceived]).toEqual([sum('expectedQty'), sum('receivedQty')]);
  });

  it("seeds a received bill whose review waits for a pad's announced session, refused with the spec's words", async () => {
    const [bill] = (await list('logistics/receipt-review', { reservationNo: RECEIVED_DEMO_ASN })).list;
    expect(bill).toMatchObject({ status: BILL_STATUS.RECEIVED, receiptStatus: RECEIPT_STATUS.NORMAL, piecesDiff: 0 });
    // its cartons all accepted at WH01's dock
    const cartons = (await list('warehouse/box', { billId: bill.id })).list;
    expect(cartons.length).toBe(2);
    for (const c of cartons) expect(c).toMatchObject({ status: CARTON_STATUS.ACCEPTED, result: CARTON_RESULT.MATCHED });
    const review = await t.call('POST', '/api/logistics/receipt-review/review', { token: demo, body: { id: bill.id }, lang: 'en_US' });
    expect(review.status).toBe(409);
    expect(review.body.msg).toContain('upload offline handheld data before review');
    // the session that waits: announced by WH01's pad for the bill's first carton, by its SSCC
    const pad = (await list('warehouse/pad-review', { subjectCode: cartons.map((c) => c.sscc).sort()[0] })).list;
    expect(pad.map((p) => p.state)).toContain(READ_SESSION_STATE.RECORDED);
  });

  it('numbers a new bill, keeps its counts from its lines, and words what a bill must say naming the field', async () => {
    const made = await call('create', {
      ...inbound({ sscc: '069012340000000016' }),
      lines: [
        { cartonNo: 'C1', skuId: skus[0], expectedQty: 30 },
        { cartonNo: 'C1', skuId: skus[1], expectedQty: 20 },
        { cartonNo: 'C2', skuId: skus[2], expectedQty: 25 },
      ],
    });
    expect(made.status, made.body.msg).toBe(200);
    expect(made.body.data).toMatchObject({ piecesExpected: 75, cartonsExpected: 2, status: BILL_STATUS.CREATED });
    expect(made.body.data.code).toMatch(/^BL\d{12}$/);
    expect(isSscc('069012340000000016')).toBe(true);
    const noFactory = await call('create', inbound({ factoryId: null }));
    expect([noFactory.status, fieldsOf(noFactory)]).toEqual([400, ['factoryId']]);
    const transferWithFactory = await call('create', {
      kind: BILL_KIND.TRANSFER,
      factoryId: factory,
      sourceLocationId: site.get('WH01'),
      destLocationId: site.get('ST001'),
    });
    expect([transferWithFactory.status, fieldsOf(transferWithFactory)]).toEqual([400, ['factoryId']]);
    const nowhere = await call('create', { kind: BILL_KIND.PURCHASE_IN, factoryId: factory });
    expect([nowhere.status, fieldsOf(nowhere)]).toEqual([400, ['destLocationId']]);
    const same = await call('create', { kind: BILL_KIND.TRANSFER, sourceLocationId: site.get('WH01'), destLocationId: site.get('WH01') });
    expect([same.status, fieldsOf(same)]).toEqual([400, ['destLocationId']]);
    const badSscc = await call('create', inbound({ sscc: '069012340000000015' }));
    expect([badSscc.status, fieldsOf(badSscc)]).toEqual([400, ['sscc']]);
    expect(badSscc.body.msg).toMatch(/check digit/);
  });

  it('ships a bill with lines only, then keeps it from edits; cancels drafts only; zero-clears with a reason, writing off what never came', async () => {
    const empty = await call('create', inbound());
    expect((await call('ship', { id: empty.body.data.id })).status).toBe(409);
    const made = await call('create', { ...inbound(), lines: [{ cartonNo: 'C9', skuId: skus[0], expectedQty: 12 }] });
    const id = made.body.data.id;
    const shipped = await call('ship', { id });
    expect(shipped.status, shipped.body.msg).toBe(200);
    expect(shipped.body.data.status).toBe(BILL_STATUS.IN_TRANSIT);
    expect(shipped.body.data.shippedAt).toBeTruthy();
    expect((await call('update', { id, remark: 'late' })).status).toBe(409);
    expect((await call('cancel', { id })).status).toBe(409);
    const noReason = await call('zeroClear', { id });
    expect(noReason.status).toBe(400);
    const cleared = await call('zeroClear', { id, zeroClearReason: '工厂确认未发出' });
    expect(cleared.status, cleared.body.msg).toBe(200);
    expect(cleared.body.data).toMatchObject({ status: BILL_STATUS.CLOSED, piecesDiff: -12, receiptStatus: RECEIPT_STATUS.ABNORMAL });
    expect(Number(cleared.body.data.diffRatio)).toBe(100);
    expect((await call('zeroClear', { id, zeroClearReason: 'again' })).status).toBe(409);
    const draft = await call('create', inbound());
    expect((await call('cancel', { id: draft.body.data.id })).body.data.status).toBe(BILL_STATUS.CANCELLED);
  });

  it('shows a warehouse keeper the bills its warehouse sends or receives; its new bills have its warehouse at one end', async () => {
    const mine = (await list('warehouse/bill', {}, wh01)).list;
    expect(mine.length).toBeGreaterThan(0);
    for (const b of mine) expect([b.sourceLocationId, b.destLocationId]).toContain(site.get('WH01'));
    const all = (await list('warehouse/bill')).list;
    expect(all.some((b) => b.destLocationId === site.get('WH02'))).toBe(true);
    // an inbound bill to its warehouse
    const made = await call('create', { kind: BILL_KIND.PURCHASE_IN, factoryId: factory, destLocationId: site.get('WH01') }, wh01);
    expect(made.status, made.body.msg).toBe(200);
    expect(made.body.data.destLocationId).toBe(site.get('WH01'));
    // a transfer it sends to a store
    const out = await call(
      'create',
      { kind: BILL_KIND.TRANSFER, sourceLocationId: site.get('WH01'), destLocationId: site.get('ST001') },
      wh01,
    );
    expect(out.status, out.body.msg).toBe(200);
    // a bill between two other sites is refused on the field
    const foreign = await call(
      'create',
      { kind: BILL_KIND.TRANSFER, sourceLocationId: site.get('WH02'), destLocationId: site.get('ST001') },
      wh01,
    );
    expect([foreign.status, fieldsOf(foreign)]).toEqual([400, ['destLocationId']]);
    // nor is one of its bills moved away from it
    const moved = await call('update', { id: out.body.data.id, sourceLocationId: site.get('WH02') }, wh01);
    expect([moved.status, fieldsOf(moved)]).toEqual([400, ['sourceLocationId']]);
  });
});
