import { randomInt } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type Lang,
  PLATFORM_TENANT_ID,
  TERMINALS,
  USER_TYPE,
  type UserCreate,
  type UserUpdate,
  type userQuery,
  userResource,
} from '@tagloom/domain';
import { type AnyColumn, and, asc, count, desc, eq, ilike, inArray, ne, notInArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext, SessionInfo } from '../../../core/context.js';
import { AppError, conflict, notFound } from '../../../core/errors.js';
import { hashPassword } from '../../../core/passwords.js';
import { PERMISSIONS_CHANGED } from '../../../core/permissions.js';
import { cellOut, excelFields } from '../../../core/resource/excel.js';
import type { SessionService } from '../../../core/sessions.js';
import { PlatformScope, type TenantScope } from '../../../core/tenant-scope.js';
import { checkExportSize, offsetPages, xlsxStream } from '../../../core/xlsx-stream.js';
import type { Tx } from '../../../db/client.js';
import { loginNames, roles, sessions, tenants, userRoles, users } from '../../../db/schema/index.js';
import { createUser, loginKey } from './service.js';

type UserRow = typeof users.$inferSelect;
type RolesByTerminal = Partial<Record<(typeof TERMINALS)[number], number[]>>;
/** The list (and export) query: the filters of userQuery plus a declared sortable field. */
export type UserQuery = z.infer<typeof userQuery> & { sortField?: string; sortOrder?: 'asc' | 'desc' };

/**
 * Columns the list may sort by: the declaration's sortable fields, each mapped to its column here,
 * so a sort parameter only ever picks one of these (it is never put into SQL as text).
 */
export const USER_SORT_FIELDS = userResource.list.filter((f) => f.sort).map((f) => f.key) as [string, ...string[]];
const SORT_COLUMNS: Record<string, AnyColumn> = Object.fromEntries(
  USER_SORT_FIELDS.map((key) => {
    const col = (users as unknown as Record<string, AnyColumn | undefined>)[key];
    if (!col) throw new Error(`general/user: sortable field ${key} has no column`);
    return [key, col];
  }),
);

const like = (v: string) => `%${v.replace(/[\\%_]/g, '\\$&')}%`;
const TEMP_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const tempPassword = () => Array.from({ length: 10 }, () => TEMP_ALPHABET[randomInt(TEMP_ALPHABET.length)]).join('');

/** A user as the screen shows it: no password hash. */
const out = ({ passwordHash: _p, ...u }: UserRow) => u;

/**
 * The platform's user screen over every tenant's users. All cross-tenant reads and writes go
 * through PlatformScope (core/tenant-scope.ts), which refuses tenant sessions.
 */
export class UserAdminService {
  constructor(
    private readonly ctx: AppContext,
    private readonly sessionService: SessionService,
  ) {}

  private ps(session: SessionInfo, db: Tx = this.ctx.db) {
    return PlatformScope.of(session, db);
  }

  /** Roles of the users, per terminal. */
  private async rolesOf(ps: PlatformScope, list: UserRow[]) {
    const byUser = new Map<number, Record<string, { id: number; code: string; name: string }[]>>();
    if (!list.length) return byUser;
    const rows = await ps.db
      .select({ userId: userRoles.userId, terminal: userRoles.terminal, id: roles.id, code: roles.code, name: roles.name })
      .from(userRoles)
      .innerJoin(roles, and(eq(roles.tenantId, userRoles.tenantId), eq(roles.id, userRoles.roleId)))
      .where(
        ps.where(
          userRoles,
          undefined,
          inArray(
            userRoles.userId,
            list.map((u) => u.id),
          ),
        ),
      )
      .orderBy(asc(roles.code));
    for (const r of rows) {
      const m = byUser.get(r.userId) ?? Object.fromEntries(TERMINALS.map((t) => [t, []]));
      m[r.terminal]?.push({ id: r.id, code: r.code, name: r.name });
      byUser.set(r.userId, m);
    }
    return byUser;
  }

  /** The filters of the list and the export. */
  private filters(ps: PlatformScope, q: UserQuery) {
    return ps.where(
      users,
      q.tenantId,
      q.username ? ilike(users.username, like(q.username)) : undefined,
      q.aliasName ? ilike(users.aliasName, like(q.aliasName)) : undefined,
      q.userType !== undefined ? eq(users.userType, q.userType) : undefined,
      q.loginStatus !== undefined ? eq(users.loginStatus, q.loginStatus) : undefined,
    );
  }

  /** A declared sortable field in either direction, else by tenant and user name; ties by id. */
  private order(q: UserQuery): SQL[] {
    const col = q.sortField ? SORT_COLUMNS[q.sortField] : undefined;
    if (!col) return [asc(users.tenantId), asc(users.username), asc(users.id)];
    return [q.sortOrder === 'desc' ? desc(col) : asc(col), asc(users.id)];
  }

