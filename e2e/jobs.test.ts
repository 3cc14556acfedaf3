/**
 * Imports and exports as jobs in the console: the import dialog shows the job's phase and a
 * progress bar with Cancel (a cancelled import keeps nothing), a finished one its report; the export
 * dialog follows its job, then the workbook downloads; "My jobs" lists them. Photographed in the
 * three languages at 1366 and 390 px.
 */
import * as XLSX from '@e965/xlsx';
import type { Lang } from '@tagloom/domain/lang.ts';
import { describe, expect, it } from 'vitest';
import { e2eSuite, login, newSession, shot, tokenOf } from './support/browser';
import { apiPost, screenOf } from './support/general';

const suite = e2eSuite();
const CODE = 'general/tenant-group';
const HEADER: Record<Lang, string[]> = {
  zh_CN: ['组编号', '组名称', '状态'],
  zh_TW: ['群組編號', '群組名稱', '狀態'],
  en_US: ['Group code', 'Group name', 'Status'],
};

function workbook(lang: Lang, rows: number, tag: string): Buffer {
  const data = [HEADER[lang], ...Array.from({ length: rows }, (_, i) => [`${tag}${i}`, `${tag} group ${i}`, 1])];
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(data), 'Sheet1');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

describe('imports and exports as jobs', () => {
  for (const lang of ['zh_CN', 'zh_TW', 'en_US'] as Lang[]) {
    for (const width of [1366, 390]) {
      it(`shows an import's progress and cancels it, in ${lang} at ${width}px`, async () => {
        const { page, context } = await newSession(suite.browser, suite.server.url, { lang, width, height: width > 800 ? 800 : 844 });
        try {
          await login(page, 'admin', 'admin123');
          await page.goto(`/${CODE}`);
          const s = screenOf(page, CODE);
          await s.getByTestId('resource-table').locator('.ant-table-row').first().waitFor();
          const token = await tokenOf(context);
          const tag = `J${lang.slice(3)}${width}X`;
          await s.getByTestId('resource-import').click();
          const modal = page.locator('.resource-import .ant-modal');
          await modal.locator('input[type=file]').setInputFiles({
            name: 'groups.xlsx',
            mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            buffer: workbook(lang, 20_000, tag),
          });
          await modal.getByTestId('import-start').click();
          const progress = modal.locator('[data-testid=job-progress][data-state=running]');
          await progress.waitFor({ timeout: 60_000 });
          await modal.getByTestId('job-cancel').waitFor();
          await shot(page, `jobs-import-progress-${lang}-${width}`);
          await modal.getByTestId('job-cancel').click();
          await modal.locator('[data-testid=job-progress][data-state=cancelled]').waitFor({ timeout: 60_000 });
          await modal.getByTestId('import-result').waitFor();
          await shot(page, `jobs-import-cancelled-${lang}-${width}`);
          const left = await apiPost(page, token, `/api/${CODE}/list`, { page: 1, pageSize: 1, code: tag });
          expect(left.data.total).toBe(0);
        } finally {
          await context.close();
        }
      });
    }
  }

  // a busy machine runs the 300-row import slowly: the states are waited for, within generous bounds
  it('imports a file to the end, exports as a job that downloads, and lists both under My jobs', { timeout: 300_000 }, async () => {
    const { page, context } = await newSession(suite.browser, suite.server.url, { lang: 'en_US' });
    try {
      await login(page, 'admin', 'admin123');
      await page.goto(`/${CODE}`);
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
      await shot(page, 'jobs-import-done-en_US-1366');
      await modal.getByTestId('import-close').click();

      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), s.getByTestId('resource-export').click()]);
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
      await page.locator('[data-testid=export-job]').waitFor({ state: 'detached' });

      await page.getByTestId('jobs-button').click();
      const list = page.getByTestId('jobs-popover');
      await list.getByTestId('jobs-item').first().waitFor();
      expect(await list.getByTestId('jobs-item').count()).toBeGreaterThanOrEqual(2);
      await shot(page, 'jobs-popover-en_US-1366');
    } finally {
      await context.close();
    }
  });
});
