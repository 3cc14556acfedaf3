/**
 * Pictures of the tenant-group screen's states the screen crawl (screens.shots.ts) does not reach: an
 * import's error list and a data source's failed connection test, in zh_CN and en_US at 1366 and 390 px
 * (test-output/e2e/general-*.png). Nothing is compared; general.test.ts asserts the behaviour.
 */
import type { Lang } from '@tagloom/domain/lang.ts';
import { it } from 'vitest';
import { workbookWithOneBadRow } from '../support/a-generic';
import { e2eSuite, shot, signedIn, tokenOf } from '../support/browser';
import { apiPost, panelOf, screenOf } from '../support/general';

const suite = e2eSuite();

for (const lang of ['zh_CN', 'en_US'] as Lang[])
  for (const width of [1366, 390])
    it(`${lang} at ${width} px: an import's errors, a failed connection test`, async () => {
      const height = width > 800 ? 800 : 844;
      const { page, context } = await signedIn(suite, 'admin', 'admin123', { lang, width, height, path: '/general/tenant-group' });
      const s = screenOf(page, 'general/tenant-group');
      await s.getByTestId('resource-import').click();
      const modal = page.locator('.resource-import .ant-modal');
      await modal.locator('input[type=file]').setInputFiles({
        name: 'groups.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: workbookWithOneBadRow(lang),
      });
      await modal.getByTestId('import-start').click();
      await modal.getByTestId('import-errors').waitFor();
      await shot(page, `general-tenant-group-import-${lang}-${width}`);

      const name = `Dead end ${lang} ${width}`;
      await apiPost(page, await tokenOf(context), '/api/general/data-source/create', { name, address: '127.0.0.1:1/none', userName: 'x' });
      await page.goto('/general/data-source');
      const row = screenOf(page, 'general/data-source').locator('.ant-table-row').filter({ hasText: name });
      await row.getByTestId('data-source-test').click();
      await page.locator('.ant-modal-confirm-error').waitFor();
      await shot(page, `general-data-source-test-${lang}-${width}`);
      await page.locator('.ant-modal-confirm-error .ant-btn').click();
      await screenOf(page, 'general/data-source').getByTestId('resource-add').click();
      await panelOf(page).waitFor();
      await context.close();
    });
