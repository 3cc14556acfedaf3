/**
 * The generic resource page's story (general.test.ts and its siblings share it): every resource without
 * a hand-made view (found from RESOURCES, so screens declared later are covered too) is shown in its
 * account's menu, lists its seeds, adds, edits, refuses bad input and deletes.
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
import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { fileCache, keptSignedIn, tokenOf } from './browser';
import { apiPost, deleteRow, fieldError, panelOf, pick, screenOf, shownSeedText, tableText } from './general';
import { settled } from './screens';
import { ROOT, type RunningServer } from './server';

type Field = FieldDef & { key: string };
type Suite = { readonly server: RunningServer; readonly browser: Browser };

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
export const hasHandMadeView = (code: string) =>
  !GENERIC_PLUS.has(code) && existsSync(path.join(ROOT, 'apps/web/src/views', code, 'index.tsx'));
/** The generic screens: the platform's General ones, and tenant screens (signed in as the DEMO tenant's admin). */
/**
 * Declarations whose screen has its own browser story of the same steps, with what the generic one
 * cannot do (a bill: numbered by the server, lines, shipped: e2e/edge-staff.test.ts), or whose rows
 * the screen does not add (cartons, receipts, bindings, made by the documents; inspections, numbered by the server:
 * e2e/warehouse-receiving.test.ts).
 */
const OWN_STORY = new Set([
  // a key's secret is shown once, in a dialog after its save: e2e/integration-keys.test.ts
  'tenant/integration-key',
  'warehouse/bill',
  'warehouse/box',
  'warehouse/receiving-check',
  'warehouse/goods-received',
  'logistics/receipt-review',
  'logistics/asn-binding',
  'warehouse/receiving-qi',
  'logistics/quality-inspection',
  // a futures bill goes to a warehouse (the server's rule: not a field the generic form knows to fill)
  'logistics/futures',
  // a store's receipts are the transfers sent to it (no add); its deliveries leave its own store with
  // lines, numbered by the server, shipped: e2e/store.test.ts receives one, writes one and ships it
  'store/receiving',
  'store/delivery',
  // a warehouse's shipments are its bills picked at its pack stations (no add): e2e/warehouse-receiving.test.ts
  'logistics/shipment-review',
  // a store's O2O receipts are orders shipped to it and returns brought to it (no add): e2e/customer-orders.test.ts
  'store/o2o-receiving',
  // a defect's site is stamped for a warehouse's or store's user and named by the administrator (the server's
  // rule, not a required field of the form); recorded by its EPC and disposed of: e2e/logistics-defects.test.ts
  'logistics/defective',
]);
export const GENERIC = RESOURCES.filter(
  (r) =>
    (r.code.startsWith('general/') || r.owner === 'tenant') &&
    !hasHandMadeView(r.code) &&
    !OWN_STORY.has(r.code) &&
    // a picker's rows on another screen (a bill's sites) have no menu entry of their own
    (r.screen ?? r.code) === r.code,
);
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

const ACCOUNT = { platform: ['admin', 'admin123'], tenant: ['demo', 'demo123'] } as const;

/** The screens (components) of the signed-in account's menu, as the console receives it. */
const menusSeen = fileCache<string, Promise<string[]>>();
export function menuScreens(page: Page, token: string, key: string): Promise<string[]> {
  let found = menusSeen.get(key);
  if (!found) {
    found = (async () => {
      const menu = await apiPost(page, token, '/api/menu/selectMenuByCurrentUserId', {});
      const codes: string[] = [];
      const walk = (items: { component: string; children?: unknown[] }[]) => {
        for (const m of items) {
          codes.push(m.component);
          walk((m.children ?? []) as never);
        }
      };
      walk(menu.data);
      return codes;
    })();
    menusSeen.set(key, found);
  }
  return found;
}

/**
 * One story per generic screen of `defs`: in its account's menu, lists the seeded rows, adds (the fields
 * of the first seed, unique texts made unique), edits the title, refuses an empty required text and a
 * text breaking its pattern with the catalog's messages, deletes through the confirmation. The
 * language alternates by the screen's place in GENERIC (en_US, zh_TW); the session starts on the screen.
 */
export function genericStories(suite: Suite, defs: ResourceDef[]) {
  for (const def of defs) {
    const index = GENERIC.indexOf(def);
    const lang = LANG_TAGS[index % LANG_TAGS.length];
    it(`${def.code} (${lang}): in the menu, lists seeds, adds, edits, refuses bad input, deletes`, async () => {
      const [user, password] = ACCOUNT[def.owner === 'tenant' ? 'tenant' : 'platform'];
      // the file's session of the account in this language, on the screen (the story leaves its dialogs closed)
      const { page, context, errors } = await keptSignedIn(suite, user, password, { lang, path: `/${def.code}` });
      // the account's menu holds the screen (the menu's clicks are the shell stories')
      expect(await menuScreens(page, await tokenOf(context), `${suite.server.url} ${user}`)).toContain(def.code);
      const s = screenOf(page, def.code);
      await s.waitFor();
      await settled(page, def.code);

      // the seeded rows
      const seeds = def.seed ?? [];
      if (seeds.length && seeds.length <= 10) {
        await expect.poll(async () => (await screenOf(page, def.code).locator('.ant-table-row').count()) > 0).toBe(true);
        let searched = false;
        for (const seed of seeds) {
          const shown = shownSeedText(lang, def.code, seed, def.titleField);
          if ((await tableText(page, def.code)).includes(shown)) continue;
          // a list longer than a page (rows other modules' demo data adds: the fitting cabins' readers): by its title
          await searchTitle(page, def, String(seed[def.titleField] ?? ''));
          searched = true;
          await expect.poll(() => tableText(page, def.code)).toContain(shown);
        }
        if (searched) await screenOf(page, def.code).getByTestId('resource-search-reset').click();
      }

      // add: the fields of seed[0], unique texts made unique
      const seed = seeds[0] ?? {};
      const tag = `E2E${index}`;
      const values: Record<string, unknown> = {};
      for (const f of def.list.filter((x) => x.form)) {
        if (!isSet(seed[f.key])) continue;
        values[f.key] = f.unique && f.kind === 'text' ? uniqueText(f, String(seed[f.key]), tag) : seed[f.key];
      }
      // a required field the seed leaves out (a declaration without seeds: a zone's warehouse and type)
      for (const f of def.list.filter((x) => x.form && x.required && x.default === undefined && !(x.key in values))) {
        if (f.kind === 'text' || f.kind === 'textarea') values[f.key] = uniqueText(f, 'row', tag);
        else if (f.kind === 'enum') values[f.key] = ENUMS[f.enumName!][0].value;
        else if (f.kind === 'ref') values[f.key] = 'the first option';
        else if (f.kind === 'int' || f.kind === 'decimal') values[f.key] = Math.max(1, f.min ?? 1);
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
    });
  }
}

/** A workbook in the template's columns with one good row and one bad row (code breaks its pattern). */
export function workbookWithOneBadRow(lang: Lang): Buffer {
  const fields = RESOURCES.find((r) => r.code === 'general/tenant-group')!.list.filter((f) => f.exported && f.form);
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
