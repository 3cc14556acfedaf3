import { BILL_KIND, BILL_STATUS, INSPECTION_RESULT, INSPECTION_STATUS, QI_DISPOSITION } from '@tagloom/domain';
import { samplePlan } from '@tagloom/domain/quality/sampling.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { openInspection } from '../src/modules/warehouse/inspections/service.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

// biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely
type Row = Record<string, any>;

/** Quality inspection of receipts (issue 29, ../shared/operations.md E5). */
describe(`quality inspection on ${DRIVER}`, () => {
  let t: TestApp;
  let demo: string;
  let wh01: string;
  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
    wh01 = await t.login('wh01', 'demo1234');
  });
  afterAll(() => t?.close());

  async function list(code: string, body: Row = {}, token = demo) {
    const r = await t.call('POST', `/api/${code}/list`, { token, body: { page: 1, pageSize: 100, ...body } });
    expect(r.status, r.body.msg).toBe(200);
    return r.body.data as { list: Row[]; total: number };
  }
  const billOf = async (reservationNo: string) => (await list('warehouse/bill', { reservationNo })).list[0];
  const qi = (action: string, body: Row, token = demo) =>
    t.call('POST', `/api/warehouse/receiving-qi/${action}`, { token, body, lang: 'en_US' });

  it('opens an inspection for a receipt that needs one, its sample plan from ISO 2859-1', async () => {
    const bill = await billOf('ASN-FA01-0002');
    const [open] = (await list('warehouse/receiving-qi', { billId: bill.id })).list;
    const plan = samplePlan(30, 2.5, 'II');
    // (its sample read at WH01's QI area in the demo: two pieces short, qi-sample.test.ts)
    expect(open).toMatchObject({
      status: INSPECTION_STATUS.INSPECTING,
      inspectedQty: plan.sampleSize - 2,
      lotQty: 30,
      sampleSize: plan.sampleSize,
      acceptNo: plan.accept,
      rejectNo: plan.reject,
    });
    expect(open.code).toMatch(/^QI\d{12}$/);
    // the seeded ones: a failed purchase (3 majors over Ac), a passed return
    const all = (await list('logistics/quality-inspection')).list;
    expect(all.map((r) => r.result).sort()).toEqual(expect.arrayContaining([INSPECTION_RESULT.PASS, INSPECTION_RESULT.FAIL]));
    // the receipt's review waits for it
    const review = await t.call('POST', '/api/logistics/receipt-review/review', {
      token: demo,
      body: { id: bill.id, diffReason: 'x' },
      lang: 'en_US',
    });
    expect(review.status).toBe(409);
  });

  it("opens a receipt's inspection at the tenant's AQL (parameter WMS_QI_AQL, one of ISO 2859-1's; 2.5 as seeded)", async () => {
    const params = (await list('tenant/param', { code: 'WMS_QI_AQL' })).list;
    expect(params).toHaveLength(1);
    expect(params[0]).toMatchObject({ module: 'warehouse', value: '2_5' });
    const update = (value: string) =>
      t.call('POST', '/api/tenant/param/update', { token: demo, body: { id: params[0].id, value }, lang: 'en_US' });
    // not one of the options (the AQLs): refused naming the value
    const bad = await update('3');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/1_0, 1_5, 2_5, 4_0/);
    expect((await update('1_0')).status).toBe(200);
    try {
      // a receipt with no inspection yet: its first checked carton opens one (cartons/check.ts)
      const [bill] = await queryRows<{ id: number; tenant_id: number; expected: number }>(
        t.ctx.db,
        sql`select b.id::int, b.tenant_id::int, b.pieces_expected::int as expected from wms_bills b
            join tenants n on n.id = b.tenant_id and n.code = 'DEMO'
            where b.pieces_expected >= 2 and not exists (select 1 from wms_inspections i where i.tenant_id = b.tenant_id and i.bill_id = b.id)
            order by b.id limit 1`,
      );
      await t.ctx.db.transaction((tx) => openInspection(tx, bill.tenant_id, bill.id));
      const [opened] = (await list('warehouse/receiving-qi', { billId: bill.id })).list;
      const plan = samplePlan(bill.expected, 1.0, 'II');
      expect(opened).toMatchObject({
        status: INSPECTION_STATUS.PENDING,
        lotQty: bill.expected,
        sampleSize: plan.sampleSize,
        acceptNo: plan.accept,
      });
      expect(Number(opened.aql)).toBe(1);
      // the same lot at 2.5 accepts more defects (or samples fewer pieces)
      const usual = samplePlan(bill.expected, 2.5, 'II');
      expect([usual.sampleSize, usual.accept]).not.toEqual([plan.sampleSize, plan.accept]);
    } finally {
      expect((await update('2_5')).status).toBe(200);
    }
  });

  it('refuses a short sample, judges the lot by its defects, and a reset clears it', async () => {
    const bill = await billOf('ASN-FA01-0002');
    const [open] = (await list('warehouse/receiving-qi', { billId: bill.id })).list;
    const short = await qi('submit', { id: open.id });
    expect(short.status).toBe(409);
    expect(short.body.msg).toBe(`${open.sampleSize - 2} pieces inspected, fewer than the sample of ${open.sampleSize}`);
    // the inspector records the sample and more majors than the plan accepts
    const lines = Array.from({ length: open.acceptNo + 1 }, (_, i) => ({ severity: 2, reason: `seam open ${i}` }));
    const edited = await qi('update', {
      id: open.id,
      inspectedQty: open.sampleSize,
      lines: [...lines, { severity: 3, reason: 'loose thread' }],
    });
    expect(edited.status, edited.body.msg).toBe(200);
    expect(edited.body.data.defects).toBe(open.acceptNo + 1);
    const failed = await qi('submit', { id: open.id });
    expect(failed.status, failed.body.msg).toBe(200);
    expect(failed.body.data).toMatchObject({
      status: INSPECTION_STATUS.SUBMITTED,
      result: INSPECTION_RESULT.FAIL,
      disposition: QI_DISPOSITION.VENDOR_RETURN,
      inspector: 'demo',
    });
    // the AQL is one of the standard's
    const bad = await qi('create', { billId: bill.id, aql: 3 });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields.map((f: Row) => f.field)).toEqual(['aql']);
    // reset: back to pending, the sample and its defects gone
    const reset = await qi('reset', { id: open.id });
    expect(reset.status, reset.body.msg).toBe(200);
    expect(reset.body.data).toMatchObject({
      status: INSPECTION_STATUS.PENDING,
      inspectedQty: 0,
      defects: 0,
      result: INSPECTION_RESULT.PENDING,
    });
    const got = await t.call('GET', `/api/warehouse/receiving-qi/get?id=${open.id}`, { token: demo });
    expect(got.body.data.lines).toEqual([]);
    // passed this time: the receipt's review no longer waits for it
    expect((await qi('update', { id: open.id, inspectedQty: open.sampleSize })).status).toBe(200);
    const passed = await qi('submit', { id: open.id }, wh01);
    expect(passed.status, passed.body.msg).toBe(200);
    expect(passed.body.data.result).toBe(INSPECTION_RESULT.PASS);
  });

  it('returns a failed lot to its vendor (QI return): a vendor-return bill of what was received', async () => {
    const failed = (await list('logistics/quality-inspection', { result: INSPECTION_RESULT.FAIL })).list.find(
      (r) => r.status === INSPECTION_STATUS.SUBMITTED,
    )!;
    const passedOne = (await list('logistics/quality-inspection', { result: INSPECTION_RESULT.PASS })).list[0];
    const notFailed = await t.call('POST', '/api/logistics/quality-inspection/rollback', {
      token: demo,
      body: { id: passedOne.id },
      lang: 'en_US',
    });
    expect(notFailed.status).toBe(409);
    expect(notFailed.body.msg).toBe('Only a failed lot can be returned to its vendor');
    const back = await t.call('POST', '/api/logistics/quality-inspection/rollback', {
      token: demo,
      body: { id: failed.id },
      lang: 'en_US',
    });
    expect(back.status, back.body.msg).toBe(200);
    expect(back.body.data.status).toBe(INSPECTION_STATUS.RETURNED);
    const returns = (await list('warehouse/bill', { kind: BILL_KIND.VENDOR_RETURN })).list;
    expect(returns).toHaveLength(1);
    const source = (await t.call('GET', `/api/warehouse/bill/get?id=${failed.billId}`, { token: demo })).body.data;
    expect(returns[0]).toMatchObject({ status: BILL_STATUS.CREATED, sourceLocationId: source.destLocationId, factoryId: source.factoryId });
    expect(returns[0].piecesExpected).toBe(source.piecesReceived);
    // the warehouse log has the move
    const log = await t.call('POST', '/api/warehouse/log/list', { token: demo, body: { pageSize: 50, docCode: failed.code } });
    expect(JSON.stringify(log.body.data)).toContain('rollback');
  });
});
