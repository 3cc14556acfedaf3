/**
 * The import dialog's job states, which the screen crawl does not reach: running with Cancel, and
 * cancelled, at 1366 and 390 px in the three languages; a finished import's report and "My jobs" in English.
 */
import type { Lang } from '@tagloom/domain/lang.ts';
import type { Page } from 'playwright-core';
import { it } from 'vitest';
import { CODE, workbook } from '../support/b-jobs';
import { e2eSuite, shot, signedIn } from '../support/browser';
import { screenOf } from '../support/general';
import { LANGS } from '../support/screens';

const suite = e2eSuite();

/** Opens the import dialog and starts importing `rows` rows; returns the dialog. */
async function importing(page: Page, lang: Lang, rows: number, tag: string) {
  const s = screenOf(page, CODE);
  await s.getByTestId('resource-table').locator('.ant-table-row').first().waitFor();
  await s.getByTestId('resource-import').click();
  const modal = page.locator('.resource-import .ant-modal');
  await modal.locator('input[type=file]').setInputFiles({
    name: 'groups.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: workbook(lang, rows, tag),
  });
  await modal.getByTestId('import-start').click();
  return modal;
}

for (const lang of LANGS)
  it(`an import running and cancelled in ${lang}`, async () => {
    for (const width of [1366, 390]) {
      const { page, context } = await signedIn(suite, 'admin', 'admin123', {
        lang,
        width,
        height: width > 800 ? 800 : 844,
        path: `/${CODE}`,
      });
      const modal = await importing(page, lang, 20_000, `S${lang.slice(3)}${width}X`);
      await modal.locator('[data-testid=job-progress][data-state=running]').waitFor({ timeout: 60_000 });
      await shot(page, `jobs-import-progress-${lang}-${width}`);
      await modal.getByTestId('job-cancel').click();
      await modal.locator('[data-testid=job-progress][data-state=cancelled]').waitFor({ timeout: 60_000 });
      await shot(page, `jobs-import-cancelled-${lang}-${width}`);
      await context.close();
    }
  });

it('a finished import and My jobs in en_US', async () => {
  const { page, context } = await signedIn(suite, 'admin', 'admin123', { lang: 'en_US', path: `/${CODE}` });
  const modal = await importing(page, 'en_US', 30, 'SHOTOK');
  await modal.locator('[data-testid=job-progress][data-state=done]').waitFor({ timeout: 150_000 });
  await shot(page, 'jobs-import-done-en_US-1366');
  await modal.getByTestId('import-close').click();
  await page.getByTestId('jobs-button').click();
  await page.getByTestId('jobs-popover').getByTestId('jobs-item').first().waitFor();
  await shot(page, 'jobs-popover-en_US-1366');
  await context.close();
});
