/**
 * Browser stories of the tenant's people screens as `demo` (issue 11): roles listed, added, edited
 * and deleted; a button granted to a role on permission maintenance reaches a user of that role; a
 * user added bound to a store, edited, forbidden to sign in and deleted; the demo store user
 * store01 sees only its store. Screenshots (1366 and 390 wide, three languages): people-*.png.
 */
import type { Lang } from '@tagloom/domain/lang.ts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSuite, login, newSession, shot, tokenOf, withConsoleErrors } from './support/browser';
import { apiPost, clickInDialog, deleteRow, panelOf, pick, rowOf, save, screenOf, tableText } from './support/general';

const suite = e2eSuite();

const ROLE = { code: 'E2E_CLERK', name: 'E2E clerk' };
const USER = 'e2e_clerk';

async function open(page: Page, code: string) {
  await page.goto(`/${code}`);
  await screenOf(page, code).getByTestId('resource-table').waitFor();
}

/** Waits until the screen's table has finished loading (no spinner over it). */
async function settled(page: Page, code: string) {
  await expect.poll(() => screenOf(page, code).locator('.ant-spin-spinning').count()).toBe(0);
}

async function search(page: Page, code: string, field: string, text: string) {
  await screenOf(page, code).getByTestId(`search-${field}`).fill(text);
  await screenOf(page, code).getByTestId('resource-search-submit').click();
  await expect.poll(() => tableText(page, code)).toContain(text);
}

