/**
 * The fitting-room reports (issue 32, ../shared/operations.md §8): store01 reads its store's top
 * ranking over the demo's two weeks of cabin sessions — the chart, a row of the table, its store's
 * rules — and ranks by tried-not-bought instead; the sessions' screen shows the same rules line.
 */

import type { Lang } from '@tagloom/domain';
import { describe, expect, it } from 'vitest';
import { e2eSuite, keptSignedIn } from './support/browser';
import { screenOf, webText } from './support/general';

const suite = e2eSuite();

describe('fitting-room reports', () => {
  it('store01 sees what its store’s shoppers tried most, then what they tried and left', async () => {
    const lang: Lang = 'en_US';
    const code = 'smart-store/top';
    const { page } = await keptSignedIn(suite, 'store01', 'demo1234', { lang, path: `/${code}` });
    const s = screenOf(page, code);
    const table = s.getByTestId('fitting-top-table');
    await expect.poll(() => table.locator('.ant-table-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => s.getByTestId('chart-fitting-top').getAttribute('data-drawn'), { timeout: 15_000 }).toBe('1');
    // its own store's rules, and no store picker (it sees one store)
    expect(await s.getByTestId('fitting-rules').textContent()).toMatch(/try-on ≥ \d+ s/);
    expect(await s.getByTestId('fitting-store').count()).toBe(0);
    await s.getByTestId('fitting-top-by').getByText(webText(lang, 'fittingReports.by.triedNotBought')).click();
    await expect.poll(() => s.getByTestId('chart-fitting-top').getAttribute('data-drawn'), { timeout: 15_000 }).toBe('1');
    await expect.poll(() => table.locator('.ant-table-row').count()).toBeGreaterThan(0);
    const header = await table.locator('thead').textContent();
    expect(header).toContain(webText(lang, 'fittingReports.col.triedNotBought'));
    // the sessions' screen shows the same rules line, its store's
    await page.goto('/smart-store/data');
    const data = screenOf(page, 'smart-store/data');
    await expect.poll(() => data.getByTestId('fitting-rules').textContent()).toMatch(/Rules — .*: try-on ≥ \d+ s/);
  });
});
