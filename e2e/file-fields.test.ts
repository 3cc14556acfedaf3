/**
 * The file field on the version screens, as a user sees it: the new-version dialog with its file
 * picked and uploaded, the list with the file, and the replace dialog — desktop (1366) and phone
 * (390) wide, in the three languages. A picked file of the wrong kind is refused before sending.
 */
import type { Lang } from '@tagloom/domain/lang.ts';
import { describe, expect, it } from 'vitest';
import { e2eSuite, login, newSession, shot } from './support/browser';
import { openFromMenu, screenOf } from './support/general';

const suite = e2eSuite();
const LANGS: Lang[] = ['zh_CN', 'zh_TW', 'en_US'];

describe('version screens on the file field', () => {
  for (const [i, lang] of LANGS.entries())
    it(`general/version-java (${lang}): new version with its file, list, replace — 1366 and 390 wide`, async () => {
      for (const width of [1366, 390]) {
        const { page, errors, context } = await newSession(suite.browser, suite.server.url, {
          lang,
          width,
          height: width > 500 ? 800 : 844,
        });
        await login(page, 'admin', 'admin123');
        // the phone layout folds the module bar away: open the screen by its address there
        if (width > 500) await openFromMenu(page, 'general/version-java', lang);
        else await page.goto('/general/version-java');
        const s = screenOf(page, 'general/version-java');
        await s.getByTestId('resource-table').waitFor();
        await s.getByTestId('version-new').click();
        const form = page.getByTestId('version-form');
        await form.waitFor();
        const input = page.getByTestId('version-upload').locator('input[type=file]');
        await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
        await expect.poll(() => page.getByTestId('version-file-error').textContent()).toContain('.jar');
        const tag = `${lang}-${width}`;
        await form.getByTestId('field-softwareName').fill(`Files ${tag}`);
        await form.getByTestId('field-softwareCode').fill(`files.${i}.${width}`);
        await form.getByTestId('field-versionName').fill(`Files ${tag}`);
        await form.getByTestId('field-versionNumber').fill(String(10 + width));
        const jar = Buffer.concat([Buffer.from('PK\x03\x04', 'binary'), Buffer.from(tag), Buffer.alloc(4000, 5)]);
        await input.setInputFiles({ name: `service-${tag}.jar`, mimeType: 'application/java-archive', buffer: jar });
        await expect.poll(() => page.getByTestId('version-upload').textContent()).toContain(`service-${tag}.jar`);
        await expect.poll(() => page.getByTestId('version-upload').locator('.ant-upload-list-item-uploading').count()).toBe(0);
        await shot(page, `files-version-new-${tag}`);
        await page.getByTestId('version-upload-save').click();
        await form.waitFor({ state: 'hidden' });
        const row = s.locator('.ant-table-row').filter({ hasText: `Files ${tag}` });
        await expect.poll(() => row.getByTestId('version-file').textContent(), { timeout: 15_000 }).toContain(`service-${tag}.jar`);
        await shot(page, `files-version-list-${tag}`);
        await row.getByTestId('version-replace').click();
        await page.getByTestId('version-upload').waitFor();
        await shot(page, `files-version-replace-${tag}`);
        expect(errors).toEqual([]);
        await context.close();
      }
    });
});