describe('tenant people screens (demo)', () => {
  it('manages roles, grants a button, manages a user bound to a store; store01 sees only its store', async () => {
    const session = await newSession(suite.browser, suite.server.url, { lang: 'en_US', width: 1366, height: 800 });
    const { page, context, errors } = session;
    try {
      await login(page, 'demo', 'demo123');
      const token = await tokenOf(context);

      // roles: add, edit
      await open(page, 'tenant/role');
      await screenOf(page, 'tenant/role').getByTestId('resource-add').click();
      const form = panelOf(page);
      await form.waitFor();
      await page.getByTestId('field-code').fill(ROLE.code);
      await page.getByTestId('field-name').fill(`${ROLE.name} 1`);
      await save(page);
      await search(page, 'tenant/role', 'code', ROLE.code);
      await rowOf(page, 'tenant/role', ROLE.code).first().getByTestId('row-edit').click();
      await form.waitFor();
      await page.getByTestId('field-name').fill(ROLE.name);
      await save(page);
      await expect.poll(() => tableText(page, 'tenant/role')).toContain(ROLE.name);
      const role = (await apiPost(page, token, '/api/tenant/role/list', { code: ROLE.code })).data.list[0];
      // its Assign opens the role's grid (nothing granted yet)
      await rowOf(page, 'tenant/role', ROLE.code).first().getByTestId('role-assign').click();
      const drawerTree = page.getByTestId('role-grant-tree');
      await drawerTree.locator('[data-testid^="grant-module-toggle-"]').first().waitFor();
      expect(await drawerTree.getByTestId('grant-total').textContent()).toMatch(/^0\//);
      await shot(page, 'people-role-assign');
      await page.keyboard.press('Escape');
      await drawerTree.waitFor({ state: 'detached' });

      // permission maintenance: the role gets the stores screen with query and export
      await page.goto('/tenant/permission');
      const perm = page.getByTestId('tenant-permission');
      await perm.waitFor();
      await pick(page, page.getByTestId('permission-role'), ROLE.name);
      const tree = page.getByTestId('permission-tree');
      await tree.locator('[data-testid^="grant-module-toggle-"]').first().waitFor();
      const menus = await apiPost(page, token, '/api/tenant/permission/menus', { id: role.id });
      const flat: { id: number; code: string }[] = [];
      const walk = (ns: { id: number; code: string; children: never[] }[]) =>
        ns.forEach((n) => {
          flat.push(n);
          walk(n.children);
        });
      walk(menus.data.tree);
      const storeMenu = flat.find((n) => n.code === 'tenant/store')!.id;
      await tree.getByTestId('grant-expand-all').click();
      for (const b of ['query', 'export']) {
        await tree.getByTestId(`grant-b:${storeMenu}:${b}`).click();
        await expect.poll(() => tree.getByTestId(`grant-b:${storeMenu}:${b}`).isChecked()).toBe(true);
      }
      await page.getByTestId('permission-tree-save').click();
      await expect
        .poll(async () => {
          const got = await apiPost(page, token, '/api/tenant/permission/menus', { id: role.id });
          const all: { id: number; granted: string[] }[] = [];
          const w = (ns: { id: number; granted: string[]; children: never[] }[]) =>
            ns.forEach((n) => {
              all.push(n);
              w(n.children);
            });
          w(got.data.tree);
          return all.find((n) => n.id === storeMenu)?.granted.sort();
        })
        .toEqual(['export', 'query']);
      await shot(page, 'people-permission-granted');

      // users: add one bound to store ST001, with the role
      const store = (await apiPost(page, token, '/api/tenant/store/list', { code: 'ST001' })).data.list.find(
        (s: { code: string }) => s.code === 'ST001',
      );
      await open(page, 'tenant/user');
      await screenOf(page, 'tenant/user').getByTestId('resource-add').click();
      await form.waitFor();
      await page.getByTestId('field-username').fill(USER);
      await page.getByTestId('field-aliasName').fill('E2E clerk user');
      await page.getByTestId('field-password').fill('clerk1234');
      await page.getByTestId('field-confirmPassword').fill('clerk1234');
      // the user chooses its own password at once here (the switch is on by default)
      await page.getByTestId('field-mustChangePassword').click();
      await pick(page, page.getByTestId('field-partyKind'), 'Store');
      await page.getByTestId('field-partyId').click();
      await page.keyboard.type('ST001');
      await pick(page, page.getByTestId('field-partyId'), store.name);
      await pick(page, page.getByTestId('roles-web'), ROLE.name);
      await form.locator('.ant-modal-title, .ant-drawer-title').first().click();
      await shot(page, 'people-user-form-filled');
      await save(page);
      await search(page, 'tenant/user', 'username', USER);
      await expect.poll(() => tableText(page, 'tenant/user')).toContain(store.name);

      // a user of the role sees the granted button on the stores screen
      const clerk = await newSession(suite.browser, suite.server.url, { lang: 'en_US', width: 1366, height: 800 });
      try {
        await login(clerk.page, USER, 'clerk1234');
        await open(clerk.page, 'tenant/store');
        await screenOf(clerk.page, 'tenant/store').getByTestId('resource-export').waitFor();
        expect(await screenOf(clerk.page, 'tenant/store').getByTestId('resource-add').count()).toBe(0);
        await expect.poll(() => screenOf(clerk.page, 'tenant/store').locator('.ant-table-row').count()).toBe(1);
        expect(await tableText(clerk.page, 'tenant/store')).toContain('ST001');
      } finally {
        await clerk.context.close();
      }

      // edit the user
      await rowOf(page, 'tenant/user', USER).first().getByTestId('row-edit').click();
      await form.waitFor();
      await page.getByTestId('field-aliasName').fill('E2E clerk renamed');
      await save(page);
      await expect.poll(() => tableText(page, 'tenant/user')).toContain('E2E clerk renamed');

      // forbid login
      await rowOf(page, 'tenant/user', USER).first().getByTestId('user-disable').click();
      await clickInDialog(page.getByTestId('access-confirm-ok'));
      await expect.poll(() => rowOf(page, 'tenant/user', USER).first().getByTestId('user-enable').count()).toBe(1);
      const refused = await page.evaluate(async () =>
        (
          await fetch('/api/user/login', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: 'e2e_clerk', password: 'clerk1234' }),
          })
        ).json(),
      );
      expect(refused.code).not.toBe(200);

      // delete the user, then its role
      await deleteRow(page, 'tenant/user', USER);
      await open(page, 'tenant/role');
      await search(page, 'tenant/role', 'code', ROLE.code);
      await deleteRow(page, 'tenant/role', ROLE.code, ROLE.name);
      expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
    } catch (err) {
      await shot(page, 'people-failure');
      throw withConsoleErrors(err, errors);
    } finally {
      await context.close();
    }
  });

  it('store01 sees only its store ST001', async () => {
    const { page, context } = await newSession(suite.browser, suite.server.url, { lang: 'zh_CN', width: 1366, height: 800 });
    try {
      await login(page, 'store01', 'demo1234');
      await open(page, 'tenant/store');
      await expect.poll(() => screenOf(page, 'tenant/store').locator('.ant-table-row').count()).toBe(1);
      expect(await tableText(page, 'tenant/store')).toContain('ST001');
      await shot(page, 'people-store01-stores');
    } finally {
      await context.close();
    }
  });

  for (const lang of ['zh_CN', 'zh_TW', 'en_US'] as Lang[])
    for (const width of [1366, 390])
      it(`shows the user list and form and permission maintenance (${lang}, ${width})`, async () => {
        const { page, context, errors } = await newSession(suite.browser, suite.server.url, {
          lang,
          width,
          height: width > 800 ? 800 : 844,
        });
        const name = `people-${lang}-${width}`;
        try {
          await login(page, 'demo', 'demo123');
          await open(page, 'tenant/user');
          await expect.poll(() => tableText(page, 'tenant/user')).toContain('store01');
          await settled(page, 'tenant/user');
          await shot(page, `${name}-user-list`);
          await screenOf(page, 'tenant/user').getByTestId('resource-add').click();
          await panelOf(page).waitFor();
          await pick(page, page.getByTestId('field-partyKind'));
          await shot(page, `${name}-user-form`);
          await page.keyboard.press('Escape');
          await page.goto('/tenant/permission');
          await page.getByTestId('permission-tree').locator('[data-testid^="grant-module-toggle-"]').first().waitFor();
          await page.getByTestId('permission-tree').locator('[data-testid^="grant-module-toggle-"]').first().click();
          await shot(page, `${name}-permission`);
          await open(page, 'tenant/role');
          await expect.poll(() => tableText(page, 'tenant/role')).toContain('STORE_CLERK');
          await settled(page, 'tenant/role');
          await shot(page, `${name}-role-list`);
          await open(page, 'tenant/param');
          await expect.poll(() => tableText(page, 'tenant/param')).toContain('RECEIVE_MODE');
          await settled(page, 'tenant/param');
          await shot(page, `${name}-param-list`);
          expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
        } finally {
          await context.close();
        }
      });
});
