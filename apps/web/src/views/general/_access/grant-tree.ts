/** The server's menu grant tree and grants ([{menuId, actions}]), shared by the tenant and role screens (see grant-grid.ts). */

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
/** A grantable screen: a leaf of the tree, or a node offering buttons. */
export const isScreen = (n: GrantNode) => n.children.length === 0 || n.buttons.length > 0;

function walk(nodes: GrantNode[], fn: (n: GrantNode) => void) {
  for (const n of nodes) {
    fn(n);
    walk(n.children, fn);
  }
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
