import { Code, type Lang, type LoginData, translate } from '@tagloom/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context.js';
import { AppError, badRequest, unauthorized } from '../../core/errors.js';
import { LoginThrottle, ThrottledError } from '../../core/login-throttle.js';
import { assertPasswordPolicy } from '../../core/password-policy.js';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../core/passwords.js';
import type { SessionService } from '../../core/sessions.js';
import { TenantScope } from '../../core/tenant-scope.js';
import { loginLog, loginNames, tenants, users } from '../../db/schema/index.js';
import { findByLoginName, findLogin, loginKey } from '../general/user/service.js';

/** A 400 whose message belongs to one field: data.fields lets the console mark it. */
function fieldError(field: string, key: string, lang?: Lang): AppError {
  return badRequest(key, {}, lang ? { fields: [{ field, message: translate(lang, key) }] } : null);
}

export interface ClientMeta {
  ip: string;
  userAgent: string;
  lang: Lang;
  loginType: string;
}

type User = typeof users.$inferSelect;

export class AuthService {
  readonly throttle: LoginThrottle;
  constructor(
    private readonly ctx: AppContext,
    private readonly sessions: SessionService,
  ) {
    this.throttle = new LoginThrottle(ctx);
  }

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

  /** Check that a user may sign in now; the error key says why not. */
  private async refusal(user: User): Promise<string | undefined> {
    if (user.loginStatus !== 1 || user.status !== 1) return 'auth.forbidden';
    if (user.tenantId !== 0) {
      const [t] = await this.ctx.db.select({ status: tenants.status }).from(tenants).where(eq(tenants.id, user.tenantId));
      if (t?.status !== 1) return 'auth.tenantDisabled';
    }
    return undefined;
  }

  /**
   * Password login. The attempt is reserved with the throttle before the password is checked (a
   * refused one answers 429 and counts nowhere); a right password gives it back.
   */
  async login(username: string, password: string, meta: ClientMeta): Promise<LoginData> {
    let lease: Awaited<ReturnType<LoginThrottle['reserve']>>;
    try {
      lease = await this.throttle.reserve(username, meta.ip);
    } catch (err) {
      if (err instanceof ThrottledError) await this.logAttempt(meta, username, undefined, false, err.key, err.params);
      throw err;
    }
    const found = await findLogin(this.ctx.db, username);
    const valid = await verifyPassword(password, found?.user.passwordHash ?? DUMMY_HASH);
    if (!found || !valid) {
      await this.logAttempt(meta, username, found?.user, false, 'auth.badCredentials');
      throw unauthorized(Code.UNAUTHORIZED, 'auth.badCredentials');
    }
    await this.throttle.succeeded(lease);
    return this.openSession(found.user, meta, username, found.mustChangePassword);
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

  /**
   * Start a session for a user whose identity is proven (password or single sign-on); a password
   * an administrator set (`mustChangePassword`) makes it a session that may only change it.
   */
  async openSession(user: User, meta: ClientMeta, attemptedName = user.username, mustChangePassword = false): Promise<LoginData> {
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
      mustChangePassword,
    });
    await this.logAttempt(meta, attemptedName, user, true, 'auth.loginSuccess');
    return { token, userCode: user.userCode, username: user.username, userType: user.userType, mustChangePassword };
  }

  /**
   * Change one's own password: the current one must be right (a 400 naming the current-password
   * field otherwise), the new one must keep the password policy; every own session ends and a
   * pending forced change is done.
   */
  async changePassword(tenantId: number, userId: number, oldPassword: string, newPassword: string, lang?: Lang): Promise<void> {
    const scope = new TenantScope(this.ctx.db, tenantId);
    const user = await scope.first(users, eq(users.id, userId));
    if (!user || !(await verifyPassword(oldPassword, user.passwordHash)))
      throw fieldError('oldPassword', 'auth.wrongCurrentPassword', lang);
    if (oldPassword === newPassword) throw fieldError('newPassword', 'auth.samePassword', lang);
    await assertPasswordPolicy(this.ctx.db, newPassword, { key: 'newPassword' }, lang);
    const passwordHash = await hashPassword(newPassword);
    // the new password and the end of every old session stand or fall together
    await scope.transaction(async (tx) => {
      await tx.update(users, { passwordHash, passwordChangedAt: new Date() }, eq(users.id, userId));
      await tx.db
        .update(loginNames)
        .set({ mustChangePassword: false })
        .where(eq(loginNames.username, loginKey(user.username)));
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
