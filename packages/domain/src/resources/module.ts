import type { MenuModuleDef } from '../menu/types.js';
import type { ResourceDef } from '../resource/define.js';

// biome-ignore lint/suspicious/noExplicitAny: any declaration, whatever its fields
export type AnyResourceDef = ResourceDef<any>;

/**
 * The domain half of a module (`resources/<module>/index.ts`): its menu subtree and the
 * declarations of its screens. The server half (`apps/server/src/modules/<module>/index.ts`)
 * takes these and adds tables, hooks, routes, job kinds and widgets.
 */
export interface DomainModule {
  /** the menu module's code (level 1), e.g. 'general'; every screen code starts with it */
  code: string;
  menu: MenuModuleDef;
  /**
   * declarations served by the generic routes alone. The server serves these and `custom` alike:
   * one generic service (with the module's hooks) and the generic routes each, from its registry.
   */
  resources?: readonly AnyResourceDef[];
  /**
   * declarations whose module adds routes of its own besides the generic ones (or takes some of
   * them over), or whose screen the console looks up here for a view of its own
   */
  custom?: readonly AnyResourceDef[];
}

/** Every declaration of a module, generic and custom alike (what its server half serves). */
export const declaredBy = (m: DomainModule): AnyResourceDef[] => [...(m.resources ?? []), ...(m.custom ?? [])];

/** Declare a module's domain half; its screens must sit under its code. */
export function defineDomainModule<M extends DomainModule>(m: M): M {
  if (m.menu.code !== m.code) throw new Error(`module ${m.code}: its menu is ${m.menu.code}`);
  for (const def of declaredBy(m))
    if (!def.code.startsWith(`${m.code}/`)) throw new Error(`module ${m.code}: ${def.code} belongs to another module`);
  return m;
}
