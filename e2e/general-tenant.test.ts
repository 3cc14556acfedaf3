/**
 * Browser stories for the tenant screen as the platform admin: opened from the menu, the seeded
 * tenants listed, a tenant added with menus and its three templates (the coding rule picked from a
 * select of coding-rule templates), edited, refused when its name equals its admin's, exported and
 * deleted. Screenshots (tenant-*.png) at 1366 and 390 px.
 */
import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { translate } from '@tagloom/domain/i18n/index.ts';
import type { Lang } from '@tagloom/domain/lang.ts';
import { MENU_TREE } from '@tagloom/domain/menu/tree.ts';
import { templateCodingRuleResource } from '@tagloom/domain/resources/general/template-coding-rule.ts';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, login, newSession, shot, tokenOf } from './support/browser';
import { type RunningServer, startServer } from './support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const CODE = 'general/tenant';
const CODING_RULE = String(templateCodingRuleResource.seed![0].name);
const screen = (page: Page) => page.locator(`.screen-view[data-screen="${CODE}"]`);
const panel = (page: Page) =>
  page.locator('.resource-form-panel .ant-modal, .resource-form-panel .ant-drawer-section').filter({ visible: true }).first();
const rowsText = async (page: Page) => (await screen(page).getByTestId('resource-table').locator('.ant-table-tbody').textContent()) ?? '';
const rowOf = (page: Page, text: string) => screen(page).locator('.ant-table-row').filter({ hasText: text }).first();
const errorOf = (form: Locator, key: string) =>
  form
    .locator('.ant-form-item')
    .filter({ has: form.page().getByTestId(`field-${key}`) })
    .locator('.ant-form-item-explain-error');

/** Clicks module → group → screen in the navigation, as a user would. */
async function openFromMenu(page: Page, code: string, lang: Lang) {
  const m = MENU_TREE.flatMap((mod) =>
    mod.groups.flatMap((g) => g.screens.filter((s) => s.component === code).map((s) => ({ mod, g, s }))),
  )[0];
  await page.getByTestId('module-nav').getByText(m.mod.names[lang], { exact: true }).click();
  await page.waitForURL((u) => u.pathname.startsWith(`/${code.split('/')[0]}/`), { timeout: 15_000 });
  const side = page.getByTestId('side-menu');
  const group = side.locator('.ant-menu-submenu-title').filter({ hasText: m.g.names[lang] }).first();
  await group.waitFor();
  await page.waitForTimeout(400);
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await side.locator('.ant-menu-item').getByText(m.s.names[lang], { exact: true }).click();
  await page.waitForURL((u) => u.pathname === `/${code}`, { timeout: 15_000 });
  await page.locator(`.screen-view[data-screen="${code}"]`).getByTestId('resource-table').waitFor();
}

/** Opens a select and clicks the option with this label (or the first one). */
async function pick(page: Page, select: Locator, label?: string) {
  await select.click();
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
  await dropdown.waitFor();
  const option = label
    ? dropdown.locator('.ant-select-item-option').filter({ hasText: label })
    : dropdown.locator('.ant-select-item-option');
  await expect.poll(() => option.count()).toBeGreaterThan(0);
  await option.first().click();
}

/** Saves the open form; names the field errors or the server message when it is refused. */
async function save(page: Page) {
  const form = panel(page);
  await form.getByTestId('resource-form-save').click();
  await expect
    .poll(async () => {
      if (await page.locator('.ant-message-success').count()) return 'saved';
      const errs = await form.locator('.ant-form-item-explain-error').allTextContents();
      const msgs = await page.locator('.ant-message-error').allTextContents();
      return errs.length || msgs.length ? `refused: ${[...errs, ...msgs].join(' | ')}` : 'saving';
    })
    .toBe('saved');
  await expect.poll(() => page.locator('.ant-message-success').count(), { timeout: 15_000 }).toBe(0);
}

async function search(page: Page, code: string) {
  await screen(page).getByTestId('search-code').fill(code);
  await screen(page).getByTestId('resource-search-submit').click();
}

/** Ticks the first tenant-side screen that offers buttons (with all of them); returns its menu id. */
async function tickOneScreen(page: Page): Promise<number> {
  const tree = page.getByTestId('field-menus');
  await expect.poll(() => tree.locator('.ant-tree-treenode').count()).toBeGreaterThan(2);
  const node = tree
    .locator('.ant-tree-treenode')
    .filter({ has: page.locator('[data-testid^="grant-b:"]') })
    .first();
  const key = (await node.locator('[data-testid^="grant-b:"]').first().getAttribute('data-testid'))!;
  const menuId = Number(key.split(':')[1]);
  await tree
    .locator('.ant-tree-treenode')
    .filter({ has: page.getByTestId(`grant-m:${menuId}`) })
    .locator('.ant-tree-checkbox')
    .click();
  return menuId;
}

async function api(page: Page, token: string, url: string, body: unknown) {
  return page.evaluate(
    async ({ url, token, body }) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { token, loginType: '1', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return res.json();
    },
    { url, token, body },
  );
}

