/**
 * What the screen crawl does not reach on the people screens: a role's grant drawer, permission
 * maintenance with a role chosen and a module open, and the user form with its party kind chosen,
 * at 1366 and 390 px in the three languages.
 */
import { it } from 'vitest';
import { e2eSuite, shot, signedIn } from '../support/browser';
import { panelOf, pick, rowOf } from '../support/general';
import { LANGS, openScreen } from '../support/screens';

const suite = e2eSuite();

for (const lang of LANGS)
  it(`the grant drawer, permission maintenance and the user form in ${lang}`, async () => {
    for (const width of [1366, 390]) {
      const { page, context } = await signedIn(suite, 'demo', 'demo123', {
        lang,
        width,
        height: width > 800 ? 800 : 844,
        path: '/tenant/role',
      });
      await rowOf(page, 'tenant/role', 'STORE_CLERK').first().getByTestId('role-assign').click();
      await page.getByTestId('role-grant-tree').locator('[data-testid^="grant-module-toggle-"]').first().waitFor();
      await shot(page, `people-role-assign-${lang}-${width}`);
      await page.keyboard.press('Escape');
      await page.getByTestId('role-grant-tree').waitFor({ state: 'detached' });
      await openScreen(page, 'tenant/permission');
      await pick(page, page.getByTestId('permission-role'));
      const tree = page.getByTestId('permission-tree');
      await tree.locator('[data-testid^="grant-module-toggle-"]').first().click();
      await shot(page, `people-permission-${lang}-${width}`);
      await openScreen(page, 'tenant/user');
      await page.locator('.screen-view[data-screen="tenant/user"]').getByTestId('resource-add').click();
      await panelOf(page).waitFor();
      await pick(page, page.getByTestId('field-partyKind'));
      await shot(page, `people-user-form-${lang}-${width}`);
      await context.close();
    }
  });
