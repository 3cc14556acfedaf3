/**
 * The file field on the version screens: the new-version dialog with its file picked and uploaded,
 * the list with the file, and the replace dialog. A picked file of the wrong kind is refused before
 * sending. (The dialogs' pictures, 1366 and 390 px in the three languages: shots/file-fields.shots.ts.)
 */
import { describe, expect, it } from 'vitest';
import { e2eSuite, signedIn } from './support/browser';
import { screenOf } from './support/general';

const suite = e2eSuite();

describe('version screens on the file field', () => {
  it('general/version-java: new version with its file, list, replace', async () => {
    const { page, errors, context } = await signedIn(suite, 'admin', 'admin123', { lang: 'zh_CN', path: '/general/version-java' });
    const s = screenOf(page, 'general/version-java');
    await s.getByTestId('resource-table').waitFor();
    await s.getByTestId('version-new').click();
    const form = page.getByTestId('version-form');
    await form.waitFor();
    const input = page.getByTestId('version-upload').locator('input[type=file]');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect.poll(() => page.getByTestId('version-file-error').textContent()).toContain('.jar');
    await form.getByTestId('field-softwareName').fill('Files e2e');
    await form.getByTestId('field-softwareCode').fill('files.e2e');
    await form.getByTestId('field-versionName').fill('Files e2e');
    await form.getByTestId('field-versionNumber').fill('1376');
    const jar = Buffer.concat([Buffer.from('PK\x03\x04', 'binary'), Buffer.from('e2e'), Buffer.alloc(4000, 5)]);
    await input.setInputFiles({ name: 'service-e2e.jar', mimeType: 'application/java-archive', buffer: jar });
    await expect.poll(() => page.getByTestId('version-upload').textContent()).toContain('service-e2e.jar');
    await expect.poll(() => page.getByTestId('version-upload').locator('.ant-upload-list-item-uploading').count()).toBe(0);
    await page.getByTestId('version-upload-save').click();
    await form.waitFor({ state: 'hidden' });
    const row = s.locator('.ant-table-row').filter({ hasText: 'Files e2e' });
    await expect.poll(() => row.getByTestId('version-file').textContent(), { timeout: 15_000 }).toContain('service-e2e.jar');
    // the row's replace opens the dialog for that version
    await row.getByTestId('version-replace').click();
    await page.getByTestId('version-upload').waitFor();
    await expect.poll(() => page.locator('.ant-modal-title').filter({ visible: true }).textContent()).toContain('Files e2e');
    expect(errors).toEqual([]);
    await context.close();
  });
});
