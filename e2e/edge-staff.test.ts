/**
 * The people who hold the readers: the store clerk (store01, store ST001) and the warehouse keeper
 * (wh01, warehouse WH01) open the RFID screens and a dashboard, each seeing its own site's readers.
 */

import { BILL_STATUS } from '@tagloom/domain/resources/warehouse/enums.ts';
import { READ_SESSION_STATE } from '@tagloom/domain/rfid/sessions.ts';
import { describe, expect, it } from 'vitest';
import { e2eSuite, signedIn, withConsoleErrors } from './support/browser';
import { clickInDialog, enumText, panelOf, pick, pickRef, rowOf, save, screenOf, serverText, tableText, webText } from './support/general';
import { openScreen } from './support/screens';

const suite = e2eSuite();

const SCREENS = ['rfid/equipment', 'rfid/raw-data', 'rfid/epc-state', 'label/epc-query', 'label/lifecycle'];

describe('store and warehouse staff', () => {
  for (const [user, mine, others] of [
    ['store01', ['POS-ST001', 'FIT-ST001', 'FIT-ST001-2', 'FIT-ST001-3', 'HH-03', 'EAS-ST001'], ['GATE-01', 'FIX-02']],
    [
      'wh01',
      ['GATE-01', 'FIX-02', 'PAD-WH01', 'QI-WH01', 'TUN-WH01-01', 'TUN-WH01-PK1', 'TUN-WH01-EC1', 'GATE-WH01-DO1'],
      ['POS-ST001', 'FIT-ST001', 'FIT-ST001-2', 'HH-03', 'EAS-ST001'],
    ],
  ] as const) {
    it(`${user} opens the dashboard and the RFID screens, and sees only its site's readers`, async () => {
      const { page, context, errors } = await signedIn(suite, user, 'demo1234', { lang: 'en_US' });
      try {
        // the first screen is the dashboard, with the figures of the user's site
        await page.getByTestId('dashboard-admin').waitFor();
        await page.getByTestId('kpi-readers').waitFor();
        for (const code of SCREENS) await openScreen(page, code);
        await openScreen(page, 'rfid/equipment');
        await expect.poll(() => screenOf(page, 'rfid/equipment').locator('.ant-table-row').count()).toBe(mine.length);
        const text = await tableText(page, 'rfid/equipment');
        for (const code of mine) expect(text).toContain(code);
        for (const code of others) expect(text).not.toContain(code);
        expect(errors).toEqual([]);
      } catch (err) {
        throw withConsoleErrors(err, errors);
      } finally {
        await context.close();
      }
    });
  }

  it('wh01 keeps its warehouse’s zones: lists WH01’s docks and storage only, and adds a storage zone in WH01', async () => {
    const { page, context, errors } = await signedIn(suite, 'wh01', 'demo1234', { lang: 'zh_TW' });
    try {
      await openScreen(page, 'warehouse/management');
      const screen = screenOf(page, 'warehouse/management');
      await expect.poll(() => tableText(page, 'warehouse/management')).toContain('WH01-DI1');
      const text = await tableText(page, 'warehouse/management');
      expect(text).toContain('收貨月台');
      expect(text).not.toContain('WH02-');
      expect(text).not.toContain('ST001-');
      await screen.getByTestId('resource-add').click();
      const form = panelOf(page);
      await form.getByTestId('field-code').fill('WH01-S-E2E');
      await form.getByTestId('field-name').fill('E2E 儲存區');
      await pick(page, form.getByTestId('field-parentId'), '华东中心仓');
      await pick(page, form.getByTestId('field-zoneType'), '儲存區');
      await save(page, form);
      await expect.poll(() => tableText(page, 'warehouse/management')).toContain('WH01-S-E2E');
      expect(errors).toEqual([]);
    } catch (err) {
      throw withConsoleErrors(err, errors);
    } finally {
      await context.close();
    }
  });

  it('wh01 reads its warehouse’s log and grants: the moves at WH01 only, a system move in words; its grant of every operation', async () => {
    const { page, context, errors } = await signedIn(suite, 'wh01', 'demo1234', { lang: 'en_US' });
    try {
      await openScreen(page, 'warehouse/log');
      const log = screenOf(page, 'warehouse/log').getByTestId('warehouse-log-table');
      await expect.poll(() => log.locator('.ant-table-row').count()).toBeGreaterThanOrEqual(5);
      // the demo's moves at WH01, newest first: its shipments' cartons packed at its pack station and their
      // picking begun, a bill whose receiving the system began — system moves in words (older pages loaded
      // as a user scrolls back, the demo's spot checks and orders being newer)
      const words = ['Pack read', 'Picking started', 'Start receiving', 'System', 'Bill', 'Carton', 'Packed', '华东中心仓'];
      const more = screenOf(page, 'warehouse/log').getByTestId('warehouse-log-more');
      await expect
        .poll(
          async () => {
            const shown = (await log.textContent()) ?? '';
            const missing = words.filter((w) => !shown.includes(w));
            if (missing.length && (await more.count())) await more.click();
            return missing;
          },
          { timeout: 30_000 },
        )
        .toEqual([]);
      const text = (await log.textContent()) ?? '';
      // not the zero-clearance at WH02
      expect(text).not.toContain('华南区域仓');
      expect(text).not.toMatch(/Zero-clear(?!ed)/);
      await openScreen(page, 'warehouse/permission');
      await expect.poll(() => tableText(page, 'warehouse/permission')).toContain('Zero-clear');
      const grants = await tableText(page, 'warehouse/permission');
      for (const words of ['wh01', '华东中心仓', 'All zones', 'Receive']) expect(grants).toContain(words);
      expect(errors).toEqual([]);
    } catch (err) {
      throw withConsoleErrors(err, errors);
    } finally {
      await context.close();
    }
  });

  it('wh01 sends a transfer to the flagship store: a bill with a line, shipped, then in transit (zero clearance asks first)', async () => {
    const lang = 'en_US';
    const { page, context, errors } = await signedIn(suite, 'wh01', 'demo1234', { lang });
    const BILLS = 'warehouse/bill';
    try {
      await openScreen(page, BILLS);
      const s = screenOf(page, BILLS);
      await s.getByTestId('resource-table').waitFor();
      // its warehouse's bills only: none between other sites
      expect(await tableText(page, BILLS)).not.toContain('华南区域仓');
      await s.getByTestId('resource-add').click();
      const form = panelOf(page);
      await form.getByTestId('field-reservationNo').fill('E2E-TRANSFER-1');
      await pick(page, form.getByTestId('field-kind'), enumText('BillKind', 3, lang));
      await pickRef(page, form.getByTestId('field-sourceLocationId'), '华东');
      await pickRef(page, form.getByTestId('field-destLocationId'), '南京西路');
      await form.getByTestId('child-add-lines').click();
      const line = form.getByTestId('child-table-lines').locator('.ant-table-tbody tr.ant-table-row').first();
      await pickRef(page, line.getByTestId('field-skuId'), 'LM24S10101S');
      await line.getByTestId('field-expectedQty').fill('24');
      await save(page, form);
      await s.getByTestId('search-reservationNo').fill('E2E-TRANSFER');
      await s.getByTestId('resource-search-submit').click();
      const row = rowOf(page, BILLS, '上海南京西路旗舰店');
      await expect.poll(() => s.locator('.ant-table-row').count()).toBe(1);
      const state = () => row.locator('.resource-status').textContent();
      expect(await state()).toBe(enumText('BillStatus', BILL_STATUS.CREATED, lang));
      expect(await row.textContent()).toContain('24');
      await row.getByTestId('row-action-ship').click();
      await expect.poll(state).toBe(enumText('BillStatus', BILL_STATUS.IN_TRANSIT, lang));
      await expect.poll(() => page.locator('.ant-message-notice').last().textContent()).toContain(serverText(lang, 'bill.done.ship'));
      // shipped: no more edits; zero clearance is not the keeper's (a supervisor's decision): not offered
      expect(await row.getByTestId('row-edit').isDisabled()).toBe(true);
      expect(await row.getByTestId('row-action-zeroClear').count()).toBe(0);
      const code =
        (await row
          .locator('td')
          .filter({ hasText: /^BL\d{12}$/ })
          .first()
          .textContent()) ?? '';
      // the tenant's admin may: the dialog says what it does, and asks for the reason before moving the bill
      const admin = await signedIn(suite, 'demo', 'demo123', { lang, path: `/${BILLS}` });
      try {
        const adminRow = rowOf(admin.page, BILLS, code);
        await adminRow.getByTestId('row-action-zeroClear').click();
        const dialog = admin.page.locator('.ant-modal-confirm').filter({ visible: true });
        await dialog.getByTestId('transition-confirm').waitFor();
        expect(await dialog.getByTestId('transition-confirm').textContent()).toBe(webText(lang, 'bill.confirm.zeroClear', { name: code }));
        await clickInDialog(admin.page.getByTestId('machine-confirm-ok'));
        await dialog.locator('.ant-form-item-explain-error').first().waitFor();
        await admin.page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
        expect(await adminRow.locator('.resource-status').textContent()).toBe(enumText('BillStatus', BILL_STATUS.IN_TRANSIT, lang));
      } finally {
        await admin.context.close();
      }
      expect(errors).toEqual([]);
    } catch (err) {
      throw withConsoleErrors(err, errors);
    } finally {
      await context.close();
    }
  });

  it('wh01 uploads a pad session as a file, looks at its EPCs and reviews it', async () => {
    const lang = 'en_US';
    const PAD = 'warehouse/pad-review';
    const { page, context, errors } = await signedIn(suite, 'wh01', 'demo1234', { lang });
    try {
      await openScreen(page, PAD);
      const s = screenOf(page, PAD);
      await s.getByTestId('resource-table').waitFor();
      // its warehouse's pad sessions only: the flagship store's count is not among them
      await expect.poll(() => tableText(page, PAD)).toContain('PAD-WH01');
      expect(await tableText(page, PAD)).not.toContain('HH-03');
      const file = {
        deviceSessionId: 'E2E-PAD-1',
        equipment: 'PAD-WH01',
        subject: { type: 'carton', code: 'E2E-CARTON-1' },
        startedAt: '2026-11-29T09:12:00+08:00',
        endedAt: '2026-11-29T09:14:40+08:00',
        reads: [
          { epc: '3034257BF7194E4000E2E001', at: '2026-11-29T09:13:00+08:00', rssi: -51.5, count: 2 },
          { epc: '3034257BF7194E4000E2E002', at: '2026-11-29T09:13:02+08:00', rssi: -60, count: 1 },
        ],
      };
      await s.getByTestId('pad-upload').click();
      await page.locator('.ant-modal input[type=file]').setInputFiles({
        name: 'pad-session.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(file)),
      });
      await clickInDialog(page.getByTestId('pad-upload-ok'));
      const row = rowOf(page, PAD, 'E2E-CARTON-1');
      await row.waitFor();
      const state = () => row.locator('.resource-status').textContent();
      expect(await state()).toBe(enumText('ReadSessionState', READ_SESSION_STATE.UPLOADED, lang));
      await row.getByTestId('pad-epcs-open').click();
      const drawer = page.getByTestId('pad-epcs');
      await expect.poll(() => drawer.textContent()).toContain('3034257BF7194E4000E2E002');
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
      await row.getByTestId('row-action-review').click();
      await expect.poll(state).toBe(enumText('ReadSessionState', READ_SESSION_STATE.REVIEWED, lang));
      await expect.poll(() => page.locator('.ant-message-notice').last().textContent()).toContain(serverText(lang, 'pad.done.review'));
      expect(errors).toEqual([]);
    } catch (err) {
      throw withConsoleErrors(err, errors);
    } finally {
      await context.close();
    }
  });
});
