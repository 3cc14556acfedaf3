/**
 * Goods, their SKUs and brands as the tenant admin `demo` sees them: a goods row created with two
 * images, a video and two SKU lines, edited and deleted; an 800×800 picture refused with the spec's
 * words before it is sent; an import with one bad row reports that row and writes nothing; the
 * export holds the listed rows; a brand with an SVG logo shows its thumbnail. (A goods form's gallery
 * and an import's error list, 1366 and 390 px in the three languages: shots/tenant-goods.shots.ts.)
 */
import * as XLSX from '@e965/xlsx';
import { goodsResource } from '@tagloom/domain/resources/tenant/goods/goods.ts';
import { withCheckDigit } from '@tagloom/domain/resources/tenant/goods/gtin.ts';
import { describe, expect, it } from 'vitest';
import { goodsWorkbook, png } from './support/b-goods';
import { e2eSuite, signedIn, tokenOf } from './support/browser';
import { apiPost, deleteRow, expectSaved, panelOf, rowOf, save, screenOf, tableText, webText } from './support/general';

const suite = e2eSuite();
const GOODS = 'tenant/goods';
const BRAND = 'tenant/brand';

/** The smallest MP4 the server's checks accept: ftyp (isom), moov, mdat. */
function mp4(): Buffer {
  const box = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(8 + body.length, 0);
    head.write(type, 4, 'latin1');
    return Buffer.concat([head, body]);
  };
  return Buffer.concat([
    box('ftyp', Buffer.concat([Buffer.from('isom'), Buffer.alloc(4), Buffer.from('isomavc1')])),
    box('moov', box('mvhd', Buffer.alloc(100))),
    box('mdat', Buffer.alloc(64, 7)),
  ]);
}

const LOGO = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 64" onload="alert(1)">
  <script>alert(document.cookie)</script>
  <rect width="160" height="64" rx="10" fill="#17406d"/>
  <circle cx="32" cy="32" r="18" fill="#f2b134"/>
  <text x="60" y="42" font-size="26" font-family="sans-serif" fill="#fff">E2E</text>
