/**
 * Browser stories of the list screens' shared polish: one message style in forms ("Please select …"
 * for an empty select), state columns of wide tables within a 1366-pixel screen with no header
 * clipped, toolbar Edit disabled until a row is chosen, states as status badges, and the logs on
 * the same page size and search layout as every other list. Each story in one language (the layout
 * ones in English, the longest texts); a form's errors photographed: shots/resource-polish.shots.ts.
 */
import type { Lang } from '@tagloom/domain/lang.ts';
import { ACTIONS } from '@tagloom/domain/menu/actions.ts';
import { RESOURCES } from '@tagloom/domain/resources/index.ts';
import { LABEL_ORDER } from '@tagloom/domain/resources/label/orders/enums.ts';
import { requiredMessage } from '@tagloom/domain/validation.ts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSuite, type Session, signedIn } from './support/browser';
import { clickInDialog, enumText, fieldError, panelOf, rowOf, screenOf, webText } from './support/general';
import { openScreen } from './support/screens';

const suite = e2eSuite();

const def = (code: string) => RESOURCES.find((r) => r.code === code)!;
const label = (code: string, key: string, lang: Lang) => def(code).list.find((f) => f.key === key)!.label[lang];

/** A signed-in session on the list `code`, once its rows are shown. */
async function onList(lang: Lang, user: string, pass: string, code: string): Promise<Session> {
  const s = await signedIn(suite, user, pass, { lang, path: `/${code}` });
  await rows(s.page, code);
  return s;
}

