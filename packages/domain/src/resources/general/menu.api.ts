// The menu screen's own bodies (general/menu): a menu's field rules come from its declaration
// (menu.ts); a field left out stays out (on create the parent's terminal and side are inherited, on
// update the value is kept). Its screens' buttons and data items are saved in the screen's drawer.
import { z } from 'zod';
import { fieldRules } from '../../resource/schemas.js';
import { blankToUndefined, flag, id, int, optionalId } from '../../schemas/common.js';
import { MENU_NAME_MAX, menuResource } from './menu.js';

const text = (max: number) => z.string().trim().max(max);
const required = (max: number) => z.string().trim().min(1).max(max);

/** A name in the three languages: Simplified Chinese required, the others fall back to it. */
const names = z.object({ zh_CN: required(MENU_NAME_MAX), zh_TW: text(MENU_NAME_MAX).default(''), en_US: text(MENU_NAME_MAX).default('') });

const menuRules = fieldRules(menuResource, [
  'code',
  'alias',
  'component',
  'path',
  'terminal',
  'side',
  'hidden',
  'seq',
  'icon',
  'status',
] as const);
const { code: menuCode, ...menuOptional } = menuRules;
const menuShape = Object.fromEntries(Object.entries(menuOptional).map(([k, s]) => [k, s.optional()])) as {
  [K in keyof typeof menuOptional]: z.ZodOptional<(typeof menuOptional)[K]>;
};

export interface MenuFields {
  names: { zh_CN: string; zh_TW: string; en_US: string };
  code: string;
  alias?: string;
  component?: string;
  path?: string;
  terminal?: string;
  side?: string;
  hidden?: number;
  seq?: number;
  icon?: string;
  status?: number;
}
export type MenuCreate = MenuFields & { parentId?: number | null };
export const menuCreate = z.object({
  parentId: z.preprocess(blankToUndefined, id().nullable().optional()),
  code: menuCode,
  names,
  ...menuShape,
}) as unknown as z.ZodType<MenuCreate>;
export type MenuUpdate = Partial<MenuFields> & { id: number };
export const menuUpdate = z.object({
  id: id(),
  code: menuCode.optional(),
  names: names.optional(),
  ...menuShape,
}) as unknown as z.ZodType<MenuUpdate>;

export const menuButtonSave = z.object({
  menuId: id(),
  id: optionalId(),
  code: required(32).regex(/^[A-Za-z][A-Za-z0-9]*$/, { message: 'validation.codeChars' }),
  names,
  alias: text(64).optional(),
  seq: int(0, 100000).optional(),
  status: flag().optional(),
});
export type MenuButtonSave = z.infer<typeof menuButtonSave>;

export const menuDataItemSave = z.object({
  menuId: id(),
  id: optionalId(),
  code: required(64).regex(/^[A-Za-z][A-Za-z0-9_]*$/, { message: 'validation.codeChars' }),
  name: required(64),
  visible: flag().optional(),
  seq: int(0, 100000).optional(),
});
export type MenuDataItemSave = z.infer<typeof menuDataItemSave>;
