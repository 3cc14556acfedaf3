import { PLATFORM_TENANT_ID } from '@tagloom/domain';
import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.js';
import { forbidden } from './errors.js';

type TenantTable = PgTable & { tenantId: AnyPgColumn };
type Insert<T extends TenantTable> = Omit<T['$inferInsert'], 'tenantId'>;

/**
 * The one way to reach tenant-owned rows. A scope is bound to one tenant, taken from the session
 * by the access hook (request.scope); every query it builds is restricted to that tenant and every
 * row it inserts is stamped with it. Routes never write their own tenant filter.
 */
export class TenantScope {
  constructor(
    readonly db: Tx,
    readonly tenantId: number,
  ) {}

  /** Restrict `table` to this tenant, and'ed with further conditions. */
  where<T extends TenantTable>(table: T, ...more: (SQL | undefined)[]): SQL {
    return and(eq(table.tenantId, this.tenantId), ...more) as SQL;
  }

  select<T extends TenantTable>(table: T, ...more: (SQL | undefined)[]) {
    // biome-ignore lint/suspicious/noExplicitAny: drizzle cannot type a select over a generic table
    return (this.db as any)
      .select()
      .from(table)
      .where(this.where(table, ...more)) as Promise<T['$inferSelect'][]>;
  }

  async first<T extends TenantTable>(table: T, ...more: (SQL | undefined)[]): Promise<T['$inferSelect'] | undefined> {
    // biome-ignore lint/suspicious/noExplicitAny: as above
    const rows = await (this.db as any)
      .select()
      .from(table)
      .where(this.where(table, ...more))
      .limit(1);
    return rows[0];
  }

  insert<T extends TenantTable>(table: T, values: Insert<T> | Insert<T>[]) {
    const stamp = (v: Insert<T>) => ({ ...v, tenantId: this.tenantId });
    const rows = Array.isArray(values) ? values.map(stamp) : [stamp(values)];
    // biome-ignore lint/suspicious/noExplicitAny: as above
    return (this.db as any).insert(table).values(rows).returning() as Promise<T['$inferSelect'][]>;
  }

  update<T extends TenantTable>(table: T, set: Partial<Insert<T>>, ...more: (SQL | undefined)[]) {
    const { tenantId: _ignored, ...safe } = set as Record<string, unknown>;
    // biome-ignore lint/suspicious/noExplicitAny: as above
    return (this.db as any)
      .update(table)
      .set(safe)
      .where(this.where(table, ...more))
      .returning() as Promise<T['$inferSelect'][]>;
  }

  delete<T extends TenantTable>(table: T, ...more: (SQL | undefined)[]) {
    // biome-ignore lint/suspicious/noExplicitAny: as above
    return (this.db as any)
      .delete(table)
      .where(this.where(table, ...more))
      .returning() as Promise<T['$inferSelect'][]>;
  }

  /** All or nothing: the callback gets a scope on the transaction. */
  transaction<R>(fn: (scope: TenantScope) => Promise<R>): Promise<R> {
    return (this.db as Db).transaction((tx) => fn(new TenantScope(tx, this.tenantId)));
  }
}

/**
 * The one elevation across tenants: a platform session (tenant 0) managing other tenants' rows
 * (users, roles of the General screens). Refuses every other session. Reads over all tenants go
 * through `where`; writes to one tenant go through `for`, a plain TenantScope of that tenant.
 */
export class PlatformScope {
  private constructor(readonly db: Tx) {}

  static of(session: { tenantId: number }, db: Tx): PlatformScope {
    if (session.tenantId !== PLATFORM_TENANT_ID) throw forbidden();
    return new PlatformScope(db);
  }

  /** Rows of one tenant when `tenantId` is given, of every tenant otherwise. */
  where<T extends TenantTable>(table: T, tenantId: number | undefined, ...more: (SQL | undefined)[]): SQL | undefined {
    return and(tenantId === undefined ? undefined : eq(table.tenantId, tenantId), ...more);
  }

  for(tenantId: number): TenantScope {
    return new TenantScope(this.db, tenantId);
  }
}

/** A service's reach: every tenant (PlatformScope), or the session's own tenant (ownTenant). */
export type Reach = Pick<PlatformScope, 'db' | 'where' | 'for'>;

/**
 * The session's own tenant in PlatformScope's shape, so a platform screen's services (users, role
 * grants) serve its tenant twin unchanged: they reach no other tenant's rows.
 */
export function ownTenant(session: { tenantId: number }, db: Tx): Reach {
  const scope = new TenantScope(db, session.tenantId);
  return {
    db,
    where: ((table: TenantTable, _tenantId: number | undefined, ...more: (SQL | undefined)[]) =>
      scope.where(table, ...more)) as Reach['where'],
    for: (tenantId: number) => {
      if (tenantId !== session.tenantId) throw forbidden();
      return scope;
    },
  };
}

/** A scope on `tenantId` for a platform session; refuses tenant sessions. */
export const platformScopeFor = (session: { tenantId: number }, db: Tx, tenantId: number): TenantScope =>
  PlatformScope.of(session, db).for(tenantId);

/** What a session may read: its own tenant's rows, or every tenant's for a platform session (dashboards, reports). */
export type ReadScope = <T extends TenantTable>(table: T, ...more: (SQL | undefined)[]) => SQL | undefined;

export function readScope(session: { tenantId: number }, db: Tx): ReadScope {
  if (session.tenantId === PLATFORM_TENANT_ID) {
    const ps = PlatformScope.of(session, db);
    return (table, ...more) => ps.where(table, undefined, ...more);
  }
  const ts = new TenantScope(db, session.tenantId);
  return (table, ...more) => ts.where(table, ...more);
}
