import { randomInt } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type CharClass,
  type Lang,
  type PasswordRule,
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
import { assertPasswordPolicy, currentPasswordRule } from '../../auth/policy.js';
import { LoginThrottle } from '../../auth/throttle.js';
import { createUser, loginKey, setMustChangePassword } from './service.js';

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
/** characters of generated passwords, by kind (no look-alikes such as l/1, O/0) */
const TEMP_SETS: Record<CharClass, string> = {
  upper: 'ABCDEFGHJKLMNPQRSTUVWXYZ',
  lower: 'abcdefghijkmnopqrstuvwxyz',
  letter: 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz',
  digit: '23456789',
  symbol: '!#$%&*+-=?@^_',
};
const pick = (set: string) => set[randomInt(set.length)];
/**
 * A temporary password that keeps the rule: at least 10 characters (or the rule's minimum), one of
 * every kind the rule asks for, the rest letters and digits, shuffled.
 */
function tempPassword(rule: PasswordRule): string {
  const length = Math.max(10, rule.minLength);
  const chars = rule.classes.map((c) => pick(TEMP_SETS[c]));
  const rest = TEMP_SETS.letter + TEMP_SETS.digit;
  while (chars.length < length) chars.push(pick(rest));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

/** A user as the screen shows it: no password hash. */
const out = ({ passwordHash: _p, ...u }: UserRow) => u;

/**
 * The platform's user screen over every tenant's users. All cross-tenant reads and writes go
 * through PlatformScope (core/tenant-scope.ts), which refuses tenant sessions.
 */
export class UserAdminService {
  private readonly throttle: LoginThrottle;
  constructor(
    private readonly ctx: AppContext,
    private readonly sessionService: SessionService,
  ) {
    this.throttle = new LoginThrottle(ctx);
  }

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
    const signIn = await this.signInStates(rows.map((r) => r.u));
    return {
      list: rows.map((r) => ({
        ...out(r.u),
        ...signIn(r.u),
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

  /**
   * Sign-in state of users: a pending forced password change, and whether sign-ins under the name
   * are held back by the login throttle right now (an administrator may unlock them).
   */
  private async signInStates(list: UserRow[]) {
    const keys = list.map((u) => loginKey(u.username));
    const flags = keys.length
      ? await this.ctx.db
          .select({ u: loginNames.username, must: loginNames.mustChangePassword })
          .from(loginNames)
          .where(inArray(loginNames.username, keys))
      : [];
    const must = new Set(flags.filter((f) => f.must).map((f) => f.u));
    const locked = await this.throttle.lockedOf(keys);
    return (u: UserRow) => ({ mustChangePassword: must.has(loginKey(u.username)) ? 1 : 0, locked: locked.has(loginKey(u.username)) });
  }

  async get(session: SessionInfo, id: number) {
    const ps = this.ps(session);
    const u = await this.find(ps, id);
    const roleMap = await this.rolesOf(ps, [u]);
    const signIn = await this.signInStates([u]);
    return { ...out(u), ...signIn(u), roles: roleMap.get(u.id) ?? Object.fromEntries(TERMINALS.map((t) => [t, []])) };
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

  /**
   * Add a user. Its password must keep the password policy; `mustChangePassword` (the console
   * always sends it, on unless the administrator turns it off) makes the first sign-in change it.
   */
  async create(session: SessionInfo, input: UserCreate & { mustChangePassword?: boolean }, lang?: Lang) {
    await assertPasswordPolicy(this.ctx.db, input.password, { key: 'password', label: userResource.labels.password }, lang);
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
        mustChangePassword: input.mustChangePassword ?? false,
      });
      if (input.loginStatus === 0) await scope.update(users, { loginStatus: 0 }, eq(users.id, u.id));
      return u;
    });
    return this.get(session, user.id);
  }

  async update(session: SessionInfo, input: UserUpdate & { mustChangePassword?: boolean }) {
    await this.ctx.db.transaction(async (tx) => {
      const ps = this.ps(session, tx);
      const u = await this.find(ps, input.id);
      if (input.mustChangePassword !== undefined) await setMustChangePassword(tx, u.username, input.mustChangePassword);
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

  /**
   * Set the given password (it must keep the password policy), or a generated temporary one that
   * keeps it and is returned once; ends the user's sessions. Unless `mustChangePassword` is false,
   * the user must change it at the next sign-in.
   */
  async resetPassword(
    session: SessionInfo,
    id: number,
    password?: string,
    opts: { mustChangePassword?: boolean; lang?: Lang } = {},
  ): Promise<{ password: string | null }> {
    const ps = this.ps(session);
    const u = await this.find(ps, id);
    if (password !== undefined)
      await assertPasswordPolicy(this.ctx.db, password, { key: 'password', label: userResource.labels.password }, opts.lang);
    const pw = password ?? tempPassword(await currentPasswordRule(this.ctx.db));
    const passwordHash = await hashPassword(pw);
    await ps.for(u.tenantId).transaction(async (tx) => {
      await tx.update(users, { passwordHash, passwordChangedAt: null, updatedAt: new Date() }, eq(users.id, u.id));
      await setMustChangePassword(tx.db, u.username, opts.mustChangePassword ?? true);
    });
    await this.sessionService.revokeUser(
      u.tenantId,
      u.id,
      'passwordReset',
      u.tenantId === session.tenantId && u.id === session.userId ? session.tokenHash : undefined,
    );
    return { password: password ? null : pw };
  }

  /** Lift the login throttle's blocks on these users' names (their trusted addresses stay trusted). */
  async unlock(session: SessionInfo, ids: number[]): Promise<number> {
    const rows = await this.findAll(this.ps(session), ids);
    await this.throttle.unlock(rows.map((u) => u.username));
    return rows.length;
  }

  /** Roles of one tenant, for the per-terminal role selects of the form. */
  async roleOptions(session: SessionInfo, tenantId: number) {
    const rows = await this.ps(session).for(tenantId).select(roles, ne(roles.status, 0));
    return rows.map((r) => ({ id: r.id, code: r.code, name: r.name, alias: r.alias, terminal: r.terminal }));
  }
}
