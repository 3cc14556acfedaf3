/**
 * The cabins' sessions, live (../shared/operations.md §8): the fold gives this module the reads of
 * FITTING-scene readers (rfid sceneReadListeners), in its transaction with the tenant's fold lock;
 * each store's open sessions are loaded as the pure fold's state (packages/domain/src/rfid/fitting.ts),
 * folded with the reads under the store's rules, and written back: open sessions and their garments
 * upserted, closed ones settled (dwell, tried; a walk-by deleted) and joined with the till's sales
 * (convertSession). A sweep closes the sessions no read keeps open (every QUIET_MS, so a session is
 * closed within seconds of its last garment leaving: its merge gap after the last read), and
 * re-joins the sessions whose sale window is still open with the till (a sale after the close).
 * Every process sweeps; a close is a conditional UPDATE under the tenant's fold lock, so it happens once.
 */
import { FITTING_BOUNDS, FITTING_SESSION_STATUS as ST, ZONE_TYPE } from '@tagloom/domain';
import {
  type ClosedSession,
  convertSession,
  type FittingRead,
  type FittingSale,
  type FittingSession,
  foldFitting,
} from '@tagloom/domain/rfid/fitting.js';
import { SCENE_TYPE } from '@tagloom/domain/rfid/presence.js';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.js';
import { queryRows, type Tx } from '../../db/client.js';
import { registryOf } from '../label/tags/service.js';
import { lockFold } from '../rfid/state/fold.js';
import { pgNumArray, pgTextArray } from '../rfid/state/fold-data.js';
import { type SceneRead, sceneReadListeners } from '../rfid/state/listeners.js';
import { onSale, soldAt } from '../store/index.js';
import { skuFacts } from '../tenant/goods/service.js';
import { zoneFacts } from '../tenant/places/zones.js';
import { fittingOf, type StoreFitting } from './archive.js';

const HOUR = 3_600_000;
const ms = (col: string) => sql.raw(`(extract(epoch from ${col}) * 1000)::float8`);
const ts = (v: number | null) => (v === null ? null : new Date(v).toISOString());

/** An open session as stored: its row's id and code beside the fold's shape. */
interface StoredOpen extends FittingSession {
  id: number;
}

/** A store's open sessions (the fold's state), with their rows' ids. */
async function openOf(tx: Tx, tenantId: number, storeId: number): Promise<StoredOpen[]> {
  const heads = await queryRows<{ id: string | number; cabin_id: string | number; started: number; last: number }>(
    tx,
    sql`select id, cabin_id, ${ms('started_at')} as started, ${ms('last_at')} as last
          from fr_sessions where tenant_id = ${tenantId} and store_id = ${storeId} and status = ${ST.OPEN}
         order by cabin_id, started_at
         for update`,
  );
  if (!heads.length) return [];
  const items = await queryRows<{
    session_id: string | number;
    epc: string;
    first: number;
    last: number;
    left: number | null;
    reads: number;
  }>(
    tx,
    sql`select session_id, epc, ${ms('first_at')} as first, ${ms('last_at')} as last, ${ms('left_at')} as left, reads
          from fr_session_items where tenant_id = ${tenantId} and session_id = any(${`{${heads.map((h) => h.id).join(',')}}`}::bigint[])
         order by epc`,
  );
  return heads.map((h) => ({
    id: Number(h.id),
    cabinId: Number(h.cabin_id),
    startedAt: Number(h.started),
    lastAt: Number(h.last),
    items: items
      .filter((i) => Number(i.session_id) === Number(h.id))
      .map((i) => ({
        epc: i.epc,
        firstAt: Number(i.first),
        lastAt: Number(i.last),
        leftAt: i.left === null ? null : Number(i.left),
        reads: i.reads,
      })),
  }));
}

