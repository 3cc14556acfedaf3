import type { Lang } from '@tagloom/domain';
import { describe, it } from 'vitest';
import { e2eSuite, signedIn } from './support/browser';
import { screenOf } from './support/general';

const suite = e2eSuite();
const SHOTS: [string, string, string][] = [
  ['warehouse/abnormal-label', 'demo', 'demo123'],
  ['logistics/futures', 'demo', 'demo123'],
  ['warehouse/receiving-check', 'wh01', 'demo1234'],
];
describe('look', () => {
  for (const lang of ['zh_CN', 'zh_TW', 'en_US'] as Lang[])
    for (const width of [1366, 390])
      it(`looks ${lang} ${width}`, async () => {
        for (const [code, user, pass] of SHOTS) {
          const { page, context } = await signedIn(suite, user, pass, { lang, width, height: 900, path: `/${code}` });
          await screenOf(page, code).locator('.ant-table-row').first().waitFor();
          await page.waitForTimeout(800);
          await page.screenshot({ path: `/tmp/look/${code.replace('/', '_')}-${lang}-${width}.png` });
          await context.close();
        }
      });
});
