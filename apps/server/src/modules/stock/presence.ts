/**
 * The tags present now per place and SKU (stock_present_skus, ../shared/operations.md §9): a store's
 * "present now" by SKU, floor and stock room, and its refill list read a few thousand rows of it
 * instead of aggregating every present tag of the store through the tag registry on each request.
 * It is kept by a presence tally (rfid/state/listeners.ts): every change of a tag's presence — a
 * fold's, the departure sweep's, an unbinding's, a sale or a return at the till — moves its SKU's
 * count out of the place it was present at and into the one it is present at now, in the writer's
 * transaction and under the tenant's fold lock (one writer a tenant at a time: no two transactions
 * update a tenant's rows at once, so no deadlock). Present tags read again in a new minute move
 * `last_read` on. What no tally hears — states written straight into the table (the demo's seed, a
 * benchmark's), a tag registered after its tag was placed — `recountPresent` counts again (a site or
 * a tenant), as the seed does at its end and the daily recount does for every site.
 */
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { yieldToLoop } from '../../core/xlsx-stream.js';
import { queryRows, type Tx } from '../../db/client.js';
import { lockFold } from '../rfid/state/fold.js';
import { pgNumArray, pgTextArray } from '../rfid/state/fold-data.js';
import { type PresenceMove, type PresenceSeen, presenceTallies } from '../rfid/state/listeners.js';

/** Places × SKUs a statement of the tally writes at most. */
const CHUNK = 5_000;

/** The tally: the moves and new reads of one writer, added up per place and SKU, written in sorted order. */
export async function tallyPresent(tx: Tx, tenantId: number, moves: readonly PresenceMove[], seen: readonly PresenceSeen[]): Promise<void> {
  // one line per EPC and place: +1 where it is now (with its read's time), −1 where it was, 0 read again
  const epc: string[] = [];
  const loc: number[] = [];
  const delta: number[] = [];
  const at: (string | null)[] = [];
  for (const m of moves) {
    if (m.from !== null) {
      epc.push(m.epc);
      loc.push(m.from);
      delta.push(-1);
      at.push(null);
    }
    if (m.to !== null) {
      epc.push(m.epc);
      loc.push(m.to);
      delta.push(1);
      at.push(m.at?.toISOString() ?? null);
    }
  }
  for (const s of seen) {
    epc.push(s.epc);
    loc.push(s.locationId);
    delta.push(0);
    at.push(s.at.toISOString());
  }
  for (let i = 0; i < epc.length; i += CHUNK) {
    const end = i + CHUNK;
    // added up per place and SKU; a place × SKU that loses tags is updated (never below 0: one the
    // table does not have is left out), one that gains or is read is upserted
    await tx.execute(sql`
      with d as (
        select u.loc, t.sku_id, sum(u.d)::int as d, max(u.at) as at
          from unnest(${pgTextArray(epc.slice(i, end))}::text[], ${pgNumArray(loc.slice(i, end))}::bigint[],
                      ${pgNumArray(delta.slice(i, end))}::int[], ${pgTextArray(at.slice(i, end))}::timestamptz[]) as u(epc, loc, d, at)
          join label_tags t on t.tenant_id = ${tenantId} and t.epc = u.epc
          join locations l on l.tenant_id = ${tenantId} and l.id = u.loc
         group by u.loc, t.sku_id),
      lost as (
        update stock_present_skus c set present = greatest(c.present + d.d, 0), last_read = greatest(c.last_read, d.at)
          from d where d.d < 0 and c.tenant_id = ${tenantId} and c.location_id = d.loc and c.sku_id = d.sku_id)
      insert into stock_present_skus as c (tenant_id, location_id, sku_id, present, last_read)
      select ${tenantId}, d.loc, d.sku_id, d.d, d.at from d where d.d >= 0
       order by d.loc, d.sku_id
      on conflict (tenant_id, location_id, sku_id) do update set
        present = c.present + excluded.present,
        last_read = greatest(c.last_read, excluded.last_read)
      where excluded.present <> 0 or excluded.last_read > c.last_read or (c.last_read is null and excluded.last_read is not null)`);
  }
}

/**
 * Counts a site's present tags again (its zones and itself; all of the tenant's places without
 * `siteId`), under the tenant's fold lock, in the caller's transaction: the rows are replaced by
 * what the states say. Returns the places × SKUs written.
 */
