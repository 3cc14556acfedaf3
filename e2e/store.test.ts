/**
 * The stores (issue 30, ../shared/operations.md slice B): one file for the slice. First one set of
 * goods through ST001 — the simulator's store scenario plays the readers, the till and the handheld
 * over the API; the console shows each step and its users approve the count and the difference list
 * — then each area's stories in its own describe block. Store bills: a transfer received at ST001 by its clerk, a
 * delivery written from the store and shipped.
 */

import { readFile } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import type { Lang } from '@tagloom/domain';
import { TAG_STATUS } from '@tagloom/domain/resources/label/tags/enums.ts';
import { COUNT_STATUS } from '@tagloom/domain/resources/store/inventory.ts';
import { RETAG_STATUS } from '@tagloom/domain/resources/store/supplementary-bid.ts';
import { BILL_KIND, BILL_STATUS } from '@tagloom/domain/resources/warehouse/enums.ts';
import { describe, expect, it } from 'vitest';
import { runStoreScenario } from '../bench/store-scenario';
import { e2eSuite, keptSignedIn, signedIn, tokenOf, withConsoleErrors } from './support/browser';
import {
  apiPost,
  clickInDialog,
  downloadOf,
  enumText,
  panelOf,
  pick,
  pickRef,
  rowAction,
  rowOf,
  save,
  screenOf,
  serverText,
  webText,
} from './support/general';
import { openScreen } from './support/screens';

const suite = e2eSuite();

type Row = Record<string, unknown>;

