/**
 * Every screen of the menu in English, its add form opened: no catalog key, raw value or Chinese
 * console text on show, no column title cut or wrapped (the catalog check proves the keys match; this proves the screens use them).
 */
import { expect, it } from 'vitest';
import { e2eSuite, keptSignedIn, signedIn } from './support/browser';
import { ACCOUNTS, cutHeaders, languageStories, openScreen, untranslated } from './support/screens';

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
  // and a column title that does not show whole: wrapped in a narrow cell, cut by an ellipsis
  expect(await cutHeaders(page, 'tenant/brand')).toEqual([]);
  await page.evaluate(() => {
    const view = document.querySelector('.screen-view[data-screen="tenant/brand"]')!;
    view.insertAdjacentHTML(
      'beforeend',
      '<table style="table-layout: fixed; width: 200px"><thead><tr><th style="width: 60px; padding: 8px">A long column title</th>' +
        '<th style="width: 140px; padding: 8px"><span class="ant-table-column-title" style="display: block; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; width: 50px">Another long title</span></th></tr></thead></table>',
    );
  });
  const cut = (await cutHeaders(page, 'tenant/brand')).join('\n');
  expect(cut).toMatch(/column title wraps: "A long column title"/);
  expect(cut).toMatch(/column title cut by \d+ px: "Another long title"/);
  await context.close();
});
languageStories(suite, ['en_US'], () => true, { it, expect, keptSignedIn });
