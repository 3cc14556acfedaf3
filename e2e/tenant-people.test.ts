/**
 * Browser stories of the tenant's people screens as `demo` (issue 11): roles listed, added, edited
 * and deleted; a button granted to a role on permission maintenance reaches a user of that role; a
 * user added bound to a store, edited, forbidden to sign in and deleted; the demo store user
 * store01 sees only its store. (The role's grant drawer, permission maintenance and the user form
 * filled, 1366 and 390 px in the three languages: shots/tenant-people.shots.ts.)
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSuite, login, newSession, signedIn, tokenOf, withConsoleErrors } from './support/browser';
import { apiPost, clickInDialog, deleteRow, panelOf, pick, rowOf, save, screenOf, tableText } from './support/general';
import { openScreen } from './support/screens';

const suite = e2eSuite();

const ROLE = { code: 'E2E_CLERK', name: 'E2E clerk' };
const USER = 'e2e_clerk';

async function search(page: Page, code: string, field: string, text: string) {
  await screenOf(page, code).getByTestId(`search-${field}`).fill(text);
  await screenOf(page, code).getByTestId('resource-search-submit').click();
  await expect.poll(() => tableText(page, code)).toContain(text);
}

describe('tenant people screens (demo)', () => {
  // one flow through four screens and two users: minutes on a busy machine
  it('manages roles, grants a button, manages a user bound to a store; store01 sees only its store', { timeout: 180_000 }, async () => {
    const { page, context, errors } = await signedIn(suite, 'demo', 'demo123', { lang: 'en_US', path: '/tenant/role' });
    try {
      const token = await tokenOf(context);

      // roles: add, edit
      await screenOf(page, 'tenant/role').getByTestId('resource-table').waitFor();
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
      await page.keyboard.press('Escape');
      await drawerTree.waitFor({ state: 'detached' });

      // permission maintenance: the role gets the stores screen with query and export
      await openScreen(page, 'tenant/permission');
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

      // users: add one bound to store ST001, with the role
      const store = (await apiPost(page, token, '/api/tenant/store/list', { code: 'ST001' })).data.list.find(
        (s: { code: string }) => s.code === 'ST001',
      );
      await openScreen(page, 'tenant/user');
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
      await save(page);
      await search(page, 'tenant/user', 'username', USER);
      await expect.poll(() => tableText(page, 'tenant/user')).toContain(store.name);

      // a user of the role sees the granted button on the stores screen
      const clerk = await newSession(suite.browser, suite.server.url, { lang: 'en_US' });
      try {
        // through the login form: the new user signs in with the password its form gave it
        await login(clerk.page, USER, 'clerk1234');
        await openScreen(clerk.page, 'tenant/store');
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
      await openScreen(page, 'tenant/role');
      await search(page, 'tenant/role', 'code', ROLE.code);
      await deleteRow(page, 'tenant/role', ROLE.code, ROLE.name);
      expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
    } catch (err) {
      throw withConsoleErrors(err, errors);
    } finally {
      await context.close();
    }
  });

  it('store01 sees only its store ST001', async () => {
    const { page, context } = await signedIn(suite, 'store01', 'demo1234', { lang: 'zh_CN', path: '/tenant/store' });
    try {
      await expect.poll(() => screenOf(page, 'tenant/store').locator('.ant-table-row').count()).toBe(1);
      expect(await tableText(page, 'tenant/store')).toContain('ST001');
    } finally {
      await context.close();
    }
  });

  it('lists the seeded users, roles and parameters; permission maintenance shows the modules', async () => {
    const { page, context, errors } = await signedIn(suite, 'demo', 'demo123', { lang: 'zh_CN', path: '/tenant/user' });
    try {
      await expect.poll(() => tableText(page, 'tenant/user')).toContain('store01');
      await openScreen(page, 'tenant/permission');
      await page.getByTestId('permission-tree').locator('[data-testid^="grant-module-toggle-"]').first().waitFor();
      await openScreen(page, 'tenant/role');
      await expect.poll(() => tableText(page, 'tenant/role')).toContain('STORE_CLERK');
      await openScreen(page, 'tenant/param');
      await expect.poll(() => tableText(page, 'tenant/param')).toContain('RECEIVE_MODE');
      expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