/** "ST001-FC1-20261130-143012": the cabin and the session's start in the tenant's clock (Asia/Shanghai unless it names one). */
function sessionCode(cabinCode: string, startedAt: number, tz: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(startedAt))
      .map((x) => [x.type, x.value]),
  );
  return `${cabinCode}-${p.year}${p.month}${p.day}-${p.hour}${p.minute}${p.second}`.slice(0, 32);
}

async function tenantZone(tx: Tx, tenantId: number): Promise<string> {
  const [t] = await queryRows<{ tz: string | null }>(tx, sql`select time_zone as tz from tenants where id = ${tenantId}`);
  return t?.tz || 'Asia/Shanghai';
}

/** The SKU and style (goods) of these EPCs, by EPC (an EPC no tag names: none). */
async function garmentsOf(tx: Tx, tenantId: number, epcs: readonly string[]): Promise<Map<string, { skuId: number; styleId: number }>> {
  const tags = await registryOf(tx, tenantId, [...new Set(epcs)]);
  const skus = await skuFacts(
    tx,
    tenantId,
    [...tags.values()].map((t) => t.skuId),
  );
  const out = new Map<string, { skuId: number; styleId: number }>();
  for (const [epc, t] of tags) {
    const sku = skus.get(t.skuId);
    if (sku) out.set(epc, { skuId: sku.id, styleId: sku.goodsId });
  }
  return out;
}

/** A garment as written: the fold's item, with its dwell and try once its session closed. */
export interface ItemWrite {
  epc: string;
  firstAt: number;
  lastAt: number;
  leftAt: number | null;
  reads: number;
  dwellS?: number;
  tried?: boolean;
}

const num = (v: readonly (number | null)[], type: string) => sql`${pgNumArray(v)}::${sql.raw(type)}[]`;
const txt = (v: readonly (string | null)[], type = 'text') => sql`${pgTextArray(v)}::${sql.raw(type)}[]`;

/** Writes garments of sessions, one statement (upserted by session and EPC: reads, times, dwell, tried). */
export async function writeItems(
  tx: Tx,
  tenantId: number,
  rows: readonly { sessionId: number; item: ItemWrite }[],
  garments: Map<string, { skuId: number; styleId: number }>,
): Promise<void> {
  if (!rows.length) return;
  const col = <T>(f: (r: { sessionId: number; item: ItemWrite }) => T) => rows.map(f);
  await tx.execute(sql`
    insert into fr_session_items as i (tenant_id, session_id, epc, sku_id, style_id, first_at, last_at, left_at, reads, dwell_s, tried)
    select ${tenantId}, u.sid, u.epc, u.sku, u.style, u.f, u.l, u.lf, u.n, u.d, u.t
      from unnest(${num(
        col((r) => r.sessionId),
        'bigint',
      )}, ${txt(col((r) => r.item.epc))},
                  ${num(
                    col((r) => garments.get(r.item.epc)?.skuId ?? null),
                    'bigint',
                  )}, ${num(
                    col((r) => garments.get(r.item.epc)?.styleId ?? null),
                    'bigint',
                  )},
                  ${txt(
                    col((r) => ts(r.item.firstAt)),
                    'timestamptz',
                  )}, ${txt(
                    col((r) => ts(r.item.lastAt)),
                    'timestamptz',
                  )}, ${txt(
                    col((r) => ts(r.item.leftAt)),
                    'timestamptz',
                  )},
                  ${num(
                    col((r) => r.item.reads),
                    'int',
                  )}, ${num(
                    col((r) => Math.max(0, Math.round(r.item.dwellS ?? (r.item.lastAt - r.item.firstAt) / 1000))),
                    'int',
                  )}, ${num(
                    col((r) => (r.item.tried ? 1 : 0)),
                    'smallint',
                  )})
           as u(sid, epc, sku, style, f, l, lf, n, d, t)
    on conflict (tenant_id, session_id, epc) do update
      set first_at = excluded.first_at, last_at = excluded.last_at, left_at = excluded.left_at, reads = excluded.reads,
          dwell_s = excluded.dwell_s, tried = excluded.tried, updated_at = now()`);
}

