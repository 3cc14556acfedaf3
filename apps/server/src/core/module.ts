import type { AnyResourceDef, AttrSource, DomainModule } from '@tagloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../app.js';
import type { Config } from '../config.js';
import type { Tx } from '../db/client.js';
import { resourceTable, tableOf } from '../db/resource-table.js';
import type { ResourceTable } from '../db/schema/resources.js';
import type { AppContext, SessionInfo } from './context.js';
import { type JobKind, registerJobKind } from './queue/registry.js';
import { type AttrLoader, registerAttrSource } from './resource/attrs.js';
import { type ResourceHooks, ResourceService } from './resource/service.js';

/** A module's own routes: a Fastify plugin under /api, given the services (it takes what it needs). */
export type ModuleRoutes = FastifyPluginAsyncZod<Services>;

/** A dashboard card a module adds (data only: the console draws it). */
export interface DashboardWidget {
  /** unique code, e.g. 'rfid.readersOnline' */
  code: string;
  /** the dashboard screen that shows it */
  screen: 'dashboard/admin' | 'dashboard/editor';
  /** its data for this session (asked by the dashboard route) */
  load(c: { ctx: AppContext; services: Services; session: SessionInfo }): Promise<unknown>;
}

/**
 * A module (`apps/server/src/modules/<module>/index.ts`): everything it adds to the server, in one
 * place, so a new screen touches its module's folder and nothing central.
 *
 * - `domain`: its domain half (`packages/domain/src/resources/<module>`): the menu subtree and the
 *   declarations; each declaration of `domain.resources` gets the generic routes, and its table
 *   (built from the declaration; name it in the module's `tables.ts` so drizzle-kit sees it);
 * - `hooks`: what its screens add to the generic behaviour, by screen code (its own screens only);
 * - `routes`: its own routes (Fastify plugins under /api);
 * - `jobKinds`, `widgets`: what it runs in the job queue (a kind with a `task` description is
 *   offered as a scheduled task) and shows on the dashboards.
 */
export interface ServerModule {
  /** unique, e.g. 'general' (the menu module's code when it has a domain half) */
  code: string;
  domain?: DomainModule;
  hooks?: (ctx: AppContext) => Record<string, ResourceHooks>;
  routes?: readonly ModuleRoutes[];
  jobKinds?: readonly JobKind[];
  widgets?: readonly DashboardWidget[];
  /**
   * the demo tenant's master data beyond the declarations' `seed` rows (thousands of goods, stores,
   * users bound to parties): run once, in the seeding transaction, for the demo tenant only
   */
  seedDemo?: (tx: Tx, tenant: { id: number; code: string }, env: { config: Config }) => Promise<void>;
  /** where the attributes of attribute fields (f.attrs) come from, by source (core/resource/attrs.ts) */
  attrSources?: Partial<Record<AttrSource, AttrLoader>>;
}

/**
 * One area of a large module (its own folder: goods, places …): the same slots as a module, which
 * the module's index combines with combineParts.
 */
export type ModulePart = Omit<ServerModule, 'code' | 'domain'>;

/** The slots of a module's areas, in order (hooks merged, routes and kinds concatenated, demo seeds run one after the other). */
export function combineParts(parts: readonly ModulePart[]): ModulePart {
  return {
    hooks: (ctx) => Object.assign({}, ...parts.map((p) => p.hooks?.(ctx) ?? {})),
    routes: parts.flatMap((p) => p.routes ?? []),
    jobKinds: parts.flatMap((p) => p.jobKinds ?? []),
    widgets: parts.flatMap((p) => p.widgets ?? []),
    attrSources: Object.assign({}, ...parts.map((p) => p.attrSources ?? {})),
    seedDemo: async (tx, tenant, env) => {
      for (const p of parts) await p.seedDemo?.(tx, tenant, env);
    },
  };
}

/** Declare a module; its parts are checked when the server registers it (registerModules). */
export const defineModule = <M extends ServerModule>(m: M): M => m;

/** What the registered modules add up to. */
export interface ModuleRegistry {
  modules: readonly ServerModule[];
  /** the generic service of each declared resource, by screen code */
  resources: Map<string, ResourceService>;
  jobKinds: JobKind[];
  widgets: DashboardWidget[];
}

/** The table of a declaration: the one the schema built (tables.ts), or built now (a module without migrations, in tests). */
function tableFor(def: AnyResourceDef): ResourceTable {
  return (tableOf(def.code) as ResourceTable | undefined) ?? resourceTable(def);
}

const unique = <T>(what: string, items: T[], key: (t: T) => string): T[] => {
  const seen = new Set<string>();
  for (const item of items) {
    const k = key(item);
    if (seen.has(k)) throw new Error(`${what} ${k} is registered twice`);
    seen.add(k);
  }
  return items;
};

/**
 * Registers the modules: one generic service per declared resource (with its module's hooks),
 * their job kinds with the queue; collects their widgets. Fails at
 * startup on a module code, screen, job kind or widget given twice, and on hooks for a
 * screen the module does not declare.
 */
export function registerModules(ctx: AppContext, modules: readonly ServerModule[]): ModuleRegistry {
  unique('module', [...modules], (m) => m.code);
  const resources = new Map<string, ResourceService>();
  for (const m of modules) {
    const hooks = m.hooks?.(ctx) ?? {};
    const declared = m.domain?.resources ?? [];
    for (const code of Object.keys(hooks))
      if (!declared.some((d) => d.code === code)) throw new Error(`module ${m.code} has hooks for ${code}, which it does not declare`);
    for (const def of declared) {
      if (resources.has(def.code)) throw new Error(`screen ${def.code} is registered twice`);
      resources.set(def.code, new ResourceService(ctx, def, tableFor(def), hooks[def.code]));
    }
  }
  const jobKinds = unique(
    'job kind',
    modules.flatMap((m) => m.jobKinds ?? []),
    (k) => k.kind,
  );
  for (const k of jobKinds) registerJobKind(k);
  for (const m of modules)
    for (const [source, loader] of Object.entries(m.attrSources ?? {})) registerAttrSource(source as AttrSource, loader);
  return {
    modules,
    resources,
    jobKinds,
    widgets: unique(
      'dashboard widget',
      modules.flatMap((m) => m.widgets ?? []),
      (w) => w.code,
    ),
  };
}