describe('one set of goods through ST001', () => {
  it('a transfer received, put out on the floor by its readers, sold and returned at the till, counted: store01 sees each step and approves the count; demo approves the difference list and exports it', async () => {
    const lang: Lang = 'en_US';
    // the store's physical day, as its readers, POS and handheld report it (the simulator's store scenario, over the API)
    const said: string[] = [];
    const run = await runStoreScenario({
      url: suite.server.url,
      username: 'demo',
      password: 'demo123',
      format: 'impinj',
      log: (l) => said.push(l),
    });
    expect(run.transfer.status, said.join('\n')).toBe(BILL_STATUS.REVIEWED);
    expect(run.count.status).toBe(COUNT_STATUS.COUNTED);
    const { page, context, errors } = await signedIn(suite, 'store01', 'demo1234', { lang, path: '/store/receiving' });
    try {
      const token = await tokenOf(context);
      // 1. store/receiving: the transfer received by its arrivals at the stock room, reviewed
      const receiving = screenOf(page, 'store/receiving');
      await receiving.getByTestId('search-code').fill(run.transfer.code);
      await receiving.getByTestId('resource-search-submit').click();
      const bill = rowOf(page, 'store/receiving', run.transfer.code);
      await expect
        .poll(() => bill.locator('.resource-status').first().textContent())
        .toBe(enumText('BillStatus', BILL_STATUS.REVIEWED, lang));

      // 2. store/inventory → Stock: where the transfer's pieces are now, by the readers — those never put out still in the
      // stock room (后仓), those put out on the floor sold (no longer present), the returned one back in the stock room
      const moved = new Set([...run.moves.toFloor, ...run.missing.map((m) => m.epc)]);
      const inRoom = run.transfer.epcs.find((e) => !moved.has(e))!;
      expect(inRoom, JSON.stringify(run)).toBeTruthy();
      const tag = (
        await page.evaluate(
          async ({ token, epc }) => (await fetch(`/api/label/epc-query/lookup?code=${epc}`, { headers: { token, loginType: '1' } })).json(),
          { token, epc: inRoom },
        )
      ).data;
      const barcode = String(tag.sku.skuBarcode);
      await openScreen(page, 'store/inventory');
      const stock = page.getByTestId('stock-tab');
      await stock.getByTestId('stock-search').locator('input').fill(barcode);
      await stock.getByTestId('stock-search').locator('input').press('Enter');
      await expect
        .poll(() => stock.locator('.ant-table-tbody tr.ant-table-row').first().textContent())
        .toContain(String(tag.sku.styleNumber));
      await stock.locator('.ant-table-tbody tr.ant-table-row').first().locator('.stock-row-present a').first().click();
      const epcs = page.getByTestId('stock-epcs');
      const roomRow = epcs.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: inRoom });
      await expect.poll(() => roomRow.textContent()).toContain('后仓');
      const shown = (await epcs.locator('.ant-table-tbody').textContent()) ?? '';
      for (const e of run.sales.filter((x) => x.kind === 'sale').flatMap((x) => x.epcs))
        if (!run.sales.some((x) => x.kind === 'return' && x.epcs.includes(e))) expect(shown).not.toContain(e);
      await epcs.locator('.ant-drawer-close').click();
      await epcs.waitFor({ state: 'hidden' });

      // 3. store/cashier: the day's sales and the return, each with its EPCs
      await openScreen(page, 'store/cashier');
      const till = screenOf(page, 'store/cashier');
      for (const txn of run.sales) {
        await till.getByTestId('cashier-filter-txnNo').fill(txn.txnNo);
        await till.getByTestId('cashier-search-submit').click();
        const row = till.locator('.ant-table-row').filter({ hasText: txn.txnNo });
        await expect.poll(() => row.count()).toBe(1);
      }

      // 4. store/inventory → Counts: the closing count (handheld), submitted and approved; the book is what it counted
      await openScreen(page, 'store/inventory');
      await page.getByRole('tab', { name: webText(lang, 'count.tabs.counts') }).click();
      const counts = screenOf(page, 'store/inventory');
      // (found by its number: the seeded sheets of the day number above it)
      await counts.getByTestId('search-code').fill(run.count.code);
      await counts.getByTestId('resource-search-submit').click();
      const count = counts.locator('.ant-table-row').filter({ hasText: run.count.code });
      await count.waitFor();
      const status = async () =>
        ((await apiPost(page, token, '/api/store/inventory/list', { pageSize: 20, code: run.count.code })) as { data: { list: Row[] } })
          .data.list[0]?.status;
      await rowAction(page, count.filter({ hasText: enumText('CountStatus', COUNT_STATUS.COUNTED, lang) }), 'submit');
      await expect.poll(status).toBe(COUNT_STATUS.SUBMITTED);
      await rowAction(page, count.filter({ hasText: enumText('CountStatus', COUNT_STATUS.SUBMITTED, lang) }), 'review');
      await page.locator('.ant-modal-confirm .ant-btn-primary, .ant-modal-confirm .ant-btn-dangerous').last().click();
      await expect.poll(status).toBe(COUNT_STATUS.APPROVED);
      expect(errors).toEqual([]);
    } catch (err) {
      throw withConsoleErrors(err, errors);
    } finally {
      await context.close();
    }

    // 5. demo: ST001's difference list (ERP vs the book the count set): the missing piece's SKU as counted, approved, exported
    const admin = await signedIn(suite, 'demo', 'demo123', { lang, path: '/store/inventory' });
    try {
      const p = admin.page;
      await expect.poll(() => p.getByTestId('stock-site').textContent()).toContain('ST001');
      await p.getByRole('tab', { name: 'Differences' }).click();
      const tab = p.getByTestId('differences-tab');
      await tab.getByTestId('diff-new').click();
      const drawer = p.getByTestId('diff-detail');
      await drawer.getByTestId('diff-lines').locator('.ant-table-row').first().waitFor();
      await drawer.getByTestId('diff-approve').click();
      await p.locator('.ant-popconfirm:visible .ant-btn-primary').click();
      await expect.poll(() => drawer.getByTestId('diff-status').textContent()).toBe('Approved');
      const [download] = await Promise.all([p.waitForEvent('download', { timeout: 30_000 }), drawer.getByTestId('diff-export').click()]);
      const code = download.suggestedFilename().match(/(DL\d+)/)![1];
      const sheet = XLSX.read(await readFile((await download.path())!));
      const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet.Sheets[sheet.SheetNames[0]], { header: 1 });
      const adminToken = await tokenOf(admin.context);
      const list = await p.evaluate(
        async ({ token, code }) => {
          const h = { token, loginType: '1', langeType: 'en_US' };
          const lists = await (await fetch('/api/store/difference-lists?pageSize=100', { headers: h })).json();
          const id = lists.data.list.find((l: { code: string }) => l.code === code).id;
          return (await (await fetch(`/api/store/difference-lists/get?id=${id}`, { headers: h })).json()).data;
        },
        { token: adminToken, code },
      );
      // the book after the count: each SKU of a missing piece at what the count found
      for (const m of run.count.missingLines) {
        const line = (list.lines as Row[]).find((l) => l.skuId === m.skuId);
        expect(line?.rfidQty, JSON.stringify(m)).toBe(m.counted);
        // and the export carries its adjustment when the ERP says otherwise
        if (line && line.diffQty !== 0) expect(rows.some((r) => r[2] === line.skuBarcode)).toBe(true);
      }
      expect(admin.errors).toEqual([]);
    } catch (err) {
      throw withConsoleErrors(err, admin.errors);
    } finally {
      await admin.context.close();
    }
  }, 180_000);
});

