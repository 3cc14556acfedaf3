/**
 * The tenant, user, role and menu screens on the generic resource path, as the platform admin (zh_TW):
 * each lists its rows (the tenant's group, the user's tenant, the role's flags come from the server's
 * decorate hooks), and the menu form takes its labels from the menu's one declaration.
 */
import type { Lang } from '@tagloom/domain/lang.ts';
import { menuResource } from '@tagloom/domain/resources/general/menu.ts';
import { describe, expect, it } from 'vitest';
import { e2eSuite, signedIn } from './support/browser';
import { screenOf, tableText } from './support/general';
import { openScreen } from './support/screens';

const suite = e2eSuite();
const SCREENS = ['general/tenant', 'general/user', 'general/role'] as const;
/** a seeded row each list shows */
const SEEN = { 'general/tenant': 'DEMO', 'general/user': 'auditor', 'general/role': 'SUPER_ADMIN' };

describe('tenant, user, role and menu screens', () => {
  it('lists tenants, users, roles and the menu tree; the menu form is the declaration’s (zh_TW)', async () => {
    const lang: Lang = 'zh_TW';
    const { page, context, errors } = await signedIn(suite, 'admin', 'admin123', { lang });
    try {
      for (const code of SCREENS) {
        await openScreen(page, code);
        await expect.poll(() => tableText(page, code), { timeout: 15_000 }).toContain(SEEN[code]);
      }
      await openScreen(page, 'general/menu');
      const menu = screenOf(page, 'general/menu');
      await menu.getByTestId('menu-tree').waitFor();
      await menu.getByTestId('menu-add').click();
      const form = page.getByTestId('menu-form');
      await form.waitFor();
      for (const key of ['code', 'alias', 'path', 'icon'])
        await expect.poll(() => form.textContent()).toContain(menuResource.fields[key as 'code'].label[lang]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
