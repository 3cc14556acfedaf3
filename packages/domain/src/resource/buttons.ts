import { type ActionCode, CRUD } from '../menu/actions.js';
import type { MenuModuleDef, ScreenDef } from '../menu/types.js';

/** The CRUD buttons a declaration may offer (`crud` picks a subset; default all of them). */
export type CrudAction = 'query' | 'add' | 'edit' | 'delete' | 'import' | 'export';

/** What a declaration says about its screen's buttons. Zod-free: the console may import it. */
export interface DeclaredButtons {
  code: string;
  /** a line resource edited inside its parent's screen names that screen (it has no menu entry) */
  screen?: string;
  crud?: readonly CrudAction[];
  machine?: { transitions: Record<string, unknown> };
  extraActions?: readonly ActionCode[];
}

/**
 * A screen's buttons, declared once on its resource: its CRUD subset, then its machine's
 * transitions, then its extra actions, in that order and each once. The seeded menu, the grants
 * and the console's toolbar all take them from here.
 */
export function buttonsOf(def: DeclaredButtons): ActionCode[] {
  const crud = def.crud ?? (CRUD as CrudAction[]);
  if (!crud.includes('query')) throw new Error(`${def.code}: a screen offers at least 'query'`);
  const machine = Object.keys(def.machine?.transitions ?? {}) as ActionCode[];
  return [...new Set<ActionCode>([...crud, ...machine, ...(def.extraActions ?? [])])];
}

/** A screen of the seeded menu: its buttons filled in. */
export type SeededScreenDef = ScreenDef & { actions: ActionCode[] };
export type SeededMenuModuleDef = Omit<MenuModuleDef, 'groups'> & {
  groups: (Omit<MenuModuleDef['groups'][number], 'screens'> & { screens: SeededScreenDef[] })[];
};

/**
 * The menu tree with every screen's buttons: a screen with a declaration takes the declaration's
 * (and may not list its own: declared once), any other screen lists its own. Fails on a screen
 * with neither, and on a declaration whose screen is in no module's menu.
 */
export function withButtons(tree: readonly MenuModuleDef[], defs: readonly DeclaredButtons[]): SeededMenuModuleDef[] {
  const byCode = new Map(defs.map((d) => [d.code, d]));
  const placed = new Set<string>();
  const out = tree.map((m) => ({
    ...m,
    groups: m.groups.map((g) => ({
      ...g,
      screens: g.screens.map((s): SeededScreenDef => {
        const def = byCode.get(s.component);
        if (def && s.actions)
          throw new Error(
            `${s.component}: buttons are declared on its resource (crud, machine, extraActions); drop the menu entry's actions`,
          );
        if (!def && !s.actions) throw new Error(`${s.component}: no buttons (no resource declaration and no actions in its menu)`);
        placed.add(s.component);
        return { ...s, actions: def ? buttonsOf(def) : [...(s.actions ?? [])] };
      }),
    })),
  }));
  const homeless = [...byCode.keys()].filter((c) => !placed.has(c) && (byCode.get(c)?.screen ?? c) === c);
  if (homeless.length)
    throw new Error(
      `declared screens missing from the menu: ${homeless.join(', ')} (add an entry to the module's _menu.ts; a line resource names its parent's screen)`,
    );
  return out;
}
