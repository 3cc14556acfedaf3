/** A resource form with its errors shown (the screen crawl opens the add forms empty), at 1366 and 390 px in the three languages. */
import { it } from 'vitest';
import { e2eSuite, shot, signedIn } from '../support/browser';
import { clickInDialog, panelOf, screenOf } from '../support/general';
import { LANGS } from '../support/screens';

const suite = e2eSuite();

for (const lang of LANGS)
  it(`the product form's errors in ${lang}`, async () => {
    for (const width of [1366, 390]) {
      const { page, context } = await signedIn(suite, 'admin', 'admin123', {
        lang,
        width,
        height: width > 500 ? 800 : 844,
        path: '/general/product',
      });
      await screenOf(page, 'general/product').getByTestId('resource-add').click();
      await clickInDialog(panelOf(page).getByTestId('resource-form-save'));
      await panelOf(page).locator('.ant-form-item-explain-error').first().waitFor();
      await shot(page, `resource-polish-form-errors-${lang}-${width}`);
      await context.close();
    }
  });
