/**
 * Browser stories for the shell a new user meets: the tag bar with many open pages (active tag in view,
 * the "more" list, tags kept across a reload, the cap on cached views), the accordion side menu with
 * its fixed logo and tooltips on cut labels, the menu search (Ctrl-K), the fullscreen tooltip, the
 * settings drawer's labels, and the shell at 390 px. Pictures: e2e/shots/shell-polish.shots.ts.
 */
import type { Lang } from '@tagloom/domain/lang.ts';
import { MENU_TYPE, type MenuItem } from '@tagloom/domain/schemas/menu.ts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSuite, login, newSession, pathOf, type Session, signedIn, tokenOf } from './support/browser';
import { apiPost, menuPath, screenOf, webText } from './support/general';
import { moreMenuUntil, openDropdown, tag, tagInView, tagMenuUntil, tags, tagsAre } from './support/tags';

const suite = e2eSuite();
/** the cap on cached views (layout/tags-actions.ts MAX_ALIVE) */
const MAX_ALIVE = 20;

const waitPath = (page: Page, path: string) => page.waitForURL((u) => u.pathname === path, { timeout: 15_000 });
/** the machine may be busy: wait up to 15 s for a state */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
/**
 * Whether the menu search dialog shows. (Its test id sits on the dialog's root, which has no box of its
 * own: never "visible", open or not.)
 */
const searchShown = (page: Page) => page.locator('.ant-modal.menu-search').isVisible();
/**
 * Waits until a resource screen's table shows, and with it the screen's hidden add form. A dialog opened
 * before that form is mounted no longer closes with Escape (reported: the form, rendered hidden ahead
 * of time, takes the Escape key from it), so the stories that press Escape wait for it.
 */
const formReady = (page: Page, code: string) => screenOf(page, code).getByTestId('resource-table').waitFor();
const visibleTooltip = (page: Page) => page.locator('.ant-tooltip:not(.ant-tooltip-hidden) .ant-tooltip-container');

/** The admin, signed in (one login per file), on the home screen. */
function asAdmin(lang: Lang, width = 1366): Promise<Session> {
  return signedIn(suite, 'admin', 'admin123', { lang, width, height: width < 600 ? 780 : 800 });
}

