/**
 * The parts of @tagloom/domain the console uses, imported file by file: the package index also
 * pulls in the zod schemas, which would otherwise land in the /login bundle.
 */
export * from '@tagloom/domain/codes.ts';
export * from '@tagloom/domain/constants.ts';
export * from '@tagloom/domain/lang.ts';
export type { MenuItem } from '@tagloom/domain/schemas/menu.ts';

/** menuType values (mirrors MENU_TYPE of schemas/menu.ts, which imports zod). */
export const MENU_TYPE = { MODULE: 1, GROUP: 2, SCREEN: 3 } as const;
