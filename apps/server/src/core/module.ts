import { type AnyResourceDef, type AttrSource, type DomainModule, declaredBy, type ResourceDef } from '@tagloom/domain';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../app.js';
import type { Config } from '../config.js';
import type { Tx } from '../db/client.js';
import { tableOf } from '../db/resource-table.js';
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
 *   declarations; every declaration of it (`resources` and `custom` alike) gets one generic service
 *   from the registry and the generic routes, and its table (built from the declaration: name it in
 *   the module's `tables.ts` so drizzle-kit sees it; a hand-written one: name it in `tables`);
 *   their lines (`children`) get a service too (their hooks run when lines are written), no routes;
 * - `hooks`: what its screens add to the generic behaviour, by screen code (its own screens and lines only);
 * - `tables`: the tables of declarations not built from them (tenants, users …), by screen code;
 * - `routes`: its own routes (Fastify plugins under /api), which take the generic services of its
 *   declarations from the registry (`services.modules.service(code)`) and never build one;
 * - `jobKinds`, `widgets`: what it runs in the job queue (a kind with a `task` description is
 *   offered as a scheduled task) and shows on the dashboards.
 */
export interface ServerModule {
  /** unique, e.g. 'general' (the menu module's code when it has a domain half) */
  code: string;
  domain?: DomainModule;
  hooks?: (ctx: AppContext) => Record<string, ResourceHooks>;
  tables?: Readonly<Record<string, PgTable>>;
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
    tables: Object.assign({}, ...parts.map((p) => p.tables ?? {})),
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
  /** the generic service of each declared resource and of each of their lines, by screen code */
  resources: Map<string, ResourceService>;
  /** the services with the generic routes: every module's declarations, in module order (not the lines) */
  served: ResourceService[];
  /** the generic service of a declaration (or line); fails naming a code no module declares */
  service(code: string): ResourceService;
  jobKinds: JobKind[];
  widgets: DashboardWidget[];
}

/** The declarations a module serves with the generic routes (its domain's resources and custom ones alike). */
export const servedBy = (m: Pick<ServerModule, 'domain'>): AnyResourceDef[] => (m.domain ? declaredBy(m.domain) : []);

/** Line declarations (`children`) of some declarations, each once, lines of lines included. */
function linesOf(defs: readonly AnyResourceDef[]): AnyResourceDef[] {
  const out = new Map<string, AnyResourceDef>();
  const walk = (d: AnyResourceDef) => {
    for (const c of d.children ?? []) {
      if (out.has(c.resource.code)) continue;
      out.set(c.resource.code, c.resource);
      walk(c.resource);
    }
  };
  for (const d of defs) walk(d);
  return [...out.values()];
}

/**
 * The table of a declaration: the one its module names (a hand-written table), else the one built
 * from it (resourceTable or rowsOfTable, in the module's tables.ts). A table is never guessed.
 */
function tableFor(m: ServerModule, def: AnyResourceDef): PgTable {
  const table = m.tables?.[def.code] ?? (tableOf(def.code) as ResourceTable | undefined);
  if (!table) throw new Error(`${def.code} has no table: build it in module ${m.code}'s tables.ts, or name it in the module's tables`);
  return table;
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
 * Registers the modules: one generic service per declaration (with its module's hooks and table),
 * and per line of one; their job kinds with the queue; collects their widgets. Fails at startup on
 * a module code, screen, job kind or widget given twice, and on hooks or a table for a screen the
 * module does not declare.
 */
export function registerModules(ctx: AppContext, modules: readonly ServerModule[]): ModuleRegistry {
  unique('module', [...modules], (m) => m.code);
  const resources = new Map<string, ResourceService>();
  const served: ResourceService[] = [];
  const lines: [ServerModule, AnyResourceDef, ResourceHooks | undefined][] = [];
  for (const m of modules) {
    const hooks = m.hooks?.(ctx) ?? {};
    const declared = servedBy(m);
    const own = linesOf(declared).filter((l) => !declared.some((d) => d.code === l.code));
    const known = new Set([...declared, ...own].map((d) => d.code));
    for (const [what, codes] of [
      ['hooks', Object.keys(hooks)],
      ['a table', Object.keys(m.tables ?? {})],
    ] as const)
      for (const code of codes)
        if (!known.has(code)) throw new Error(`module ${m.code} has ${what} for ${code}, which it does not declare`);
    for (const def of declared) {
      if (resources.has(def.code)) throw new Error(`screen ${def.code} is registered twice`);
      const service = new ResourceService(ctx, def as ResourceDef, tableFor(m, def), hooks[def.code], resources);
      resources.set(def.code, service);
      served.push(service);
    }
    for (const line of own) lines.push([m, line, hooks[line.code]]);
  }
  // a line another module serves on its own keeps that module's service (and hooks)
  for (const [m, line, hooks] of lines)
    if (!resources.has(line.code))
      resources.set(line.code, new ResourceService(ctx, line as ResourceDef, tableFor(m, line), hooks, resources));
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
    served,
    service(code) {
      const service = resources.get(code);
      if (!service) throw new Error(`no module declares ${code}`);
      return service;
    },
    jobKinds,
    widgets: unique(
      'dashboard widget',
      modules.flatMap((m) => m.widgets ?? []),
      (w) => w.code,
    ),
  };
}
