/**
 * Coding rules in the browser, one short story: the platform admin designs a rule (domains added,
 * bits computed as typed, the bit bar and the live sample following), sees the sample change and the
 * GS1-header warning, decodes an EPC (and a refused one), saves, and the list flags the warning.
 */
import { describe, expect, it } from 'vitest';
import { e2eSuite, signedIn } from './support/browser';
import { enumText, expectSaved, panelOf, pick, screenOf, serverText, webText } from './support/general';

const suite = e2eSuite();
const CODE = 'general/template-coding-rule';
const LANG = 'en_US';

describe('coding-rule designer', () => {
  it('designs a rule with a live sample, warns about a GS1 header, decodes an EPC', async () => {
    const { page, context, errors } = await signedIn(suite, 'admin', 'admin123', {
      lang: LANG,
      width: 1366,
      height: 900,
      path: `/${CODE}`,
    });
    try {
      const view = screenOf(page, CODE);
      await view.getByTestId('resource-add').click();
      const form = panelOf(page);
      await form.getByTestId('field-code').fill('E2E-CR');
      await form.getByTestId('field-name').fill('E2E rule');
      await form.getByTestId('field-totalLength').fill('96');
      const cell = (i: number, k: string) => form.getByTestId(`coding-domain-${i}-${k}`);

      // three domains: a fixed header (decimal 226 = E2), the goods code, a serial
      for (let i = 0; i < 3; i++) await form.getByTestId('coding-add').click();
      await cell(0, 'name').fill('header');
      await cell(0, 'defaultValue').fill('226');
      await pick(page, cell(1, 'valueType'), enumText('CodingValueType', 3, LANG));
      await cell(1, 'length').fill('44');
      await cell(1, 'defaultValue').fill('6901234000016');
      await pick(page, cell(2, 'valueType'), enumText('CodingValueType', 2, LANG));
      await cell(2, 'length').fill('44');
      await cell(2, 'startValue').fill('1');
      // bits follow the lengths as typed
      await expect.poll(() => cell(2, 'bits').textContent()).toBe('52–95');
      await expect
        .poll(() => form.getByTestId('coding-used').textContent())
        .toBe(webText(LANG, 'codingRule.bitsUsed', { used: 96, total: 96 }));
      const hex = form.getByTestId('coding-sample-hex');
      await expect
        .poll(() => hex.textContent())
        .toBe(`E2${690123400001n.toString(16).toUpperCase().padStart(11, '0')}${'1'.padStart(11, '0')}`);
      await expect.poll(() => form.getByTestId('coding-warnings').count()).toBe(0);

      // header 48 = 0x30: the sample changes and the rule is warned as SGTIN-96's header
      await cell(0, 'defaultValue').fill('48');
      await expect.poll(() => hex.textContent()).toMatch(/^30/);
      await expect
        .poll(() => form.getByTestId('coding-warnings').textContent())
        .toContain(serverText(LANG, 'coding.warn.gs1Header', { header: '30', scheme: 'SGTIN-96' }));

      // decode any EPC: the standard's SGTIN-96 example, then one digit short
      const input = form.getByTestId('coding-decode-input');
      await input.fill('3074257BF7194E4000001A85');
      const decoded = form.getByTestId('coding-decode-result');
      await expect.poll(() => decoded.textContent()).toContain('urn:epc:id:sgtin:0614141.812345.6789');
      expect(await decoded.textContent()).toContain('urn:epc:tag:sgtin-96:3.0614141.812345.6789');
      await input.fill('3074257BF7194E4000001A8');
      await expect.poll(() => form.getByTestId('coding-decode-error').count()).toBe(1);

      // saved despite the warning; the list flags it
      await form.getByTestId('resource-form-save').click();
      await expectSaved(page, form);
      const row = view.locator('.ant-table-row').filter({ hasText: 'E2E-CR' });
      await expect.poll(() => row.getByTestId('coding-row-warning').count()).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