/** What a fold or sweep of one store changed: its sessions written, the closed ones settled and joined with the till. */
async function settle(
  tx: Tx,
  tenantId: number,
  store: StoreFitting,
  before: readonly StoredOpen[],
  result: { state: { open: FittingSession[] }; closed: ClosedSession[] },
  cabinCodes: Map<number, string>,
): Promise<void> {
  const epcs = [...result.state.open, ...result.closed].flatMap((s) => s.items.map((i) => i.epc));
  const garments = await garmentsOf(tx, tenantId, epcs);
  const tz = await tenantZone(tx, tenantId);
  const stored = (s: FittingSession) => before.find((b) => b.cabinId === s.cabinId && b.startedAt === s.startedAt);
  const codeOf = async (cabinId: number) =>
    cabinCodes.get(cabinId) ?? (await zoneFacts(tx, tenantId, [cabinId])).get(cabinId)?.code ?? String(cabinId);
  const headOf = (s: FittingSession, closed?: ClosedSession) => {
    const items = closed ? closed.items : s.items;
    return {
      lastAt: s.lastAt,
      endedAt: closed?.endedAt ?? null,
      // whole seconds, as stored (reads carry milliseconds: a closed session's dwell is a fraction)
      dwellS: Math.round(closed ? closed.dwellS : (s.lastAt - s.startedAt) / 1000),
      items: items.length,
      tried: closed ? closed.items.filter((i) => i.tried).length : 0,
      status: closed ? ST.CLOSED : ST.OPEN,
    };
  };
  const write = async (s: FittingSession, closed?: ClosedSession): Promise<number | null> => {
    const row = stored(s);
    if (closed?.dropped) {
      if (row) await tx.execute(sql`delete from fr_sessions where tenant_id = ${tenantId} and id = ${row.id}`);
      return null;
    }
    const h = headOf(s, closed);
    let id = row?.id;
    if (id)
      await tx.execute(sql`
        update fr_sessions set last_at = ${ts(h.lastAt)}, ended_at = ${ts(h.endedAt)}, dwell_s = ${h.dwellS}, items = ${h.items},
               tried = ${h.tried}, status = ${h.status}, updated_at = now()
         where tenant_id = ${tenantId} and id = ${id} and status = ${ST.OPEN}`);
    else {
      const code = sessionCode(await codeOf(s.cabinId), s.startedAt, tz);
      const [made] = await queryRows<{ id: string | number }>(
        tx,
        sql`insert into fr_sessions (tenant_id, code, store_id, cabin_id, started_at, last_at, ended_at, dwell_s, items, tried, status)
            values (${tenantId}, ${code}, ${store.storeId}, ${s.cabinId}, ${ts(s.startedAt)}, ${ts(h.lastAt)}, ${ts(h.endedAt)},
                    ${h.dwellS}, ${h.items}, ${h.tried}, ${h.status})
            returning id`,
      );
      id = Number(made.id);
    }
    await writeItems(
      tx,
      tenantId,
      (closed ? closed.items : s.items).map((item) => ({ sessionId: id, item })),
      garments,
    );
    return id;
  };
  for (const s of result.state.open) await write(s);
  const settled: number[] = [];
  for (const c of result.closed) {
    const id = await write(c, c);
    if (id !== null) settled.push(id);
  }
  if (settled.length) await convertSessions(tx, tenantId, store, settled);
}

/**
 * Joins closed sessions with the till (convertSession): each tried garment bought when its piece
 * is sold at the store within the window, or swapped for another size of its style; the sessions'
 * bought, swapped and amount follow. Re-run as sales come in while the window is open.
 */
