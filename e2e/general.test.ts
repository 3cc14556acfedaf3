/**
 * Browser stories for the generic resource page: every 'general/' resource without a hand-made view
 * (found from RESOURCES, so screens declared later are covered too) is opened from the menu, listed,
 * added to, edited, refused a bad entry and deleted; tenant groups also import, export and are
 * photographed; read-only users see no write buttons.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { ENUMS } from '@tagloom/domain/enums.ts';
import { translate } from '@tagloom/domain/i18n/index.ts';
import type { Lang } from '@tagloom/domain/lang.ts';
import type { FieldDef, ResourceDef } from '@tagloom/domain/resource/index.ts';
import { RESOURCES } from '@tagloom/domain/resources/index.ts';
import { requiredMessage } from '@tagloom/domain/validation.ts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSuite, login, newSession, OUTPUT, type Session, shot, tokenOf } from './support/browser';
import { apiPost, deleteRow, fieldError, openFromMenu, panelOf, pick, screenOf, shownSeedText, tableText } from './support/general';
import { ROOT } from './support/server';

type Field = FieldDef & { key: string };

const suite = e2eSuite();

/** Hand-made views that are the generic page plus an action: the generic stories still hold for them. */
// hand-made views that are the generic page plus a little (shipped rows in the user's language, names for codes)
const GENERIC_PLUS = new Set([
  'general/data-source',
  'general/sys-param',
  'general/biz-param',
  'general/product',
  'general/product-param',
  'general/tenant-group',
  'general/template-goods-attr',
  'general/template-location-attr',
  'general/template-label-code',
  // general/template-coding-rule: its form is a domain designer (e2e/coding-rule.test.ts)
]);
const hasHandMadeView = (code: string) => !GENERIC_PLUS.has(code) && existsSync(path.join(ROOT, 'apps/web/src/views', code, 'index.tsx'));
/** The generic screens: the platform's General ones, and tenant screens (signed in as the DEMO tenant's admin). */
const GENERIC = RESOURCES.filter((r) => (r.code.startsWith('general/') || r.owner === 'tenant') && !hasHandMadeView(r.code));
const TENANT_GROUP = RESOURCES.find((r) => r.code === 'general/tenant-group')!;
const LANG_TAGS: Lang[] = ['en_US', 'zh_TW'];

const isSet = (v: unknown) => v !== undefined && v !== null && v !== '';

/** A value of a unique text that no seeded row has and that still obeys the field's rules. */
function uniqueText(f: Field, v: string, tag: string): string {
  const max = f.max ?? 64;
  const ok = (s: string) => s.length <= max && (!f.pattern || new RegExp(f.pattern.source).test(s));
  for (const cand of [`${v}_${tag}`, `${v}${tag}`, `${v.slice(0, max - tag.length - 1)}_${tag}`, `${tag}${v}`]) if (ok(cand)) return cand;
  return `${v.slice(0, Math.max(1, max - tag.length))}${tag}`;
}

/** A list field (json with items): one row per record through its add button, cell by cell. */
async function fillList(page: Page, f: Field, rows: Record<string, unknown>[], lang: Lang) {
  for (const [i, row] of rows.entries()) {
    await page.getByTestId(`field-${f.key}-add`).click();
    for (const [key, item] of Object.entries(f.items ?? {})) {
      const cell = page.getByTestId(`field-${f.key}-${i}-${key}`);
      const v = row[key];
      if (item.kind === 'enum' && item.enumName === 'YesNo') {
        if ((v === true || v === 1) !== ((await cell.getAttribute('aria-checked')) === 'true')) await cell.click();
      } else if (item.kind === 'enum') {
        await pick(page, cell, ENUMS[item.enumName!].find((o) => String(o.value) === String(v))?.label[lang]);
      } else if (isSet(v)) await cell.fill(String(v));
    }
  }
}

/** Fills one form field from a seed value through its input, by kind. */
async function fillField(page: Page, f: Field, v: unknown, lang: Lang) {
  const input = page.getByTestId(`field-${f.key}`);
  switch (f.kind) {
    case 'enum': {
      const label = ENUMS[f.enumName!].find((o) => String(o.value) === String(v))?.label[lang] ?? String(v);
      if ((await input.getAttribute('class'))?.includes('ant-radio-group')) await input.getByText(label, { exact: true }).click();
      else await pick(page, input, label);
      return;
    }
    case 'ref':
      if ((await input.getAttribute('class'))?.includes('ant-select')) await pick(page, input);
      else await input.fill(String(v));
      return;
    case 'date':
    case 'datetime': {
      const d = new Date(String(v));
      const pad = (n: number) => String(n).padStart(2, '0');
      const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
      await input.click();
      await input.fill(f.kind === 'date' ? day : `${day} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`);
      await input.press('Enter');
      return;
    }
    case 'json':
      // attributes (one input each, from the tenant's template) are optional; tenant-places fills them
      if (f.attrs) return;
      if (f.items) await fillList(page, f, v as Record<string, unknown>[], lang);
      else await input.fill(typeof v === 'string' ? v : JSON.stringify(v));
      return;
    default:
      await input.fill(String(v));
  }
}

