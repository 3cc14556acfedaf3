/**
 * The people who hold the readers: the store clerk (store01, store ST001) and the warehouse keeper
 * (wh01, warehouse WH01) open the RFID screens and a dashboard, each seeing its own site's readers.
 */
import { describe, expect, it } from 'vitest';
import { e2eSuite, signedIn, withConsoleErrors } from './support/browser';
import { panelOf, pick, save, screenOf, tableText } from './support/general';
import { openScreen } from './support/screens';

const suite = e2eSuite();

const SCREENS = ['rfid/equipment', 'rfid/raw-data', 'rfid/epc-state', 'label/epc-query', 'label/lifecycle'];

describe('store and warehouse staff', () => {
  for (const [user, mine, others] of [
    ['store01', ['POS-ST001', 'FIT-ST001', 'HH-03'], ['GATE-01', 'FIX-02']],
    ['wh01', ['GATE-01', 'FIX-02'], ['POS-ST001', 'FIT-ST001', 'HH-03']],
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
});
