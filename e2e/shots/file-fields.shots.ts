/**
 * The version screens' file dialogs, which the screen crawl does not open: the new-version dialog
 * with a file picked and uploaded, and a version's replace dialog, at 1366 and 390 px in the three languages.
 */
import { it } from 'vitest';
import { e2eSuite, shot, signedIn } from '../support/browser';
import { screenOf } from '../support/general';
import { LANGS } from '../support/screens';

const suite = e2eSuite();
const CODE = 'general/version-java';

for (const lang of LANGS)
  it(`the new-version and replace dialogs in ${lang}`, async () => {
    for (const width of [1366, 390]) {
      const { page, context } = await signedIn(suite, 'admin', 'admin123', {
        lang,
        width,
        height: width > 500 ? 800 : 844,
        path: `/${CODE}`,
      });
      const s = screenOf(page, CODE);
      await s.locator('.ant-table-row').first().waitFor();
      await s.getByTestId('version-new').click();
      const jar = Buffer.concat([Buffer.from('PK\x03\x04', 'binary'), Buffer.alloc(4000, 5)]);
      await page
        .getByTestId('version-upload')
        .locator('input[type=file]')
        .setInputFiles({ name: 'service.jar', mimeType: 'application/java-archive', buffer: jar });
      await page.getByTestId('version-upload').locator('.ant-upload-list-item-done').waitFor();
      await shot(page, `files-version-new-${lang}-${width}`);
      await page.keyboard.press('Escape');
      await page.getByTestId('version-form').waitFor({ state: 'hidden' });
      await s.locator('.ant-table-row').first().getByTestId('version-replace').click();
      await page.getByTestId('version-upload').waitFor();
      await shot(page, `files-version-replace-${lang}-${width}`);
      await context.close();
    }
  });
