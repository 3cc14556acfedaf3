import { PLATFORM_TENANT_ID, SCHEDULER_STATE } from '@tagloom/domain';
import { and, count, countDistinct, desc, eq, gt, gte, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AppContext, SessionInfo } from '../../core/context.js';
import type { ResourceService } from '../../core/resource/service.js';
import { readScope, TenantScope } from '../../core/tenant-scope.js';
import { queryRows } from '../../db/client.js';
import { loginLog, operationLog, schedulerRuns, schedulerTasks, sessions, tenants, users } from '../../db/schema/index.js';
import { labelCounts } from '../label/orders/counts.js';
import { EquipmentService } from '../rfid/equipment/service.js';
import { rfidSummary } from './rfid.js';

const num = (v: unknown) => Number(v ?? 0);

/** Live counts for the dashboards. A platform user (tenant 0) sees the platform; a tenant user its own tenant. */
export class DashboardService {
  constructor(private readonly ctx: AppContext) {}

  private async count(table: PgTable, where: SQL | undefined): Promise<number> {
    const [row] = await this.ctx.db.select({ n: count() }).from(table).where(where);
    return num(row?.n);
  }

  /** `labelOrders`: the label purchase orders' service (absent when the label module is not loaded). */
  async adminSummary(session: SessionInfo, labelOrders?: ResourceService) {
    const platform = session.tenantId === PLATFORM_TENANT_ID;
    const scope = readScope(session, this.ctx.db);
    const today = sql`date_trunc('day', now())`;
    const [tenantCount, userCount, activeSessions, loginsToday, operationsToday, readersOnline, label, perDay, rfid] = await Promise.all([
      platform ? this.count(tenants, ne(tenants.id, PLATFORM_TENANT_ID)) : Promise.resolve(1),
      this.count(users, scope(users)),
      this.count(sessions, scope(sessions, isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`))),
      this.count(loginLog, scope(loginLog, eq(loginLog.result, 1), gte(loginLog.createdAt, today))),
      this.count(operationLog, scope(operationLog, gte(operationLog.createdAt, today))),
      new EquipmentService(this.ctx).onlineCount(scope),
      labelOrders ? labelCounts(this.ctx, labelOrders, session) : Promise.resolve({ tags: 0, ordersByStatus: [] }),
      queryRows<{ day: string; n: unknown }>(
        this.ctx.db,
        sql`SELECT to_char(d.day, 'YYYY-MM-DD') AS day, count(${loginLog.id}) AS n
            FROM generate_series(date_trunc('day', now()) - interval '6 days', date_trunc('day', now()), interval '1 day') AS d(day)
            LEFT JOIN ${loginLog} ON ${and(
              sql`${loginLog.createdAt} >= d.day`,
              sql`${loginLog.createdAt} < d.day + interval '1 day'`,
              scope(loginLog, eq(loginLog.result, 1)),
            )}
            GROUP BY d.day ORDER BY d.day`,
      ),
      rfidSummary(this.ctx.db, session),
    ]);
    return {
      scope: platform ? ('platform' as const) : ('tenant' as const),
      tenants: tenantCount,
      users: userCount,
      activeSessions,
      loginsToday,
      operationsToday,
      tags: label.tags,
      readersOnline,
      ordersByStatus: label.ordersByStatus,
      loginsPerDay: perDay.map((r) => ({ day: r.day, count: num(r.n) })),
      rfid,
    };
  }

  /** What asks for the user's attention: an initial password, failed sign-ins, scheduled tasks failing or paused. */
  private async todos(session: SessionInfo) {
    const platform = session.tenantId === PLATFORM_TENANT_ID;
    const own = new TenantScope(this.ctx.db, session.tenantId);
    // the user's last successful sign-in before the current session
    const [, previous] = await this.ctx.db
      .select({ at: loginLog.createdAt })
      .from(loginLog)
      .where(own.where(loginLog, eq(loginLog.userId, session.userId), eq(loginLog.result, 1)))
      .orderBy(desc(loginLog.createdAt))
      .limit(2);
    const since = previous?.at ?? new Date(Date.now() - 30 * 86_400_000);
    const [initialPassword, failedLogins, failedTasks, pausedTasks] = await Promise.all([
      this.count(users, own.where(users, eq(users.id, session.userId), isNull(users.passwordChangedAt))),
      this.count(loginLog, own.where(loginLog, eq(loginLog.userId, session.userId), eq(loginLog.result, 0), gt(loginLog.createdAt, since))),
      platform
        ? this.ctx.db
            .select({ n: countDistinct(schedulerRuns.taskId) })
            .from(schedulerRuns)
            .where(and(eq(schedulerRuns.result, 0), gt(schedulerRuns.endedAt, sql`now() - interval '1 day'`)))
            .then(([r]) => num(r?.n))
        : Promise.resolve(0),
      platform ? this.count(schedulerTasks, eq(schedulerTasks.state, SCHEDULER_STATE.PAUSED)) : Promise.resolve(0),
    ]);
    const todos: { kind: 'changePassword' | 'failedLogins' | 'failedTasks' | 'pausedTasks'; count: number; screen?: string }[] = [];
    if (initialPassword) todos.push({ kind: 'changePassword', count: 1 });
    if (failedLogins) todos.push({ kind: 'failedLogins', count: failedLogins, screen: platform ? 'general/log-login' : undefined });
    if (failedTasks) todos.push({ kind: 'failedTasks', count: failedTasks, screen: 'general/scheduler' });
    if (pausedTasks) todos.push({ kind: 'pausedTasks', count: pausedTasks, screen: 'general/scheduler' });
    return todos;
  }

  async editorSummary(session: SessionInfo) {
    const own = new TenantScope(this.ctx.db, session.tenantId);
    const [todos, operations, logins] = await Promise.all([
      this.todos(session),
      this.ctx.db
        .select()
        .from(operationLog)
        .where(own.where(operationLog, eq(operationLog.userId, session.userId)))
        .orderBy(desc(operationLog.createdAt))
        .limit(10),
      this.ctx.db
        .select()
        .from(loginLog)
        .where(own.where(loginLog, eq(loginLog.userId, session.userId)))
        .orderBy(desc(loginLog.createdAt))
        .limit(10),
    ]);
    return {
      todos,
      operations: operations.map((o) => ({
        id: num(o.id),
        createdAt: o.createdAt.toISOString(),
        screen: o.screen,
        action: o.action,
        method: o.method,
        url: o.url,
        result: num(o.result),
      })),
      logins: logins.map((l) => ({
        id: num(l.id),
        createdAt: l.createdAt.toISOString(),
        ip: l.ip,
        loginType: l.loginType,
        result: num(l.result),
        message: l.message,
      })),
    };
  }
}