/** The screens (leaf paths, menu order) the signed-in user's menu shows. */
async function menuScreens(s: Session): Promise<{ path: string; code: string }[]> {
  const menus = (await apiPost(s.page, await tokenOf(s.context), '/api/menu/selectMenuByCurrentUserId', {})).data as MenuItem[];
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
    const session = await asAdmin('en_US');
    const { page, context, errors } = session;
    const screens = await menuScreens(session);
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

    // on a phone, after a reload, the current page's tag is in view too (the bar scrolled to it)
    for (const s of opened.slice(6, 12)) await goInApp(page, s.path, s.code);
    await page.setViewportSize({ width: 390, height: 780 });
    await page.reload();
    await page.getByTestId('navbar').waitFor();
    await poll(() => tags(page)).toEqual([home, mid.path, ...opened.slice(6, 12).map((s) => s.path)]);
    await poll(() => tagInView(page, opened[11].path)).toBe(true);
    expect(await tagInView(page, opened[6].path)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('starts a different user on their own tags', async () => {
    // the story logs out: a login of its own
    const { page, context } = await newSession(suite.browser, suite.server.url, { lang: 'en_US' });
    await login(page, 'admin', 'admin123');
    const s = { path: '/general/role', code: 'general/role' };
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
  it('opens one group at a time, keeps the logo at the top while the menu scrolls, and shows labels whole, needing no tooltip', async () => {
    const { page, context, errors } = await signedIn(suite, 'admin', 'admin123', { lang: 'en_US', path: '/general/tenant' });
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
    const short = side.locator('.ant-menu-item').getByText(menuPath('general/product', 'en_US').screen, { exact: true });
    // the page's clock stands still and is moved on by hand: each hover lasts past a tooltip's 0.1 s delay
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    for (const label of [long, short]) {
      await label.hover();
      await page.clock.runFor(500);
    }
    // then a tooltip that does show (the fullscreen button's): once it is drawn, one the labels had
    // opened would have been drawn before it (and stays in the page, hidden, once the pointer left)
    await page.getByTestId('fullscreen').hover();
    await page.clock.runFor(500);
    await poll(() => visibleTooltip(page).allTextContents()).toEqual([webText('en_US', 'shell.fullscreen.enter')]);
    for (const label of [long, short])
      expect(
        await page
          .locator('.ant-tooltip')
          .filter({ hasText: (await label.textContent()) ?? '' })
          .count(),
      ).toBe(0);
    await page.clock.resume();
    await page.mouse.move(700, 400);

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
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});

describe('menu search', () => {
  it('Ctrl-K finds a screen by part of its name, or by its English name, and opens it (zh_CN)', async () => {
    const lang = 'zh_CN';
    const { page, context, errors } = await asAdmin(lang);
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
    await page.keyboard.press('Enter');
    await waitPath(page, '/general/dictionary');
    await poll(() => searchShown(page)).toBe(false);

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
    await poll(() => searchShown(page)).toBe(false);

    // nothing matches: says so; Escape closes the search, also opened at once, while the screen's hidden
    // form may still be mounting (its dialog would count as topmost and take the dialogs' Escape)
    await page.keyboard.press('Control+k');
    await input.fill('zzzzqqq');
    await poll(() => page.getByTestId('menu-search').textContent()).toContain(webText(lang, 'shell.search.empty'));
    await page.keyboard.press('Escape');
    await poll(() => searchShown(page)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});

describe('navbar and settings texts', () => {
  it('the fullscreen tooltip follows the state', async () => {
    const { page, context } = await asAdmin('en_US');
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

  it('labels the settings drawer in plain words (en_US)', async () => {
    const lang = 'en_US';
    const { page, context, errors } = await asAdmin(lang);
    await page.getByTestId('open-settings').click();
    const drawer = page.locator('.ant-drawer-open .ant-drawer-section');
    await drawer.waitFor();
    const text = (await drawer.textContent()) ?? '';
    for (const key of ['tagsView', 'fixedHeader', 'sidebarLogo']) expect(text).toContain(webText(lang, `shell.settings.${key}`));
    for (const word of ['Tags-View', 'Header', 'Tags view']) expect(text).not.toContain(word);
    await page.locator('.ant-drawer-open .ant-drawer-close').click();
    await poll(() => page.locator('.ant-drawer-open').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at 390 px: the tag list, the menu search from its navbar icon, the menu drawer (Escape closes it) and the settings drawer (en_US)', async () => {
    const session = await asAdmin('en_US', 390);
    const { page, context, errors } = session;
    const home = pathOf(page);
    const opened = ['general/tenant', 'general/tenant-group', 'general/role'];
    for (const code of opened) {
      await goInApp(page, `/${code}`, code);
      await formReady(page, code);
    }
    await poll(() => tagInView(page, '/general/role')).toBe(true);
    await page.getByTestId('tags-more').click();
    await poll(() =>
      openDropdown(page)
        .getByTestId('tags-more-item')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-path'))),
    ).toEqual([home, ...opened.map((c) => `/${c}`)]);
    await page.keyboard.press('Escape');
    await poll(() => openDropdown(page).count()).toBe(0);
    await page.getByTestId('menu-search-open').click();
    await page.getByTestId('menu-search-input').fill('param');
    await page.getByTestId('menu-search-item').first().waitFor();
    await page.keyboard.press('Escape');
    await poll(() => searchShown(page)).toBe(false);
    await page.getByTestId('hamburger').click();
    await page.locator('.ant-drawer [data-testid="side-menu"]').waitFor();
    await page.keyboard.press('Escape');
    await poll(() => page.locator('.ant-drawer-open').count()).toBe(0);
    await page.getByTestId('open-settings').click();
    await page.locator('.ant-drawer-open .ant-drawer-section').waitFor();
    // the drawer stays inside the phone's width
    const box = await page.locator('.ant-drawer-open .ant-drawer-section').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('reduced motion', () => {
  it('opens a drawer at once when the user asks for reduced motion, and slides it in otherwise', async () => {
    const { page, context, errors } = await asAdmin('en_US');
    // the classes antd's motion puts on what moves in ("…-motion-…-enter", "…-appear"), while the drawer opens
    const motionWhileOpening = async (): Promise<string[]> => {
      await page.evaluate(() => {
        const seen: string[] = [];
        const w = window as unknown as { motionSeen: string[]; motionWatch?: MutationObserver };
        w.motionWatch?.disconnect();
        w.motionSeen = seen;
        const note = (el: Element) => {
          const c = el.getAttribute('class') ?? '';
          // the drawer's own motion (the tooltip of the button under the pointer may show meanwhile)
          if (/\bant-drawer/.test(c) && /-(enter|appear)\b/.test(c)) seen.push(c);
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
