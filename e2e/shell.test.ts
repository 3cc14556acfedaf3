/** Browser stories for the console shell: guard rules, tags view, keep-alive, languages, settings, error flows. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSuite, login, newSession, pathOf, type Session, signedIn, tokenOf } from './support/browser';
import { clickInDialog } from './support/general';
import { settled } from './support/screens';
import { menuUntil, openDropdown, tagMenuUntil, tags, tagsAre } from './support/tags';

const suite = e2eSuite();
const sessions: Session[] = [];

/** A fresh session, signed out (for the stories about signing in and out, which sign in themselves). */
async function open(opts: { width?: number; lang?: string } = {}): Promise<Session> {
  const s = await newSession(suite.browser, suite.server.url, { lang: 'en_US', ...opts });
  sessions.push(s);
  return s;
}

/** A session signed in (one login per account and file), on `path`. */
const as = (user: 'admin' | 'demo' | 'auditor', opts: { width?: number; lang?: string; path?: string } = {}) =>
  signedIn(suite, user, `${user}123`, { lang: 'en_US', ...opts });

const waitPath = (page: Page, path: string) => page.waitForURL((u) => u.pathname === path, { timeout: 15_000 });
async function tagMenu(page: Page, path: string, item: string, done: () => Promise<boolean>) {
  // a menu still fading out would match too
  await expect.poll(() => openDropdown(page).count()).toBe(0);
  await tagMenuUntil(page, path, item, done);
}

describe('route guard', () => {
  it('sends an unauthenticated user to /login, but lets /login, /loginDefault and /401 through', async () => {
    const { page, context } = await open();
    await page.goto('/');
    await waitPath(page, '/login');
    await page.goto('/general/tenant');
    await waitPath(page, '/login');
    await page.goto('/404');
    await waitPath(page, '/login');
    // shown, and still there: the login form, the 401 page
    await page.goto('/loginDefault');
    await page.getByTestId('login-username').waitFor();
    expect(pathOf(page)).toBe('/loginDefault');
    await page.goto('/401');
    await page.getByTestId('error-subtitle').waitFor();
    expect(pathOf(page)).toBe('/401');
    await context.close();
  });

  it('redirects the root to the first leaf after login, keeps logged-in users off /login, sends unknown paths to /404', async () => {
    // where the login lands is part of the story: through the login form
    const { page, context, errors } = await open();
    await login(page, 'admin', 'admin123');
    await waitPath(page, '/dashboard/admin');
    await page.goto('/login');
    await waitPath(page, '/dashboard/admin');
    await page.goto('/loginDefault');
    await waitPath(page, '/dashboard/admin');
    await page.goto('/no/such/page');
    await waitPath(page, '/404');
    await page.goto('/TipsError?message=hello');
    await expect.poll(() => page.getByTestId('error-subtitle').textContent()).toBe('hello');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("after a password logout sends the user to /loginDefault (login type '1'), keeping table-header settings", async () => {
    // the logout ends the session: a login of its own
    const { page, context } = await open();
    await login(page, 'admin', 'admin123');
    await page.evaluate(() => localStorage.setItem('checkedHeaderTable', '["a"]'));
    await page.getByTestId('account').click();
    await page.getByTestId('menu-logout').click();
    await waitPath(page, '/loginDefault');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'Admin-Token')).toBeUndefined();
    expect(cookies.find((c) => c.name === 'loginType')?.value).toBe('1');
    expect(await page.evaluate(() => localStorage.getItem('checkedHeaderTable'))).toBe('["a"]');
    expect(await page.evaluate(() => localStorage.getItem('menus'))).toBeNull();
    await page.goto('/general/tenant');
    await waitPath(page, '/loginDefault');
    await context.close();
  });

  it('on menu failure logs out, shows the menu-verification error and goes to /loginDefault', async () => {
    // the failure comes at sign-in: through the login form
    const { page, context } = await open();
    await page.route('**/api/menu/selectMenuByCurrentUserId', (r) =>
      r.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ code: 403, msg: 'x', data: null }) }),
    );
    await page.goto('/login');
    await page.getByTestId('login-username').fill('admin');
    await page.getByTestId('login-password').fill('admin123');
    await page.getByTestId('login-submit').click();
    await waitPath(page, '/loginDefault');
    await expect
      .poll(() => page.locator('.ant-message').textContent())
      .toContain(
        'Get menu verification failed, please contact the administrator to confirm whether the system access rights have been allocated!',
      );
    expect((await context.cookies()).find((c) => c.name === 'Admin-Token')).toBeUndefined();
    await context.close();
  });

  it('gives each user their own menu', async () => {
    const admin = await as('admin');
    // each module by its full name (the navbar may draw a shorter one over it)
    const adminModules = await admin.page
      .getByTestId('module-nav')
      .locator('[data-testid^="module-nav-"]')
      .evaluateAll((els) => els.map((e) => e.querySelector('.module-nav-full')?.textContent ?? e.textContent));
    expect(adminModules).toEqual(['Dashboard', 'General', 'RFID data collection']);
    const demo = await as('demo');
    const demoModules = await demo.page
      .getByTestId('module-nav')
      .locator('.ant-menu-overflow-item .ant-menu-title-content')
      .allTextContents();
    expect(demoModules).not.toContain('General');
    expect(demoModules[0]).toBe('Dashboard');
    // the navbar module selects the side menu
    await admin.page.getByTestId('module-nav').getByText('General', { exact: true }).click();
    await waitPath(admin.page, '/general/tenant');
    await expect.poll(() => admin.page.getByTestId('side-menu').textContent()).toContain('Organization');
    await admin.context.close();
    await demo.context.close();
  });
});

