/**
 * The four logs on the generic FeedPage: a window and filters, "load more" by cursor (no page
 * numbers), the detail drawer; screenshots at 1366 and 390 px in the three languages.
 */
import type { Lang } from '@tagloom/domain/lang.ts';
import { describe, expect, it } from 'vitest';
import { e2eSuite, login, newSession, shot, tokenOf } from './support/browser';
import { apiPost, openFromMenu, screenOf } from './support/general';

const suite = e2eSuite();
const LOGS = ['general/log-login', 'general/log-operation', 'general/log-sync', 'general/log-device'] as const;
const LANGS: Lang[] = ['zh_CN', 'zh_TW', 'en_US'];

describe('feeds', () => {
  it('loads more rows by cursor and shows a row in the drawer', async () => {
    const { page, context, errors } = await newSession(suite.browser, suite.server.url, { lang: 'en_US', width: 1366 });
    try {
      await login(page, 'admin', 'admin123');
      await openFromMenu(page, 'general/log-device', 'en_US');
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
      await page.keyboard.press('Escape');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('screenshots of the four logs, 1366 and 390 px, three languages', { timeout: 400_000 }, async () => {
    let wrote = false;
    for (const lang of LANGS)
      for (const width of [1366, 390]) {
        const { page, context, errors } = await newSession(suite.browser, suite.server.url, { lang, width });
        try {
          await login(page, 'admin', 'admin123');
          if (!wrote) {
            // an operation for the operation log (queries are none)
            const added = await apiPost(page, await tokenOf(context), '/api/general/tenant-group/create', {
              code: 'FEEDS_E2E',
              name: 'Feeds e2e',
            });
            expect(added.code).toBe(200);
            wrote = true;
          }
          for (const code of LOGS) {
            await page.goto(`/${code}`);
            const v = screenOf(page, code);
            await expect.poll(() => v.locator('.ant-table-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
            await shot(page, `feeds-${code.replace('general/', '')}-${lang}-${width}`);
          }
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      }
  });
});
