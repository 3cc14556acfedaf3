/**
 * Browser story of a screen added in its module alone (rfid/scene: a declaration, its menu entry,
 * its table): it is in the menu, opens as the generic page with its seeded rows and declared
 * buttons, in three languages, desktop (1366) and mobile (390); screenshots modules-*.png.
 */
import { LANGS } from '@tagloom/domain/lang.ts';
import { sceneResource } from '@tagloom/domain/resources/rfid/scene.ts';
import { describe, expect, it } from 'vitest';
import { e2eSuite, login, newSession, shot } from './support/browser';
import { openFromMenu, screenOf, tableText } from './support/general';

const suite = e2eSuite();
const code = 'rfid/scene';

describe('a screen added in its module alone', () => {
  it('is in the menu and opens as the generic page with its rows and buttons', { timeout: 300_000 }, async () => {
    for (const lang of LANGS) {
      for (const width of [1366, 390]) {
        const { page, context, errors } = await newSession(suite.browser, suite.server.url, { lang, width, height: 800 });
        try {
          await login(page, 'demo', 'demo123');
          if (width === 1366) await openFromMenu(page, code, lang);
          else await page.goto(`/${code}`);
          const screen = screenOf(page, code);
          await screen.locator('.ant-table-row').first().waitFor({ timeout: 20_000 });
          expect(await tableText(page, code)).toContain('RECEIVE');
          const header = (await screen.locator('.ant-table-thead').first().textContent()) ?? '';
          expect(header).toContain(sceneResource.fields.sceneName.label[lang]);
          await shot(page, `modules-scene-${lang}-${width}`);
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      }
    }
  });
});
