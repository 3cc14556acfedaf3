import { type MenuGrant, PLATFORM_TENANT_ID } from '@tagloom/domain';
import { asc, eq } from 'drizzle-orm';
import type { AppContext, SessionInfo } from '../../../core/context.js';
import { conflict, notFound } from '../../../core/errors.js';
import { PERMISSIONS_CHANGED } from '../../../core/permissions.js';
import { ownTenant, PlatformScope, type Reach } from '../../../core/tenant-scope.js';
import type { Tx } from '../../../db/client.js';
import { roleMenus, roles, tenantMenus } from '../../../db/schema/index.js';
import { checkGrants, grantTree, isPlatformMenu, loadMenus, refusePlatformScreens } from '../menu/grants.js';
import { ownRole, type RoleOwner, roleView } from './hooks.js';

type RoleRow = typeof roles.$inferSelect;
interface Owner {
  reach: (session: SessionInfo, db: Tx) => Reach;
  /** a role is edited and assigned by its creator only */
  creatorOnly: boolean;
  /** the platform's own roles are granted platform screens */
  platformScreens: boolean;
  /** a refusal names the screen and the button (rather than the menu's id and the button's code) */
  named: boolean;
  keys: { menu: string; action: string };
}

/**
 * Who manages the roles: the platform (general/role: every tenant's roles, each edited and assigned
 * by its creator only; a refusal names the menu's id) or a tenant's administrators
 * (tenant/role, tenant/permission: the session's own tenant's roles; a refusal names the screen
 * and the button).
 */
const OWNERS: Record<RoleOwner, Owner> = {
  platform: {
    reach: (session: SessionInfo, db: Tx): Reach => PlatformScope.of(session, db),
    creatorOnly: true,
    platformScreens: true,
    named: false,
    keys: { menu: 'role.menuNotGranted', action: 'role.actionNotGranted' },
  },
  tenant: {
    reach: ownTenant,
    creatorOnly: false,
    platformScreens: false,
    named: true,
    keys: { menu: 'people.grant.menuBeyond', action: 'people.grant.actionBeyond' },
  },
};

/**
 * A role's menus and buttons, for the platform's and the tenants' role screens alike (list, get,
 * create, update, delete and export are the generic resource's, with the hooks in ./hooks.ts):
 * what it may be granted — the screens of the role's terminal its tenant was granted
 * (tenant_menus), with the buttons granted there, never a platform screen to a tenant's role — and
 * replacing its grants, all within that or nothing. Built-in roles have every menu and are not assigned.
 */
export class RoleGrantService {
  private readonly owner: Owner;

  constructor(
    private readonly ctx: AppContext,
    owner: RoleOwner,
  ) {
    this.owner = OWNERS[owner];
  }

  /** A role the session reaches, by id (one identity sequence, so ids are unique). */
  private async find(reach: Reach, id: number): Promise<RoleRow> {
    const [row] = await reach.db
      .select()
      .from(roles)
      .where(reach.where(roles, undefined, eq(roles.id, id)));
    if (!row) throw notFound('role.role');
    return row;
  }

  /** The screens of the role's terminal its tenant holds, each with the buttons its tenant holds there. */
  private async grantable(reach: Reach, role: RoleRow) {
    const { rows, screens } = await loadMenus(reach.db);
    const tenantSide = !this.owner.platformScreens || role.tenantId !== PLATFORM_TENANT_ID;
    const allowed = new Map<number, Set<string>>();
    for (const g of await reach.for(role.tenantId).select(tenantMenus)) {
      const s = screens.get(g.menuId);
      if (!s || s.terminal !== role.terminal || (tenantSide && isPlatformMenu(s))) continue;
      allowed.set(g.menuId, new Set(g.actions.filter((a) => s.buttons.has(a))));
    }
    return { rows, screens, allowed, tenantSide };
  }

  /** The session's tenant's roles, for the permission screen's picker (the built-in one flagged). */
  async roles(session: SessionInfo) {
    const reach = this.owner.reach(session, this.ctx.db);
    const rows = await reach.db.select().from(roles).where(reach.where(roles, session.tenantId)).orderBy(asc(roles.code));
    return rows.map((r) => ({ id: r.id, code: r.code, name: r.name, terminal: r.terminal, status: r.status, builtIn: r.allMenus }));
  }

  /** What the role may be granted, as a tree with its current grants. */
  async menus(session: SessionInfo, id: number) {
    const reach = this.owner.reach(session, this.ctx.db);
    const role = await this.find(reach, id);
    const { rows, screens, allowed } = await this.grantable(reach, role);
    const granted = new Map<number, string[]>();
    if (role.allMenus) for (const [mid, acts] of allowed) granted.set(mid, [...acts]);
    else for (const g of await reach.for(role.tenantId).select(roleMenus, eq(roleMenus.roleId, role.id))) granted.set(g.menuId, g.actions);
    const offered = new Map(
      [...allowed].map(([mid, acts]) => [mid, [...acts].map((code) => ({ code, names: screens.get(mid)!.buttons.get(code)! }))]),
    );
    return { role: roleView(role, session), tree: grantTree(rows, offered, granted) };
  }

  /** Replace the role's menus and buttons; each must be within what its tenant is granted. */
  async assign(session: SessionInfo, id: number, grants: MenuGrant[]): Promise<number> {
    const n = await this.ctx.db.transaction(async (tx) => {
      const reach = this.owner.reach(session, tx);
      const role = await this.find(reach, id);
      if (this.owner.creatorOnly) ownRole(session, role);
      if (role.allMenus) throw conflict('role.builtIn', { code: role.code });
      const { allowed, screens, rows, tenantSide } = await this.grantable(reach, role);
      if (tenantSide) refusePlatformScreens(grants, screens);
      const names = new Map(rows.map((r) => [r.id, r.names]));
      const named = {
        menu: (mid: number) => names.get(mid) ?? String(mid),
        action: (mid: number, a: string) => screens.get(mid)?.buttons.get(a) ?? a,
      };
      const checked = checkGrants(grants, allowed, this.owner.keys, this.owner.named ? named : undefined);
      const scope = reach.for(role.tenantId);
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