describe('store bills', () => {
  it('store01 receives a transfer to its store, then writes a transfer to another store and ships it', async () => {
    const lang: Lang = 'en_US';
    const RECEIVING = 'store/receiving';
    const DELIVERY = 'store/delivery';
    const { page, context, errors } = await keptSignedIn(suite, 'store01', 'demo1234', { lang, path: `/${RECEIVING}` });
    try {
      const token = await tokenOf(context);
      // a received transfer waiting for the clerk's receive (finish + review in one move)
      const listed = await apiPost(page, token, `/api/${RECEIVING}/list`, { page: 1, pageSize: 100, status: BILL_STATUS.RECEIVED });
      const bill = (listed.data.list as Record<string, unknown>[])[0];
      expect(bill).toBeTruthy();
      const row = rowOf(page, RECEIVING, String(bill.code));
      await row.waitFor();
      const state = () => row.locator('.resource-status').first().textContent();
      expect(await state()).toBe(enumText('BillStatus', BILL_STATUS.RECEIVED, lang));
      await row.getByTestId('row-action-receive').click();
      const confirm = page.locator('.ant-modal-confirm').filter({ visible: true });
      await expect
        .poll(() => confirm.locator('.ant-modal-confirm-content').textContent())
        .toContain(webText(lang, 'storeBill.confirm.receive', { name: bill.code }));
      await clickInDialog(page.getByTestId('machine-confirm-ok'));
      await expect.poll(state).toBe(enumText('BillStatus', BILL_STATUS.REVIEWED, lang));
      await expect
        .poll(() => page.locator('.ant-message-notice').last().textContent())
        .toContain(serverText(lang, 'storeBill.done.receive'));

      // a transfer to the Beijing store, from its own store (the sender is its store: not asked)
      await openScreen(page, DELIVERY);
      const s = screenOf(page, DELIVERY);
      await s.getByTestId('resource-add').click();
      const form = panelOf(page);
      await pick(page, form.getByTestId('field-kind'), enumText('BillKind', BILL_KIND.STORE_TRANSFER, lang));
      await pickRef(page, form.getByTestId('field-destLocationId'), '三里屯');
      await form.getByTestId('field-remark').fill('E2E 尺码调拨');
      await form.getByTestId('child-add-lines').click();
      const line = form.getByTestId('child-table-lines').locator('.ant-table-tbody tr.ant-table-row').first();
      await pickRef(page, line.getByTestId('field-skuId'), 'LM24S10101S');
      await line.getByTestId('field-expectedQty').fill('6');
      await save(page, form);
      const sent = rowOf(page, DELIVERY, '北京三里屯太古里店')
        .filter({ hasText: enumText('BillStatus', BILL_STATUS.CREATED, lang) })
        .first();
      await sent.waitFor();
      const code =
        (await sent
          .locator('td')
          .filter({ hasText: /^BL\d{12}$/ })
          .first()
          .textContent()) ?? '';
      const made = rowOf(page, DELIVERY, code);
      const sentState = () => made.locator('.resource-status').first().textContent();
      await made.getByTestId('row-action-ship').click();
      await expect.poll(sentState).toBe(enumText('BillStatus', BILL_STATUS.IN_TRANSIT, lang));
      expect(await made.getByTestId('row-edit').isDisabled()).toBe(true);
    } catch (err) {
      throw withConsoleErrors(err, errors);
    }
  });
});

