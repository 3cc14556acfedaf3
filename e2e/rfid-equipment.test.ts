/**
 * Readers in the console as the tenant admin `demo`: issue a registration code (shown once, with
 * the reader's exact request) and register through the API with it, bind the reader to a location
 * and a scene, unbind it through the confirmation that says what it removes, and look at a scene's
 * reader configuration (Impinj and Zebra tabs); a reader model's parameters. (The dialogs and
 * drawers at 1366 and 390 px in the three languages: shots/rfid-equipment.shots.ts.)
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSuite, signedIn } from './support/browser';
import { clickInDialog, pick, pickRef, rowOf, screenOf, webText } from './support/general';
import { openScreen } from './support/screens';

const suite = e2eSuite();
const EQUIPMENT = 'rfid/equipment';
const SCENE = 'rfid/scene';

/** Searches the equipment list by code and waits for its row (the list has more than a page). */
async function find(page: Page, code: string) {
  const s = screenOf(page, EQUIPMENT);
  await s.getByTestId('search-equipmentCoding').fill(code);
  await s.getByTestId('resource-search-submit').click();
  await expect.poll(() => rowOf(page, EQUIPMENT, code).count(), { timeout: 15_000 }).toBe(1);
}

/**
 * Opens a row's action from its More menu: one click each (tried 20 times in a row on a loaded machine:
 * with reduced motion the menu and its item never lost a click, so none is made again).
 */
async function rowAction(page: Page, text: string, key: string) {
  await rowOf(page, EQUIPMENT, text).first().getByTestId('row-more').click();
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByTestId(`row-${key}`).click();
}

describe('RFID readers in the console', () => {
  it('issues a code, the reader registers with it, binds, unbinds after the confirmation; a scene shows its reader configuration', {
    timeout: 180_000,
  }, async () => {
    const { page, context, errors } = await signedIn(suite, 'demo', 'demo123', { lang: 'en_US', path: `/${EQUIPMENT}` });
    await screenOf(page, EQUIPMENT).getByTestId('resource-table').waitFor();
    await find(page, 'GATE-WH02');

    // GATE-WH02 is not registered in the demo: its next step is a registration code
    const dialog = page.getByTestId('register-dialog');
    await rowAction(page, 'GATE-WH02', 'register');
    await clickInDialog(dialog.getByTestId('register-issue'));
    const code = (await dialog.getByTestId('register-code').textContent())?.trim() ?? '';
    expect(code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    const shown = JSON.parse((await dialog.getByTestId('register-request').textContent()) ?? '{}');
    expect(shown).toEqual({ registrationCode: code, snNumber: '<SN>', macAddress: '<MAC>' });
    await expect.poll(() => dialog.textContent()).toContain('POST /api/rfid/equipment/register');
    await dialog.getByTestId('register-done').click();

    // the reader registers with the code the console showed
    const res = await page.request.post('/api/rfid/equipment/register', {
      data: { registrationCode: code, snNumber: 'SN-R700-000202', macAddress: '00:16:25:12:A0:22' },
    });
    expect(res.status()).toBe(200);
    expect((await res.json()).data.equipmentCoding).toBe('GATE-WH02');
    await screenOf(page, EQUIPMENT).getByTestId('resource-search-submit').click();
    await expect.poll(() => rowOf(page, EQUIPMENT, 'GATE-WH02').first().textContent(), { timeout: 15_000 }).toContain('Registered');

    // registered and unbound: bind it to the flagship store's fitting room
    const bind = page.getByTestId('bind-dialog');
    await rowAction(page, 'GATE-WH02', 'bind');
    await bind.getByTestId('bind-location').waitFor();
    // (the tenant's places and their zones are many: typed to find, as a user would)
    await pickRef(page, bind.getByTestId('bind-location'), '南京西路', '上海南京西路旗舰店');
    // (the scenes are more than the list shows at once: typed to find too)
    await pickRef(page, bind.getByTestId('bind-scene'), '试衣间');
    await pick(page, bind.getByTestId('bind-model'), 'TL-H20');
    await clickInDialog(page.getByTestId('bind-ok'));
    // the row shows its new location (the scene is a column the user shows from the column settings)
    await expect.poll(() => rowOf(page, EQUIPMENT, 'GATE-WH02').first().textContent(), { timeout: 15_000 }).toContain('上海南京西路旗舰店');

    // unbind: the confirmation says it removes the bound data
    const confirm = page.locator('.ant-modal-confirm');
    await rowAction(page, 'GATE-WH02', 'unbind');
    await expect.poll(() => confirm.textContent()).toContain(webText('en_US', 'readers.unbindConfirm'));
    await clickInDialog(page.getByTestId('unbind-ok'));
    // its location is cleared with its scene (the row never showed the scene: the location is what can fail here)
    await expect
      .poll(() => rowOf(page, EQUIPMENT, 'GATE-WH02').first().textContent(), { timeout: 15_000 })
      .not.toContain('上海南京西路旗舰店');

    // a scene's reader configuration, as each vendor accepts it
    await openScreen(page, SCENE);
    await rowOf(page, SCENE, 'RECEIVE').first().getByTestId('row-reader-config').click();
    const drawer = page.getByTestId('reader-config-drawer');
    const impinj = drawer.getByTestId('reader-config-impinj');
    await impinj.getByTestId('reader-config-json').waitFor();
    const preset = JSON.parse((await impinj.getByTestId('reader-config-json').textContent()) ?? '{}');
    expect(preset.antennaConfigs[0]).toMatchObject({ antennaPort: 1, inventorySession: 1, inventorySearchMode: 'single-target' });
    expect(await impinj.getByTestId('reader-config-path').textContent()).toBe('PUT /api/v1/profiles/inventory/presets/receive');
    await drawer.getByRole('tab', { name: webText('en_US', 'readers.vendor.zebra') }).click();
    const zebra = drawer.getByTestId('reader-config-zebra');
    await zebra.getByTestId('reader-config-json').waitFor();
    expect(JSON.parse((await zebra.getByTestId('reader-config-json').textContent()) ?? '{}')).toMatchObject({ type: 'CUSTOM' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a reader model's description and parameters", async () => {
    const { page, context, errors } = await signedIn(suite, 'demo', 'demo123', { lang: 'zh_CN', path: '/rfid/product' });
    const row = page.getByTestId('products-table').locator('.ant-table-row').filter({ hasText: 'TL-R400' });
    await row.waitFor();
    await row.getByTestId('product-details').click();
    await expect.poll(() => page.locator('.ant-drawer-title').filter({ visible: true }).textContent()).toContain('TL-R400');
    // the drawer lists as many parameters as the row counts
    const params = page.getByTestId('product-params').locator('.ant-table-row');
    const counted = Number((await row.locator('td').nth(5).textContent())?.trim());
    expect(counted).toBeGreaterThan(0);
    await expect.poll(() => params.count()).toBe(counted);
    expect(errors).toEqual([]);
    await context.close();
  });
});
