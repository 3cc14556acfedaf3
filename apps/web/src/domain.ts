/**
 * The parts of @tagloom/domain the console uses, imported file by file: the package index also
 * pulls in the zod schemas (resource/schemas.ts, schemas/*), which only form screens should load.
 */
export * from '@tagloom/domain/codes.ts';
export * from '@tagloom/domain/constants.ts';
export * from '@tagloom/domain/lang.ts';
export { MENU_TYPE, type MenuItem } from '@tagloom/domain/menu/item.ts';
