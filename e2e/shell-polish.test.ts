/**
 * Browser stories for the shell a new user meets: the tag bar with many open pages (active tag in view,
 * the "more" list, tags kept across a reload, the cap on cached views), the accordion side menu with
 * its fixed logo and tooltips on cut labels, the menu search (Ctrl-K), the fullscreen tooltip, and the
 * settings drawer's labels in the three languages. Screenshots at 1366 and 390 px in each language.
 */
import type { Lang } from '@tagloom/domain/lang.ts';
import { MENU_TYPE, type MenuItem } from '@tagloom/domain/schemas/menu.ts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSuite, login, newSession, pathOf, type Session, shot } from './support/browser';
import { menuPath, screenOf, webText } from './support/general';
import { moreMenuUntil, openDropdown, tag, tagInView, tagMenuUntil, tags, tagsAre } from './support/tags';

const suite = e2eSuite();
const LANG_LIST: Lang[] = ['zh_CN', 'zh_TW', 'en_US'];
/** the cap on cached views (layout/tags-actions.ts MAX_ALIVE) */
const MAX_ALIVE = 20;

const waitPath = (page: Page, path: string) => page.waitForURL((u) => u.pathname === path, { timeout: 15_000 });
/** the machine may be busy: wait up to 15 s for a state */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
const visibleTooltip = (page: Page) => page.locator('.ant-tooltip:not(.ant-tooltip-hidden) .ant-tooltip-container');

async function open(lang: Lang, width = 1366): Promise<Session> {
  return newSession(suite.browser, suite.server.url, { lang, width, height: width < 600 ? 780 : 800 });
}

/** Logs in and returns the screens (leaf paths, menu order) the user's menu shows. */
async function loginScreens(page: Page, user = 'admin', password = 'admin123'): Promise<{ path: string; code: string }[]> {
  const res = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/menu/selectMenuByCurrentUserId');
  await login(page, user, password);
  const menus = ((await (await res).json()) as { data: MenuItem[] }).data;
  const out: { path: string; code: string }[] = [];
  const walk = (list: MenuItem[]) => {
    for (const m of list) {
      if (m.hidden === 0) continue;
      if (m.menuType === MENU_TYPE.SCREEN) out.push({ path: m.path, code: m.component });
      else walk(m.children ?? []);
    }
  };
  walk(menus);
  return out;
}

/** Moves to `path` inside the console (as a link would: no page load) and waits for its screen. */
async function goInApp(page: Page, path: string, code: string) {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await waitPath(page, path);
  await screenOf(page, code).waitFor();
}

