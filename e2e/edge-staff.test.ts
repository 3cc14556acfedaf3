/**
 * The people who hold the readers: the store clerk (store01, store ST001) and the warehouse keeper
 * (wh01, warehouse WH01) open the RFID screens and a dashboard, each seeing its own site's readers.
 */
import { describe, expect, it } from 'vitest';
import { e2eSuite, signedIn, withConsoleErrors } from './support/browser';
import { screenOf, tableText } from './support/general';
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
});
