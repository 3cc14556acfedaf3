/**
 * Browser stories for the route-guard rules of spec §2 / §8 that shell.test.ts leaves out: menu failure under
 * single sign-on (3 s to /401), empty and illegal menus, screens without a view, one menu fetch per session,
 * the root redirect, side-menu selection by path, activeMenu highlighting, and error pages while signed out.
 * Most stories change the menu the console receives at sign-in (a route on the login's page) or log out:
 * they sign in through the login form, in sessions of their own.
 */
import { COOKIE, LOGIN_TYPE, MENU_FAIL_REDIRECT_MS } from '@tagloom/domain/constants.ts';
import type { Lang } from '@tagloom/domain/lang.ts';
import { MENU_TYPE, type MenuItem } from '@tagloom/domain/schemas/menu.ts';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSuite, login, newSession, pathOf, type Session, signedIn, tokenOf } from './support/browser';
import { screenOf, webText } from './support/general';

const suite = e2eSuite();

const MENU_API = '**/api/menu/selectMenuByCurrentUserId';
const isMenuCall = (url: string) => new URL(url).pathname === '/api/menu/selectMenuByCurrentUserId';
/** spec §8's texts for a menu the console cannot use */
const NO_MENU_DATA = 'Failed to get menu data';
const ILLEGAL_ITEM = 'Illegal menu item:';

interface Watched extends Session {
  /** every console message, as 'type: text' */
  logs: string[];
}

async function open(lang: Lang = 'en_US'): Promise<Watched> {
  const s = await newSession(suite.browser, suite.server.url, { lang });
  const logs: string[] = [];
  s.page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
  return { ...s, logs };
}

const waitPath = (page: Page, path: string, timeout = 15_000) => page.waitForURL((u) => u.pathname === path, { timeout });
const cookie = async (s: Session, name: string) => (await s.context.cookies()).find((c) => c.name === name)?.value;
const messages = (page: Page) => page.locator('.ant-message').textContent();
const sideMenu = (page: Page) => page.getByTestId('side-menu');
const tag = (page: Page, path: string) => page.locator(`[data-testid="tag"][data-path="${path}"]`);
/** the titles of the side menu's top level (a module's groups), as shown */
const sideGroups = (page: Page) =>
  sideMenu(page).locator(':scope > li > .ant-menu-submenu-title .ant-menu-title-content').allTextContents();

/** Fills the login form and submits, without waiting for the shell (a failing menu never shows it). */
async function submitLogin(page: Page) {
  await page.goto('/login');
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill('admin123');
  await page.getByTestId('login-submit').click();
}

/**
 * The admin signed in (one login per file), the console loaded afresh on `path` after `before` (a route
 * rewriting the menu, say): returns the session, the console's messages from that load and the menu
 * tree the page received.
 */
async function adminWithMenu(
  opts: { path?: string; before?: (page: Page) => Promise<unknown> } = {},
): Promise<Watched & { menus: MenuItem[] }> {
  const s = await signedIn(suite, 'admin', 'admin123', { lang: 'en_US' });
  const logs: string[] = [];
  s.page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
  await opts.before?.(s.page);
  const res = s.page.waitForResponse((r) => isMenuCall(r.url()));
  await s.page.goto(opts.path ?? '/');
  const menus = ((await (await res).json()) as { data: MenuItem[] }).data;
  await s.page.getByTestId('navbar').waitFor();
  return { ...s, logs, menus };
}

/** Lets the page's tasks run: its effects after a render, and any request they make, issued. */
const settle = (page: Page) =>
  page.evaluate(async () => {
    // a task queued behind the ones the page has queued (a message, as React schedules its work), twice
    for (let i = 0; i < 2; i++)
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      });
  });

/** Passes the real menu response through `edit` before the page sees it; returns the last edited tree. */
async function rewriteMenu(page: Page, edit: (menus: MenuItem[]) => void): Promise<{ menus: MenuItem[] }> {
  const seen = { menus: [] as MenuItem[] };
  await page.route(MENU_API, async (route: Route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { data: MenuItem[] };
    edit(body.data);
    seen.menus = body.data;
    await route.fulfill({ response: res, json: body });
  });
  return seen;
}

const moduleOf = (menus: MenuItem[], path: string): MenuItem => {
  const m = menus.find((x) => x.path === path);
  if (!m) throw new Error(`no module ${path} in the menu`);
  return m;
};
const visibleGroups = (module: MenuItem) => module.children.filter((g) => g.hidden !== 0);
const screenByCode = (menus: MenuItem[], code: string): MenuItem => {
  for (const m of menus) for (const g of m.children) for (const s of g.children ?? []) if (s.component === code) return s;
  throw new Error(`no screen ${code} in the menu`);
};

