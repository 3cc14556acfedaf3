/**
 * Defective products and label reprints at the warehouse, as WH01's keeper works them: a defect
 * recorded by its EPC alone (the server names its SKU), offered only real dispositions (never
 * pending), then scrapped (final: no edit); a reprint printed from the list (the ZPL file, the row Printed).
 */
import type { Lang } from '@tagloom/domain';
import { DEFECT_DISPOSITION, DEFECT_STATUS } from '@tagloom/domain/resources/logistics/defective.ts';
import { RETAG_STATUS } from '@tagloom/domain/resources/store/supplementary-bid.ts';
import { describe, expect, it } from 'vitest';
import { e2eSuite, keptSignedIn, tokenOf, withConsoleErrors } from './support/browser';
import { apiPost, clickInDialog, downloadOf, enumText, panelOf, pick, rowAction, rowOf, save, screenOf } from './support/general';

const suite = e2eSuite();
const DEFECTS = 'logistics/defective';
const REPRINT = 'logistics/label-reprint';

describe('defects and label reprints at WH01', () => {
  it('wh01 records a defect by its EPC, is offered only real dispositions, and scraps it', async () => {
    const lang: Lang = 'zh_CN';
    const { page, context, errors } = await keptSignedIn(suite, 'wh01', 'demo1234', { lang, path: `/${DEFECTS}` });
    try {
      const token = await tokenOf(context);
      // a piece of a disposed defect found defective again: its EPC alone names it
      const disposed = await apiPost(page, token, `/api/${DEFECTS}/list`, { page: 1, pageSize: 100, status: DEFECT_STATUS.DISPOSED });
      const piece = (disposed.data.list as { epc: string; skuId: number }[]).find((r) => r.epc)!;
      expect(piece.epc).toMatch(/^[0-9A-F]{24}$/);
      const s = screenOf(page, DEFECTS);
      await s.getByTestId('resource-add').click();
      const form = panelOf(page);
      await form.waitFor();
      await pick(page, page.getByTestId('field-source'), enumText('DefectSource', 2, lang));
      await page.getByTestId('field-epc').fill(piece.epc);
      await pick(page, page.getByTestId('field-reason'), enumText('DefectReason', 1, lang));
      await save(page, form);
      await form.waitFor({ state: 'hidden' });
      const open = await apiPost(page, token, `/api/${DEFECTS}/list`, { page: 1, pageSize: 5, epc: piece.epc, status: DEFECT_STATUS.NEW });
      const made = open.data.list[0] as { code: string; skuId: number };
      expect(made.skuId).toBe(piece.skuId);
      const row = rowOf(page, DEFECTS, made.code);
      await expect.poll(() => row.textContent()).toContain(enumText('DefectDisposition', DEFECT_DISPOSITION.PENDING, lang));

      // dispose: pending is refused on its field, scrap is taken
      await rowAction(page, row, 'dispose');
      const dialog = page.locator('.ant-modal-confirm').filter({ visible: true });
      // nothing chosen: refused on its field; the dialog offers what a disposal is, never the pending it starts from
      await clickInDialog(page.getByTestId('machine-confirm-ok'));
      await expect
        .poll(async () => (await page.locator('.ant-modal-confirm .ant-form-item-explain-error').allTextContents()).join(' | '))
        .not.toBe('');
      await dialog.getByTestId('field-disposition').click();
      const offered = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
      await expect.poll(() => offered.count()).toBe(4);
      expect(await offered.allTextContents()).not.toContain(enumText('DefectDisposition', DEFECT_DISPOSITION.PENDING, lang));
      await pick(page, dialog.getByTestId('field-disposition'), enumText('DefectDisposition', DEFECT_DISPOSITION.SCRAP, lang));
      await clickInDialog(page.getByTestId('machine-confirm-ok'));
      await expect.poll(() => row.textContent()).toContain(enumText('DefectDisposition', DEFECT_DISPOSITION.SCRAP, lang));
      // final: its edit and delete are off, no disposal offered
      await expect.poll(() => row.getByTestId('row-action-dispose').count()).toBe(0);
      // the refused disposal's 400 is the browser's note of the answer, not a fault
      expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
    } catch (err) {
      throw withConsoleErrors(err, errors);
    }
  });

  it('wh01 prints a reprint of its warehouse: the ZPL file under a print task, the row Printed', async () => {
    const lang: Lang = 'en_US';
    const { page, errors } = await keptSignedIn(suite, 'wh01', 'demo1234', { lang, path: `/${REPRINT}` });
    try {
      const s = screenOf(page, REPRINT);
      const row = s
        .locator('.ant-table-row')
        .filter({ hasText: enumText('RetagStatus', RETAG_STATUS.NEW, lang) })
        .first();
      await row.waitFor();
      const code =
        (await row
          .locator('td')
          .filter({ hasText: /^RT\d{12}$/ })
          .first()
          .textContent()) ?? '';
      expect(code).toMatch(/^RT\d{12}$/);
      await row.locator('.ant-checkbox-input').check();
      const file = await downloadOf(page, () => s.getByTestId('retag-print').click());
      expect(file).toMatch(/^RP\d{12}\.zpl$/);
      const printed = rowOf(page, REPRINT, code);
      await expect.poll(() => printed.textContent()).toContain(enumText('RetagStatus', RETAG_STATUS.PRINTED, lang));
      expect(errors).toEqual([]);
    } catch (err) {
      throw withConsoleErrors(err, errors);
    }
  });
});
