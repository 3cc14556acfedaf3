import { Code } from '@tagloom/domain';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { loginAttempts } from '../db/schema/index.js';
import type { AppContext } from './context.js';
import { AppError } from './errors.js';

/** A login name as it is looked up and throttled: trimmed, any case. */
export const loginKey = (username: string): string => username.trim().toLowerCase();

/** A sign-in from an address within this time of a success there as the same user skips the wider limits. */
export const TRUSTED_DAYS = 30;
/** The first wait once a limit is reached; each further failure doubles it, up to the window. */
const FIRST_WAIT_SECONDS = 30;
/** The per-address and per-user-name limits are this many times the per-(user, address) one. */
export const WIDE_FACTOR = 4;

/** A refused attempt: nothing was counted; `retryAfter` seconds until the next one may come. */
export class ThrottledError extends AppError {
  constructor(readonly retryAfter: number) {
    super(429, Code.TOO_MANY, 'auth.throttled', { seconds: retryAfter });
  }
}

/** What one attempt reserved, handed back on success. */
export interface Lease {
  key: string;
  ip: string;
  /** the per-address and per-user-name rows were reserved too (the address is not trusted for the name) */
  wide: boolean;
}

class Refused extends Error {
  constructor(readonly seconds: number) {
    super('refused');
  }
}

/**
 * Login throttling in the database, so that every server process on one PostgreSQL shares it.
 * Each attempt is reserved before its password is checked, with one conditional upsert per
 * counter (INSERT … ON CONFLICT DO UPDATE … WHERE blocked_until <= now() RETURNING), all in one
 * transaction: either every counter took it or none did (a refused attempt counts nowhere).
 *
 * - per (user name, address): LOGIN_MAX_FAILURES failures are checked freely; then each attempt
 *   waits, 30 s doubling with every further failure, at most LOGIN_FAILURE_WINDOW_MINUTES;
 * - per address and per user name: the same, with WIDE_FACTOR times the limit, so one bad actor
 *   behind a shared address (NAT) or guessing from many addresses slows down the others later;
 *   an address where the user signed in successfully within TRUSTED_DAYS skips both;
 * - failures are forgotten a window after the last one; a success clears its (user, address) row.
 */
export class LoginThrottle {
  constructor(private readonly ctx: AppContext) {}

  private get limit() {
    return Math.max(1, this.ctx.config.loginMaxFailures);
  }
  private get windowSeconds() {
    return Math.max(60, this.ctx.config.loginFailureWindowMinutes * 60);
  }

  /** Seconds to wait after the `failures`-th failure against `limit` (0 below it). */
  waitAfter(failures: number, limit: number): number {
    if (failures < limit) return 0;
    const first = Math.min(FIRST_WAIT_SECONDS, this.windowSeconds);
    return Math.min(this.windowSeconds, first * 2 ** Math.min(failures - limit, 20));
  }

  /** Take one attempt on one counter, or throw Refused with the seconds left. */
  private async take(tx: Tx, username: string, ip: string, limit: number): Promise<void> {
    const t = loginAttempts;
    const window = this.windowSeconds;
    const first = Math.min(FIRST_WAIT_SECONDS, window);
    // the failures after this attempt: forgotten a window after the last one
    const next = sql`(case when ${t.lastFailureAt} is null or ${t.lastFailureAt} < now() - make_interval(secs => ${window}) then 1 else ${t.failures} + 1 end)`;
    const wait = sql`(case when ${next} < ${limit} then 0 else least(${window}::float8, ${first}::float8 * power(2::float8, least(${next} - ${limit}, 20))) end)`;
    const taken = await tx
      .insert(t)
      .values({
        username,
        ip,
        failures: 1,
        lastFailureAt: sql`now()`,
        // no wait leaves the row open ('epoch'), never now(): a transaction that began earlier must not read it as blocked
        blockedUntil: this.waitAfter(1, limit) > 0 ? sql`now() + make_interval(secs => ${this.waitAfter(1, limit)})` : sql`'epoch'`,
      })
      .onConflictDoUpdate({
        target: [t.username, t.ip],
        set: {
          failures: next,
          lastFailureAt: sql`now()`,
          blockedUntil: sql`case when ${wait} = 0 then ${t.blockedUntil} else now() + make_interval(secs => ${wait}) end`,
        },
        setWhere: sql`${t.blockedUntil} <= now()`,
      })
      .returning({ failures: t.failures });
    if (taken.length) return;
    const [row] = await tx
      .select({ left: sql<number>`ceil(extract(epoch from ${t.blockedUntil} - clock_timestamp()))`.mapWith(Number) })
      .from(t)
      .where(and(eq(t.username, username), eq(t.ip, ip)));
    throw new Refused(Math.max(1, row?.left ?? 1));
  }