describe('tags view', () => {
  it('opens a tag per page; refresh, close, close others, close all; affixed tags stay', async () => {
    const { page, context, errors } = await as('admin');
    for (const p of ['/general/tenant', '/general/role', '/general/dictionary']) {
      await page.goto(p);
      await page.getByTestId('navbar').waitFor();
    }
    // a full page load keeps the tags opened before it (they are restored per user)
    // like a person, look at each page before moving on: a page left before its screen has loaded gets no tag
    const shown = (code: string) => page.locator(`.screen-view[data-screen="${code}"]`).waitFor();
    await page.getByTestId('module-nav').getByText('General', { exact: true }).click();
    await waitPath(page, '/general/tenant');
    await shown('general/tenant');
    await page.getByTestId('side-menu').getByText('Access control').click();
    await page.getByTestId('side-menu').getByText('Role', { exact: true }).click();
    await waitPath(page, '/general/role');
    await shown('general/role');
    await page.getByTestId('side-menu').getByText('User', { exact: true }).click();
    await waitPath(page, '/general/user');
    await shown('general/user');
    // the tag appears just after the URL changes: poll rather than read once
    await expect
      .poll(() => tags(page))
      .toEqual(['/dashboard/admin', '/general/tenant', '/general/role', '/general/dictionary', '/general/user']);
    expect(await page.locator('[data-path="/dashboard/admin"] [data-testid="tag-close"]').count()).toBe(0);

    // closing the active tag moves to the last one
    await tagMenu(page, '/general/user', 'Close', async () => !(await tags(page)).includes('/general/user'));
    await waitPath(page, '/general/dictionary');
    await expect.poll(() => tags(page)).not.toContain('/general/user');

    // the affixed tag cannot be closed
    await page.locator('[data-testid="tag"][data-path="/dashboard/admin"]').click({ button: 'right' });
    expect(await openDropdown(page).getByRole('menuitem', { name: 'Close', exact: true }).getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');

    await tagMenu(page, '/general/tenant', 'Close others', tagsAre(page, ['/dashboard/admin', '/general/tenant']));
    await expect.poll(() => tags(page)).toEqual(['/dashboard/admin', '/general/tenant']);
    await waitPath(page, '/general/tenant');

    await tagMenu(page, '/general/tenant', 'Close all', tagsAre(page, ['/dashboard/admin']));
    await expect.poll(() => tags(page)).toEqual(['/dashboard/admin']);
    await waitPath(page, '/dashboard/admin');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps a half-filled form across tag switches; Refresh drops it', async () => {
    const { page, context } = await as('admin', { path: '/general/dictionary' });
    await page.getByTestId('dict-filter-code').fill('half-filled');
    await page.getByTestId('dict-add').click();
    await page.getByTestId('dict-form-name').fill('draft name');
    await page.keyboard.press('Escape');
    await page.locator('[data-testid="tag"][data-path="/dashboard/admin"]').click();
    await waitPath(page, '/dashboard/admin');
    await page.getByTestId('dashboard-admin').waitFor();
    expect(await page.getByTestId('dict-filter-code').isVisible()).toBe(false);
    await page.locator('[data-testid="tag"][data-path="/general/dictionary"]').click();
    await waitPath(page, '/general/dictionary');
    expect(await page.getByTestId('dict-filter-code').inputValue()).toBe('half-filled');
    await page.getByTestId('dict-add').click();
    expect(await page.getByTestId('dict-form-name').inputValue()).toBe('draft name');
    await page.keyboard.press('Escape');

    await tagMenu(page, '/general/dictionary', 'Refresh', async () => (await page.getByTestId('dict-filter-code').inputValue()) === '');
    await expect.poll(() => page.getByTestId('dict-filter-code').inputValue()).toBe('');
    await context.close();
  });

  it('shows the Add button only when the menu grants it', async () => {
    const { page, context } = await as('auditor', { path: '/general/dictionary' });
    await page.getByTestId('dictionary').waitFor();
    await expect.poll(() => page.locator('.ant-table-row').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('dict-add').count()).toBe(0);
    await context.close();
  });
});

describe('languages', () => {
  it('switches the language, tells the server, and keeps it after reload', async () => {
    // the language is picked on the login page first: through the login form
    const { page, context } = await open({ lang: 'zh_CN' });
    await page.goto('/login');
    expect(await page.getByTestId('login-submit').textContent()).toContain('登录');
    await page.getByTestId('login-lang-en_US').click();
    await expect.poll(() => page.getByTestId('login-submit').textContent()).toContain('Sign in');
    await login(page, 'admin', 'admin123');
    await expect.poll(() => page.getByTestId('clock').textContent()).toContain('Welcome, admin');

    await menuUntil(
      page,
      () => page.getByTestId('lang-select').click({ timeout: 3_000 }),
      (menu) => menu.getByRole('menuitem', { name: /Traditional Chinese|繁體中文/ }),
      async () => ((await page.getByTestId('clock').textContent()) ?? '').includes('歡迎您'),
    );
    await expect.poll(() => page.locator('.ant-message').textContent()).toContain('語言切換成功');
    // menu names come localized from the server
    await expect.poll(() => page.getByTestId('module-nav').textContent()).toContain('儀表板');
    await page.reload();
    await page.getByTestId('navbar').waitFor();
    await expect.poll(() => page.getByTestId('clock').textContent()).toContain('歡迎您');
    expect((await context.cookies()).find((c) => c.name === 'language')?.value).toBe('zh_TW');
    await context.close();
  });
});

describe('style settings', () => {
  it('remembers theme colour, tags view, fixed header, sidebar logo, size and sidebar state across reloads', async () => {
    const { page, context } = await as('admin');
    await page.getByTestId('open-settings').click();
    await page.locator('.ant-drawer .ant-color-picker-trigger').click();
    await page.locator('.ant-color-picker-presets-color').nth(1).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('switch-tags-view').click();
    await page.getByTestId('switch-sidebar-logo').click();
    await page.getByTestId('switch-fixed-header').click();
    await page.getByTestId('size').getByText('Small').click();
    await page.locator('.ant-drawer-close').click();
    await page.getByTestId('hamburger').click();
    await page.reload();
    await page.getByTestId('navbar').waitFor();
    expect(await page.getByTestId('tags-view').count()).toBe(0);
    expect(await page.getByTestId('sidebar-logo').count()).toBe(0);
    expect(await page.getByTestId('sidebar').getAttribute('data-opened')).toBe('0');
    const settings = await page.evaluate(() => JSON.parse(localStorage.getItem('settings') ?? '{}').state);
    expect(settings).toMatchObject({ themeColor: '#409eff', tagsView: false, fixedHeader: false, sidebarLogo: false });
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'size')?.value).toBe('small');
    expect(cookies.find((c) => c.name === 'sidebarStatus')?.value).toBe('0');
    await page.getByTestId('hamburger').click();
    const selectedBg = await page
      .getByTestId('side-menu')
      .locator('.ant-menu-item-selected')
      .first()
      .evaluate((e) => getComputedStyle(e).backgroundColor);
    expect(selectedBg).toBe('rgb(64, 158, 255)');
    await context.close();
  });
});

