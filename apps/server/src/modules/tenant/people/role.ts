// tenant/role: a tenant administrator's own roles, on the generic resource path (tenant scope).
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../../core/context.js';
import { conflict } from '../../../core/errors.js';
import { PERMISSIONS_CHANGED } from '../../../core/permissions.js';
import type { ResourceHooks } from '../../../core/resource/service.js';
import { TenantScope } from '../../../core/tenant-scope.js';
import { userRoles } from '../../../db/schema/index.js';

type Row = Record<string, unknown>;

/** The built-in role (every menu of the tenant) keeps its code, status and terminal and is never deleted. */
const refuseBuiltIn = (role: Row) => {
  throw conflict('role.builtIn', { code: String(role.code) });
};

/**
 * The tenant's roles: any of its administrators edits them (the platform's "only the creator"
 * rule is for platform administrators); the built-in role is kept; a role a user holds is not deleted.
 */
export function tenantRoleHooks(ctx: AppContext): ResourceHooks {
  return {
    async beforeWrite(_tx, _data, { existing, changes }) {
      if (!existing) return;
      const moved = ['status', 'terminal', 'code'].some((k) => changes?.[k] !== undefined && changes[k] !== existing[k]);
      if (existing.allMenus && moved) refuseBuiltIn(existing);
    },
    async beforeDelete(tx, rows, { session }) {
      for (const r of rows) if (r.allMenus) refuseBuiltIn(r);
      const [held] = await new TenantScope(tx, session.tenantId).select(
        userRoles,
        inArray(
          userRoles.roleId,
          rows.map((r) => r.id as number),
        ),
      );
      if (held) throw conflict('role.inUse', { code: String(rows.find((r) => r.id === held.roleId)?.code) });
    },
    afterCommit: () => ctx.bus.emit(PERMISSIONS_CHANGED),
    decorate: async (rows) => rows.map((r) => ({ ...r, builtIn: r.allMenus === true })),
    rowFields: { allMenus: z.boolean(), builtIn: z.boolean() },
    omitRoutes: ['template', 'import'],
  };
}
