/**
 * The four logs on the generic FeedPage: a window and filters, "load more" by cursor (no page
 * numbers), the detail drawer; each log lists its rows (their pictures: npm run shots).
 */
import { describe, expect, it } from 'vitest';
import { e2eSuite, signedIn, tokenOf } from './support/browser';
import { apiPost, screenOf } from './support/general';
import { openScreen } from './support/screens';

const suite = e2eSuite();
const LOGS = ['general/log-login', 'general/log-operation', 'general/log-sync', 'general/log-device'] as const;

describe('feeds', () => {
  it('loads more rows by cursor and shows a row in the drawer', async () => {
    const { page, context, errors } = await signedIn(suite, 'admin', 'admin123', { lang: 'en_US', path: '/general/log-device' });
    try {
      const v = screenOf(page, 'general/log-device');
      const rows = v.locator('.ant-table-row');
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(20);
      expect(await v.locator('.ant-pagination').count()).toBe(0);
      await v.getByTestId('log-more').click();
      await expect.poll(() => rows.count()).toBeGreaterThan(20);
      expect(await v.getByTestId('log-shown').textContent()).toMatch(/rows shown/);
      await rows.first().getByTestId('log-details').click();
      const drawer = page.locator('.ant-drawer-section').filter({ hasText: 'Log details' });
      await drawer.waitFor();
      expect(await drawer.textContent()).toContain('Device code');
      // Esc closes it
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('lists rows in each of the four logs, an operation in the operation log', async () => {
    const { page, context, errors } = await signedIn(suite, 'admin', 'admin123', { lang: 'zh_CN' });
    try {
      // an operation for the operation log (queries are none)
      const added = await apiPost(page, await tokenOf(context), '/api/general/tenant-group/create', {
        code: 'FEEDS_E2E',
        name: 'Feeds e2e',
      });
      expect(added.code).toBe(200);
      for (const code of LOGS) {
        await openScreen(page, code);
        await expect.poll(() => screenOf(page, code).locator('.ant-table-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