/** spec §2: the first menu item's first leaf (hidden items are not leaves one can land on) */
function firstLeaf(item: MenuItem): MenuItem | undefined {
  if (item.menuType === MENU_TYPE.SCREEN) return item;
  for (const child of item.children ?? []) {
    if (child.hidden === 0) continue;
    const leaf = firstLeaf(child);
    if (leaf) return leaf;
  }
  return undefined;
}

describe('menu failure', () => {
  it("under single sign-on (login type '0'): shows the verification error, logs out, and only after 3 s lands on /401", async () => {
    // the story revokes its token (single sign-on logout): a login of its own
    const s = await open('en_US');
    const { page, context } = s;
    await login(page, 'admin', 'admin123');
    const token = await tokenOf(context);
    expect(token).not.toBe('');
    await context.addCookies([{ name: COOKIE.loginType, value: LOGIN_TYPE.SSO, url: suite.server.url }]);
    await page.route(MENU_API, (r) =>
      r.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ code: 403, msg: 'No permission to access the system!', data: null }),
      }),
    );
    // the page's clock is moved on by hand from the moment the console opens: the 3 s are counted in it
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    await page.goto('/general/tenant');
    await expect.poll(() => messages(page), { timeout: 10_000 }).toContain(webText('en_US', 'menu.verifyFailed'));
    // logged out: the token is gone locally and (single sign-on) revoked on the server
    await expect.poll(() => cookie(s, COOKIE.token)).toBeUndefined();
    const after = await fetch(`${suite.server.url}/api/menu/selectMenuByCurrentUserId`, {
      method: 'POST',
      headers: { token, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(((await after.json()) as { code: number }).code).not.toBe(200);
    expect(await page.getByTestId('navbar').count()).toBe(0);

    // not yet at 3 s less a little; at 3 s and a little more, /401
    await page.clock.runFor(MENU_FAIL_REDIRECT_MS - 200);
    await settle(page);
    expect(pathOf(page)).not.toBe('/401');
    await page.clock.runFor(400);
    await waitPath(page, '/401');
    // signed out, /401 is one of the pages a visitor may stay on: shown, and still there
    await page.getByTestId('error-subtitle').waitFor();
    await settle(page);
    expect(pathOf(page)).toBe('/401');
    await context.close();
  });

  it("with no menu data: logs 'Failed to get menu data', logs out and shows the verification error (zh_TW)", async () => {
    // the failure logs out at sign-in: through the login form, in a session of its own
    const s = await open('zh_TW');
    const { page, context, logs } = s;
    await page.route(MENU_API, (r) => r.fulfill({ status: 200, json: { code: 200, msg: '', data: [] } }));
    await submitLogin(page);
    // password login (type '1'): the failure flow goes to /loginDefault
    await waitPath(page, '/loginDefault');
    await expect.poll(() => messages(page)).toContain(webText('zh_TW', 'menu.verifyFailed'));
    await expect.poll(() => logs.join('\n')).toContain(NO_MENU_DATA);
    expect(await cookie(s, COOKIE.token)).toBeUndefined();
    expect(await page.evaluate(() => localStorage.getItem('menus'))).toBeNull();
    expect(await page.getByTestId('navbar').count()).toBe(0);
    await context.close();
  });

  it("with an illegal menu item (no name): logs 'Illegal menu item:' and the item, and logs out", async () => {
    // the failure logs out at sign-in: through the login form, in a session of its own
    const s = await open('en_US');
    const { page, context, logs } = s;
    let broken = '';
    await rewriteMenu(page, (menus) => {
      const item = moduleOf(menus, '/general').children[0].children[1];
      broken = item.menuName;
      item.name = '';
    });
    await submitLogin(page);
    await waitPath(page, '/loginDefault');
    expect(broken).not.toBe('');
    await expect.poll(() => logs.join('\n')).toContain(`${ILLEGAL_ITEM}${broken}`);
    await expect.poll(() => messages(page)).toContain(webText('en_US', 'menu.verifyFailed'));
    expect(await cookie(s, COOKIE.token)).toBeUndefined();
    await context.close();
  });
});

