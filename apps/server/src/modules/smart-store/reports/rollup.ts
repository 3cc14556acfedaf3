/**
 * The fitting rooms' daily rollups (operations.md §8): fr_sku_daily (a day, store and SKU) and
 * fr_store_hourly (a day, store and local hour) — and from those fr_store_daily (a day and store) and the
 * whole tenant's fr_sku_period (a day's and an ISO week's per SKU) and fr_tenant_hourly —, rewritten whole for a (day, store) from its CLOSED
 * sessions whose start falls in that local day of the tenant — delete, then insert … select, in one
 * transaction, so that a re-run gives the very same rows. The hourly job rolls up today and
 * yesterday of every tenant with sessions, one (day, store) a transaction, the event loop given back
 * between two (PGlite runs on the server's).
 */
import { FITTING_SESSION_STATUS } from '@tagloom/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { yieldToLoop } from '../../../core/xlsx-stream.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { tenants } from '../../../db/schema/index.js';
import { addDays, localDay, periodOf } from '../../store/reports/aggregate.js';

/** How often the rollup job runs (a recurring system job). */
export const ROLLUP_EVERY_MS = 3_600_000;
/** A tenant naming no time zone counts Shanghai's days. */
export const DEFAULT_TZ = 'Asia/Shanghai';

/** The tenant's time zone (its days), Asia/Shanghai when it names none. */
export async function tenantZone(db: Tx, tenantId: number): Promise<string> {
  const [t] = await db.select({ tz: tenants.timeZone }).from(tenants).where(eq(tenants.id, tenantId));
  return t?.tz || DEFAULT_TZ;
}

const list = (ids: readonly number[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * Rewrites the rollups of a local day (yyyy-mm-dd) of the tenant for these stores (every store of
 * the tenant without `storeIds`) from the day's CLOSED sessions, in one transaction (a savepoint
 * within the caller's). Per SKU: sessions = the sessions that had it, items, tries (tried items),
 * bought, swapped, amount, dwell; per hour of the session's start: sessions, sessions with a
 * purchase, items, tries, bought, swapped, amount, dwell. Returns the rows written to each.
 */
export async function rollupDay(
  tx: Tx,
  tenantId: number,
  day: string,
  storeIds?: readonly number[],
  opts: { tenantTotals?: boolean } = {},
): Promise<{ skuRows: number; hourRows: number }> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`rollupDay: not a day: ${day}`);
  if (storeIds && !storeIds.length) return { skuRows: 0, hourRows: 0 };
  const tz = await tenantZone(tx, tenantId);
  const start = sql`(${day}::date::timestamp at time zone ${tz})`;
  const end = sql`((${day}::date + 1)::timestamp at time zone ${tz})`;
  const stores = storeIds ? sql` and store_id in (${list(storeIds)})` : sql``;
  const sessions = sql`s.tenant_id = ${tenantId} and s.status = ${FITTING_SESSION_STATUS.CLOSED}
      and s.started_at >= ${start} and s.started_at < ${end}${storeIds ? sql` and s.store_id in (${list(storeIds)})` : sql``}`;
  return tx.transaction(async (t) => {
    await t.execute(sql`delete from fr_sku_daily where tenant_id = ${tenantId} and day = ${day}::date${stores}`);
    await t.execute(sql`delete from fr_store_hourly where tenant_id = ${tenantId} and day = ${day}::date${stores}`);
    const [sku] = await queryRows<{ n: number }>(
      t,
      sql`with w as (
            insert into fr_sku_daily (tenant_id, day, store_id, sku_id, style_id, sessions, items, tries, bought, swapped, amount, dwell_sum_s)
            select ${tenantId}, ${day}::date, s.store_id, i.sku_id, coalesce(max(i.style_id), 0),
                   count(distinct s.id)::int, count(*)::int, sum(i.tried)::int, sum(i.bought)::int, sum(i.swapped)::int,
                   round(coalesce(sum(i.amount) filter (where i.bought = 1), 0)::numeric, 2), sum(i.dwell_s)::int
              from fr_sessions s
              join fr_session_items i on i.tenant_id = s.tenant_id and i.session_id = s.id
             where ${sessions} and s.store_id is not null and i.sku_id is not null
             group by s.store_id, i.sku_id
            returning 1)
          select count(*)::int as n from w`,
    );
    const [hour] = await queryRows<{ n: number }>(
      t,
      sql`with w as (
            insert into fr_store_hourly (tenant_id, day, store_id, hour, sessions, sessions_bought, items, tries, bought, swapped, amount, dwell_sum_s)
            select ${tenantId}, ${day}::date, s.store_id, extract(hour from s.started_at at time zone ${tz})::int as h,
                   count(*)::int, (count(*) filter (where s.bought > 0))::int, sum(s.items)::int, sum(s.tried)::int,
                   sum(s.bought)::int, sum(s.swapped)::int, round(coalesce(sum(s.amount_bought), 0)::numeric, 2), sum(s.dwell_s)::int
              from fr_sessions s
             where ${sessions} and s.store_id is not null
             group by s.store_id, h
            returning 1)
          select count(*)::int as n from w`,
    );
    await t.execute(sql`delete from fr_store_daily where tenant_id = ${tenantId} and day = ${day}::date${stores}`);
    await t.execute(
      sql`insert into fr_store_daily (tenant_id, day, store_id, sessions, sessions_bought, items, tries, bought, swapped, amount, dwell_sum_s)
          select tenant_id, day, store_id, ${SUMS} from fr_store_hourly
           where tenant_id = ${tenantId} and day = ${day}::date${stores} group by tenant_id, day, store_id`,
    );
    if (opts.tenantTotals !== false) await rollupTenantDay(t, tenantId, day);
    return { skuRows: Number(sku?.n ?? 0), hourRows: Number(hour?.n ?? 0) };
  });
}

