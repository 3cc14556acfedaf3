// Menu grants shared by the tenant and role screens: what may be granted, checked, and shown as a tree.
import { isPlatformScreen, type L10n, type MenuGrant } from '@tagloom/domain';
import { asc } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.js';
import type { Tx } from '../../../db/client.js';
import { menuButtons, menus } from '../../../db/schema/index.js';

export interface GrantNode {
  id: number;
  code: string;
  level: number;
  names: L10n;
  terminal: string;
  side: string;
  /** level 3: the screen's buttons that may be granted here */
  buttons: { code: string; names: L10n }[];
  /** level 3: the buttons currently granted */
  granted: string[];
  children: GrantNode[];
}

export interface Screen {
  id: number;
  code: string;
  component: string;
  names: L10n;
  terminal: string;
  side: string;
  buttons: Map<string, L10n>;
}

/** Every menu, and the screens (level 3) with their buttons. */
export async function loadMenus(db: Tx) {
  const rows = await db.select().from(menus).orderBy(asc(menus.level), asc(menus.seq), asc(menus.id));
  const buttons = await db.select().from(menuButtons).orderBy(asc(menuButtons.seq), asc(menuButtons.id));
  const screens = new Map<number, Screen>();
  for (const r of rows) {
    if (r.level === 3)
      screens.set(r.id, {
        id: r.id,
        code: r.code,
        component: r.component,
        names: r.names,
        terminal: r.terminal,
        side: r.side,
        buttons: new Map(),
      });
  }
  for (const b of buttons) screens.get(b.menuId)?.buttons.set(b.code, b.names);
  return { rows, screens };
}

/** A menu that is a platform-only screen by the code's list (its code or its component), whatever its side column says. */
export const isPlatformMenu = (m: { code: string; component: string }): boolean =>
  isPlatformScreen(m.code) || isPlatformScreen(m.component);

/** The refusal of a platform-only screen given to a tenant, naming the screen. */
export const platformScreenRefused = (m: { names: L10n }) => badRequest('boundary.platformScreen', { screen: m.names });

/**
 * Refuse any grant of a platform-only screen to a tenant (tenant grants, tenant roles' grants),
 * with a message naming the screen.
 */
export function refusePlatformScreens(grants: MenuGrant[], screens: Map<number, Screen>): void {
  for (const g of grants) {
    const s = screens.get(g.menuId);
    if (s && isPlatformMenu(s)) throw platformScreenRefused(s);
  }
}

/**
 * Check grants against what may be granted: `allowed` maps each grantable screen id to the
 * buttons that may be granted on it. A refusal names the menu by its id and the button by its
 * code, or as `names` says. Returns the grants deduplicated by menu.
 */
export function checkGrants(
  grants: MenuGrant[],
  allowed: Map<number, Set<string>>,
  keys: { menu: string; action: string },
  names: { menu: (id: number) => unknown; action: (id: number, action: string) => unknown } = { menu: (id) => id, action: (_id, a) => a },
): MenuGrant[] {
  const out = new Map<number, Set<string>>();
  for (const g of grants) {
    const can = allowed.get(g.menuId);
    if (!can) throw badRequest(keys.menu, { menu: names.menu(g.menuId) });
    const set = out.get(g.menuId) ?? new Set<string>();
    for (const a of g.actions) {
      if (!can.has(a)) throw badRequest(keys.action, { menu: names.menu(g.menuId), action: names.action(g.menuId, a) });
      set.add(a);
    }
    out.set(g.menuId, set);
  }
  return [...out].map(([menuId, actions]) => ({ menuId, actions: [...actions] }));
}

/** The tree of the given screens (and their groups and modules), with the buttons each offers and has. */
export function grantTree(
  rows: (typeof menus.$inferSelect)[],
  offered: Map<number, { code: string; names: L10n }[]>,
  granted: Map<number, string[]>,
): GrantNode[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const keep = new Set<number>();
  for (const id of offered.keys()) {
    let r = byId.get(id);
    while (r && !keep.has(r.id)) {
      keep.add(r.id);
      r = r.parentId ? byId.get(r.parentId) : undefined;
    }
  }
  const nodes = new Map<number, GrantNode>();
  const roots: GrantNode[] = [];
  for (const r of rows) {
    if (!keep.has(r.id)) continue;
    const node: GrantNode = {
      id: r.id,
      code: r.code,
      level: r.level,
      names: r.names,
      terminal: r.terminal,
      side: r.side,
      buttons: offered.get(r.id) ?? [],
      granted: granted.get(r.id) ?? [],
      children: [],
    };
    nodes.set(r.id, node);
    const parent = r.parentId ? nodes.get(r.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