describe('menu with a screen that has no view', () => {
  it('logs the component, shows a placeholder for it, and the other screens still open', async () => {
    let broken: MenuItem | undefined;
    const { page, context, logs, errors, menus } = await adminWithMenu({
      before: (page) =>
        rewriteMenu(page, (menus) => {
          broken = screenByCode(menus, 'general/tenant-group');
          broken.component = 'nope/none';
        }),
    });
    await expect.poll(() => logs.join('\n')).toContain('no view for component "nope/none"');
    if (!broken) throw new Error('the menu was not rewritten');
    const general = moduleOf(menus, '/general');
    await page.getByTestId('module-nav').getByText(general.menuName, { exact: true }).click();
    await waitPath(page, '/general/tenant');
    await screenOf(page, 'general/tenant').waitFor();
    expect(await screenOf(page, 'general/tenant').getByTestId('placeholder').count()).toBe(0);

    await sideMenu(page).getByText(broken.menuName, { exact: true }).click();
    await waitPath(page, broken.path);
    await screenOf(page, 'nope/none').getByTestId('placeholder').waitFor();
    expect(await page.getByTestId('navbar').isVisible()).toBe(true);

    const access = general.children[1];
    await sideMenu(page).getByText(access.menuName, { exact: true }).click();
    const role = access.children[0];
    await sideMenu(page).getByText(role.menuName, { exact: true }).click();
    await waitPath(page, role.path);
    await screenOf(page, role.component).waitFor();
    expect(await screenOf(page, role.component).getByTestId('placeholder').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('menu fetch and root redirect', () => {
  it('fetches the menu once per session while moving across screens by side menu, module nav and tags', async () => {
    const calls: string[] = [];
    const { page, context, menus } = await adminWithMenu({
      before: async (page) =>
        page.on('request', (r) => {
          if (isMenuCall(r.url())) calls.push(r.url());
        }),
    });
    const home = firstLeaf(menus[0])!.path;
    const general = moduleOf(menus, '/general');
    const [org, access] = visibleGroups(general);

    await page.getByTestId('module-nav').getByText(general.menuName, { exact: true }).click();
    await waitPath(page, org.children[0].path);
    await screenOf(page, org.children[0].component).waitFor();
    await sideMenu(page).getByText(org.children[1].menuName, { exact: true }).click();
    await waitPath(page, org.children[1].path);
    await screenOf(page, org.children[1].component).waitFor();
    await sideMenu(page).getByText(access.menuName, { exact: true }).click();
    for (const s of access.children.slice(0, 2)) {
      await sideMenu(page).getByText(s.menuName, { exact: true }).click();
      await waitPath(page, s.path);
      await screenOf(page, s.component).waitFor();
    }
    await tag(page, home).click();
    await waitPath(page, home);
    await tag(page, org.children[0].path).click();
    await waitPath(page, org.children[0].path);
    await tag(page, access.children[0].path).click();
    await waitPath(page, access.children[0].path);
    // the screen shown and its effects run: a second fetch would have been asked for by now
    await screenOf(page, access.children[0].component).waitFor();
    await settle(page);
    expect(calls).toHaveLength(1);
    await context.close();
  });

  it("redirects '/' to the first menu item's first leaf, as the menu says", async () => {
    const { page, context, menus } = await adminWithMenu();
    const expected = firstLeaf(menus[0])?.path;
    expect(expected).toBeTruthy();
    await page.goto('/');
    await waitPath(page, expected!);

    // another order (and a hidden first leaf) gives another home
    const edited = await rewriteMenu(page, (list) => {
      list.reverse();
      const first = list[0].children.find((g) => g.hidden !== 0 && g.children?.length)!;
      first.children[0].hidden = 0;
    });
    await page.goto('/');
    await page.getByTestId('navbar').waitFor();
    const moved = firstLeaf(edited.menus[0])?.path;
    expect(moved).toBeTruthy();
    expect(moved).not.toBe(expected);
    await waitPath(page, moved!);
    await context.close();
  });
});

describe('side menu by path', () => {
  it('selects the side-menu list by the first path segment of a deep link', async () => {
    const { page, context, menus } = await adminWithMenu();
    const general = moduleOf(menus, '/general');
    const rfid = menus.find((m) => m.menuType === MENU_TYPE.MODULE && m.path !== '/general' && m.path !== menus[0].path);
    if (!rfid) throw new Error('the admin has no third module');
    const generalGroups = visibleGroups(general).map((g) => g.menuName);
    const rfidGroups = visibleGroups(rfid).map((g) => g.menuName);
    expect(generalGroups).not.toEqual(rfidGroups);

    const deepGeneral = visibleGroups(general)[1].children[1];
    await page.goto(deepGeneral.path);
    await screenOf(page, deepGeneral.component).waitFor();
    await expect.poll(() => sideGroups(page)).toEqual(generalGroups);
    expect(await sideMenu(page).locator('.ant-menu-item-selected').textContent()).toBe(deepGeneral.menuName);

    const deepRfid = firstLeaf(visibleGroups(rfid).at(-1)!)!;
    await page.goto(deepRfid.path);
    await screenOf(page, deepRfid.component).waitFor();
    await expect.poll(() => sideGroups(page)).toEqual(rfidGroups);
    expect(await sideMenu(page).locator('.ant-menu-item-selected').textContent()).toBe(deepRfid.menuName);
    await context.close();
  });

  it("keeps the side menu for a path whose first segment holds 'Dashboar'; other segments switch it", async () => {
    // the seeded dashboard paths are lower case ('/dashboard/...'): they are a module of their own and switch
    const real = await adminWithMenu();
    const menus = real.menus;
    const general = moduleOf(menus, '/general');
    const dashboard = moduleOf(menus, '/dashboard');
    const deep = visibleGroups(general)[1].children[0];
    await real.page.goto(deep.path);
    await expect.poll(() => sideGroups(real.page)).toEqual(visibleGroups(general).map((g) => g.menuName));
    await tag(real.page, firstLeaf(dashboard)!.path).click();
    await waitPath(real.page, firstLeaf(dashboard)!.path);
    await expect.poll(() => sideGroups(real.page)).toEqual(visibleGroups(dashboard).map((g) => g.menuName));
    await real.context.close();

    // the same screens under '/Dashboard/...' leave the side menu where it was
    let edited = { menus: [] as MenuItem[] };
    const { page, context } = await adminWithMenu({
      before: async (page) => {
        edited = await rewriteMenu(page, (list) => {
          for (const g of moduleOf(list, '/dashboard').children)
            for (const s of g.children) s.path = s.path.replace('/dashboard/', '/Dashboard/');
        });
      },
    });
    const home = firstLeaf(edited.menus[0])!;
    expect(home.path.startsWith('/Dashboard/')).toBe(true);
    await waitPath(page, home.path);
    await page.goto(deep.path);
    // a fresh load: the menu comes through the rewriting route first
    await expect.poll(() => sideGroups(page), { timeout: 20_000 }).toEqual(visibleGroups(general).map((g) => g.menuName));
    await tag(page, home.path).click();
    await waitPath(page, home.path);
    await screenOf(page, home.component).waitFor();
    await settle(page);
    expect(await sideGroups(page)).toEqual(visibleGroups(general).map((g) => g.menuName));
    // choosing the module in the navbar still selects its list, also on a 'Dashboar' path
    await tag(page, deep.path).click();
    await waitPath(page, deep.path);
    await page.getByTestId('module-nav').getByText(dashboard.menuName, { exact: true }).click();
    await waitPath(page, home.path);
    await expect.poll(() => sideGroups(page)).toEqual(visibleGroups(dashboard).map((g) => g.menuName));
    await context.close();
  });
});

describe('sidebar highlight', () => {
  it("highlights the route's activeMenu (a visible sibling) on a hidden screen", async () => {
    let hidden: MenuItem | undefined;
    let sibling: MenuItem | undefined;
    const { page, context } = await adminWithMenu({
      before: (page) =>
        rewriteMenu(page, (menus) => {
          const access = visibleGroups(moduleOf(menus, '/general'))[1];
          hidden = access.children[0];
          hidden.hidden = 0;
          sibling = access.children.find((s) => s.hidden !== 0 && s.menuType === MENU_TYPE.SCREEN);
        }),
    });
    if (!hidden || !sibling) throw new Error('the menu was not rewritten');
    await page.goto(hidden.path);
    await screenOf(page, hidden.component).waitFor();
    expect(pathOf(page)).toBe(hidden.path);
    // the hidden screen has no item of its own; its sibling is the one highlighted
    expect(await sideMenu(page).getByText(hidden.menuName, { exact: true }).count()).toBe(0);
    await expect.poll(() => sideMenu(page).locator('.ant-menu-item-selected').allTextContents()).toEqual([sibling.menuName]);
    await context.close();
  });
});

describe('error pages while signed out', () => {
  it("sends /TipsError and /404 to /login, or to /loginDefault when the login type is '1'", async () => {
    const s = await open('en_US');
    const { page, context } = s;
    await page.goto('/TipsError?message=x');
    await waitPath(page, '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/TipsError?message=x');
    await page.getByTestId('login-username').waitFor();
    await page.goto('/404');
    await waitPath(page, '/login');

    await context.addCookies([{ name: COOKIE.loginType, value: LOGIN_TYPE.PASSWORD, url: suite.server.url }]);
    await page.goto('/TipsError?message=x');
    await waitPath(page, '/loginDefault');
    await page.getByTestId('login-username').waitFor();
    await page.goto('/404');
    await waitPath(page, '/loginDefault');
    expect(await cookie(s, COOKIE.token)).toBeUndefined();
    await context.close();
  });
});