export async function convertSessions(tx: Tx, tenantId: number, store: StoreFitting, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  const list = `{${ids.join(',')}}`;
  const heads = await queryRows<{ id: string | number; started: number; ended: number }>(
    tx,
    sql`select id, ${ms('started_at')} as started, ${ms('ended_at')} as ended from fr_sessions
         where tenant_id = ${tenantId} and id = any(${list}::bigint[]) and status = ${ST.CLOSED}`,
  );
  if (!heads.length) return;
  const items = await queryRows<{
    session_id: string | number;
    epc: string;
    sku_id: string | number | null;
    style_id: string | number | null;
    tried: number;
  }>(
    tx,
    sql`select session_id, epc, sku_id, style_id, tried from fr_session_items
         where tenant_id = ${tenantId} and session_id = any(${list}::bigint[])`,
  );
  const from = Math.min(...heads.map((h) => Number(h.started)));
  const to = Math.max(...heads.map((h) => Number(h.ended))) + store.conversionWindowH * HOUR;
  const sold = await soldAt(tx, tenantId, store.storeId, from, to);
  const styles = await skuFacts(
    tx,
    tenantId,
    sold.map((s) => s.skuId),
  );
  const sales: FittingSale[] = sold.filter((s) => styles.has(s.skuId)).map((s) => ({ ...s, styleId: styles.get(s.skuId)!.goodsId }));
  const itemOuts: {
    sid: number;
    epc: string;
    bought: number;
    swapped: number;
    soldAt: string | null;
    txnNo: string;
    amount: number | null;
  }[] = [];
  const heads2: { id: number; bought: number; swapped: number; amount: number }[] = [];
  for (const h of heads) {
    const mine = items.filter((i) => Number(i.session_id) === Number(h.id) && i.sku_id !== null);
    const out = convertSession(
      {
        startedAt: Number(h.started),
        endedAt: Number(h.ended),
        items: mine.map((i) => ({ epc: i.epc, skuId: Number(i.sku_id), styleId: Number(i.style_id), tried: i.tried === 1 })),
      },
      sales,
      store,
    );
    for (const o of out.items)
      itemOuts.push({
        sid: Number(h.id),
        epc: o.epc,
        bought: o.bought ? 1 : 0,
        swapped: o.swapped ? 1 : 0,
        soldAt: ts(o.soldAt),
        txnNo: o.txnNo ?? '',
        amount: o.bought ? o.amount : null,
      });
    heads2.push({ id: Number(h.id), bought: out.bought, swapped: out.swapped, amount: out.amountBought });
  }
  if (itemOuts.length)
    await tx.execute(sql`
      update fr_session_items i set bought = u.b, swapped = u.s, sold_at = u.at, txn_no = u.t, amount = u.a, updated_at = now()
        from unnest(${num(
          itemOuts.map((o) => o.sid),
          'bigint',
        )}, ${txt(itemOuts.map((o) => o.epc))}, ${num(
          itemOuts.map((o) => o.bought),
          'smallint',
        )},
                    ${num(
                      itemOuts.map((o) => o.swapped),
                      'smallint',
                    )}, ${txt(
                      itemOuts.map((o) => o.soldAt),
                      'timestamptz',
                    )}, ${txt(itemOuts.map((o) => o.txnNo))},
                    ${num(
                      itemOuts.map((o) => o.amount),
                      'float8',
                    )}) as u(sid, epc, b, s, at, t, a)
       where i.tenant_id = ${tenantId} and i.session_id = u.sid and i.epc = u.epc`);
  await tx.execute(sql`
    update fr_sessions s set bought = u.b, swapped = u.s, amount_bought = u.a, converted_at = now(), updated_at = now()
      from unnest(${num(
        heads2.map((h) => h.id),
        'bigint',
      )}, ${num(
        heads2.map((h) => h.bought),
        'int',
      )}, ${num(
        heads2.map((h) => h.swapped),
        'int',
      )}, ${num(
        heads2.map((h) => h.amount),
        'float8',
      )}) as u(id, b, s, a)
     where s.tenant_id = ${tenantId} and s.id = u.id`);
}

