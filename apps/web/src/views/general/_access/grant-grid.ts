/**
 * The permission grid (screens × buttons) behind the tenant and role forms: the server's grant tree
 * flattened to modules of screens, and the edits a user makes on it, all as pure functions over the
 * value the server takes ([{menuId, actions}]).
 */
import { type Grant, type GrantNode, isScreen, type L10nNames } from './grant-tree';

/** The buttons with a column of their own, in this order; any other button sits in the last cell. */
export const COMMON_BUTTONS = ['query', 'add', 'edit', 'delete', 'export', 'import'] as const;

export interface GridButton {
  code: string;
  name: string;
}
export interface GridScreen {
  id: number;
  code: string;
  name: string;
  /** the menu group (level 2) the screen sits in, shown as secondary text */
  group: string;
  buttons: GridButton[];
}
export interface GridModule {
  id: number;
  code: string;
  name: string;
  screens: GridScreen[];
}

const nameOf = (names: L10nNames, lang: keyof L10nNames, code: string) => names[lang] || names.zh_CN || code;

/** Modules (the tree's roots) with every grantable screen under them, in the tree's order. */
export function gridOf(nodes: GrantNode[], lang: keyof L10nNames): GridModule[] {
  return nodes
    .map((root) => {
      const screens: GridScreen[] = [];
      const visit = (n: GrantNode, group: string) => {
        if (isScreen(n))
          screens.push({
            id: n.id,
            code: n.code,
            name: nameOf(n.names, lang, n.code),
            group,
            buttons: n.buttons.map((b) => ({ code: b.code, name: nameOf(b.names, lang, b.code) })),
          });
        for (const c of n.children) visit(c, n === root ? nameOf(c.names, lang, c.code) : group);
      };
      visit(root, '');
      return { id: root.id, code: root.code, name: nameOf(root.names, lang, root.code), screens };
    })
    .filter((m) => m.screens.length > 0);
}

/** The screens whose name (or code, or group) holds `query`, case-insensitively; modules without any are dropped. */
export function filterGrid(modules: GridModule[], query: string): GridModule[] {
  const q = query.trim().toLowerCase();
  if (!q) return modules;
  return modules
    .map((m) => ({
      ...m,
      screens: m.screens.filter((s) => [s.name, s.code, s.group].some((t) => t.toLowerCase().includes(q))),
    }))
    .filter((m) => m.screens.length > 0);
}

/** The buttons of a screen without a column of their own. */
export const otherButtons = (s: GridScreen) => s.buttons.filter((b) => !(COMMON_BUTTONS as readonly string[]).includes(b.code));

/** The common buttons some screen of the list offers (the grid's columns). */
export const usedColumns = (modules: GridModule[]) =>
  COMMON_BUTTONS.filter((c) => modules.some((m) => m.screens.some((s) => s.buttons.some((b) => b.code === c))));

export type Tick = 'all' | 'some' | 'none';

const byMenu = (grants: Grant[]) => new Map(grants.map((g) => [g.menuId, g.actions]));

/** How much of a screen is granted: all its buttons (or, without buttons, the screen), some, or none. */
export function screenTick(grants: Grant[], s: GridScreen): Tick {
  const actions = byMenu(grants).get(s.id);
  if (!actions) return 'none';
  if (!s.buttons.length) return 'all';
  const n = s.buttons.filter((b) => actions.includes(b.code)).length;
  return n === s.buttons.length ? 'all' : n === 0 ? 'none' : 'some';
}

/** How much of a list of screens is granted. */
export function screensTick(grants: Grant[], screens: GridScreen[]): Tick {
  const ticks = screens.map((s) => screenTick(grants, s));
  if (ticks.length && ticks.every((t) => t === 'all')) return 'all';
  return ticks.some((t) => t !== 'none') ? 'some' : 'none';
}

/** Granted screens of a module and its screen count ("12/40"). */
export function moduleCount(grants: Grant[], m: GridModule): { granted: number; total: number } {
  const have = byMenu(grants);
  return { granted: m.screens.filter((s) => have.has(s.id)).length, total: m.screens.length };
}

export const isGranted = (grants: Grant[], screenId: number, button: string) => byMenu(grants).get(screenId)?.includes(button) ?? false;

/** Replace one screen's grant (undefined: not granted), keeping the others in their order. */
function put(grants: Grant[], screenId: number, actions: string[] | undefined): Grant[] {
  const out = grants.filter((g) => g.menuId !== screenId);
  if (actions) out.push({ menuId: screenId, actions });
  return out;
}

/**
 * Tick or untick one button. Ticking grants the screen too; unticking the last button of a screen
 * takes the screen away (a screen with buttons is granted through them).
 */
export function setButton(grants: Grant[], s: GridScreen, button: string, on: boolean): Grant[] {
  const now = byMenu(grants).get(s.id) ?? [];
  const next = on ? s.buttons.filter((b) => b.code === button || now.includes(b.code)).map((b) => b.code) : now.filter((a) => a !== button);
  return put(grants, s.id, next.length ? next : undefined);
}

/** Grant a screen with all its buttons, or take it away. */
export const setScreen = (grants: Grant[], s: GridScreen, on: boolean): Grant[] =>
  put(grants, s.id, on ? s.buttons.map((b) => b.code) : undefined);

/** Grant (all buttons) or take away every screen of the list (a module, or the screens a search shows). */
export const setScreens = (grants: Grant[], screens: GridScreen[], on: boolean): Grant[] =>
  screens.reduce((g, s) => setScreen(g, s, on), grants);

/** The grants in the grid's order, each screen's actions in the order it offers them (what is saved). */
export function orderGrants(modules: GridModule[], grants: Grant[]): Grant[] {
  const have = byMenu(grants);
  const known = new Set<number>();
  const out: Grant[] = [];
  for (const m of modules)
    for (const s of m.screens) {
      known.add(s.id);
      const actions = have.get(s.id);
      if (actions) out.push({ menuId: s.id, actions: s.buttons.map((b) => b.code).filter((c) => actions.includes(c)) });
    }
  // grants of screens the grid does not show are kept as they are
  return [...out, ...grants.filter((g) => !known.has(g.menuId))];
}
