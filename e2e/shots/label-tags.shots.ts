/** A tag's lifecycle with its journey (the screen crawl shows the lifecycle empty), in the three languages. */
import { it } from 'vitest';
import { e2eSuite, shot, signedIn, tokenOf } from '../support/browser';
import { apiPost } from '../support/general';
import { LANGS } from '../support/screens';

const suite = e2eSuite();

for (const lang of LANGS)
  it(`a demo tag's lifecycle in ${lang}`, async () => {
    const { page, context } = await signedIn(suite, 'demo', 'demo123', { lang, path: '/label/lifecycle' });
    // the demo's first bound tag: through the warehouse and the store, a sale and a return
    const bound = await apiPost(page, await tokenOf(context), '/api/label/tid-binding/list', {
      tid: 'E28011602000700000000001',
      pageSize: 1,
    });
    await page.getByTestId('lifecycle-input').locator('input').fill(bound.data.list[0].epc);
    await page.getByTestId('lifecycle-input').locator('input').press('Enter');
    await page.getByTestId('lifecycle-event').first().waitFor();
    await shot(page, `label-tags-lifecycle-${lang}`);
    await context.close();
  });
