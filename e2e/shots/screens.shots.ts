/**
 * Screenshots for a person to look through: every screen of the menu in the three languages at 1366
 * and 390 px, and its add form where it has one, written to test-output/shots/<lang>-<width>/ with an
 * index page (test-output/shots/index.html) that sets each screen's six pictures side by side.
 * Nothing is compared: the stories of `npm test` assert behaviour; these are for looking at.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Lang } from '@tagloom/domain/lang.ts';
import { afterAll, it } from 'vitest';
import { e2eSuite, signedIn } from '../support/browser';
import { screenOf } from '../support/general';
import { LANGS, MENU_SCREENS, openScreen } from '../support/screens';
import { ROOT } from '../support/server';

const SHOTS = path.join(ROOT, 'test-output', 'shots');
const WIDTHS = [1366, 390];
const suite = e2eSuite();
const taken: { code: string; variant: string; file: string }[] = [];
const fileOf = (code: string, variant: string) => `${code.replace(/\//g, '__')}${variant ? `--${variant}` : ''}.png`;

for (const lang of LANGS) {
  for (const width of WIDTHS) {
    it(`every screen in ${lang} at ${width} px`, async () => {
      const dir = path.join(SHOTS, `${lang}-${width}`);
      mkdirSync(dir, { recursive: true });
      for (const account of new Set(MENU_SCREENS.map((s) => s.account))) {
        const { page, context } = await signedIn(suite, account.username, account.password, {
          lang,
          width,
          height: width > 800 ? 768 : 844,
        });
        for (const s of MENU_SCREENS.filter((x) => x.account === account)) {
          await openScreen(page, s.code);
          await still(page);
          await page.screenshot({ path: path.join(dir, fileOf(s.code, '')) });
          taken.push({ code: s.code, variant: `${lang}-${width}`, file: `${lang}-${width}/${fileOf(s.code, '')}` });
          const add = screenOf(page, s.code).getByTestId('resource-add');
          if ((await add.count()) && (await add.first().isEnabled())) {
            await add.first().click();
            const panel = page
              .locator('.resource-form-panel .ant-modal, .resource-form-panel .ant-drawer-section')
              .filter({ visible: true });
            await panel.first().waitFor();
            await still(page);
            await page.screenshot({ path: path.join(dir, fileOf(s.code, 'add')) });
            taken.push({ code: `${s.code} (add)`, variant: `${lang}-${width}`, file: `${lang}-${width}/${fileOf(s.code, 'add')}` });
            // the next screen starts on a fresh page, not under this form
            await page.goto('/');
            await page.getByTestId('navbar').waitFor();
          }
        }
        await context.close();
      }
    });
  }
}

/** Fonts loaded, animations ended, every chart on show drawn. */
async function still(page: import('playwright-core').Page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-chart]:not([data-drawn])')].every((el) => !el.checkVisibility() || !el.clientWidth),
  );
  await page.evaluate(async () => {
    await document.fonts.ready;
    const ending = document
      .getAnimations()
      .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
  });
}

afterAll(() => {
  const variants = LANGS.flatMap((l) => WIDTHS.map((w) => `${l}-${w}`));
  const codes = [...new Set(taken.map((t) => t.code))];
  const cell = (code: string, v: string) => {
    const t = taken.find((x) => x.code === code && x.variant === v);
    return t
      ? `<td><a href="${t.file}"><img loading="lazy" src="${t.file}" width="${v.endsWith('390') ? 120 : 300}"></a></td>`
      : '<td></td>';
  };
  const rows = codes.map((c) => `<tr><th>${c}</th>${variants.map((v) => cell(c, v)).join('')}</tr>`).join('\n');
  writeFileSync(
    path.join(SHOTS, 'index.html'),
    `<!doctype html><meta charset="utf-8"><title>TagLoom screens</title>
<style>body{font:13px sans-serif}th{text-align:left;vertical-align:top;position:sticky;left:0;background:#fff}td{vertical-align:top}img{border:1px solid #ddd}</style>
<table><tr><th></th>${variants.map((v) => `<th>${v}</th>`).join('')}</tr>
${rows}
</table>`,
  );
  console.log(`${taken.length} screenshots: ${path.join(SHOTS, 'index.html')}`);
});