  private page(ps: PlatformScope, where: SQL | undefined, q: UserQuery, limit: number, offset: number) {
    return ps.db
      .select({ u: users, tenantCode: tenants.code, tenantName: tenants.name })
      .from(users)
      .innerJoin(tenants, eq(tenants.id, users.tenantId))
      .where(where)
      .orderBy(...this.order(q))
      .limit(limit)
      .offset(offset);
  }

  async list(session: SessionInfo, q: UserQuery) {
    const ps = this.ps(session);
    const where = this.filters(ps, q);
    const [{ total }] = await ps.db.select({ total: count() }).from(users).where(where);
    const rows = await this.page(ps, where, q, q.pageSize, (q.page - 1) * q.pageSize);
    const roleMap = await this.rolesOf(
      ps,
      rows.map((r) => r.u),
    );
    return {
      list: rows.map((r) => ({
        ...out(r.u),
        tenantCode: r.tenantCode,
        tenantName: r.tenantName,
        roles: roleMap.get(r.u.id) ?? Object.fromEntries(TERMINALS.map((t) => [t, []])),
      })),
      total,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  /**
   * The filtered, sorted users (every page) as an .xlsx workbook: the declaration's exported
   * columns labelled in `lang`, enum labels, the tenant by name.
   */
  async exportXlsx(session: SessionInfo, q: UserQuery, lang: Lang): Promise<Readable> {
    const ps = this.ps(session);
    const fields = excelFields(userResource);
    const where = this.filters(ps, q);
    const [{ total }] = await ps.db.select({ total: count() }).from(users).where(where);
    checkExportSize(total);
    const pages = offsetPages(
      total,
      (limit, offset) => this.page(ps, where, q, limit, offset),
      (r) => {
        const row = out(r.u) as Record<string, unknown>;
        return fields.map((f) => (f.key === 'tenantId' ? r.tenantName : cellOut(f, row[f.key], lang)));
      },
    );
    return xlsxStream(
      userResource.names[lang],
      fields.map((f) => f.label[lang]),
      pages,
    );
  }

  /** A user of any tenant by id (user ids come from one identity sequence, so they are unique). */
  private async find(ps: PlatformScope, id: number): Promise<UserRow> {
    const [row] = await ps.db
      .select()
      .from(users)
      .where(ps.where(users, undefined, eq(users.id, id)));
    if (!row) throw notFound('account.user');
    return row;
  }

  async get(session: SessionInfo, id: number) {
    const ps = this.ps(session);
    const u = await this.find(ps, id);
    const roleMap = await this.rolesOf(ps, [u]);
    return { ...out(u), roles: roleMap.get(u.id) ?? Object.fromEntries(TERMINALS.map((t) => [t, []])) };
  }

  /** Platform users are types 1-2, tenant users 3-4 (spec §6: below 3 means plat). */
  private checkType(tenantId: number, userType: number) {
    const platform = tenantId === PLATFORM_TENANT_ID;
    if (platform !== userType < USER_TYPE.TENANT_ADMIN) throw new AppError(400, 400, 'account.userTypeSide', { type: userType });
  }

  /** The roles, per terminal, must be roles of the user's tenant. */
  private async roleGrants(scope: TenantScope, byTerminal: RolesByTerminal | undefined) {
    const grants = TERMINALS.flatMap((terminal) => [...new Set(byTerminal?.[terminal] ?? [])].map((roleId) => ({ roleId, terminal })));
    const ids = [...new Set(grants.map((g) => g.roleId))];
    if (ids.length) {
      const found = await scope.select(roles, inArray(roles.id, ids));
      const missing = ids.find((i) => !found.some((r) => r.id === i));
      if (missing !== undefined) throw new AppError(400, 400, 'account.roleNotOfTenant', { id: missing });
    }
    return grants;
  }

  async create(session: SessionInfo, input: UserCreate) {
    const user = await this.ctx.db.transaction(async (tx) => {
      const ps = this.ps(session, tx);
      const [tenant] = await tx.select().from(tenants).where(eq(tenants.id, input.tenantId));
      if (!tenant) throw notFound('tenant.tenant');
      this.checkType(tenant.id, input.userType);
      const scope = ps.for(tenant.id);
      const grants = await this.roleGrants(scope, input.roles);
      const u = await createUser(tx, tenant.id, tenant.code, {
        username: input.username,
        password: input.password,
        userType: input.userType,
        aliasName: input.aliasName || undefined,
        roles: grants,
        createdBy: session.userId,
      });
      if (input.loginStatus === 0) await scope.update(users, { loginStatus: 0 }, eq(users.id, u.id));
      return u;
    });
    return this.get(session, user.id);
  }

  async update(session: SessionInfo, input: UserUpdate) {
    await this.ctx.db.transaction(async (tx) => {
      const ps = this.ps(session, tx);
      const u = await this.find(ps, input.id);
      const scope = ps.for(u.tenantId);
      if (input.userType !== undefined) {
        this.checkType(u.tenantId, input.userType);
        if (u.userType === USER_TYPE.PLATFORM_ADMIN && input.userType !== u.userType) await this.keepOneAdmin(ps, [u.id]);
      }
      if (input.roles) {
        const grants = await this.roleGrants(scope, input.roles);
        await scope.delete(userRoles, eq(userRoles.userId, u.id));
        if (grants.length)
          await scope.insert(
            userRoles,
            grants.map((g) => ({ ...g, userId: u.id })),
          );
      }
      await scope.update(
        users,
        { aliasName: input.aliasName ?? u.aliasName, userType: input.userType ?? u.userType, updatedAt: new Date() },
        eq(users.id, u.id),
      );
    });
    if (input.roles) await this.ctx.bus.emit(PERMISSIONS_CHANGED);
    return this.get(session, input.id);
  }

  /** Refuse when no allowed platform administrator would be left besides `ids`. */
  private async keepOneAdmin(ps: PlatformScope, ids: number[]) {
    const [{ n }] = await ps.db
      .select({ n: count() })
      .from(users)
      .where(
        ps.where(
          users,
          PLATFORM_TENANT_ID,
          eq(users.userType, USER_TYPE.PLATFORM_ADMIN),
          eq(users.loginStatus, 1),
          notInArray(users.id, ids),
        ),
      );
    if (n === 0) throw conflict('account.lastAdmin');
  }

  private notSelf(session: SessionInfo, rows: UserRow[], key: string) {
    if (rows.some((u) => u.tenantId === session.tenantId && u.id === session.userId)) throw conflict(key);
  }

  private async findAll(ps: PlatformScope, ids: number[]) {
    const rows = await ps.db
      .select()
      .from(users)
      .where(ps.where(users, undefined, inArray(users.id, ids)));
    if (rows.length !== new Set(ids).size) throw notFound('account.user');
    return rows;
  }

  /** Delete users (not yourself, not the last platform administrator), their login names and sessions. */
  async remove(session: SessionInfo, ids: number[]): Promise<number> {
    const n = await this.ctx.db.transaction(async (tx) => {
      const ps = this.ps(session, tx);
      const rows = await this.findAll(ps, ids);
      this.notSelf(session, rows, 'account.deleteSelf');
      if (rows.some((u) => u.tenantId === PLATFORM_TENANT_ID && u.userType === USER_TYPE.PLATFORM_ADMIN)) await this.keepOneAdmin(ps, ids);
      for (const u of rows) {
        await tx.delete(sessions).where(and(eq(sessions.tenantId, u.tenantId), eq(sessions.userId, u.id)));
        await tx.delete(loginNames).where(eq(loginNames.username, loginKey(u.username)));
        await ps.for(u.tenantId).delete(users, eq(users.id, u.id));
      }
      return rows.length;
    });
    await this.ctx.bus.emit(PERMISSIONS_CHANGED);
    return n;
  }

  /** Allow or forbid login; forbidding ends the users' live sessions at once. */
  async setLogin(session: SessionInfo, ids: number[], allowed: boolean): Promise<number> {
    const rows = await this.ctx.db.transaction(async (tx) => {
      const ps = this.ps(session, tx);
      const rows = await this.findAll(ps, ids);
      if (!allowed) {
        this.notSelf(session, rows, 'account.forbidSelf');
        if (rows.some((u) => u.tenantId === PLATFORM_TENANT_ID && u.userType === USER_TYPE.PLATFORM_ADMIN))
          await this.keepOneAdmin(ps, ids);
      }
      for (const u of rows)
        await ps.for(u.tenantId).update(users, { loginStatus: allowed ? 1 : 0, updatedAt: new Date() }, eq(users.id, u.id));
      return rows;
    });
    if (!allowed) for (const u of rows) await this.sessionService.revokeUser(u.tenantId, u.id, 'forbidden');
    return rows.length;
  }

  /** Set the given password, or a generated temporary one that is returned once; ends the user's sessions. */
  async resetPassword(session: SessionInfo, id: number, password?: string): Promise<{ password: string | null }> {
    const ps = this.ps(session);
    const u = await this.find(ps, id);
    const pw = password ?? tempPassword();
    await ps
      .for(u.tenantId)
      .update(users, { passwordHash: await hashPassword(pw), passwordChangedAt: null, updatedAt: new Date() }, eq(users.id, u.id));
    await this.sessionService.revokeUser(
      u.tenantId,
      u.id,
      'passwordReset',
      u.tenantId === session.tenantId && u.id === session.userId ? session.tokenHash : undefined,
    );
    return { password: password ? null : pw };
  }

  /** Roles of one tenant, for the per-terminal role selects of the form. */
  async roleOptions(session: SessionInfo, tenantId: number) {
    const rows = await this.ps(session).for(tenantId).select(roles, ne(roles.status, 0));
    return rows.map((r) => ({ id: r.id, code: r.code, name: r.name, alias: r.alias, terminal: r.terminal }));
  }
}
