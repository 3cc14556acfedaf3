/**
 * The label order story as its users live it: the brand admin `demo` makes a label purchase order
 * with the wizard from a commodity purchase order (a reload keeps the draft) and submits it; the
 * label supplier's user `supplier01` accepts it in its own view and uploads the SVG sketch; the brand
 * confirms the sketch and the order and generates its EPCs (a job whose progress the list shows);
 * the supplier's print task gives a ZPL file whose every label writes one EPC and reads the TID
 * back, and those EPCs decode to the order's SKUs' GTINs; the supplier prepares, produces and ships
 * the order; the lifecycle of one EPC shows its encoding with the order (Get EPC). The wizard keeps the
 * delivery date and offers only the sample cards of the chosen SKUs; the order's edit form clears
 * its sample card; the print task's two actions are named apart. No page error on any page.
 * (The wizard's steps, filled: shots/label-orders.shots.ts.)
 */
import { readFileSync } from 'node:fs';
import { decodeEpc } from '@tagloom/domain/epc/index.ts';
import { LABEL_ORDER } from '@tagloom/domain/resources/label/orders/enums.ts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSuite, signedIn, tokenOf } from './support/browser';
import { apiPost, clickInDialog, enumText, expectSaved, pick, rowOf, save, screenOf, webText } from './support/general';

const suite = e2eSuite();
const PO = 'label/purchase-order';
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="600" viewBox="0 0 40 60"><rect width="40" height="60" fill="#fff" stroke="#000"/><text x="6" y="20" font-size="5">E2E</text></svg>';

/** Clicks a row's action link and, when it asks first, its confirmation; waits for the success message. */
async function rowAction(page: Page, code: string, text: string, action: string) {
  await rowOf(page, code, text).first().getByTestId(`row-action-${action}`).click();
  const confirm = page.locator('.ant-modal-confirm');
  if (await confirm.isVisible().catch(() => false)) await clickInDialog(confirm.getByTestId('machine-confirm-ok'));
  await expectSaved(page);
}

async function openList(page: Page, code: string, text?: string) {
  await page.goto(`/${code}`);
  const rows = screenOf(page, code).getByTestId('resource-table').locator('.ant-table-row');
  await (text ? rows.filter({ hasText: text }) : rows).first().waitFor({ timeout: 20_000 });
}

