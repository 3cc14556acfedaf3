/**
 * Edit forms the screen crawl does not open: a store's with its location attributes and a code
 * table's with its items, at 1366 and 390 px in the three languages.
 */
import { it } from 'vitest';
import { e2eSuite, shot, signedIn } from '../support/browser';
import { panelOf, rowOf } from '../support/general';
import { LANGS, openScreen } from '../support/screens';

const suite = e2eSuite();

for (const lang of LANGS)
  it(`a store's and a code table's edit forms in ${lang}`, async () => {
    for (const width of [1366, 390]) {
      const { page, context } = await signedIn(suite, 'demo', 'demo123', {
        lang,
        width,
        height: width > 500 ? 800 : 844,
        path: '/tenant/store',
      });
      await rowOf(page, 'tenant/store', 'ST001').first().getByTestId('row-edit').click();
      await panelOf(page).locator('#attrs-area').waitFor();
      await shot(page, `places-store-form-${lang}-${width}`);
      await panelOf(page).getByTestId('resource-form-cancel').click();
      await openScreen(page, 'tenant/code-table');
      await rowOf(page, 'tenant/code-table', 'colorFamily').first().getByTestId('row-edit').click();
      await panelOf(page).getByTestId('child-table-items').locator('.ant-table-row').first().waitFor();
      await shot(page, `places-code-table-form-${lang}-${width}`);
      await context.close();
    }
  });
