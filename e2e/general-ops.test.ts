/**
 * Browser stories for the hand-made operations screens: the four logs, table structure, scheduled
 * tasks and the dictionary — searched, exported, acted on; read-only users see no write buttons.
 */
import type { Lang } from '@tagloom/domain/lang.ts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSuite, type Session, signedIn, tokenOf } from './support/browser';
import { apiPost, clickInDialog, downloadOf, lastMessage, panelOf, screenOf, webText } from './support/general';
import { openScreen } from './support/screens';

const suite = e2eSuite();

const LOGS = ['general/log-login', 'general/log-operation', 'general/log-sync', 'general/log-device'] as const;

const rows = (page: Page, code: string) => screenOf(page, code).locator('.ant-table-row');

/** A session signed in (once per account and file: support/browser signedIn) on `path`. */
const session = (lang: Lang, path: string, user = 'admin', pass = 'admin123'): Promise<Session> =>
  signedIn(suite, user, pass, { lang, path });

describe('logs', () => {
  it('lists seeded rows of each log, filters by a field (none matching: empty), shows details, exports .xlsx', async () => {
    const { page, context, errors } = await session('en_US', '/general/log-login');
    // an operation of the admin's own (queries are no operations): a dictionary module added
    const added = await apiPost(page, await tokenOf(context), '/api/dictionary/web/insert', { code: 'OPS_E2E', name: 'Ops e2e' });
    expect(added.code).toBe(200);
    const filters: Record<(typeof LOGS)[number], [string, string]> = {
      'general/log-login': ['username', 'admin'],
      'general/log-operation': ['username', 'admin'],
      'general/log-sync': ['system', 'ERP'],
      'general/log-device': ['deviceCode', 'GATE'],
    };
    for (const code of LOGS) {
      await openScreen(page, code);
      const v = screenOf(page, code);
      await expect.poll(() => rows(page, code).count(), { timeout: 15_000 }).toBeGreaterThan(0);
      const [field, value] = filters[code];
      const filter = async (text: string) => {
        await v.getByTestId(`log-filter-${field}`).fill(text);
        await v.getByTestId('log-search-submit').click();
      };
      await filter(value);
      await expect
        .poll(async () => {
          const texts = await rows(page, code).allTextContents();
          return texts.length > 0 && texts.every((t) => t.includes(value));
        })
        .toBe(true);
      expect(await v.locator('.ant-table-thead').textContent()).toContain('Tenant');
      expect(await rows(page, code).first().textContent()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
      // a filter nothing matches empties the table; the matching one lists again
      await filter(`${value}-none-such`);
      await expect.poll(() => rows(page, code).count()).toBe(0);
      await filter(value);
      await expect.poll(() => rows(page, code).count()).toBeGreaterThan(0);
      // each log exports what it lists
      expect(await downloadOf(page, () => v.getByTestId('log-export').click()), code).toMatch(/\.xlsx$/);
    }
    // the device log (the screen now shown) colours its levels
    await expect
      .poll(() => screenOf(page, 'general/log-device').locator('.ant-badge-status-error, .ant-badge-status-processing').count())
      .toBeGreaterThan(0);

    await openScreen(page, 'general/log-operation');
    await rows(page, 'general/log-operation').first().getByTestId('log-details').click();
    const drawer = page.locator('.ant-drawer-section').filter({ hasText: 'Log details' });
    await drawer.waitFor();
    expect(await drawer.textContent()).toContain('Request body');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('table structure', () => {
  it('shows the tree, searches it, shows a table’s columns with key badges, exports', async () => {
    const { page, context, errors } = await session('zh_TW', '/general/table-structure');
    const v = screenOf(page, 'general/table-structure');
    await expect.poll(() => v.getByTestId('ts-node').count(), { timeout: 15_000 }).toBeGreaterThan(5);
    await v.getByTestId('ts-search').locator('input').fill('scheduler_tasks');
    await v.locator('[data-testid="ts-node"][data-key="public.scheduler_tasks"]').click();
    await expect.poll(() => v.getByTestId('ts-title').textContent()).toBe('public.scheduler_tasks');
    await expect.poll(() => v.getByTestId('ts-columns').locator('.ant-table-row').count()).toBeGreaterThan(10);
    expect(await v.getByTestId('ts-columns').textContent()).toContain('cron');
    expect(await v.getByTestId('badge-pk').count()).toBeGreaterThan(0);
    expect(await downloadOf(page, () => v.getByTestId('ts-export-one').click())).toMatch(/scheduler_tasks.*\.xlsx$/);
    expect(await downloadOf(page, () => v.getByTestId('ts-export-all').click())).toMatch(/\.xlsx$/);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('scheduled tasks', () => {
  it('pauses then recovers a seeded task, opens its run history, switches trigger fields by type', async () => {
    const { page, context, errors } = await session('en_US', '/general/scheduler');
    const code = 'general/scheduler';
    const row = () => rows(page, code).filter({ hasText: webText('en_US', 'shipped.general/scheduler.purgeOldLogs.name') });
    await row().waitFor({ timeout: 15_000 });
    // the state is the generic badge of its enum's tone; the row offers what the machine allows from it
    const state = () => row().locator('.resource-status').textContent();
    expect(await state()).toBe('Normal');
    expect(await row().locator('.ant-badge-status-processing').count()).toBe(1);
    expect(await row().getByTestId('row-action-recover').count()).toBe(0);

    await row().getByTestId('row-action-pause').click();
    await expect.poll(state).toBe('Paused');
    await expect.poll(() => row().getByTestId('row-action-pause').count()).toBe(0);

    // the toolbar's transition buttons work on one selected row, as far as its state allows
    const s = screenOf(page, code);
    expect(await s.getByTestId('resource-action-recover').isDisabled()).toBe(true);
    await row().locator('.ant-checkbox-input').check();
    await expect.poll(() => s.getByTestId('resource-action-pause').isDisabled()).toBe(true);
    await s.getByTestId('resource-action-recover').click();
    await expect.poll(state).toBe('Normal');

    await row().getByTestId('sched-name').click();
    const drawer = page.locator('.ant-drawer-section').filter({ hasText: 'Run history' });
    await drawer.waitFor();
    await drawer.getByTestId('sched-runs-table').waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // the add form: handlers come from the server, trigger fields follow the type
    await screenOf(page, code).getByTestId('resource-add').click();
    const form = panelOf(page);
    await form.waitFor();
    await clickInDialog(form.getByTestId('field-className'));
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
      .locator('.ant-select-item-option')
      .filter({ hasText: 'refreshDictionaryCache' })
      .waitFor();
    await page.keyboard.press('Escape');
    await form.getByTestId('field-triggerType').getByText('Expression scheduler (cron)', { exact: true }).click();
    await expect.poll(() => form.getByTestId('field-cron').isVisible()).toBe(true);
    expect(await form.getByTestId('field-repeatInterval').count()).toBe(0);
    await form.getByTestId('field-triggerType').getByText('Time scheduler', { exact: true }).click();
    await expect.poll(() => form.getByTestId('field-repeatInterval').isVisible()).toBe(true);
    expect(await form.getByTestId('field-cron').count()).toBe(0);
    await page.getByTestId('resource-form-cancel').click();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('dictionary', () => {
  it('adds a module, adds / edits / deletes a detail, edits and deletes the module, refreshes the cache', async () => {
    const { page, context, errors } = await session('en_US', '/general/dictionary');
    const v = screenOf(page, 'general/dictionary');
    await expect.poll(() => v.getByTestId('dict-module-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);

    await v.getByTestId('dict-add').click();
    await page.getByTestId('dict-form-code').fill('E2E_OPS');
    await page.getByTestId('dict-form-name').fill('E2E dictionary');
    await page.getByTestId('dict-form-save').click();
    await expect.poll(() => lastMessage(page)).toContain('Saved');
    await v.getByTestId('dict-filter-code').fill('E2E_OPS');
    await v.getByTestId('dict-search').click();
    const mod = v.locator('[data-testid="dict-module-row"][data-code="E2E_OPS"]');
    await mod.waitFor();
    await mod.click();
    await expect.poll(() => v.getByTestId('dict-current').textContent()).toBe('E2E_OPS');

    await v.getByTestId('detail-add').click();
    await page.getByTestId('detail-form-num').fill('ON');
    await page.getByTestId('detail-form-name').fill('开');
    await page.getByTestId('detail-form-nameEn').fill('On');
    await page.getByTestId('detail-form-save').click();
    const detail = v.locator('[data-testid="detail-row"][data-num="ON"]');
    await detail.waitFor();
    expect(await detail.textContent()).toContain('Enabled');

    await detail.getByTestId('detail-edit').click();
    await expect.poll(() => page.getByTestId('detail-form-nameEn').inputValue()).toBe('On');
    await page.getByTestId('detail-form-nameEn').fill('Switched on');
    await page.getByTestId('detail-form-save').click();
    await expect.poll(() => detail.textContent()).toContain('Switched on');

    await detail.getByTestId('detail-delete').click();
    await clickInDialog(page.getByTestId('dict-confirm-ok'));
    await expect.poll(() => v.locator('[data-testid="detail-row"]').count()).toBe(0);

    await mod.getByTestId('dict-edit').click();
    await expect.poll(() => page.getByTestId('dict-form-code').inputValue()).toBe('E2E_OPS');
    await page.getByTestId('dict-form-name').fill('E2E dictionary (edited)');
    await page.getByTestId('dict-form-save').click();
    await expect.poll(() => mod.textContent()).toContain('E2E dictionary (edited)');
    await mod.getByTestId('dict-delete').click();
    await clickInDialog(page.getByTestId('dict-confirm-ok'));
    await expect.poll(() => mod.count()).toBe(0);

    await v.getByTestId('dict-refresh-cache').click();
    await expect.poll(() => lastMessage(page)).toMatch(/refresh/i);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('read-only users', () => {
  it('the auditor sees no write buttons on these screens (export stays)', async () => {
    const { page, context, errors } = await session('en_US', '/general/dictionary', 'auditor', 'auditor123');
    const d = screenOf(page, 'general/dictionary');
    await expect.poll(() => d.getByTestId('dict-module-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    for (const id of ['dict-add', 'dict-edit', 'dict-delete', 'dict-refresh-cache', 'detail-add', 'detail-edit', 'detail-delete'])
      expect(await d.getByTestId(id).count(), id).toBe(0);

    await openScreen(page, 'general/scheduler');
    const s = screenOf(page, 'general/scheduler');
    await expect.poll(() => rows(page, 'general/scheduler').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    for (const id of ['resource-add', 'resource-edit', 'resource-delete', 'resource-import', 'row-edit', 'row-delete'])
      expect(await s.getByTestId(id).count(), id).toBe(0);
    await rows(page, 'general/scheduler').first().getByTestId('sched-runs').waitFor();
    // nothing to act on: no row selection either
    expect(await s.locator('.ant-table-selection-column').count()).toBe(0);
    for (const a of ['pause', 'recover', 'stop']) {
      expect(await s.getByTestId(`row-action-${a}`).count(), a).toBe(0);
      expect(await s.getByTestId(`resource-action-${a}`).count(), a).toBe(0);
    }

    await openScreen(page, 'general/log-sync');
    await expect.poll(() => rows(page, 'general/log-sync').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await screenOf(page, 'general/log-sync').getByTestId('log-export').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