export async function recountPresent(tx: Tx, tenantId: number, siteId?: number): Promise<number> {
  await lockFold(tx, tenantId);
  const places =
    siteId === undefined
      ? sql`select id from locations where tenant_id = ${tenantId}`
      : sql`select id from locations where tenant_id = ${tenantId} and (id = ${siteId} or site_id = ${siteId})`;
  await tx.execute(sql`delete from stock_present_skus where tenant_id = ${tenantId} and location_id in (${places})`);
  const [r] = await queryRows<{ n: number }>(
    tx,
    sql`with w as (
          insert into stock_present_skus (tenant_id, location_id, sku_id, present, last_read)
          select ${tenantId}, s.presence_location_id, t.sku_id, count(*)::int, max(s.presence_seen_at)
            from rfid_epc_states s
            join label_tags t on t.tenant_id = ${tenantId} and t.epc = s.epc
           where s.tenant_id = ${tenantId} and s.presence = 'present' and s.presence_location_id in (${places})
           group by s.presence_location_id, t.sku_id
          returning 1)
        select count(*)::int as n from w`,
  );
  return Number(r?.n ?? 0);
}

/** How often every site is counted again (a recurring system job: once a day). */
export const RECOUNT_EVERY_MS = 86_400_000;
/** app_meta: when every site was last counted again (or the demo's seed counted its tenant's). */
const RECOUNTED_KEY = 'stock.presentRecountedAt';

/** Notes that the present tags were counted now (the daily job skips a day that has its count). */
export const markRecounted = (db: Tx, at = new Date()) =>
  db.execute(sql`insert into app_meta (key, value) values (${RECOUNTED_KEY}, ${at.toISOString()})
                 on conflict (key) do update set value = excluded.value`);

/**
 * The daily job: every site counted again, unless that was done less than most of a day ago (a
 * fresh start after the demo's seed, a second process's run of the same day). Null: skipped.
 */
export async function dailyRecount(db: Tx, now: Date, log?: Pick<Logger, 'info'>): Promise<{ sites: number; off: number } | null> {
  const [last] = await queryRows<{ value: string }>(db, sql`select value from app_meta where key = ${RECOUNTED_KEY}`);
  if (last && now.getTime() - new Date(last.value).getTime() < RECOUNT_EVERY_MS * 0.9) return null;
  const r = await recountAllPresent(db, log);
  await markRecounted(db, now);
  return r;
}

/**
 * Every site of every tenant counted again, a site a transaction (the tenant's fold waits for one
 * site's statement at most), the event loop given back between two. Returns the sites counted and
 * the rows that were off.
 */
export async function recountAllPresent(db: Tx, log?: Pick<Logger, 'info'>): Promise<{ sites: number; off: number }> {
  const sites = await queryRows<{ tenant_id: number | string; id: number | string }>(
    db,
    sql`select tenant_id, id from locations where site_id is null order by tenant_id, id`,
  );
  let off = 0;
  for (const s of sites) {
    const tenantId = Number(s.tenant_id);
    const siteId = Number(s.id);
    off += await db.transaction(async (tx) => {
      await lockFold(tx, tenantId);
      const before = await siteRows(tx, tenantId, siteId);
      await recountPresent(tx, tenantId, siteId);
      const after = await siteRows(tx, tenantId, siteId);
      let n = 0;
      for (const [k, v] of after) if (before.get(k) !== v) n++;
      for (const k of before.keys()) if (!after.has(k)) n++;
      return n;
    });
    await yieldToLoop();
  }
  if (off) log?.info({ sites: sites.length, off }, 'stock: present tags per place and SKU counted again; some were off');
  return { sites: sites.length, off };
}

/** A site's rows, `place sku` → present (those with tags present). */
async function siteRows(tx: Tx, tenantId: number, siteId: number): Promise<Map<string, number>> {
  const rows = await queryRows<{ k: string; present: number }>(
    tx,
    sql`select c.location_id || ' ' || c.sku_id as k, c.present from stock_present_skus c
          join locations l on l.tenant_id = c.tenant_id and l.id = c.location_id and (l.id = ${siteId} or l.site_id = ${siteId})
         where c.tenant_id = ${tenantId} and c.present > 0`,
  );
  return new Map(rows.map((r) => [r.k, r.present]));
}

/** Registers the tally (the stock module's import: every process the same). */
export const presentSkusTally = () => presenceTallies.on(tallyPresent);
