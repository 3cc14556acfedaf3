/**
 * Readers in the console as the tenant admin `demo`: issue a registration code (shown once, with
 * the reader's exact request) and register through the API with it, bind the reader to a location
 * and a scene, unbind it through the confirmation that says what it removes, and look at a scene's
 * reader configuration (Impinj and Zebra tabs). Screenshots at 1366 and 390 px in the three
 * languages: readers-<what>-<lang>-<width>.png.
 */
import { LANGS, type Lang } from '@tagloom/domain/lang.ts';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSuite, login, newSession, shot } from './support/browser';
import { clickInDialog, pick, rowOf, screenOf, webText } from './support/general';
import { menuUntil } from './support/tags';

const suite = e2eSuite();
const EQUIPMENT = 'rfid/equipment';
const SCENE = 'rfid/scene';

async function open(page: Page, code: string) {
  await page.goto(`/${code}`);
  await screenOf(page, code).getByTestId('resource-table').waitFor();
}

/** Waits until the dialogs and drawers have finished moving (a screenshot mid-slide is half a panel). */
async function settled(page: Page) {
  // finite ones only: a "processing" status badge pulses for ever
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ).then(() => undefined),
  );
}

/** Searches the equipment list by code and waits for its row (the list has more than a page). */
async function find(page: Page, code: string) {
  const s = screenOf(page, EQUIPMENT);
  await s.getByTestId('search-equipmentCoding').fill(code);
  await s.getByTestId('resource-search-submit').click();
  await expect.poll(() => rowOf(page, EQUIPMENT, code).count(), { timeout: 15_000 }).toBe(1);
}

/** Opens a row's action: its link, or the item under More (picked, the menu opened again, until `shown` is visible). */
async function rowAction(page: Page, text: string, key: string, shown: Locator) {
  const row = rowOf(page, EQUIPMENT, text).first();
  const link = row.getByTestId(`row-${key}`);
  if (await link.count()) return link.click({ timeout: 15_000 });
  await menuUntil(
    page,
    () => row.getByTestId('row-more').click({ timeout: 3_000 }),
    (menu) => menu.getByTestId(`row-${key}`),
    async () => (await shown.filter({ visible: true }).count()) > 0,
  );
}

