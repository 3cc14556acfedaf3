/**
 * Browser stories of signing in and passwords: the change-password dialog submitted empty marks its
 * fields ("Please enter …") without an application error; a wrong current password marks that field
 * with the server's message; a user the administrator creates must set a new password at the first
 * sign-in, in a dialog that cannot be closed. Pictures of the dialogs: e2e/shots/signin.shots.ts.
 */
import type { Lang } from '@tagloom/domain/lang.ts';
import { requiredMessage } from '@tagloom/domain/validation.ts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSuite, newSession, pathOf, signedIn, tokenOf } from './support/browser';
import { apiPost, expectSaved, panelOf, pick, screenOf, serverText, webText } from './support/general';

const suite = e2eSuite();

const dialog = (page: Page) => page.locator('.change-password-modal .ant-modal').filter({ visible: true });
const errorOf = (page: Page, testId: string) =>
  dialog(page)
    .locator('.ant-form-item')
    .filter({ has: page.getByTestId(testId) })
    .locator('.ant-form-item-explain-error');

/** Waits for the dialog's opening animation to end (before typing into it; a screenshot waits by itself). */
const settled = (page: Page) =>
  expect
    .poll(() =>
      page.evaluate(
        () => document.querySelectorAll('.change-password-modal [class*="zoom-"], .change-password-modal [class*="fade-"]').length,
      ),
    )
    .toBe(0);

/** Account menu → Change password. */
async function openChangePassword(page: Page) {
  await page.getByTestId('account').click();
  await page.getByTestId('menu-password').click();
  await dialog(page).waitFor();
}

describe('change-password dialog', () => {
  it('marks empty fields and a wrong current password without an application error (zh_CN)', async () => {
    const lang: Lang = 'zh_CN';
    // nothing is changed (the current password given is wrong): the file's demo session stays valid
    const { page, context, errors } = await signedIn(suite, 'demo', 'demo123', { lang });
    try {
      await openChangePassword(page);
      await page.getByTestId('password-submit').click();
      for (const [testId, key] of [
        ['password-old', 'password.old'],
        ['password-new', 'password.new'],
        ['password-confirm', 'password.confirm'],
      ] as const) {
        await expect.poll(() => errorOf(page, testId).textContent()).toBe(requiredMessage(lang, webText(lang, key)));
      }
      // the rule in force is shown under the new password
      await expect.poll(() => dialog(page).textContent()).toContain(serverText(lang, 'signin.policy.hint.STANDARD', { min: 6 }));
      // nothing was thrown: no error badge in the navbar, nothing in the error log
      expect(await page.getByTestId('error-log').count()).toBe(0);
      expect(errors).toEqual([]);

      // a new password breaking the rule is refused before it is sent
      await page.getByTestId('password-old').fill('wrong-one');
      await page.getByTestId('password-new').fill('abcdefgh');
      await page.getByTestId('password-confirm').fill('abcdefgh');
      await page.getByTestId('password-submit').click();
      await expect.poll(() => errorOf(page, 'password-new').textContent()).toContain(serverText(lang, 'signin.policy.classes.STANDARD'));
      // a wrong current password: the server's message on that field
      await page.getByTestId('password-new').fill('better123');
      await page.getByTestId('password-confirm').fill('better123');
      await page.getByTestId('password-submit').click();
      await expect.poll(() => errorOf(page, 'password-old').textContent()).toBe(serverText(lang, 'auth.wrongCurrentPassword'));
      expect(await page.getByTestId('error-log').count()).toBe(0);
      expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
      // the dialog closes with Cancel, still signed in
      await page.getByTestId('password-cancel').click();
      await expect.poll(() => dialog(page).count()).toBe(0);
      expect(await tokenOf(context)).not.toBe('');
    } finally {
      await context.close();
    }
  });
});