/** The sums of a rollup's rows, in the columns' order (sessions … dwell_sum_s). */
const SUMS = sql.raw(
  'sum(sessions), sum(sessions_bought), sum(items), sum(tries), sum(bought), sum(swapped), sum(amount), sum(dwell_sum_s)',
);
const SKU_SUMS = sql.raw('max(style_id), sum(sessions), sum(items), sum(tries), sum(bought), sum(swapped), sum(amount), sum(dwell_sum_s)');

/**
 * The whole tenant's rollups of a local day, from its stores' (rollupDay writes those): the day's
 * and its ISO week's per SKU (fr_sku_period, grains 1 and 7: the week from the days of grain 1) and
 * the day's per hour (fr_tenant_hourly). Rewritten whole, so a re-run gives the same rows.
 */
export async function rollupTenantDay(tx: Tx, tenantId: number, day: string): Promise<void> {
  const monday = periodOf(day, 'week');
  const cols = sql.raw('tenant_id, grain, day, sku_id, style_id, sessions, items, tries, bought, swapped, amount, dwell_sum_s');
  await tx.transaction(async (t) => {
    await t.execute(sql`delete from fr_sku_period where tenant_id = ${tenantId} and grain = 1 and day = ${day}::date`);
    await t.execute(
      sql`insert into fr_sku_period (${cols})
          select tenant_id, 1, day, sku_id, ${SKU_SUMS} from fr_sku_daily
           where tenant_id = ${tenantId} and day = ${day}::date group by tenant_id, day, sku_id`,
    );
    await t.execute(sql`delete from fr_sku_period where tenant_id = ${tenantId} and grain = 7 and day = ${monday}::date`);
    await t.execute(
      sql`insert into fr_sku_period (${cols})
          select tenant_id, 7, ${monday}::date, sku_id, ${SKU_SUMS} from fr_sku_period
           where tenant_id = ${tenantId} and grain = 1 and day >= ${monday}::date and day < ${monday}::date + 7
           group by tenant_id, sku_id`,
    );
    await t.execute(sql`delete from fr_tenant_hourly where tenant_id = ${tenantId} and day = ${day}::date`);
    await t.execute(
      sql`insert into fr_tenant_hourly (tenant_id, day, hour, sessions, sessions_bought, items, tries, bought, swapped, amount, dwell_sum_s)
          select tenant_id, day, hour, ${SUMS} from fr_store_hourly
           where tenant_id = ${tenantId} and day = ${day}::date group by tenant_id, day, hour`,
    );
  });
}

/**
 * The hourly job: today and yesterday (each tenant's local days) rolled up again for every tenant
 * with fitting sessions, one (day, store) a transaction — the stores with sessions that day, and
 * those whose rollup holds rows of it (a session since gone). Returns the tenants and chunks done.
 */
export async function rollupRecent(db: Tx, now: Date, log?: Pick<Logger, 'info'>): Promise<{ tenants: number; chunks: number }> {
  const ids = await queryRows<{ id: number }>(
    db,
    sql`select t.id::int as id from tenants t where exists (select 1 from fr_sessions s where s.tenant_id = t.id) order by t.id`,
  );
  let chunks = 0;
  for (const { id: tenantId } of ids) {
    const tz = await tenantZone(db, tenantId);
    const today = localDay(now, tz);
    for (const day of [addDays(today, -1), today]) {
      const stores = await queryRows<{ id: number }>(
        db,
        sql`select distinct store_id::int as id from fr_sessions
             where tenant_id = ${tenantId} and store_id is not null
               and started_at >= (${day}::date::timestamp at time zone ${tz}) and started_at < ((${day}::date + 1)::timestamp at time zone ${tz})
            union
            select distinct store_id::int from fr_store_hourly where tenant_id = ${tenantId} and day = ${day}::date
            order by 1`,
      );
      for (const s of stores) {
        await rollupDay(db, tenantId, day, [s.id], { tenantTotals: false });
        chunks++;
        await yieldToLoop();
      }
      if (stores.length) await rollupTenantDay(db, tenantId, day);
    }
  }
  if (chunks) log?.info({ tenants: ids.length, chunks }, 'fitting rooms: today and yesterday rolled up');
  return { tenants: ids.length, chunks };
}