describe('label purchase orders in the browser', () => {
  it('goes from the wizard to EPCs, a checked print file and a lifecycle', async () => {
    // the wizard is open while the order and its sample card are prepared (the card is read at step 2)
    const brand = await signedIn(suite, 'demo', 'demo123', { lang: 'zh_CN', height: 900, path: '/label/purchase-order-wizard' });
    const page = brand.page;
    const token = await tokenOf(brand.context);
    // a commodity order that is not repealed
    const orders = await apiPost(page, token, '/api/supply/purchase-order/list', { page: 1, pageSize: 50 });
    const usable = orders.data.list.find((o: { status: number; totalQuantity: number }) => o.status !== 3 && o.totalQuantity > 0);
    // the wizard's lines of that order: a sample card for the first line's SKU (its 69 code the SKU's GTIN)
    const wizardLines = await apiPost(page, token, '/api/label/purchase-order-wizard/lines', { orderIds: [usable.id] });
    const [first, second] = wizardLines.data.list as { skuBarcode: string; gtin: string }[];
    const card = await apiPost(page, token, '/api/label/sample-card/create', {
      name: `E2E 样卡 ${first.skuBarcode}`,
      code: `SC-E2E-${Date.now() % 1e6}`,
      gbCode: 'GB0000000000A',
      code69: first.gtin,
      safetyLevel: 2,
      ingredients: '100% 棉',
    });
    expect(card.code, card.msg).toBe(200);
    // step 1: its lines; keep two, with 12 and 8 labels
    await page.getByTestId('label-order-wizard').waitFor();
    // a repealed commodity order is not offered
    const repealed = orders.data.list.find((o: { status: number }) => o.status === 3);
    if (repealed) {
      await page.getByTestId('wizard-order-pick').click();
      await page.keyboard.type(repealed.code);
      const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden):visible').last();
      await expect.poll(() => dropdown.textContent()).toContain(webText('zh_CN', 'wizard.noOrders'));
      await page.keyboard.press('Escape');
    }
    await page.getByTestId('wizard-order-pick').click();
    await page.keyboard.type(usable.code);
    await pick(page, page.getByTestId('wizard-order-pick'), usable.code);
    await page.getByTestId('wizard-order-add').click();
    const lines = page.getByTestId('wizard-lines').locator('.ant-table-row');
    await lines.first().waitFor();
    const count = await lines.count();
    for (let i = 2; i < count; i++) await lines.nth(i).locator('.ant-checkbox-input').click();
    const qty = page.locator('input[data-testid^="wizard-qty-"], [data-testid^="wizard-qty-"] input');
    await qty.nth(0).fill('12');
    await qty.nth(1).fill('8');
    await expect.poll(() => page.getByTestId('wizard-total').textContent()).toContain('20');
    // the delivery date, a month ahead
    const due = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const delivery = page.locator('[data-testid="wizard-delivery"] input, input[data-testid="wizard-delivery"]').first();
    await delivery.click();
    await delivery.fill(due);
    await delivery.press('Enter');
    await expect.poll(() => delivery.inputValue()).toBe(due);
    // the draft survives a reload
    await page.reload();
    await expect.poll(() => page.getByTestId('wizard-total').textContent()).toContain('20');
    await expect.poll(() => delivery.inputValue()).toBe(due);
    await page.getByTestId('wizard-next').click();
    // step 2 offers the card of the first SKU, not the seeded card of none of the chosen SKUs
    const cardPick = page.getByTestId('wizard-sample-card');
    await cardPick.click();
    const cardList = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden):visible').last();
    await expect.poll(() => cardList.locator('.ant-select-item-option').count()).toBeGreaterThan(0);
    const offered = await cardList.locator('.ant-select-item-option').allTextContents();
    expect(offered.some((o) => o.includes(`E2E 样卡 ${first.skuBarcode}`) && o.includes(first.skuBarcode))).toBe(true);
    expect(offered.some((o) => o.includes('女装衬衫合格证'))).toBe(false);
    await pick(page, cardPick, `E2E 样卡 ${first.skuBarcode}（${first.gtin}）`);
    expect(second.skuBarcode).not.toBe(first.skuBarcode);
    await page.getByTestId('wizard-next').click();
    await pick(page, page.getByTestId('wizard-supplier'), '上海锐标射频科技有限公司');
    await page.getByTestId('wizard-shipping-name').fill('王建华');
    await page.getByTestId('wizard-shipping-contact').fill('13761208845');
    await page.getByTestId('wizard-shipping-address').fill('浙江省宁波市北仑区甬江路 18 号');
    await page.getByTestId('wizard-submit').click();
    await expectSaved(page);
    await page.waitForURL((u) => u.pathname === `/${PO}`);
    type Listed = { id: number; code: string; status: number; totalQuantity: number; labelQuantity: number; sampleCardId: number | null };
    const listed: Listed[] = (await apiPost(page, token, `/api/${PO}/list`, { page: 1, pageSize: 100 })).data.list;
    const made = listed.reduce((a, b) => (b.id > a.id ? b : a));
    expect(made.status).toBe(2);
    expect(made.totalQuantity).toBe(20);
    expect(made.sampleCardId).toBe(card.data.id);
    const code: string = made.code;
    // the order shows its delivery date
    await expect.poll(() => rowOf(page, PO, code).first().textContent(), { timeout: 15_000 }).toContain(due);
    // its edit form clears the sample card
    await rowOf(page, PO, code).first().getByTestId('row-edit').click();
    const edit = page.getByTestId('resource-form');
    const cardField = edit.getByTestId('field-sampleCardId');
    await expect.poll(() => cardField.textContent()).toContain('E2E 样卡');
    await cardField.hover();
    await cardField.locator('.ant-select-clear').click();
    await save(page);
    await expect
      .poll(async () => (await apiPost(page, token, `/api/${PO}/list`, { page: 1, pageSize: 5, code })).data.list[0].sampleCardId ?? null)
      .toBeNull();

    // the supplier accepts it in its view and uploads its sketch
    const sup = await signedIn(suite, 'supplier01', 'demo1234', { lang: 'zh_CN', height: 900, path: '/supply/label-order' });
    await rowOf(sup.page, 'supply/label-order', code).first().waitFor({ timeout: 20_000 });
    await rowAction(sup.page, 'supply/label-order', code, 'accept');
    await sup.page.goto('/label/sketch');
    await screenOf(sup.page, 'label/sketch').getByTestId('resource-add').click();
    const form = sup.page.getByTestId('resource-form');
    await form.getByTestId('field-orderId').click();
    await sup.page.keyboard.type(code);
    await pick(sup.page, form.getByTestId('field-orderId'), code);
    await form.getByTestId('field-name').fill(`${code} 吊牌`);
    await form.locator('input[type=file]').setInputFiles({ name: 'tag.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(SVG) });
    const upload = form.getByTestId('field-file');
    await expect.poll(() => upload.textContent()).toContain('tag.svg');
    await expect.poll(() => upload.locator('.ant-upload-list-item-uploading').count()).toBe(0);
    await expect
      .poll(() => upload.locator('.ant-upload-list-item-done, .ant-upload-list-item:not(.ant-upload-list-item-error)').count())
      .toBeGreaterThan(0);
    await sup.page.getByTestId('resource-form-save').click();
    await expectSaved(sup.page, form);

    // the brand confirms the sketch, then the order, then gets its EPCs with progress
    await openList(page, 'label/sketch', code);
    await rowAction(page, 'label/sketch', code, 'confirm');
    await openList(page, PO, code);
    await rowAction(page, PO, code, 'confirm');
    await rowAction(page, PO, code, 'generateEpc');
    await expect
      .poll(async () => (await apiPost(page, token, `/api/${PO}/list`, { page: 1, pageSize: 5, code })).data.list[0].status, {
        timeout: 30_000,
      })
      .toBe(6);
    await expect
      .poll(() => rowOf(page, PO, code).first().textContent(), { timeout: 15_000 })
      .toContain(enumText('LabelOrderStatus', 6, 'zh_CN'));

    // the supplier's print task: confirmed, its ZPL file downloaded and checked label by label
    const supToken = await tokenOf(sup.context);
    const task = await apiPost(sup.page, supToken, '/api/label/print-task/create', { orderId: made.id });
    expect(task.code).toBe(200);
    await openList(sup.page, 'label/print-task', task.data.code);
    await rowAction(sup.page, 'label/print-task', task.data.code, 'confirm');
    // its two actions are named apart: one moves the task on, one downloads its file
    const taskRow = rowOf(sup.page, 'label/print-task', task.data.code).first();
    await expect.poll(() => taskRow.getByTestId('row-action-print').textContent()).toBe('开始打印');
    await expect.poll(() => taskRow.getByTestId('print-file').textContent()).toBe(webText('zh_CN', 'printTask.file'));
    expect(webText('zh_CN', 'printTask.file')).toBe('下载打印文件');
    await rowAction(sup.page, 'label/print-task', task.data.code, 'print');
    await expect.poll(() => taskRow.textContent(), { timeout: 15_000 }).toContain(enumText('PrintTaskStatus', 3, 'zh_CN'));
    const [download] = await Promise.all([
      sup.page.waitForEvent('download', { timeout: 20_000 }),
      rowOf(sup.page, 'label/print-task', task.data.code).first().getByTestId('print-file').click(),
    ]);
    const zpl = readFileSync((await download.path())!, 'utf8');
    const labels = zpl.split('^XZ').filter((l) => l.trim());
    expect(labels.length).toBe(made.labelQuantity);
    const epcs = labels.map((l) => {
      expect(l).toContain('^RS8');
      expect(l).toMatch(/\^FN1\^RFR,H,0,12,2\^FS/);
      expect(l).toMatch(/\^HV1,24,TID:/);
      const w = [...l.matchAll(/\^RFW,H,,,A\^FD([0-9A-F]{24})\^FS/g)];
      expect(w.length).toBe(1);
      return w[0][1];
    });
    expect(new Set(epcs).size).toBe(epcs.length);
    const get = (url: string) => page.evaluate(async ({ url, token }) => (await fetch(url, { headers: { token } })).json(), { url, token });
    const detail = await get(`/api/${PO}/get?id=${made.id}`);
    const gtins = await Promise.all(
      detail.data.lines.map(async (l: { skuId: number }) => String((await get(`/api/tenant/goods-sku/get?id=${l.skuId}`)).data.gtin)),
    );
    const known = new Set(gtins.map((g) => g.padStart(14, '0')));
    expect(known.size).toBe(2);
    for (const epc of epcs) {
      const d = decodeEpc(epc);
      expect(d.scheme).toBe('sgtin-96');
      expect(known.has(String(d.gtin))).toBe(true);
    }

    // the supplier prepares, produces and ships it with its express number
    await openList(sup.page, 'supply/label-order', code);
    for (const a of ['prepare', 'produce', 'complete']) await rowAction(sup.page, 'supply/label-order', code, a);
    await rowOf(sup.page, 'supply/label-order', code).first().getByTestId('row-action-ship').click();
    const ship = sup.page.getByTestId('transition-fields');
    // sent without its express number: the dialog stays, saying what is missing (and no page error)
    await ship.getByTestId('field-expressCompany').fill('顺丰速运');
    await clickInDialog(sup.page.getByTestId('machine-confirm-ok'));
    await expect.poll(() => ship.locator('.ant-form-item-explain-error').allTextContents()).toHaveLength(1);
    await ship.getByTestId('field-expressNo').fill('SF1234567890');
    await clickInDialog(sup.page.getByTestId('machine-confirm-ok'));
    await expectSaved(sup.page);
    await expect
      .poll(async () => (await apiPost(page, token, `/api/${PO}/list`, { page: 1, pageSize: 5, code })).data.list[0].status)
      .toBe(LABEL_ORDER.SHIPPED);

    // the lifecycle of one EPC: encoded with its order by Get EPC (commissioned once a printer binds it)
    await page.goto('/label/lifecycle');
    await page.getByTestId('lifecycle-input').locator('input').fill(epcs[0]);
    await page.getByTestId('lifecycle-input').locator('input').press('Enter');
    await page.getByTestId('lifecycle-timeline').waitFor();
    await expect.poll(() => page.locator('[data-testid="lifecycle-event"][data-step="encoding"]').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('lifecycle-summary').textContent()).toContain(code);
    // no page error on either user's pages
    expect([...brand.errors, ...sup.errors].filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await sup.context.close();
    await brand.context.close();
  }, 180_000);
});
