/** Steps the General screens' browser stories share: the menu path of a screen, the console's catalogs, forms. */
import { ENUMS } from '@tagloom/domain/enums.ts';
import { translate } from '@tagloom/domain/i18n/index.ts';
import { webScreensCatalog, webShellCatalog } from '@tagloom/domain/i18n/load-web.ts';
import type { Lang } from '@tagloom/domain/lang.ts';
import { MENU_TREE } from '@tagloom/domain/menu/tree.ts';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The server's messages (validation, refusals) in `lang`. */
export const serverText = (lang: Lang, key: string, params: Record<string, unknown> = {}) => translate(lang, key as never, params);

const WEB: Record<Lang, Record<string, unknown>[]> = {
  zh_CN: [webShellCatalog('zh_CN'), webScreensCatalog('zh_CN')],
  zh_TW: [webShellCatalog('zh_TW'), webScreensCatalog('zh_TW')],
  en_US: [webShellCatalog('en_US'), webScreensCatalog('en_US')],
};

/** The console's own texts (web + web-screens catalogs) in `lang`, `{{name}}` filled in. */
export function webText(lang: Lang, key: string, params: Record<string, unknown> = {}): string {
  for (const catalog of WEB[lang]) {
    let node: unknown = catalog;
    for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    if (typeof node === 'string') return node.replace(/\{\{(\w+)\}\}/g, (_, n: string) => (n in params ? String(params[n]) : `{{${n}}}`));
  }
  throw new Error(`no console text ${key} in ${lang}`);
}

/**
 * A seeded row's text as the console shows it in `lang`: shipped rows carry their texts in the
 * catalog (`shipped.<screen>.<row code>.<field>`), keyed by the row's code (or handler, user name).
 */
export function shownSeedText(lang: Lang, screen: string, seed: Record<string, unknown>, field: string): string {
  const stored = String(seed[field] ?? '');
  for (const key of ['code', 'className', 'userName']) {
    if (typeof seed[key] !== 'string') continue;
    try {
      const zh = webText('zh_CN', `shipped.${screen}.${seed[key]}.${field}`);
      if (zh === stored) return webText(lang, `shipped.${screen}.${seed[key]}.${field}`);
    } catch {
      // not shipped under this key
    }
  }
  return stored;
}

/** An enum value's label in `lang`. */
export const enumText = (name: string, value: unknown, lang: Lang) =>
  ENUMS[name].find((o) => String(o.value) === String(value))?.label[lang] ?? String(value);

export const screenOf = (page: Page, code: string) => page.locator(`.screen-view[data-screen="${code}"]`);
/** The open add/edit form of a resource page (modal, or drawer past eight fields). */
export const panelOf = (page: Page) =>
  page.locator('.resource-form-panel .ant-modal, .resource-form-panel .ant-drawer-section').filter({ visible: true }).first();
/** The error shown under one field of a form. */
export const fieldError = (form: Locator, key: string) =>
  form
    .locator('.ant-form-item')
    .filter({ has: form.page().getByTestId(`field-${key}`) })
    .locator('.ant-form-item-explain-error');
export const tableText = async (page: Page, code: string) =>
  (await screenOf(page, code).locator('.ant-table-tbody').first().textContent()) ?? '';
export const rowOf = (page: Page, code: string, text: string) => screenOf(page, code).locator('.ant-table-row').filter({ hasText: text });

export function menuPath(code: string, lang: Lang) {
  for (const m of MENU_TREE) {
    for (const g of m.groups) {
      const s = g.screens.find((x) => x.component === code);
      if (s) return { module: m.names[lang], group: g.names[lang], screen: s.names[lang] };
    }
  }
  throw new Error(`${code} is not in the menu`);
}

