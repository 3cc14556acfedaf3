/**
 * Browser story of the supply chain (issue 12): the brand (`demo`) adds a commodity purchase order
 * with a SKU line in the console, confirms it and repeals it (a confirm naming the order); the
 * factory's user (`factory01`, bound to FA01) sees only its factory's orders and reviews a carton
 * it packed.
 */
import { SUPPLY_ORDER_STATUS } from '@tagloom/domain/resources/supply/chain/enums.ts';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSuite, signedIn, tokenOf } from './support/browser';
import {
  apiPost,
  clickInDialog,
  enumText,
  panelOf,
  pickRef,
  rowOf,
  save,
  screenOf,
  serverText,
  tableText,
  webText,
} from './support/general';
import { openScreen } from './support/screens';

const suite = e2eSuite();
const WAIT = { timeout: 15_000 };
const ORDERS = 'supply/purchase-order';
const PACKING = 'supply/packing-review';
const FA01 = '宁波甬华针织制衣有限公司';

/** A session of `user` on the screen `code`, its table shown. */
async function on(user: string, password: string, code: string) {
  const s = await signedIn(suite, user, password, { lang: 'en_US', path: `/${code}` });
  await screenOf(s.page, code).getByTestId('resource-table').waitFor();
  return s;
}

describe('supply chain in the console', () => {
  it('adds, confirms and repeals a commodity order; the factory sees its own and reviews a carton', { timeout: 240_000 }, async () => {
    const lang = 'en_US';
    const { page, context, errors } = await on('demo', 'demo123', ORDERS);
    try {
      const s = screenOf(page, ORDERS);
      await s.getByTestId('resource-add').click();
      const form = panelOf(page);
      await form.getByTestId('field-code').fill('PO-E2E-0001');
      await pickRef(page, form.getByTestId('field-factoryId'), '宁波', FA01);
      await form.getByTestId('field-orderDate').click();
      await page.keyboard.type('2026-11-24');
      await page.keyboard.press('Enter');
      await form.getByTestId('child-add-lines').click();
      const line = form.getByTestId('child-table-lines').locator('.ant-table-tbody tr.ant-table-row').first();
      await pickRef(page, line.getByTestId('field-goodsId'), 'LM24S101', '真丝印花衬衫');
      await pickRef(page, line.getByTestId('field-skuId'), 'LM24S10101S');
      await line.getByTestId('field-quantity').fill('120');
      await save(page, form);

      const row = rowOf(page, ORDERS, 'PO-E2E-0001');
      await row.waitFor(WAIT);
      const state = () => row.locator('.resource-status').textContent();
      expect(await state()).toBe(enumText('SupplyOrderStatus', SUPPLY_ORDER_STATUS.NEW, lang));
      expect(await row.textContent()).toContain('120');
      await row.getByTestId('row-action-confirm').click();
      await expect.poll(state, WAIT).toBe(enumText('SupplyOrderStatus', SUPPLY_ORDER_STATUS.CONFIRMED, lang));
      // confirmed: no more edits (the reason as the tooltip), the repeal asks first, naming the order
      expect(await row.getByTestId('row-edit').isDisabled()).toBe(true);
      await row.getByTestId('row-action-repeal').click();
      const dialog = page.locator('.ant-modal-confirm').filter({ visible: true });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(webText(lang, 'supply.confirm.repeal', { name: 'PO-E2E-0001' }));
      await clickInDialog(page.getByTestId('machine-confirm-ok'));
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(state, WAIT).toBe(enumText('SupplyOrderStatus', SUPPLY_ORDER_STATUS.REPEALED, lang));
      await expect
        .poll(() => page.locator('.ant-message-notice').last().textContent(), WAIT)
        .toContain(serverText(lang, 'supply.done.repeal'));
      expect(await row.locator('[data-testid^="row-action-"]').count()).toBe(0);
      // the search by code keeps the list to it (prefix, any case)
      await s.getByTestId('search-code').fill('po-e2e');
      await s.getByTestId('resource-search-submit').click();
      await expect.poll(() => s.locator('.ant-table-row').count(), WAIT).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }

    // the factory's user: its factory's orders only; it packs a carton (API) and reviews it on the screen
    const f = await on('factory01', 'demo1234', ORDERS);
    try {
      await expect.poll(() => screenOf(f.page, ORDERS).locator('.ant-table-row').count(), WAIT).toBeGreaterThan(0);
      // every row names FA01 (a reference's name follows its row: a cell shows the id until it arrives)
      const factories = () =>
        screenOf(f.page, ORDERS)
          .locator('.ant-table-row')
          .evaluateAll((rows) => rows.map((r) => r.textContent ?? ''));
      await expect.poll(async () => (await factories()).every((text) => text.includes(FA01)), WAIT).toBe(true);
      // read-only for the factory: no Add
      expect(await screenOf(f.page, ORDERS).getByTestId('resource-add').count()).toBe(0);

      const token = await tokenOf(f.context);
      const orders = await apiPost(f.page, token, '/api/supply/purchase-order/list', { status: SUPPLY_ORDER_STATUS.CONFIRMED });
      const order = orders.data.list[0];
      const detail = await apiPost(f.page, token, '/api/supply/purchase-order-detail/list', { orderCode: order.code });
      const { skuId } = detail.data.list[0];
      const made = await apiPost(f.page, token, '/api/supply/packing-review/create', {
        cartonNo: 'CTN-E2E-0001',
        orderId: order.id,
        lines: [{ skuId, quantity: 24 }],
      });
      expect(made.code, made.msg).toBe(200);
      await openScreen(f.page, PACKING);
      const carton = rowOf(f.page, PACKING, 'CTN-E2E-0001');
      await carton.waitFor(WAIT);
      const state = () => carton.locator('.resource-status').textContent();
      await carton.getByTestId('row-action-review').click();
      await expect.poll(state, WAIT).toBe(enumText('PackingStatus', 2, lang));
      // the brand audits: the factory holds no Audit button
      expect(await carton.getByTestId('row-action-audit').count()).toBe(0);
      expect(await tableText(f.page, PACKING)).not.toContain('东莞');
      expect(f.errors).toEqual([]);
    } finally {
      await f.context.close();
    }
  });
});
