import { createHash, randomBytes } from 'node:crypto';
import { Code, type Lang, normalizeLang, PASSWORD_CHANGE_REQUIRED, type PartyKind } from '@tagloom/domain';
import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { sessions, tenants, users } from '../db/schema/index.js';
import type { AppContext, SessionInfo } from './context.js';
import { AppError, unauthorized } from './errors.js';
import { LoginThrottle } from './login-throttle.js';

/** Tokens: 256-bit random, only their SHA-256 is stored; sliding expiry. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A resolved session, and whether it was opened with a password an administrator set. */
export interface SignedIn extends SessionInfo {
  mustChangePassword: boolean;
}

/** Sliding expiry is written at most this often per session, not on every request. */
const TOUCH_EVERY_MS = 60_000;

/** What a session stands on besides its own row: its user's columns and its tenant's (users joined with tenants). */
export const SESSION_USER_COLUMNS = {
  username: users.username,
  userCode: users.userCode,
  userType: users.userType,
  loginStatus: users.loginStatus,
  partyKind: users.partyKind,
  partyId: users.partyId,
  tenantCode: tenants.code,
  tenantStatus: tenants.status,
};

/** Every request's session query: a named prepared statement (parsed and planned once per connection, then only bound and run). */
const resolveStatement = (db: Db) =>
  db
    .select({ s: sessions, ...SESSION_USER_COLUMNS })
    .from(sessions)
    .innerJoin(users, and(eq(users.tenantId, sessions.tenantId), eq(users.id, sessions.userId)))
    .innerJoin(tenants, eq(tenants.id, sessions.tenantId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('tagloom_session_resolve');

type SessionRow = Awaited<ReturnType<ReturnType<typeof resolveStatement>['execute']>>[number];

/** Bus topic: a session changed, or what it stands on (its user's login, party or names, its tenant's status or code): database triggers send it at commit (migration 0038). */
export const SESSIONS_CHANGED = 'sessions';
/** Sessions a process keeps at most; when full it starts over. */
const CACHE_MAX = 10_000;

export class SessionService {
  private readonly resolveQuery: ReturnType<typeof resolveStatement>;
  /**
   * Resolved sessions by token hash, each for at most `sessionCacheSeconds`: a request of a
   * session seen a moment ago needs no round trip to the database. Dropped whole when the bus says
   * sessions changed (every process, at the commit of the change, whoever made it), when a write
   * of a signed-in user of this process ends (forget(), before its answer), and when the
   * listener had to reconnect. `generation` keeps a row read before a drop out of the cache.
   */
  private readonly cache = new Map<string, { row: SessionRow; until: number }>();
  private generation = 0;

  constructor(private readonly ctx: AppContext) {
    this.resolveQuery = resolveStatement(ctx.db);
    ctx.bus.on(SESSIONS_CHANGED, () => this.forget());
  }

  /** Drop every cached session of this process: the next request of each reads its row again. */
  forget(): void {
    this.generation++;
    this.cache.clear();
  }

  private async row(tokenHash: string, now: number): Promise<SessionRow | undefined> {
    const hit = this.cache.get(tokenHash);
    if (hit && hit.until > now) return hit.row;
    const generation = this.generation;
    const [row] = await this.resolveQuery.execute({ tokenHash });
    const ttl = this.ctx.config.sessionCacheSeconds * 1000;
    if (row && ttl > 0 && generation === this.generation) {
      if (this.cache.size >= CACHE_MAX) this.cache.clear();
      this.cache.set(tokenHash, { row, until: now + ttl });
    }
    return row;
  }

  private get ttlMs() {
    return this.ctx.config.sessionTtlMinutes * 60_000;
  }

  async create(input: {
    tenantId: number;
    userId: number;
    loginType: string;
    lang: Lang;
    ip: string;
    userAgent: string;
    mustChangePassword?: boolean;
  }): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    const db = this.ctx.db;
    await db.transaction(async (tx) => {
      if (this.ctx.config.singleSession) {
        await tx
          .update(sessions)
          .set({ revokedAt: now, revokeReason: 'elsewhere' })
          .where(and(eq(sessions.tenantId, input.tenantId), eq(sessions.userId, input.userId), isNull(sessions.revokedAt)));
      }
      await tx.insert(sessions).values({
        tokenHash: hashToken(token),
        ...input,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + this.ttlMs),
      });
    });
    return token;
  }

  /**
   * The session behind a token, or the session-invalid error the console understands. A session
   * opened with a password an administrator set answers PASSWORD_CHANGE_REQUIRED, except for the
   * account's own calls (`allowPasswordChange`), until the password is changed.
   */
  async resolve(token: string | undefined, opts: { allowPasswordChange?: boolean } = {}): Promise<SignedIn> {
    if (!token) throw unauthorized(Code.TOKEN_ILLEGAL, 'auth.tokenMissing');
    const tokenHash = hashToken(token);
    const now = Date.now();
    const row = await this.row(tokenHash, now);
    if (!row) throw unauthorized(Code.TOKEN_ILLEGAL, 'auth.tokenIllegal');
    const { s } = row;
    if (s.revokedAt) throw unauthorized(Code.TOKEN_REVOKED, 'auth.tokenRevoked');
    if (s.expiresAt.getTime() <= now) throw unauthorized(Code.TOKEN_EXPIRED, 'auth.tokenExpired');
    if (row.loginStatus !== 1 || (row.tenantStatus !== 1 && s.tenantId !== 0)) {
      await this.revoke(tokenHash, 'forbidden');
      throw unauthorized(Code.TOKEN_REVOKED, 'auth.forbidden');
    }
    if (s.mustChangePassword && !opts.allowPasswordChange) {
      throw new AppError(403, PASSWORD_CHANGE_REQUIRED, 'signin.mustChangePassword');
    }
    if (now - s.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      const touched = { lastSeenAt: new Date(now), expiresAt: new Date(now + this.ttlMs) };
      await this.ctx.db.update(sessions).set(touched).where(eq(sessions.tokenHash, tokenHash));
      // the cached row too (no trigger fires for a later expiry)
      Object.assign(s, touched);
    }
    return {
      tokenHash,
      tenantId: s.tenantId,
      tenantCode: row.tenantCode,
      userId: s.userId,
      userCode: row.userCode,
      username: row.username,
      userType: row.userType,
      loginType: s.loginType,
      lang: normalizeLang(s.lang),
      mustChangePassword: s.mustChangePassword,
      ...(row.partyKind && row.partyId !== null ? { party: { kind: row.partyKind as PartyKind, id: row.partyId } } : {}),
    };
  }

  async revoke(tokenHash: string, reason: string): Promise<void> {
    await this.ctx.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokeReason: reason })
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
    this.forget();
  }

  /** Revoke every live session of a user (password change, forbidden login), optionally but one. */
  async revokeUser(tenantId: number, userId: number, reason: string, exceptHash?: string, db: Tx = this.ctx.db): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: new Date(), revokeReason: reason })
      .where(
        and(
          eq(sessions.tenantId, tenantId),
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          exceptHash ? ne(sessions.tokenHash, exceptHash) : undefined,
        ),
      );
    // in a transaction this process drops them again when the trigger's NOTIFY arrives at commit
    this.forget();
  }

  async setLang(tokenHash: string, lang: Lang): Promise<void> {
    await this.ctx.db.update(sessions).set({ lang }).where(eq(sessions.tokenHash, tokenHash));
    this.forget();
  }

  /** Drop sessions that ended more than a day ago, and login-throttle rows with nothing left to remember (maintenance job). */
  async purge(): Promise<number> {
    const cutoff = new Date(Date.now() - 86_400_000);
    const gone = await this.ctx.db
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, cutoff), and(sql`${sessions.revokedAt} is not null`, lt(sessions.revokedAt, cutoff))))
      .returning({ h: sessions.tokenHash });
    await new LoginThrottle(this.ctx).purge();
    return gone.length;
  }
}