/** Narrows the table to rows whose title contains `text` when the title is searchable. */
async function searchTitle(page: Page, def: ResourceDef, text: string) {
  const f = def.list.find((x) => x.key === def.titleField);
  if (f?.search !== 'like' && f?.search !== 'eq') return;
  const s = screenOf(page, def.code);
  await s.getByTestId(`search-${f.key}`).fill(text);
  await s.getByTestId('resource-search-submit').click();
}

describe('every generic screen', () => {
  it('covers at least tenant groups', () => {
    expect(GENERIC.map((r) => r.code)).toContain('general/tenant-group');
  });

  GENERIC.forEach((def, index) => {
    const lang = LANG_TAGS[index % LANG_TAGS.length];
    it(`${def.code} (${lang}): opens from the menu, lists seeds, adds, edits, refuses bad input, deletes`, async () => {
      const session = await newSession(suite.browser, suite.server.url, { lang });
      const { page, errors } = session;
      try {
        if (def.owner === 'tenant') await login(page, 'demo', 'demo123');
        else await login(page, 'admin', 'admin123');
        await openFromMenu(page, def.code, lang);
        const s = screenOf(page, def.code);

        // the seeded rows
        const seeds = def.seed ?? [];
        if (seeds.length && seeds.length <= 10) {
          await expect.poll(() => tableText(page, def.code)).toContain(shownSeedText(lang, def.code, seeds[0], def.titleField));
          const text = await tableText(page, def.code);
          for (const seed of seeds) expect(text).toContain(shownSeedText(lang, def.code, seed, def.titleField));
        }

        // add: the fields of seed[0], unique texts made unique
        const seed = seeds[0] ?? {};
        const tag = `E2E${index}`;
        const values: Record<string, unknown> = {};
        for (const f of def.list.filter((x) => x.form)) {
          if (!isSet(seed[f.key])) continue;
          values[f.key] = f.unique && f.kind === 'text' ? uniqueText(f, String(seed[f.key]), tag) : seed[f.key];
        }
        if (!values[def.titleField] || !def.list.find((f) => f.key === def.titleField)?.unique) {
          const tf = def.list.find((f) => f.key === def.titleField)!;
          values[def.titleField] = uniqueText(tf, String(seed[def.titleField] ?? 'row'), tag);
        }
        await s.getByTestId('resource-add').click();
        const form = panelOf(page);
        await form.waitFor();
        for (const f of def.list.filter((x) => x.form && x.key in values)) await fillField(page, f, values[f.key], lang);
        await form.getByTestId('resource-form-save').click();
        await form.waitFor({ state: 'hidden' });
        const created = String(values[def.titleField]);
        await searchTitle(page, def, created);
        await expect.poll(() => tableText(page, def.code)).toContain(created);

        // edit: a new title
        const edited = `${created}-ed`.slice(0, def.list.find((f) => f.key === def.titleField)?.max ?? 64);
        const row = s.locator('.ant-table-row').filter({ hasText: created }).first();
        await row.getByTestId('row-edit').click();
        await form.waitFor();
        await page.getByTestId(`field-${def.titleField}`).fill(edited);
        await form.getByTestId('resource-form-save').click();
        await form.waitFor({ state: 'hidden' });
        await searchTitle(page, def, edited);
        await expect.poll(() => tableText(page, def.code)).toContain(edited);

        // refused: a required text left empty, and a text breaking its pattern
        await s.getByTestId('resource-add').click();
        await form.waitFor();
        const required = def.list.find((f) => f.form && f.required && f.default === undefined && f.kind === 'text' && !f.pattern);
        if (required) {
          await page.getByTestId(`field-${required.key}`).fill('');
          await form.getByTestId('resource-form-save').click();
          await expect.poll(() => fieldError(form, required.key).textContent()).toContain(requiredMessage(lang, required.label[lang]));
        }
        const patterned = def.list.find((f) => f.form && f.kind === 'text' && f.pattern);
        if (patterned) {
          const input = page.getByTestId(`field-${patterned.key}`);
          await input.fill('bad value!');
          await input.blur();
          await expect
            .poll(() => fieldError(form, patterned.key).textContent())
            .toContain(translate(lang, patterned.pattern!.message as never));
        }
        await form.getByTestId('resource-form-cancel').click();
        await form.waitFor({ state: 'hidden' });

        // delete with the confirmation naming the row
        await deleteRow(page, def.code, edited);
        expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
      } finally {
        await session.context.close();
      }
    });
  });
});

