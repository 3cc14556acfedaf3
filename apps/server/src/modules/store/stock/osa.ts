/**
 * On-shelf availability over time (../shared/operations.md §9 KPIs: OSA per store and week): every
 * hour each store with a sales floor and a stock room has its floor's OSA sampled (refill.ts's
 * terms: options with stock at the store whose every stocked size is on the floor / options with
 * stock) into its row of the day, `store_osa_days` — the day's OSA is the mean of its samples. The
 * refill tab draws a store's days; the stocktaking report averages them per store and per week.
 */
import { LOCATION_KIND, seededRandom, ZONE_TYPE } from '@tagloom/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { yieldToLoop } from '../../../core/xlsx-stream.js';
import { type Db, queryRows, type Tx } from '../../../db/client.js';
import { osaNow } from './refill.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** How often the stores' floors are sampled. */
export const OSA_EVERY_MS = HOUR;
/** app_meta: when the last round of samples was taken (a second process's run of the same hour skips). */
const SAMPLED_KEY = 'store.osaSampledAt';

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The stores (of one tenant, or of all) with a sales floor and a stock room, as tenant and site ids. */
async function zonedStores(db: Tx, tenantId?: number): Promise<{ tenantId: number; siteId: number }[]> {
  const rows = await queryRows<{ tenant_id: string | number; site_id: string | number }>(
    db,
    sql`select z.tenant_id, z.site_id from locations z
          join locations s on s.tenant_id = z.tenant_id and s.id = z.site_id and s.kind = ${LOCATION_KIND.STORE}
         where z.zone_type in (${ZONE_TYPE.SALES_FLOOR}, ${ZONE_TYPE.STOCK_ROOM})
           ${tenantId === undefined ? sql`` : sql`and z.tenant_id = ${tenantId}`}
         group by 1, 2 having count(distinct z.zone_type) = 2 order by 1, 2`,
  );
  return rows.map((r) => ({ tenantId: Number(r.tenant_id), siteId: Number(r.site_id) }));
}

/**
 * One sample of a store's floor, added to its row of `at`'s day; a store with nothing in stock has
 * no OSA to add. Returns the share sampled, or null.
 */
export async function sampleOsa(tx: Tx, tenantId: number, siteId: number, at: Date): Promise<number | null> {
  const now = await osaNow(tx, tenantId, siteId);
  if (!now?.options) return null;
  const share = now.full / now.options;
  await addOsaDay(tx, tenantId, siteId, { day: dayOf(at), samples: 1, osaSum: share, options: now.options, full: now.full, at });
  return share;
}

async function addOsaDay(
  tx: Tx,
  tenantId: number,
  siteId: number,
  d: { day: string; samples: number; osaSum: number; options: number; full: number; at: Date },
): Promise<void> {
  await tx.execute(sql`
    insert into store_osa_days (tenant_id, site_id, day, samples, osa_sum, options, "full", sampled_at)
    values (${tenantId}, ${siteId}, ${d.day}::date, ${d.samples}, ${d.osaSum}, ${d.options}, ${d.full}, ${d.at.toISOString()}::timestamptz)
    on conflict (tenant_id, site_id, day) do update
      set samples = store_osa_days.samples + excluded.samples, osa_sum = store_osa_days.osa_sum + excluded.osa_sum,
          options = excluded.options, "full" = excluded."full", sampled_at = excluded.sampled_at`);
}

const markSampled = (db: Tx, at: Date) =>
  db.execute(sql`insert into app_meta (key, value) values (${SAMPLED_KEY}, ${at.toISOString()})
                 on conflict (key) do update set value = excluded.value`);

/**
 * The hourly job: every zoned store of every tenant sampled, a store a transaction, the event loop
 * given back between two — unless a round was taken less than most of an hour ago (a second
 * process, a fresh start after the demo's seed). Null: skipped; else the stores sampled.
 */
