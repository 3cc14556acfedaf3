/**
 * Every screen of the menu in English, its add form opened: no catalog key, raw value or Chinese
 * console text on show (the catalog check proves the keys match; this proves the screens use them).
 */
import { expect, it } from 'vitest';
import { e2eSuite, keptSignedIn, signedIn } from './support/browser';
import { ACCOUNTS, languageStories, openScreen, untranslated } from './support/screens';

const suite = e2eSuite();

it('the check finds a catalog key, a raw value and Chinese console text when a screen shows them', async () => {
  const { page, context } = await signedIn(suite, ACCOUNTS.tenant.username, ACCOUNTS.tenant.password, { lang: 'en_US' });
  await openScreen(page, 'tenant/brand');
  expect(await untranslated(page, 'en_US')).toEqual([]);
  await page.evaluate(() => {
    const view = document.querySelector('.screen-view[data-screen="tenant/brand"]')!;
    view.insertAdjacentHTML('beforeend', '<p>tags.bindTitle</p><p>total: undefined</p><button>品牌</button>');
  });
  const found = await untranslated(page, 'en_US');
  expect(found.join('\n')).toMatch(/catalog key shown as text: tags\.bindTitle/);
  expect(found.join('\n')).toMatch(/raw value "undefined"/);
  expect(found.join('\n')).toMatch(/Chinese in the English console: "品牌"/);
  await context.close();
});
languageStories(suite, ['en_US'], () => true, { it, expect, keptSignedIn });
