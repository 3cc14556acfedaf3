import { int, PLATFORM_TENANT_ID, schemasOf, TERMINALS, USER_TYPE, userCreate, userResource, userUpdate } from '@tagloom/domain';
import { and, asc, count, eq, inArray, notInArray } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext, SessionInfo } from '../../../core/context.js';
import { badRequest, conflict, notFound } from '../../../core/errors.js';
import { LoginThrottle } from '../../../core/login-throttle.js';
import { PERMISSIONS_CHANGED } from '../../../core/permissions.js';
import type { ResourceHooks } from '../../../core/resource/service.js';
import { TenantScope } from '../../../core/tenant-scope.js';
import type { Tx } from '../../../db/client.js';
import { loginNames, roles, sessions, tenants, userRoles, users } from '../../../db/schema/index.js';
import { loginKey, newUserColumns, registerLogin, setMustChangePassword } from './service.js';

type Row = Record<string, unknown>;
type RolesByTerminal = Partial<Record<(typeof TERMINALS)[number], number[]>>;
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const noRoles = () => Object.fromEntries(TERMINALS.map((t) => [t, [] as { id: number; code: string; name: string }[]]));

/** 1/0 or true/false: whether the user must change the password at the next sign-in */
export const mustChange = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')])
  .transform((v) => v === true || v === 1 || v === '1');
export const mustChangeBody = z.object({ mustChangePassword: mustChange.optional() });

/** Platform users are types 1-2, tenant users 3-4 (spec §6: below 3 means plat). */
function checkType(tenantId: number, userType: number) {
  const platform = tenantId === PLATFORM_TENANT_ID;
  if (platform !== userType < USER_TYPE.TENANT_ADMIN) throw badRequest('account.userTypeSide', { type: userType });
}

/** The roles, per terminal, must be roles of the user's tenant. */
async function roleGrants(db: Tx, tenantId: number, byTerminal: RolesByTerminal | undefined) {
  const grants = TERMINALS.flatMap((terminal) => [...new Set(byTerminal?.[terminal] ?? [])].map((roleId) => ({ roleId, terminal })));
  const ids = [...new Set(grants.map((g) => g.roleId))];
  if (ids.length) {
    const found = await new TenantScope(db, tenantId).select(roles, inArray(roles.id, ids));
    const missing = ids.find((i) => !found.some((r) => r.id === i));
    if (missing !== undefined) throw badRequest('account.roleNotOfTenant', { id: missing });
  }
  return grants;
}

/** Refuse when no allowed platform administrator would be left besides `ids`. */
export async function keepOneAdmin(db: Tx, ids: number[]) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(users)
    .where(
      and(
        eq(users.tenantId, PLATFORM_TENANT_ID),
        eq(users.userType, USER_TYPE.PLATFORM_ADMIN),
        eq(users.loginStatus, 1),
        notInArray(users.id, ids),
      ),
    );
  if (n === 0) throw conflict('account.lastAdmin');
}

/** Refuse when the session's own user is among the rows. */
export function notSelf(session: SessionInfo, rows: Row[], key: string) {
  if (rows.some((u) => u.tenantId === session.tenantId && u.id === session.userId)) throw conflict(key);
}

const isPlatformAdmin = (u: Row) => u.tenantId === PLATFORM_TENANT_ID && u.userType === USER_TYPE.PLATFORM_ADMIN;

/**
 * The platform's user screen over every tenant's users, on the generic resource path: a user is
 * created in a chosen tenant (the platform: tenant 0) with a login name no tenant has, a password
 * that keeps the policy, and roles per terminal from that tenant's roles; rows show the tenant, the
 * roles and the sign-in state; nobody deletes themselves or the last platform administrator.
 */
