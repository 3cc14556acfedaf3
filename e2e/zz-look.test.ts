import { describe, it } from 'vitest';
import { e2eSuite, signedIn } from './support/browser';
import { screenOf } from './support/general';
import { openScreen } from './support/screens';

const suite = e2eSuite();
describe('look', () => {
  for (const lang of ['zh_CN', 'zh_TW', 'en_US'] as const)
    for (const width of [1366, 390])
      it(`${lang} ${width}`, async () => {
        const { page, context } = await signedIn(suite, 'demo', 'demo123', { lang, width, height: width < 600 ? 780 : 800 });
        await openScreen(page, 'warehouse/bill');
        await screenOf(page, 'warehouse/bill').locator('.ant-table-row').first().waitFor();
        await page.screenshot({ path: `/tmp/look/bill-${lang}-${width}.png` });
        if (width === 1366) {
          await screenOf(page, 'warehouse/bill').getByTestId('resource-add').click();
          await page.waitForTimeout(1000);
          await page.screenshot({ path: `/tmp/look/bill-add-${lang}.png`, fullPage: true });
        }
        await context.close();
      });
});