  /** Whether this address signed in successfully as this user name lately. */
  private async trusted(key: string, ip: string): Promise<boolean> {
    const [row] = await this.ctx.db
      .select({ ok: sql<boolean>`${loginAttempts.lastSuccessAt} > now() - make_interval(days => ${TRUSTED_DAYS})` })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.username, key), eq(loginAttempts.ip, ip)));
    return row?.ok === true;
  }

  /** Reserve one attempt of `username` from `ip` before its password is checked; ThrottledError when refused. */
  async reserve(username: string, ip: string): Promise<Lease> {
    const key = loginKey(username).slice(0, 64) || '?';
    const wide = !(await this.trusted(key, ip));
    try {
      await this.ctx.db.transaction(async (tx) => {
        // always in this order (pair, address, user name), so concurrent reservations cannot deadlock
        await this.take(tx, key, ip, this.limit);
        if (wide) {
          await this.take(tx, '', ip, this.limit * WIDE_FACTOR);
          await this.take(tx, key, '', this.limit * WIDE_FACTOR);
        }
      });
    } catch (err) {
      if (err instanceof Refused) throw new ThrottledError(err.seconds);
      throw err;
    }
    return { key, ip, wide };
  }

  /** The password was right: the (user, address) row starts afresh and trusts the address; the wider rows give the attempt back. */
  async succeeded(lease: Lease): Promise<void> {
    const t = loginAttempts;
    await this.ctx.db.transaction(async (tx) => {
      await tx
        .update(t)
        .set({ failures: 0, lastFailureAt: null, blockedUntil: sql`'epoch'`, lastSuccessAt: sql`now()` })
        .where(and(eq(t.username, lease.key), eq(t.ip, lease.ip)));
      if (lease.wide) {
        await tx
          .update(t)
          .set({ failures: sql`greatest(${t.failures} - 1, 0)` })
          .where(or(and(eq(t.username, ''), eq(t.ip, lease.ip)), and(eq(t.username, lease.key), eq(t.ip, ''))));
      }
    });
  }

  /** An administrator lifts every block on these user names (their addresses stay trusted). */
  async unlock(usernames: string[], db: Tx = this.ctx.db): Promise<number> {
    const keys = [...new Set(usernames.map((u) => loginKey(u)))];
    if (!keys.length) return 0;
    const t = loginAttempts;
    const rows = await db
      .update(t)
      .set({ failures: 0, lastFailureAt: null, blockedUntil: sql`'epoch'` })
      .where(and(inArray(t.username, keys), sql`(${t.failures} > 0 or ${t.blockedUntil} > now())`))
      .returning({ u: t.username });
    return rows.length;
  }

  /** User names (lower-cased) among `keys` that are refused right now from some address, or by their own row. */
  async lockedOf(keys: string[]): Promise<Set<string>> {
    if (!keys.length) return new Set();
    const t = loginAttempts;
    const rows = await this.ctx.db
      .selectDistinct({ u: t.username })
      .from(t)
      .where(and(inArray(t.username, keys), sql`${t.blockedUntil} > now()`));
    return new Set(rows.map((r) => r.u));
  }

  /** Rows with nothing left to remember: no block, failures forgotten, no recent success. */
  async purge(): Promise<number> {
    const t = loginAttempts;
    const gone = await this.ctx.db
      .delete(t)
      .where(
        sql`${t.blockedUntil} <= now()
          and (${t.lastFailureAt} is null or ${t.lastFailureAt} < now() - make_interval(secs => ${this.windowSeconds}))
          and (${t.lastSuccessAt} is null or ${t.lastSuccessAt} < now() - make_interval(days => ${TRUSTED_DAYS}))`,
      )
      .returning({ u: t.username });
    return gone.length;
  }
}
