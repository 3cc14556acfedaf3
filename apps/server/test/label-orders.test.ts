import { decodeEpc, LABEL_ORDER } from '@tagloom/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { operationLog } from '../src/db/schema/index.js';
import { tenantCodingRule } from '../src/modules/general/coding-rule/service.js';
import { tenantLabels } from '../src/modules/label/orders/limits.js';
import { DEFAULT_PRINT_SPEC, zplLabel } from '../src/modules/label/orders/zpl.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';
import { multipart } from './uploads.js';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="60"><rect width="40" height="60" fill="#fff"/><text x="4" y="20">LM</text></svg>';

describe('label purchase orders: from draft to EPCs, print file and receipt', () => {
  let t: TestApp;
  let demo: string;
  let supplier: string;
  let skus: { id: number; gtin: string; skuBarcode: string }[];
  let supplierId: number;
  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
    supplier = await t.login('supplier01', 'demo1234');
    const list = await t.call('POST', '/api/tenant/goods-sku/list', { token: demo, body: { page: 1, pageSize: 3 } });
    skus = list.body.data.list;
    const sup = await t.call('POST', '/api/tenant/label-supplier/list', { token: demo, body: { page: 1, pageSize: 20, code: 'LS01' } });
    supplierId = sup.body.data.list.find((r: { code: string }) => r.code === 'LS01').id;
  }, 120_000);
  afterAll(() => t?.close());

  const act = (token: string, code: string, action: string, body: Record<string, unknown>) =>
    t.call('POST', `/api/${code}/${action}`, { token, body, lang: 'en_US' });

  it('numbers an order, keeps its totals from the lines with the loss ratio, and edits only drafts', async () => {
    const res = await act(demo, 'label/purchase-order', 'create', {
      kind: 1,
      lossRatio: 5,
      lines: [
        { skuId: skus[0].id, quantity: 100 },
        { skuId: skus[1].id, quantity: 7 },
      ],
    });
    expect(res.status).toBe(200);
    const o = res.body.data;
    expect(o.code).toMatch(/^LPO\d{8}\d{4}$/);
    expect(o.skuCount).toBe(2);
    expect(o.totalQuantity).toBe(107);
    expect(o.labelQuantity).toBe(105 + 8); // ceil(100 × 1.05) + ceil(7 × 1.05)
    // no supplier yet: submitting is refused with the reason
    const refused = await act(demo, 'label/purchase-order', 'submit', { id: o.id });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toMatch(/supplier/i);
    await t.call('POST', '/api/label/purchase-order/delete', { token: demo, body: { ids: [o.id] } });
  });

  /** The system moves (move()) of an order in the operation log, oldest first. */
  const systemMoves = async (id: number) =>
    (
      await t.ctx.db
        .select({ screen: operationLog.screen, action: operationLog.action, method: operationLog.method, result: operationLog.result })
        .from(operationLog)
        .where(and(eq(operationLog.method, 'SYSTEM'), eq(operationLog.target, String(id))))
        .orderBy(operationLog.createdAt, operationLog.id)
    ).filter((r) => r.screen.endsWith('-order'));

  it('moves a confirmed order without EPCs on to purchasing by its machine’s system move, logged in the same transaction', async () => {
    const created = await act(demo, 'label/half-order', 'create', {
      supplierId,
      lossRatio: 0,
      lines: [{ skuId: skus[0].id, quantity: 5 }],
    });
    expect(created.body.code, created.body.msg).toBe(200);
    const id = created.body.data.id;
    expect((await act(demo, 'label/half-order', 'submit', { id })).status).toBe(200);
    expect((await act(supplier, 'supply/label-order', 'accept', { id })).status).toBe(200);
    const confirmed = await act(demo, 'label/half-order', 'confirm', { id });
    expect(confirmed.body.code, confirmed.body.msg).toBe(200);
    expect(confirmed.body.data.status).toBe(LABEL_ORDER.PURCHASING);
    expect(await systemMoves(id)).toEqual([{ screen: 'label/half-order', action: 'purchase', method: 'SYSTEM', result: 1 }]);
  });

  it('runs the whole story: submit, accept, sketch, confirm, Get EPC, print file, ship, receive', async () => {
    const created = await act(demo, 'label/purchase-order', 'create', {
      kind: 1,
      supplierId,
      lossRatio: 3,
      lines: [
        { skuId: skus[0].id, quantity: 40 },
        { skuId: skus[1].id, quantity: 10 },
      ],
    });
    const id = created.body.data.id;
    const labels = created.body.data.labelQuantity;
    expect(labels).toBe(Math.ceil(40 * 1.03) + Math.ceil(10 * 1.03));
    // a draft is the brand's own: the supplier's view shows it once submitted
    const before = await t.call('POST', '/api/supply/label-order/list', { token: supplier, body: { page: 1, pageSize: 100 } });
    expect(before.body.data.list.map((r: { id: number }) => r.id)).not.toContain(id);
    expect((await act(demo, 'label/purchase-order', 'submit', { id })).status).toBe(200);
    // submitted: no more a draft, so no more deleted; the supplier sees it in its view and accepts it
    expect((await t.call('POST', '/api/label/purchase-order/delete', { token: demo, body: { ids: [id] } })).status).toBe(409);
    const seen = await t.call('POST', '/api/supply/label-order/list', { token: supplier, body: { page: 1, pageSize: 50 } });
    expect(seen.body.data.list.map((r: { id: number }) => r.id)).toContain(id);
    expect((await act(supplier, 'supply/label-order', 'accept', { id })).status).toBe(200);
    // the brand cannot confirm before the sketch is confirmed
    const early = await act(demo, 'label/purchase-order', 'confirm', { id });
    expect(early.status).toBe(409);
    expect(early.body.msg).toMatch(/sketch/i);
    // the supplier uploads its SVG sketch for the order; the brand confirms it
    const up = multipart('hang-tag.svg', Buffer.from(SVG));
    const file = await t.app.inject({
      method: 'POST',
      url: '/api/label/sketch/upload?field=file',
      headers: { ...up.headers, token: supplier },
      payload: up.payload,
    });
    expect(file.statusCode).toBe(200);
    const sketch = await act(supplier, 'label/sketch', 'create', { orderId: id, name: '吊牌 V1', file: file.json().data.id });
    expect(sketch.status).toBe(200);
    expect(sketch.body.data.supplierId).toBe(supplierId);
    expect((await act(demo, 'label/sketch', 'confirm', { id: sketch.body.data.id })).status).toBe(200);
    // confirmed sketches allow nothing more
    expect((await act(demo, 'label/sketch', 'update', { id: sketch.body.data.id, name: 'x' })).status).toBe(409);
    expect((await act(demo, 'label/purchase-order', 'confirm', { id })).status).toBe(200);
    // Get EPC: a job; the order says which, and moves on when it ends
    const gen = await act(demo, 'label/purchase-order', 'generateEpc', { id });
    expect(gen.status).toBe(200);
    const jobId = gen.body.data.epcJobId;
    expect(jobId).toBeTruthy();
    await vi.waitFor(
      async () => {
        const job = await t.call('GET', `/api/jobs/${jobId}`, { token: demo });
        expect(job.body.data.state).toBe('done');
      },
      { timeout: 60_000, interval: 200 },
    );
    const order = (await t.call('GET', `/api/label/purchase-order/get?id=${id}`, { token: demo })).body.data;
    expect(order.status).toBe(LABEL_ORDER.EPC_GENERATED);
    expect(order.epcCount).toBe(labels);
    // the job's end is the machine's system move, logged as a transition is
    expect(await systemMoves(id)).toEqual([{ screen: 'label/purchase-order', action: 'epcGenerated', method: 'SYSTEM', result: 1 }]);
    // a print task of the order's EPCs: confirmed, its ZPL file writes each EPC and reads the TID back
    const task = await act(supplier, 'label/print-task', 'create', { orderId: id });
    expect(task.status).toBe(200);
    expect(task.body.data.labelCount).toBe(labels);
    const unconfirmed = await t.app.inject({
      method: 'GET',
      url: `/api/label/print-task/zpl?id=${task.body.data.id}`,
      headers: { token: supplier, langeType: 'en_US' },
    });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().msg).toMatch(/Unconfirmed-status print tasks exist/);
    expect((await act(supplier, 'label/print-task', 'confirm', { id: task.body.data.id })).status).toBe(200);
    const zpl = await t.app.inject({
      method: 'GET',
      url: `/api/label/print-task/zpl?id=${task.body.data.id}`,
      headers: { token: supplier },
    });
    expect(zpl.statusCode).toBe(200);
    const bars: string[][] = [];
    const written = checkZpl(zpl.body, bars);
    expect(written.length).toBe(labels);
    // each label's Code 128 reads back as its SKU's barcode
    const barcodes = new Set(skus.slice(0, 2).map((s) => s.skuBarcode));
    for (const b of bars) expect(b.length === 1 && barcodes.has(b[0]), b.join()).toBe(true);
    expect(new Set(written).size).toBe(labels);
    const gtins = new Set(skus.slice(0, 2).map((s) => s.gtin.padStart(14, '0')));
    for (const epc of written) expect(gtins.has(String(decodeEpc(epc).gtin))).toBe(true);
    // the supplier moves it on and ships it with its express number; the brand signs for it
    for (const a of ['prepare', 'produce', 'complete']) expect((await act(supplier, 'supply/label-order', a, { id })).status).toBe(200);
    const noNumber = await act(supplier, 'supply/label-order', 'ship', { id, expressCompany: '顺丰速运' });
    expect(noNumber.status).toBe(400);
    expect((await act(supplier, 'supply/label-order', 'ship', { id, expressCompany: '顺丰速运', expressNo: 'SF1234567890' })).status).toBe(
      200,
    );
    expect((await act(supplier, 'supply/label-order', 'ship', { id, expressCompany: '顺丰速运', expressNo: 'SF1234567890' })).status).toBe(
      409,
    );
    const shipped = await t.call('POST', '/api/label/receive-send/list', { token: demo, body: { page: 1, pageSize: 50 } });
    expect(shipped.body.data.list.find((r: { id: number }) => r.id === id)?.expressNo).toBe('SF1234567890');
    expect((await act(demo, 'label/receive-send', 'receive', { id })).status).toBe(200);
    const done = (await t.call('GET', `/api/label/purchase-order/get?id=${id}`, { token: demo })).body.data;
    expect(done.status).toBe(LABEL_ORDER.SIGNED);
  }, 120_000);

  it('fits each barcode and its quiet zones on the label (Code 128 in subset C for runs of digits), escaped data under ^FH_', () => {
    const epc = '3034257BF7194E4000001A85';
    const cases: [Parameters<typeof zplLabel>[0], string][] = [
      // the plain 40 mm hang tag at 203 dpi: a 13-character SKU barcode took 356 dots of a 320-dot label
      [DEFAULT_PRINT_SPEC, 'LM24S001BKXXL'],
      [DEFAULT_PRINT_SPEC, 'AB_1234567890123456'],
      [{ ...DEFAULT_PRINT_SPEC, barcode: 'qr' }, 'LM_24-S'],
      // an EAN-13 template prints Code 128 for a value that is no GTIN-13
      [{ ...DEFAULT_PRINT_SPEC, barcode: 'ean13' }, 'LM_24S'],
      [{ ...DEFAULT_PRINT_SPEC, barcode: 'ean13' }, '6901234567892'],
      [{ widthMm: 50, heightMm: 70, dpi: 300, barcode: 'code128' }, 'X>Y~Z^1'],
    ];
    for (const [spec, value] of cases) {
      const zpl = zplLabel(spec, { epc, barcode: value, texts: ['品名 A_B', '^~'] });
      const bars: string[][] = [];
      expect(checkZpl(zpl, bars)).toEqual([epc]);
      expect(bars).toEqual([[spec.barcode === 'ean13' && /^\d{13}$/.test(value) ? value.slice(0, 12) : value]]);
    }
    // a run of digits is written in subset C: 3 characters, then 8 pairs
    expect(zplLabel(DEFAULT_PRINT_SPEC, { epc, barcode: 'AB_1234567890123456', texts: [] })).toContain('^FD>:AB_5F>51234567890123456^FS');
  });

  it('refuses a print task, and its file, whose template cannot fit the barcode of one of its SKUs, naming the template', async () => {
    const [{ id: tenantId }] = await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from tenants where code = 'DEMO'`);
    const created = await act(demo, 'label/purchase-order', 'create', { kind: 1, supplierId, lines: [{ skuId: skus[0].id, quantity: 2 }] });
    const orderId = created.body.data.id as number;
    // printable without its EPCs for this test: a task is made for an order whose EPCs exist
    await t.ctx.db.execute(
      sql`update label_orders set status = ${LABEL_ORDER.EPC_GENERATED} where tenant_id = ${tenantId} and id = ${orderId}`,
    );
    const tpl = await act(demo, 'label/template-clothing', 'create', {
      code: 'TPL-T-NARROW',
      name: 'narrow',
      widthMm: 40,
      heightMm: 60,
      barcode: 1,
      dpi: 203,
      lines: [],
    });
    expect(tpl.status, tpl.body.msg).toBe(200);
    // a template made 20 mm wide before the rule existed (or a SKU whose barcode grew since)
    await t.ctx.db.execute(sql`update label_templates set width_mm = 20 where tenant_id = ${tenantId} and id = ${tpl.body.data.id}`);
    const refused = await act(demo, 'label/print-task', 'create', { orderId, templateId: tpl.body.data.id });
    expect(refused.status).toBe(400);
    expect(refused.body.data.fields[0].field).toBe('templateId');
    expect(refused.body.msg).toMatch(
      new RegExp(
        `^Label template: the Code 128 barcode of SKU ${skus[0].skuBarcode} needs at least [\\d.]+ mm with its quiet zones, more than a 20 mm label at 203 dpi holds`,
      ),
    );
    // a task made with a template that fitted: its file is refused once the template no longer does
    await t.ctx.db.execute(sql`update label_templates set width_mm = 40 where tenant_id = ${tenantId} and id = ${tpl.body.data.id}`);
    const task = await act(demo, 'label/print-task', 'create', { orderId, templateId: tpl.body.data.id });
    expect(task.status, task.body.msg).toBe(200);
    expect((await act(demo, 'label/print-task', 'confirm', { id: task.body.data.id })).status).toBe(200);
    const file = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/label/print-task/zpl?id=${task.body.data.id}`,
        headers: { token: demo, langeType: 'zh_CN' },
      });
    expect((await file()).statusCode).toBe(200);
    await t.ctx.db.execute(sql`update label_templates set width_mm = 20 where tenant_id = ${tenantId} and id = ${tpl.body.data.id}`);
    const late = await file();
    expect(late.statusCode).toBe(400);
    expect(late.json().msg).toMatch(/^标签模板：SKU .* 的 Code 128 条码连同两侧静区至少需要 [\d.]+ mm 宽，20 mm 宽的标签（203 dpi）放不下/);
  });

  it('makes an order with the wizard: its delivery date kept, only matching sample cards offered, repealed commodity orders not offered', async () => {
    const [{ id: tenantId }] = await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from tenants where code = 'DEMO'`);
    const [fa01] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id::int as id from factories where tenant_id = ${tenantId} and code = 'FA01'`,
    );
    const skuRows = await queryRows<{ id: number; goodsId: number; gtin: string }>(
      t.ctx.db,
      sql`select id::int as id, goods_id::int as "goodsId", gtin from goods_skus where tenant_id = ${tenantId} and id in ${[skus[0].id, skus[1].id]} order by id`,
    );
    const supplyOrder = async () => {
      const res = await act(demo, 'supply/purchase-order', 'create', {
        orderDate: '2026-11-24',
        factoryId: fa01.id,
        lines: skuRows.map((s) => ({ goodsId: s.goodsId, skuId: s.id, quantity: 4 })),
      });
      expect(res.status, res.body.msg).toBe(200);
      return res.body.data as { id: number; code: string };
    };
    const usable = await supplyOrder();
    const repealed = await supplyOrder();
    expect((await act(demo, 'supply/purchase-order', 'repeal', { id: repealed.id })).status).toBe(200);
    // step 1's picker: the usable order, not the repealed one
    const picker = async (q: string) =>
      (await t.call('GET', `/api/label/purchase-order-wizard/orders?q=${q}`, { token: demo })).body.data.list.map(
        (o: { value: number }) => o.value,
      );
    expect(await picker(usable.code)).toEqual([usable.id]);
    expect(await picker(repealed.code)).toEqual([]);
    const all: number[] = await picker('');
    expect(all).toContain(usable.id);
    expect(all).not.toContain(repealed.id);
    // step 2: the cards whose 69 code is a chosen SKU's GTIN (only the first SKU's line is chosen)
    const lines = (await act(demo, 'label/purchase-order-wizard', 'lines', { orderIds: [usable.id] })).body.data.list as {
      lineId: number;
      skuId: number;
    }[];
    const first = lines.find((l) => l.skuId === skus[0].id)!;
    const card = async (code: string, gtin: string) => {
      const res = await act(demo, 'label/sample-card', 'create', {
        name: `card ${code}`,
        code,
        gbCode: 'GB0000000000A',
        code69: gtin,
        safetyLevel: 2,
        ingredients: '100% cotton',
      });
      expect(res.status, res.body.msg).toBe(200);
      return res.body.data.id as number;
    };
    const matching = await card('SC-T-W1', skuRows.find((s) => s.id === skus[0].id)!.gtin);
    const other = await card('SC-T-W2', skuRows.find((s) => s.id === skus[1].id)!.gtin);
    const offered = await act(demo, 'label/purchase-order-wizard', 'sample-cards', { orderIds: [usable.id], lineIds: [first.lineId] });
    expect(offered.status).toBe(200);
    const ids = offered.body.data.list.map((c: { id: number }) => c.id);
    expect(ids).toContain(matching);
    expect(ids).not.toContain(other);
    expect(offered.body.data.list.find((c: { id: number }) => c.id === matching).skus).toEqual([skus[0].skuBarcode]);
    const draft = {
      orderIds: [usable.id],
      goodsList: [{ lineId: first.lineId, quantity: 4 }],
      sampleType: 1,
      supplierId,
      shippingName: 'Li',
      shippingContact: '13800138000',
      shippingAddress: 'Shanghai',
    };
    // a card of another SKU is refused at once, naming the sample card
    const mismatch = await act(demo, 'label/purchase-order-wizard', 'create', {
      ...draft,
      sampleCardFid: other,
      orderEndTime: '2026-12-20',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.data.fields[0].field).toBe('sampleCardId');
    // not a day of the calendar
    const bad = await act(demo, 'label/purchase-order-wizard', 'create', { ...draft, orderEndTime: '2026-02-30' });
    expect(bad.status).toBe(400);
    // the delivery date a brand always gives is kept (it was a 500: a text into a timestamp column)
    const made = await act(demo, 'label/purchase-order-wizard', 'create', {
      ...draft,
      sampleCardFid: matching,
      orderEndTime: '2026-12-20',
    });
    expect(made.status, made.body.msg).toBe(200);
    const order = (await t.call('GET', `/api/label/purchase-order/get?id=${made.body.data.id}`, { token: demo })).body.data;
    expect(String(order.deliveryDate).slice(0, 10)).toBe('2026-12-20');
    expect(order.sampleCardId).toBe(matching);
    // the order's edit form clears its sample card
    expect((await act(demo, 'label/purchase-order', 'update', { id: order.id, sampleCardId: null })).status).toBe(200);
    const cleared = (await t.call('GET', `/api/label/purchase-order/get?id=${order.id}`, { token: demo })).body.data;
    expect(cleared.sampleCardId ?? null).toBeNull();
  });

  describe('caps, the disk, and the server while Get EPC runs', () => {
    let tenantId: number;
    beforeAll(async () => {
      [{ id: tenantId }] = await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from tenants where code = 'DEMO'`);
    });
    const limits = () => t.ctx.config.labels;
    /** Runs `fn` with some of the server's label limits changed (they are read at each check). */
    const withLimits = async <T>(change: Partial<ReturnType<typeof limits>>, fn: () => Promise<T>): Promise<T> => {
      const before = { ...limits() };
      Object.assign(limits(), change);
      try {
        return await fn();
      } finally {
        Object.assign(limits(), before);
      }
    };
    /** An RFID order of `lines` lines of `quantity` each (no loss), moved straight to confirmed: what is measured is Get EPC. */
    const confirmed = async (quantity: number, lines = 1) => {
      const res = await act(demo, 'label/purchase-order', 'create', {
        kind: 1,
        supplierId,
        lossRatio: 0,
        lines: skus.slice(0, lines).map((s) => ({ skuId: s.id, quantity })),
      });
      expect(res.status).toBe(200);
      const id = res.body.data.id as number;
      await t.ctx.db.execute(
        sql`update label_orders set status = ${LABEL_ORDER.CONFIRMED}, sketch_confirmed = 1 where tenant_id = ${tenantId} and id = ${id}`,
      );
      return { id, code: res.body.data.code as string, labels: res.body.data.labelQuantity as number };
    };
    const orderOf = async (id: number) => (await t.call('GET', `/api/label/purchase-order/get?id=${id}`, { token: demo })).body.data;
    const tagsOf = async (id: number) =>
      (
        await queryRows<{ n: number }>(
          t.ctx.db,
          sql`select count(*)::int as n from label_tags where tenant_id = ${tenantId} and order_id = ${id}`,
        )
      )[0].n;
    const job = async (id: string) => (await t.call('GET', `/api/jobs/${id}`, { token: demo, lang: 'en_US' })).body.data;

    it('refuses an order over the per-order cap (default 10,000,000 labels) when it is written, submitted or made by the wizard, naming the quantity', async () => {
      // the order: one line of 99,999,999 labels (the line's own limit) is refused at once
      const big = await act(demo, 'label/purchase-order', 'create', {
        kind: 1,
        supplierId,
        lossRatio: 0,
        lines: [{ skuId: skus[0].id, quantity: 99_999_999 }],
      });
      expect(big.status).toBe(400);
      expect(big.body.msg).toMatch(/^Quantity: 99,999,999 labels on order LPO\d+ is more than the 10,000,000 one order may have/);
      expect(big.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['quantity']);
      // lines each under the line's limit, the order over its cap (the loss counts), in the caller's language
      const lines = [
        { skuId: skus[0].id, quantity: 6_000_000 },
        { skuId: skus[1].id, quantity: 3_800_000 },
      ];
      const over = await t.call('POST', '/api/label/purchase-order/create', {
        token: demo,
        body: { kind: 1, supplierId, lossRatio: 3, lines },
      });
      expect(over.status).toBe(400);
      expect(over.body.msg).toMatch(/^采购数量：.*10,094,000.*10,000,000/);
      // no order was left behind by either
      const [{ n }] = await queryRows<{ n: number }>(
        t.ctx.db,
        sql`select count(*)::int as n from label_orders where tenant_id = ${tenantId} and label_quantity >= 10000000`,
      );
      expect(n).toBe(0);
      // an update of a draft's lines is refused the same way, and the draft is kept as it was
      const draft = await act(demo, 'label/purchase-order', 'create', {
        kind: 1,
        supplierId,
        lossRatio: 0,
        lines: [{ skuId: skus[0].id, quantity: 10 }],
      });
      const updated = await act(demo, 'label/purchase-order', 'update', {
        id: draft.body.data.id,
        lines: [{ skuId: skus[0].id, quantity: 10_000_001 }],
      });
      expect(updated.status).toBe(400);
      expect(updated.body.data.fields[0].field).toBe('quantity');
      expect((await orderOf(draft.body.data.id)).labelQuantity).toBe(10);
      // the cap lowered since it was written: submitting is refused
      await withLimits({ orderMax: 5 }, async () => {
        const submitted = await act(demo, 'label/purchase-order', 'submit', { id: draft.body.data.id });
        expect(submitted.status).toBe(400);
        expect(submitted.body.msg).toMatch(/^Quantity: 10 labels on order .* more than the 5 one order may have/);
      });
      // the wizard makes its order through the same checks
      const [fa01] = await queryRows<{ id: number }>(
        t.ctx.db,
        sql`select id::int as id from factories where tenant_id = ${tenantId} and code = 'FA01'`,
      );
      const [sku] = await queryRows<{ id: number; goodsId: number }>(
        t.ctx.db,
        sql`select id::int as id, goods_id::int as "goodsId" from goods_skus where tenant_id = ${tenantId} and id = ${skus[0].id}`,
      );
      const supply = await act(demo, 'supply/purchase-order', 'create', {
        orderDate: '2026-11-24',
        factoryId: fa01.id,
        lines: [{ goodsId: sku.goodsId, skuId: sku.id, quantity: 3 }],
      });
      expect(supply.status).toBe(200);
      const wlines = await act(demo, 'label/purchase-order-wizard', 'lines', { orderIds: [supply.body.data.id] });
      const wizard = await act(demo, 'label/purchase-order-wizard', 'create', {
        orderIds: [supply.body.data.id],
        goodsList: [{ lineId: wlines.body.data.list[0].lineId, quantity: 99_999_999 }],
        sampleType: 1,
        supplierId,
        shippingName: 'Li',
        shippingContact: '13800138000',
        shippingAddress: 'Shanghai',
        lossRatio: 0,
      });
      expect(wizard.status).toBe(400);
      expect(wizard.body.msg).toMatch(/^Quantity: 99,999,999 labels/);
    });

    it('refuses Get EPC when the tenant would pass its cap, or the disk would not hold the tags', async () => {
      const o = await confirmed(50);
      const have = await tenantLabels(t.ctx.db, tenantId, o.id);
      // the tenant's cap: its orders' EPCs and those being generated, with this order's, at most LABEL_TENANT_MAX_LABELS
      await withLimits({ tenantMax: have + o.labels - 1 }, async () => {
        const refused = await act(demo, 'label/purchase-order', 'generateEpc', { id: o.id });
        expect(refused.status).toBe(409);
        expect(refused.body.msg).toMatch(
          new RegExp(`^Labels: 50 labels on order ${o.code} would take the tenant past its cap of [\\d,]+ labels`),
        );
        expect(refused.body.data.fields[0].field).toBe('labelQuantity');
      });
      expect((await orderOf(o.id)).status).toBe(LABEL_ORDER.CONFIRMED);
      // the disk: PGlite keeps EPC_DISK_MARGIN_MB free on its data directory's filesystem; PostgreSQL keeps within EPC_DB_BUDGET_MB
      await withLimits(DRIVER === 'pg' ? { dbBudgetMb: 1 } : { diskMarginMb: 1024 ** 3 }, async () => {
        const refused = await act(demo, 'label/purchase-order', 'generateEpc', { id: o.id });
        expect(refused.status).toBe(409);
        expect(refused.body.msg).toMatch(
          DRIVER === 'pg' ? /^The database cannot take 50 more EPCs/ : /^Not enough free disk to generate 50 EPCs/,
        );
      });
      const order = await orderOf(o.id);
      expect([order.status, order.epcJobId ?? '']).toEqual([LABEL_ORDER.CONFIRMED, '']);
      expect(await tagsOf(o.id)).toBe(0);
    });

    it("keeps answering while Get EPC writes, and its EPCs are the coding rule's", async () => {
      const o = await confirmed(20_000, 3);
      // a real socket: a request must get through the event loop, as a browser's does
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as { port: number };
      const gen = await act(demo, 'label/purchase-order', 'generateEpc', { id: o.id });
      expect(gen.status).toBe(200);
      // once it runs (or, were the server deaf meanwhile, has ended) …
      await vi.waitFor(async () => expect((await job(gen.body.data.epcJobId)).state).not.toBe('queued'), { timeout: 30_000, interval: 20 });
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      // … /api/health is answered while the generation still runs
      const meanwhile = await job(gen.body.data.epcJobId);
      expect(meanwhile.final).toBe(false);
      expect((await orderOf(o.id)).status).toBe(LABEL_ORDER.EPC_GENERATING);
      await vi.waitFor(async () => expect((await job(gen.body.data.epcJobId)).state).toBe('done'), { timeout: 120_000, interval: 200 });
      expect((await orderOf(o.id)).epcCount).toBe(60_000);
      // the EPCs the database made are the encoder's, serial for serial
      const { encoder } = await tenantCodingRule(t.ctx.db, tenantId);
      const rows = await queryRows<{ epc: string; gtin: string; serial: string }>(
        t.ctx.db,
        sql`select epc, gtin, serial from label_tags where tenant_id = ${tenantId} and order_id = ${o.id}
            and serial::bigint % 1499 = 0 order by serial::bigint`,
      );
      expect(rows.length).toBeGreaterThan(20);
      for (const r of rows) expect(r.epc).toBe(encoder.epcs({ gtin: r.gtin, firstSerial: BigInt(r.serial), count: 1 })[0]);
      const [{ n, serials }] = await queryRows<{ n: number; serials: number }>(
        t.ctx.db,
        sql`select count(distinct epc)::int as n, (max(serial::bigint) - min(serial::bigint) + 1)::int as serials
            from label_tags where tenant_id = ${tenantId} and order_id = ${o.id}`,
      );
      expect([n, serials]).toEqual([60_000, 60_000]);
    }, 180_000);

    it('stops a Get EPC whose disk fills up while it writes: the job fails with the reason and its tags are taken away', async () => {
      const o = await confirmed(100_000, 3);
      const gen = await act(demo, 'label/purchase-order', 'generateEpc', { id: o.id });
      expect(gen.status).toBe(200);
      const id = gen.body.data.epcJobId;
      await vi.waitFor(async () => expect((await job(id)).done).toBeGreaterThan(0), { timeout: 30_000, interval: 10 });
      const failed = await withLimits(DRIVER === 'pg' ? { dbBudgetMb: 1 } : { diskMarginMb: 1024 ** 3 }, () =>
        vi.waitFor(
          async () => {
            const j = await job(id);
            expect(j.final).toBe(true);
            return j;
          },
          { timeout: 120_000, interval: 50 },
        ),
      );
      expect(failed.state).toBe('failed');
      expect(failed.message).toMatch(
        DRIVER === 'pg' ? /^EPC generation stopped: the database reached/ : /^EPC generation stopped: free disk fell to/,
      );
      expect(failed.done).toBeLessThan(300_000);
      const order = await orderOf(o.id);
      expect([order.status, order.epcState, order.epcCount]).toEqual([LABEL_ORDER.NOT_GENERATED, 4, 0]);
      expect(await tagsOf(o.id)).toBe(0);
    }, 180_000);
  });
});

/**
 * A ZPL checker for RFID labels (no open-source renderer checks RFID commands): splits the file
 * into labels (^XA … ^XZ) and proves each sets up the Gen 2 encoder, writes exactly one EPC in hex
 * (^RFW,H), reads 12 bytes of the TID bank into field 1 and sends it back (^HV1); that every field
 * whose data holds a `_` (an escape) is under ^FH_; and that each barcode with its quiet zones
 * (Code 128: 10 modules each side; EAN-13: 11 and 7; QR: 4) lies within the label's width (^PW).
 * Answers the EPCs (and, per label, the barcodes' decoded values).
 */
function checkZpl(file: string, barcodes: string[][] = []): string[] {
  const labels = file
    .split('^XZ')
    .map((s) => s.trim())
    .filter(Boolean);
  return labels.map((label, i) => {
    expect(label.startsWith('^XA'), `label ${i + 1} starts with ^XA`).toBe(true);
    expect(label).toContain('^RS8');
    const writes = [...label.matchAll(/\^RFW,H,,,A\^FD([0-9A-F]+)\^FS/g)];
    expect(writes.length, `label ${i + 1} writes one EPC`).toBe(1);
    expect(label).toMatch(/\^FN1\^RFR,H,0,12,2\^FS/);
    expect(label).toMatch(/\^HV1,24,TID:/);
    expect(label.indexOf('^RFW')).toBeLessThan(label.indexOf('^RFR'));
    barcodes.push(checkFields(label, `label ${i + 1}`));
    return writes[0][1];
  });
}

/** Bytes a QR symbol holds at level Q in byte mode, versions 1–10 (ISO/IEC 18004 table 7). */
const QR_BYTES_Q = [11, 20, 32, 46, 60, 74, 86, 108, 130, 151];
const unescapeFh = (data: string) => data.replace(/_([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

/** Code 128 data in ZPL mode N (start/code-change invocations): its value and its data symbols. */
function readCode128(data: string): { value: string; symbols: number } {
  let subset = data.startsWith('>;') ? 'C' : 'B';
  let i = data.startsWith('>;') || data.startsWith('>:') ? 2 : 0;
  let value = '';
  let symbols = 0;
  while (i < data.length) {
    symbols++;
    if (data[i] === '>') {
      const code = data[i + 1];
      if (code === '<') value += '>';
      else if (code === '5') subset = 'C';
      else if (code === '6') subset = 'B';
      else throw new Error(`unexpected invocation >${code}`);
      i += 2;
    } else if (subset === 'C') {
      expect(data.slice(i, i + 2)).toMatch(/^\d\d$/);
      value += data.slice(i, i + 2);
      i += 2;
    } else {
      value += data[i];
      i += 1;
    }
  }
  return { value, symbols };
}

/** The ^FH rule for every field of a label, and the barcodes' fit within ^PW; answers the barcodes' values. */
function checkFields(label: string, name: string): string[] {
  const pw = Number(/\^PW(\d+)/.exec(label)?.[1]);
  expect(pw, `${name} sets ^PW`).toBeGreaterThan(0);
  const values: string[] = [];
  let module = 2; // ZPL's default ^BY
  for (const field of label.split('^FS')) {
    const fd = field.indexOf('^FD');
    if (fd < 0) continue;
    const raw = field.slice(fd + 3);
    if (raw.includes('_')) {
      expect(field.slice(0, fd), `${name}: a field with escapes is under ^FH_ (${field})`).toContain('^FH_');
      expect(raw, `${name}: every _ starts an escape`).not.toMatch(/_(?![0-9A-F]{2})/);
    }
    const by = /\^BY(\d+)/.exec(field);
    if (by) module = Number(by[1]);
    const bar = /\^FO(\d+),\d+.*\^B([CEQ])N,([^^]*)/.exec(field);
    if (!bar) continue;
    const x = Number(bar[1]);
    const data = field.includes('^FH_') ? unescapeFh(raw) : raw;
    let width: number;
    let quiet: [number, number];
    if (bar[2] === 'C') {
      const c = readCode128(data);
      values.push(c.value);
      width = (11 * (c.symbols + 2) + 13) * module;
      quiet = [10 * module, 10 * module];
    } else if (bar[2] === 'E') {
      expect(data).toMatch(/^\d{12}$/);
      values.push(data);
      width = 95 * module;
      quiet = [11 * module, 7 * module];
    } else {
      const magnification = Number(bar[3].split(',')[1]);
      expect(data.startsWith('QA,')).toBe(true);
      const value = data.slice(3);
      values.push(value);
      const version = QR_BYTES_Q.findIndex((max) => Buffer.byteLength(value) <= max) + 1;
      expect(version).toBeGreaterThan(0);
      width = (17 + 4 * version) * magnification;
      quiet = [4 * magnification, 4 * magnification];
    }
    expect(x - quiet[0], `${name}: the barcode's left quiet zone is on the label`).toBeGreaterThanOrEqual(0);
    expect(x + width + quiet[1], `${name}: the barcode and its right quiet zone fit ^PW${pw}`).toBeLessThanOrEqual(pw);
  }
  return values;
}