export async function sampleAllOsa(db: Db, now: Date, log?: Pick<Logger, 'info'>): Promise<number | null> {
  const [last] = await queryRows<{ value: string }>(db, sql`select value from app_meta where key = ${SAMPLED_KEY}`);
  if (last && now.getTime() - new Date(last.value).getTime() < OSA_EVERY_MS * 0.9) return null;
  await markSampled(db, now);
  let n = 0;
  for (const s of await zonedStores(db)) {
    if ((await db.transaction((tx) => sampleOsa(tx, s.tenantId, s.siteId, now))) !== null) n++;
    await yieldToLoop();
  }
  log?.info({ stores: n }, 'store: on-shelf availability sampled');
  return n;
}

export interface OsaDay {
  day: string;
  /** the day's mean OSA, in % */
  osa: number;
  samples: number;
  /** the last sample's options in stock and options full on the floor */
  options: number;
  full: number;
}

/** A store's days of the last `days` (to `now`'s), oldest first. */
export async function osaDays(db: Tx, tenantId: number, siteId: number, days: number, now = new Date()): Promise<OsaDay[]> {
  const rows = await queryRows<{ day: string; osa: number; samples: number; options: number; full: number }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, round((100 * osa_sum / samples)::numeric, 2)::float8 as osa, samples, options, "full"
          from store_osa_days
         where tenant_id = ${tenantId} and site_id = ${siteId} and samples > 0
           and day > ${dayOf(now)}::date - ${days}::int and day <= ${dayOf(now)}::date
         order by day`,
  );
  return rows.map((r) => ({ ...r, osa: Number(r.osa) }));
}

/**
 * The mean OSA (%) of the stores `stores` picks (a condition on `l`, the store's location row) over
 * the days from `from` to `to`, per store and per week (from Monday): a day counts once a store.
 */
export async function osaMeans(db: Tx, tenantId: number, stores: SQL, from: Date, to: Date) {
  const rows = await queryRows<{ site_id: string | number | null; week: string | null; osa: number }>(
    db,
    sql`select d.site_id, to_char(date_trunc('week', d.day), 'YYYY-MM-DD') as week,
               round(avg(100 * d.osa_sum / d.samples)::numeric, 2)::float8 as osa
          from store_osa_days d
         where d.tenant_id = ${tenantId} and d.samples > 0
           and d.day >= ${dayOf(from)}::date and d.day <= ${dayOf(to)}::date
           and d.site_id in (select l.id from locations l where ${stores})
         group by grouping sets ((d.site_id), (date_trunc('week', d.day)))`,
  );
  const bySite = new Map<number, number>();
  const byWeek = new Map<string, number>();
  for (const r of rows) {
    if (r.site_id !== null) bySite.set(Number(r.site_id), Number(r.osa));
    else if (r.week !== null) byWeek.set(r.week, Number(r.osa));
  }
  return { bySite, byWeek };
}

/**
 * The demo's history: each zoned store's last four weeks, a sample an hour, around its floor as the
 * seed left it (weekends, when the floor is shopped and refilled late, a few points lower), and
 * today's first sample of the floor itself.
 */
export async function seedOsaHistory(tx: Tx, tenant: { id: number; code: string }, now = new Date()): Promise<void> {
  for (const { siteId } of await zonedStores(tx, tenant.id)) {
    const today = await osaNow(tx, tenant.id, siteId);
    if (!today?.options) continue;
    const rnd = seededRandom(`osa ${tenant.code} ${siteId}`);
    const base = today.full / today.options;
    let drift = 0;
    for (let d = 27; d >= 1; d--) {
      const at = new Date(now.getTime() - d * DAY);
      drift = Math.max(-0.06, Math.min(0.06, drift + (rnd() - 0.5) * 0.03));
      const weekend = [0, 6].includes(at.getUTCDay()) ? 0.035 : 0;
      const share = Math.max(0.02, Math.min(0.99, base + drift - weekend + (rnd() - 0.5) * 0.02));
      const full = Math.round(share * today.options);
      await addOsaDay(tx, tenant.id, siteId, { day: dayOf(at), samples: 24, osaSum: share * 24, options: today.options, full, at });
    }
    await sampleOsa(tx, tenant.id, siteId, now);
  }
  await markSampled(tx, now);
}
