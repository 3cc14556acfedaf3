/**
 * Browser stories for the hand-made General screens in en_US or zh_TW as the platform admin: users,
 * roles, menus, scheduled tasks, the web / .NET / Java versions and the dictionary. Each lists seeded
 * rows, adds, edits and deletes a row, and refuses one bad entry with the catalog's message. (The logs'
 * queries and exports: general-ops.test.ts.)
 */
import type { Lang } from '@tagloom/domain/lang.ts';
import { roleResource } from '@tagloom/domain/resources/index.ts';
import { requiredMessage } from '@tagloom/domain/validation.ts';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSuite, newSession, type Session, signedIn, tokenOf, withConsoleErrors } from './support/browser';
import {
  apiPost,
  clickInDialog,
  downloadOf,
  enumText,
  expectSaved,
  fieldError,
  lastMessage,
  menuPath,
  panelOf,
  pick,
  rowOf,
  save,
  screenOf,
  serverText,
  showColumn,
  tableText,
  webText,
} from './support/general';

const suite = e2eSuite();

/** A signed-in admin session on the screen `code`; `run` gets the page, and failures carry the console errors. */
async function asAdmin(lang: Lang, code: string, run: (s: Session) => Promise<void>) {
  const s = await signedIn(suite, 'admin', 'admin123', { lang, path: `/${code}` });
  try {
    await screenOf(s.page, code).waitFor();
    await run(s);
  } catch (err) {
    throw withConsoleErrors(err, s.errors);
  } finally {
    await s.context.close();
  }
}

/** Console errors other than the failed requests a refusal makes the browser log. */
const realErrors = (errors: string[]) => errors.filter((e) => !/Failed to load resource|status of 4\d\d/.test(e));

/** Fills a text input or an antd number input (whose test id may sit on its wrapper). */
async function fillInput(target: Locator, value: string) {
  const input = (await target.evaluate((e) => e.tagName)) === 'INPUT' ? target : target.locator('input').first();
  await input.fill(value);
}

/** Confirms the delete dialog of a resource page (it names the row). */
async function confirmDelete(page: Page, title: string) {
  const confirm = page.locator('.ant-modal-confirm');
  await expect.poll(() => confirm.textContent()).toContain(title);
  await clickInDialog(confirm.locator('.ant-btn-dangerous'));
}

