import { randomInt } from 'node:crypto';
import { type CharClass, type Lang, type PasswordRule, PLATFORM_TENANT_ID, USER_TYPE, userResource } from '@tagloom/domain';
import { eq, inArray, ne } from 'drizzle-orm';
import type { AppContext, SessionInfo } from '../../../core/context.js';
import { notFound } from '../../../core/errors.js';
import { LoginThrottle } from '../../../core/login-throttle.js';
import { assertPasswordPolicy, currentPasswordRule } from '../../../core/password-policy.js';
import { hashPassword } from '../../../core/passwords.js';
import type { SessionService } from '../../../core/sessions.js';
import { PlatformScope, type Reach } from '../../../core/tenant-scope.js';
import type { Tx } from '../../../db/client.js';
import { roles, users } from '../../../db/schema/index.js';
import { keepOneAdmin, notSelf } from './hooks.js';
import { setMustChangePassword } from './service.js';

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

/**
 * What the user screen does beyond the generic resource (list, get, create, update, delete and
 * export, with the hooks in ./hooks.ts): allow or forbid login, reset a password, lift the login
 * throttle's blocks, the role options of a tenant. Cross-tenant reads and writes go through
 * PlatformScope (core/tenant-scope.ts), which refuses tenant sessions.
 */
export class UserAdminService {
  private readonly throttle: LoginThrottle;
  /**
   * `scopeOf`: whose users a session reaches — every tenant's for a platform session (the
   * default); a tenant's own user screen (tenant/user) passes one limited to the session's tenant.
   */
  constructor(
    private readonly ctx: AppContext,
    private readonly sessionService: SessionService,
    private readonly scopeOf: (session: SessionInfo, db: Tx) => Reach = (session, db) => PlatformScope.of(session, db),
  ) {
    this.throttle = new LoginThrottle(ctx);
  }

  private ps(session: SessionInfo, db: Tx = this.ctx.db) {
    return this.scopeOf(session, db);
  }

  private async findAll(ps: Reach, ids: number[]) {
    const rows = await ps.db
      .select()
      .from(users)
      .where(ps.where(users, undefined, inArray(users.id, ids)));
    if (rows.length !== new Set(ids).size) throw notFound('account.user');
    return rows;
  }

  /** Allow or forbid login; forbidding ends the users' live sessions at once. */
  async setLogin(session: SessionInfo, ids: number[], allowed: boolean): Promise<number> {
    const rows = await this.ctx.db.transaction(async (tx) => {
      const ps = this.ps(session, tx);
      const rows = await this.findAll(ps, ids);
      if (!allowed) {
        notSelf(session, rows, 'account.forbidSelf');
        if (rows.some((u) => u.tenantId === PLATFORM_TENANT_ID && u.userType === USER_TYPE.PLATFORM_ADMIN)) await keepOneAdmin(tx, ids);
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
    const [u] = await this.findAll(ps, [id]);
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