const STORIES: { lang: Lang; tenant: { code: string; name: string; admin: string } }[] = [
  { lang: 'en_US', tenant: { code: 'E2ETEN', name: 'E2E Tenant Apparel', admin: 'e2eten_admin' } },
  { lang: 'zh_TW', tenant: { code: 'E2ETW', name: '端對端租戶', admin: 'e2etw_admin' } },
];

describe('tenant screen (admin)', () => {
  for (const { lang, tenant } of STORIES) {
    it(`${lang}: lists the seeded tenants, adds one with its templates, edits, refuses name = admin, exports, deletes`, async () => {
      const session = await newSession(browser, server.url, { lang, width: 1366, height: 800 });
      const { page, context, errors } = session;
      try {
        await login(page, 'admin', 'admin123');
        await openFromMenu(page, CODE, lang);
        const token = await tokenOf(context);

        // the seeded tenants
        await expect.poll(() => rowsText(page)).toContain('DEMO');
        const seeded = await rowsText(page);
        for (const text of ['DEMO', '演示租户', 'ACME', 'ACME Apparel']) expect(seeded).toContain(text);
        if (lang === 'en_US') await shot(page, 'tenant-list-en_US-1366');

        // add: every field, one screen ticked, the three templates picked from their selects
        await screen(page).getByTestId('resource-add').click();
        const form = panel(page);
        await form.waitFor();
        await page.getByTestId('field-code').fill(tenant.code);
        await page.getByTestId('field-name').fill(tenant.name);
        await pick(page, page.getByTestId('field-groupId'));
        await page.getByTestId('field-adminUsername').fill(tenant.admin);
        await page.getByTestId('field-password').fill('pass1234');
        await page.getByTestId('field-confirmPassword').fill('pass1234');
        await pick(page, page.getByTestId('field-goodsAttrTemplateId'));
        await pick(page, page.getByTestId('field-locationAttrTemplateId'));
        const coding = page.getByTestId('field-codingRuleTemplateId');
        expect(await coding.evaluate((e) => e.tagName)).not.toBe('INPUT');
        await coding.click();
        const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last().locator('.ant-select-item-option');
        await expect
          .poll(() => options.allTextContents())
          .toEqual(expect.arrayContaining(templateCodingRuleResource.seed!.map((s) => String(s.name))));
        await options.filter({ hasText: CODING_RULE }).first().click();
        const menuId = await tickOneScreen(page);
        await page.getByTestId('field-remark').fill('created by the browser story');
        await shot(page, `tenant-add-${lang}-1366`);
        await save(page);
        await search(page, tenant.code);
        await expect.poll(() => rowsText(page)).toContain(tenant.name);
        const listed = await api(page, token, '/api/general/tenant/list', { code: tenant.code });
        const made = listed.data.list.find((x: { code: string }) => x.code === tenant.code);
        const rules = await api(page, token, '/api/general/template-coding-rule/list', { name: CODING_RULE });
        expect(made.codingRuleTemplateId).toBe(rules.data.list[0].id);
        expect(made.goodsAttrTemplateId).toBeGreaterThan(0);
        expect(made.locationAttrTemplateId).toBeGreaterThan(0);

        // edit: the form shows the chosen coding rule by name and the granted screen; a new name
        await rowOf(page, tenant.code).getByTestId('row-edit').click();
        await form.waitFor();
        await expect.poll(() => form.getByTestId('field-codingRuleTemplateId').textContent()).toContain(CODING_RULE);
        await expect.poll(() => page.getByTestId('field-menus').locator('.ant-tree-checkbox-checked').count()).toBeGreaterThan(0);
        const renamed = `${tenant.name} 2`;
        await page.getByTestId('field-name').fill(renamed);
        await shot(page, `tenant-edit-${lang}-1366`);
        await save(page);
        await expect.poll(() => rowsText(page)).toContain(renamed);
        const got = await page.evaluate(
          async ({ id, token }) => (await fetch(`/api/general/tenant/get?id=${id}`, { headers: { token, loginType: '1' } })).json(),
          { id: made.id, token },
        );
        expect(got.data.menus.map((m: { menuId: number }) => m.menuId)).toEqual([menuId]);

        // refused: a tenant named like its admin user, with the message in the console's language
        await screen(page).getByTestId('resource-add').click();
        await form.waitFor();
        await page.getByTestId('field-code').fill(`${tenant.code}X`);
        await page.getByTestId('field-name').fill('samename');
        await page.getByTestId('field-adminUsername').fill('SameName');
        await page.getByTestId('field-password').fill('pass1234');
        await page.getByTestId('field-confirmPassword').fill('pass1234');
        await pick(page, page.getByTestId('field-goodsAttrTemplateId'));
        await pick(page, page.getByTestId('field-locationAttrTemplateId'));
        await pick(page, page.getByTestId('field-codingRuleTemplateId'), CODING_RULE);
        await tickOneScreen(page);
        await form.getByTestId('resource-form-save').click();
        const message = translate(lang, 'validation.tenantNameIsAdmin');
        await expect.poll(() => errorOf(form, 'adminUsername').textContent()).toContain(message);
        await shot(page, `tenant-name-is-admin-${lang}-1366`);
        // the server says the same when asked directly
        const direct = await page.evaluate(
          async ({ token, lang, body }) =>
            (
              await fetch('/api/general/tenant/create', {
                method: 'POST',
                headers: { token, loginType: '1', langeType: lang, 'content-type': 'application/json' },
                body: JSON.stringify(body),
              })
            ).json(),
          {
            token,
            lang,
            body: {
              code: `${tenant.code}X`,
              name: 'samename',
              adminUsername: 'SameName',
              password: 'pass1234',
              confirmPassword: 'pass1234',
              goodsAttrTemplateId: made.goodsAttrTemplateId,
              locationAttrTemplateId: made.locationAttrTemplateId,
              codingRuleTemplateId: made.codingRuleTemplateId,
              menus: [{ menuId, actions: ['query'] }],
            },
          },
        );
        expect(direct.code).toBe(400);
        expect(direct.msg).toContain(message);
        await form.getByTestId('resource-form-cancel').click();
        await form.waitFor({ state: 'hidden' });
        expect((await api(page, token, '/api/general/tenant/list', { code: `${tenant.code}X` })).data.total).toBe(0);

        // export: the filtered list as .xlsx
        const [download] = await Promise.all([page.waitForEvent('download'), screen(page).getByTestId('resource-export').click()]);
        expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
        const book = XLSX.read(readFileSync((await download.path())!), { type: 'buffer' });
        const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
        expect(rows.slice(1).map((r) => r[0])).toEqual([tenant.code]);
        expect(JSON.stringify(rows)).not.toContain('pass1234');

        // delete, confirmed by name
        await rowOf(page, tenant.code).getByTestId('row-delete').click();
        const confirm = page.locator('.ant-modal-confirm');
        await expect.poll(() => confirm.textContent()).toContain(renamed);
        await confirm.locator('.ant-btn-dangerous').click();
        await expect
          .poll(async () => {
            const refused = await page.locator('.ant-message-error').allTextContents();
            return refused.length
              ? `refused: ${refused.join(' ')}`
              : (await rowsText(page)).includes(tenant.code)
                ? 'still listed'
                : 'gone';
          })
          .toBe('gone');
        expect((await api(page, token, '/api/general/tenant/list', { code: tenant.code })).data.total).toBe(0);
        expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('coding-rule templates (en_US): the seeded rules listed, their domains edited as rows', async () => {
    const { page, context, errors } = await newSession(browser, server.url, { lang: 'en_US', width: 1366, height: 800 });
    const code = 'general/template-coding-rule';
    const s = page.locator(`.screen-view[data-screen="${code}"]`);
    try {
      await login(page, 'admin', 'admin123');
      await openFromMenu(page, code, 'en_US');
      const text = async () => (await s.getByTestId('resource-table').locator('.ant-table-tbody').textContent()) ?? '';
      await expect.poll(text).toContain(CODING_RULE);
      for (const seed of templateCodingRuleResource.seed!) expect(await text()).toContain(String(seed.sample));
      await shot(page, 'tenant-coding-rules-en_US-1366');
      await s.locator('.ant-table-row').filter({ hasText: CODING_RULE }).first().getByTestId('row-edit').click();
      const form = panel(page);
      await form.waitFor();
      const domains = page.getByTestId('field-domains');
      await expect.poll(() => domains.locator('.ant-table-row').count()).toBe(5);
      // a domain one bit longer no longer fits its bits: the form names the field and the domain before anything is sent
      await page.getByTestId('field-domains-4-length').fill('39');
      await form.getByTestId('resource-form-save').click();
      const span = translate('en_US', 'validation.codingRule.span', { row: 5, name: 'serial', start: 58, end: 95, span: 38, length: 39 });
      await expect.poll(() => errorOf(form, 'domains').textContent()).toContain(span);
      await shot(page, 'tenant-coding-rule-edit-en_US-1366');
      await form.getByTestId('resource-form-cancel').click();
      expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  for (const lang of ['en_US', 'zh_TW'] as Lang[]) {
    it(`${lang} at 390 px: the list and the add form fit the phone`, async () => {
      const { page, context, errors } = await newSession(browser, server.url, { lang, width: 390, height: 844 });
      try {
        await login(page, 'admin', 'admin123');
        await page.goto(`/${CODE}`);
        await screen(page).getByTestId('resource-table').locator('.ant-table-row').first().waitFor();
        await shot(page, `tenant-list-${lang}-390`);
        // nothing sticks out sideways but the table's own scroll
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await screen(page).getByTestId('resource-add').click();
        const form = panel(page);
        await form.waitFor();
        await pick(page, page.getByTestId('field-codingRuleTemplateId'), CODING_RULE);
        await expect.poll(() => page.getByTestId('field-menus').locator('.ant-tree-treenode').count()).toBeGreaterThan(2);
        await page.waitForTimeout(300);
        await shot(page, `tenant-add-${lang}-390`);
        await form.getByTestId('resource-form-save').click();
        await form.locator('.ant-form-item-explain-error').first().waitFor();
        await page.waitForTimeout(300);
        await shot(page, `tenant-add-errors-${lang}-390`);
        expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