describe('stock', () => {
  it("store01 sees its store's stock per option, a SKU's EPCs on the floor and in the room, and starts a refill", async () => {
    const lang: Lang = 'en_US';
    const { page, errors } = await keptSignedIn(suite, 'store01', 'demo1234', { lang, path: '/store/inventory' });
    try {
      // its own store only: the site is fixed
      const site = page.getByTestId('stock-site');
      await expect.poll(() => site.textContent()).toContain('ST001');
      expect(await site.evaluate((el) => el.closest('.ant-select')?.className ?? '')).toContain('ant-select-disabled');
      // a style searched: its options, sizes across with the three numbers
      const tab = page.getByTestId('stock-tab');
      await tab.getByTestId('stock-search').locator('input').fill('LM24A102');
      await tab.getByTestId('stock-search').locator('input').press('Enter');
      await expect.poll(() => tab.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(2);
      const rows = tab.locator('.ant-table-tbody tr.ant-table-row');
      expect(await rows.first().textContent()).toContain('LM24A102');
      // a size's present count opens its EPCs, each with its zone
      const present = rows.first().locator('.stock-row-present a').first();
      const n = Number(await present.textContent());
      await present.click();
      const drawer = page.getByTestId('stock-epcs');
      await expect.poll(() => drawer.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(n);
      expect(await drawer.locator('.ant-table-tbody').textContent()).toMatch(/卖场|后仓/);
      await drawer.locator('.ant-drawer-close').click();
      await drawer.waitFor({ state: 'hidden' });
      // refill: the floor's gaps, started as a task
      await page.getByRole('tab', { name: webText(lang, 'stockView.tab.refill') }).click();
      const refill = page.getByTestId('refill-tab');
      await expect.poll(() => refill.locator('.ant-table-tbody tr.ant-table-row').count()).toBeGreaterThan(0);
      // the floor's on-shelf availability of the last four weeks, drawn
      await expect.poll(() => refill.getByTestId('chart-osa-trend').getAttribute('data-drawn')).not.toBeNull();
      await refill.getByTestId('refill-start').click();
      await expect.poll(() => page.locator('.ant-message-notice').last().textContent()).toMatch(/Refill task RF\d+ started/);
      // the task listed, open until the readers see its pieces on the floor
      const task = refill.locator('.ant-card .ant-table-tbody tr.ant-table-row').first();
      await expect.poll(() => task.textContent()).toMatch(/^RF\d{14}/);
      expect(await task.textContent()).toContain(webText(lang, 'stockView.refill.state.open'));
    } catch (err) {
      throw withConsoleErrors(err, errors);
    }
  });
});

describe('differences', () => {
  it('demo makes ST001’s difference list, ignores a SKU, approves and exports it: the sheet is the adjustment without it', async () => {
    const { page, context, errors } = await keptSignedIn(suite, 'demo', 'demo123', { lang: 'en_US', path: '/store/inventory' });
    try {
      // ST001 is the first site of the screen's picker
      await expect.poll(() => page.getByTestId('stock-site').textContent()).toContain('ST001');
      await page.getByRole('tab', { name: 'Differences' }).click();
      const tab = page.getByTestId('differences-tab');
      await expect.poll(() => tab.getByTestId('diff-erp').textContent()).toMatch(/ERP-ST001-\d{8}/);
      await tab.getByTestId('diff-new').click();
      const drawer = page.getByTestId('diff-detail');
      await drawer.getByTestId('diff-lines').locator('.ant-table-row').first().waitFor();
      await expect.poll(() => drawer.getByTestId('diff-status').textContent()).toBe('Draft');
      // ignore the first SKU (the largest difference)
      const first = drawer.getByTestId('diff-lines').locator('.ant-table-row').first();
      const sku = (await first.locator('td').nth(1).textContent())!.trim();
      await first.getByTestId(`diff-ignore-${sku}`).click();
      await expect.poll(() => drawer.getByTestId('diff-ignored').textContent()).toContain('1');
      await drawer.getByTestId('diff-approve').click();
      await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
      await expect.poll(() => drawer.getByTestId('diff-status').textContent()).toBe('Approved');
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), drawer.getByTestId('diff-export').click()]);
      expect(download.suggestedFilename()).toMatch(/^ERP adjustment-DL\d+\.xlsx$/);
      await expect.poll(() => drawer.getByTestId('diff-status').textContent()).toBe('Exported');
      // the file: one row per SKU not ignored whose figures differ, then the total; the API says the same
      const wb = XLSX.read(await readFile((await download.path())!));
      const rows = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]], { header: 1 });
      const code = download.suggestedFilename().match(/(DL\d+)/)![1];
      const token = await tokenOf(context);
      const api = await page.evaluate(
        async ({ token, code }) => {
          const h = { token, loginType: '1', langeType: 'en_US' };
          const lists = await (await fetch('/api/store/difference-lists?pageSize=100', { headers: h })).json();
          const id = lists.data.list.find((l: { code: string }) => l.code === code).id;
          return (await (await fetch(`/api/store/difference-lists/${id}/adjustment`, { headers: h })).json()).data;
        },
        { token, code },
      );
      expect(api.totals.ignored).toBe(1);
      expect(rows.length).toBe(api.lines.length + 2);
      expect(rows.slice(1, -1).map((r) => r[2])).not.toContain(sku);
      const net = api.lines.reduce((a: number, l: { qty: number }) => a + l.qty, 0);
      expect(rows[rows.length - 1][6]).toBe(net);
      expect(api.totals.plus - api.totals.minus).toBe(net);
      expect(errors).toEqual([]);
    } catch (err) {
      throw withConsoleErrors(err, errors);
    }
  });
});