</svg>`;

/** A session of demo on the goods list, its rows shown. */
async function onGoods(lang: 'zh_CN' | 'en_US') {
  const s = await signedIn(suite, 'demo', 'demo123', { lang, height: 900, path: `/${GOODS}` });
  await screenOf(s.page, GOODS).getByTestId('resource-table').locator('.ant-table-row').first().waitFor({ timeout: 15_000 });
  return s;
}

/** Fills SKU line `n` (1-based) of the open goods form. */
async function fillSku(form: import('playwright-core').Locator, n: number, v: Record<string, string>) {
  const row = form
    .getByTestId('child-table-skus')
    .locator('.ant-table-row')
    .nth(n - 1);
  for (const [k, value] of Object.entries(v)) await row.getByTestId(`field-${k}`).fill(value);
}

describe('tenant goods and brands, as demo', () => {
  it('creates a goods row with 2 images, 1 video and 2 SKUs, edits it and deletes it', async () => {
    const { page, context, errors } = await onGoods('en_US');
    try {
      const s = screenOf(page, GOODS);
      await s.getByTestId('resource-add').click();
      const form = panelOf(page);
      await form.getByTestId('field-styleNumber').waitFor();
      await form.getByTestId('field-styleNumber').fill('E2E24S001');
      await form.getByTestId('field-barcode').fill('E2E24S001');
      await form.getByTestId('field-goodsName').fill('E2E linen shirt');
      const images = form.getByTestId('field-images');
      await images.locator('input[type=file]').setInputFiles([
        { name: 'front.png', mimeType: 'image/png', buffer: await png(886, 10) },
        { name: 'back.png', mimeType: 'image/png', buffer: await png(900, 60) },
      ]);
      await expect
        .poll(() => images.locator('[data-testid="gallery-card"][data-file-id]:not([data-file-id=""])').count(), { timeout: 15_000 })
        .toBe(2);
      // the gallery: thumbnails, the first marked as the cover; moving the second to the front
      await expect.poll(() => images.locator('[data-testid="gallery-card"] img').count(), { timeout: 15_000 }).toBe(2);
      const firstBefore = await images.getByTestId('gallery-card').first().getAttribute('data-file-id');
      await images.getByTestId('gallery-card').nth(1).hover();
      await images.getByTestId('gallery-card').nth(1).getByTestId('gallery-left').click();
      await expect.poll(() => images.getByTestId('gallery-card').nth(1).getAttribute('data-file-id')).toBe(firstBefore);
      const videos = form.getByTestId('field-videos');
      await videos.locator('input[type=file]').setInputFiles({ name: 'catwalk.mp4', mimeType: 'video/mp4', buffer: mp4() });
      await expect.poll(() => videos.textContent(), { timeout: 15_000 }).toContain('catwalk.mp4');
      await expect.poll(() => videos.locator('.ant-upload-list-item-uploading').count()).toBe(0);
      await form.getByTestId('child-add-skus').click();
      await form.getByTestId('child-add-skus').click();
      await fillSku(form, 1, { colour: 'White', size: 'M', skuBarcode: 'E2E24S00101M', gtin: withCheckDigit('690555500001') });
      await fillSku(form, 2, { colour: 'White', size: 'L', skuBarcode: 'E2E24S00101L', gtin: withCheckDigit('690555500002') });
      await save(page, form);
      await form.waitFor({ state: 'hidden' });
      const token = await tokenOf(context);
      const found = await apiPost(page, token, '/api/tenant/goods/list', { styleNumber: 'E2E24S001' });
      expect(found.data.total).toBe(1);
      const id = found.data.list[0].id;
      expect(found.data.list[0].images).toHaveLength(2);
      expect(found.data.list[0].videos).toHaveLength(1);
      const got = await page.evaluate(
        async ({ id, token }) => (await fetch(`/api/tenant/goods/get?id=${id}`, { headers: { token } })).json(),
        { id, token },
      );
      expect(got.data.skus.map((x: { skuBarcode: string }) => x.skuBarcode)).toEqual(['E2E24S00101L', 'E2E24S00101M']);
      const search = await apiPost(page, token, '/api/tenant/goods/list-by-sku', { sku: 'e2e24s00101' });
      expect(search.data.list.map((g: { styleNumber: string }) => g.styleNumber)).toEqual(['E2E24S001']);

      // edit: the name changes, the lines stay
      await s.getByTestId('search-styleNumber').fill('e2e24s');
      await s.getByTestId('resource-search-submit').click();
      await expect.poll(() => tableText(page, GOODS), { timeout: 15_000 }).toContain('E2E linen shirt');
      await rowOf(page, GOODS, 'E2E24S001').first().getByTestId('row-edit').click();
      const edit = panelOf(page);
      await edit.getByTestId('field-goodsName').waitFor();
      await expect.poll(() => edit.getByTestId('child-table-skus').locator('.ant-table-row').count()).toBe(2);
      await edit.getByTestId('field-goodsName').fill('E2E linen shirt, washed');
      await save(page, edit);
      await expect.poll(() => tableText(page, GOODS), { timeout: 15_000 }).toContain('E2E linen shirt, washed');
      await deleteRow(page, GOODS, 'E2E24S001', 'E2E linen shirt, washed');
      expect((await apiPost(page, token, '/api/tenant/goods/list', { styleNumber: 'E2E24S001' })).data.total).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("refuses an 800×800 picture with the spec's words before sending it", async () => {
    const { page, context } = await onGoods('en_US');
    try {
      await screenOf(page, GOODS).getByTestId('resource-add').click();
      const images = panelOf(page).getByTestId('field-images');
      await images.waitFor();
      await images.locator('input[type=file]').setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: await png(800, 30) });
      const expected = webText('en_US', 'files.imageTooSmall', { width: 886, height: 886, w: 800, h: 800 });
      await expect.poll(() => page.getByTestId('field-images-error').textContent(), { timeout: 15_000 }).toBe(expected);
      expect(expected).toMatch(/resolution must be at least 886×886/);
    } finally {
      await context.close();
    }
  });

  it('imports all-or-nothing: one bad row is reported by its number and nothing is written; the export holds the listed rows', async () => {
    const { page, context } = await onGoods('en_US');
    try {
      const token = await tokenOf(context);
      const before = (await apiPost(page, token, '/api/tenant/goods/list', { pageSize: 1 })).data.total;
      // the second of three rows is bad
      const book = goodsWorkbook([
        { styleNumber: 'IMP24S001', goodsName: 'Imported shirt', barcode: 'IMP24S001' },
        { styleNumber: 'bad style!', goodsName: 'Bad row', barcode: '' },
        { styleNumber: 'IMP24S002', goodsName: 'Imported skirt', barcode: 'IMP24S002' },
      ]);
      await screenOf(page, GOODS).getByTestId('resource-import').click();
      const modal = page.locator('.resource-import .ant-modal');
      await modal.waitFor();
      await modal.locator('input[type=file]').setInputFiles({
        name: 'goods.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: book,
      });
      await modal.getByTestId('import-start').click();
      const table = modal.getByTestId('import-errors');
      await table.waitFor({ timeout: 20_000 });
      expect(await table.textContent()).toContain('3');
      expect(await table.textContent()).toContain(goodsResource.fields.styleNumber.label.en_US);
      expect(await modal.getByTestId('import-result').textContent()).toMatch(/nothing was imported/i);
      expect((await apiPost(page, token, '/api/tenant/goods/list', { pageSize: 1 })).data.total).toBe(before);
      await modal.getByTestId('import-close').click();

      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 30_000 }),
        screenOf(page, GOODS).getByTestId('resource-export').click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
      const file = await download.path();
      const { readFileSync } = await import('node:fs');
      const wb = XLSX.read(readFileSync(file!), { type: 'buffer' });
      const exported = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]], { header: 1 });
      expect(exported.length - 1).toBe(before);
      const styles = exported.slice(1).map((r) => String(r[0]));
      const listed = (await apiPost(page, token, '/api/tenant/goods/list', { pageSize: 500 })).data.list.map(
        (g: { styleNumber: string }) => g.styleNumber,
      );
      expect(new Set(styles)).toEqual(new Set(listed));
    } finally {
      await context.close();
    }
  });

  it('finds goods by a SKU’s GTIN, exports the SKU sheet and imports SKUs naming their goods by style number', async () => {
    const { page, context } = await onGoods('zh_CN');
    try {
      const token = await tokenOf(context);
      const [sku] = (await apiPost(page, token, '/api/tenant/goods-sku/list', { pageSize: 1, skuBarcode: 'LM25' })).data.list;
      const goods = await page.evaluate(
        async ({ id, token }) => (await (await fetch(`/api/tenant/goods/get?id=${id}`, { headers: { token } })).json()).data,
        { id: sku.goodsId, token },
      );
      // the search box that is not a column: goods by one of their SKUs' GTIN
      const screen = screenOf(page, GOODS);
      await screen.getByTestId('resource-search-toggle').click();
      await screen.getByTestId('search-sku').fill(sku.gtin);
      await screen.getByTestId('resource-search-submit').click();
      await expect.poll(async () => screen.getByTestId('resource-table').locator('.ant-table-row').count()).toBe(1);
      expect(await tableText(page, GOODS)).toContain(goods.styleNumber);

      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), screen.getByTestId('sku-export').click()]);
      const { readFileSync } = await import('node:fs');
      const wb = XLSX.read(readFileSync((await download.path())!), { type: 'buffer' });
      const rows = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]], { header: 1 });
      const header = rows[0] as string[];
      const styleCol = header.indexOf('款号');
      expect(styleCol).toBeGreaterThanOrEqual(0);
      expect(rows.slice(1).some((r) => r[styleCol] === goods.styleNumber)).toBe(true);

      // two new SKUs of that goods, named by its style number
      const line = (barcode: string, gtin: string) =>
        header.map((h) =>
          h === '款号'
            ? goods.styleNumber
            : h === '颜色'
              ? '雾霾蓝'
              : h === '尺码'
                ? 'XXL'
                : h === 'SKU 条码'
                  ? barcode
                  : h === 'GTIN'
                    ? gtin
                    : '',
        );
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(
        book,
        XLSX.utils.aoa_to_sheet([
          header,
          line('E2ESKU-1', withCheckDigit('690777700001')),
          line('E2ESKU-2', withCheckDigit('690777700002')),
        ]),
        'SKU',
      );
      await screen.getByTestId('sku-import').click();
      const modal = page.locator('.resource-import .ant-modal');
      await modal.waitFor();
      await modal.locator('input[type=file]').setInputFiles({
        name: 'skus.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer,
      });
      await modal.getByTestId('import-start').click();
      await expect.poll(async () => (await modal.getByTestId('import-result').textContent()) ?? '').toMatch(/2/);
      const lines = (await apiPost(page, token, '/api/tenant/goods-sku/list', { goodsId: goods.id, pageSize: 100 })).data.list;
      expect(lines.map((l: { skuBarcode: string }) => l.skuBarcode)).toEqual(expect.arrayContaining(['E2ESKU-1', 'E2ESKU-2']));
    } finally {
      await context.close();
    }
  });

  it('creates a brand with an SVG logo (stored sanitised) and lists its thumbnail', async () => {
    const { page, context, errors } = await signedIn(suite, 'demo', 'demo123', { lang: 'zh_CN', height: 900, path: `/${BRAND}` });
    try {
      const s = screenOf(page, BRAND);
      await s.getByTestId('resource-table').locator('.ant-table-row').first().waitFor({ timeout: 15_000 });
      await s.getByTestId('resource-add').click();
      const form = panelOf(page);
      await form.getByTestId('field-brandCode').fill('E2E');
      await form.getByTestId('field-brandName').fill('端到端品牌');
      const logo = form.getByTestId('field-brandLogo');
      await logo.locator('input[type=file]').setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(LOGO) });
      await expect.poll(() => logo.textContent(), { timeout: 15_000 }).toContain('logo.svg');
      await expect.poll(() => logo.locator('.ant-upload-list-item-uploading').count()).toBe(0);
      await form.getByTestId('resource-form-save').click();
      await expectSaved(page, form);
      const row = rowOf(page, BRAND, '端到端品牌');
      await expect.poll(() => row.locator('img.resource-file-thumb').count(), { timeout: 15_000 }).toBe(1);
      const token = await tokenOf(context);
      const brand = (await apiPost(page, token, '/api/tenant/brand/list', { brandCode: 'E2E' })).data.list[0];
      const stored = await page.evaluate(
        async ({ id, token }) => (await fetch(`/api/tenant/brand/file?id=${id}`, { headers: { token } })).text(),
        { id: brand.brandLogo, token },
      );
      expect(stored).toContain('E2E');
      expect(stored).not.toMatch(/script|onload|cookie/);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