export function userHooks(ctx: AppContext): ResourceHooks {
  const throttle = new LoginThrottle(ctx);

  /** Roles of the users, per terminal. */
  async function rolesOf(list: Row[]) {
    const byUser = new Map<number, Record<string, { id: number; code: string; name: string }[]>>();
    if (!list.length) return byUser;
    const rows = await ctx.db
      .select({ userId: userRoles.userId, terminal: userRoles.terminal, id: roles.id, code: roles.code, name: roles.name })
      .from(userRoles)
      .innerJoin(roles, and(eq(roles.tenantId, userRoles.tenantId), eq(roles.id, userRoles.roleId)))
      .where(
        inArray(
          userRoles.userId,
          list.map((u) => u.id as number),
        ),
      )
      .orderBy(asc(roles.code));
    for (const r of rows) {
      const m = byUser.get(r.userId) ?? noRoles();
      m[r.terminal]?.push({ id: r.id, code: r.code, name: r.name });
      byUser.set(r.userId, m);
    }
    return byUser;
  }

  return {
    body: {
      create: userCreate.and(mustChangeBody),
      update: userUpdate.and(mustChangeBody),
      // the platform's own users are tenant 0, which no tenant row names
      query: schemasOf(userResource).query.extend({ tenantId: z.preprocess(blank, int(0).optional()) }),
    },
    async beforeWrite(tx, data, { session, existing, changes, lang }) {
      if (existing) {
        const tenantId = existing.tenantId as number;
        if (changes?.userType !== undefined) {
          checkType(tenantId, Number(changes.userType));
          if (existing.userType === USER_TYPE.PLATFORM_ADMIN && changes.userType !== existing.userType)
            await keepOneAdmin(tx, [existing.id as number]);
        }
        if (changes?.roles) changes.roleGrants = await roleGrants(tx, tenantId, changes.roles as RolesByTerminal);
        return;
      }
      const [tenant] = await tx
        .select({ id: tenants.id, code: tenants.code })
        .from(tenants)
        .where(eq(tenants.id, Number(data.tenantId)));
      if (!tenant) throw notFound('tenant.tenant');
      checkType(tenant.id, Number(data.userType));
      data.roleGrants = await roleGrants(tx, tenant.id, data.roles as RolesByTerminal);
      const columns = await newUserColumns(
        tx,
        tenant.code,
        {
          username: String(data.username),
          password: String(data.password),
          userType: Number(data.userType),
          aliasName: (data.aliasName as string) || undefined,
          createdBy: session.userId,
        },
        lang,
      );
      Object.assign(data, columns);
    },
    async afterWrite(tx, row, { body, existing }) {
      const grants = body.roleGrants as { roleId: number; terminal: string }[] | undefined;
      const user = { tenantId: row.tenantId as number, id: row.id as number, username: String(row.username) };
      if (!existing) {
        await registerLogin(tx, user, { mustChangePassword: body.mustChangePassword === true, roles: grants });
        return;
      }
      if (body.mustChangePassword !== undefined) await setMustChangePassword(tx, user.username, body.mustChangePassword === true);
      if (grants) {
        const scope = new TenantScope(tx, user.tenantId);
        await scope.delete(userRoles, eq(userRoles.userId, user.id));
        if (grants.length)
          await scope.insert(
            userRoles,
            grants.map((g) => ({ ...g, userId: user.id })),
          );
      }
    },
    async beforeDelete(tx, rows, { session }) {
      notSelf(session, rows, 'account.deleteSelf');
      if (rows.some(isPlatformAdmin))
        await keepOneAdmin(
          tx,
          rows.map((u) => u.id as number),
        );
      for (const u of rows) {
        await tx.delete(sessions).where(and(eq(sessions.tenantId, u.tenantId as number), eq(sessions.userId, u.id as number)));
        await tx.delete(loginNames).where(eq(loginNames.username, loginKey(String(u.username))));
      }
    },
    afterCommit: () => ctx.bus.emit(PERMISSIONS_CHANGED),
    /** no password hash; the tenant, the roles per terminal, a pending forced password change, a throttle lock */
    async decorate(rows) {
      const tenantIds = [...new Set(rows.map((r) => r.tenantId as number))];
      const tenantRows = tenantIds.length
        ? await ctx.db
            .select({ id: tenants.id, code: tenants.code, name: tenants.name })
            .from(tenants)
            .where(inArray(tenants.id, tenantIds))
        : [];
      const tenantOf = new Map(tenantRows.map((t) => [t.id, t]));
      const roleMap = await rolesOf(rows);
      const keys = rows.map((u) => loginKey(String(u.username)));
      const flags = keys.length
        ? await ctx.db
            .select({ u: loginNames.username, must: loginNames.mustChangePassword })
            .from(loginNames)
            .where(inArray(loginNames.username, keys))
        : [];
      const must = new Set(flags.filter((f) => f.must).map((f) => f.u));
      const locked = await throttle.lockedOf(keys);
      return rows.map(({ passwordHash: _p, ...u }) => {
        const key = loginKey(String(u.username));
        const tenant = tenantOf.get(u.tenantId as number);
        return {
          ...u,
          tenantCode: tenant?.code ?? '',
          tenantName: tenant?.name ?? '',
          roles: roleMap.get(u.id as number) ?? noRoles(),
          mustChangePassword: must.has(key) ? 1 : 0,
          locked: locked.has(key),
        };
      });
    },
    rowFields: {
      tenantId: z.number(),
      userCode: z.string(),
      status: z.number(),
      lang: z.string(),
      tenantCode: z.string(),
      tenantName: z.string(),
      roles: z.record(z.string(), z.array(z.object({ id: z.number(), code: z.string(), name: z.string() }))),
      /** 1: the password was set by an administrator and must be changed at the next sign-in */
      mustChangePassword: z.number().int(),
      /** sign-ins under this name are held back by the login throttle right now */
      locked: z.boolean(),
    },
    refLabels: { tenantId: 'tenantName' },
    omitRoutes: ['template', 'import'],
  };
}
