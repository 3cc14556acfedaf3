import { DECLARED_RESOURCES, isPlatformScreen, type PartyKind, PLATFORM_TENANT_ID, partyFieldsOf } from '@tagloom/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { menuButtons, menus, roleMenus, roles, tenantMenus, userRoles, users } from '../db/schema/index.js';
import { Cached } from './bus.js';
import type { AppContext } from './context.js';
import { TenantScope } from './tenant-scope.js';

/** What one user may see and press: menu id → granted button codes, and screen code → the same. */
export interface Grants {
  byMenu: Map<number, Set<string>>;
  byScreen: Map<string, Set<string>>;
}

/** Bus topic fired whenever menus, roles, role grants or tenant grants change. */
export const PERMISSIONS_CHANGED = 'permissions';

/**
 * The single place that decides permissions: a user gets the union of its web roles' grants,
 * limited to what its tenant is granted. A role with allMenus gets everything the tenant has.
 * A tenant never holds a platform-only screen (PLATFORM_SCREENS, from the code), whatever its
 * grant rows say.
 */
export class PermissionService {
  private cache: Cached<string, Grants>;

  constructor(private readonly ctx: AppContext) {
    this.cache = new Cached(ctx.bus, PERMISSIONS_CHANGED, (key) => {
      const [t, u] = key.split(':').map(Number);
      return this.load(t, u);
    });
  }

  grants(tenantId: number, userId: number): Promise<Grants> {
    return this.cache.get(`${tenantId}:${userId}`);
  }

  async can(tenantId: number, userId: number, screen: string, action: string): Promise<boolean> {
    if (tenantId !== PLATFORM_TENANT_ID && isPlatformScreen(screen)) return false;
    const g = await this.grants(tenantId, userId);
    return g.byScreen.get(screen)?.has(action) ?? false;
  }

  private async load(tenantId: number, userId: number): Promise<Grants> {
    const db = this.ctx.db;
    const scope = new TenantScope(db, tenantId);
    const myRoles = await db
      .select({ id: roles.id, allMenus: roles.allMenus })
      .from(userRoles)
      .innerJoin(roles, and(eq(roles.tenantId, userRoles.tenantId), eq(roles.id, userRoles.roleId)))
      .where(scope.where(userRoles, eq(userRoles.userId, userId), eq(userRoles.terminal, 'web'), eq(roles.status, 1)));
    const tenantRows = (
      await db
        .select({ menuId: tenantMenus.menuId, actions: tenantMenus.actions, code: menus.code, component: menus.component })
        .from(tenantMenus)
        .innerJoin(menus, eq(menus.id, tenantMenus.menuId))
        .where(scope.where(tenantMenus, eq(menus.status, 1)))
    ).filter((r) => tenantId === PLATFORM_TENANT_ID || !(isPlatformScreen(r.code) || isPlatformScreen(r.component)));
    // a button switched off (status 0) grants nothing, whoever holds it
    const activeButtons = await db
      .select({ menuId: menuButtons.menuId, code: menuButtons.code })
      .from(menuButtons)
      .where(eq(menuButtons.status, 1));
    const active = new Set(activeButtons.map((b) => `${b.menuId}:${b.code}`));
    const tenantGrant = new Map(tenantRows.map((r) => [r.menuId, new Set(r.actions.filter((a) => active.has(`${r.menuId}:${a}`)))]));
    const codeOf = new Map(tenantRows.map((r) => [r.menuId, r.code]));

    const byMenu = new Map<number, Set<string>>();
    if (myRoles.some((r) => r.allMenus)) {
      for (const [id, acts] of tenantGrant) byMenu.set(id, new Set(acts));
    } else if (myRoles.length) {
      const rows = await db
        .select({ menuId: roleMenus.menuId, actions: roleMenus.actions })
        .from(roleMenus)
        .where(
          scope.where(
            roleMenus,
            inArray(
              roleMenus.roleId,
              myRoles.map((r) => r.id),
            ),
          ),
        );
      for (const r of rows) {
        const allowed = tenantGrant.get(r.menuId);
        if (!allowed) continue;
        const set = byMenu.get(r.menuId) ?? new Set<string>();
        for (const a of r.actions) if (allowed.has(a)) set.add(a);
        byMenu.set(r.menuId, set);
      }
    }
    const byScreen = new Map<string, Set<string>>();
    for (const [id, acts] of byMenu) byScreen.set(codeOf.get(id) ?? '', acts);
    const [me] = await db
      .select({ partyKind: users.partyKind })
      .from(users)
      .where(scope.where(users, eq(users.id, userId)));
    if (me?.partyKind) boundButtons(byScreen, me.partyKind as PartyKind);
    return { byMenu, byScreen };
  }
}

/** Buttons that add rows or change a party itself, which a user bound to a party never presses there. */
const PARTY_WRITES = ['add', 'edit', 'delete', 'import', 'enable', 'disable'];

/**
 * A user bound to a party (users.party_kind): on a screen of party rows it is not scoped by a
 * field of its own (its own party's screen, or a screen naming no field for its kind) it may look,
 * not write — its party is the tenant's to open, change or close. The sets are the user's grants,
 * trimmed in place (byMenu shares them).
 */
function boundButtons(byScreen: Map<string, Set<string>>, kind: PartyKind) {
  for (const def of DECLARED_RESOURCES) {
    const acts = byScreen.get(def.code);
    const fields = partyFieldsOf(def, kind);
    if (!acts || !def.partyScope || (fields.length && !fields.includes('id'))) continue;
    for (const a of PARTY_WRITES) acts.delete(a);
  }
}
