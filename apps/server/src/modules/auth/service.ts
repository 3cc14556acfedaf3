import { Code, type Lang, type LoginData, translate } from '@tagloom/domain';
import { and, count, eq, gte, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.js';
import { AppError, badRequest, unauthorized } from '../../core/errors.js';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../core/passwords.js';
import type { SessionService } from '../../core/sessions.js';
import { TenantScope } from '../../core/tenant-scope.js';
import { loginLog, tenants, users } from '../../db/schema/index.js';
import { findByLoginName, loginKey } from '../general/user/service.js';

export interface ClientMeta {
  ip: string;
  userAgent: string;
  lang: Lang;
  loginType: string;
}

type User = typeof users.$inferSelect;

export class AuthService {
  constructor(
    private readonly ctx: AppContext,
    private readonly sessions: SessionService,
  ) {}

  private async logAttempt(
    meta: ClientMeta,
    username: string,
    user: User | undefined,
    ok: boolean,
    messageKey: string,
    params: Record<string, unknown> = {},
  ) {
    await this.ctx.db.insert(loginLog).values({
      tenantId: user?.tenantId ?? 0,
      userId: user?.id ?? null,
      username: username.slice(0, 64),
      ip: meta.ip,
      userAgent: meta.userAgent.slice(0, 500),
      loginType: meta.loginType,
      result: ok ? 1 : 0,
      message: translate('en_US', messageKey, params).slice(0, 500),
    });
  }

  /** Too many recent failures for this user name or this address: refuse before checking the password. */
  private async throttled(username: string, ip: string): Promise<boolean> {
    const { loginMaxFailures: max, loginFailureWindowMinutes: minutes } = this.ctx.config;
    const since = new Date(Date.now() - minutes * 60_000);
    const [row] = await this.ctx.db
      .select({
        byName: sql<number>`count(*) filter (where lower(${loginLog.username}) = ${loginKey(username)})`.mapWith(Number),
        byIp: count(),
      })
      .from(loginLog)
      .where(
        and(
          gte(loginLog.createdAt, since),
          eq(loginLog.result, 0),
          or(eq(loginLog.ip, ip), sql`lower(${loginLog.username}) = ${loginKey(username)}`),
        ),
      );
    return (row?.byName ?? 0) >= max || (row?.byIp ?? 0) >= max * 4;
  }

  /** Check that a user may sign in now; the error key says why not. */
  private async refusal(user: User): Promise<string | undefined> {
    if (user.loginStatus !== 1 || user.status !== 1) return 'auth.forbidden';
    if (user.tenantId !== 0) {
      const [t] = await this.ctx.db.select({ status: tenants.status }).from(tenants).where(eq(tenants.id, user.tenantId));
      if (t?.status !== 1) return 'auth.tenantDisabled';
    }
    return undefined;
  }

  async login(username: string, password: string, meta: ClientMeta): Promise<LoginData> {
    const minutes = this.ctx.config.loginFailureWindowMinutes;
    if (await this.throttled(username, meta.ip)) {
      await this.logAttempt(meta, username, undefined, false, 'auth.throttled');
      throw new AppError(429, Code.TOO_MANY, 'auth.throttled', { minutes });
    }
    const user = await findByLoginName(this.ctx.db, username);
    const valid = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !valid) {
      await this.logAttempt(meta, username, user, false, 'auth.badCredentials');
      throw unauthorized(Code.UNAUTHORIZED, 'auth.badCredentials');
    }
    return this.openSession(user, meta, username);
  }

  /**
   * Finish single sign-on: `claimedName` asks the identity provider who signed in. Every outcome
   * goes to the login log, failures at the provider included.
   */
  async ssoLogin(claimedName: () => Promise<string>, meta: ClientMeta): Promise<LoginData> {
    let name = '';
    try {
      name = await claimedName();
      const user = name ? await findByLoginName(this.ctx.db, name) : undefined;
      if (!user) throw new AppError(401, Code.UNAUTHORIZED, 'auth.ssoNoAccount', { name });
      return await this.openSession(user, meta, name);
    } catch (err) {
      // openSession logs its own refusals
      if (err instanceof AppError && err.key !== 'auth.forbidden' && err.key !== 'auth.tenantDisabled') {
        await this.logAttempt(meta, name || '(single sign-on)', undefined, false, err.key, err.params);
      }
      throw err;
    }
  }

  /** Start a session for a user whose identity is proven (password or single sign-on). */
  async openSession(user: User, meta: ClientMeta, attemptedName = user.username): Promise<LoginData> {
    const refusal = await this.refusal(user);
    if (refusal) {
      await this.logAttempt(meta, attemptedName, user, false, refusal);
      throw new AppError(403, Code.FORBIDDEN, refusal);
    }
    const token = await this.sessions.create({
      tenantId: user.tenantId,
      userId: user.id,
      loginType: meta.loginType,
      lang: meta.lang,
      ip: meta.ip,
      userAgent: meta.userAgent.slice(0, 500),
    });
    await this.logAttempt(meta, attemptedName, user, true, 'auth.loginSuccess');
    return { token, userCode: user.userCode, username: user.username, userType: user.userType };
  }

  async changePassword(tenantId: number, userId: number, oldPassword: string, newPassword: string): Promise<void> {
    const scope = new TenantScope(this.ctx.db, tenantId);
    const user = await scope.first(users, eq(users.id, userId));
    if (!user || !(await verifyPassword(oldPassword, user.passwordHash))) throw badRequest('auth.wrongCurrentPassword');
    if (oldPassword === newPassword) throw badRequest('auth.samePassword');
    const passwordHash = await hashPassword(newPassword);
    // the new password and the end of every old session stand or fall together
    await scope.transaction(async (tx) => {
      await tx.update(users, { passwordHash, passwordChangedAt: new Date() }, eq(users.id, userId));
      await this.sessions.revokeUser(tenantId, userId, 'password', undefined, tx.db);
    });
  }

  async userInfo(tenantId: number, userId: number) {
    const scope = new TenantScope(this.ctx.db, tenantId);
    const user = await scope.first(users, eq(users.id, userId));
    const [tenant] = await this.ctx.db.select().from(tenants).where(eq(tenants.id, tenantId));
    return { user, tenant };
  }

  async setUserLang(tenantId: number, userId: number, lang: Lang): Promise<void> {
    await new TenantScope(this.ctx.db, tenantId).update(users, { lang }, eq(users.id, userId));
  }
}
