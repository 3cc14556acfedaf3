/**
 * What a new user meets on the General screens, as the platform admin (each story in one language,
 * zh_CN or en_US): parameters by name (modules and chosen options, not codes), shipped data (scheduled
 * tasks) in the user's language, the menu form's icon picker, a data-source test answered with one
 * message, the permission grid (search, select a module, save, reopen) and the editor dashboard naming
 * pages. Pictures of the grids and the icon picker: e2e/shots/general-polish.shots.ts.
 */
import type { Lang } from '@tagloom/domain/lang.ts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSuite, signedIn, tokenOf, withConsoleErrors } from './support/browser';
import { apiPost, grantGrid, menuPath, openIconPicker, rowOf, screenOf, showColumn, webText } from './support/general';

const suite = e2eSuite();

/** A story as the admin on `path`, its table's rows shown; fails on console errors (failed requests aside). */
async function asAdmin(
  lang: Lang,
  path: string,
  story: (s: { page: Page; token: string; errors: string[] }) => Promise<void>,
  ready: (page: Page) => Promise<unknown> = (page) =>
    screenOf(page, path.slice(1)).getByTestId('resource-table').locator('.ant-table-row').first().waitFor(),
) {
  const { page, context, errors } = await signedIn(suite, 'admin', 'admin123', { lang, path });
  try {
    await ready(page);
    await story({ page, token: await tokenOf(context), errors });
    expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
  } catch (err) {
    throw withConsoleErrors(err, errors);
  } finally {
    await context.close();
  }
}

/** The text of a screen's table rows. */
const tableText = async (page: Page, code: string) => (await screenOf(page, code).locator('.ant-table-row').allTextContents()).join('\n');

const cellTexts = async (page: Page, code: string, rowText: string, testId: string) =>
  rowOf(page, code, rowText).first().getByTestId(testId).allTextContents();

const shipped = (lang: Lang, screen: string, key: string) => webText(lang, `shipped.${screen}.${key}`);