async function rows(page: Page, code: string) {
  await expect.poll(() => screenOf(page, code).locator('.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
}

interface Header {
  title: string;
  left: number;
  right: number;
  fixed: 'left' | 'right' | '';
  /** the title's text is wider than its cell (cut or wrapped) */
  clipped: boolean;
}

/** Every header cell of the screen's table: where it is and whether its title fits. */
const headers = (page: Page, code: string): Promise<Header[]> =>
  screenOf(page, code)
    .locator('.ant-table-thead th')
    .evaluateAll((ths) =>
      ths.map((th) => {
        const r = th.getBoundingClientRect();
        const title = (th.querySelector('.ant-table-column-title') ?? th) as HTMLElement;
        const fixed = th.classList.contains('ant-table-cell-fix-start')
          ? 'left'
          : th.classList.contains('ant-table-cell-fix-end')
            ? 'right'
            : '';
        const style = getComputedStyle(th);
        const room = th.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
        const range = document.createRange();
        range.selectNodeContents(title);
        const text = range.getBoundingClientRect();
        return {
          title: (th.textContent ?? '').trim(),
          left: r.left,
          right: r.right,
          fixed: fixed as 'left' | 'right' | '',
          clipped: title.scrollWidth > title.clientWidth + 1 || text.height > 26 || text.width > room + 1,
        };
      }),
    );

/** The table scrolls sideways (its content is wider than its box). */
const scrollsSideways = (page: Page, code: string) =>
  screenOf(page, code)
    .locator('.ant-table-content, .ant-table-body')
    .first()
    .evaluate((el) => el.scrollWidth > el.clientWidth + 1);

/** The state columns show whole within the window, beside (not under) the fixed actions column, no header cut. */
async function expectStateColumnsShown(page: Page, code: string, keys: string[], lang: Lang) {
  const all = await headers(page, code);
  const actions = all.find((h) => h.title === webText(lang, 'resource.actions'));
  for (const key of keys) {
    const h = all.find((x) => x.title === label(code, key, lang));
    expect(h, `${code} ${key} header`).toBeDefined();
    expect(h!.right, `${code} ${key} within 1366`).toBeLessThanOrEqual(1366);
    if (actions) expect(h!.right, `${code} ${key} left of the actions`).toBeLessThanOrEqual(actions.left + 1);
  }
  expect(all.filter((h) => h.title && h.clipped).map((h) => h.title)).toEqual([]);
  expect(await scrollsSideways(page, code)).toBe(false);
  // the identifying column (code) is fixed at the left, the actions at the right
  expect(all.find((h) => h.title && h.fixed === 'left')?.title).toBe(
    label(code, def(code).list.find((f) => f.unique && f.kind === 'text')!.key, lang),
  );
  if (actions) expect(actions.fixed).toBe('right');
}

describe('forms', () => {
  it('says "Please select …" for an empty required select and "Please enter …" for an empty input', async () => {
    const lang = 'en_US';
    const code = 'general/product';
    const { page, context, errors } = await onList(lang, 'admin', 'admin123', code);
    try {
      await screenOf(page, code).getByTestId('resource-add').click();
      const form = panelOf(page);
      await clickInDialog(form.getByTestId('resource-form-save'));
      const category = requiredMessage(lang, label(code, 'category', lang), 'select');
      await expect.poll(() => fieldError(form, 'category').textContent()).toBe(category);
      // the field's name inside the sentence (lower case in English); in Chinese the same message reads
      expect(category).toBe('Please select category');
      expect(requiredMessage('zh_CN', label(code, 'category', 'zh_CN'), 'select')).toBe('请选择产品类别');
      await expect.poll(() => fieldError(form, 'name').textContent()).toBe(requiredMessage(lang, label(code, 'name', lang), 'enter'));
      // never a list of raw codes
      expect(await form.locator('.ant-form-item-explain-error').allTextContents()).not.toContainEqual(expect.stringMatching(/1, 2, 3/));
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('wide tables at 1366 px', () => {
  it('show the scheduler state and next run beside the fixed actions, no header cut', async () => {
    const code = 'general/scheduler';
    const { page, context, errors } = await onList('en_US', 'admin', 'admin123', code);
    try {
      await expectStateColumnsShown(page, code, ['state', 'nextFireAt'], 'en_US');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('show RFID equipment online status and last online; Edit waits for a row; the status is a badge', async () => {
    const lang = 'en_US';
    const code = 'rfid/equipment';
    const { page, context, errors } = await onList(lang, 'demo', 'demo123', code);
    try {
      await expectStateColumnsShown(page, code, ['onlineStatus', 'lastTimeOnline'], lang);
      const s = screenOf(page, code);
      // the online status is a status badge of its declared tone
      await expect
        .poll(() => s.locator('.ant-table-row .ant-badge-status-default, .ant-table-row .ant-badge-status-success').count())
        .toBeGreaterThan(0);
      // Edit and Delete wait for a selection, and say why
      const edit = s.getByTestId('resource-edit');
      expect(await edit.isDisabled()).toBe(true);
      expect(await s.getByTestId('resource-delete').isDisabled()).toBe(true);
      await edit.hover({ force: true });
      await expect
        .poll(() => page.locator('.ant-tooltip:not(.ant-tooltip-hidden)').last().textContent())
        .toBe(webText(lang, 'resource.editNeedsOne'));
      await s.locator('.ant-table-row').first().locator('.ant-checkbox-input').check();
      await expect.poll(() => edit.isDisabled()).toBe(false);
      await edit.click();
      await panelOf(page).waitFor();
      await panelOf(page).getByTestId('resource-form-cancel').click();
      await panelOf(page).waitFor({ state: 'hidden' });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('documents', () => {
  it('show a supplier the goods lines of its own order under the row, SKUs by barcode', async () => {
    const lang = 'zh_CN';
    const code = 'label/receive-send';
    const { page, context, errors } = await onList(lang, 'supplier01', 'demo1234', code);
    try {
      const s = screenOf(page, code);
      await s.locator('.ant-table-row-expand-icon').first().click();
      const lines = s.locator('.child-rows');
      await expect.poll(() => lines.locator('.ant-table-row').count()).toBeGreaterThan(0);
      const skus = await lines.getByTestId('line-ref-skuId').allTextContents();
      expect(skus.length).toBeGreaterThan(0);
      // the SKU's barcode (a style number and size), never its row id
      for (const sku of skus) expect(sku).toMatch(/^(?=.*[A-Z])[A-Z0-9-]{4,}$/);
      const header = await lines.locator('.ant-table-thead th').allTextContents();
      expect(header).toContain(
        RESOURCES.flatMap((d) => d.children ?? [])
          .find((c) => c.resource.code === 'label/purchase-order-line')!
          .resource.list.find((f: { key: string }) => f.key === 'skuId')!.label[lang],
      );
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('put the state right after the order number, in sight beside the fixed actions at 1366', async () => {
    // in English, the longest titles
    const lang = 'en_US';
    const code = 'label/purchase-order';
    const { page, context, errors } = await onList(lang, 'demo', 'demo123', code);
    try {
      const all = await headers(page, code);
      const titles = all.map((h) => h.title);
      const state = titles.indexOf(label(code, 'status', lang));
      expect(state).toBeGreaterThan(titles.indexOf(label(code, 'code', lang)));
      expect(state).toBeLessThan(titles.indexOf(label(code, 'supplierId', lang)));
      const actions = all.find((h) => h.title === webText(lang, 'resource.actions'))!;
      expect(all[state].right).toBeLessThanOrEqual(actions.left + 1);
      // the supplier next to it mostly in sight (its name's start), before the actions column
      const supplier = all[titles.indexOf(label(code, 'supplierId', lang))];
      expect(actions.left - supplier.left).toBeGreaterThanOrEqual(0.75 * (supplier.right - supplier.left));
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('title a confirmation naturally: never "确认确认", a name holding the confirm word asked as a question', async () => {
    // in Chinese, where the action names hold the confirm word (确认)
    const lang = 'zh_CN';
    const code = 'label/purchase-order';
    const { page, context, errors } = await onList(lang, 'demo', 'demo123', code);
    try {
      const title = page.locator('.ant-modal-confirm-title');
      for (const [action, state, key] of [
        ['cancelConfirm', LABEL_ORDER.PURCHASING, 'machine.confirmAsk'],
        ['void', LABEL_ORDER.DRAFT, 'machine.confirmTitle'],
      ] as const) {
        const row = rowOf(page, code, enumText('LabelOrderStatus', state, lang)).first();
        // a link of the row, or an item of its "More" menu when its moves do not fit
        const link = row.getByTestId(`row-action-${action}`);
        if (await link.count()) await link.click();
        else {
          await row.getByTestId('row-more').click();
          await page.locator(`.ant-dropdown:not(.ant-dropdown-hidden) [data-testid="row-action-${action}"]`).click();
        }
        const name = ACTIONS[action][lang];
        await expect.poll(() => title.textContent()).toBe(webText(lang, key, { action: name }));
        const words = (await title.textContent())!.toLowerCase().split(ACTIONS.confirm[lang].toLowerCase()).length - 1;
        expect(words).toBeLessThanOrEqual(1);
        await page.locator('.ant-modal-confirm-btns button').first().click();
        await expect.poll(() => title.count()).toBe(0);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('name a screen without a view by its name in the placeholder, never by its code', async () => {
    const { page, context, errors } = await signedIn(suite, 'admin', 'admin123', { lang: 'zh_CN' });
    try {
      let name = '';
      // the menu as a console that has no view for the tenant groups' component would get it (read on each load)
      await page.route('**/api/menu/selectMenuByCurrentUserId', async (route) => {
        const res = await route.fetch();
        const body = (await res.json()) as { data: { component?: string; menuName: string; children?: unknown[] }[] };
        const walk = (items: { component?: string; menuName: string; children?: unknown[] }[]) => {
          for (const m of items) {
            if (m.component === 'general/tenant-group') {
              m.component = 'nope/none';
              name = m.menuName;
            }
            walk((m.children ?? []) as typeof items);
          }
        };
        walk(body.data);
        await route.fulfill({ response: res, json: body });
      });
      await page.goto('/general/tenant-group');
      const placeholder = screenOf(page, 'nope/none').getByTestId('placeholder');
      await placeholder.waitFor();
      expect(name).not.toBe('');
      const text = (await placeholder.locator('.ant-result-subtitle').textContent()) ?? '';
      expect(text).toBe(webText('zh_CN', 'placeholder.text', { name }));
      expect(text).not.toMatch(/nope|none|general\/|tenant-group/);
    } finally {
      await context.close();
    }
    expect(errors.filter((e) => !/no view for component/.test(e))).toEqual([]);
  });
});

describe('logs', () => {
  it('use the page size and the search layout of every other list', async () => {
    const { page, context, errors } = await onList('en_US', 'admin', 'admin123', 'general/tenant-group');
    try {
      const pageSize = async (code: string) =>
        (await screenOf(page, code).locator('.ant-pagination-options .ant-select').first().textContent())?.trim();
      const listSize = await pageSize('general/tenant-group');
      const listButtons = await screenOf(page, 'general/tenant-group').locator('.resource-search-actions').getAttribute('class');
      await openScreen(page, 'general/log-login');
      await rows(page, 'general/log-login');
      const log = screenOf(page, 'general/log-login');
      // a feed has no page numbers: its rows a page in the footer, beside "load more"
      expect((await log.getByTestId('log-page-size').textContent())?.trim()).toBe(listSize);
      expect(listSize).toMatch(/^20\b/);
      expect(await log.getByTestId('log-search').getAttribute('class')).toContain('resource-search');
      // the same grid: the buttons' column has the same width at every breakpoint (only its offset depends on the controls)
      const spans = (c: string | null) => (c ?? '').split(' ').filter((x) => /^ant-col-\w+-\d+$/.test(x));
      expect(spans(await log.locator('.resource-search-actions').getAttribute('class'))).toEqual(spans(listButtons));
      expect(spans(listButtons)).toEqual(['ant-col-xs-24', 'ant-col-sm-12', 'ant-col-md-8', 'ant-col-xl-6']);
      // the buttons close the first row, on the right edge of the search card
      const form = await log.getByTestId('log-search').boundingBox();
      const reset = await log.getByTestId('log-search-reset').boundingBox();
      expect(form!.x + form!.width - (reset!.x + reset!.width)).toBeLessThan(140);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