describe('RFID readers in the console', () => {
  it('issues a code, the reader registers with it, binds, unbinds after the confirmation; a scene shows its reader configuration', {
    timeout: 180_000,
  }, async () => {
    const { page, context, errors } = await newSession(suite.browser, suite.server.url, { lang: 'en_US' });
    await login(page, 'demo', 'demo123');
    await open(page, EQUIPMENT);
    await find(page, 'GATE-WH02');

    // GATE-WH02 is not registered in the demo: its next step is a registration code
    const dialog = page.getByTestId('register-dialog');
    await rowAction(page, 'GATE-WH02', 'register', dialog.getByTestId('register-issue'));
    await clickInDialog(dialog.getByTestId('register-issue'));
    const code = (await dialog.getByTestId('register-code').textContent())?.trim() ?? '';
    expect(code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    const shown = JSON.parse((await dialog.getByTestId('register-request').textContent()) ?? '{}');
    expect(shown).toEqual({ registrationCode: code, snNumber: '<SN>', macAddress: '<MAC>' });
    await expect.poll(() => dialog.textContent()).toContain('POST /api/rfid/equipment/register');
    await settled(page);
    await shot(page, 'readers-register-en_US-1366');
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
    await rowAction(page, 'GATE-WH02', 'bind', bind.getByTestId('bind-location'));
    await bind.getByTestId('bind-location').waitFor();
    await pick(page, bind.getByTestId('bind-location'), '上海南京西路旗舰店');
    await pick(page, bind.getByTestId('bind-scene'), '试衣间');
    await pick(page, bind.getByTestId('bind-model'), 'TL-H20');
    await settled(page);
    await shot(page, 'readers-bind-en_US-1366');
    await clickInDialog(page.getByTestId('bind-ok'));
    // the row shows its new location (the scene is a column the user shows from the column settings)
    await expect.poll(() => rowOf(page, EQUIPMENT, 'GATE-WH02').first().textContent(), { timeout: 15_000 }).toContain('上海南京西路旗舰店');

    // unbind: the confirmation says it removes the bound data
    const confirm = page.locator('.ant-modal-confirm');
    await rowAction(page, 'GATE-WH02', 'unbind', confirm);
    await expect.poll(() => confirm.textContent()).toContain(webText('en_US', 'readers.unbindConfirm'));
    await settled(page);
    await shot(page, 'readers-unbind-en_US-1366');
    await clickInDialog(page.getByTestId('unbind-ok'));
    await expect.poll(() => rowOf(page, EQUIPMENT, 'GATE-WH02').first().textContent(), { timeout: 15_000 }).not.toContain('试衣间');

    // a scene's reader configuration, as each vendor accepts it
    await open(page, SCENE);
    await rowOf(page, SCENE, 'RECEIVE').first().getByTestId('row-reader-config').click();
    const drawer = page.getByTestId('reader-config-drawer');
    const impinj = drawer.getByTestId('reader-config-impinj');
    await impinj.getByTestId('reader-config-json').waitFor();
    const preset = JSON.parse((await impinj.getByTestId('reader-config-json').textContent()) ?? '{}');
    expect(preset.antennaConfigs[0]).toMatchObject({ antennaPort: 1, inventorySession: 1, inventorySearchMode: 'single-target' });
    expect(await impinj.getByTestId('reader-config-path').textContent()).toBe('PUT /api/v1/profiles/inventory/presets/receive');
    await settled(page);
    await shot(page, 'readers-config-en_US-1366');
    await drawer.getByRole('tab', { name: webText('en_US', 'readers.vendor.zebra') }).click();
    const zebra = drawer.getByTestId('reader-config-zebra');
    await zebra.getByTestId('reader-config-json').waitFor();
    expect(JSON.parse((await zebra.getByTestId('reader-config-json').textContent()) ?? '{}')).toMatchObject({ type: 'CUSTOM' });
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const lang of LANGS as readonly Lang[]) {
    for (const width of [1366, 390]) {
      it(`looks right in ${lang} at ${width} px`, { timeout: 180_000 }, async () => {
        const { page, context, errors } = await newSession(suite.browser, suite.server.url, {
          lang,
          width,
          height: width > 800 ? 800 : 844,
        });
        await login(page, 'demo', 'demo123');
        const tag = `${lang}-${width}`;
        await open(page, EQUIPMENT);
        await expect.poll(() => rowOf(page, EQUIPMENT, 'GATE-01').count()).toBe(1);
        await shot(page, `readers-equipment-${tag}`);
        await find(page, 'R700-NEW');
        await rowAction(page, 'R700-NEW', 'register', page.getByTestId('register-dialog').getByTestId('register-issue'));
        await page.getByTestId('register-dialog').getByTestId('register-issue').waitFor({ timeout: 15_000 });
        await settled(page);
        await shot(page, `readers-register-form-${tag}`);
        await page.keyboard.press('Escape');
        await open(page, SCENE);
        await rowOf(page, SCENE, 'POS').first().getByTestId('row-reader-config').click();
        await page.getByTestId('reader-config-impinj').getByTestId('reader-config-json').waitFor();
        await settled(page);
        await shot(page, `readers-config-${tag}`);
        await page.goto('/rfid/product');
        await page.getByTestId('products-table').locator('.ant-table-row').first().waitFor();
        await shot(page, `readers-products-${tag}`);
        await page
          .getByTestId('products-table')
          .locator('.ant-table-row')
          .filter({ hasText: 'TL-R400' })
          .getByTestId('product-details')
          .click();
        await page.getByTestId('product-params').waitFor();
        await settled(page);
        await shot(page, `readers-product-${tag}`);
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }
});
