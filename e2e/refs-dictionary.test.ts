/**
 * Documents with lines in the browser: a dictionary module added with its details as lines of its
 * form (one save), a bad line refused naming the line, the lines edited again; screenshots at 1366
 * and 390 px in the three languages.
 */
import type { Lang } from '@tagloom/domain/lang.ts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSuite, login, newSession, type Session, shot } from './support/browser';
import { lastMessage, openFromMenu, screenOf, serverText, webText } from './support/general';

const suite = e2eSuite();
const CODE = 'general/dictionary';

async function session(lang: Lang, width = 1366): Promise<Session> {
  const s = await newSession(suite.browser, suite.server.url, { lang, width, height: width > 800 ? 800 : 844 });
  await login(s.page, 'admin', 'admin123');
  return s;
}

/** The cell input of one line field (the nth line, from 1). */
const lineInput = (page: Page, line: number, field: string) =>
  page
    .getByTestId('child-table-details')
    .locator('.ant-table-tbody tr.ant-table-row')
    .nth(line - 1)
    .getByTestId(`field-${field}`);

describe('dictionary module with its details as lines', () => {
  it('adds a module with two lines in one save, refuses a bad line naming it, edits the lines', async () => {
    const { page, context, errors } = await session('en_US');
    try {
      await openFromMenu(page, CODE, 'en_US');
      const v = screenOf(page, CODE);
      await expect.poll(() => v.getByTestId('dict-module-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await v.getByTestId('dict-add').click();
      await page.getByTestId('dict-form-code').fill('E2E_LINES');
      await page.getByTestId('dict-form-name').fill('Sizes');
      for (const [i, num, name] of [
        [1, 'S', '小'],
        [2, '', '中'],
      ] as const) {
        await page.getByTestId('child-add-details').click();
        if (num) await lineInput(page, i, 'num').fill(num);
        await lineInput(page, i, 'name').fill(name);
      }
      await shot(page, 'refs-dictionary-form-en_US-1366');
      await page.getByTestId('dict-form-save').click();
      // line 2 has no code: nothing is saved and the message names the line
      const refusal = serverText('en_US', 'refs.line', { row: 2, message: 'Please enter detail code' });
      await expect.poll(() => lastMessage(page)).toContain(refusal);
      await lineInput(page, 2, 'num').fill('M');
      await page.getByTestId('dict-form-save').click();
      await expect.poll(() => lastMessage(page)).toContain('Saved');

      await v.getByTestId('dict-filter-code').fill('E2E_LINES');
      await v.getByTestId('dict-search').click();
      const mod = v.locator('[data-testid="dict-module-row"][data-code="E2E_LINES"]');
      await mod.click();
      await expect.poll(() => v.locator('[data-testid="detail-row"]').count()).toBe(2);
      await shot(page, 'refs-dictionary-en_US-1366');

      // edit: the lines come back in the form; one removed, one changed
      await mod.getByTestId('dict-edit').click();
      await expect.poll(() => lineInput(page, 2, 'num').inputValue()).toBe('M');
      await page.getByTestId('child-remove-1').click();
      await lineInput(page, 1, 'nameEn').fill('Medium');
      await page.getByTestId('dict-form-save').click();
      await expect.poll(() => v.locator('[data-testid="detail-row"]').count()).toBe(1);
      expect(await v.locator('[data-testid="detail-row"][data-num="M"]').textContent()).toContain('Medium');
      // the refused save's 400 is the one console line expected
      expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    } catch (err) {
      await shot(page, 'refs-dictionary-failure');
      throw err;
    } finally {
      await context.close();
    }
  }, 240_000);

  for (const lang of ['zh_CN', 'zh_TW', 'en_US'] as const)
    for (const width of [1366, 390])
      it(`shows the module form with its lines (${lang}, ${width} px)`, async () => {
        const { page, context, errors } = await session(lang, width);
        try {
          await page.goto('/general/dictionary');
          const v = screenOf(page, CODE);
          await expect.poll(() => v.getByTestId('dict-module-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
          await v.locator('[data-testid="dict-module-row"][data-code="LANGUAGE_TYPE"]').getByTestId('dict-edit').click();
          await expect.poll(() => page.getByTestId('child-table-details').locator('tr.ant-table-row').count()).toBeGreaterThan(0);
          expect(await page.getByTestId('child-add-details').textContent()).toContain(webText(lang, 'refs.addLine'));
          await shot(page, `refs-dictionary-form-${lang}-${width}`);
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      }, 120_000);
});
