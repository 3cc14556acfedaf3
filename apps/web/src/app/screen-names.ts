/** The localized names of screens (by screens.md code) and operation buttons, for logs and dashboards. */
import type { Lang } from '@tagloom/domain/lang.ts';
import { ACTIONS } from '@tagloom/domain/menu/actions.ts';
import { MENU_TREE } from '@tagloom/domain/menu/tree.ts';

const SCREEN_NAMES: Record<string, Record<Lang, string>> = Object.fromEntries(
  MENU_TREE.flatMap((m) => m.groups.flatMap((g) => g.screens.map((s) => [s.component, s.names]))),
);

export const screenName = (code: string, lang: Lang): string | undefined => SCREEN_NAMES[code]?.[lang];
export const actionName = (code: string, lang: Lang): string => ACTIONS[code as keyof typeof ACTIONS]?.[lang] ?? code;

/**
 * Operations outside any screen (the account's own calls: password, language, menus) by their API
 * path: the key of their name under dashboard.api. Unknown paths have none (shown as an account operation).
 */
const ACCOUNT_CALLS: Record<string, string> = {
  '/api/user/updatePassword': 'updatePassword',
  '/api/menu/selectMenuByCurrentUserId': 'loadMenus',
  '/api/user/convertCurrLoginI18n': 'switchLanguage',
  '/api/user/logout': 'logout',
  '/api/user/login': 'login',
};
export const accountCall = (url: string): string | undefined => ACCOUNT_CALLS[url.split('?')[0]];