describe('general/user (zh_TW)', () => {
  const lang: Lang = 'zh_TW';
  const code = 'general/user';
  const USER = 'e2escr_user';

  it('lists seeded users, refuses bad entries, adds, edits, forbids and allows login, deletes', () =>
    asAdmin(lang, code, async ({ page, errors }) => {
      const s = screenOf(page, code);
      for (const seeded of ['admin', 'auditor', 'demo', 'viewer', 'acme'])
        await expect.poll(() => tableText(page, code), { timeout: 15_000 }).toContain(seeded);

      await s.getByTestId('resource-add').click();
      const form = panelOf(page);
      await form.waitFor();
      // spec §5: user name of 4+ characters, a password of 4+ without Chinese, two equal entries
      await pick(page, page.getByTestId('field-tenantId'), '演示租户');
      await page.getByTestId('field-username').fill('abc');
      await page.getByTestId('field-username').blur();
      await expect.poll(() => fieldError(form, 'username').textContent()).toContain(serverText(lang, 'validation.tooShort', { min: 4 }));
      await page.getByTestId('field-password').fill('密碼1234');
      await page.getByTestId('field-password').blur();
      await expect.poll(() => fieldError(form, 'password').textContent()).toContain(serverText(lang, 'validation.noChinese'));
      await page.getByTestId('field-username').fill(USER);
      await page.getByTestId('field-aliasName').fill('E2E 使用者');
      await page.getByTestId('field-password').fill('pass1234');
      await page.getByTestId('field-confirmPassword').fill('pass9999');
      const userType = page.getByTestId('field-userType');
      if ((await userType.getAttribute('class'))?.includes('ant-radio-group'))
        await userType.getByText(enumText('UserType', 4, lang), { exact: true }).click();
      else await pick(page, userType, enumText('UserType', 4, lang));
      await pick(page, page.getByTestId('roles-web'));
      await form.locator('.ant-modal-title').click();
      await form.getByTestId('resource-form-save').click();
      await expect.poll(() => fieldError(form, 'confirmPassword').textContent()).toContain(serverText(lang, 'validation.passwordsDiffer'));
      expect(await rowOf(page, code, USER).count()).toBe(0);

      // now right: saved and listed
      await page.getByTestId('field-confirmPassword').fill('pass1234');
      await save(page, form);
      await s.getByTestId('search-username').fill(USER);
      await s.getByTestId('resource-search-submit').click();
      const row = rowOf(page, code, USER);
      await expect.poll(() => row.count()).toBe(1);
      expect(await row.textContent()).toContain('演示租户');
      // the Login column: a switch showing the state, which allows or forbids
      const login = row.getByRole('switch');
      await expect.poll(() => login.getAttribute('aria-checked')).toBe('true');
      expect(await login.locator('.ant-switch-inner-checked').textContent()).toBe(enumText('LoginStatus', 1, lang));

      // edit: a new alias
      await row.getByTestId('row-edit').click();
      await form.waitFor();
      await expect.poll(() => page.getByTestId('field-aliasName').inputValue()).toBe('E2E 使用者');
      await page.getByTestId('field-aliasName').fill('E2E 已編輯');
      await save(page, form);
      await expect.poll(() => row.textContent()).toContain('E2E 已編輯');

      // forbid login: listed as forbidden, and the user cannot sign in; then allowed again
      await row.getByTestId('user-disable').click();
      await clickInDialog(page.getByTestId('access-confirm-ok'));
      await expect.poll(() => login.getAttribute('aria-checked')).toBe('false');
      expect(await login.locator('.ant-switch-inner-unchecked').textContent()).toBe(enumText('LoginStatus', 0, lang));
      // the user tries to sign in, in a browser of their own: refused with the server's message
      const other = await newSession(suite.browser, suite.server.url, { lang });
      try {
        await other.page.goto('/login');
        await other.page.getByTestId('login-username').fill(USER);
        await other.page.getByTestId('login-password').fill('pass1234');
        await other.page.getByTestId('login-submit').click();
        await expect.poll(() => lastMessage(other.page)).toBe(serverText(lang, 'auth.forbidden'));
        expect(new URL(other.page.url()).pathname).toBe('/login');
      } finally {
        await other.context.close();
      }
      await row.getByTestId('user-enable').click();
      await clickInDialog(page.getByTestId('access-confirm-ok'));
      await expect.poll(() => login.getAttribute('aria-checked')).toBe('true');
      expect(await row.getByTestId('user-disable').count()).toBe(1);

      // delete
      await row.getByTestId('row-delete').click();
      await confirmDelete(page, USER);
      await expect.poll(() => row.count()).toBe(0);
      expect(realErrors(errors)).toEqual([]);
    }));
});

