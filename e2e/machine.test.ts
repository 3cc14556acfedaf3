/**
 * Browser story of the generic state-machine parts on the scheduler: the state as the badge of its
 * enum's tone, the row's links exactly what the machine allows from its state, a confirm naming the
 * row for a dangerous action, the server's message, and a final row's Edit disabled with the reason
 * as its tooltip (in Chinese); the row links reachable on a phone (in English, the longest texts).
 */
import { schedulerResource } from '@tagloom/domain/resources/general/scheduler.ts';
import { describe, expect, it } from 'vitest';
import { e2eSuite, signedIn } from './support/browser';
import { clickInDialog, enumText, lastMessage, rowOf, screenOf, serverText, webText } from './support/general';

const suite = e2eSuite();
const code = 'general/scheduler';
/** a busy machine answers slowly: state changes are waited for, within this */
const WAIT = { timeout: 15_000 };

describe('state machines in the console (scheduler)', () => {
  it('fits the row links on a phone', async () => {
    const { page, context, errors } = await signedIn(suite, 'admin', 'admin123', {
      lang: 'en_US',
      width: 390,
      height: 844,
      path: `/${code}`,
    });
    try {
      await expect.poll(() => screenOf(page, code).locator('.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
      // the actions column is the table's last: scrolled to, its links are there, within the phone's width
      const link = screenOf(page, code).locator('[data-testid^="row-action-"]').first();
      await link.waitFor({ state: 'attached', timeout: 20_000 });
      await link.scrollIntoViewIfNeeded();
      const box = await link.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('offers what the state allows, confirms a stop naming the task, and explains a final row', async () => {
    const lang = 'zh_CN';
    const { page, context, errors } = await signedIn(suite, 'admin', 'admin123', { lang, path: `/${code}` });
    try {
      const name = webText(lang, `shipped.${code}.purgeOldLogs.name`);
      const row = rowOf(page, code, name);
      await row.waitFor({ timeout: 20_000 });
      const state = () => row.locator('.resource-status').textContent();
      const links = () => row.locator('[data-testid^="row-action-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
      expect(await state()).toBe(enumText('SchedulerState', 1, lang));
      expect(await links()).toEqual(['row-action-pause', 'row-action-stop']);

      await row.getByTestId('row-action-pause').click();
      await expect.poll(state, WAIT).toBe(enumText('SchedulerState', 2, lang));
      await expect.poll(() => lastMessage(page), WAIT).toContain(serverText(lang, 'scheduler.done.pause'));
      await expect.poll(links, WAIT).toEqual(['row-action-recover', 'row-action-stop']);

      await row.getByTestId('row-action-stop').click();
      const dialog = page.locator('.ant-modal-confirm').filter({ visible: true });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(webText(lang, 'scheduler.confirm.stop', { name }));
      await clickInDialog(page.getByTestId('machine-confirm-ok'));
      await expect.poll(state, WAIT).toBe(enumText('SchedulerState', 3, lang));
      await expect.poll(links, WAIT).toEqual([]);

      // a stopped task is final: Edit is disabled and says why; Delete stays (a stopped task may be cleared away)
      const edit = row.getByTestId('row-edit');
      expect(await edit.isDisabled()).toBe(true);
      expect(await row.getByTestId('row-delete').isDisabled()).toBe(false);
      await edit.hover({ force: true });
      const tip = page.locator('.ant-tooltip').filter({ visible: true }).last();
      const reason = webText(lang, 'machine.final.edit', {
        state: enumText('SchedulerState', 3, lang),
        what: schedulerResource.names[lang],
      });
      await expect.poll(() => tip.textContent(), WAIT).toBe(reason);
      // chosen in the table, the toolbar's Edit is off for the same reason; its Delete stays on
      await page.mouse.move(0, 0);
      await row.locator('.ant-checkbox-input').check();
      const screen = screenOf(page, code);
      await expect.poll(() => screen.getByTestId('resource-edit').isDisabled(), WAIT).toBe(true);
      expect(await screen.getByTestId('resource-delete').isDisabled()).toBe(false);
      await screen.getByTestId('resource-edit').hover({ force: true });
      await expect.poll(() => page.locator('.ant-tooltip').filter({ visible: true }).last().textContent(), WAIT).toBe(reason);
      await row.locator('.ant-checkbox-input').uncheck();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
