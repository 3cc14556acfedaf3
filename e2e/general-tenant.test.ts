/**
 * Browser stories for the tenant screen as the platform admin: the seeded tenants listed, a tenant
 * added with menus and its three templates (the coding rule picked from a select of coding-rule
 * templates), edited, refused when its name equals its admin's, exported and deleted (zh_CN); the
 * coding-rule templates (en_US); the list and the add form fitting a phone (en_US, 390 px).
 */
import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { translate } from '@tagloom/domain/i18n/index.ts';
import type { Lang } from '@tagloom/domain/lang.ts';
import { templateCodingRuleResource } from '@tagloom/domain/resources/general/template-coding-rule.ts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSuite, signedIn, tokenOf } from './support/browser';
import {
  apiPost,
  deleteRow,
  fieldError,
  grantGrid,
  panelOf,
  pick,
  rowOf,
  save,
  screenOf,
  tableText,
  tickOneScreen,
  webText,
} from './support/general';

const suite = e2eSuite();

const CODE = 'general/tenant';
const CODING_RULE = String(templateCodingRuleResource.seed![0].name);
/** The seeded rule as the console shows it in `lang` (shipped rows follow the user's language). */
const codingRule = (lang: Lang) => webText(lang, `shipped.general/template-coding-rule.${templateCodingRuleResource.seed![0].code}.name`);
const screen = (page: Page) => screenOf(page, CODE);

async function search(page: Page, code: string) {
  await screen(page).getByTestId('search-code').fill(code);
  await screen(page).getByTestId('resource-search-submit').click();
}

const STORY: { lang: Lang; tenant: { code: string; name: string; admin: string } } = {
  lang: 'zh_CN',
  tenant: { code: 'E2ETEN', name: '端到端租户', admin: 'e2eten_admin' },
};

describe('tenant screen (admin)', () => {
  {
    const { lang, tenant } = STORY;
    it(`${lang}: lists the seeded tenants, adds one with its templates, edits, refuses name = admin, exports, deletes`, async () => {
      const { page, context, errors } = await signedIn(suite, 'admin', 'admin123', { lang, path: `/${CODE}` });
      try {
        const token = await tokenOf(context);

        // the seeded tenants
        await expect.poll(() => tableText(page, CODE)).toContain('DEMO');
        const seeded = await tableText(page, CODE);
        for (const text of ['DEMO', webText(lang, 'shipped.general/tenant.DEMO.name'), 'ACME', 'ACME Apparel'])
          expect(seeded).toContain(text);

        // add: every field, one screen ticked, the three templates picked from their selects
        await screen(page).getByTestId('resource-add').click();
        const form = panelOf(page);
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
          .toEqual(
            expect.arrayContaining(
              templateCodingRuleResource.seed!.map((s) => webText(lang, `shipped.general/template-coding-rule.${s.code}.name`)),
            ),
          );
        await options
          .filter({ hasText: codingRule(lang) })
          .first()
          .click();
        const menuId = await tickOneScreen(page);
        await page.getByTestId('field-remark').fill('created by the browser story');
        await save(page);
        await search(page, tenant.code);
        await expect.poll(() => tableText(page, CODE)).toContain(tenant.name);
        const listed = await apiPost(page, token, '/api/general/tenant/list', { code: tenant.code });
        const made = listed.data.list.find((x: { code: string }) => x.code === tenant.code);
        const rules = await apiPost(page, token, '/api/general/template-coding-rule/list', { name: CODING_RULE });
        expect(made.codingRuleTemplateId).toBe(rules.data.list[0].id);
        expect(made.goodsAttrTemplateId).toBeGreaterThan(0);
        expect(made.locationAttrTemplateId).toBeGreaterThan(0);

        // edit: the form shows the chosen coding rule by name and the granted screen; a new name
        await rowOf(page, CODE, tenant.code).first().getByTestId('row-edit').click();
        await form.waitFor();
        await expect.poll(() => form.getByTestId('field-codingRuleTemplateId').textContent()).toContain(codingRule(lang));
        // the granted screen's module counts it
        await expect.poll(async () => (await grantGrid(page, 'field-menus')).getByTestId('grant-total').textContent()).toMatch(/^\D*1\D/);
        const renamed = `${tenant.name} 2`;
        await page.getByTestId('field-name').fill(renamed);
        await save(page);
        await expect.poll(() => tableText(page, CODE)).toContain(renamed);
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
        await pick(page, page.getByTestId('field-codingRuleTemplateId'), codingRule(lang));
        await tickOneScreen(page);
        await form.getByTestId('resource-form-save').click();
        const message = translate(lang, 'validation.tenantNameIsAdmin');
        await expect.poll(() => fieldError(form, 'adminUsername').textContent()).toContain(message);
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
        expect((await apiPost(page, token, '/api/general/tenant/list', { code: `${tenant.code}X` })).data.total).toBe(0);

        // export: the filtered list as .xlsx
        const [download] = await Promise.all([page.waitForEvent('download'), screen(page).getByTestId('resource-export').click()]);
        expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
        const book = XLSX.read(readFileSync((await download.path())!), { type: 'buffer' });
        const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
        expect(rows.slice(1).map((r) => r[0])).toEqual([tenant.code]);
        expect(JSON.stringify(rows)).not.toContain('pass1234');

        // delete, confirmed by name
        await deleteRow(page, CODE, tenant.code, renamed);
        expect((await apiPost(page, token, '/api/general/tenant/list', { code: tenant.code })).data.total).toBe(0);
        expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('coding-rule templates (en_US): the seeded rules listed, their domains edited as rows', async () => {
    const code = 'general/template-coding-rule';
    const { page, context, errors } = await signedIn(suite, 'admin', 'admin123', { lang: 'en_US', path: `/${code}` });
    try {
      const text = () => tableText(page, code);
      await expect.poll(text).toContain(codingRule('en_US'));
      for (const seed of templateCodingRuleResource.seed!) expect(await text()).toContain(String(seed.sample));
      await rowOf(page, code, codingRule('en_US')).first().getByTestId('row-edit').click();
      const form = panelOf(page);
      await form.waitFor();
      // the domain designer (e2e/coding-rule.test.ts tells its story): one row per domain
      const domains = form.getByTestId('field-domains');
      await expect.poll(() => domains.locator('.cr-row').count()).toBe(5);
      // a domain one bit longer no longer fits the total: the form names the field before anything is sent
      await form.getByTestId('coding-domain-4-length').fill('39');
      await form.getByTestId('resource-form-save').click();
      const beyond = translate('en_US', 'validation.codingRule.beyondTotal', { row: 5, name: 'serial', end: 96, total: 96 });
      await expect.poll(() => fieldError(form, 'domains').textContent()).toContain(beyond);
      await form.getByTestId('resource-form-cancel').click();
      expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('en_US at 390 px: the list and the add form fit the phone', async () => {
    const lang: Lang = 'en_US';
    const { page, context, errors } = await signedIn(suite, 'admin', 'admin123', { lang, width: 390, height: 844, path: `/${CODE}` });
    try {
      await screen(page).getByTestId('resource-table').locator('.ant-table-row').first().waitFor();
      // nothing sticks out sideways but the table's own scroll
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screen(page).getByTestId('resource-add').click();
      const form = panelOf(page);
      await form.waitFor();
      await pick(page, page.getByTestId('field-codingRuleTemplateId'), codingRule(lang));
      await grantGrid(page, 'field-menus');
      await form.getByTestId('resource-form-save').click();
      await form.locator('.ant-form-item-explain-error').first().waitFor();
      // the form, its errors shown, within the phone's width too
      const box = await form.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
