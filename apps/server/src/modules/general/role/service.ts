import { type MenuGrant, PLATFORM_TENANT_ID } from '@tagloom/domain';
import { eq } from 'drizzle-orm';
import type { AppContext, SessionInfo } from '../../../core/context.js';
import { conflict, notFound } from '../../../core/errors.js';
import { PERMISSIONS_CHANGED } from '../../../core/permissions.js';
import { PlatformScope } from '../../../core/tenant-scope.js';
import type { Tx } from '../../../db/client.js';
import { roleMenus, roles, tenantMenus } from '../../../db/schema/index.js';
import { checkGrants, grantTree, isPlatformMenu, loadMenus, refusePlatformScreens } from '../menu/grants.js';
import { ownRole, roleView } from './hooks.js';

type RoleRow = typeof roles.$inferSelect;
const grantKeys = { menu: 'role.menuNotGranted', action: 'role.actionNotGranted' };

/**
 * A role's menus and buttons (list, get, create, update, delete and export are the generic
 * resource's, with the hooks in ./hooks.ts): what it may be granted within its tenant's grant, and
 * replacing its grants. Only the role's creator assigns; built-in roles have every menu.
 */
export class RoleGrantService {
  constructor(private readonly ctx: AppContext) {}

  private ps(session: SessionInfo, db: Tx = this.ctx.db) {
    return PlatformScope.of(session, db);
  }

  /** A role of any tenant by id (one identity sequence, so ids are unique). */
  private async find(ps: PlatformScope, id: number): Promise<RoleRow> {
    const [row] = await ps.db
      .select()
      .from(roles)
      .where(ps.where(roles, undefined, eq(roles.id, id)));
    if (!row) throw notFound('role.role');
    return row;
  }

  /**
   * What the role may be granted: its tenant's granted screens of the role's terminal, with the
   * granted buttons; a tenant's role never gets a platform-only screen, whatever the grant rows say.
   */
  private async grantable(ps: PlatformScope, role: RoleRow) {
    const { rows, screens } = await loadMenus(ps.db);
    const allowed = new Map<number, Set<string>>();
    for (const g of await ps.for(role.tenantId).select(tenantMenus)) {
      const s = screens.get(g.menuId);
      if (!s || s.terminal !== role.terminal) continue;
      if (role.tenantId !== PLATFORM_TENANT_ID && isPlatformMenu(s)) continue;
      allowed.set(g.menuId, new Set(g.actions.filter((a) => s.buttons.has(a))));
    }
    return { rows, screens, allowed };
  }

  async menus(session: SessionInfo, id: number) {
    const ps = this.ps(session);
    const role = await this.find(ps, id);
    const { rows, screens, allowed } = await this.grantable(ps, role);
    const granted = new Map<number, string[]>();
    if (role.allMenus) for (const [mid, acts] of allowed) granted.set(mid, [...acts]);
    else for (const g of await ps.for(role.tenantId).select(roleMenus, eq(roleMenus.roleId, role.id))) granted.set(g.menuId, g.actions);
    const offered = new Map(
      [...allowed].map(([mid, acts]) => [mid, [...acts].map((code) => ({ code, names: screens.get(mid)!.buttons.get(code)! }))]),
    );
    return { role: roleView(role, session), tree: grantTree(rows, offered, granted) };
  }

  /** Replace the role's menus and buttons; each must be within what its tenant is granted. */
  async assign(session: SessionInfo, id: number, grants: MenuGrant[]): Promise<number> {
    const n = await this.ctx.db.transaction(async (tx) => {
      const ps = this.ps(session, tx);
      const role = await this.find(ps, id);
      ownRole(session, role);
      if (role.allMenus) throw conflict('role.builtIn', { code: role.code });
      const { allowed, screens } = await this.grantable(ps, role);
      if (role.tenantId !== PLATFORM_TENANT_ID) refusePlatformScreens(grants, screens);
      const checked = checkGrants(grants, allowed, grantKeys);
      const scope = ps.for(role.tenantId);
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
