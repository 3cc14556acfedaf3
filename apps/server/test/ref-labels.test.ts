import * as XLSX from '@e965/xlsx';
import { withCheckDigit } from '@tagloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVER, startTestApp, type TestApp } from './support.js';
import { multipart, workbook } from './uploads.js';

/**
 * A reference in a sheet is its row's label, both ways: the SKU sheet names each SKU's goods by
 * style number on export, and an import reads a style number (or an id) back into the goods it
 * names, within the importing tenant; a style number that names no goods refuses its line.
 */
describe(`references by label in Excel: the SKU sheet (${DRIVER})`, () => {
  let t: TestApp;
  let demo: string;
  let acme: string;
  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
    acme = await t.login('acme', 'acme123');
  });
  afterAll(() => t?.close());

  const sheetOf = (raw: Buffer) => {
    const wb = XLSX.read(raw, { type: 'buffer' });
    return XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]], { header: 1 });
  };
  const importSkus = async (token: string, rows: unknown[][], validOnly = false) => {
    const file = multipart('skus.xlsx', workbook(rows));
    return t.app.inject({
      method: 'POST',
      url: `/api/tenant/goods-sku/import?wait=1${validOnly ? '&validOnly=1' : ''}`,
      headers: { ...file.headers, token, langeType: 'en_US' },
      payload: file.payload,
    });
  };

  it('exports each SKU with its goods’ style number, and imports style numbers back into goods', async () => {
    const exp = await t.app.inject({
      method: 'POST',
      url: '/api/tenant/goods-sku/export',
      headers: { token: demo, langeType: 'en_US' },
      payload: { skuBarcode: 'LM' },
    });
    expect(exp.statusCode).toBe(200);
    const rows = sheetOf(exp.rawPayload);
    const header = rows[0] as string[];
    const col = header.indexOf('Style number');
    expect(col).toBeGreaterThanOrEqual(0);
    const styles = new Set(rows.slice(1).map((r) => r[col]));
    // style numbers, not ids
    expect([...styles].every((s) => typeof s === 'string' && /[A-Z]/.test(s))).toBe(true);

    const goods = (await t.call('POST', '/api/tenant/goods/list', { token: demo, body: { pageSize: 1 } })).body.data.list[0];
    let serial = 0;
    const line = (barcode: string, style: unknown) => {
      const gtin = withCheckDigit(`699000000${String(++serial).padStart(3, '0')}`);
      return header.map((h) =>
        h === 'Style number'
          ? style
          : h === 'Colour'
            ? '藏青'
            : h === 'Size'
              ? 'XXL'
              : h === 'SKU barcode'
                ? barcode
                : h === 'GTIN'
                  ? gtin
                  : '',
      );
    };
    const before = (await t.call('POST', '/api/tenant/goods-sku/list', { token: demo, body: { goodsId: goods.id, pageSize: 100 } })).body
      .data.total;
    // one line naming goods that do not exist: nothing is written, the line is named
    const refused = await importSkus(demo, [header, line('RL-SKU-1', goods.styleNumber), line('RL-SKU-2', 'NO-SUCH-STYLE')]);
    expect(refused.statusCode).toBe(400);
    const errors = refused.json().data.errors as { row: number; messages: string[] }[];
    expect(errors, JSON.stringify(errors)).toHaveLength(1);
    expect(errors[0].row).toBe(3);
    expect(errors[0].messages[0]).toMatch(/Style number: .*NO-SUCH-STYLE/);
    // by style number and by id
    const ok = await importSkus(demo, [header, line('RL-SKU-1', goods.styleNumber), line('RL-SKU-3', String(goods.id))]);
    expect(ok.json().data).toMatchObject({ inserted: 2 });
    const after = await t.call('POST', '/api/tenant/goods-sku/list', { token: demo, body: { goodsId: goods.id, pageSize: 100 } });
    expect(after.body.data.total).toBe(before + 2);
    expect(after.body.data.list.map((r: { skuBarcode: string }) => r.skuBarcode)).toEqual(expect.arrayContaining(['RL-SKU-1', 'RL-SKU-3']));

    // another tenant cannot name demo's goods, by style number or by id
    const foreign = await importSkus(acme, [header, line('RL-SKU-9', goods.styleNumber)]);
    expect(foreign.statusCode, foreign.body).toBe(400);
    const byId = await importSkus(acme, [header, line('RL-SKU-8', String(goods.id))]);
    expect(byId.statusCode, byId.body).toBe(400);
  });

  it('finds goods on their list by a SKU’s GTIN or barcode (a search box that is not a column), within the tenant', async () => {
    const [sku] = (await t.call('POST', '/api/tenant/goods-sku/list', { token: demo, body: { pageSize: 1 } })).body.data.list;
    const byGtin = await t.call('POST', '/api/tenant/goods/list', { token: demo, body: { sku: sku.gtin, pageSize: 50 } });
    expect(byGtin.body.data.list.map((g: { id: number }) => g.id)).toEqual([sku.goodsId]);
    const byBarcode = await t.call('POST', '/api/tenant/goods/list', { token: demo, body: { sku: sku.skuBarcode.toLowerCase() } });
    expect(byBarcode.body.data.list.map((g: { id: number }) => g.id)).toContain(sku.goodsId);
    // a prefix of many: every goods row found has such a SKU
    const broad = await t.call('POST', '/api/tenant/goods/list', { token: demo, body: { sku: '690', pageSize: 5 } });
    expect(broad.body.data.total).toBeGreaterThan(100);
    expect((await t.call('POST', '/api/tenant/goods/list', { token: acme, body: { sku: sku.gtin } })).body.data.total).toBe(0);
    // not a column: nothing to write, sort or export
    const made = await t.call('POST', '/api/tenant/goods/create', { token: demo, lang: 'en_US', body: { sku: 'X' } });
    expect(made.status).toBe(400);
  });
});
