/**
 * Pictures of the permission grids (the tenant's add form, a role's grants, a search in them), the menu
 * form's icon picker and the editor dashboard, in the three languages at 1366 and 390 px
 * (test-output/e2e/polish-*.png). Nothing is compared; general-polish.test.ts asserts the behaviour.
 */
import { LANGS } from '@tagloom/domain/lang.ts';
import { it } from 'vitest';
import { e2eSuite, shot, signedIn } from '../support/browser';
import { grantGrid, menuPath, openIconPicker, screenOf } from '../support/general';
import { openScreen } from '../support/screens';

const suite = e2eSuite();

for (const lang of LANGS)
  for (const width of [1366, 390])
    it(`${lang} at ${width} px: permission grids, menu icons, editor dashboard`, async () => {
      const { page, context } = await signedIn(suite, 'admin', 'admin123', { lang, width, height: width > 800 ? 800 : 844 });
      const name = `${lang}-${width}`;
      await openScreen(page, 'general/tenant');
      await screenOf(page, 'general/tenant').getByTestId('resource-add').click();
      const grid = await grantGrid(page, 'field-menus');
      await grid.locator('[data-testid^="grant-module-toggle-"]').first().click();
      await grid.locator('tr[data-testid^="grant-screen-"]').first().scrollIntoViewIfNeeded();
      await shot(page, `polish-tenant-grid-${name}`);
      await page.goto('/general/role');
      await screenOf(page, 'general/role').getByTestId('role-assign').first().click();
      const roleGrid = await grantGrid(page, 'role-grant-tree');
      await roleGrid.locator('[data-testid^="grant-module-toggle-"]').nth(1).click();
      await roleGrid.locator('tr[data-testid^="grant-screen-"]').first().waitFor();
      await shot(page, `polish-role-grid-${name}`);
      await roleGrid.getByTestId('grant-search').locator('input').fill(menuPath('general/menu', lang).screen);
      await roleGrid.locator('tr[data-testid^="grant-screen-"]').first().waitFor();
      await shot(page, `polish-grant-search-${name}`);
      await page.goto('/general/menu');
      await page.getByTestId('menu-tree').locator('tr[data-level="1"]').first().waitFor();
      await page.getByTestId('menu-add').click();
      const panel = await openIconPicker(page);
      await panel.getByTestId('icon-picker-search').locator('input').fill('shop');
      await shot(page, `polish-menu-icon-${name}`);
      await page.goto('/dashboard/editor');
      await page.getByTestId('dashboard-editor').getByTestId('operation-page').first().waitFor();
      await shot(page, `polish-editor-${name}`);
      await context.close();
    });
