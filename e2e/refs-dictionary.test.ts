/**
 * Documents with lines in the browser: a dictionary module added with its details as lines of its
 * form (one save), a bad line refused naming the line, the lines edited again; a seeded module's form
 * shows its lines. Pictures of the form: e2e/shots/refs-dictionary.shots.ts.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSuite, signedIn } from './support/browser';
import { lastMessage, screenOf, serverText, webText } from './support/general';

const suite = e2eSuite();
const CODE = 'general/dictionary';

/** The cell input of one line field (the nth line, from 1). */
const lineInput = (page: Page, line: number, field: string) =>
  page
    .getByTestId('child-table-details')
    .locator('.ant-table-tbody tr.ant-table-row')
    .nth(line - 1)
    .getByTestId(`field-${field}`);

describe('dictionary module with its details as lines', () => {
  it('adds a module with two lines in one save, refuses a bad line naming it, edits the lines', async () => {
    const { page, context, errors } = await signedIn(suite, 'admin', 'admin123', { lang: 'en_US', path: `/${CODE}` });
    try {
      const v = screenOf(page, CODE);
      await expect.poll(() => v.getByTestId('dict-module-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await v.getByTestId('dict-add').click();
      expect(await page.getByTestId('child-add-details').textContent()).toContain(webText('en_US', 'refs.addLine'));
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

      // edit: the lines come back in the form; one removed, one changed
      await mod.getByTestId('dict-edit').click();
      await expect.poll(() => lineInput(page, 2, 'num').inputValue()).toBe('M');
      await page.getByTestId('child-remove-1').click();
      await lineInput(page, 1, 'nameEn').fill('Medium');
      await page.getByTestId('dict-form-save').click();
      await expect.poll(() => v.locator('[data-testid="detail-row"]').count()).toBe(1);
      expect(await v.locator('[data-testid="detail-row"][data-num="M"]').textContent()).toContain('Medium');

      // a seeded module's form shows its details as lines
      await v.getByTestId('dict-filter-code').fill('LANGUAGE_TYPE');
      await v.getByTestId('dict-search').click();
      await v.locator('[data-testid="dict-module-row"][data-code="LANGUAGE_TYPE"]').getByTestId('dict-edit').click();
      await expect.poll(() => page.getByTestId('child-table-details').locator('tr.ant-table-row').count()).toBeGreaterThan(0);
      // the refused save's 400 is the one console line expected
      expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240_000);
});