describe('forced change of an initial password', () => {
  const USER = 'e2e_first_en';

  it('the administrator adds a user whose password is to be changed at the first sign-in, under the rule in force', async () => {
    const admin = await signedIn(suite, 'admin', 'admin123', { lang: 'en_US', path: '/general/user' });
    try {
      const { page } = admin;
      const screen = screenOf(page, 'general/user');
      await screen.getByTestId('resource-table').waitFor();
      await screen.getByTestId('resource-add').click();
      const form = panelOf(page);
      await form.waitFor();
      await pick(page, page.getByTestId('field-tenantId'), '演示租户');
      await page.getByTestId('field-username').fill(USER);
      // the rule in force shows under the password; a weak one is refused before it is sent
      await expect
        .poll(() => form.getByTestId('password-rule').textContent())
        .toBe(serverText('en_US', 'signin.policy.hint.STANDARD', { min: 6 }));
      await page.getByTestId('field-password').fill('abc');
      await page.getByTestId('field-password').blur();
      await expect
        .poll(() => form.locator('.ant-form-item-explain-error').first().textContent())
        .toContain(serverText('en_US', 'signin.policy.tooShort', { min: 6 }));
      await page.getByTestId('field-password').fill('start123');
      await page.getByTestId('field-confirmPassword').fill('start123');
      const userType = page.getByTestId('field-userType');
      if ((await userType.getAttribute('class'))?.includes('ant-radio-group'))
        await userType.getByText('Tenant user', { exact: true }).click();
      else await pick(page, userType, 'Tenant user');
      await pick(page, page.getByTestId('roles-web'));
      await form.locator('.ant-modal-title, .ant-drawer-title').first().click();
      // on by default: the user must change the password at the next sign-in
      expect(await page.getByTestId('field-mustChangePassword').getAttribute('aria-checked')).toBe('true');
      await form.getByTestId('resource-form-save').click();
      await expectSaved(page, form);
      const token = await tokenOf(admin.context);
      const listed = await apiPost(page, token, '/api/general/user/list', { username: USER });
      expect(listed.data.list[0].mustChangePassword).toBe(1);
    } finally {
      await admin.context.close();
    }
  });

  it('asks for a new password in a dialog that cannot be closed; signs out, or changes it and opens the console (en_US)', async () => {
    const lang: Lang = 'en_US';
    // the sign-in itself is the story: through the login form
    const { page, context, errors } = await newSession(suite.browser, suite.server.url, { lang });
    const signIn = async () => {
      await page.goto('/login');
      await page.getByTestId('login-username').fill(USER);
      await page.getByTestId('login-password').fill('start123');
      await page.getByTestId('login-submit').click();
      await dialog(page).waitFor();
    };
    try {
      await signIn();
      expect(await dialog(page).textContent()).toContain(webText(lang, 'password.forcedHint'));
      // it cannot be closed: Escape and the mask leave it open, the console stays closed
      await page.keyboard.press('Escape');
      await page.mouse.click(5, 5);
      expect(await dialog(page).count()).toBe(1);
      expect(await page.locator('.ant-modal-close').filter({ visible: true }).count()).toBe(0);
      expect(pathOf(page)).toBe('/login');
      // a reload keeps asking
      await page.reload();
      await dialog(page).waitFor();
      // clicked once the dialog stands still (a click into an opening animation would hit the mask)
      await settled(page);
      // signing out instead: the dialog goes, and the session with it
      await page.getByTestId('password-sign-out').click();
      await expect.poll(() => dialog(page).count()).toBe(0);
      expect(await tokenOf(context)).toBe('');

      // signed in again, the new password given: the console opens
      await signIn();
      await settled(page);
      // the rule in force shown under the new password (it comes from the server): the form stands still
      await expect.poll(() => dialog(page).textContent()).toContain(serverText(lang, 'signin.policy.hint.STANDARD', { min: 6 }));
      await page.getByTestId('password-old').fill('start123');
      await page.getByTestId('password-new').fill('better123');
      await page.getByTestId('password-confirm').fill('better123');
      await page.getByTestId('password-submit').click();
      await page.getByTestId('navbar').waitFor();
      expect(pathOf(page)).not.toBe('/login');
      expect(await page.getByTestId('error-log').count()).toBe(0);
      expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
