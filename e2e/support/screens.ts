/**
 * Every screen of the menu tree as a browser story meets it: who signs in to see it, how to open it
 * straight by its address, and what on it would betray an untranslated text or a raw value.
 */
import { webScreensCatalog, webShellCatalog } from '@tagloom/domain/i18n/load-web.ts';
import type { Lang } from '@tagloom/domain/lang.ts';
import { MENU_TREE } from '@tagloom/domain/menu/tree.ts';
import type { Side } from '@tagloom/domain/menu/types.ts';
import type { Page } from 'playwright-core';
import { screenOf } from './general';

export const LANGS: Lang[] = ['zh_CN', 'zh_TW', 'en_US'];

/** The demo accounts a screen is opened with: the platform's admin, or the DEMO tenant's admin. */
export const ACCOUNTS = {
  platform: { username: 'admin', password: 'admin123' },
  tenant: { username: 'demo', password: 'demo123' },
} as const;

export interface MenuScreen {
  code: string;
  module: string;
  side: Side;
  /** the account that has the screen in its menu */
  account: (typeof ACCOUNTS)[keyof typeof ACCOUNTS];
}

/** The menu's screens (not its hidden sub-pages, which need a row to open on), module by module. */
export const MENU_SCREENS: MenuScreen[] = MENU_TREE.flatMap((m) =>
  m.groups.flatMap((g) =>
    g.screens
      .filter((s) => !s.hidden)
      .map((s) => ({
        code: s.component,
        module: m.code,
        side: s.side,
        account: s.side === 'P' ? ACCOUNTS.platform : ACCOUNTS.tenant,
      })),
  ),
);

/**
 * Opens a screen by its address and waits until its view and data are shown. In a console already
 * loaded the address changes in place (as the browser's back and forward buttons do: the router
 * follows the history), so the console is not loaded again for every screen.
 */
export async function openScreen(page: Page, code: string) {
  if (await page.getByTestId('navbar').count()) {
    await page.evaluate((path) => {
      history.pushState(null, '', path);
      dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, `/${code}`);
  } else await page.goto(`/${code}`);
  await screenOf(page, code).waitFor();
  await settled(page, code);
}

/** Waits until no spinner turns and no table is loading on the screen (kept-alive screens behind it aside). */
export async function settled(page: Page, code: string) {
  const spinning = (screen: string) =>
    [...document.querySelectorAll(`.screen-view[data-screen="${screen}"] :is(.ant-spin-spinning, .ant-skeleton-active)`)]
      .filter((el) => el.checkVisibility())
      .map((el) => el.closest('[data-testid]')?.getAttribute('data-testid') ?? el.className);
  await page
    .waitForFunction(
      (screen) => {
        const busy = [...document.querySelectorAll(`.screen-view[data-screen="${screen}"] :is(.ant-spin-spinning, .ant-skeleton-active)`)];
        return !busy.some((el) => el.checkVisibility());
      },
      code,
      { timeout: 30_000 },
    )
    .catch(async (err: Error) => {
      err.message = `${code} still loading after 30 s: ${(await page.evaluate(spinning, code)).join(', ')}\n${err.message}`;
      throw err;
    });
}

/** Every key of the console's catalogs (dotted paths to a text), in any language. */
const CATALOG_KEYS: ReadonlySet<string> = (() => {
  const keys = new Set<string>();
  const walk = (node: unknown, path: string) => {
    if (typeof node === 'string') {
      if (path.includes('.')) keys.add(path);
    } else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) walk(v, path ? `${path}.${k}` : k);
    }
  };
  for (const lang of LANGS) {
    walk(webShellCatalog(lang), '');
    walk(webScreensCatalog(lang), '');
  }
  return keys;
})();

/** Values that only show when code printed a missing value or an object. */
const RAW_VALUES = /\b(undefined|NaN|Invalid Date|null)\b|\[object Object\]/;
/** Han characters: in English, the console's own texts (not the data) have none. */
const HAN = /\p{Script=Han}/u;

/**
 * What on the page betrays an untranslated text or a raw value: a catalog key shown as text anywhere,
 * `undefined`/`NaN`/`[object Object]` anywhere, and in English a Chinese text in the console's own
 * chrome (column titles, buttons, form labels, tabs, menus, placeholders, empty states).
 */
