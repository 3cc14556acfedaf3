import { LABEL_ORDER, LINE_SOURCE, TEMPLATE_CATEGORY } from '@tagloom/domain';
import { and, asc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goods, goodsSkus, labelOrderLines, labelOrders, tenants } from '../src/db/schema/index.js';
import { barcodeValue, mmToDots, templatePrintSpec, templateTexts } from '../src/modules/label/templates/service.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

/**
 * Label templates (issue 12): five screens over one table told by their category, each listing and
 * stamping its own; codes unique across the table; every template readable in one list for pickers;
 * the print spec the label order's print task reads, and the texts it prints for a SKU.
 */
describe(`label templates (${DRIVER})`, () => {
  let t: TestApp;
  let demo: string;
  let acme: string;
  let tenantId: number;
  const post = (url: string, token: string, body: unknown, lang = 'en_US') => t.call('POST', `/api/${url}`, { token, body, lang });
  const template = (code: string) => ({
    code,
    name: `T ${code}`,
    widthMm: 40,
    heightMm: 60,
    barcode: 1,
    dpi: 300,
    lines: [
      { source: LINE_SOURCE.TEXT, caption: 'BRAND' },
      { source: LINE_SOURCE.STYLE, caption: 'Style' },
      { source: LINE_SOURCE.SIZE, caption: '' },
      { source: LINE_SOURCE.PRICE, caption: '¥' },
    ],
  });

  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
    acme = await t.login('acme', 'acme123');
    [{ id: tenantId }] = await t.ctx.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, 'DEMO'));
  });
  afterAll(() => t?.close());

  it('shows each category on its own screen and stamps it on the rows made there', async () => {
    const made = await post('label/template-shoes/create', demo, template('TPL-T-SH1'));
    expect(made.status, made.body.msg).toBe(200);
    const stored = await t.call('GET', `/api/label/template/get?id=${made.body.data.id}`, { token: demo });
    expect(stored.body.data.category).toBe(TEMPLATE_CATEGORY.SHOES);
    const shoes = (await post('label/template-shoes/list', demo, { pageSize: 500 })).body.data.list as { id: number; code: string }[];
    expect(shoes.map((r) => r.id)).toContain(made.body.data.id);
    const clothing = (await post('label/template-clothing/list', demo, { pageSize: 500 })).body.data.list as {
      id: number;
      category: number;
    }[];
    expect(clothing.map((r) => r.id)).not.toContain(made.body.data.id);
    expect(clothing.length).toBeGreaterThan(0);
    // not reachable through another category's screen
    expect((await t.call('GET', `/api/label/template-clothing/get?id=${made.body.data.id}`, { token: demo })).status).toBe(404);
    // one code across the whole table
    const twice = await post('label/template-clothing/create', demo, template('TPL-T-SH1'));
    expect(twice.status).toBe(409);
    // every template, whatever its category, for pickers (sample cards, label orders)
    const all = (await post('label/template/list', demo, { pageSize: 500 })).body.data.list as { category: number }[];
    expect(new Set(all.map((r) => r.category))).toEqual(new Set([1, 2, 3, 4, 5]));
    const opts = await t.call('GET', '/api/label/template/options?q=TPL-T-SH1', { token: demo });
    expect(opts.body.data.list.map((o: { value: number }) => o.value)).toEqual([made.body.data.id]);
    expect((await post('label/template/create', demo, template('TPL-T-X'))).status).toBe(404);
    expect((await post('label/template/list', acme, { code: 'TPL-T-SH1' })).body.data.list).toEqual([]);
  });

  it('refuses a fixed-text line without its text and sizes outside the bounds, naming the field', async () => {
    const noText = await post('label/template-gloves/create', demo, {
      ...template('TPL-T-G1'),
      lines: [{ source: LINE_SOURCE.TEXT, caption: '' }],
    });
    expect(noText.status).toBe(400);
    expect(noText.body.msg).toMatch(/fixed-text line needs its text/);
    const tiny = await post('label/template-gloves/create', demo, { ...template('TPL-T-G2'), widthMm: 5 });
    expect(tiny.status).toBe(400);
    expect(tiny.body.data.fields[0].field).toBe('widthMm');
  });

  it("refuses a template whose barcode and its quiet zones cannot fit the label for one of the tenant's SKUs, naming the width", async () => {
    // 20 mm at 203 dpi is 160 dots: a 13-character SKU barcode in Code 128 with its quiet zones needs 198 at the finest readable module
    const narrow = await post('label/template-accessories/create', demo, { ...template('TPL-T-N1'), widthMm: 20, dpi: 203 });
    expect(narrow.status).toBe(400);
    expect(narrow.body.data.fields[0].field).toBe('widthMm');
    expect(narrow.body.msg).toMatch(
      /^Width \(mm\): the Code 128 barcode of SKU \S+ needs at least [\d.]+ mm with its quiet zones, more than a 20 mm label at 203 dpi holds/,
    );
    const zh = await post('label/template-accessories/create', demo, { ...template('TPL-T-N1'), widthMm: 20, dpi: 203 }, 'zh_CN');
    expect(zh.body.msg).toMatch(/^宽度 \(mm\)：SKU \S+ 的 Code 128 条码连同两侧静区至少需要 [\d.]+ mm 宽，20 mm 宽的标签（203 dpi）放不下/);
    // a QR code of the same SKUs fits the same label
    const qr = await post('label/template-accessories/create', demo, { ...template('TPL-T-N1'), widthMm: 20, dpi: 203, barcode: 3 });
    expect(qr.status, qr.body.msg).toBe(200);
    // narrowing a template that fits is refused too; its other fields still change
    const wide = await post('label/template-accessories/create', demo, { ...template('TPL-T-N2'), widthMm: 40, dpi: 203 });
    expect(wide.status, wide.body.msg).toBe(200);
    const narrowed = await post('label/template-accessories/update', demo, { id: wide.body.data.id, widthMm: 20 });
    expect(narrowed.status).toBe(400);
    expect(narrowed.body.data.fields[0].field).toBe('widthMm');
    expect((await post('label/template-accessories/update', demo, { id: wide.body.data.id, name: 'renamed' })).status).toBe(200);
  });

  it('gives the print task its spec, and the texts and barcode it prints for a SKU', async () => {
    const made = await post('label/template-hat-bag/create', demo, { ...template('TPL-T-HB1'), barcode: 2, dpi: 203 });
    const spec = await templatePrintSpec(t.ctx.db, tenantId, made.body.data.id);
    expect(spec).toMatchObject({ code: 'TPL-T-HB1', widthMm: 40, heightMm: 60, dpi: 203, barcode: 'ean13' });
    expect(spec.lines.map((l) => l.source)).toEqual(['text', 'styleNumber', 'size', 'price']);
    expect(mmToDots(spec.widthMm, spec.dpi)).toBe(320);
    const [sku] = await t.ctx.db
      .select({
        skuBarcode: goodsSkus.skuBarcode,
        gtin: goodsSkus.gtin,
        colour: goodsSkus.colour,
        size: goodsSkus.size,
        price: goodsSkus.price,
        styleNumber: goods.styleNumber,
        goodsName: goods.goodsName,
      })
      .from(goodsSkus)
      .innerJoin(goods, and(eq(goods.tenantId, goodsSkus.tenantId), eq(goods.id, goodsSkus.goodsId)))
      .where(eq(goodsSkus.tenantId, tenantId))
      .orderBy(asc(goodsSkus.id))
      .limit(1);
    const texts = templateTexts(spec, { ...sku, skuBarcode: String(sku.skuBarcode), gtin: String(sku.gtin) } as never);
    expect(texts[0]).toBe('BRAND');
    expect(texts[1]).toBe(`Style ${sku.styleNumber}`);
    expect(texts[2]).toBe(sku.size);
    expect(texts[3]).toBe(`¥ ${Number(sku.price).toFixed(2)}`);
    expect(barcodeValue(spec, { skuBarcode: String(sku.skuBarcode), gtin: String(sku.gtin) })).toBe(sku.gtin);
    expect(barcodeValue({ barcode: 'code128' }, { skuBarcode: 'ABC', gtin: '6901234567892' })).toBe('ABC');
    // another tenant's template is not found
    const acmeTpl = (await post('label/template/list', acme, {})).body.data.list[0];
    await expect(templatePrintSpec(t.ctx.db, tenantId, acmeTpl.id)).rejects.toMatchObject({ status: 404 });
  });

  it('reprints labels only of a label order past its confirmation, and only its own SKUs', async () => {
    const orderWith = async (status: number) => {
      const [row] = await t.ctx.db
        .select({ id: labelOrders.id, code: labelOrders.code, skuId: labelOrderLines.skuId })
        .from(labelOrders)
        .innerJoin(labelOrderLines, and(eq(labelOrderLines.tenantId, labelOrders.tenantId), eq(labelOrderLines.orderId, labelOrders.id)))
        .where(and(eq(labelOrders.tenantId, tenantId), eq(labelOrders.status, status)))
        .limit(1);
      return row;
    };
    const draft = await orderWith(LABEL_ORDER.DRAFT);
    const producing = await orderWith(LABEL_ORDER.PRODUCING);
    const early = await post('label/supplementary-print/create', demo, {
      code: 'BD-T-1',
      orderId: draft.id,
      skuId: draft.skuId,
      quantity: 5,
      reason: 'lost',
    });
    expect(early.status).toBe(400);
    expect(early.body.data.fields[0].field).toBe('orderId');
    expect(early.body.msg).toContain(draft.code);
    const [foreignSku] = await t.ctx.db
      .select({ id: goodsSkus.id })
      .from(goodsSkus)
      .where(and(eq(goodsSkus.tenantId, tenantId), ne(goodsSkus.id, producing.skuId)))
      .limit(1);
    const notOnOrder = await post('label/supplementary-print/create', demo, {
      code: 'BD-T-2',
      orderId: producing.id,
      skuId: foreignSku.id,
      quantity: 5,
      reason: 'lost',
    });
    expect(notOnOrder.status).toBe(400);
    expect(notOnOrder.body.data.fields[0].field).toBe('skuId');
    const ok = await post('label/supplementary-print/create', demo, {
      code: 'BD-T-3',
      orderId: producing.id,
      skuId: producing.skuId,
      quantity: 5,
      reason: 'lost',
    });
    expect(ok.status, ok.body.msg).toBe(200);
    const printed = await post('label/supplementary-print/print', demo, { id: ok.body.data.id });
    expect(printed.body.data.printedAt).toBeTruthy();
    expect((await post('label/supplementary-print/print', demo, { id: ok.body.data.id })).status).toBe(409);
  });
});