describe('re-tags and reports', () => {
  it('store01 prints a re-tag of its store (a new EPC, the ZPL file) and marks it applied', async () => {
    const lang: Lang = 'en_US';
    const code = 'store/supplementary-bid';
    const { page } = await keptSignedIn(suite, 'store01', 'demo1234', { lang, path: `/${code}` });
    const s = screenOf(page, code);
    const row = s
      .locator('.ant-table-row')
      .filter({ hasText: enumText('RetagStatus', RETAG_STATUS.NEW, lang) })
      .first();
    await row.waitFor();
    const codeText =
      (await row
        .locator('td')
        .filter({ hasText: /^RT\d{12}$/ })
        .first()
        .textContent()) ?? '';
    expect(codeText).toMatch(/^RT\d{12}$/);
    await row.locator('.ant-checkbox-input').check();
    const file = await downloadOf(page, () => s.getByTestId('retag-print').click());
    expect(file).toMatch(/^RP\d{12}\.zpl$/);
    // the row printed, with its new EPC, then applied by hand
    const printed = rowOf(page, code, codeText);
    await expect.poll(() => printed.textContent()).toContain(enumText('RetagStatus', RETAG_STATUS.PRINTED, lang));
    await printed.getByTestId('row-action-applyTag').click();
    await expect.poll(() => printed.textContent()).toContain(enumText('RetagStatus', RETAG_STATUS.APPLIED, lang));
  });

  it('wh01 reads the shipment report: charts and table of its warehouse, export, an explained empty range', async () => {
    const lang: Lang = 'en_US';
    const code = 'store/report-shipment';
    const { page } = await keptSignedIn(suite, 'wh01', 'demo1234', { lang, path: `/${code}` });
    const s = screenOf(page, code);
    await expect.poll(() => s.getByTestId('chart-shipped-received').getAttribute('data-drawn'), { timeout: 15_000 }).toBe('1');
    await expect.poll(() => s.getByTestId('chart-ageing').getAttribute('data-drawn'), { timeout: 15_000 }).toBe('1');
    const table = s.getByTestId('report-table');
    await expect.poll(() => table.locator('.ant-table-row').count()).toBeGreaterThan(3);
    // its own warehouse's bills only: what it shipped, and the stores' returns to it (never WH02's)
    const senders = await table.locator('.ant-table-row td:nth-child(2)').allTextContents();
    expect(senders.some((t) => t.includes('(WH01)'))).toBe(true);
    expect(senders.some((t) => t.includes('(WH02)'))).toBe(false);
    expect(await downloadOf(page, () => s.getByTestId('report-export').click())).toMatch(/\.xlsx$/);
    // a range with no bill says why
    const [start, end] = [s.locator('.ant-picker-range input').first(), s.locator('.ant-picker-range input').last()];
    await start.click();
    await start.fill('2020-01-06');
    await start.press('Enter');
    await end.fill('2020-01-12');
    await end.press('Enter');
    await expect
      .poll(() => s.getByTestId('report-empty').textContent())
      .toContain(webText(lang, 'storeReports.emptyShipment', { from: '2020-01-06', to: '2020-01-12' }));
  });

  it('store01 reads the take-delivery report of its store: reliability per sender and the receipts', async () => {
    const lang: Lang = 'zh_CN';
    const code = 'store/report-take-delivery';
    const { page } = await keptSignedIn(suite, 'store01', 'demo1234', { lang, path: `/${code}` });
    const s = screenOf(page, code);
    await expect.poll(() => s.getByTestId('chart-reliability').getAttribute('data-drawn'), { timeout: 15_000 }).toBe('1');
    const table = s.getByTestId('report-table');
    await expect.poll(() => table.locator('.ant-table-row').count()).toBeGreaterThan(3);
    for (const text of await table.locator('.ant-table-row td:nth-child(3)').allTextContents()) expect(text).toContain('ST001');
    // by month: fewer rows, one a month and sender
    await s.getByTestId('report-period').getByText(webText(lang, 'storeReports.month')).click();
    await expect
      .poll(async () => (await table.locator('.ant-table-row td:first-child').allTextContents()).every((d) => d.endsWith('-01')))
      .toBe(true);
  });
});