/** The cabins among these locations, by id: their code and store (other locations are no cabins). */
async function cabinsAmong(tx: Tx, tenantId: number, locationIds: readonly number[]) {
  const facts = await zoneFacts(tx, tenantId, locationIds);
  return new Map([...facts].filter(([, z]) => z.zoneType === ZONE_TYPE.FITTING_CABIN && z.siteId !== null));
}

/** Folds the fold's reads of fitting readers into their stores' sessions (the fold's transaction, lock held). */
export async function foldCabinReads(tx: Tx, tenantId: number, reads: readonly SceneRead[]): Promise<void> {
  const cabins = await cabinsAmong(tx, tenantId, [...new Set(reads.map((r) => r.locationId))]);
  if (!cabins.size) return;
  const byStore = new Map<number, FittingRead[]>();
  for (const r of reads) {
    const cabin = cabins.get(r.locationId);
    if (!cabin) continue;
    const list = byStore.get(cabin.siteId!) ?? [];
    list.push({ epc: r.epc, cabinId: r.locationId, at: r.at });
    byStore.set(cabin.siteId!, list);
  }
  const rules = await fittingOf(tx, tenantId, [...byStore.keys()]);
  const codes = new Map([...cabins].map(([id, z]) => [id, z.code]));
  for (const [storeId, storeReads] of byStore) {
    const store = rules.get(storeId)!;
    if (!store.enabled) continue;
    const before = await openOf(tx, tenantId, storeId);
    // reads from before a cabin's open session began (a late batch: a reader back online) are a past
    // visit, not garments joining the shopper in the cabin now: folded on their own and closed
    const startOf = new Map(before.map((b) => [b.cabinId, b.startedAt]));
    const late = storeReads.filter((r) => r.at < (startOf.get(r.cabinId) ?? Number.NEGATIVE_INFINITY));
    const current = late.length ? storeReads.filter((r) => !late.includes(r)) : storeReads;
    if (late.length) {
      const past = Math.max(...late.map((r) => r.at)) + store.mergeGapS * 1000;
      await settle(tx, tenantId, store, [], foldFitting({ open: [] }, late, past, store), codes);
    }
    if (!current.length) continue;
    const now = Math.max(...current.map((r) => r.at));
    await settle(tx, tenantId, store, before, foldFitting({ open: before }, current, now, store), codes);
  }
}

/** Registers the fold's listener of fitting readers (once, at import: a static registry). */
export function fittingOnReads(): () => void {
  return sceneReadListeners.on(SCENE_TYPE.FITTING, foldCabinReads);
}

/** A sale at a store joins its sessions whose sale window it falls in (in the sale's transaction). */
export async function convertAfterSale(tx: Tx, tenantId: number, storeId: number, at: number): Promise<void> {
  const store = (await fittingOf(tx, tenantId, [storeId])).get(storeId)!;
  const ids = await queryRows<{ id: string | number }>(
    tx,
    sql`select id from fr_sessions
         where tenant_id = ${tenantId} and store_id = ${storeId} and status = ${ST.CLOSED}
           and ended_at between to_timestamp(${(at - store.conversionWindowH * HOUR) / 1000}) and to_timestamp(${at / 1000})`,
  );
  await convertSessions(
    tx,
    tenantId,
    store,
    ids.map((r) => Number(r.id)),
  );
}

/** Registers the till's listener (once, at import). */
export const fittingOnSales = () => onSale(convertAfterSale);

/**
 * Closes the sessions of one store that no read keeps open at `now` (and writes what a close
 * changes), in the caller's transaction — which takes the tenant's fold lock first.
 */
export async function sweepStore(tx: Tx, tenantId: number, storeId: number, now: number): Promise<number> {
  await lockFold(tx, tenantId);
  const store = (await fittingOf(tx, tenantId, [storeId])).get(storeId)!;
  const before = await openOf(tx, tenantId, storeId);
  if (!before.length) return 0;
  const result = foldFitting({ open: before }, [], now, store);
  if (!result.closed.length) return 0;
  await settle(tx, tenantId, store, before, result, new Map());
  return result.closed.length;
}

