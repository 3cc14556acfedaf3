/**
 * Browser story of a screen added in its module alone (rfid/scene: a declaration, its menu entry,
 * its table): it is in the menu and opens as the generic page with its seeded rows and declared columns.
 */
import { sceneResource } from '@tagloom/domain/resources/rfid/scene.ts';
import { describe, expect, it } from 'vitest';
import { e2eSuite, signedIn } from './support/browser';
import { openFromMenu, screenOf, tableText } from './support/general';

const suite = e2eSuite();
const code = 'rfid/scene';

describe('a screen added in its module alone', () => {
  it('is in the menu and opens as the generic page with its rows and buttons', async () => {
    const { page, context, errors } = await signedIn(suite, 'demo', 'demo123', { lang: 'zh_CN' });
    try {
      // through the menu: the story is that the module's own declaration put it there
      await openFromMenu(page, code, 'zh_CN');
      const screen = screenOf(page, code);
      await screen.locator('.ant-table-row').first().waitFor({ timeout: 20_000 });
      expect(await tableText(page, code)).toContain('RECEIVE');
      const header = (await screen.locator('.ant-table-thead').first().textContent()) ?? '';
      expect(header).toContain(sceneResource.fields.sceneName.label.zh_CN);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
