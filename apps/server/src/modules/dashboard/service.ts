import { PLATFORM_TENANT_ID } from '@tagloom/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.js';
import { queryRows } from '../../db/client.js';

/** Label order states the dashboard charts; the label module does not exist yet, so all are zero. */
export const ORDER_STATES = ['draft', 'pendingReview', 'confirmed', 'epcGenerated', 'producing', 'shipped', 'signed', 'cancelled'] as const;

const num = (v: unknown) => Number(v ?? 0);

/** Live counts for the dashboards. A platform user (tenant 0) sees the platform; a tenant user its own tenant. */
export class DashboardService {
  constructor(private readonly ctx: AppContext) {}

  private async count(query: SQL): Promise<number> {
    const rows = await queryRows<{ n: unknown }>(this.ctx.db, query);
    return num(rows[0]?.n);
  }

  async adminSummary(tenantId: number) {
    const platform = tenantId === PLATFORM_TENANT_ID;
    const byTenant = platform ? sql`true` : sql`tenant_id = ${tenantId}`;
    const [tenants, users, activeSessions, loginsToday, operationsToday, perDay] = await Promise.all([
      platform ? this.count(sql`SELECT count(*) AS n FROM tenants WHERE id <> ${PLATFORM_TENANT_ID}`) : Promise.resolve(1),
      this.count(sql`SELECT count(*) AS n FROM users WHERE ${byTenant}`),
      this.count(sql`SELECT count(*) AS n FROM sessions WHERE ${byTenant} AND revoked_at IS NULL AND expires_at > now()`),
      this.count(sql`SELECT count(*) AS n FROM login_log WHERE ${byTenant} AND result = 1 AND created_at >= date_trunc('day', now())`),
      this.count(sql`SELECT count(*) AS n FROM operation_log WHERE ${byTenant} AND created_at >= date_trunc('day', now())`),
      queryRows<{ day: string; n: unknown }>(
        this.ctx.db,
        sql`SELECT to_char(d.day, 'YYYY-MM-DD') AS day, count(l.id) AS n
            FROM generate_series(date_trunc('day', now()) - interval '6 days', date_trunc('day', now()), interval '1 day') AS d(day)
            LEFT JOIN login_log l ON l.created_at >= d.day AND l.created_at < d.day + interval '1 day' AND l.result = 1 AND ${platform ? sql`true` : sql`l.tenant_id = ${tenantId}`}
            GROUP BY d.day ORDER BY d.day`,
      ),
    ]);
    return {
      scope: platform ? ('platform' as const) : ('tenant' as const),
      tenants,
      users,
      activeSessions,
      loginsToday,
      operationsToday,
      tags: { count: 0, available: false },
      readersOnline: { count: 0, available: false },
      ordersByState: { available: false, states: ORDER_STATES.map((state) => ({ state, count: 0 })) },
      loginsPerDay: perDay.map((r) => ({ day: r.day, count: num(r.n) })),
    };
  }

  /** What asks for the user's attention: an initial password, failed sign-ins, scheduled tasks failing or paused. */
  private async todos(tenantId: number, userId: number) {
    const platform = tenantId === PLATFORM_TENANT_ID;
    const [initialPassword, failedLogins, failedTasks, pausedTasks] = await Promise.all([
      this.count(sql`SELECT count(*) AS n FROM users WHERE tenant_id = ${tenantId} AND id = ${userId} AND password_changed_at IS NULL`),
      // failed sign-ins with this account since its last successful one before the current session
      this.count(sql`SELECT count(*) AS n FROM login_log
                     WHERE tenant_id = ${tenantId} AND user_id = ${userId} AND result = 0
                       AND created_at > coalesce((SELECT created_at FROM login_log WHERE tenant_id = ${tenantId} AND user_id = ${userId} AND result = 1
                                                  ORDER BY created_at DESC OFFSET 1 LIMIT 1), now() - interval '30 days')`),
      platform
        ? this.count(sql`SELECT count(DISTINCT task_id) AS n FROM scheduler_runs WHERE result = 0 AND ended_at > now() - interval '1 day'`)
        : Promise.resolve(0),
      platform ? this.count(sql`SELECT count(*) AS n FROM scheduler_tasks WHERE state = 2`) : Promise.resolve(0),
    ]);
    const todos: { kind: 'changePassword' | 'failedLogins' | 'failedTasks' | 'pausedTasks'; count: number; screen?: string }[] = [];
    if (initialPassword) todos.push({ kind: 'changePassword', count: 1 });
    if (failedLogins) todos.push({ kind: 'failedLogins', count: failedLogins, screen: platform ? 'general/log-login' : undefined });
    if (failedTasks) todos.push({ kind: 'failedTasks', count: failedTasks, screen: 'general/scheduler' });
    if (pausedTasks) todos.push({ kind: 'pausedTasks', count: pausedTasks, screen: 'general/scheduler' });
    return todos;
  }

  async editorSummary(tenantId: number, userId: number) {
    const [todos, operations, logins] = await Promise.all([
      this.todos(tenantId, userId),
      queryRows<{ id: unknown; created_at: Date | string; screen: string; action: string; method: string; url: string; result: number }>(
        this.ctx.db,
        sql`SELECT id, created_at, screen, action, method, url, result FROM operation_log
            WHERE tenant_id = ${tenantId} AND user_id = ${userId} ORDER BY created_at DESC LIMIT 10`,
      ),
      queryRows<{ id: unknown; created_at: Date | string; ip: string; login_type: string; result: number; message: string }>(
        this.ctx.db,
        sql`SELECT id, created_at, ip, login_type, result, message FROM login_log
            WHERE tenant_id = ${tenantId} AND user_id = ${userId} ORDER BY created_at DESC LIMIT 10`,
      ),
    ]);
    const iso = (v: Date | string) => new Date(v).toISOString();
    return {
      todos,
      operations: operations.map((o) => ({
        id: num(o.id),
        createdAt: iso(o.created_at),
        screen: o.screen,
        action: o.action,
        method: o.method,
        url: o.url,
        result: num(o.result),
      })),
      logins: logins.map((l) => ({
        id: num(l.id),
        createdAt: iso(l.created_at),
        ip: l.ip,
        loginType: l.login_type,
        result: num(l.result),
        message: l.message,
      })),
    };
  }
}