describe('General screens a new user meets (admin)', () => {
  it('shows parameters by name: module, chosen options and units, not codes (zh_CN)', () =>
    asAdmin('zh_CN', '/general/sys-param', async ({ page }) => {
      const lang = 'zh_CN';
      const code = 'general/sys-param';
      await expect.poll(() => tableText(page, code), { timeout: 15_000 }).toContain('ALERT_CHANNELS');
      const text = await tableText(page, code);
      expect(text).toContain(shipped(lang, code, 'ALERT_CHANNELS.name'));
      expect(text).toContain(webText(lang, 'paramModules.device'));
      expect(text).not.toContain('EMAIL,SMS');
      const value = (await cellTexts(page, code, 'ALERT_CHANNELS', 'param-value')).join('');
      expect(value).toContain(shipped(lang, code, 'ALERT_CHANNELS.options.EMAIL'));
      expect(value).toContain(shipped(lang, code, 'ALERT_CHANNELS.options.SMS'));
      expect(await cellTexts(page, code, 'READER_OFFLINE_MINUTES', 'param-value')).toEqual([
        `10 ${shipped(lang, code, 'READER_OFFLINE_MINUTES.unit')}`,
      ]);
      expect(await cellTexts(page, code, 'ALERT_CHANNELS', 'param-module')).toEqual([webText(lang, 'paramModules.notify')]);
    }));

  it('shows the shipped scheduled tasks and their handlers in the user language (en_US)', () =>
    asAdmin('en_US', '/general/scheduler', async ({ page }) => {
      const lang = 'en_US';
      const code = 'general/scheduler';
      const name = shipped(lang, code, 'purgeOldLogs.name');
      await expect.poll(() => tableText(page, code), { timeout: 15_000 }).toContain(name);
      // the handler column starts hidden (state, next fire and actions fit 1366 px); the user shows it
      expect(await page.getByTestId('sched-handler').count()).toBe(0);
      await page.getByTestId('resource-columns').click();
      await showColumn(page, 'className');
      await page.getByTestId('sched-handler').first().waitFor();
      await page.keyboard.press('Escape');
      const handler = await cellTexts(page, code, name, 'sched-handler');
      expect(handler[0]).toContain(webText(lang, 'schedulerHandlers.purgeOldLogs'));
      // the shipped Chinese text does not show through in English
      expect(await tableText(page, code)).not.toContain('清理过期日志');
    }));

  it('picks a menu icon from the searchable grid, and shows no frame components (zh_CN)', () =>
    asAdmin(
      'zh_CN',
      '/general/menu',
      async ({ page }) => {
        const tree = page.getByTestId('menu-tree');
        const text = (await tree.textContent()) ?? '';
        expect(text).not.toContain('ParentView');
        expect(text).not.toContain('Layout');
        await page.getByTestId('menu-add').click();
        const form = page.getByTestId('menu-form');
        await form.waitFor();
        const panel = await openIconPicker(page, form);
        await panel.getByTestId('icon-picker-search').locator('input').fill('shop');
        await expect.poll(() => panel.locator('[data-testid^="icon-option-"]').count()).toBe(2);
        await panel.getByTestId('icon-option-ShoppingCartOutlined').click();
        await expect.poll(() => form.getByTestId('menu-form-icon-value').textContent()).toBe('ShoppingCartOutlined');
        await panel.waitFor({ state: 'hidden' });
      },
      (page) => page.getByTestId('menu-tree').locator('tr[data-level="1"]').first().waitFor(),
    ));

  it('answers a data-source test with the server message, once (en_US)', () =>
    asAdmin('en_US', '/general/data-source', async ({ page, token }) => {
      const name = 'Polish dead end';
      expect(
        (await apiPost(page, token, '/api/general/data-source/create', { name, address: '127.0.0.1:1/none', userName: 'x' })).code,
      ).toBe(200);
      await screenOf(page, 'general/data-source').getByTestId('resource-reload').click();
      await rowOf(page, 'general/data-source', name).first().getByTestId('data-source-test').click();
      const result = page.locator('.data-source-result .ant-modal-confirm-body');
      await result.waitFor();
      const title = ((await result.locator('.ant-modal-confirm-title').textContent()) ?? '').trim();
      expect(title.length).toBeGreaterThan(3);
      // said once: no second text under the title repeating it
      expect(((await result.textContent()) ?? '').trim()).toBe(title);
      // the dialog done with its opening animation: wholly opaque
      await expect
        .poll(() => result.evaluate((e) => getComputedStyle(e.closest('.ant-modal') as Element).opacity), { timeout: 5_000 })
        .toBe('1');
      await page.locator('.data-source-result .ant-btn').click();
    }));

  it('grants a role through the grid: search a screen, select a module, save, reopen (en_US)', () =>
    asAdmin('en_US', '/general/role', async ({ page, token }) => {
      const lang = 'en_US';
      const code = 'POLISH_EN_US';
      expect((await apiPost(page, token, '/api/general/role/create', { code, name: 'Polish en_US' })).code).toBe(200);
      await screenOf(page, 'general/role').getByTestId('search-code').fill(code);
      await screenOf(page, 'general/role').getByTestId('resource-search-submit').click();
      await expect.poll(() => tableText(page, 'general/role'), { timeout: 15_000 }).toContain(code);
      await rowOf(page, 'general/role', code).first().getByTestId('role-assign').click();
      const grid = await grantGrid(page, 'role-grant-tree');
      // collapsed: no screen rows until a module is opened or searched
      expect(await grid.locator('tr[data-testid^="grant-screen-"]').count()).toBe(0);

      // search: only the screens named so
      const menuName = menuPath('general/menu', lang).screen;
      await grid.getByTestId('grant-search').locator('input').fill(menuName);
      await expect.poll(() => grid.locator('tr[data-testid^="grant-screen-"]').count()).toBeGreaterThan(0);
      const titles = await grid
        .locator('tr[data-testid^="grant-screen-"]')
        .evaluateAll((rs) => rs.map((r) => r.getAttribute('data-title') ?? ''));
      for (const t of titles) expect(t.toLowerCase()).toContain(menuName.toLowerCase());
      await grid.getByTestId('grant-search').locator('input').fill('');

      // select every screen of the first module
      const toggle = grid.locator('[data-testid^="grant-module-toggle-"]').first();
      const moduleId = Number((await toggle.getAttribute('data-testid'))!.replace('grant-module-toggle-', ''));
      await grid.getByTestId(`grant-module-check-${moduleId}`).click();
      const count = grid.getByTestId(`grant-count-${moduleId}`);
      await expect
        .poll(async () => {
          const [a, b] = ((await count.textContent()) ?? '').split('/').map(Number);
          return a > 0 && a === b;
        })
        .toBe(true);
      const selected = (await count.textContent()) ?? '';
      await toggle.click();
      await grid.locator('tr[data-testid^="grant-screen-"]').first().waitFor();
      await page.getByTestId('role-assign-save').click();
      await page.getByTestId('role-assign-save').waitFor({ state: 'hidden' });

      // reopened: the same grants, from the server
      await rowOf(page, 'general/role', code).first().getByTestId('role-assign').click();
      const again = await grantGrid(page, 'role-grant-tree');
      await expect.poll(() => again.getByTestId(`grant-count-${moduleId}`).textContent()).toBe(selected);
      const roles = await apiPost(page, token, '/api/general/role/list', { code });
      const menus = await apiPost(page, token, '/api/general/role/menus', { id: roles.data.list[0].id });
      const mod = menus.data.tree.find((n: { id: number }) => n.id === moduleId);
      const screens: { buttons: unknown[]; granted: string[] }[] = [];
      const walk = (n: { buttons: unknown[]; granted: string[]; children: never[] }) => {
        if (n.buttons.length) screens.push(n);
        n.children.forEach(walk);
      };
      walk(mod);
      expect(screens.length).toBe(Number(selected.split('/')[1]));
      for (const s of screens) expect(s.granted.length).toBe(s.buttons.length);
    }));

  it('names the pages of the editor dashboard operations, never API paths (zh_CN)', () =>
    asAdmin(
      'zh_CN',
      '/dashboard/editor',
      async ({ page }) => {
        const pages = await page.getByTestId('dashboard-editor').getByTestId('operation-page').allTextContents();
        expect(pages.length).toBeGreaterThan(0);
        for (const p of pages) expect(p).not.toMatch(/\/api\/|^\//);
      },
      (page) => page.getByTestId('dashboard-editor').getByTestId('operation-page').first().waitFor(),
    ));
});