/** Clicks module → group → screen as a user would, and waits for the screen. */
export async function openFromMenu(page: Page, code: string, lang: Lang) {
  const m = menuPath(code, lang);
  const nav = page.getByTestId('module-nav');
  const direct = nav.getByText(m.module, { exact: true });
  // an overflowed entry stays in the DOM, transparent and marked aria-hidden
  const shown = await direct.evaluate((el) => el.closest('.ant-menu-overflow-item')?.getAttribute('aria-hidden') !== 'true');
  const inModule = () => new URL(page.url()).pathname.startsWith(`/${code.split('/')[0]}/`);
  // a click can miss on a busy machine (the overflow popup closing under the pointer): tried until the module opens
  await expect
    .poll(
      async () => {
        if (inModule()) return 'open';
        if (shown) await direct.click({ timeout: 5000 }).catch(() => {});
        else {
          // more modules than the navbar holds: the rest sit behind its overflow "…" entry
          await nav.locator('.ant-menu-overflow-item-rest').hover();
          await page
            .locator('.ant-menu-submenu-popup:not(.ant-menu-submenu-hidden)')
            .getByText(m.module, { exact: true })
            .click({ timeout: 5000 })
            .catch(() => {});
        }
        return page
          .waitForURL(inModule, { timeout: 5000 })
          .then(() => 'open')
          .catch(() => 'clicking');
      },
      { timeout: 45_000 },
    )
    .toBe('open');
  const side = page.getByTestId('side-menu');
  const group = side.locator('.ant-menu-submenu-title').filter({ hasText: m.group }).first();
  await group.waitFor();
  // the page the module opened on shows its group open (an accordion: the others close): wait for
  // that before toggling, or it closes the group opened here
  await side.locator('.ant-menu-item-selected').first().waitFor();
  const item = side.locator('.ant-menu-item').getByText(m.screen, { exact: true });
  const there = () => new URL(page.url()).pathname === `/${code}`;
  // a click during the group's opening animation can be lost: click until the page is there
  await expect
    .poll(
      async () => {
        if (there()) return 'there';
        if ((await group.getAttribute('aria-expanded')) !== 'true') {
          await group.click();
          return 'opening';
        }
        const clicked = await item
          .click({ timeout: 5000 })
          .then(() => true)
          .catch(() => false);
        if (!clicked) return 'not yet';
        return page
          .waitForURL((u) => u.pathname === `/${code}`, { timeout: 10_000 })
          .then(() => 'there')
          .catch(() => 'clicked, not there');
      },
      { timeout: 45_000 },
    )
    .toBe('there');
  await screenOf(page, code).waitFor();
  // the mouse leaves the menu: a long item's name shows as a tooltip beside it, over the toolbar
  await page.mouse.move(1, 1);
}

/** Types into a reference picker and picks the option holding `text` (found by the server's search). */
export async function pickRef(page: Page, select: Locator, search: string, text = search) {
  await select.click();
  await page.keyboard.type(search);
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
  const option = dropdown.locator('.ant-select-item-option').filter({ hasText: text });
  await expect.poll(() => option.count(), { timeout: 15_000 }).toBeGreaterThan(0);
  await option.first().click();
}

/**
 * Picks an option (the one titled `label`, else the first containing it, else the first) in an antd
 * select. A dropdown can close under the pointer on a busy machine (a re-render while it opens, the
 * leave animation of the one before): the pick opens it again and retries until the click lands.
 */
export async function pick(page: Page, select: Locator, label?: string) {
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden):visible').last();
  await expect
    .poll(
      async () => {
        if (!(await dropdown.count())) {
          await select.click();
          await dropdown.waitFor({ timeout: 5000 }).catch(() => {});
          return 'opening';
        }
        const options = dropdown.locator('.ant-select-item-option');
        const option = label ? options.filter({ hasText: label }) : options;
        if (!(await option.count())) return 'no option yet';
        // a label may stand inside another ('Normal' in 'Abnormal'): the exactly titled option wins
        const exact = label ? dropdown.locator(`.ant-select-item-option[title=${JSON.stringify(label)}]`) : option;
        const clicked = await ((await exact.count()) ? exact : option)
          .first()
          .click({ timeout: 3000 })
          .then(() => true)
          .catch(() => false);
        if (!clicked) return 'retry';
        if (!label) return 'picked';
        // a click on a list that re-renders under it (a search answering) can be lost: the pick counts
        // once the select shows the label, or once its list closed (a picker that adds and clears)
        return expect
          .poll(async () => ((await select.textContent()) ?? '').includes(label) || !(await dropdown.count()), { timeout: 5000 })
          .toBe(true)
          .then(() => 'picked')
          .catch(() => 'retry');
      },
      { timeout: 30_000 },
    )
    .toBe('picked');
}

/** Shows a column from the table's column settings (open): checks its box and waits until it shows checked. */
export async function showColumn(page: Page, key: string) {
  const box = page.getByTestId(`column-${key}`).locator('.ant-checkbox-input');
  await expect
    .poll(
      async () => {
        if (await box.isChecked()) return 'checked';
        await box.click();
        return expect
          .poll(() => box.isChecked(), { timeout: 5000 })
          .toBe(true)
          .then(() => 'checked')
          .catch(() => 'clicking');
      },
      { timeout: 30_000 },
    )
    .toBe('checked');
}

/** Waits for a new success message; a refusal (field errors or a new error message) fails naming it. */
export async function expectSaved(page: Page, form?: Locator) {
  const fresh = ':not([data-seen])';
  await expect
    .poll(
      async () => {
        if (await page.locator(`.ant-message-success${fresh}`).count()) return 'saved';
        const errs = form ? await form.locator('.ant-form-item-explain-error').allTextContents() : [];
        const msgs = await page.locator(`.ant-message-error${fresh}`).allTextContents();
        return errs.length || msgs.length ? `refused: ${[...errs, ...msgs].join(' | ')}` : 'saving';
        // a save (a tenant with its grants, say) may take seconds on a busy machine
      },
      { timeout: 15_000 },
    )
    .toBe('saved');
  // the messages shown so far are marked seen, so the next step is judged by its own (no wait for them to go)
  await page.evaluate(() => {
    document.querySelectorAll('.ant-message-success, .ant-message-error').forEach((el) => {
      el.setAttribute('data-seen', '1');
    });
  });
}