describe('request errors', () => {
  it('on a session-invalid code shows the message, then the confirm box; re-login returns to login', async () => {
    // the story revokes its token: a login of its own
    const { page, context } = await open();
    await login(page, 'admin', 'admin123');
    await page.goto('/general/dictionary');
    await page.getByTestId('dictionary').waitFor();
    // the first load has answered (a search before it asks nothing new)
    await settled(page, 'general/dictionary');
    const token = await tokenOf(context);
    const res = await fetch(`${suite.server.url}/api/user/logout`, { headers: { token } });
    expect(res.status).toBe(200);
    await page.getByTestId('dict-search').click();
    await expect.poll(() => page.locator('.ant-message').textContent()).not.toBe('');
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.waitFor({ timeout: 8000 });
    expect(await confirm.textContent()).toContain('You have been logged out, you can cancel to remain on this page, or login again');
    await clickInDialog(confirm.getByRole('button', { name: 'Re-login' }));
    await waitPath(page, '/login');
    expect((await context.cookies()).find((c) => c.name === 'loginType')).toBeUndefined();
    await context.close();
  });

  it('on a network failure shows the message and goes to /TipsError with it', async () => {
    const { page, context } = await as('admin', { path: '/general/dictionary' });
    await page.getByTestId('dictionary').waitFor();
    // the first load has answered: a search while it is still on its way asks nothing new (the
    // query, with the same filters and no data yet, waits for the request already sent)
    await settled(page, 'general/dictionary');
    // the search's own request fails (with every request of the API failing, a background one could
    // fail first and take the console to /TipsError before the click: the same page, another path)
    await page.route('**/api/dictionary/web/showModelNotContainLeaf*', (r) => r.abort());
    await page.getByTestId('dict-search').click();
    await waitPath(page, '/TipsError');
    expect(await page.getByTestId('error-subtitle').textContent()).toBe('Please check network and retry!');
    expect(await page.locator('.ant-message').textContent()).toContain('Please check network and retry!');
    await context.close();
  });
});