describe('tag bar with many open pages', () => {
  it('keeps the active tag in view, lists every tag under "more", keeps the tags across a reload and caps the cached views', async () => {
    const { page, context, errors } = await open('en_US');
    const screens = await loginScreens(page);
    const home = pathOf(page);
    const opened = screens.filter((s) => s.path !== home).slice(0, MAX_ALIVE + 2);
    expect(opened.length).toBe(MAX_ALIVE + 2);
    for (const s of opened) {
      await goInApp(page, s.path, s.code);
      // the new tag is added at the right end; the bar scrolls to it
      await poll(() => tagInView(page, s.path)).toBe(true);
    }
    const all = [home, ...opened.map((s) => s.path)];
    await poll(() => tags(page)).toEqual(all);
    // the bar overflows: the first page's tag is out of view now
    expect(await tagInView(page, opened[0].path)).toBe(false);

    // the cap: the least recently shown views were dropped (their tags stay); the recent ones live on
    await poll(() => page.locator('.screen-view').count()).toBe(MAX_ALIVE);
    expect(await screenOf(page, opened[0].code).count()).toBe(0);
    expect(await screenOf(page, opened[1].code).count()).toBe(0);
    expect(await screenOf(page, opened[2].code).count()).toBe(1);
    expect(await tag(page, opened[0].path).count()).toBe(1);

    // "more" lists every open page, the current one checked; picking one goes there and shows its tag
    await page.getByTestId('tags-more').click();
    const items = openDropdown(page).getByTestId('tags-more-item');
    await poll(() => items.evaluateAll((els) => els.map((e) => e.getAttribute('data-path')))).toEqual(all);
    await shot(page, 'shell-polish-more-en_US-1366');
    await moreMenuUntil(
      page,
      (menu) => menu.locator(`[data-testid="tags-more-item"][data-path="${opened[0].path}"]`),
      async () => pathOf(page) === opened[0].path,
    );
    await waitPath(page, opened[0].path);
    // a dropped view renders afresh when shown again
    await screenOf(page, opened[0].code).waitFor();
    await poll(() => tagInView(page, opened[0].path)).toBe(true);

    // reload: the same tags, in the same order
    await page.reload();
    await page.getByTestId('navbar').waitFor();
    await poll(() => tags(page)).toEqual(all);
    await poll(() => tagInView(page, opened[0].path)).toBe(true);
    // after a reload only the current page is rendered
    expect(await page.locator('.screen-view').count()).toBe(1);

    // a saved tag the menu no longer has is not restored
    const key = await page.evaluate(() => Object.keys(sessionStorage).find((k) => k.startsWith('tagsView:')));
    expect(key).toBeTruthy();
    await page.evaluate((k) => {
      const list = JSON.parse(sessionStorage.getItem(k) ?? '[]');
      list.push({ path: '/general/no-such-screen', fullPath: '/general/no-such-screen', affix: false });
      sessionStorage.setItem(k, JSON.stringify(list));
    }, key as string);
    await page.reload();
    await page.getByTestId('navbar').waitFor();
    await poll(() => tags(page)).toEqual(all);

    // "more" closes to the right and to the left of the current page
    const mid = opened[5];
    await goInApp(page, mid.path, mid.code);
    await moreMenuUntil(page, 'Close tabs to the right', tagsAre(page, [home, ...opened.slice(0, 6).map((s) => s.path)]));
    await poll(() => openDropdown(page).count()).toBe(0);
    await tagMenuUntil(page, mid.path, 'Close tabs to the left', tagsAre(page, [home, mid.path]));
    expect(pathOf(page)).toBe(mid.path);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('starts a different user on their own tags', async () => {
    const { page, context } = await open('en_US');
    const screens = await loginScreens(page);
    const s = screens.find((x) => x.code === 'general/role')!;
    await goInApp(page, s.path, s.code);
    await poll(() => tags(page)).toContain(s.path);
    await page.getByTestId('account').click();
    await page.getByTestId('menu-logout').click();
    await page.waitForURL((u) => u.pathname.startsWith('/login'));
    await login(page, 'auditor', 'auditor123');
    await poll(() => tags(page)).not.toContain(s.path);
    await context.close();
  });
});

describe('side menu', () => {
  it('opens one group at a time, keeps the logo at the top while the menu scrolls, and shows cut labels whole on hover', async () => {
    const { page, context, errors } = await open('en_US');
    await login(page, 'admin', 'admin123');
    await page.goto('/general/tenant');
    const side = page.getByTestId('side-menu');
    const openGroups = () => side.locator(':scope > li.ant-menu-submenu-open > .ant-menu-submenu-title').allTextContents();
    await poll(openGroups).toEqual(['Organization']);
    const group = (name: string) => side.locator(':scope > li > .ant-menu-submenu-title').filter({ hasText: name });
    await group('Access control').click();
    await poll(openGroups).toEqual(['Access control']);
    const products = menuPath('general/template-goods-attr', 'en_US');
    await group(products.group).click();
    await poll(openGroups).toEqual([products.group]);

    // a long label wraps and shows whole, needing no tooltip; nor does one that fits
    const long = side.locator('.ant-menu-item').getByText(products.screen, { exact: true });
    await long.waitFor();
    expect(await long.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().height > 30)).toBe(true);
    await shot(page, 'shell-polish-sidebar-wrapped-en_US-1366');
    await long.hover();
    await page.mouse.move(700, 400);
    await poll(() => visibleTooltip(page).count()).toBe(0);
    await side.locator('.ant-menu-item').getByText(menuPath('general/product', 'en_US').screen, { exact: true }).hover();
    await page.waitForTimeout(400); // a tooltip would show after 0.1 s: give it time, then check none did
    expect(await visibleTooltip(page).count()).toBe(0);

    // the logo stays at the top while the menu scrolls (a short window makes the menu scroll)
    await page.setViewportSize({ width: 1366, height: 360 });
    const menuBox = page.getByTestId('sidebar-menu');
    await poll(() => menuBox.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await menuBox.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await poll(() => menuBox.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    const logo = await page.getByTestId('sidebar-logo').boundingBox();
    expect(logo?.y).toBe(0);
    expect(await page.getByTestId('sidebar-logo').isVisible()).toBe(true);
    await shot(page, 'shell-polish-sidebar-scrolled-en_US');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});

describe('menu search', () => {
  for (const lang of ['zh_CN', 'en_US'] as const) {
    it(`Ctrl-K finds a screen by part of its name and opens it (${lang})`, async () => {
      const { page, context, errors } = await open(lang);
      await login(page, 'admin', 'admin123');
      const dict = menuPath('general/dictionary', lang);
      const role = menuPath('general/role', lang);
      await page.keyboard.press('Control+k');
      const input = page.getByTestId('menu-search-input');
      await input.waitFor();
      await poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
      // part of the name in the current language
      await input.fill(dict.screen.slice(1, 3));
      const items = page.getByTestId('menu-search-item');
      await poll(() => items.first().getAttribute('data-path')).toBe('/general/dictionary');
      // each result names its module path
      expect(await items.first().textContent()).toContain(`${dict.module} / ${dict.group}`);
      await shot(page, `shell-polish-search-${lang}-1366`);
      await page.keyboard.press('Enter');
      await waitPath(page, '/general/dictionary');
      await poll(() => page.getByTestId('menu-search').isVisible()).toBe(false);

      // the English name finds it too; the arrow keys move through the results
      await page.getByTestId('menu-search-open').click();
      await input.waitFor({ state: 'visible' });
      await poll(() => input.inputValue()).toBe('');
      await input.fill('role');
      await poll(() => items.first().getAttribute('data-path')).toBe('/general/role');
      expect(await items.first().textContent()).toContain(role.screen);
      const count = await items.count();
      if (count > 1) {
        await page.keyboard.press('ArrowDown');
        await poll(() => items.nth(1).getAttribute('aria-selected')).toBe('true');
        await page.keyboard.press('ArrowUp');
      }
      await poll(() => items.first().getAttribute('aria-selected')).toBe('true');
      await page.keyboard.press('Enter');
      await waitPath(page, '/general/role');

      // nothing matches: says so
      await page.keyboard.press('Control+k');
      await input.fill('zzzzqqq');
      await poll(() => page.getByTestId('menu-search').textContent()).toContain(webText(lang, 'shell.search.empty'));
      await page.keyboard.press('Escape');
      await poll(() => page.getByTestId('menu-search').isVisible()).toBe(false);
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);
  }
});

describe('navbar and settings texts', () => {
  it('the fullscreen tooltip follows the state', async () => {
    const { page, context } = await open('en_US');
    await login(page, 'admin', 'admin123');
    const btn = page.getByTestId('fullscreen');
    await btn.hover();
    await poll(() => visibleTooltip(page).allTextContents()).toContain(webText('en_US', 'shell.fullscreen.enter'));
    await btn.click();
    await poll(() => page.evaluate(() => !!document.fullscreenElement)).toBe(true);
    await poll(() => btn.getAttribute('aria-label')).toBe('Exit full screen');
    await btn.hover();
    await poll(() => visibleTooltip(page).allTextContents()).toContain('Exit full screen');
    await page.evaluate(() => document.exitFullscreen());
    await poll(() => btn.getAttribute('aria-label')).toBe('Full screen');
    await context.close();
  });

  for (const lang of LANG_LIST) {
    it(`labels the settings drawer in plain words (${lang}); screenshots at 1366 and 390`, async () => {
      const { page, context, errors } = await open(lang);
      const screens = await loginScreens(page);
      for (const s of screens.slice(1, 15)) await goInApp(page, s.path, s.code);
      await page.getByTestId('open-settings').click();
      const drawer = page.locator('.ant-drawer-open .ant-drawer-section');
      await drawer.waitFor();
      const text = (await drawer.textContent()) ?? '';
      for (const key of ['tagsView', 'fixedHeader', 'sidebarLogo']) expect(text).toContain(webText(lang, `shell.settings.${key}`));
      for (const word of ['Tags-View', 'Header', 'Tags view']) expect(text).not.toContain(word);
      await shot(page, `shell-polish-settings-${lang}-1366`);
      await page.locator('.ant-drawer-open .ant-drawer-close').click();
      await poll(() => page.locator('.ant-drawer-open').count()).toBe(0);
      await shot(page, `shell-polish-tags-${lang}-1366`);
      await page.keyboard.press('Control+k');
      await page.getByTestId('menu-search-input').fill(lang === 'en_US' ? 'temp' : '模');
      await page.getByTestId('menu-search-item').first().waitFor();
      await shot(page, `shell-polish-search-list-${lang}-1366`);
      await page.keyboard.press('Escape');

      // mobile: the same pages, the search from its navbar icon
      await page.setViewportSize({ width: 390, height: 780 });
      await page.reload();
      await page.getByTestId('navbar').waitFor();
      await poll(() => tagInView(page, screens[14].path)).toBe(true);
      await shot(page, `shell-polish-tags-${lang}-390`);
      await page.getByTestId('tags-more').click();
      await openDropdown(page).waitFor();
      await shot(page, `shell-polish-more-${lang}-390`);
      await page.keyboard.press('Escape');
      await page.getByTestId('menu-search-open').click();
      await page.getByTestId('menu-search-input').fill(lang === 'en_US' ? 'param' : '参数');
      await page.getByTestId('menu-search-item').first().waitFor();
      await shot(page, `shell-polish-search-${lang}-390`);
      await page.keyboard.press('Escape');
      await page.getByTestId('hamburger').click();
      await page.locator('.ant-drawer [data-testid="side-menu"]').waitFor();
      await shot(page, `shell-polish-drawer-${lang}-390`);
      await page.keyboard.press('Escape');
      await poll(() => page.locator('.ant-drawer-open').count()).toBe(0);
      await page.getByTestId('open-settings').click();
      await page.locator('.ant-drawer-open .ant-drawer-section').waitFor();
      await shot(page, `shell-polish-settings-${lang}-390`);
      expect(errors).toEqual([]);
      await context.close();
    }, 240_000);
  }
});

describe('reduced motion', () => {
  it('opens a drawer at once when the user asks for reduced motion, and slides it in otherwise', async () => {
    const { page, context, errors } = await open('en_US');
    await login(page, 'admin', 'admin123');
    // the classes antd's motion puts on what moves in ("…-motion-…-enter", "…-appear"), while the drawer opens
    const motionWhileOpening = async (): Promise<string[]> => {
      await page.evaluate(() => {
        const seen: string[] = [];
        const w = window as unknown as { motionSeen: string[]; motionWatch?: MutationObserver };
        w.motionWatch?.disconnect();
        w.motionSeen = seen;
        const note = (el: Element) => {
          const c = el.getAttribute('class') ?? '';
          if (/-(enter|appear)\b/.test(c)) seen.push(c);
        };
        w.motionWatch = new MutationObserver((records) => {
          for (const r of records) {
            if (r.type === 'attributes') note(r.target as Element);
            for (const n of r.addedNodes) {
              if (!(n instanceof Element)) continue;
              note(n);
              n.querySelectorAll('[class]').forEach(note);
            }
          }
        });
        w.motionWatch.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
      });
      await page.getByTestId('open-settings').click();
      await page.locator('.ant-drawer-open .ant-drawer-section').waitFor();
      const seen = await page.evaluate(() => (window as unknown as { motionSeen: string[] }).motionSeen);
      await page.locator('.ant-drawer-open .ant-drawer-close').click();
      await poll(() => page.locator('.ant-drawer-open').count()).toBe(0);
      return seen;
    };
    // the sessions ask for reduced motion (support/browser.ts)
    expect(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(true);
    expect(await motionWhileOpening()).toEqual([]);
    // the wish withdrawn (the console follows the setting live): the drawer slides in
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await poll(() => page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(false);
    expect((await motionWhileOpening()).join(' ')).toMatch(/ant-drawer-panel-motion-right-(enter|appear)/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
