/**
 * The console works under its Content-Security-Policy: signed in as the platform admin and as the
 * DEMO tenant admin, through the dashboard (charts), resource lists, their add forms, the import
 * dialog and the settings drawer, Chromium reports no policy violation (no securitypolicyviolation
 * event, no CSP console message). The OpenAPI UI works under its own policy.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSuite, login, newSession, type Session, signedIn } from './support/browser';
import { clickInDialog, panelOf, screenOf } from './support/general';

const suite = e2eSuite();

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** A new session that records every CSP violation its pages report, from the first script on. */
async function watched(lang = 'en_US'): Promise<Session & { violations: () => Promise<string[]> }> {
  return watch(await newSession(suite.browser, suite.server.url, { lang }));
}

/** Records every CSP violation the session's pages report from the next page loaded on. */
async function watch(session: Session): Promise<Session & { violations: () => Promise<string[]> }> {
  const seen: string[] = [];
  await session.context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations!.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber} ${e.sample}`);
    });
  });
  session.page.on('console', (m) => {
    if (/Content Security Policy|Permissions-Policy|Permissions Policy/i.test(m.text())) seen.push(`console: ${m.text()}`);
  });
  return {
    ...session,
    violations: async () => [...seen, ...((await session.page.evaluate(() => window.__cspViolations ?? []).catch(() => [])) as string[])],
  };
}

/** The dashboard with its charts drawn (echarts writes tooltips and canvases). */
async function dashboard(page: Page) {
  await page.getByTestId('dashboard-admin').waitFor();
  await expect.poll(() => page.getByTestId('chart-logins').locator('canvas').count(), { timeout: 20_000 }).toBe(1);
  const chart = page.getByTestId('chart-logins').locator('canvas');
  const box = await chart.boundingBox();
  // hover the chart: its tooltip is markup with inline styles
  if (box) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.move(box ? box.x + box.width / 3 : 10, box ? box.y + box.height / 2 : 10);
}

/** A resource list, its add form (modal or drawer), and its import dialog when offered. */
async function resourceScreen(page: Page, code: string) {
  await page.goto(`/${code}`);
  const s = screenOf(page, code);
  await s.getByTestId('resource-table').waitFor({ timeout: 20_000 });
  await s.getByTestId('resource-add').click();
  await panelOf(page).waitFor();
  await clickInDialog(panelOf(page).getByTestId('resource-form-save'));
  await panelOf(page).locator('.ant-form-item-explain-error').first().waitFor();
  await clickInDialog(panelOf(page).getByTestId('resource-form-cancel'));
  await panelOf(page).waitFor({ state: 'hidden' });
  if (await s.getByTestId('resource-import').count()) {
    await s.getByTestId('resource-import').click();
    const modal = page.locator('.resource-import .ant-modal');
    await modal.waitFor();
    await modal.getByTestId('import-close').click();
    await modal.waitFor({ state: 'hidden' });
  }
}

async function settingsDrawer(page: Page) {
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-drawer').waitFor();
  await page.keyboard.press('Escape');
  await page.getByTestId('settings-drawer').waitFor({ state: 'hidden' });
}

describe('the console under its Content-Security-Policy', () => {
  it('sends the policy with the page: own scripts only, styles by nonce, no framing', async () => {
    const res = await fetch(`${suite.server.url}/login`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/style-src 'self' 'nonce-[^']+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('the platform admin: login, dashboard, lists, add forms, import dialog, settings, with no violation', async () => {
    const { page, context, errors, violations } = await watched();
    try {
      // through the login form: the login page and signing in are watched too
      await login(page, 'admin', 'admin123');
      await dashboard(page);
      // antd's style elements carry the page's nonce
      const nonced = await page.evaluate(() => [...document.querySelectorAll('style')].filter((s) => s.nonce).length);
      expect(nonced).toBeGreaterThan(0);
      await resourceScreen(page, 'general/tenant-group');
      await resourceScreen(page, 'general/user');
      await settingsDrawer(page);
      await page.goto('/dashboard/editor');
      await page.getByTestId('dashboard-editor').waitFor();
      expect(await violations()).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the DEMO tenant admin: dashboard, a tenant list with its form, settings, with no violation', async () => {
    const signed = await signedIn(suite, 'demo', 'demo123', { lang: 'zh_CN', path: '/rfid/equipment' });
    const { page, context, errors, violations } = await watch(signed);
    try {
      // watched from here on: the console loaded on its dashboard, as for a user who signed in before
      await page.goto('/');
      await dashboard(page);
      await resourceScreen(page, 'rfid/equipment');
      await settingsDrawer(page);
      expect(await violations()).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a page framed by another site is refused, and an injected inline script does not run', async () => {
    const { page, context, violations } = await watched();
    try {
      await page.goto('/login');
      await page.getByTestId('login-submit').waitFor();
      // an inline script that may run runs as it is inserted, before appendChild returns
      const ran = await page.evaluate(() => {
        const s = document.createElement('script');
        s.textContent = 'window.__inlineRan = true';
        document.body.appendChild(s);
        return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
      });
      expect(ran).toBe(false);
      await expect.poll(async () => (await violations()).some((v) => v.startsWith('script-src'))).toBe(true);

      const framing = await context.newPage();
      const refused: string[] = [];
      framing.on('console', (m) => {
        if (m.text().includes('frame-ancestors')) refused.push(m.text());
      });
      await framing.setContent(`<iframe src="${suite.server.url}/login"></iframe>`);
      await expect.poll(() => refused.length, { timeout: 15_000 }).toBeGreaterThan(0);
      const frame = framing.frames().find((f) => f !== framing.mainFrame());
      expect(await frame?.locator('[data-testid="login-submit"]').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('the OpenAPI UI renders under its own policy with no violation', async () => {
    const { page, context, violations } = await watched();
    try {
      await page.goto('/api/docs');
      await page.locator('.swagger-ui .opblock').first().waitFor({ timeout: 30_000 });
      await page.locator('.swagger-ui .opblock-summary').first().click();
      await page.locator('.swagger-ui .opblock-body').first().waitFor();
      expect(await violations()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