/** The stores (by tenant) with an open session no read kept open for its store's merge gap. */
async function dueStores(db: Tx, now: number): Promise<{ tenantId: number; storeId: number }[]> {
  return (
    await queryRows<{ tenant_id: string | number; store_id: string | number }>(
      db,
      sql`select distinct s.tenant_id, s.store_id from fr_sessions s
            left join fr_areas a on a.tenant_id = s.tenant_id and a.store_id = s.store_id
           where s.status = ${ST.OPEN}
             and s.last_at + make_interval(secs => coalesce(a.merge_gap_s, 30)) <= to_timestamp(${now / 1000})
           limit 200`,
    )
  ).map((r) => ({ tenantId: Number(r.tenant_id), storeId: Number(r.store_id) }));
}

/** Sessions whose sale window is still open, not joined with the till for a minute: by tenant and store. */
async function unsettledStores(db: Tx): Promise<{ tenantId: number; storeId: number; ids: number[] }[]> {
  const rows = await queryRows<{ tenant_id: string | number; store_id: string | number; ids: (string | number)[] }>(
    db,
    sql`select s.tenant_id, s.store_id, array_agg(s.id) as ids from fr_sessions s
          left join fr_areas a on a.tenant_id = s.tenant_id and a.store_id = s.store_id
         where s.status = ${ST.CLOSED}
           and s.ended_at > now() - interval '${sql.raw(String(FITTING_BOUNDS.conversionWindowH.max))} hours'
           and s.ended_at > now() - make_interval(hours => coalesce(a.conversion_window_h, 4))
           and (s.converted_at is null or s.converted_at < now() - interval '1 minute')
         group by s.tenant_id, s.store_id
         limit 200`,
  );
  return rows.map((r) => ({ tenantId: Number(r.tenant_id), storeId: Number(r.store_id), ids: r.ids.map(Number) }));
}

/** How often a process sweeps the cabins: a session closes within this of its merge gap passing. */
export const FITTING_SWEEP_MS = 2000;
/** How often the open sale windows are joined with the till again. */
export const FITTING_CONVERT_MS = 60_000;

/** One sweep: the due sessions closed, store by store (each its own transaction); returns how many closed. */
export async function sweepFittingSessions(ctx: AppContext, now = Date.now()): Promise<number> {
  let closed = 0;
  for (const { tenantId, storeId } of await dueStores(ctx.db, now))
    closed += await ctx.db.transaction((tx) => sweepStore(tx, tenantId, storeId, now));
  return closed;
}

/** Joins the sessions whose sale window is open with the till's sales since (each store its own transaction). */
export async function reconvertFitting(ctx: AppContext): Promise<void> {
  for (const { tenantId, storeId, ids } of await unsettledStores(ctx.db))
    await ctx.db.transaction(async (tx) => {
      const store = (await fittingOf(tx, tenantId, [storeId])).get(storeId)!;
      await convertSessions(tx, tenantId, store, ids);
    });
}

/** Starts this process's sweep of the cabins (and the till's join every minute); returns its stop. */
export function startFittingSweep(ctx: AppContext, everyMs = FITTING_SWEEP_MS): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  let lastConvert = 0;
  const timer = setInterval(() => {
    if (running || !ctx.readiness.ready) return;
    running = (async () => {
      await sweepFittingSessions(ctx);
      if (Date.now() - lastConvert >= FITTING_CONVERT_MS) {
        lastConvert = Date.now();
        await reconvertFitting(ctx);
      }
    })()
      .catch((err) => ctx.log.warn({ err }, 'smart-store: fitting session sweep failed'))
      .finally(() => {
        running = undefined;
      });
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
