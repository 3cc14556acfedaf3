/**
 * The tenant, user, role and menu screens on the generic resource path, as the platform admin, in
 * the three languages at 1366 and 390 px: each lists its rows (the tenant's group, the user's
 * tenant, the role's flags come from the server's decorate hooks), and the menu form takes its
 * labels from the menu's one declaration. Screenshots crud-<screen>-<lang>-<width>.png.
 */
import { LANGS } from '@tagloom/domain/lang.ts';
import { menuResource } from '@tagloom/domain/resources/general/menu.ts';
import { describe, expect, it } from 'vitest';
import { e2eSuite, login, newSession, shot } from './support/browser';
import { screenOf, tableText } from './support/general';

const suite = e2eSuite();
const SCREENS = ['general/tenant', 'general/user', 'general/role'] as const;
/** a seeded row each list shows */
const SEEN = { 'general/tenant': 'DEMO', 'general/user': 'auditor', 'general/role': 'SUPER_ADMIN' };

describe('tenant, user, role and menu screens', () => {
  for (const lang of LANGS)
    for (const width of [1366, 390]) {
      it(`${lang} at ${width} px: lists tenants, users, roles and the menu tree; the menu form is the declaration's`, async () => {
        const { page, context, errors } = await newSession(suite.browser, suite.server.url, { lang, width, height: 800 });
        try {
          await login(page, 'admin', 'admin123');
          for (const code of SCREENS) {
            await page.goto(`/${code}`);
            await expect.poll(() => tableText(page, code), { timeout: 15_000 }).toContain(SEEN[code]);
            await shot(page, `crud-${code.split('/')[1]}-${lang}-${width}`);
          }
          await page.goto('/general/menu');
          const menu = screenOf(page, 'general/menu');
          await menu.getByTestId('menu-tree').waitFor();
          await shot(page, `crud-menu-${lang}-${width}`);
          await menu.getByTestId('menu-add').click();
          const form = page.getByTestId('menu-form');
          await form.waitFor();
          for (const key of ['code', 'alias', 'path', 'icon'])
            await expect.poll(() => form.textContent()).toContain(menuResource.fields[key as 'code'].label[lang]);
          await shot(page, `crud-menu-form-${lang}-${width}`);
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
});