/** A workbook in the template's columns with one good row and one bad row (code breaks its pattern). */
function workbookWithOneBadRow(lang: Lang): Buffer {
  const fields = TENANT_GROUP.list.filter((f) => f.exported && f.form);
  const header = fields.map((f) => `${f.required && f.default === undefined ? '*' : ''}${f.label[lang]}`);
  const good: Record<string, unknown> = { code: 'IMPORT_OK', name: 'Imported group', remark: '' };
  const bad: Record<string, unknown> = { code: 'bad code!', name: 'Bad group', remark: '' };
  const cell = (f: Field, row: Record<string, unknown>) =>
    f.kind === 'enum' ? (ENUMS[f.enumName!].find((o) => o.value === f.default)?.label[lang] ?? '') : (row[f.key] ?? '');
  const sheet = XLSX.utils.aoa_to_sheet([header, fields.map((f) => cell(f, good)), fields.map((f) => cell(f, bad))]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Sheet1');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

describe('tenant groups: import, export, screenshots', () => {
  it('rejects a file with one bad row row by row and imports nothing; offers the template', async () => {
    const session = await newSession(suite.browser, suite.server.url, { lang: 'en_US' });
    const { page, context } = session;
    try {
      await login(page, 'admin', 'admin123');
      await openFromMenu(page, TENANT_GROUP.code, 'en_US');
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

  it('exports the filtered rows as .xlsx', async () => {
    const { page, context } = await newSession(suite.browser, suite.server.url, { lang: 'zh_TW' });
    try {
      await login(page, 'admin', 'admin123');
      await openFromMenu(page, TENANT_GROUP.code, 'zh_TW');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        screenOf(page, TENANT_GROUP.code).getByTestId('resource-export').click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    } finally {
      await context.close();
    }
  });

  for (const lang of ['zh_CN', 'en_US'] as Lang[]) {
    for (const width of [1366, 390]) {
      it(`looks right in ${lang} at ${width}px: page, add form, import errors`, async () => {
        const session: Session = await newSession(suite.browser, suite.server.url, { lang, width, height: width > 800 ? 800 : 844 });
        const { page, context } = session;
        try {
          await login(page, 'admin', 'admin123');
          await page.goto('/general/tenant-group');
          const s = screenOf(page, TENANT_GROUP.code);
          await s.getByTestId('resource-table').locator('.ant-table-row').first().waitFor();
          await shot(page, `tenant-group-${lang}-${width}`);
          await s.getByTestId('resource-add').click();
          await panelOf(page).waitFor();
          await panelOf(page).getByTestId('resource-form-save').click();
          await panelOf(page).locator('.ant-form-item-explain-error').first().waitFor();
          await shot(page, `tenant-group-add-${lang}-${width}`);
          await panelOf(page).getByTestId('resource-form-cancel').click();
          await panelOf(page).waitFor({ state: 'hidden' });
          await s.getByTestId('resource-import').click();
          const modal = page.locator('.resource-import .ant-modal');
          await modal.locator('input[type=file]').setInputFiles({
            name: 'groups.xlsx',
            mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            buffer: workbookWithOneBadRow(lang),
          });
          await modal.getByTestId('import-start').click();
          await modal.getByTestId('import-errors').waitFor();
          await shot(page, `tenant-group-import-${lang}-${width}`);
          expect(existsSync(path.join(OUTPUT, `tenant-group-import-${lang}-${width}.png`))).toBe(true);
        } finally {
          await context.close();
        }
      });
    }
  }
});

describe('data sources: test connection', () => {
  // loopback port 1: nothing listens, so the server's real connect is refused at once
  const DEAD = '127.0.0.1:1/none';

  it('tests a saved row and the unsaved add form, showing the driver error (en_US)', async () => {
    const { page, context } = await newSession(suite.browser, suite.server.url, { lang: 'en_US' });
    try {
      await login(page, 'admin', 'admin123');
      await openFromMenu(page, 'general/data-source', 'en_US');
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
      await shot(page, 'data-source-test-failed-en_US');
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
    const { page, context } = await newSession(suite.browser, suite.server.url, { lang: 'en_US' });
    try {
      await login(page, 'auditor', 'auditor123');
      await openFromMenu(page, TENANT_GROUP.code, 'en_US');
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
    const { page, context } = await newSession(suite.browser, suite.server.url, { lang: 'zh_TW' });
    try {
      await login(page, 'viewer', 'viewer123');
      const token = await tokenOf(context);
      const menu = await apiPost(page, token, '/api/menu/selectMenuByCurrentUserId', {});
      const codes: string[] = [];
      const walk = (items: { component: string; children?: unknown[] }[]) => {
        for (const m of items) {
          codes.push(m.component);
          walk((m.children ?? []) as never);
        }
      };
      walk(menu.data);
      const generic = RESOURCES.filter((r) => codes.includes(r.code) && !hasHandMadeView(r.code));
      for (const def of generic) {
        await page.goto(`/${def.code}`);
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
