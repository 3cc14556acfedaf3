/**
 * What the screen crawl (screens.shots.ts) does not reach on the shell: the login page, the
 * platform admin's dashboard (the crawl opens the dashboards as a tenant) and the settings drawer,
 * in the three languages (the login page at 1366 and 390 px as well).
 */
import { it } from 'vitest';
import { e2eSuite, newSession, shot, signedIn } from '../support/browser';
import { LANGS } from '../support/screens';

const suite = e2eSuite();

for (const lang of LANGS)
  it(`the login page, the platform dashboard and the settings drawer in ${lang}`, async () => {
    for (const width of [1366, 390]) {
      const { page, context } = await newSession(suite.browser, suite.server.url, { lang, width, height: width > 800 ? 768 : 844 });
      await page.goto('/login');
      await page.getByTestId('login-submit').waitFor();
      await shot(page, `login-${lang}-${width}`);
      await context.close();
    }
    const { page, context } = await signedIn(suite, 'admin', 'admin123', { lang, height: 768 });
    await page.getByTestId('dashboard-admin').waitFor();
    await shot(page, `dashboard-platform-${lang}-1366`);
    await page.getByTestId('open-settings').click();
    await page.getByTestId('settings-drawer').waitFor();
    await shot(page, `settings-${lang}`);
    await context.close();
  });