describe('general/role (en_US)', () => {
  const lang: Lang = 'en_US';
  const code = 'general/role';
  const ROLE = { code: 'E2E_SCR_ROLE', name: 'E2E screens role' };

  it('lists seeded roles, refuses a bad code, adds, edits, deletes; roles of others offer no edit/delete', () =>
    asAdmin(lang, code, async ({ page, context, errors }) => {
      const s = screenOf(page, code);
      await expect.poll(() => tableText(page, code), { timeout: 15_000 }).toContain('SUPER_ADMIN');
      expect(await tableText(page, code)).toContain('AUDITOR');

      // the tenant is named, not shown as an id: the platform's roles in the list, the platform preselected
      expect(await rowOf(page, code, 'AUDITOR').textContent()).toContain(webText(lang, 'roleAdmin.platform'));
      await s.getByTestId('resource-add').click();
      const form = panelOf(page);
      await form.waitFor();
      await expect.poll(() => form.getByTestId('field-tenantId').textContent()).toContain(webText(lang, 'roleAdmin.platform'));
      await form.getByTestId('field-code').fill('bad code!');
      await form.getByTestId('field-code').blur();
      await expect.poll(() => fieldError(form, 'code').textContent()).toContain(serverText(lang, 'validation.codeChars'));
      await form.getByTestId('field-code').fill(ROLE.code);
      await form.getByTestId('field-name').fill(ROLE.name);
      await save(page, form);
      const row = rowOf(page, code, ROLE.code);
      await expect.poll(() => row.count()).toBe(1);

      await row.getByTestId('row-edit').click();
      await form.waitFor();
      await expect.poll(() => form.getByTestId('field-name').inputValue()).toBe(ROLE.name);
      // the edit form holds the same rules: an emptied name is refused
      await form.getByTestId('field-name').fill('');
      await form.getByTestId('resource-form-save').click();
      await expect.poll(() => fieldError(form, 'name').textContent()).toContain(requiredMessage(lang, roleResource.labels.name[lang]));
      await form.getByTestId('field-name').fill(`${ROLE.name} (edited)`);
      await save(page, form);
      await expect.poll(() => row.textContent()).toContain(`${ROLE.name} (edited)`);

      await row.getByTestId('row-delete').click();
      await confirmDelete(page, `${ROLE.name} (edited)`);
      await expect.poll(() => row.count()).toBe(0);

      // roles the admin did not create (the DEMO tenant's, made by the seed): no Edit / Delete
      const token = await tokenOf(context);
      const tenants = await apiPost(page, token, '/api/general/tenant/list', { code: 'DEMO' });
      const demo = tenants.data.list.find((t: { code: string }) => t.code === 'DEMO');
      const listed = await apiPost(page, token, '/api/general/role/list', { tenantId: demo.id });
      expect(listed.data.list.some((r: { mine: boolean }) => !r.mine)).toBe(true);
      // the tenant is picked by its name in the search form, not typed as an id
      await pick(page, s.getByTestId('search-tenantId'), '(DEMO)');
      await s.getByTestId('resource-search-submit').click();
      const demoRow = rowOf(page, code, 'TENANT_ADMIN');
      await expect.poll(() => demoRow.count()).toBe(1);
      // the tenant shown the one way: its name, its code as secondary text
      expect(await demoRow.getByTestId('tenant-name').locator('small').textContent()).toBe('DEMO');
      expect(await demoRow.getByTestId('row-edit').count()).toBe(0);
      expect(await demoRow.getByTestId('row-delete').count()).toBe(0);
      expect(await demoRow.getByTestId('role-assign').count()).toBe(1);
      // the toolbar's Edit and Delete are off for that row and say why
      await demoRow.locator('.ant-checkbox-input').check();
      for (const button of ['resource-edit', 'resource-delete']) {
        await expect.poll(() => s.getByTestId(button).isDisabled()).toBe(true);
        await s.getByTestId(button).hover({ force: true });
        const tip = page.locator('.ant-tooltip').filter({ visible: true }).last();
        await expect.poll(() => tip.textContent()).toBe(webText(lang, 'roleAdmin.notMine'));
        await page.mouse.move(0, 0);
      }
      expect(await page.locator('.resource-form-panel .ant-modal').filter({ visible: true }).count()).toBe(0);
      expect(realErrors(errors)).toEqual([]);
    }));
});

