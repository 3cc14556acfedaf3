/**
 * What the screen crawl does not reach on the goods screen: a goods form's gallery with pictures
 * (added, not saved) and an import's error list, at 1366 and 390 px in the three languages.
 */
import { it } from 'vitest';
import { goodsWorkbook, png } from '../support/b-goods';
import { e2eSuite, shot, signedIn } from '../support/browser';
import { panelOf, screenOf } from '../support/general';
import { LANGS } from '../support/screens';

const suite = e2eSuite();
const GOODS = 'tenant/goods';

for (const lang of LANGS)
  it(`a goods form's gallery and an import's errors in ${lang}`, async () => {
    for (const width of [1366, 390]) {
      const { page, context } = await signedIn(suite, 'demo', 'demo123', {
        lang,
        width,
        height: width > 500 ? 800 : 844,
        path: `/${GOODS}`,
      });
      const s = screenOf(page, GOODS);
      await s.locator('.ant-table-row').first().getByTestId('row-edit').click();
      const images = panelOf(page).getByTestId('field-images');
      await images.waitFor();
      const had = await images.locator('[data-testid="gallery-card"]').count();
      await images.locator('input[type=file]').setInputFiles([
        { name: 'front.png', mimeType: 'image/png', buffer: await png(886, 180) },
        { name: 'side.png', mimeType: 'image/png', buffer: await png(886, 90) },
        { name: 'back.png', mimeType: 'image/png', buffer: await png(886, 30) },
      ]);
      await images
        .locator('[data-testid="gallery-card"] img')
        .nth(had + 2)
        .waitFor();
      await images.scrollIntoViewIfNeeded();
      await shot(page, `tenant-goods-form-${lang}-${width}`);
      await panelOf(page).getByTestId('resource-form-cancel').click();
      await s.getByTestId('resource-import').click();
      const modal = page.locator('.resource-import .ant-modal');
      await modal.locator('input[type=file]').setInputFiles({
        name: 'goods.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: goodsWorkbook([
          { styleNumber: 'bad style!', goodsName: 'Bad row', barcode: '' },
          { styleNumber: 'SHOT24S001', goodsName: '', barcode: 'SHOT24S001' },
        ]),
      });
      await modal.getByTestId('import-start').click();
      await modal.getByTestId('import-errors').waitFor({ timeout: 20_000 });
      await shot(page, `tenant-goods-import-refused-${lang}-${width}`);
      await context.close();
    }
  });
