/** Menu grant tree ↔ grants ([{menuId, actions}]) conversion, shared by the tenant and role screens. */

export interface L10nNames {
  zh_CN: string;
  zh_TW: string;
  en_US: string;
}
export interface GrantNode {
  id: number;
  code: string;
  level: number;
  names: L10nNames;
  terminal: string;
  side: string;
  buttons: { code: string; names: L10nNames }[];
  granted: string[];
  children: GrantNode[];
}
export interface Grant {
  menuId: number;
  actions: string[];
}
export interface TreeItem {
  key: string;
  title: string;
  isButton?: boolean;
  children?: TreeItem[];
}

export const menuKey = (id: number) => `m:${id}`;
export const buttonKey = (id: number, code: string) => `b:${id}:${code}`;

/** A grantable screen: a leaf of the tree, or a node offering buttons. */
export const isScreen = (n: GrantNode) => n.children.length === 0 || n.buttons.length > 0;

/** antd Tree data: menus with their buttons as leaf children. */
export function toTreeData(nodes: GrantNode[], lang: keyof L10nNames): TreeItem[] {
  return nodes.map((n) => ({
    key: menuKey(n.id),
    title: n.names[lang] || n.names.zh_CN || n.code,
    children: [
      ...n.buttons.map((b) => ({ key: buttonKey(n.id, b.code), title: b.names[lang] || b.names.zh_CN || b.code, isButton: true })),
      ...toTreeData(n.children, lang),
    ],
  }));
}

function walk(nodes: GrantNode[], fn: (n: GrantNode) => void) {
  for (const n of nodes) {
    fn(n);
    walk(n.children, fn);
  }
}

/** Checked keys from grants: a screen without buttons by its own key, otherwise by its granted buttons. */
export function grantsToKeys(nodes: GrantNode[], grants: Grant[]): string[] {
  const byMenu = new Map(grants.map((g) => [g.menuId, g.actions]));
  const keys: string[] = [];
  walk(nodes, (n) => {
    const actions = byMenu.get(n.id);
    if (!actions || !isScreen(n)) return;
    const offered = n.buttons.filter((b) => actions.includes(b.code));
    if (n.buttons.length === 0) keys.push(menuKey(n.id));
    else for (const b of offered) keys.push(buttonKey(n.id, b.code));
  });
  return keys;
}

/** The grants in a tree as returned by the server (each node's `granted`, for screens granted at all). */
export function grantsOfTree(nodes: GrantNode[], grantedIds?: Set<number>): Grant[] {
  const out: Grant[] = [];
  walk(nodes, (n) => {
    if (!isScreen(n)) return;
    if (n.granted.length || grantedIds?.has(n.id)) out.push({ menuId: n.id, actions: [...n.granted] });
  });
  return out;
}

/**
 * Grants from the tree's checked and half-checked keys: a screen is granted when its key is checked or
 * half-checked (some of its buttons ticked), with the ticked buttons as actions. Groups are not grants.
 */
export function keysToGrants(nodes: GrantNode[], checked: string[], halfChecked: string[] = []): Grant[] {
  const on = new Set([...checked, ...halfChecked]);
  const out: Grant[] = [];
  walk(nodes, (n) => {
    if (!isScreen(n)) return;
    const actions = n.buttons.filter((b) => on.has(buttonKey(n.id, b.code))).map((b) => b.code);
    if (on.has(menuKey(n.id)) || actions.length) out.push({ menuId: n.id, actions });
  });
  return out;
}

/** Every key of the tree (for expand-all). */
export function allKeys(items: TreeItem[]): string[] {
  return items.flatMap((i) => [i.key, ...allKeys(i.children ?? [])]);
}

/** Role ids per terminal from a form value: the JSON text or object of role refs/ids the list row carries. */
export function roleIdsOf(value: unknown): Record<string, number[]> {
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return {};
    }
  }
  if (!v || typeof v !== 'object') return {};
  const out: Record<string, number[]> = {};
  for (const [terminal, list] of Object.entries(v as Record<string, unknown>)) {
    if (!Array.isArray(list)) continue;
    out[terminal] = list
      .map((r) => (typeof r === 'number' ? r : Number((r as { id?: unknown })?.id)))
      .filter((n) => Number.isInteger(n) && n > 0);
  }
  return out;
}
