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
  /** declarations served by the generic resource routes */
  resources?: readonly AnyResourceDef[];
  /** declarations of screens served by the module's own routes (same shapes; the console renders them) */
  custom?: readonly AnyResourceDef[];
}

/** Declare a module's domain half; its screens must sit under its code. */
export function defineDomainModule<M extends DomainModule>(m: M): M {
  if (m.menu.code !== m.code) throw new Error(`module ${m.code}: its menu is ${m.menu.code}`);
  for (const def of [...(m.resources ?? []), ...(m.custom ?? [])])
    if (!def.code.startsWith(`${m.code}/`)) throw new Error(`module ${m.code}: ${def.code} belongs to another module`);
  return m;
}