describe('request errors while the console opens (before any layout)', () => {
  it('with a token revoked meanwhile: says so and lands on the login page, not on a spinner', async () => {
    // the story revokes its token: a login of its own
    const { page, context } = await open();
    await login(page, 'admin', 'admin123');
    const token = await tokenOf(context);
    expect((await fetch(`${suite.server.url}/api/user/logout`, { headers: { token } })).status).toBe(200);
    await page.goto('/general/dictionary');
    // password login: the stored login type is '1', so the guard sends the user to /loginDefault
    await waitPath(page, '/loginDefault');
    expect(await page.locator('.ant-message').textContent()).not.toBe('');
    await page.getByTestId('login-username').waitFor();
    await context.close();
  });

  it('with the network down: shows /TipsError with the message instead of spinning', async () => {
    const { page, context } = await as('admin');
    await page.route('**/api/menu/**', (r) => r.abort());
    await page.goto('/general/dictionary');
    await waitPath(page, '/TipsError');
    expect(await page.getByTestId('error-subtitle').textContent()).toBe('Please check network and retry!');
    await context.close();
  });
});

describe('mobile layout', () => {
  it('below 992 px closes the sidebar, puts the menu in a drawer and hides fullscreen', async () => {
    const { page, context } = await as('admin', { width: 900 });
    expect(await page.getByTestId('sidebar').count()).toBe(0);
    expect(await page.getByTestId('fullscreen').count()).toBe(0);
    await page.getByTestId('hamburger').click();
    await page.locator('.ant-drawer [data-testid="side-menu"]').waitFor();
    await page.locator('.ant-drawer').getByText('Editor dashboard').click();
    await waitPath(page, '/dashboard/editor');
    await expect.poll(() => page.locator('.ant-drawer-open').count()).toBe(0);
    await context.close();
  });
});
