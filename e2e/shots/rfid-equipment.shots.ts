/**
 * The readers' dialogs and drawers, which the screen crawl does not open: a reader's registration
 * dialog, a scene's reader configuration and a reader model's parameters, at 1366 and 390 px in the
 * three languages.
 */
import { it } from 'vitest';
import { e2eSuite, shot, signedIn } from '../support/browser';
import { rowOf, screenOf } from '../support/general';
import { LANGS, openScreen } from '../support/screens';

const suite = e2eSuite();

for (const lang of LANGS)
  it(`the readers' dialogs in ${lang}`, async () => {
    for (const width of [1366, 390]) {
      const { page, context } = await signedIn(suite, 'demo', 'demo123', {
        lang,
        width,
        height: width > 800 ? 800 : 844,
        path: '/rfid/equipment',
      });
      const s = screenOf(page, 'rfid/equipment');
      await s.getByTestId('search-equipmentCoding').fill('R700-NEW');
      await s.getByTestId('resource-search-submit').click();
      await s.locator('.ant-table-row').filter({ hasText: 'R700-NEW' }).getByTestId('row-more').click();
      await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByTestId('row-register').click();
      await page.getByTestId('register-dialog').getByTestId('register-issue').waitFor();
      await shot(page, `readers-register-form-${lang}-${width}`);
      await page.keyboard.press('Escape');
      await openScreen(page, 'rfid/scene');
      await rowOf(page, 'rfid/scene', 'POS').first().getByTestId('row-reader-config').click();
      await page.getByTestId('reader-config-impinj').getByTestId('reader-config-json').waitFor();
      await shot(page, `readers-config-${lang}-${width}`);
      await page.goto('/rfid/product');
      await page
        .getByTestId('products-table')
        .locator('.ant-table-row')
        .filter({ hasText: 'TL-R400' })
        .getByTestId('product-details')
        .click();
      await page.getByTestId('product-params').waitFor();
      await shot(page, `readers-product-${lang}-${width}`);
      await context.close();
    }
  });