describe('general/menu (zh_TW)', () => {
  const lang: Lang = 'zh_TW';
  const code = 'general/menu';
  const MENU = 'e2e-screens-menu';

  it('adds a sub-menu (a bad code refused), edits and deletes it', () =>
    asAdmin(lang, code, async ({ page, errors }) => {
      const tree = screenOf(page, code).getByTestId('menu-tree');
      await expect.poll(() => tree.locator('tr[data-level="2"]').count(), { timeout: 30_000 }).toBeGreaterThan(3);
      const versions = menuPath('general/version-app', lang).group;
      const group = tree.locator('tr[data-level="2"]').filter({ has: page.getByText(versions, { exact: true }) });
      await group.getByTestId('menu-add-sub').click();
      const form = page.getByTestId('menu-form');
      await form.waitFor();
      await form.getByTestId('menu-form-name-zh_CN').fill('测试菜单');
      await form.getByTestId('menu-form-name-zh_TW').fill('測試選單');
      await form.getByTestId('menu-form-name-en_US').fill('E2E menu');
      await form.getByTestId('menu-form-code').fill('bad code!');
      await form.getByTestId('menu-form-path').fill(`/${MENU}`);
      await form.getByTestId('menu-form-component').fill(MENU);
      await page.getByTestId('menu-form-save').click();
      const codeError = form
        .locator('.ant-form-item')
        .filter({ has: page.getByTestId('menu-form-code') })
        .locator('.ant-form-item-explain-error');
      await expect.poll(() => codeError.textContent()).toBe(webText(lang, 'menuAdmin.codeFormat'));
      await form.getByTestId('menu-form-code').fill(MENU);
      await page.getByTestId('menu-form-save').click();
      const created = tree.locator(`tr[data-menu-code="${MENU}"]`);
      await expect.poll(() => created.count(), { timeout: 15_000 }).toBe(1);
      await expect.poll(() => created.getByTestId('menu-name').textContent()).toBe('測試選單');

      await created.getByTestId('menu-edit').click();
      await expect.poll(() => form.getByTestId('menu-form-code').inputValue()).toBe(MENU);
      await form.getByTestId('menu-form-name-zh_TW').fill('測試選單（已編輯）');
      await page.getByTestId('menu-form-save').click();
      await expect.poll(() => created.getByTestId('menu-name').textContent()).toBe('測試選單（已編輯）');

      await created.getByTestId('menu-delete').click();
      const confirm = page.locator('.ant-modal-confirm');
      await expect.poll(() => confirm.textContent()).toContain('測試選單（已編輯）');
      await clickInDialog(page.getByTestId('menu-delete-ok'));
      await expect.poll(() => created.count(), { timeout: 15_000 }).toBe(0);
      expect(realErrors(errors)).toEqual([]);
    }));
});

