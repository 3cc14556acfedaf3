import {
  type MenuGrant,
  PLATFORM_TENANT_ID,
  TEMPLATE_TYPES,
  type TemplateType,
  templateField,
  templatesOf,
  tenantCreate,
  tenantResource,
  tenantUpdate,
  USER_TYPE,
} from '@tagloom/domain';
import { and, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { AppContext } from '../../../core/context.js';
import { badRequest, conflict } from '../../../core/errors.js';
import { PERMISSIONS_CHANGED } from '../../../core/permissions.js';
import type { ResourceHooks } from '../../../core/resource/service.js';
import { TenantScope } from '../../../core/tenant-scope.js';
import type { Tx } from '../../../db/client.js';
import {
  files,
  jobs,
  loginNames,
  RESOURCE_TABLES,
  roleMenus,
  roles,
  sessions,
  tenantGroups,
  tenantMenus,
  tenants,
  users,
} from '../../../db/schema/index.js';
import { checkGrants, refusePlatformScreens } from '../menu/grants.js';
import { createUser, loginKey } from '../user/service.js';
import { grantable, TEMPLATE_SCREENS } from './service.js';

type Row = Record<string, unknown>;
// biome-ignore lint/suspicious/noExplicitAny: resource tables are built from declarations
type AnyTable = PgTable & Record<string, any>;
const grantKeys = { menu: 'tenant.menuNotGrantable', action: 'tenant.actionNotGrantable' };
const grant = z.object({ menuId: z.number(), actions: z.array(z.string()) });

/**
 * Each chosen template must exist in its template table, and a chosen group in the groups. The
 * rows are share-locked until the transaction ends, so that a concurrent delete (which locks them
 * for update before asking tenantsUsing) cannot slip between this check and the write.
 */
async function checkTemplates(db: Tx, ids: Partial<Record<TemplateType, number>>, groupId?: unknown) {
  for (const t of TEMPLATE_TYPES) {
    if (ids[t] === undefined) continue;
    const table = (RESOURCE_TABLES as Record<string, AnyTable>)[TEMPLATE_SCREENS[t]];
    const [row] = await db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.id, ids[t]!), table.tenantId ? eq(table.tenantId, PLATFORM_TENANT_ID) : undefined))
      .limit(1)
      .for('share');
    if (!row) throw badRequest('tenant.templateNotFound', { what: tenantResource.labels[templateField(t)] });
  }
  if (groupId) {
    const [row] = await db
      .select({ id: tenantGroups.id })
      .from(tenantGroups)
      .where(eq(tenantGroups.id, Number(groupId)))
      .limit(1)
      .for('share');
    if (!row) throw badRequest('tenant.templateNotFound', { what: tenantResource.labels.groupId });
  }
}

/** The grants asked for, checked against what a tenant may be granted (platform-only screens never). */
async function checkedGrants(tx: Tx, menus: MenuGrant[]) {
  const { allowed, screens } = await grantable(tx);
  refusePlatformScreens(menus, screens);
  return checkGrants(menus, allowed, grantKeys);
}

/**
 * The tenant screen on the generic resource path. A tenant is created with its menu grants, a
 * TENANT_ADMIN role and its admin user in one transaction; `menus` on update replaces its grants
 * (role grants keep only menus the tenant still has); a delete is refused while the tenant has
 * users besides its admin or any data, and takes its admin, roles and grants with it. The
 * platform's own tenant row is never listed, read or written here.
 */
export function tenantHooks(ctx: AppContext): ResourceHooks {
  return {
    body: { create: tenantCreate, update: tenantUpdate },
    scope: () => ne(tenants.id, PLATFORM_TENANT_ID),
    async beforeWrite(tx, data, { existing, changes }) {
      // the templates picked as a list become the three columns
      const target = changes ?? data;
      const { ids } = templatesOf(target as never);
      for (const t of TEMPLATE_TYPES) if (ids[t] !== undefined) target[templateField(t)] = ids[t];
      await checkTemplates(tx, ids, target.groupId);
      if (Array.isArray(target.menus)) target.menus = await checkedGrants(tx, target.menus as MenuGrant[]);
      if (!existing) {
        data.adminUsername = String(data.adminUsername).trim();
        data.groupId ??= null;
      }
    },
    async afterWrite(tx, row, { session, body, existing }) {
      const scope = new TenantScope(tx, row.id as number);
      const grants = body.menus as MenuGrant[] | undefined;
      if (existing) {
        if (!grants) return;
        await scope.delete(tenantMenus);
        await scope.insert(tenantMenus, grants);
        // role grants keep only menus the tenant still has (buttons are intersected when read)
        await scope.delete(
          roleMenus,
          notInArray(
            roleMenus.menuId,
            grants.map((g) => g.menuId),
          ),
        );
        return;
      }
      await scope.insert(tenantMenus, grants ?? []);
      const [adminRole] = await scope.insert(roles, {
        code: 'TENANT_ADMIN',
        name: '租户管理员',
        alias: 'Tenant administrator',
        allMenus: true,
        createdBy: session.userId,
      });
      await createUser(tx, row.id as number, String(row.code), {
        username: String(body.adminUsername),
        password: String(body.password),
        userType: USER_TYPE.TENANT_ADMIN,
        roleIds: [adminRole.id],
        createdBy: session.userId,
      });
    },
    async beforeDelete(tx, rows) {
      for (const t of rows) {
        const id = t.id as number;
        const scope = new TenantScope(tx, id);
        const others = (await scope.select(users)).filter((u) => loginKey(u.username) !== loginKey(String(t.adminUsername ?? '')));
        if (others.length) throw conflict('tenant.hasUsers', { name: String(t.name), count: others.length });
        const dataTables: AnyTable[] = [
          files,
          ...Object.values(RESOURCE_TABLES as Record<string, AnyTable>).filter((table) => table.tenantId),
        ];
        for (const table of dataTables) {
          const [hit] = await tx.select({ one: sql`1` }).from(table).where(eq(table.tenantId, id)).limit(1);
          if (hit) throw conflict('tenant.hasData', { name: String(t.name) });
        }
        await tx.delete(sessions).where(eq(sessions.tenantId, id));
        await tx.delete(loginNames).where(eq(loginNames.tenantId, id));
        await scope.delete(users);
        await scope.delete(roles);
        await scope.delete(tenantMenus);
        await scope.delete(jobs);
      }
    },
    afterCommit: () => ctx.bus.emit(PERMISSIONS_CHANGED),
    /** the group's name on every row; a single tenant also with its menu grants */
    async decorate(rows, { detail }) {
      const groupIds = [...new Set(rows.map((r) => r.groupId).filter((g): g is number => typeof g === 'number'))];
      const groups = groupIds.length
        ? await ctx.db.select({ id: tenantGroups.id, name: tenantGroups.name }).from(tenantGroups).where(inArray(tenantGroups.id, groupIds))
        : [];
      const nameOf = new Map(groups.map((g) => [g.id, g.name]));
      const out: Row[] = rows.map((r) => ({ ...r, groupName: nameOf.get(r.groupId as number) ?? '' }));
      if (detail)
        for (const r of out) {
          const grants = await new TenantScope(ctx.db, r.id as number).select(tenantMenus);
          r.menus = grants.map((g) => ({ menuId: g.menuId, actions: g.actions }));
        }
      return out;
    },
    rowFields: { groupName: z.string(), menus: z.array(grant).optional() },
    refLabels: { groupId: 'groupName' },
    omitRoutes: ['template', 'import'],
  };
}
