/**
 * The shell fits its labels: the top navigation at 1366 px shows the modules an operator works in (RFID,
 * supply, tenant data center) by name, the English side menu at 210 px shows every label whole, and at
 * 390 px the account menu stays on screen. English, whose labels run longest, stands for the three
 * languages (every screen in each language: languages-*.test.ts).
 */
import type { Lang } from '@tagloom/domain';
import { MENU_TREE } from '@tagloom/domain';
import { describe, expect, it } from 'vitest';
import { e2eSuite, pathOf, signedIn, withConsoleErrors } from './support/browser';
import { menuPath } from './support/general';

const suite = e2eSuite();

describe('the top navigation', () => {
  {
    const lang: Lang = 'en_US';
    it(`shows RFID, supply and the tenant data center by name at 1366 px (${lang})`, async () => {
      const { page, context, errors } = await signedIn(suite, 'demo', 'demo123', { lang, width: 1366, height: 768 });
      try {
        const nav = page.getByTestId('module-nav');
        for (const code of ['dashboard', 'label', 'supply', 'rfid', 'tenant']) {
          const item = nav.getByTestId(`module-nav-${code}`);
          await item.waitFor();
          // drawn with its name (not an icon alone), and not put behind the "···"
          await expect.poll(() => item.getAttribute('data-icon-only')).toBeNull();
          const li = item.locator('xpath=ancestor::li[1]');
          expect(await li.getAttribute('aria-hidden')).not.toBe('true');
          const box = await item.boundingBox();
          expect(box && box.width > 10 && box.x + box.width <= 1366).toBe(true);
          // found, and opened, by its full name
          const full = MENU_TREE.find((m) => m.code === code)!.names[lang];
          await expect.poll(() => nav.getByText(full, { exact: true }).count()).toBe(1);
        }
        await nav.getByText(MENU_TREE.find((m) => m.code === 'tenant')!.names[lang], { exact: true }).click();
        await page.waitForURL((u) => u.pathname.startsWith('/tenant/'));
        // every module the menu holds is reachable from the navbar: by name, as an icon or behind "···"
        expect(await nav.locator('[data-testid^="module-nav-"]').count()).toBe(9);
        expect(errors).toEqual([]);
      } catch (err) {
        throw withConsoleErrors(err, errors);
      } finally {
        await context.close();
      }
    });
  }
});

describe('the side menu', () => {
  it('shows every English label whole at 210 px', async () => {
    const { page, context, errors } = await signedIn(suite, 'demo', 'demo123', { lang: 'en_US', width: 1366, height: 768 });
    try {
      const side = page.getByTestId('side-menu');
      const cut = () =>
        side.evaluate((menu) =>
          [...menu.querySelectorAll<HTMLElement>('.ellipsis-label')]
            .filter((el) => el.offsetParent !== null)
            .filter((el) => {
              const box = el.closest<HTMLElement>('.ant-menu-title-content') ?? el;
              return el.scrollWidth > el.clientWidth || el.scrollWidth > box.clientWidth || box.scrollWidth > box.clientWidth;
            })
            .map((el) => el.textContent),
        );
      expect(await page.getByTestId('sidebar').evaluate((el) => el.getBoundingClientRect().width)).toBe(210);
      const modules = await page
        .getByTestId('module-nav')
        .locator('[data-testid^="module-nav-"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.replace('module-nav-', '')));
      let seen = 0;
      for (const code of modules) {
        await page.getByTestId(`module-nav-${code}`).click();
        await page.waitForURL((u) => u.pathname.startsWith(`/${code}/`));
        // the module's side menu drawn, its page's group open on the selected item
        await side
          .locator('.ant-menu-item-selected')
          .getByText(menuPath(pathOf(page).slice(1), 'en_US').screen, { exact: true })
          .waitFor();
        const groups = side.locator(':scope > li.ant-menu-submenu > .ant-menu-submenu-title');
        const n = await groups.count();
        for (let i = 0; i < n; i++) {
          const li = side.locator(':scope > li.ant-menu-submenu').nth(i);
          const isOpen = async () => !!(await li.getAttribute('class'))?.includes('ant-menu-submenu-open');
          // the page's own group is open already; another opens with one click (the accordion closes the rest)
          if (!(await isOpen())) await groups.nth(i).click();
          await expect.poll(isOpen).toBe(true);
          await li.locator('.ant-menu-sub .ant-menu-item').first().waitFor();
          seen += await li.locator('.ant-menu-sub .ant-menu-item').count();
          expect(await cut(), code).toEqual([]);
        }
      }
      // the English names run long: all of them were looked at
      expect(seen).toBeGreaterThan(60);
      expect(errors).toEqual([]);
    } catch (err) {
      throw withConsoleErrors(err, errors);
    } finally {
      await context.close();
    }
  }, 180_000);
});

describe('the navbar on a phone', () => {
  it('keeps the avatar and the account menu on screen at 390 px', async () => {
    const { page, context, errors } = await signedIn(suite, 'demo', 'demo123', { lang: 'en_US', width: 390, height: 844 });
    try {
      const account = page.getByTestId('account');
      const box = await account.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      // the avatar and the arrow drawn whole inside the navbar
      const avatar = await account.locator('.ant-avatar').boundingBox();
      expect(avatar!.x + avatar!.width).toBeLessThanOrEqual(390);
      await account.click();
      const logout = page.getByTestId('menu-logout');
      await logout.waitFor();
      const item = await logout.locator('xpath=ancestor::li[1]').boundingBox();
      expect(item!.x).toBeGreaterThanOrEqual(0);
      expect(item!.x + item!.width).toBeLessThanOrEqual(390);
      expect(errors).toEqual([]);
    } catch (err) {
      throw withConsoleErrors(err, errors);
    } finally {
      await context.close();
    }
  });
});
