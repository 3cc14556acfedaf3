/**
 * Browser stories of the list screens' shared polish: one message style in forms ("Please select …"
 * for an empty select), state columns of wide tables within a 1366-pixel screen with no header
 * clipped, toolbar Edit disabled until a row is chosen, states as status badges, and the logs on
 * the same page size and search layout as every other list. Screenshots in the three languages,
 * desktop (1366) and mobile (390).
 */
import { LANGS, type Lang } from '@tagloom/domain/lang.ts';
import { ACTIONS } from '@tagloom/domain/menu/actions.ts';
import { RESOURCES } from '@tagloom/domain/resources/index.ts';
import { LABEL_ORDER } from '@tagloom/domain/resources/label/orders/enums.ts';
import { requiredMessage } from '@tagloom/domain/validation.ts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSuite, login, newSession, type Session, shot } from './support/browser';
import { clickInDialog, enumText, fieldError, panelOf, rowOf, screenOf, webText } from './support/general';

const suite = e2eSuite();

const def = (code: string) => RESOURCES.find((r) => r.code === code)!;
const label = (code: string, key: string, lang: Lang) => def(code).list.find((f) => f.key === key)!.label[lang];

async function session(lang: Lang, user: string, pass: string, width = 1366): Promise<Session> {
  const s = await newSession(suite.browser, suite.server.url, { lang, width, height: width > 500 ? 800 : 844 });
  await login(s.page, user, pass);
  return s;
}

async function openList(page: Page, code: string) {
  await page.goto(`/${code}`);
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
  for (const lang of ['zh_CN', 'en_US'] as const)
    it(`says "Please select …" for an empty required select and "Please enter …" for an empty input (${lang})`, async () => {
      const { page, context, errors } = await session(lang, 'admin', 'admin123');
      try {
        const code = 'general/product';
        await openList(page, code);
        await screenOf(page, code).getByTestId('resource-add').click();
        const form = panelOf(page);
        await clickInDialog(form.getByTestId('resource-form-save'));
        const category = requiredMessage(lang, label(code, 'category', lang), 'select');
        await expect.poll(() => fieldError(form, 'category').textContent()).toBe(category);
        expect(category).toBe(lang === 'en_US' ? 'Please select category' : '请选择产品类别');
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
  it('show the scheduler state and next run beside the fixed actions, no header cut', { timeout: 180_000 }, async () => {
    for (const lang of LANGS) {
      const { page, context, errors } = await session(lang, 'admin', 'admin123');
      try {
        const code = 'general/scheduler';
        await openList(page, code);
        await expectStateColumnsShown(page, code, ['state', 'nextFireAt'], lang);
        await shot(page, `resource-polish-scheduler-${lang}-1366`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('show RFID equipment online status and last online; Edit waits for a row; the status is a badge', { timeout: 180_000 }, async () => {
    for (const lang of LANGS) {
      const { page, context, errors } = await session(lang, 'demo', 'demo123');
      try {
        const code = 'rfid/equipment';
        await openList(page, code);
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
        await shot(page, `resource-polish-equipment-edit-${lang}-1366`);
        await panelOf(page).getByTestId('resource-form-cancel').click();
        await shot(page, `resource-polish-equipment-${lang}-1366`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});

describe('documents', () => {
  it('show a supplier the goods lines of its own order under the row, SKUs by barcode', async () => {
    for (const lang of ['zh_CN', 'en_US'] as const) {
      const { page, context, errors } = await session(lang, 'supplier01', 'demo1234');
      try {
        const code = 'label/receive-send';
        await openList(page, code);
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
    }
  });

  it('put the state right after the order number, in sight beside the fixed actions at 1366', async () => {
    for (const lang of LANGS) {
      const { page, context, errors } = await session(lang, 'demo', 'demo123');
      try {
        const code = 'label/purchase-order';
        await openList(page, code);
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
    }
  });

  it('title a confirmation naturally: never "确认确认", a name holding the confirm word asked as a question', async () => {
    for (const lang of LANGS) {
      const { page, context, errors } = await session(lang, 'demo', 'demo123');
      try {
        const code = 'label/purchase-order';
        await openList(page, code);
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
    }
  });

  it('name a screen without a view by its name in the placeholder, never by its code', async () => {
    const { page, context, errors } = await newSession(suite.browser, suite.server.url, { lang: 'zh_CN' });
    try {
      let name = '';
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
      await login(page, 'admin', 'admin123');
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
    const { page, context, errors } = await session('en_US', 'admin', 'admin123');
    try {
      const pageSize = async (code: string) =>
        (await screenOf(page, code).locator('.ant-pagination-options .ant-select').first().textContent())?.trim();
      await openList(page, 'general/tenant-group');
      const listSize = await pageSize('general/tenant-group');
      const listButtons = await screenOf(page, 'general/tenant-group').locator('.resource-search-actions').getAttribute('class');
      await openList(page, 'general/log-login');
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

describe('screenshots', () => {
  it('of the scheduler, equipment, the login log and a form with errors, three languages, desktop and mobile', {
    timeout: 400_000,
  }, async () => {
    for (const lang of LANGS)
      for (const width of [1366, 390]) {
        const admin = await session(lang, 'admin', 'admin123', width);
        try {
          const { page } = admin;
          await openList(page, 'general/scheduler');
          await shot(page, `resource-polish-scheduler-${lang}-${width}`);
          await openList(page, 'general/log-login');
          await shot(page, `resource-polish-log-login-${lang}-${width}`);
          await openList(page, 'general/product');
          await screenOf(page, 'general/product').getByTestId('resource-add').click();
          await clickInDialog(panelOf(page).getByTestId('resource-form-save'));
          await panelOf(page).locator('.ant-form-item-explain-error').first().waitFor();
          await shot(page, `resource-polish-form-errors-${lang}-${width}`);
          expect(admin.errors).toEqual([]);
        } finally {
          await admin.context.close();
        }
        const demo = await session(lang, 'demo', 'demo123', width);
        try {
          await openList(demo.page, 'rfid/equipment');
          await shot(demo.page, `resource-polish-equipment-${lang}-${width}`);
          expect(demo.errors).toEqual([]);
        } finally {
          await demo.context.close();
        }
      }
  });
});
