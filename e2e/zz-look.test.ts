import { describe, it } from 'vitest';
import { e2eSuite, signedIn } from './support/browser';
import { screenOf } from './support/general';

const suite = e2eSuite();
const SCREENS = [
  'warehouse/receiving-check',
  'warehouse/box',
  'logistics/asn-binding',
  'warehouse/goods-received',
  'logistics/receipt-review',
  'warehouse/pad-review',
  'warehouse/log',
  'warehouse/permission',
];
describe('look', () => {
  for (const lang of ['zh_CN', 'zh_TW', 'en_US'])
    for (const width of [1366, 390])
      it(`${lang} ${width}`, async () => {
        const { page, context } = await signedIn(suite, 'wh01', 'demo1234', {
          lang,
          width,
          height: width > 400 ? 800 : 844,
          path: `/${SCREENS[0]}`,
        });
        try {
          for (const code of SCREENS) {
            await page.goto(`${suite.server.url}/${code}`);
            await screenOf(page, code)
              .locator('.ant-table-row')
              .first()
              .waitFor({ timeout: 20_000 })
              .catch(() => undefined);
            await page.screenshot({ path: `/tmp/look/${code.replace('/', '_')}-${lang}-${width}.png` });
          }
        } finally {
          await context.close();
        }
      }, 120_000);
});
