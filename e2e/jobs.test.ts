/**
 * Imports and exports as jobs in the console: the import dialog shows the job's phase and a
 * progress bar with Cancel (a cancelled import keeps nothing), a finished one its report; the export
 * dialog follows its job, then the workbook downloads; "My jobs" lists them. (Headers in each
 * language are read by the server's tests; the dialogs' pictures: shots/jobs.shots.ts.)
 */
import { describe, expect, it } from 'vitest';
import { CODE, workbook } from './support/b-jobs';
import { e2eSuite, signedIn, tokenOf } from './support/browser';
import { apiPost, screenOf } from './support/general';

const suite = e2eSuite();

describe('imports and exports as jobs', () => {
  // the 20,000 rows are read and checked before the job runs: minutes on a busy machine
  it("shows an import's progress and cancels it; the cancelled import keeps nothing", { timeout: 180_000 }, async () => {
    const { page, context } = await signedIn(suite, 'admin', 'admin123', { lang: 'zh_CN', path: `/${CODE}` });
    try {
      const s = screenOf(page, CODE);
      await s.getByTestId('resource-table').locator('.ant-table-row').first().waitFor();
      const token = await tokenOf(context);
      const tag = 'JCNX';
      await s.getByTestId('resource-import').click();
      const modal = page.locator('.resource-import .ant-modal');
      await modal.locator('input[type=file]').setInputFiles({
        name: 'groups.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: workbook('zh_CN', 20_000, tag),
      });
      await modal.getByTestId('import-start').click();
      const progress = modal.locator('[data-testid=job-progress][data-state=running]');
      await progress.waitFor({ timeout: 60_000 });
      await modal.getByTestId('job-cancel').click();
      await modal.locator('[data-testid=job-progress][data-state=cancelled]').waitFor({ timeout: 60_000 });
      await modal.getByTestId('import-result').waitFor();
      const left = await apiPost(page, token, `/api/${CODE}/list`, { page: 1, pageSize: 1, code: tag });
      expect(left.data.total).toBe(0);
    } finally {
      await context.close();
    }
  });

  // a busy machine runs the 300-row import slowly: the states are waited for, within generous bounds
  it('imports a file to the end, exports as a job that downloads, and lists both under My jobs', { timeout: 300_000 }, async () => {
    const { page, context } = await signedIn(suite, 'admin', 'admin123', { lang: 'en_US', path: `/${CODE}` });
    try {
      const s = screenOf(page, CODE);
      await s.getByTestId('resource-table').locator('.ant-table-row').first().waitFor();
      await s.getByTestId('resource-import').click();
      const modal = page.locator('.resource-import .ant-modal');
      await modal.locator('input[type=file]').setInputFiles({
        name: 'groups.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: workbook('en_US', 300, 'JOBOK'),
      });
      await modal.getByTestId('import-start').click();
      await modal.locator('[data-testid=job-progress][data-state=done]').waitFor({ timeout: 150_000 });
      expect(await modal.getByTestId('import-result').textContent()).toMatch(/Imported 300 rows/);
      await modal.getByTestId('import-close').click();

      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), s.getByTestId('resource-export').click()]);
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
      await page.locator('[data-testid=export-job]').waitFor({ state: 'detached' });

      await page.getByTestId('jobs-button').click();
      const list = page.getByTestId('jobs-popover');
      await list.getByTestId('jobs-item').first().waitFor();
      expect(await list.getByTestId('jobs-item').count()).toBeGreaterThanOrEqual(2);
    } finally {
      await context.close();
    }
  });
});
