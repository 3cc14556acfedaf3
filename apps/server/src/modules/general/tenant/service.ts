import { PLATFORM_TENANT_ID, type TemplateType } from '@tagloom/domain';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AppContext, SessionInfo } from '../../../core/context.js';
import { notFound } from '../../../core/errors.js';
import { PlatformScope } from '../../../core/tenant-scope.js';
import type { Tx } from '../../../db/client.js';
import { sessions, tenantMenus, tenants } from '../../../db/schema/index.js';
import { grantTree, isPlatformMenu, loadMenus } from '../menu/grants.js';

/** Screens a tenant may be granted: tenant-side (T) and shared (B) screens, never a platform-only one (whatever its side says). */
export const TENANT_SIDES = ['T', 'B'];

/** The template resources each template id must point at. */
export const TEMPLATE_SCREENS: Record<TemplateType, string> = {
  goodsAttr: 'general/template-goods-attr',
  locationAttr: 'general/template-location-attr',
  codingRule: 'general/template-coding-rule',
};

/** What a tenant points at: one template of each type and its group. */
export type TenantRefKind = TemplateType | 'group';
const REF_COLUMNS: Record<TenantRefKind, PgColumn> = {
  goodsAttr: tenants.goodsAttrTemplateId,
  locationAttr: tenants.locationAttrTemplateId,
  codingRule: tenants.codingRuleTemplateId,
  group: tenants.groupId,
};

/** What a tenant may be granted: tenant-side screens with their buttons; platform-only screens never. */
export async function grantable(db: Tx) {
  const { rows, screens } = await loadMenus(db);
  const allowed = new Map<number, Set<string>>();
  for (const s of screens.values()) if (TENANT_SIDES.includes(s.side) && !isPlatformMenu(s)) allowed.set(s.id, new Set(s.buttons.keys()));
  return { rows, screens, allowed };
}

/**
 * What the tenant screen does beyond the generic resource (list, get, create, update, delete and
 * export, with the hooks in ./tenant-hooks.ts): enable and disable, the grantable menu tree, and
 * which tenants use a template or group.
 */
export class TenantService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * Tenants (the platform row aside) that point at any of `ids` as their template of `kind` or their
   * group, with the id they point at. Other modules ask this before deleting such rows.
   */
  async tenantsUsing(kind: TenantRefKind, ids: number[], db: Tx = this.ctx.db) {
    if (!ids.length) return [];
    const col = REF_COLUMNS[kind];
    return db
      .select({ id: tenants.id, code: tenants.code, name: tenants.name, refId: sql<number>`${col}`.mapWith(Number) })
      .from(tenants)
      .where(and(inArray(col, ids), ne(tenants.id, PLATFORM_TENANT_ID)))
      .orderBy(asc(tenants.code));
  }

  /** Enable or disable tenants; disabling ends every live session of their users at once. */
  async setStatus(session: SessionInfo, ids: number[], status: 0 | 1): Promise<number> {
    return this.ctx.db.transaction(async (tx) => {
      PlatformScope.of(session, tx);
      const rows = await tx
        .update(tenants)
        .set({ status, updatedAt: new Date() })
        .where(and(inArray(tenants.id, ids), ne(tenants.id, PLATFORM_TENANT_ID)))
        .returning({ id: tenants.id });
      if (rows.length !== new Set(ids).size) throw notFound('tenant.tenant');
      if (status === 0) {
        await tx
          .update(sessions)
          .set({ revokedAt: new Date(), revokeReason: 'tenantDisabled' })
          .where(and(inArray(sessions.tenantId, ids), isNull(sessions.revokedAt)));
      }
      return rows.length;
    });
  }

  /** The tree of grantable (tenant-side) screens with their buttons, and what the tenant has (when id is given). */
  async menus(session: SessionInfo, id?: number) {
    const ps = PlatformScope.of(session, this.ctx.db);
    const { rows, screens, allowed } = await grantable(this.ctx.db);
    const granted = new Map<number, string[]>();
    if (id) {
      const [row] = await this.ctx.db
        .select({ id: tenants.id })
        .from(tenants)
        .where(and(eq(tenants.id, id), ne(tenants.id, PLATFORM_TENANT_ID)));
      if (!row) throw notFound('tenant.tenant');
      for (const g of await ps.for(id).select(tenantMenus)) granted.set(g.menuId, g.actions);
    }
    const offered = new Map(
      [...allowed.keys()].map((mid) => [mid, [...screens.get(mid)!.buttons].map(([code, names]) => ({ code, names }))]),
    );
    return grantTree(rows, offered, granted);
  }
}
