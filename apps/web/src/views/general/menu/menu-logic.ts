/** Pure helpers of the menu screen: tree rows, names by language, what a level may do, form ⇄ wire. */
import type { Lang } from '@tagloom/domain/lang.ts';
import { MENU_NAME_MAX, menuResource } from '@tagloom/domain/resources/general/menu.ts';
import type { Field } from '../../../components/resource/types';

export type L10nNames = { zh_CN: string; zh_TW: string; en_US: string };

export interface MenuNode {
  id: number;
  parentId: number | null;
  level: number;
  code: string;
  names: L10nNames;
  alias: string;
  component: string;
  path: string;
  icon: string;
  seq: number;
  hidden: number;
  terminal: string;
  side: string;
  status: number;
  buttonCount?: number;
  children?: MenuNode[];
}

/** A menu's name in `lang`, falling back to Simplified Chinese, then the code. */
export const nameOf = (names: Partial<L10nNames> | undefined, lang: Lang, fallback = ''): string =>
  names?.[lang] || names?.zh_CN || fallback;

/** Tree rows for an antd tree table: sorted by sequence, leaves without an empty `children` (no expander). */
export function toTreeRows(nodes: MenuNode[]): MenuNode[] {
  return [...nodes]
    .sort((a, b) => a.seq - b.seq || a.id - b.id)
    .map((n) => {
      const { children, ...rest } = n;
      return children?.length ? { ...rest, children: toTreeRows(children) } : rest;
    });
}

/** Ids of rows that have children (to expand the whole tree). */
export function parentIds(nodes: MenuNode[]): number[] {
  return nodes.flatMap((n) => (n.children?.length ? [n.id, ...parentIds(n.children)] : []));
}

/** Finds a node by id anywhere in the tree. */
export function findNode(nodes: MenuNode[], id: number): MenuNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = n.children && findNode(n.children, id);
    if (hit) return hit;
  }
  return undefined;
}

/** A field of the menu's one declaration (resources/general/menu.ts): the server's bodies take their rules from it too. */
export const menuField = (key: string): Field => {
  const f = menuResource.list.find((x) => x.key === key);
  if (!f) throw new Error(`general/menu declares no field ${key}`);
  return f;
};

/** A menu code as the server takes it: the declaration's pattern. */
export const MENU_CODE_PATTERN = new RegExp(menuField('code').pattern!.source);

/** Form rules of a menu field, from its declaration: required, at most `max` characters, the pattern. */
export function menuFieldRules(key: string, messages: { required: string; pattern?: string }) {
  const f = menuField(key);
  const rules: { required?: boolean; whitespace?: boolean; message?: string; max?: number; pattern?: RegExp }[] = [];
  if (f.required) rules.push({ required: true, whitespace: true, message: messages.required });
  if (f.max !== undefined && (f.kind === 'text' || f.kind === 'textarea')) rules.push({ max: f.max });
  if (f.pattern) rules.push({ pattern: new RegExp(f.pattern.source), message: messages.pattern });
  return rules;
}

/** Rules of a menu's name in one language: Simplified Chinese required, each at most MENU_NAME_MAX characters. */
export const menuNameRules = (lang: Lang, required: string) =>
  lang === 'zh_CN' ? [{ required: true, whitespace: true, message: required }, { max: MENU_NAME_MAX }] : [{ max: MENU_NAME_MAX }];

/** Modules and groups take sub-menus; screens (level 3) have buttons and data items. */
export const canHaveChildren = (level: number) => level < 3;
export const isScreen = (level: number) => level === 3;

export interface MenuFormValues {
  names: L10nNames;
  alias?: string;
  code: string;
  terminal?: string;
  hidden?: boolean;
  path?: string;
  component?: string;
  icon?: string;
  seq?: number | null;
}

/** Form values of an existing menu. */
export const toFormValues = (n: MenuNode): MenuFormValues => ({
  names: { zh_CN: n.names.zh_CN ?? '', zh_TW: n.names.zh_TW ?? '', en_US: n.names.en_US ?? '' },
  alias: n.alias,
  code: n.code,
  terminal: n.terminal || 'web',
  hidden: n.hidden !== 0,
  path: n.path,
  component: n.component,
  icon: n.icon,
  seq: n.seq,
});

/** Wire body for create/update: visible switch → hidden flag (1 shown, 0 hidden); component only on screens. */
export function toWire(v: MenuFormValues, level: number): Record<string, unknown> {
  const s = (x: unknown) => (typeof x === 'string' ? x.trim() : '');
  return {
    names: { zh_CN: s(v.names?.zh_CN), zh_TW: s(v.names?.zh_TW), en_US: s(v.names?.en_US) },
    alias: s(v.alias),
    code: s(v.code),
    terminal: v.terminal || 'web',
    hidden: v.hidden === false ? 0 : 1,
    path: s(v.path),
    component: isScreen(level) ? s(v.component) : '',
    icon: s(v.icon),
    seq: v.seq ?? 0,
  };
}

/** Whether an icon name matches the picker's search (case, spaces and dashes ignored: "shopping cart" finds ShoppingCartOutlined). */
export function iconMatches(name: string, query: string): boolean {
  const fold = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, '');
  const q = fold(query);
  return !q || fold(name).includes(q);
}

/** The component to show for a menu: a screen's own (when it differs from its path); modules' and groups' frames are not shown. */
export function shownComponent(n: { level: number; component: string; path: string }): string | undefined {
  if (!isScreen(n.level) || !n.component) return undefined;
  return n.component !== n.path.replace(/^\//, '') ? n.component : undefined;
}
