/**
 * Integration keys (issue 33): the tenant administrator makes a key for a partner's EPCIS system —
 * its secret shown once, in a dialog to copy, and working at once against /api/epcis —, gives it a
 * new secret (the old one stops), and revokes it.
 */

import type { Lang } from '@tagloom/domain';
import { INTEGRATION_KEY_STATUS, integrationKeyEnums } from '@tagloom/domain/resources/tenant/people/integration-key.ts';
import { describe, expect, it } from 'vitest';
import { e2eSuite, keptSignedIn } from './support/browser';
import { clickInDialog, panelOf, pickRef, rowAction, rowOf, save, screenOf, webText } from './support/general';

const suite = e2eSuite();

describe('integration keys', () => {
  it('demo makes a key, copies its secret once, calls the EPCIS interface with it, replaces and revokes it', async () => {
    const lang: Lang = 'en_US';
    const code = 'tenant/integration-key';
    const { page } = await keptSignedIn(suite, 'demo', 'demo123', { lang, path: `/${code}` });
    const s = screenOf(page, code);
    await s.getByTestId('integration-key-hint').waitFor();
    await s.getByTestId('resource-add').click();
    const form = panelOf(page);
    await form.waitFor();
    await page.getByTestId('field-name').fill('FA01 EPCIS');
    await pickRef(page, page.getByTestId('field-userId'), 'wh01');
    await save(page, form);
    const secret = page.getByTestId('integration-key-secret');
    await expect.poll(() => secret.textContent(), { timeout: 15_000 }).toMatch(/^tlk_[A-Za-z0-9_-]{43}$/);
    const key = (await secret.textContent())!;
    await clickInDialog(page.getByTestId('integration-key-done'));
    await secret.waitFor({ state: 'hidden' });
    const row = rowOf(page, code, 'FA01 EPCIS').first();
    await expect.poll(() => row.textContent()).toContain(key.slice(0, 10));
    // the key works at once, and answers as the EPCIS binding does
    const call = (k: string) =>
      page.evaluate(async (bearer) => {
        const r = await fetch('/api/epcis/events?perPage=1', { headers: { authorization: `Bearer ${bearer}` } });
        return { status: r.status, type: String((await r.json()).type ?? '') };
      }, k);
    expect(await call(key)).toEqual({ status: 200, type: 'EPCISQueryDocument' });
    // a new secret: the old one stops
    await row.getByTestId('integration-key-rotate').click();
    await clickInDialog(page.locator('.ant-modal-confirm .ant-btn-primary'));
    await expect.poll(() => secret.textContent(), { timeout: 15_000 }).toMatch(/^tlk_/);
    const rotated = (await secret.textContent())!;
    expect(rotated).not.toBe(key);
    await clickInDialog(page.getByTestId('integration-key-done'));
    expect((await call(key)).status).toBe(401);
    expect((await call(rotated)).status).toBe(200);
    // revoked: for good
    await rowAction(page, row, 'revoke');
    await clickInDialog(page.locator('.ant-modal-confirm .ant-btn-dangerous'));
    const revoked = integrationKeyEnums.IntegrationKeyStatus.find((o) => o.value === INTEGRATION_KEY_STATUS.REVOKED)!.label[lang];
    await expect.poll(() => row.textContent()).toContain(revoked);
    expect((await call(rotated)).status).toBe(401);
    expect(webText(lang, 'integrationKey.rotate')).toBe('New key');
  });
});
