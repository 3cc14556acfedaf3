/**
 * Browser stories for the generic resource page, the platform's General screens (the tenant's generic
 * screens: general-generic-*.test.ts, the same story from support/a-generic.ts): each is in the menu,
 * lists its seeds, adds, edits, refuses a bad entry and deletes; tenant groups also import and export;
 * a data source tests its connection; read-only users see no write buttons.
 */
import { RESOURCES } from '@tagloom/domain/resources/index.ts';
import { describe, expect, it } from 'vitest';
import { GENERIC, genericStories, hasHandMadeView, menuScreens, workbookWithOneBadRow } from './support/a-generic';
import { e2eSuite, signedIn, tokenOf } from './support/browser';
import { apiPost, panelOf, screenOf } from './support/general';
import { openScreen } from './support/screens';

const suite = e2eSuite();

const TENANT_GROUP = RESOURCES.find((r) => r.code === 'general/tenant-group')!;

describe('every generic screen of the platform', () => {
  it('covers at least tenant groups', () => {
    expect(GENERIC.map((r) => r.code)).toContain('general/tenant-group');
  });
  genericStories(
    suite,
    GENERIC.filter((r) => r.owner !== 'tenant'),
  );
});

describe('tenant groups: import, export', () => {
  it('rejects a file with one bad row row by row and imports nothing; offers the template (en_US)', async () => {
    const { page, context } = await signedIn(suite, 'admin', 'admin123', { lang: 'en_US', path: `/${TENANT_GROUP.code}` });
    try {
      const token = await tokenOf(context);
      const before = await apiPost(page, token, '/api/general/tenant-group/list', { page: 1, pageSize: 10 });
      await screenOf(page, TENANT_GROUP.code).getByTestId('resource-import').click();
      const modal = page.locator('.resource-import .ant-modal');
      await modal.waitFor();
      const [template] = await Promise.all([page.waitForEvent('download'), modal.getByTestId('import-template').click()]);
      expect(template.suggestedFilename()).toMatch(/\.xlsx$/);
      await modal.locator('input[type=file]').setInputFiles({
        name: 'groups.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: workbookWithOneBadRow('en_US'),
      });
      await modal.getByTestId('import-start').click();
      const table = modal.getByTestId('import-errors');
      await table.waitFor();
      expect(await table.textContent()).toContain('3');
      expect(await modal.getByTestId('import-result').textContent()).toMatch(/nothing was imported/i);
      const after = await apiPost(page, token, '/api/general/tenant-group/list', { page: 1, pageSize: 10 });
      expect(after.data.total).toBe(before.data.total);
      expect(JSON.stringify(after.data.list)).not.toContain('IMPORT_OK');
    } finally {
      await context.close();
    }
  });

  it('exports the filtered rows as .xlsx; an empty add form is refused (zh_CN)', async () => {
    const { page, context } = await signedIn(suite, 'admin', 'admin123', { lang: 'zh_CN', path: `/${TENANT_GROUP.code}` });
    try {
      const s = screenOf(page, TENANT_GROUP.code);
      const [download] = await Promise.all([page.waitForEvent('download'), s.getByTestId('resource-export').click()]);
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
      // saved empty: the form stays, its required fields marked
      await s.getByTestId('resource-add').click();
      await panelOf(page).waitFor();
      await panelOf(page).getByTestId('resource-form-save').click();
      await panelOf(page).locator('.ant-form-item-explain-error').first().waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('data sources: test connection', () => {
  // loopback port 1: nothing listens, so the server's real connect is refused at once
  const DEAD = '127.0.0.1:1/none';

  it('tests a saved row and the unsaved add form, showing the driver error (en_US)', async () => {
    const { page, context } = await signedIn(suite, 'admin', 'admin123', { lang: 'en_US', path: '/general/data-source' });
    try {
      const token = await tokenOf(context);
      const made = await apiPost(page, token, '/api/general/data-source/create', {
        name: 'Loopback dead end',
        address: DEAD,
        userName: 'nobody',
        password: 'secret',
      });
      expect(made.code).toBe(200);
      const s = screenOf(page, 'general/data-source');
      await s.getByTestId('resource-reload').click();
      const row = s.locator('.ant-table-row').filter({ hasText: 'Loopback dead end' });
      await row.getByTestId('data-source-test').click();
      const failed = page.locator('.ant-modal-confirm-error');
      await failed.waitFor();
      expect(await failed.textContent()).toContain('Connection failed');
      await failed.locator('.ant-btn').click();

      await s.getByTestId('resource-add').click();
      const form = panelOf(page);
      await form.waitFor();
      await page.getByTestId('field-address').fill('127.0.0.1:1');
      await form.getByTestId('data-source-form-test').click();
      await failed.waitFor();
      expect(await failed.textContent()).toContain('Connection failed');
    } finally {
      await context.close();
    }
  });
});

describe('read-only users', () => {
  const WRITE_BUTTONS = ['resource-add', 'resource-edit', 'resource-delete', 'resource-import'];

  it('auditor sees tenant groups without Add/Edit/Delete/Import, and without row actions', async () => {
    const { page, context } = await signedIn(suite, 'auditor', 'auditor123', { lang: 'en_US', path: `/${TENANT_GROUP.code}` });
    try {
      const s = screenOf(page, TENANT_GROUP.code);
      await s.locator('.ant-table-row').first().waitFor();
      for (const id of WRITE_BUTTONS) expect(await s.getByTestId(id).count(), id).toBe(0);
      expect(await s.getByTestId('row-edit').count()).toBe(0);
      expect(await s.getByTestId('resource-export').count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('viewer sees no write buttons on any generic screen of their menu', async () => {
    const { page, context } = await signedIn(suite, 'viewer', 'viewer123', { lang: 'zh_TW' });
    try {
      const token = await tokenOf(context);
      const codes = await menuScreens(page, token, 'viewer');
      const generic = RESOURCES.filter((r) => codes.includes(r.code) && !hasHandMadeView(r.code));
      for (const def of generic) {
        await openScreen(page, def.code);
        const s = screenOf(page, def.code);
        await s.getByTestId('resource-table').waitFor();
        for (const id of WRITE_BUTTONS) expect(await s.getByTestId(id).count(), `${def.code} ${id}`).toBe(0);
      }
      // the viewer's tenant menu holds the generic tenant screens (rfid/equipment …)
      expect(generic.length).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });
});