/** Clicks Save on the open resource form and waits for it to be saved (see expectSaved). */
export async function save(page: Page, form: Locator = panelOf(page)) {
  await form.getByTestId('resource-form-save').click();
  await expectSaved(page, form);
}

/**
 * Clicks an element of a dialog (or drawer) once it has finished opening: a click while it still moves
 * in can land beside the element (on the mask) and be lost, on a busy machine especially.
 */
export async function clickInDialog(button: Locator) {
  await button.waitFor();
  await button.evaluate((el) => {
    const dialog = el.closest('.ant-modal, .ant-drawer-content-wrapper') ?? el;
    return Promise.all(dialog.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))).then(() => undefined);
  });
  await button.click();
}

/**
 * A row's action, as the row shows it: a link of its own, or an item of its "More" menu when its moves do
 * not fit. Waits for the row to show the one or the other first — a row still drawn in its former state
 * (the table's refresh not yet in) has neither, and a decision taken then would look for the wrong one.
 */
export async function rowAction(page: Page, row: Locator, action: string) {
  const inline = row.getByTestId(`row-action-${action}`);
  const more = row.getByTestId('row-more');
  await inline.or(more).first().waitFor();
  if (await inline.count()) return inline.click();
  await more.click();
  await page.locator(`.ant-dropdown:not(.ant-dropdown-hidden) [data-testid="row-action-${action}"]`).click();
}

/**
 * Deletes the row of `code`'s table holding `text` through the confirmation (which names `title`), and waits
 * until the table no longer lists `text`; a refusal by the server fails naming its message.
 */
export async function deleteRow(page: Page, code: string, text: string, title = text) {
  await rowOf(page, code, text).first().getByTestId('row-delete').click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect.poll(() => confirm.textContent()).toContain(title);
  await clickInDialog(confirm.locator('.ant-btn-dangerous'));
  await expect
    .poll(async () => {
      const refused = await page.locator('.ant-message-error').allTextContents();
      if (refused.length) return `refused: ${refused.join(' ')}`;
      return (await tableText(page, code)).includes(text) ? 'still listed' : 'gone';
    })
    .toBe('gone');
}

/** The permission grid (tenant and role forms) once its modules are listed. */
export async function grantGrid(page: Page, testId: string): Promise<Locator> {
  const grid = page.getByTestId(testId);
  await grid.locator('[data-testid^="grant-module-toggle-"]').first().waitFor();
  return grid;
}

/** Opens the first module of a permission grid and ticks its first screen that offers buttons (all of them); returns its menu id. */
export async function tickOneScreen(page: Page, testId = 'field-menus'): Promise<number> {
  const grid = await grantGrid(page, testId);
  await grid.locator('[data-testid^="grant-module-toggle-"]').first().click();
  const row = grid
    .locator('tr[data-testid^="grant-screen-"]')
    .filter({ has: page.locator('[data-testid^="grant-b:"]') })
    .first();
  await row.waitFor();
  const menuId = Number((await row.getAttribute('data-testid'))!.replace('grant-screen-', ''));
  await grid.getByTestId(`grant-screen-check-${menuId}`).click();
  await expect.poll(() => grid.getByTestId(`grant-screen-check-${menuId}`).isChecked()).toBe(true);
  return menuId;
}

/** The last message toast's text (success, error, warning). */
export const lastMessage = async (page: Page) => (await page.locator('.ant-message-notice').last().textContent()) ?? '';

/** Clicks and returns the download's suggested file name. */
export async function downloadOf(page: Page, click: () => Promise<void>): Promise<string> {
  const [d] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), click()]);
  return d.suggestedFilename();
}

/** A POST to the API with the console's token (to check what the screen did). */
export async function apiPost(page: Page, token: string, url: string, body: unknown) {
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

/**
 * Opens the menu form's icon picker and returns its panel. The button is clicked once its drawer stands;
 * a click still lost on a busy machine (no panel after 5 s) is made again until the panel shows.
 */
export async function openIconPicker(page: Page, form: Locator = page.getByTestId('menu-form')): Promise<Locator> {
  const panel = page.getByTestId('icon-picker-panel');
  await expect
    .poll(
      async () => {
        if (await panel.isVisible()) return true;
        await clickInDialog(form.getByTestId('menu-form-icon'));
        return panel.waitFor({ timeout: 5_000 }).then(
          () => true,
          () => false,
        );
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return panel;
}
