// tenant/permission: a tenant administrator grants its roles the menus and buttons its tenant holds.
import { id, type L10n, type MenuGrant, menuGrants } from '@tagloom/domain';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext, SessionInfo } from '../../../core/context.js';
import { envelope } from '../../../core/envelope.js';
import { badRequest, conflict, notFound } from '../../../core/errors.js';
import { PERMISSIONS_CHANGED } from '../../../core/permissions.js';
import { TenantScope } from '../../../core/tenant-scope.js';
import type { Tx } from '../../../db/client.js';
import { roleMenus, roles, tenantMenus } from '../../../db/schema/index.js';
import { checkGrants, grantTree, isPlatformMenu, loadMenus, platformScreenRefused, type Screen } from '../../general/menu/grants.js';
import { grantNode } from '../../general/tenant/routes.js';

type RoleRow = typeof roles.$inferSelect;

/**
 * A tenant's roles and what each may be granted: the screens of the role's terminal its tenant was
 * granted (tenant_menus), with the buttons granted there, never a platform screen. A grant beyond
 * that is refused naming the screen and the button, and nothing is written.
 */
export class TenantGrantService {
  constructor(private readonly ctx: AppContext) {}

  private async find(scope: TenantScope, roleId: number): Promise<RoleRow> {
    const row = await scope.first(roles, eq(roles.id, roleId));
    if (!row) throw notFound('role.role');
    return row;
  }

  /** The tenant's screens of the role's terminal, each with the buttons its tenant holds there. */
  private async grantable(scope: TenantScope, role: RoleRow) {
    const { rows, screens } = await loadMenus(scope.db);
    const allowed = new Map<number, Set<string>>();
    for (const g of await scope.select(tenantMenus)) {
      const s = screens.get(g.menuId);
      if (!s || s.terminal !== role.terminal || isPlatformMenu(s)) continue;
      allowed.set(g.menuId, new Set(g.actions.filter((a) => s.buttons.has(a))));
    }
    return { rows, screens, allowed };
  }

  /** The tenant's roles, for the picker (the built-in one flagged: it has every menu and is not assigned). */
  async roles(session: SessionInfo) {
    const rows = await this.ctx.db
      .select()
      .from(roles)
      .where(new TenantScope(this.ctx.db, session.tenantId).where(roles))
      .orderBy(asc(roles.code));
    return rows.map((r) => ({ id: r.id, code: r.code, name: r.name, terminal: r.terminal, status: r.status, builtIn: r.allMenus }));
  }

  /** What the role may be granted, as a tree with its current grants. */
  async menus(session: SessionInfo, roleId: number) {
    const scope = new TenantScope(this.ctx.db, session.tenantId);
    const role = await this.find(scope, roleId);
    const { rows, screens, allowed } = await this.grantable(scope, role);
    const granted = new Map<number, string[]>();
    if (role.allMenus) for (const [mid, acts] of allowed) granted.set(mid, [...acts]);
    else for (const g of await scope.select(roleMenus, eq(roleMenus.roleId, role.id))) granted.set(g.menuId, g.actions);
    const offered = new Map(
      [...allowed].map(([mid, acts]) => [mid, [...acts].map((code) => ({ code, names: screens.get(mid)!.buttons.get(code)! }))]),
    );
    return {
      role: { id: role.id, code: role.code, name: role.name, terminal: role.terminal, builtIn: role.allMenus },
      tree: grantTree(rows, offered, granted),
    };
  }

  /** Replace the role's menus and buttons, all within the tenant's grant, or nothing. */
  async assign(session: SessionInfo, roleId: number, grants: MenuGrant[]): Promise<number> {
    const n = await this.ctx.db.transaction(async (tx: Tx) => {
      const scope = new TenantScope(tx, session.tenantId);
      const role = await this.find(scope, roleId);
      if (role.allMenus) throw conflict('role.builtIn', { code: role.code });
      const { allowed, screens, rows } = await this.grantable(scope, role);
      refuseBeyond(grants, allowed, screens, new Map(rows.map((r) => [r.id, r.names as L10n])));
      const checked = checkGrants(grants, allowed, { menu: 'people.grant.menuBeyond', action: 'people.grant.actionBeyond' });
      await scope.delete(roleMenus, eq(roleMenus.roleId, role.id));
      if (checked.length)
        await scope.insert(
          roleMenus,
          checked.map((g) => ({ ...g, roleId: role.id })),
        );
      return checked.length;
    });
    await this.ctx.bus.emit(PERMISSIONS_CHANGED);
    return n;
  }
}

/**
 * Refuse, naming them, a screen the tenant does not hold (a platform screen says so) and a button
 * of a held screen the tenant was not granted.
 */
function refuseBeyond(grants: MenuGrant[], allowed: Map<number, Set<string>>, screens: Map<number, Screen>, names: Map<number, L10n>) {
  for (const g of grants) {
    const s = screens.get(g.menuId);
    if (s && isPlatformMenu(s)) throw platformScreenRefused(s);
    const can = allowed.get(g.menuId);
    const screen = s?.names ?? names.get(g.menuId) ?? String(g.menuId);
    if (!can) throw badRequest('people.grant.menuBeyond', { menu: screen });
    for (const a of g.actions)
      if (!can.has(a)) throw badRequest('people.grant.actionBeyond', { menu: screen, action: s?.buttons.get(a) ?? a });
  }
}

/**
 * A role's grantable tree and its assignment, on `screen` (its query and assign buttons): the
 * permission maintenance screen, and the role screen's Assign. The maintenance screen also lists
 * the tenant's roles.
 */
const grantRoutes =
  (screen: string, listsRoles: boolean): FastifyPluginAsyncZod =>
  async (app) => {
    const service = new TenantGrantService(app.ctx);
    const tags = [screen];
    const roleRow = z.object({ id: z.number(), code: z.string(), name: z.string(), terminal: z.string(), builtIn: z.boolean() });

    if (listsRoles)
      app.post(
        `/${screen}/roles`,
        {
          config: { access: { screen, action: 'query' } },
          schema: { tags, summary: "The tenant's roles", response: { 200: envelope(z.array(roleRow.extend({ status: z.number() }))) } },
        },
        async (req, reply) => reply.ok(await service.roles(req.session!)),
      );

    app.post(
      `/${screen}/menus`,
      {
        config: { access: { screen, action: 'query' } },
        schema: {
          tags,
          summary:
            "What the role may be granted (its tenant's screens of the role's terminal, never platform screens) with its current grants",
          body: z.object({ id: id() }),
          response: { 200: envelope(z.object({ role: roleRow, tree: z.array(grantNode) })) },
        },
      },
      async (req, reply) => reply.ok(await service.menus(req.session!, req.body.id)),
    );

    app.post(
      `/${screen}/assign`,
      {
        config: { access: { screen, action: 'assign' } },
        schema: {
          tags,
          summary: "Replace the role's menus and buttons; a grant beyond the tenant's is refused naming the screen and button",
          body: z.object({ id: id(), grants: menuGrants }),
          response: { 200: envelope(z.object({ count: z.number() })) },
        },
      },
      async (req, reply) => reply.ok({ count: await service.assign(req.session!, req.body.id, req.body.grants) }, 'role.assigned'),
    );
  };

/** Permission maintenance (tenant/permission): the tenant's roles, a role's grantable tree, its assignment. */
export const tenantPermissionRoutes = grantRoutes('tenant/permission', true);
/** The role screen's Assign (tenant/role): the same tree and assignment, guarded by the role screen's buttons. */
export const tenantRoleGrantRoutes = grantRoutes('tenant/role', false);
