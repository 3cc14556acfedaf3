/**
 * Browser stories for the hand-made menu and version screens: as admin in en_US, add a sub-menu
 * under a group and see it in the tree, add an operation button to a screen; on App versions upload
 * a small generated .apk, see it listed and download it.
 */
import type { Lang } from '@tagloom/domain/lang.ts';
import { MENU_TREE } from '@tagloom/domain/menu/tree.ts';
import { describe, expect, it } from 'vitest';
import { e2eSuite, type Session, signedIn } from './support/browser';
import { clickInDialog, downloadOf, lastMessage, openIconPicker, screenOf } from './support/general';

const suite = e2eSuite();

/** The admin signed in (one login per file) on `path`. */
const session = (lang: Lang, path: string): Promise<Session> => signedIn(suite, 'admin', 'admin123', { lang, path });

/** The group holding the version screens (a level-2 menu) and its English name. */
const versionsGroup = MENU_TREE.flatMap((m) => m.groups).find((g) => g.screens.some((s) => s.component === 'general/version-app'))!;

describe('menu', () => {
  it('adds a sub-menu under a group and an operation button to it', async () => {
    const { page, errors } = await session('en_US', '/general/menu');
    const v = screenOf(page, 'general/menu');
    const tree = v.getByTestId('menu-tree');
    await expect.poll(() => tree.locator('tr[data-level="2"]').count(), { timeout: 30_000 }).toBeGreaterThan(3);

    // New sub-menu under the "Versions" group
    const group = tree.locator('tr[data-level="2"]').filter({ has: page.getByText(versionsGroup.names.en_US, { exact: true }) });
    await expect.poll(() => group.count(), { timeout: 10_000 }).toBe(1);
    await group.getByTestId('menu-add-sub').click();
    const form = page.getByTestId('menu-form');
    await form.waitFor();
    const code = `e2e-menuver-${Date.now().toString(36)}`;
    await form.getByTestId('menu-form-name-zh_CN').fill('测试页面');
    await form.getByTestId('menu-form-name-en_US').fill('E2E screen');
    await form.getByTestId('menu-form-code').fill(code);
    await form.getByTestId('menu-form-path').fill(`/${code}`);
    await form.getByTestId('menu-form-component').fill(code);
    // the picker's grid re-renders as the search filters it: a click lost meanwhile is made again
    // (the picker reopened when it closed) until the form shows the icon
    const iconValue = form.getByTestId('menu-form-icon-value');
    await expect
      .poll(
        async () => {
          if ((await iconValue.count()) && (await iconValue.textContent()) === 'ToolOutlined') return true;
          const option = page.getByTestId('icon-option-ToolOutlined');
          if (!(await option.isVisible())) {
            const panel = await openIconPicker(page, form);
            await panel.getByTestId('icon-picker-search').locator('input').fill('tool');
          }
          await option.click({ timeout: 5_000 }).catch(() => undefined);
          return false;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await page.getByTestId('menu-form-save').click();
    const created = tree.locator(`tr[data-menu-code="${code}"]`);
    await expect.poll(() => created.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => created.getByTestId('menu-name').textContent()).toBe('E2E screen');
    expect(await created.getAttribute('data-level')).toBe('3');

    // an operation button on the new screen
    await created.getByTestId('menu-buttons').click();
    const drawer = page.getByTestId('menu-btn-drawer');
    await drawer.getByTestId('menu-btn-add').click();
    const bform = page.getByTestId('menu-btn-form');
    await bform.getByTestId('menu-btn-code').fill('audit');
    await bform.getByTestId('menu-btn-name-zh_CN').fill('审核');
    await bform.getByTestId('menu-btn-name-zh_TW').fill('審核');
    await bform.getByTestId('menu-btn-name-en_US').fill('Audit');
    await page.getByTestId('menu-btn-save').click();
    const btnRow = drawer.getByTestId('menu-btn-table').locator('.ant-table-row').filter({ hasText: 'audit' });
    await expect.poll(() => btnRow.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => btnRow.textContent()).toContain('Audit');
    await drawer.locator('.ant-drawer-close').click();

    // a group with screens cannot be deleted: the server says why
    await group.getByTestId('menu-delete').click();
    await clickInDialog(page.getByTestId('menu-delete-ok'));
    await expect.poll(() => lastMessage(page), { timeout: 10_000 }).toBeTruthy();
    await expect.poll(() => group.count()).toBe(1);
    // the refused delete (409) is the only failed request the browser logs
    expect(errors.filter((e) => !e.includes('status of 409'))).toEqual([]);
  });
});

describe('versions', () => {
  it('uploads a generated .apk, lists it and downloads it', async () => {
    const { page, errors } = await session('zh_CN', '/general/version-app');
    const v = screenOf(page, 'general/version-app');
    await v.getByTestId('version-new').click({ timeout: 60_000 });
    const form = page.getByTestId('version-form');
    await form.waitFor();
    const name = `E2E ${Date.now().toString(36)}`;
    await form.getByTestId('field-softwareName').fill('Scanner');
    await form.getByTestId('field-softwareCode').fill('scanner.e2e');
    await form.getByTestId('field-versionName').fill(name);
    await form.getByTestId('field-versionNumber').fill(String(100 + Math.floor(Math.random() * 100000)));
    await form.getByTestId('field-updatedInstructions').fill('Generated by the browser story');

    // a wrong type is refused in the browser
    const input = page.getByTestId('version-upload').locator('input[type=file]');
    await input.setInputFiles({ name: 'x.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect.poll(() => page.getByTestId('version-file-error').textContent()).toContain('.apk');

    const apk = Buffer.concat([Buffer.from('PK\x03\x04', 'binary'), Buffer.from(name), Buffer.alloc(2048, 7)]);
    await input.setInputFiles({ name: 'x.apk', mimeType: 'application/vnd.android.package-archive', buffer: apk });
    await expect.poll(() => page.getByTestId('version-upload').textContent()).toContain('x.apk');
    await page.getByTestId('version-upload-save').click();

    const row = v.locator('.ant-table-row').filter({ hasText: name });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => row.getByTestId('version-file').textContent()).toContain('x.apk');

    expect(await downloadOf(page, () => row.getByTestId('version-download').click())).toBe('x.apk');
    expect(errors).toEqual([]);
  });
});
