/**
 * The count's engine (../shared/operations.md E9): expected frozen from the book at the start, the
 * EPCs counted gathered from the count's handheld sessions and the overhead readers' presence (an
 * EPC once, in the zone of its last read), the lines per SKU and the count's KPIs (§9), the book
 * reset and the lifecycle event at approval. Set-based: a few statements whatever the number of
 * EPCs, written 5,000 a statement, so a 30,000-EPC count takes a handful of short statements (a
 * refresh's each in its own transaction, the server's other work let through between them).
 */
import { COUNT_MODE, type CountScope, countKpis, isCountScope, scopeLimits } from '@tagloom/domain';
import { READ_SESSION_STATE } from '@tagloom/domain/rfid/sessions.js';
import { sql } from 'drizzle-orm';
import { yieldToLoop } from '../../../core/xlsx-stream.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { recordTagEventChunkRows } from '../../label/tags/index.js';
import { pgNumArray, pgTextArray } from '../../rfid/state/fold-data.js';
import { onHandOf, resetByCount, signedMoveQty } from '../../stock/index.js';

/** EPCs written a statement at most. */
export const COUNT_EPC_CHUNK = 5000;
/** The subject type of a count's read sessions (a handheld's upload names {type: 'count', code}). */
export const COUNT_SUBJECT = 'count';

export interface CountRow {
  id: number;
  code: string;
  siteId: number;
  zoneIds: number[];
  /** the goods it counts (null: every SKU) */
  scope: CountScope | null;
  mode: number;
  status: number;
  sheetKind: number;
  snapshotAt: Date | null;
  startedAt: Date | null;
  finishedAt: Date | null;
}

const idList = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number).filter((x) => Number.isSafeInteger(x) && x > 0) : []);

/** A count as the engine needs it (locked with `lock`). */
export async function countOf(tx: Tx, tenantId: number, id: number, lock = false): Promise<CountRow | undefined> {
  const [r] = await queryRows<Record<string, unknown>>(
    tx,
    sql`select id, code, site_id, zone_ids, scope, mode, status, sheet_kind, snapshot_at, started_at, finished_at
          from stock_counts where tenant_id = ${tenantId} and id = ${id} ${lock ? sql`for update` : sql``}`,
  );
  if (!r) return undefined;
  const date = (v: unknown) => (v == null ? null : new Date(v as string));
  return {
    id: Number(r.id),
    code: String(r.code),
    siteId: Number(r.site_id),
    zoneIds: idList(r.zone_ids),
    scope: isCountScope(r.scope) && scopeLimits(r.scope as CountScope) ? (r.scope as CountScope) : null,
    mode: Number(r.mode),
    status: Number(r.status),
    sheetKind: Number(r.sheet_kind),
    snapshotAt: date(r.snapshot_at),
    startedAt: date(r.started_at),
    finishedAt: date(r.finished_at),
  };
}

