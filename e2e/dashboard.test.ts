/** The first real screens: admin and editor dashboards with live counts (their pictures: shots/dashboard.shots.ts). */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSuite, signedIn, tokenOf } from './support/browser';
import { webText } from './support/general';

const suite = e2eSuite();

const kpi = async (page: Page, key: string) =>
  Number((await page.getByTestId(`kpi-${key}`).locator('.ant-statistic-content-value').textContent())?.replace(/\D/g, ''));

describe('admin dashboard', () => {
  it('shows the platform counts the server reports, with charts', async () => {
    const { page, context, errors } = await signedIn(suite, 'admin', 'admin123', { lang: 'en_US' });
    await page.getByTestId('dashboard-admin').waitFor();
    const token = await tokenOf(context);
    const summary = (await (await fetch(`${suite.server.url}/api/dashboard/admin/summary`, { headers: { token } })).json()).data;
    expect(summary.scope).toBe('platform');
    expect(summary.tenants).toBeGreaterThan(0);
    expect(summary.loginsPerDay).toHaveLength(7);
    // the demo tenant's label orders and the tags of those whose EPCs were generated
    expect(summary.tags).toBeGreaterThan(0);
    const orders = summary.ordersByStatus.reduce((a: number, s: { count: number }) => a + s.count, 0);
    expect(orders).toBeGreaterThan(0);
    // figures and charts arrive after the page: poll
    await expect.poll(() => kpi(page, 'tenants')).toBe(summary.tenants);
    await expect.poll(() => kpi(page, 'users')).toBe(summary.users);
    await expect.poll(() => kpi(page, 'tags')).toBe(summary.tags);
    await expect.poll(() => kpi(page, 'orders')).toBe(orders);
    expect(await page.getByTestId('dashboard-admin').textContent()).not.toContain('not yet available');
    await expect.poll(() => page.getByTestId('chart-logins').locator('canvas').count()).toBe(1);
    await expect.poll(() => page.getByTestId('chart-orders').locator('canvas').count()).toBe(1);
    // each chart's value axis says what it counts (its unit), read out as the chart's label
    expect(await page.getByTestId('chart-logins').getAttribute('aria-label')).toContain(webText('en_US', 'dashboard.rfid.loginsAxis'));
    expect(await page.getByTestId('chart-orders').getAttribute('aria-label')).toContain(webText('en_US', 'dashboard.rfid.ordersAxis'));
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a tenant user only its own tenant's counts", async () => {
    const { page, context } = await signedIn(suite, 'demo', 'demo123', { lang: 'en_US' });
    await page.getByTestId('dashboard-admin').waitFor();
    expect(await page.getByTestId('kpi-tenants').count()).toBe(0);
    const token = await tokenOf(context);
    const summary = (await (await fetch(`${suite.server.url}/api/dashboard/admin/summary`, { headers: { token } })).json()).data;
    expect(summary.scope).toBe('tenant');
    await expect.poll(() => kpi(page, 'users')).toBe(summary.users);
    await context.close();
  });
});

describe('the RFID figures', () => {
  it('puts the figures an operator opens first above the fold at 1366×768', async () => {
    const { page, context, errors } = await signedIn(suite, 'demo', 'demo123', { lang: 'zh_CN', width: 1366, height: 768 });
    for (const id of ['kpi-reads-today', 'kpi-readers', 'kpi-tags-by-state', 'kpi-orders-by-state', 'kpi-exceptions']) {
      await page.getByTestId(id).waitFor();
      const box = await page.getByTestId(id).boundingBox();
      expect(box, id).not.toBeNull();
      expect(box!.y + box!.height, id).toBeLessThanOrEqual(768);
      expect(box!.x + box!.width, id).toBeLessThanOrEqual(1366);
    }
    // the demo's label exceptions, one of each kind the demo raises, counted by kind
    await expect.poll(() => page.getByTestId('kpi-exceptions').locator('[data-testid^="kpi-exception-"]').count()).toBe(5);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says "no data", never "all clear", when no read came today', async () => {
    const { page, context, errors } = await signedIn(suite, 'acme', 'acme123', { lang: 'zh_CN' });
    await page.getByTestId('rfid-operator').waitFor();
    await page.getByTestId('kpi-no-reads').waitFor();
    expect(await page.getByTestId('kpi-no-reads').textContent()).toBe(webText('zh_CN', 'dashboard.rfid.noReadsToday'));
    for (const id of ['rfid-unknown', 'rfid-duplicates', 'rfid-sync', 'rfid-rate']) {
      const section = page.getByTestId(id);
      expect(await section.getAttribute('data-state'), id).toBe('noData');
      const text = (await section.textContent()) ?? '';
      expect(text, id).toContain(webText('zh_CN', 'dashboard.rfid.noData'));
      expect(text, id).not.toContain(webText('zh_CN', 'rfidDash.allClear'));
      expect(text, id).not.toContain(webText('zh_CN', 'rfidDash.nothing'));
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('editor dashboard', () => {
  it("lists the user's own login history", async () => {
    const { page, context } = await signedIn(suite, 'demo', 'demo123', { lang: 'en_US', path: '/dashboard/editor' });
    await page.getByTestId('dashboard-editor').waitFor();
    await expect.poll(() => page.getByTestId('dashboard-editor').locator('.ant-table-row').count()).toBeGreaterThan(0);
    await context.close();
  });
});