export async function untranslated(page: Page, lang: Lang): Promise<string[]> {
  const found = await page.evaluate(
    ({ english }) => {
      const text = document.body.innerText;
      const chrome: string[] = [];
      if (english) {
        const selectors = [
          'th',
          'button',
          '.ant-form-item-label',
          '.ant-tabs-tab',
          '.ant-menu-title-content',
          '.ant-empty-description',
          '.ant-card-head-title',
          '.ant-statistic-title',
          '.ant-select-selection-placeholder',
          '.ant-breadcrumb',
          '.ant-radio-button-wrapper',
        ];
        for (const el of document.querySelectorAll<HTMLElement>(selectors.join(','))) {
          // the data a user entered may be in any language: a row's own text, the signed-in account's names
          if (el.closest('.ant-table-tbody, [data-user-text], .ant-select-selection-item')) continue;
          if (el.checkVisibility()) chrome.push(el.innerText.trim());
        }
        for (const el of document.querySelectorAll<HTMLInputElement>('input[placeholder], textarea[placeholder]'))
          if (el.checkVisibility()) chrome.push(el.placeholder);
      }
      return { text, chrome };
    },
    { english: lang === 'en_US' },
  );
  const problems: string[] = [];
  const raw = RAW_VALUES.exec(found.text);
  if (raw) problems.push(`raw value "${raw[0]}" in: ${context(found.text, raw.index)}`);
  for (const token of found.text.split(/[\s,;:()[\]{}"'“”‘’「」（）：，。、|]+/)) {
    if (CATALOG_KEYS.has(token)) problems.push(`catalog key shown as text: ${token}`);
  }
  for (const t of found.chrome) if (HAN.test(t)) problems.push(`Chinese in the English console: "${t.slice(0, 80)}"`);
  return [...new Set(problems)];
}

/**
 * The column titles of `code`'s tables that do not show whole: cut (an ellipsis, or text past the
 * cell's edge) or wrapped onto a second line. A title's text is measured where it is laid out, against
 * the box that clips it (the title beside a sorter, else the header cell inside its padding).
 */
export async function cutHeaders(page: Page, code: string): Promise<string[]> {
  return page.evaluate((screen) => {
    const cut: string[] = [];
    for (const th of document.querySelectorAll<HTMLElement>(`.screen-view[data-screen="${screen}"] th`)) {
      if (!th.checkVisibility()) continue;
      const texts: Text[] = [];
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.textContent?.trim()) texts.push(n as Text);
      if (!texts.length) continue;
      const range = document.createRange();
      range.setStartBefore(texts[0]);
      range.setEndAfter(texts[texts.length - 1]);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      const style = getComputedStyle(th);
      const box = th.getBoundingClientRect();
      let right = box.right - Number.parseFloat(style.paddingRight);
      const title = texts[0].parentElement?.closest<HTMLElement>('.ant-table-column-title');
      if (title) right = Math.min(right, title.getBoundingClientRect().right);
      const lines = new Set(rects.map((r) => Math.round(r.bottom))).size;
      const over = Math.max(...rects.map((r) => r.right)) - right;
      const text = texts
        .map((t) => t.textContent)
        .join('')
        .trim();
      if (lines > 1) cut.push(`column title wraps: "${text}"`);
      else if (over > 1) cut.push(`column title cut by ${Math.round(over)} px: "${text}"`);
    }
    return cut;
  }, code);
}

const context = (text: string, at: number) => JSON.stringify(text.slice(Math.max(0, at - 40), at + 40));

/**
 * The language stories of one file: for each module, one story per language that opens the module's
 * screens (those `covers` gives that language), and its add form where it has one, and fails on what
 * `untranslated` finds. Behaviour is proven by the other stories, in one language each; these prove
 * every screen reads whole in every language the file is given.
 */
export function languageStories(
  suite: { readonly server: import('./server').RunningServer; readonly browser: import('playwright-core').Browser },
  langs: Lang[],
  covers: (screen: MenuScreen, index: number, lang: Lang) => boolean,
  story: { it: typeof import('vitest').it; expect: typeof import('vitest').expect; keptSignedIn: typeof import('./browser').keptSignedIn },
) {
  const { it, expect, keptSignedIn } = story;
  for (const lang of langs) {
    for (const m of MENU_TREE) {
      const screens = MENU_SCREENS.filter((s) => s.module === m.code).filter((s, i) => covers(s, i, lang));
      if (!screens.length) continue;
      it(`${m.code} in ${lang}: every screen reads whole, no key or raw value on show`, async () => {
        const problems: string[] = [];
        for (const account of new Set(screens.map((s) => s.account))) {
          const mine = screens.filter((x) => x.account === account);
          // the file's session of the account in this language: the module's screens open in it
          const { page } = await keptSignedIn(suite, account.username, account.password, { lang, path: `/${mine[0].code}` });
          for (const s of mine) {
            const t0 = Date.now();
            await openScreen(page, s.code);
            if (process.env.E2E_TRACE) console.log(`${lang} ${s.code} ${Date.now() - t0} ms`);
            problems.push(...(await untranslated(page, lang)).map((p) => `${s.code}: ${p}`));
            problems.push(...(await cutHeaders(page, s.code)).map((p) => `${s.code}: ${p}`));
            const add = screenOf(page, s.code).getByTestId('resource-add');
            if (lang === 'en_US' && (await add.count()) && (await add.first().isEnabled())) {
              await add.first().click();
              const panel = page
                .locator('.resource-form-panel .ant-modal, .resource-form-panel .ant-drawer-section')
                .filter({ visible: true });
              await panel.first().waitFor();
              problems.push(...(await untranslated(page, lang)).map((p) => `${s.code} add form: ${p}`));
              // closed again, as a user leaves it (the next screen opens in the same page)
              await panel.first().getByTestId('resource-form-cancel').click();
              await panel.first().waitFor({ state: 'hidden' });
            }
          }
        }
        expect(problems).toEqual([]);
      }, 240_000);
    }
  }
}
