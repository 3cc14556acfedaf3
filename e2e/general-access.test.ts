/**
 * Browser stories for the access screens (tenant, user, role) as the platform admin in en_US:
 * a tenant is added through its dialog (every field, one screen ticked) and listed, a user is added
 * to it with a role, its password reset, and a new role is assigned menus in the drawer.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSuite, signedIn, tokenOf, withConsoleErrors } from './support/browser';
import { apiPost, clickInDialog, panelOf, pick, save, screenOf, tableText, tickOneScreen } from './support/general';
import { openScreen } from './support/screens';

const suite = e2eSuite();

const TENANT = { code: 'E2EACC', name: 'E2E Access Tenant', admin: 'e2eaccadmin' };
const USER = 'e2eaccuser';
const ROLE = { code: 'E2E_ACC_ROLE', name: 'E2E access role' };

async function open(page: Page, code: string) {
  await openScreen(page, code);
  await screenOf(page, code).getByTestId('resource-table').waitFor();
}

describe('access screens (en_US, admin)', () => {
  it('adds a tenant with its menus, a user in it, and assigns a role its menus', async () => {
    const { page, context, errors } = await signedIn(suite, 'admin', 'admin123', { lang: 'en_US', path: '/general/tenant' });
    try {
      const token = await tokenOf(context);

      // tenant: the dialog, every field, one screen ticked
      await screenOf(page, 'general/tenant').getByTestId('resource-table').waitFor();
      await screenOf(page, 'general/tenant').getByTestId('resource-add').click();
      const form = panelOf(page);
      await form.waitFor();
      await page.getByTestId('field-code').fill(TENANT.code);
      await page.getByTestId('field-name').fill(TENANT.name);
      await pick(page, page.getByTestId('field-groupId'));
      await page.getByTestId('field-adminUsername').fill(TENANT.admin);
      await page.getByTestId('field-password').fill('pass1234');
      await page.getByTestId('field-confirmPassword').fill('pass1234');
      await pick(page, page.getByTestId('field-goodsAttrTemplateId'));
      await pick(page, page.getByTestId('field-locationAttrTemplateId'));
      await pick(page, page.getByTestId('field-codingRuleTemplateId'));
      // one screen: the first that offers buttons, ticked with all of them
      const menuId = await tickOneScreen(page);
      await save(page);
      await screenOf(page, 'general/tenant').getByTestId('search-code').fill(TENANT.code);
      await screenOf(page, 'general/tenant').getByTestId('resource-search-submit').click();
      await expect.poll(() => tableText(page, 'general/tenant')).toContain(TENANT.name);
      const listed = await apiPost(page, token, '/api/general/tenant/list', { code: TENANT.code });
      const tenant = listed.data.list.find((t: { code: string }) => t.code === TENANT.code);
      const got = await apiPost(page, token, '/api/general/tenant/menus', { id: tenant.id });
      expect(JSON.stringify(got.data)).toContain(`"id":${menuId}`);
      const grants = (await page.evaluate(
        async ({ id, token }) => (await fetch(`/api/general/tenant/get?id=${id}`, { headers: { token, loginType: '1' } })).json(),
        { id: tenant.id, token },
      )) as { data: { menus: { menuId: number }[] } };
      expect(grants.data.menus.map((m) => m.menuId)).toEqual([menuId]);

      // user in that tenant with a web role of it
      await open(page, 'general/user');
      await screenOf(page, 'general/user').getByTestId('resource-add').click();
      await form.waitFor();
      await pick(page, page.getByTestId('field-tenantId'), TENANT.name);
      await page.getByTestId('field-username').fill(USER);
      await page.getByTestId('field-aliasName').fill('E2E user');
      await page.getByTestId('field-password').fill('pass1234');
      await page.getByTestId('field-confirmPassword').fill('pass1234');
      const userType = page.getByTestId('field-userType');
      if ((await userType.getAttribute('class'))?.includes('ant-radio-group'))
        await userType.getByText('Tenant user', { exact: true }).click();
      else await pick(page, userType, 'Tenant user');
      await pick(page, page.getByTestId('roles-web'));
      // close the multiple select's dropdown
      await form.locator('.ant-modal-title, .ant-drawer-title').first().click();
      await save(page);
      await screenOf(page, 'general/user').getByTestId('search-username').fill(USER);
      await screenOf(page, 'general/user').getByTestId('resource-search-submit').click();
      await expect.poll(() => tableText(page, 'general/user')).toContain(USER);
      expect(await tableText(page, 'general/user')).toContain(TENANT.name);

      // reset password: the temporary one, shown once
      await screenOf(page, 'general/user').locator('.ant-table-row').filter({ hasText: USER }).first().getByTestId('user-reset').click();
      await clickInDialog(page.getByTestId('access-confirm-ok'));
      await expect.poll(async () => ((await page.getByTestId('user-temp-password').textContent()) ?? '').length).toBeGreaterThan(3);
      await page.keyboard.press('Escape');

      // role: a new platform role, assigned one screen in the drawer
      await open(page, 'general/role');
      await screenOf(page, 'general/role').getByTestId('resource-add').click();
      await form.waitFor();
      await page.getByTestId('field-code').fill(ROLE.code);
      await page.getByTestId('field-name').fill(ROLE.name);
      await save(page);
      await screenOf(page, 'general/role').getByTestId('search-code').fill(ROLE.code);
      await screenOf(page, 'general/role').getByTestId('resource-search-submit').click();
      await expect.poll(() => tableText(page, 'general/role')).toContain(ROLE.name);
      await screenOf(page, 'general/role')
        .locator('.ant-table-row')
        .filter({ hasText: ROLE.name })
        .first()
        .getByTestId('role-assign')
        .click();
      const roleMenu = await tickOneScreen(page, 'role-grant-tree');
      await page.getByTestId('role-assign-save').click();
      await page.getByTestId('role-assign-save').waitFor({ state: 'hidden' });
      const roles = await apiPost(page, token, '/api/general/role/list', { code: ROLE.code });
      const role = roles.data.list.find((r: { code: string }) => r.code === ROLE.code);
      const menus = await apiPost(page, token, '/api/general/role/menus', { id: role.id });
      const flat: { id: number; granted: string[] }[] = [];
      const walk = (ns: { id: number; granted: string[]; children: never[] }[]) =>
        ns.forEach((n) => {
          flat.push(n);
          walk(n.children);
        });
      walk(menus.data.tree);
      expect(flat.find((n) => n.id === roleMenu)?.granted.length).toBeGreaterThan(0);
      expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
    } catch (err) {
      throw withConsoleErrors(err, errors);
    } finally {
      await context.close();
    }
  });
});