/** The SKUs of the goods a count counts (its scope's brands, categories, styles), or null: every SKU. */
export async function scopeSkus(tx: Tx, tenantId: number, c: CountRow): Promise<Set<number> | null> {
  const s = c.scope;
  if (!s) return null;
  const rows = await queryRows<{ id: string | number }>(
    tx,
    sql`select k.id from goods_skus k join goods g on g.tenant_id = k.tenant_id and g.id = k.goods_id
         where k.tenant_id = ${tenantId}
           ${s.brandIds?.length ? sql`and g.brand_id = any(${pgNumArray(s.brandIds)}::bigint[])` : sql``}
           ${s.categories?.length ? sql`and g.big_type = any(${pgTextArray(s.categories)}::text[])` : sql``}
           ${s.styles?.length ? sql`and upper(g.style_number) = any(${pgTextArray(s.styles.map((x) => x.trim().toUpperCase()))}::text[])` : sql``}`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/** A map's entries of the SKUs in `skus` (null: all of them). */
const within = <V>(m: Map<number, V>, skus: Set<number> | null) => {
  if (skus) for (const k of [...m.keys()]) if (!skus.has(k)) m.delete(k);
  return m;
};

/** The book of the count's scope per SKU: the site's rows, or the sum of its zones' rows (its goods only). */
async function bookOf(tx: Tx, tenantId: number, c: CountRow): Promise<Map<number, number>> {
  const skus = await scopeSkus(tx, tenantId, c);
  if (!c.zoneIds.length) return within(await onHandOf(tx, tenantId, c.siteId), skus);
  const rows = await queryRows<{ sku_id: string | number; n: number }>(
    tx,
    sql`select sku_id, sum(on_hand)::int as n from stock_sku_locations
         where tenant_id = ${tenantId} and site_id = ${c.siteId} and zone_id = any(${pgNumArray(c.zoneIds)}::bigint[])
         group by sku_id`,
  );
  return within(new Map(rows.map((r) => [Number(r.sku_id), r.n])), skus);
}

/** Writes lines (SKU → column values), 5,000 a statement, upserting the named column. */
async function upsertLines(tx: Tx, tenantId: number, countId: number, column: 'expected_qty' | 'moved_qty', values: Map<number, number>) {
  const list = [...values].filter(([, n]) => n !== 0);
  for (let i = 0; i < list.length; i += COUNT_EPC_CHUNK) {
    const part = list.slice(i, i + COUNT_EPC_CHUNK);
    await tx.execute(
      sql`insert into stock_count_lines as l (tenant_id, count_id, sku_id, ${sql.raw(column)})
          select ${tenantId}, ${countId}, u.sku, u.n
            from unnest(${pgNumArray(part.map(([s]) => s))}::bigint[], ${pgNumArray(part.map(([, n]) => n))}::int[]) as u(sku, n)
          on conflict (tenant_id, count_id, sku_id) do update set ${sql.raw(column)} = excluded.${sql.raw(column)}`,
    );
  }
}

/**
 * `start`: the book of the scope frozen as the count's expected pieces per SKU at `at` (the
 * snapshot; Nedap's cycle_count_started). Lines written before (a restart after a cancelled
 * review cannot happen: start leaves NEW only) are replaced.
 */
export async function freezeExpected(tx: Tx, tenantId: number, c: CountRow, at: Date): Promise<void> {
  const book = await bookOf(tx, tenantId, c);
  // a negative book (sold more than counted) expects nothing
  for (const [sku, n] of book) if (n <= 0) book.delete(sku);
  await tx.execute(sql`delete from stock_count_lines where tenant_id = ${tenantId} and count_id = ${c.id}`);
  await upsertLines(tx, tenantId, c.id, 'expected_qty', book);
  await tx.execute(
    sql`update stock_counts set snapshot_at = ${at.toISOString()}::timestamptz, started_at = ${at.toISOString()}::timestamptz
         where tenant_id = ${tenantId} and id = ${c.id}`,
  );
  await settleLines(tx, tenantId, c.id);
}

/** The locations whose present EPCs the overhead readers give the count: its zones, or the site and all its zones. */
const presenceScope = (tenantId: number, c: CountRow) =>
  c.zoneIds.length
    ? sql`${pgNumArray(c.zoneIds)}::bigint[]`
    : sql`array(select id from locations where tenant_id = ${tenantId} and (id = ${c.siteId} or site_id = ${c.siteId}))`;

/** Session states whose reads count: live (open, closed) and uploaded or reviewed ones; not the rejected, nor announced ones. */
const COUNTED_STATES = [READ_SESSION_STATE.OPEN, READ_SESSION_STATE.CLOSED, READ_SESSION_STATE.UPLOADED, READ_SESSION_STATE.REVIEWED];

/** The generation of a count's EPCs on show (0 before its first refresh). */
const shownGen = (tenantId: number, countId: number) =>
  sql`coalesce((select g.epc_gen from stock_count_gens g where g.tenant_id = ${tenantId} and g.count_id = ${countId}), 0)`;
/** A count's EPCs on show, `e` the alias of stock_count_epcs (its drawer, its figures, its approval). */
export const shownEpcs = (tenantId: number, countId: number) =>
  sql`e.tenant_id = ${tenantId} and e.count_id = ${countId} and e.gen = ${shownGen(tenantId, countId)}`;

export type RefreshOutcome = { skipped: true; code: string } | { skipped: false; code: string; epcs: number };

/**
 * `refresh`: the EPCs counted, gathered again — the reads of the count's handheld sessions and the
 * EPCs the overhead readers hold present in its scope now (the virtual count). An EPC read in two
 * places counts once, in the zone of its last read; a zone count keeps its EPCs in its zones (a read
 * outside them goes to its first zone).
 *
 * Not one transaction: on the embedded database a transaction holds the one connection, and a
 * 30,000-EPC count would hold every tenant's requests for seconds. The EPCs are written aside as the
 * count's next generation, 5,000 a statement (keyset on the EPC), each its own short statement with
 * the server's other work let through between them, each chunk reported to `progress`; then one short
 * transaction swaps the generation in with the lines and KPIs — only when the count is still in
 * `states` and no later refresh started meanwhile (else what was written aside is dropped and the
 * count is left as it is). The generations no longer on show are deleted afterwards, a chunk at a time.
 */
export async function refreshCount(
  db: Tx,
  tenantId: number,
  countId: number,
  states: readonly number[],
  progress?: (done: number) => Promise<void>,
): Promise<RefreshOutcome> {
  const begun = await db.transaction(async (tx) => {
    const c = await countOf(tx, tenantId, countId, true);
    if (!c || !states.includes(c.status)) return { c, gen: 0 };
    const [g] = await queryRows<{ gen: number }>(
      tx,
      sql`insert into stock_count_gens as g (tenant_id, count_id, epc_gen, last_gen) values (${tenantId}, ${countId}, 0, 1)
          on conflict (tenant_id, count_id) do update set last_gen = g.last_gen + 1 returning g.last_gen as gen`,
    );
    return { c, gen: g.gen };
  });
  const { c, gen } = begun;
  if (!c || !gen) return { skipped: true, code: c?.code ?? '' };
  const zoneOf = c.zoneIds.length
    ? sql`case when r.zone = any(${pgNumArray(c.zoneIds)}::bigint[]) then r.zone else ${c.zoneIds[0]}::bigint end`
    : sql`r.zone`;
  let after = '';
  let done = 0;
  for (;;) {
    const [got] = await queryRows<{ n: number; last: string | null }>(
      db,
      sql`with reads as (
            select e.epc, e.first_at, e.last_at, s.location_id as zone, s.code as source
              from rfid_read_sessions s
              join rfid_session_epcs e on e.tenant_id = s.tenant_id and e.session_id = s.id
             where s.tenant_id = ${tenantId} and s.subject_type = ${COUNT_SUBJECT} and s.subject_code = ${c.code}
               and s.state in (${sql.raw(COUNTED_STATES.join(', '))}) and e.epc > ${after}
            union all
            select st.epc, coalesce(st.presence_since, st.first_seen_at), coalesce(st.presence_seen_at, st.last_seen_at),
                   st.presence_location_id, ''
              from rfid_epc_states st
             where st.tenant_id = ${tenantId} and st.presence = 'present'
               and st.presence_location_id = any(${presenceScope(tenantId, c)}) and st.epc > ${after}
          ), chunk as (
            select distinct on (r.epc) r.epc, r.first_at, r.last_at, ${zoneOf} as zone, r.source
              from reads r order by r.epc, r.last_at desc, r.source desc
             limit ${COUNT_EPC_CHUNK}
          ), written as (
            insert into stock_count_epcs (tenant_id, count_id, gen, epc, sku_id, zone_id, first_at, last_at, source)
            select ${tenantId}, ${c.id}, ${gen}, k.epc, t.sku_id, k.zone, k.first_at, k.last_at, k.source
              from chunk k left join label_tags t on t.tenant_id = ${tenantId} and t.epc = k.epc
            returning epc
          )
          select count(*)::int as n, max(epc) as last from written`,
    );
    done += got.n;
    await progress?.(done);
    if (got.n < COUNT_EPC_CHUNK || !got.last) break;
    after = got.last;
    await yieldToLoop();
  }
  const swapped = await db.transaction(async (tx) => {
    const now = await countOf(tx, tenantId, countId, true);
    // (an EPC of goods outside the count's scope is kept with its EPCs, in no line)
    const skus = now ? await scopeSkus(tx, tenantId, now) : null;
    const [g] = await queryRows<{ last: number }>(
      tx,
      sql`select last_gen as last from stock_count_gens where tenant_id = ${tenantId} and count_id = ${countId} for update`,
    );
    if (!now || !states.includes(now.status) || g?.last !== gen) return false;
    await tx.execute(sql`update stock_count_gens set epc_gen = ${gen} where tenant_id = ${tenantId} and count_id = ${countId}`);
    // the pieces counted per SKU (an EPC the registry does not know counts in no line), with each
    // line's over and short, in one linear statement: the EPCs grouped per SKU, joined in full with
    // the lines (a line without EPCs counts 0), each line written once and only when its figures
    // changed (before: the counts cleared, set, then over and short — every line written three
    // times; a NOT EXISTS per line before that scanned all the count's EPCs each: 5–15 s)
    await tx.execute(
      sql`with n as (
            select sku_id, count(*)::int as n from stock_count_epcs
             where tenant_id = ${tenantId} and count_id = ${countId} and gen = ${gen} and sku_id is not null
               ${skus ? sql`and sku_id = any(${pgNumArray([...skus])}::bigint[])` : sql``}
             group by sku_id),
          v as (
            select coalesce(n.sku_id, o.sku_id) as sku_id, coalesce(n.n, 0) as r,
                   greatest(0, coalesce(o.expected_qty, 0) + coalesce(o.moved_qty, 0)) as e
              from n full join (select sku_id, expected_qty, moved_qty from stock_count_lines
                                 where tenant_id = ${tenantId} and count_id = ${countId}) o on o.sku_id = n.sku_id)
          insert into stock_count_lines as l (tenant_id, count_id, sku_id, counted_qty, over_qty, short_qty)
          select ${tenantId}, ${countId}, v.sku_id, v.r, greatest(0, v.r - v.e), greatest(0, v.e - v.r) from v
          on conflict (tenant_id, count_id, sku_id) do update
            set counted_qty = excluded.counted_qty, over_qty = excluded.over_qty, short_qty = excluded.short_qty
            where (l.counted_qty, l.over_qty, l.short_qty) is distinct from (excluded.counted_qty, excluded.over_qty, excluded.short_qty)`,
    );
    await settleLines(tx, tenantId, countId, true);
    return true;
  });
  await dropOldGenerations(db, tenantId, countId, gen);
  return swapped ? { skipped: false, code: c.code, epcs: done } : { skipped: true, code: c.code };
}

/**
 * Deletes a count's generations of EPCs up to `upTo` that are not on show, 5,000 EPCs a statement
 * (keyset on the EPC; the generations found by a skip scan of the key).
 */
async function dropOldGenerations(db: Tx, tenantId: number, countId: number, upTo: number): Promise<void> {
  const of = sql`tenant_id = ${tenantId} and count_id = ${countId}`;
  const stale = await queryRows<{ g: number }>(
    db,
    sql`with recursive gs as (
          select min(gen) as g from stock_count_epcs where ${of} and gen <= ${upTo}
          union all
          select (select min(gen) from stock_count_epcs where ${of} and gen > gs.g and gen <= ${upTo}) from gs where gs.g is not null
        )
        select g from gs where g is not null and g <> ${shownGen(tenantId, countId)}`,
  );
  for (const { g } of stale)
    for (;;) {
      const [gone] = await queryRows<{ n: number }>(
        db,
        sql`with d as (
              delete from stock_count_epcs where ${of} and gen = ${g}
                 and epc <= coalesce(
                   (select epc from stock_count_epcs where ${of} and gen = ${g} order by epc offset ${COUNT_EPC_CHUNK - 1} limit 1),
                   (select max(epc) from stock_count_epcs where ${of} and gen = ${g}))
              returning 1
            )
            select count(*)::int as n from d`,
      );
      if (gone.n < COUNT_EPC_CHUNK) break;
      await yieldToLoop();
    }
}

/**
 * `sync`: what moved in the count's site since its snapshot — sales, returns, receipts, shipments,
 * adjustments journalled in the book — folded into each line's movedQty (expected' = expected +
 * moved), then over, short and the KPIs again.
 */
export async function syncMoves(tx: Tx, tenantId: number, c: CountRow): Promise<{ skus: number }> {
  if (!c.snapshotAt) return { skus: 0 };
  const rows = await queryRows<{ sku_id: string | number; n: number }>(
    tx,
    sql`select sku_id, sum(${signedMoveQty})::int as n
          from stock_moves
         where tenant_id = ${tenantId} and site_id = ${c.siteId} and created_at > ${c.snapshotAt.toISOString()}::timestamptz
           and doc_code <> ${c.code}
           ${c.zoneIds.length ? sql`and zone_id = any(${pgNumArray(c.zoneIds)}::bigint[])` : sql``}
         group by sku_id`,
  );
  await tx.execute(sql`update stock_count_lines set moved_qty = 0 where tenant_id = ${tenantId} and count_id = ${c.id}`);
  const moved = within(new Map(rows.map((r) => [Number(r.sku_id), r.n])), await scopeSkus(tx, tenantId, c));
  await upsertLines(tx, tenantId, c.id, 'moved_qty', moved);
  await settleLines(tx, tenantId, c.id);
  return { skus: [...moved.values()].filter((n) => n !== 0).length };
}

/** Over and short of every line (`linesSettled`: the caller wrote them), empty lines dropped, and the count's figures (§9 KPIs) written to its row. */
export async function settleLines(tx: Tx, tenantId: number, countId: number, linesSettled = false): Promise<void> {
  await tx.execute(
    sql`delete from stock_count_lines
         where tenant_id = ${tenantId} and count_id = ${countId} and expected_qty = 0 and counted_qty = 0 and moved_qty = 0`,
  );
  // over and short of each line (unless the caller wrote them), a line written only when they change
  if (!linesSettled)
    await tx.execute(
      sql`update stock_count_lines
             set over_qty = greatest(0, counted_qty - greatest(0, expected_qty + moved_qty)),
                 short_qty = greatest(0, greatest(0, expected_qty + moved_qty) - counted_qty)
           where tenant_id = ${tenantId} and count_id = ${countId}
             and (over_qty, short_qty) is distinct from
                 (greatest(0, counted_qty - greatest(0, expected_qty + moved_qty)), greatest(0, greatest(0, expected_qty + moved_qty) - counted_qty))`,
    );
  const lines = await queryRows<{ e: number; m: number; r: number }>(
    tx,
    sql`select expected_qty as e, moved_qty as m, counted_qty as r from stock_count_lines where tenant_id = ${tenantId} and count_id = ${countId}`,
  );
  const k = countKpis(lines.map((l) => ({ expectedQty: l.e, movedQty: l.m, countedQty: l.r })));
  const [epcs] = await queryRows<{ n: number; unknown: number; devices: number }>(
    tx,
    sql`select count(*)::int as n, count(*) filter (where e.sku_id is null)::int as unknown,
               (select count(distinct s.equipment_coding)::int from rfid_read_sessions s
                 where s.tenant_id = ${tenantId} and s.subject_type = ${COUNT_SUBJECT}
                   and s.subject_code = (select code from stock_counts where tenant_id = ${tenantId} and id = ${countId})) as devices
          from stock_count_epcs e where ${shownEpcs(tenantId, countId)}`,
  );
  await tx.execute(
    sql`update stock_counts set expected_pieces = ${k.expectedPieces}, counted_pieces = ${k.countedPieces},
           over_pieces = ${k.overPieces}, short_pieces = ${k.shortPieces}, sku_count = ${k.skuCount}, sku_exact = ${k.skuExact},
           accuracy_smape = ${k.accuracySmape}, accuracy_sku = ${k.accuracySku}, accuracy_unit = ${k.accuracyUnit},
           epc_count = ${epcs.n}, unknown_epcs = ${epcs.unknown}, devices = ${epcs.devices}, updated_at = now()
         where tenant_id = ${tenantId} and id = ${countId}`,
  );
}

/**
 * `review` (approve): the book of the count's scope becomes what was counted at its end (the
 * ledger's resetByCount: movements after it stay on top), and each zone's counted EPCs are observed
 * in the lifecycle — stock_taking for a full count, cycle_counting for a cycle count, bizLocation
 * the zone. Answers the EPCIS event IDs of the lifecycle events written.
 */
export async function approveCount(
  tx: Tx,
  tenantId: number,
  c: CountRow,
  by: { userId: number | null; username: string },
): Promise<string[]> {
  const at = c.finishedAt ?? new Date();
  // (a scoped count's lines are its goods' SKUs: its EPCs of other goods reset nothing and are not observed)
  const inLines = c.scope
    ? sql`and e.sku_id in (select l.sku_id from stock_count_lines l where l.tenant_id = ${tenantId} and l.count_id = ${c.id})`
    : sql``;
  if (c.zoneIds.length) {
    const rows = await queryRows<{ zone_id: string | number; sku_id: string | number; n: number }>(
      tx,
      sql`select e.zone_id, e.sku_id, count(*)::int as n from stock_count_epcs e
           where ${shownEpcs(tenantId, c.id)} and e.sku_id is not null ${inLines} group by 1, 2`,
    );
    const lines = await queryRows<{ sku_id: string | number }>(
      tx,
      sql`select sku_id from stock_count_lines where tenant_id = ${tenantId} and count_id = ${c.id}`,
    );
    await resetByCount(tx, tenantId, {
      siteId: c.siteId,
      zoneIds: c.zoneIds,
      skuIds: lines.map((l) => Number(l.sku_id)),
      counted: new Map(rows.map((r) => [`${r.zone_id} ${r.sku_id}`, r.n])),
      at,
      docType: 'store/inventory',
      docCode: c.code,
    });
  } else {
    const lines = await queryRows<{ sku_id: string | number; n: number }>(
      tx,
      sql`select sku_id, counted_qty as n from stock_count_lines where tenant_id = ${tenantId} and count_id = ${c.id}`,
    );
    await resetByCount(tx, tenantId, {
      siteId: c.siteId,
      skuIds: lines.map((l) => Number(l.sku_id)),
      counted: new Map(lines.map((l) => [Number(l.sku_id), l.n])),
      at,
      docType: 'store/inventory',
      docCode: c.code,
    });
  }
  // the lifecycle: the EPCs seen, per zone (registry tags only; a withdrawn or abnormal tag too: it was there)
  const zones = await queryRows<{ zone_id: string | number | null; epcs: string[] }>(
    tx,
    sql`select e.zone_id, array_agg(e.epc order by e.epc) as epcs from stock_count_epcs e
         where ${shownEpcs(tenantId, c.id)} and e.sku_id is not null ${inLines} group by e.zone_id`,
  );
  const ids: string[] = [];
  const recent = Date.now() - at.getTime() < 300 * 86_400_000;
  if (!recent) return ids;
  for (const z of zones)
    ids.push(
      ...(
        await recordTagEventChunkRows(tx, {
          tenantId,
          userId: by.userId,
          username: by.username,
          source: 'store/inventory',
          eventTime: at,
          action: 'OBSERVE',
          bizStep: c.mode === COUNT_MODE.CYCLE ? 'cycle_counting' : 'stock_taking',
          locationId: z.zone_id == null ? c.siteId : Number(z.zone_id),
          epcs: z.epcs,
        })
      ).map((r) => r.eventId),
    );
  return ids;
}