describe('general/scheduler (en_US)', () => {
  const lang: Lang = 'en_US';
  const code = 'general/scheduler';
  const TASK = 'E2E ticking task';

  /** The text of one column's cell in a row, found by the column's header. */
  async function cellOf(page: Page, rowText: string, header: string) {
    const heads = await screenOf(page, code).locator('.ant-table-thead th').allTextContents();
    const index = heads.findIndex((h) => h.trim() === header);
    expect(index, `column ${header} in ${heads.join('|')}`).toBeGreaterThanOrEqual(0);
    return (await rowOf(page, code, rowText).first().locator('td').nth(index).textContent()) ?? '';
  }

  // it waits for the task to fire: on a busy machine this story takes over a minute
  const SLOW = { timeout: 180_000 };
  it('adds a time-triggered task (a bad cron refused), counts its runs, edits, pauses, recovers, stops, deletes', SLOW, () =>
    asAdmin(lang, code, async ({ page, errors }) => {
      const s = screenOf(page, code);
      for (const seeded of ['purgeOldLogs', 'refreshDictionaryCache', 'markReadersOffline'].map((k) =>
        webText(lang, `shipped.general/scheduler.${k}.name`),
      ))
        await expect.poll(() => tableText(page, code), { timeout: 15_000 }).toContain(seeded);
      // the counter and the remark are not among the screen's default columns: shown from the column settings
      await s.getByTestId('resource-columns').click();
      for (const key of ['timesTriggered', 'remark']) await showColumn(page, key);
      await s.getByTestId('resource-columns').click();

      await s.getByTestId('resource-add').click();
      const form = panelOf(page);
      await form.waitFor();
      await form.getByTestId('field-name').fill(TASK);
      await pick(page, form.getByTestId('field-className'), 'refreshDictionaryCache');
      // an expression trigger with a bad cron is refused with the rule's message
      await form
        .getByTestId('field-triggerType')
        .getByText(enumText('SchedulerType', 2, lang), { exact: true })
        .click();
      await form.getByTestId('field-cron').fill('every minute please');
      await form.getByTestId('resource-form-save').click();
      await expect.poll(() => fieldError(form, 'cron').textContent()).toContain(serverText(lang, 'validation.scheduler.cronInvalid'));

      // a time trigger every second instead
      await form
        .getByTestId('field-triggerType')
        .getByText(enumText('SchedulerType', 1, lang), { exact: true })
        .click();
      await fillInput(form.getByTestId('field-repeatInterval'), '1');
      await pick(page, form.getByTestId('field-repeatUnit'), enumText('SchedulerUnit', 1, lang));
      await save(page, form);
      const row = rowOf(page, code, TASK);
      await expect.poll(() => row.count()).toBe(1);
      const state = () => row.locator('.resource-status').textContent();
      expect(await state()).toBe(enumText('SchedulerState', 1, lang));

      // it fires: the times-triggered counter grows
      const timesTriggered = 'Times triggered';
      await expect
        .poll(
          async () => {
            await s.getByTestId('resource-reload').click();
            return Number(await cellOf(page, TASK, timesTriggered));
          },
          { timeout: 20_000, interval: 1500 },
        )
        .toBeGreaterThan(0);

      // edit: the remark
      await row.getByTestId('row-edit').click();
      await form.waitFor();
      await form.getByTestId('field-remark').fill('Edited by the browser story');
      await save(page, form);
      await expect.poll(() => row.textContent()).toContain('Edited by the browser story');

      const act = async (action: 'pause' | 'recover' | 'stop', to: number) => {
        await row.getByTestId(`row-action-${action}`).click();
        // stopping is for good: it asks first
        if (action === 'stop') await clickInDialog(page.getByTestId('machine-confirm-ok'));
        await expect.poll(state).toBe(enumText('SchedulerState', to, lang));
        await expect.poll(() => lastMessage(page)).toContain(serverText(lang, `scheduler.done.${action}`));
      };
      await act('pause', 2);
      await act('recover', 1);
      await act('stop', 3);
      // a stopped task offers no more state changes, and is no longer edited (it may still be cleared away)
      await row.getByTestId('sched-runs').waitFor();
      for (const a of ['pause', 'recover', 'stop']) expect(await row.getByTestId(`row-action-${a}`).count(), a).toBe(0);
      expect(await row.getByTestId('row-edit').isDisabled()).toBe(true);

      await row.getByTestId('row-delete').click();
      await confirmDelete(page, TASK);
      await expect.poll(() => row.count()).toBe(0);
      expect(realErrors(errors)).toEqual([]);
    }),
  );
});