describe('cashier', () => {
  it("a sale a POS posts through the API shows on store01's till, its drawer with the line and its EPC", async () => {
    const lang: Lang = 'en_US';
    const CASHIER = 'store/cashier';
    const { page } = await keptSignedIn(suite, 'store01', 'demo1234', { lang, path: `/${CASHIER}` });
    // the demo's reader waiting to register becomes the POS (its device key), and sells a tag of the registry
    const reg = await page.request.post('/api/rfid/equipment/register', {
      data: { registrationCode: 'DEMO-READER-1', snNumber: 'SN-R700-000901', macAddress: '00:16:25:12:B0:01' },
    });
    expect(reg.status(), await reg.text()).toBe(200);
    const key = (await reg.json()).data.deviceToken as string;
    // a tag of the registry no one sold (the tenant's administrator sees the registry; the clerk only its store's tags)
    const login = await page.request.post('/api/user/login', { data: { username: 'demo', password: 'demo123' } });
    const admin = (await login.json()).data.token as string;
    const tags = await apiPost(page, admin, '/api/label/epc-query/list', { page: 1, pageSize: 200 });
    const unsold = [TAG_STATUS.GENERATED, TAG_STATUS.ENCODED, TAG_STATUS.SHIPPED, TAG_STATUS.RECEIVED] as number[];
    const epc = String(
      (tags.data?.list ?? []).find((r: { epc?: string; status?: number }) => r.epc && unsold.includes(Number(r.status)))?.epc ?? '',
    );
    expect(epc).toMatch(/^[0-9A-F]{24}$/);
    const txnNo = `E2E-${Date.now()}`;
    const sold = await page.request.post('/api/store/pos/transactions', {
      headers: { 'x-device-key': key },
      data: {
        txn_no: txnNo,
        type: 'sale',
        timestamp: new Date().toISOString(),
        biz_location: 'ST001',
        read_point: 'POS-E2E',
        lines: [{ identifiers: [{ type: 'epc_hex', value: epc }], qty: 1, unit_price: 259 }],
      },
    });
    expect(sold.status(), await sold.text()).toBe(200);

    await openScreen(page, CASHIER);
    const screen = screenOf(page, CASHIER);
    await screen.getByTestId('cashier-filter-txnNo').fill(txnNo);
    await screen.getByTestId('cashier-search-submit').click();
    const row = screen.locator('.ant-table-row').filter({ hasText: txnNo });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('ST001');
    await row.getByTestId('cashier-open').click();
    const drawer = page.getByTestId('cashier-drawer');
    await expect.poll(() => drawer.getByTestId('cashier-line-epc').first().textContent()).toBe(epc);
    expect(await drawer.textContent()).toContain(webText(lang, 'pos.ui.lines'));
    expect(await drawer.textContent()).toContain('259.00');
    // the EPC opens its lifecycle, where the sale at the till is its last step
    await drawer.getByTestId('cashier-line-epc').first().click();
    await page.waitForURL((u) => u.pathname === '/label/lifecycle');
    const lifecycle = screenOf(page, 'label/lifecycle');
    await expect.poll(() => lifecycle.textContent(), { timeout: 15_000 }).toContain(webText(lang, 'tags.bizStep.retail_selling'));
    expect((await lifecycle.textContent())?.split(webText(lang, 'tags.bizStep.retail_selling')).at(-1)).toContain('ST001');
  });
});

