import { int, PLATFORM_TENANT_ID, roleResource, schemasOf } from '@tagloom/domain';
import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext, SessionInfo } from '../../../core/context.js';
import { AppError, conflict, notFound } from '../../../core/errors.js';
import { PERMISSIONS_CHANGED } from '../../../core/permissions.js';
import type { ResourceHooks } from '../../../core/resource/service.js';
import { tenants, userRoles } from '../../../db/schema/index.js';

type Row = Record<string, unknown>;
/** Who manages the roles: the platform (general/role) or a tenant's administrators (tenant/role, tenant/permission). */
export type RoleOwner = 'platform' | 'tenant';
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

/** "A platform administrator can only edit or delete roles it created." */
export function ownRole(session: SessionInfo, role: Row) {
  if (role.createdBy !== session.userId) throw new AppError(403, 403, 'role.notCreator');
}

/** A built-in role (all menus) keeps its code, status and terminal, and is never deleted. */
const refuseBuiltIn = (role: Row) => {
  throw conflict('role.builtIn', { code: String(role.code) });
};

/** The flags the screen shows per row: built-in, and created by the caller. */
export const roleView = <R extends Row>(r: R, session: SessionInfo) => ({
  ...r,
  builtIn: r.allMenus === true,
  mine: r.createdBy === session.userId,
});

/**
 * The role screens' rules on the generic resource path. The platform's (general/role): roles of
 * the platform (tenant 0) or of a chosen tenant, the platform's listed unless a tenant is chosen,
 * each edited and deleted by its creator only. A tenant's (tenant/role, held to its tenant by the
 * tenant scope): any of its administrators edits them. Both: built-in roles keep their code,
 * status and terminal and are never deleted; a role a user holds is kept.
 */
export function roleHooks(ctx: AppContext, owner: RoleOwner = 'platform'): ResourceHooks {
  const platform = owner === 'platform';
  return {
    body: platform
      ? { query: schemasOf(roleResource).query.extend({ tenantId: z.preprocess(blank, int(0).default(PLATFORM_TENANT_ID)) }) }
      : undefined,
    async beforeWrite(tx, data, { session, existing, changes }) {
      if (!existing) {
        if (!platform) return;
        const [tenant] = await tx
          .select({ id: tenants.id })
          .from(tenants)
          .where(eq(tenants.id, Number(data.tenantId ?? PLATFORM_TENANT_ID)));
        if (!tenant) throw notFound('tenant.tenant');
        return;
      }
      if (platform) ownRole(session, existing);
      const moved = ['status', 'terminal', 'code'].some((k) => changes?.[k] !== undefined && changes[k] !== existing[k]);
      if (existing.allMenus && moved) refuseBuiltIn(existing);
    },
    async beforeDelete(tx, rows, { session }) {
      for (const r of rows) {
        if (r.allMenus) refuseBuiltIn(r);
        if (platform) ownRole(session, r);
      }
      const [held] = await tx
        .select({ roleId: userRoles.roleId })
        .from(userRoles)
        .where(
          inArray(
            userRoles.roleId,
            rows.map((r) => r.id as number),
          ),
        )
        .limit(1);
      if (held) throw conflict('role.inUse', { code: String(rows.find((r) => r.id === held.roleId)?.code) });
    },
    afterCommit: () => ctx.bus.emit(PERMISSIONS_CHANGED),
    decorate: async (rows, { session }) => rows.map((r) => (platform ? roleView(r, session) : { ...r, builtIn: r.allMenus === true })),
    rowFields: platform
      ? {
          tenantId: z.number(),
          allMenus: z.boolean(),
          /** built-in (all menus): never deleted */
          builtIn: z.boolean(),
          /** created by the caller: may be edited, assigned and deleted by it */
          mine: z.boolean(),
        }
      : { allMenus: z.boolean(), builtIn: z.boolean() },
    omitRoutes: ['template', 'import'],
  };
}
