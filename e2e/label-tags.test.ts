/**
 * Tags in the browser, one story as the demo brand: a printer's EPC/TID pair bound by hand on the
 * TID binding screen, the tag found by its EPC (status bound, decoded SGTIN-96), its status cleared
 * for good after the irreversible-confirmation, and its lifecycle showing encoding (Get EPC),
 * commissioning (the binding) and clearing in time order; an exception handled with a note; a
 * demo tag's journey through the warehouse and the store (sale, return) named by place, and its
 * EPCIS 2.0 document downloaded as the file the server serves. (A journey's lifecycle in the three
 * languages: shots/label-tags.shots.ts.)
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSuite, signedIn, tokenOf } from './support/browser';
import { apiPost, clickInDialog, lastMessage, screenOf, serverText, webText } from './support/general';

const suite = e2eSuite();
const go = async (page: Page, code: string) => {
  await page.goto(`/${code}`);
  await screenOf(page, code).waitFor();
};

describe('label tags', () => {
  it('binds a TID, finds the tag, clears it for good and shows its lifecycle', async () => {
    const { page, context, errors } = await signedIn(suite, 'demo', 'demo123', { lang: 'en_US', path: '/label/tid-binding' });
    try {
      const token = await tokenOf(context);
      // a generated tag without a TID (the demo order's)
      const list = await apiPost(page, token, '/api/label/tid-binding/list', { status: 1, pageSize: 1 });
      const epc = list.data.list[0].epc as string;
      const tid = 'E2003412012F00000000ABCD';
      const v = screenOf(page, 'label/tid-binding');
      await expect.poll(() => v.locator('.ant-table-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await v.getByTestId('tid-bind').click();
      await page.getByTestId('tid-bind-epc').fill(epc.toLowerCase());
      await page.getByTestId('tid-bind-tid').fill(tid);
      await clickInDialog(page.getByTestId('tid-bind-ok'));
      await expect.poll(() => lastMessage(page)).toContain(serverText('en_US', 'tags.bindDone', { bound: 1, already: 0, refused: 0 }));

      // EPC query: the tag, bound, decoded
      await go(page, 'label/epc-query');
      await page.getByTestId('epc-query-input').locator('input').fill(epc);
      await page.getByTestId('epc-query-input').locator('input').press('Enter');
      const found = page.getByTestId('epc-query-result');
      await expect.poll(() => found.textContent(), { timeout: 15_000 }).toContain(tid);
      expect(await page.getByTestId('epc-query-status').textContent()).toBe('Bound');
      expect(await found.textContent()).toContain('SGTIN-96');
      // its lifecycle, one click away: encoded with its order (Get EPC), then commissioned (bound)
      await page.getByTestId('epc-query-lifecycle').click();
      await screenOf(page, 'label/lifecycle').waitFor();
      // (the demo's readers may add RFID events of their own: the order of these is what counts)
      const stepsNow = () => page.getByTestId('lifecycle-event').evaluateAll((els) => els.map((e) => e.getAttribute('data-step')));
      await expect.poll(stepsNow, { timeout: 15_000 }).toEqual(expect.arrayContaining(['encoding', 'commissioning']));
      const bound = await stepsNow();
      expect(bound.indexOf('encoding')).toBeLessThan(bound.indexOf('commissioning'));

      // clear tag status: checked, then confirmed as irreversible
      await go(page, 'label/clear-tag');
      await page.getByTestId('clear-tag-text').fill(epc);
      await page.getByTestId('clear-tag-check').click();
      await expect
        .poll(() => page.getByTestId('clear-tag-summary').textContent())
        .toContain(webText('en_US', 'tags.checkSummary', { found: 1, unknown: 0, cleared: 0 }));
      await page.getByTestId('clear-tag-clear').click();
      await expect.poll(() => page.locator('.ant-modal-confirm').textContent()).toContain('cannot be undone');
      await clickInDialog(page.getByTestId('clear-tag-ok'));
      await expect.poll(() => lastMessage(page)).toContain(serverText('en_US', 'tags.clearDone', { count: 1 }));
      await expect
        .poll(() => page.getByTestId('clear-tag-summary').textContent())
        .toContain(webText('en_US', 'tags.checkSummary', { found: 1, unknown: 0, cleared: 1 }));
      expect(await page.getByTestId('clear-tag-clear').isDisabled()).toBe(true);

      // lifecycle: encoding (the order's event), commissioning, clearing — oldest first
      await go(page, 'label/lifecycle');
      await page.getByTestId('lifecycle-input').locator('input').fill(epc);
      await page.getByTestId('lifecycle-input').locator('input').press('Enter');
      const steps = page.getByTestId('lifecycle-event');
      await expect.poll(() => steps.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
      const order = await steps.evaluateAll((els) => els.map((e) => e.getAttribute('data-step')));
      expect(order.indexOf('encoding')).toBeLessThan(order.indexOf('commissioning'));
      expect(order.indexOf('commissioning')).toBeLessThan(order.indexOf('decommissioning'));
      expect(await page.getByTestId('lifecycle-status').textContent()).toBe('Cleared');

      // an exception handled with a note
      await go(page, 'label/exception');
      const ex = screenOf(page, 'label/exception');
      await expect.poll(() => ex.getByTestId('exception-handle').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await ex.getByTestId('exception-handle').first().click();
      await page.getByTestId('exception-note').fill('Label re-encoded by the supplier');
      await clickInDialog(page.getByTestId('exception-handle-ok'));
      await expect.poll(() => lastMessage(page)).toContain(serverText('en_US', 'tags.exceptionDone.handle', { count: 1 }));
      await expect.poll(() => page.locator('.ant-modal:visible').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows a demo tag’s journey by place, its return as receiving, and downloads its EPCIS 2.0 document', async () => {
    const { page, context, errors } = await signedIn(suite, 'demo', 'demo123', { lang: 'en_US', path: '/label/lifecycle' });
    try {
      const token = await tokenOf(context);
      // the demo's first bound tag (its journey: WH01, then ST001 — a sale and a return)
      const bound = await apiPost(page, token, '/api/label/tid-binding/list', { tid: 'E28011602000700000000001', pageSize: 1 });
      const epc = bound.data.list[0].epc as string;
      await page.getByTestId('lifecycle-input').locator('input').fill(epc);
      await page.getByTestId('lifecycle-input').locator('input').press('Enter');
      const steps = page.getByTestId('lifecycle-event');
      // its seeded journey (the demo's readers may add RFID events of their own in between)
      await expect.poll(() => steps.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(10);
      const seen = await steps.evaluateAll((els) => els.map((e) => e.getAttribute('data-step')));
      expect(seen.slice(0, 2)).toEqual(['encoding', 'commissioning']);
      expect(seen).toEqual(expect.arrayContaining(['receiving', 'storing', 'shipping', 'retail_selling']));
      // the return: receiving, disposition returned, at the store named by its code and name
      const ret = steps.filter({ hasText: 'Returned' }).first();
      expect(await ret.getAttribute('data-step')).toBe('receiving');
      expect(await ret.textContent()).toContain('ST001 上海南京西路旗舰店');
      expect(await ret.textContent()).toContain('+08:00');
      expect(await ret.textContent()).not.toContain('urn:');
      // the EPCIS document: the server's file, the document itself
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('lifecycle-epcis').click()]);
      expect(download.suggestedFilename()).toBe(`epcis-${epc}.jsonld`);
      const doc = JSON.parse(await readFile((await download.path())!, 'utf8'));
      expect(doc).toMatchObject({ type: 'EPCISDocument', schemaVersion: '2.0' });
      expect(doc.epcisBody.eventList.length).toBe(await steps.count());
      const returned = doc.epcisBody.eventList.find((e: { disposition?: string }) => e.disposition === 'returned');
      expect(returned).toMatchObject({ type: 'ObjectEvent', bizStep: 'receiving', eventTimeZoneOffset: '+08:00' });
      expect(returned.bizLocation.id).toMatch(/^urn:epc:id:sgln:6901234\.1/);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("keeps a label supplier's user to the tags of its own orders", async () => {
    const admin = await signedIn(suite, 'demo', 'demo123', { lang: 'en_US', path: '/label/tid-binding' });
    const { page, context, errors } = await signedIn(suite, 'supplier01', 'demo1234', { lang: 'en_US', path: '/label/tid-binding' });
    try {
      const adminToken = await tokenOf(admin.context);
      const token = await tokenOf(context);
      // the orders the supplier reaches, and a tag of another supplier's order
      const orders = await apiPost(page, token, '/api/supply/label-order/list', { pageSize: 500 });
      const reached = new Set(orders.data.list.map((o: { id: number }) => o.id));
      const all = await apiPost(admin.page, adminToken, '/api/label/tid-binding/list', { pageSize: 500 });
      const foreign = all.data.list.find((r: { orderId: number }) => !reached.has(r.orderId));
      // its own tags: those of the orders it reaches, counted order by order (the registry holds thousands)
      let own = 0;
      for (const id of reached)
        own += (await apiPost(admin.page, adminToken, '/api/label/tid-binding/list', { pageSize: 1, orderId: id })).data.total;
      expect(foreign).toBeDefined();
      const v = screenOf(page, 'label/tid-binding');
      await expect.poll(() => v.locator('.ant-pagination-total-text').textContent(), { timeout: 15_000 }).toContain(String(own));
      expect(await v.locator('.ant-table-row').filter({ hasText: foreign.epc }).count()).toBe(0);
      // looked up by its EPC, another supplier's tag is not there
      await go(page, 'label/epc-query');
      await page.getByTestId('epc-query-input').locator('input').fill(foreign.epc);
      await page.getByTestId('epc-query-input').locator('input').press('Enter');
      await page.getByTestId('epc-query-none').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('epc-query-result').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await admin.context.close();
    }
  });
});
