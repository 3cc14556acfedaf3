/**
 * Where a tag is and what it is, in the console (issue 27): the EPC query shows a tag's presence,
 * last seen time, location, reader and scene beside its identity card (the demo readers' last day of
 * reads, played on the first start with demo data, sold some tags at the store's till); the live
 * raw-data table shows each read's SKU, style, colour and size; a scene's amount with more decimals
 * than allowed is refused under its field, not rounded.
 */
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSuite, signedIn, tokenOf } from './support/browser';
import { fieldError, panelOf, screenOf } from './support/general';
import { openScreen } from './support/screens';

const suite = e2eSuite();

async function api<T = unknown>(token: string, method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${suite.server.url}/api${url}`, {
    method,
    headers: { token, ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const env = (await res.json()) as { code: number; msg: string; data: T };
  if (env.code !== 200) throw new Error(`${url}: ${env.code} ${env.msg}`);
  return env.data;
}

/** The input element of a form field (the test id may sit on the input or on its wrapper). */
const inputOf = async (field: Locator) => ((await field.evaluate((e) => e.tagName)) === 'INPUT' ? field : field.locator('input'));

describe('RFID: where a tag is and what it is', () => {
  it('shows on the EPC query where a sold tag is: sold, at the store, by the till reader, in its scene', async () => {
    const { page, context, errors } = await signedIn(suite, 'demo', 'demo123', { lang: 'en_US', path: '/label/epc-query' });
    const token = await tokenOf(context);
    // a piece the flagship's till sold (the other stores' demo sales and fitting rooms read their own pieces)
    const sold = await api<{ list: { epc: string }[] }>(token, 'GET', '/rfid/epc-state/list?presence=sold&equipment=POS-ST001&limit=1');
    expect(sold.list).toHaveLength(1);
    const epc = sold.list[0].epc;
    await page.getByTestId('epc-query-input').locator('input').fill(epc.toLowerCase());
    await page.getByTestId('epc-query-input').locator('input').press('Enter');
    await page.getByTestId('epc-query-result').waitFor();
    const where = page.getByTestId('epc-query-whereabouts');
    await expect.poll(() => where.getByTestId('epc-query-presence').getAttribute('data-presence'), { timeout: 15_000 }).toBe('sold');
    expect(await where.getByTestId('epc-query-presence').textContent()).toContain('Sold');
    expect(await where.getByTestId('epc-query-reader').textContent()).toContain('POS-ST001');
    expect(await where.getByTestId('epc-query-scene').textContent()).toContain('POS');
    expect(await where.textContent()).toContain('ST001');
    expect(await where.getByTestId('epc-query-last-seen').textContent()).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d/);
    // an EPC no reader read says so
    await page.getByTestId('epc-query-input').locator('input').fill('3034257BF7194E40000FFFF1');
    await page.getByTestId('epc-query-input').locator('input').press('Enter');
    await where.getByTestId('epc-query-unread').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows each live read's SKU, style, colour and size", async () => {
    const { page, context, errors } = await signedIn(suite, 'demo', 'demo123', { lang: 'en_US', path: '/rfid/raw-data' });
    const token = await tokenOf(context);
    // a registry tag readers have seen (the demo day's tags depart as time passes: any state will do), and its goods
    const seen = await api<{ list: { epc: string }[] }>(token, 'GET', '/rfid/epc-state/list?limit=1');
    const epc = seen.list[0].epc;
    const tag = await api<{ sku: { skuBarcode: string; styleNumber: string; colour: string; size: string } }>(
      token,
      'GET',
      `/label/epc-query/lookup?code=${epc}`,
    );
    // the store's handheld, with a fresh token from the console's own call
    const readers = await api<{ list: { id: number; equipmentCoding: string }[] }>(token, 'POST', '/rfid/equipment/list', {
      page: 1,
      pageSize: 100,
    });
    const hh = readers.list.find((r) => r.equipmentCoding === 'HH-03')!;
    const { deviceToken } = await api<{ deviceToken: string }>(token, 'POST', '/rfid/equipment/rotate-token', { id: hh.id });

    await page.getByTestId('raw-live-tab').click();
    await expect.poll(() => page.getByTestId('raw-live-state').locator('.ant-badge-status-success').count()).toBe(1);
    const at = new Date().toISOString();
    const res = await fetch(`${suite.server.url}/api/rfid/ingest/impinj`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${deviceToken}` },
      body: JSON.stringify([
        { timestamp: at, eventType: 'tagInventory', tagInventoryEvent: { epcHex: epc, antennaPort: 1, peakRssiCdbm: -5200 } },
      ]),
    });
    expect(res.status).toBe(200);
    const row = page.getByTestId('raw-live-table').locator('.ant-table-row').filter({ hasText: epc }).first();
    await row.waitFor({ timeout: 15_000 });
    expect(await row.getByTestId('raw-live-sku').textContent()).toBe(tag.sku.skuBarcode);
    expect(await row.getByTestId('raw-live-style').textContent()).toBe(tag.sku.styleNumber);
    expect(await row.getByTestId('raw-live-colour').textContent()).toBe(tag.sku.colour);
    expect(await row.getByTestId('raw-live-size').textContent()).toBe(tag.sku.size);
    const head = (await page.getByTestId('raw-live-table').locator('thead').textContent()) ?? '';
    for (const title of ['SKU', 'Style', 'Colour', 'Size']) expect(head).toContain(title);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses a scene amount with three decimals under its field instead of rounding it', async () => {
    const { page, context, errors } = await signedIn(suite, 'demo', 'demo123', { lang: 'en_US', path: '/rfid/scene' });
    const screen = screenOf(page, 'rfid/scene');
    await screen.locator('.ant-table-row').first().waitFor();
    await screen.getByTestId('resource-add').click();
    const form = panelOf(page);
    const min = await inputOf(form.getByTestId('field-minPeriod'));
    await min.fill('1.234');
    await min.blur();
    await expect.poll(() => fieldError(form, 'minPeriod').textContent()).toContain('2 decimals');
    // what was typed stays as typed
    expect(await min.inputValue()).toBe('1.234');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists EPC state and EPC data on the feed page: counts as the presence filter, load more by cursor, a row in its drawer', async () => {
    const { page, context, errors } = await signedIn(suite, 'demo', 'demo123', { lang: 'en_US', path: '/rfid/epc-state' });
    try {
      const state = screenOf(page, 'rfid/epc-state');
      const rows = state.locator('.ant-table-row');
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThan(0);
      // a count chosen filters the list by that presence (the server's list, GET /api/rfid/epc-state/list)
      await state.getByTestId('epc-count-sold').click();
      await expect
        .poll(() => state.getByTestId('epc-presence').evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('data-presence')))]))
        .toEqual(['sold']);
      await state.getByTestId('epc-state-search-reset').click();
      await expect.poll(() => state.getByTestId('epc-count-all').getAttribute('class')).toContain('checked');

      // EPC data: 50 a page, more by cursor, no page numbers; a row opens its state and lifecycle
      await openScreen(page, 'rfid/epc-data');
      const data = screenOf(page, 'rfid/epc-data');
      const dataRows = data.locator('.ant-table-row');
      await expect.poll(() => dataRows.count(), { timeout: 15_000 }).toBe(50);
      expect(await data.locator('.ant-pagination').count()).toBe(0);
      await data.getByTestId('epc-data-more').click();
      await expect.poll(() => dataRows.count()).toBeGreaterThan(50);
      await dataRows.first().locator('.feed-open').click();
      await page.getByTestId('epc-drawer').waitFor();
      await page.getByTestId('epc-timeline').or(page.getByTestId('epc-no-events')).first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