describe('counts', () => {
  it('store01 adds a self-built count, starts it, counts a handheld upload, finishes, submits and approves it', async () => {
    const SCREEN = 'store/inventory';
    const { page, context, errors } = await signedIn(suite, 'store01', 'demo1234', { lang: 'en_US', path: `/${SCREEN}` });
    try {
      const token = await tokenOf(context);
      const screen = screenOf(page, SCREEN);
      // the screen opens on its stock: the count sheets are its next tab
      await page.getByRole('tab', { name: webText('en_US', 'count.tabs.counts') }).click();
      // a self-built sheet for tomorrow morning (its store: the clerk's own)
      await screen.getByTestId('resource-add').click();
      const form = panelOf(page);
      const tomorrow = new Date(Date.now() + 86_400_000);
      const planned = `${tomorrow.toISOString().slice(0, 10)} 09:30:00`;
      const picker = form.getByTestId('field-plannedAt');
      const input = (await picker.evaluate((e) => e.tagName)) === 'INPUT' ? picker : picker.locator('input');
      await input.click();
      await input.fill(planned);
      await input.press('Enter');
      await save(page, form);
      const list = async () =>
        ((await apiPost(page, token, `/api/${SCREEN}/list`, { pageSize: 5 })) as { data: { list: Row[] } }).data.list;
      const made = (await list()).find((r) => r.status === COUNT_STATUS.NEW)!;
      expect(made).toBeTruthy();
      const code = String(made.code);
      const row = screen.locator('.ant-table-row').filter({ hasText: code });
      // the row as the table shows it once the status is in (the poll on the API is ahead of the table's refresh)
      const rowIn = (s: number) => row.filter({ hasText: enumText('CountStatus', s, 'en_US') });
      await rowAction(page, rowIn(COUNT_STATUS.NEW), 'start');
      const status = async () => (await list()).find((r) => r.code === code)?.status;
      await expect.poll(status, { timeout: 15_000 }).toBe(COUNT_STATUS.COUNTING);
      // the handheld's session for the count (as a pad posts it): tags the store's readers have seen
      const gone = (await (
        await page.evaluate(
          async (t) => (await fetch('/api/rfid/epc-state/list?limit=5', { headers: { token: t, loginType: '1' } })).json(),
          token,
        )
      ).data.list) as { epc: string }[];
      expect(gone.length).toBeGreaterThan(0);
      const now = Date.now();
      const up = await apiPost(page, token, `/api/${SCREEN}/${made.id}/handheld`, {
        equipment: 'HH-03',
        deviceSessionId: `HH03-E2E-${code}`,
        startedAt: new Date(now - 600_000).toISOString(),
        endedAt: new Date(now).toISOString(),
        reads: gone.map((g) => ({ epc: g.epc, at: new Date(now - 60_000).toISOString(), rssi: -55, count: 2 })),
      });
      expect(up.code).toBe(200);
      // the drawer: the session, its EPCs counted (the refresh job's)
      await row.getByTestId('count-detail').click();
      const drawer = page.getByTestId('count-drawer');
      await expect.poll(async () => drawer.textContent(), { timeout: 15_000 }).toContain('HH-03');
      await expect
        .poll(async () => (await list()).find((r) => r.code === code)?.countedPieces, { timeout: 15_000 })
        .toBeGreaterThanOrEqual(gone.length);
      await drawer.locator('.ant-drawer-close').click();
      await rowAction(page, rowIn(COUNT_STATUS.COUNTING), 'finish');
      await expect.poll(status, { timeout: 15_000 }).toBe(COUNT_STATUS.COUNTED);
      await rowAction(page, rowIn(COUNT_STATUS.COUNTED), 'submit');
      await expect.poll(status, { timeout: 15_000 }).toBe(COUNT_STATUS.SUBMITTED);
      await rowAction(page, rowIn(COUNT_STATUS.SUBMITTED), 'review');
      await page.locator('.ant-modal-confirm .ant-btn-primary, .ant-modal-confirm .ant-btn-dangerous').last().click();
      await expect.poll(status, { timeout: 15_000 }).toBe(COUNT_STATUS.APPROVED);
      // approved: its accuracy on the row and in the drawer
      const approved = (await list()).find((r) => r.code === code)!;
      expect(Number(approved.accuracySku)).toBeGreaterThanOrEqual(0);
      await row.getByTestId('count-detail').click();
      await expect
        .poll(async () => drawer.getByTestId('count-accuracySku').textContent(), { timeout: 15_000 })
        .toContain(`${Number(approved.accuracySku).toFixed(2)} %`);
      expect(await drawer.textContent()).toContain(webText('en_US', 'count.kpi.accuracySmape'));
      // the ERP stock it was compared with, the difference list its approval made (ERP against what it counted), its workflow
      await expect.poll(async () => drawer.getByTestId('count-diff-list').textContent(), { timeout: 15_000 }).toMatch(/^DL/);
      expect(await drawer.getByTestId('count-erp').textContent()).not.toBe(webText('en_US', 'count.noErp'));
      const workflow = await drawer.getByTestId('count-workflow').textContent();
      expect(workflow).toContain(webText('en_US', 'count.wf.cycle_count_started'));
      expect(workflow).toContain(webText('en_US', 'count.wf.cycle_count_finished'));
      await drawer.getByTestId('count-diff-open').click();
      await page.getByTestId('diff-detail').getByTestId('diff-lines').locator('.ant-table-row').first().waitFor();
      expect(errors).toEqual([]);
    } catch (err) {
      throw withConsoleErrors(err, errors);
    } finally {
      await context.close();
    }
  });
});