describe('software versions', () => {
  const cases: { type: 'web' | 'net' | 'java'; lang: Lang; file: string; bytes: Buffer; mime: string }[] = [
    {
      type: 'web',
      lang: 'zh_TW',
      file: 'site.zip',
      bytes: Buffer.concat([Buffer.from('PK\x03\x04', 'binary'), Buffer.from('web bundle'), Buffer.alloc(3000, 1)]),
      mime: 'application/zip',
    },
    {
      type: 'net',
      lang: 'en_US',
      file: 'agent.exe',
      bytes: Buffer.concat([Buffer.from('MZ', 'binary'), Buffer.from('net agent'), Buffer.alloc(3000, 2)]),
      mime: 'application/octet-stream',
    },
    {
      type: 'java',
      lang: 'zh_TW',
      file: 'service.jar',
      bytes: Buffer.concat([Buffer.from('PK\x03\x04', 'binary'), Buffer.from('java service'), Buffer.alloc(3000, 3)]),
      mime: 'application/java-archive',
    },
  ];

  for (const c of cases) {
    const code = `general/version-${c.type}`;
    it(`${code} (${c.lang}): uploads a file, lists and downloads it, refuses the same file again, edits, deletes`, () =>
      asAdmin(c.lang, code, async ({ page, errors }) => {
        const s = screenOf(page, code);
        await s.getByTestId('resource-table').waitFor();
        const upload = async (versionName: string, versionNumber: number) => {
          await s.getByTestId('version-new').click();
          const form = page.getByTestId('version-form');
          await form.waitFor();
          await form.getByTestId('field-softwareName').fill(`E2E ${c.type}`);
          await form.getByTestId('field-softwareCode').fill(`e2e.${c.type}`);
          await form.getByTestId('field-versionName').fill(versionName);
          await fillInput(form.getByTestId('field-versionNumber'), String(versionNumber));
          await form.getByTestId('field-updatedInstructions').fill('Uploaded by the browser story');
          await page
            .getByTestId('version-upload')
            .locator('input[type=file]')
            .setInputFiles({ name: c.file, mimeType: c.mime, buffer: c.bytes });
          await expect.poll(() => page.getByTestId('version-upload').textContent()).toContain(c.file);
          await page.getByTestId('version-upload-save').click();
        };

        const name = `E2E ${c.type} 1.0`;
        await upload(name, 100);
        await expectSaved(page);
        const row = rowOf(page, code, name);
        await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
        await expect.poll(() => row.getByTestId('version-file').textContent()).toContain(c.file);
        await page.getByTestId('version-form').waitFor({ state: 'hidden' });
        expect(await downloadOf(page, () => row.getByTestId('version-download').click())).toBe(c.file);

        // the same bytes again: refused with the duplicate message, nothing listed
        await upload(`E2E ${c.type} 1.1`, 101);
        await expect
          .poll(() => page.locator('.ant-message-error').last().textContent())
          .toBe(serverText(c.lang, 'file.duplicate', { name: c.file }));
        await page
          .locator('.ant-modal-wrap')
          .filter({ has: page.getByTestId('version-form') })
          .locator('.ant-modal-close')
          .click();
        expect(await rowOf(page, code, `E2E ${c.type} 1.1`).count()).toBe(0);

        // edit the version name
        await row.getByTestId('row-edit').click();
        const form = panelOf(page);
        await form.waitFor();
        await form.getByTestId('field-versionName').fill(`${name} GA`);
        await save(page, form);
        const edited = rowOf(page, code, `${name} GA`);
        await expect.poll(() => edited.count()).toBe(1);

        await edited.getByTestId('row-delete').click();
        await confirmDelete(page, `${name} GA`);
        await expect.poll(() => edited.count()).toBe(0);
        expect(realErrors(errors)).toEqual([]);
      }));
  }
});

describe('general/dictionary (zh_TW)', () => {
  it('refuses a module code with spaces with its message', () =>
    asAdmin('zh_TW', 'general/dictionary', async ({ page, errors }) => {
      const code = 'general/dictionary';
      const v = screenOf(page, code);
      await expect.poll(() => v.getByTestId('dict-module-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await v.getByTestId('dict-add').click();
      await page.getByTestId('dict-form-code').fill('bad code!');
      await page.getByTestId('dict-form-name').fill('錯誤字典');
      await page.getByTestId('dict-form-save').click();
      const err = page
        .getByTestId('dict-form')
        .locator('.ant-form-item')
        .filter({ has: page.getByTestId('dict-form-code') })
        .locator('.ant-form-item-explain-error');
      await expect.poll(() => err.textContent()).toBe(webText('zh_TW', 'dictionary.codeFormat'));
      await page
        .locator('.ant-modal-wrap')
        .filter({ has: page.getByTestId('dict-form') })
        .locator('.ant-modal-close')
        .click();
      await page.getByTestId('dict-form').waitFor({ state: 'hidden' });
      await v.getByTestId('dict-filter-code').fill('bad code');
      await v.getByTestId('dict-search').click();
      await expect.poll(() => v.getByTestId('dict-module-row').count()).toBe(0);
      expect(realErrors(errors)).toEqual([]);
    }));
});
