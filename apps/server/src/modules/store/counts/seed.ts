/**
 * The demo tenant's counts (../shared/operations.md §11): per store ST001–ST010 three weekly full
 * counts over the last three weeks, approved into the book (the ledger's resetByCount, as an
 * approval does), SKU accuracy between 92 and 99.5 % and ST007 the red store at about 88 %; ST001
 * also holds a sheet in every other state (a planned one ahead, counting, counted, submitted,
 * cancelled, instructions from HQ) and WH01 three counts of its own. Lines from the tenant's real
 * SKUs, the first count's expected the stores' opening stock, every later one the book. A
 * seeded PRNG (the tenant's code) draws the same picture on every first start; lines are written
 * with unnest, a few statements a count.
 */
import { COUNT_MODE, type CountScope, COUNT_SHEET_KIND as K, COUNT_STATUS as S } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { dayStamp } from '../../../core/numbering.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { pgNumArray } from '../../rfid/state/fold-data.js';
import { onHandOf, resetByCount, signedMoveQty } from '../../stock/index.js';
import { type CountRow, countOf, settleLines } from './engine.js';
import { recordWorkflow, startCount, WORKFLOW_TYPES } from './workflow.js';

const DAY = 86_400_000;
const MIN = 60_000;
const STORES = ['ST001', 'ST002', 'ST003', 'ST004', 'ST005', 'ST006', 'ST007', 'ST008', 'ST009', 'ST010'];
/** The store whose counts are visibly worse (the report's red bar). */
const RED = 'ST007';

/** A small deterministic generator seeded by a text. */
function prng(seed: string) {
  let x = 0;
  for (const ch of seed) x = (x * 31 + ch.charCodeAt(0)) >>> 0;
  return () => {
    x = (x + 0x6d2b79f5) >>> 0;
    let t = x;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Sheet {
  code: string;
  siteId: number;
  status: number;
  sheetKind: number;
  mode?: number;
  zoneIds?: number[];
  /** the goods it counts (CountScope; none: all) */
  scope?: CountScope;
  plannedAt: Date;
  startedAt?: Date;
  finishedAt?: Date;
  reviewedAt?: Date;
  assigneeId?: number | null;
  reviewedBy?: number | null;
  sourceRef?: string;
  remark?: string;
}

async function insertSheet(tx: Tx, tenantId: number, s: Sheet, createdBy: number | null): Promise<CountRow> {
  const iso = (d?: Date) => (d ? d.toISOString() : null);
  const created = new Date(Math.min(s.plannedAt.getTime() - 2 * DAY, Date.now() - 10 * MIN));
  const [{ id }] = await queryRows<{ id: string | number }>(
    tx,
    sql`insert into stock_counts (tenant_id, code, sheet_kind, site_id, zone_ids, scope, mode, planned_at, assignee_id, status,
          snapshot_at, started_at, finished_at, duration_s, reviewed_by, reviewed_at, source_ref, remark, created_by, created_at, updated_at)
        values (${tenantId}, ${s.code}, ${s.sheetKind}, ${s.siteId}, ${JSON.stringify(s.zoneIds ?? [])}::jsonb,
          ${s.scope ? JSON.stringify(s.scope) : null}::jsonb, ${s.mode ?? COUNT_MODE.FULL},
          ${iso(s.plannedAt)}::timestamptz, ${s.assigneeId ?? null}, ${s.status}, ${iso(s.startedAt)}::timestamptz,
          ${iso(s.startedAt)}::timestamptz, ${iso(s.finishedAt)}::timestamptz,
          ${s.startedAt && s.finishedAt ? Math.round((s.finishedAt.getTime() - s.startedAt.getTime()) / 1000) : 0},
          ${s.reviewedBy ?? null}, ${iso(s.reviewedAt)}::timestamptz, ${s.sourceRef ?? ''}, ${s.remark ?? ''}, ${createdBy},
          ${created.toISOString()}::timestamptz, ${iso(s.reviewedAt ?? s.finishedAt ?? s.startedAt ?? created)}::timestamptz)
        returning id`,
  );
  return (await countOf(tx, tenantId, Number(id)))!;
}

/** The lines of a count: expected per SKU (the frozen book), counted as drawn. */
async function writeLines(tx: Tx, tenantId: number, countId: number, lines: Map<number, { e: number; r: number }>) {
  const list = [...lines].filter(([, l]) => l.e > 0 || l.r > 0);
  await tx.execute(sql`delete from stock_count_lines where tenant_id = ${tenantId} and count_id = ${countId}`);
  await tx.execute(
    sql`insert into stock_count_lines (tenant_id, count_id, sku_id, expected_qty, counted_qty)
        select ${tenantId}, ${countId}, u.sku, u.e, u.r
          from unnest(${pgNumArray(list.map(([s]) => s))}::bigint[], ${pgNumArray(list.map(([, l]) => l.e))}::int[],
                      ${pgNumArray(list.map(([, l]) => l.r))}::int[]) as u(sku, e, r)`,
  );
  await settleLines(tx, tenantId, countId);
}

/** Counted pieces for an expected book, about `accuracy` of the SKUs exact (the others a piece or two off). */
function drawCounted(
  rnd: () => number,
  book: Map<number, number>,
  accuracy: number,
  extra: number[],
): Map<number, { e: number; r: number }> {
  const out = new Map<number, { e: number; r: number }>();
  for (const [sku, e] of book) {
    if (rnd() < accuracy) out.set(sku, { e, r: e });
    else {
      const off = rnd() < 0.7 ? 1 : 2;
      out.set(sku, { e, r: Math.max(0, rnd() < 0.65 ? e - off : e + off) });
    }
  }
  // a few pieces found that the book did not hold (returns not booked, mis-shipments)
  for (const sku of extra) if (rnd() > accuracy && !out.has(sku)) out.set(sku, { e: 0, r: 1 });
  return out;
}

/**
 * A site's book per SKU as it stood at `at` — now, less what moved since (signed as the ledger's
 * resetByCount keeps it on top of a count) — and what moved since.
 */
async function bookAsOf(tx: Tx, tenantId: number, siteId: number, at: Date) {
  const now = await onHandOf(tx, tenantId, siteId);
  const since = await queryRows<{ sku_id: string | number; delta: number }>(
    tx,
    sql`select sku_id, sum(${signedMoveQty})::int as delta
          from stock_moves where tenant_id = ${tenantId} and site_id = ${siteId} and zone_id = 0 and created_at > ${at.toISOString()}
         group by sku_id`,
  );
  const later = new Map(since.map((r) => [Number(r.sku_id), r.delta]));
  const book = new Map<number, number>();
  for (const sku of new Set([...now.keys(), ...later.keys()])) {
    const n = (now.get(sku) ?? 0) - (later.get(sku) ?? 0);
    if (n > 0) book.set(sku, n);
  }
  return { book, later };
}

export async function seedCountDemo(tx: Tx, tenant: { id: number; code: string }): Promise<void> {
  const tenantId = tenant.id;
  const [{ n: had }] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from stock_counts where tenant_id = ${tenantId}`);
  if (had) return;
  const sites = await queryRows<{ id: string | number; code: string }>(
    tx,
    sql`select id, code from locations where tenant_id = ${tenantId} and code = any(${`{${[...STORES, 'WH01'].join(',')}}`}::text[])`,
  );
  const siteOf = new Map(sites.map((s) => [s.code, Number(s.id)]));
  const skus = (
    await queryRows<{ id: string | number }>(tx, sql`select id from goods_skus where tenant_id = ${tenantId} order by id limit 2000`)
  ).map((r) => Number(r.id));
  if (!skus.length || !siteOf.size) return;
  const people = await queryRows<{ id: string | number; username: string }>(
    tx,
    sql`select id, username from users where tenant_id = ${tenantId} and username in ('demo', 'store01', 'wh01')`,
  );
  const user = (name: string) => {
    const u = people.find((p) => p.username === name);
    return u ? Number(u.id) : null;
  };
  const admin = user('demo');
  const rnd = prng(`${tenant.code}:counts`);
  const pick = (n: number) => {
    const out = new Set<number>();
    while (out.size < Math.min(n, skus.length)) out.add(skus[Math.floor(rnd() * skus.length)]);
    return [...out];
  };
  const now = Date.now();
  // a local morning (08:00 in UTC+8) some days ago
  const morning = (daysAgo: number) => {
    const d = new Date(now - daysAgo * DAY);
    return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 0, 0));
  };
  let seq = 0;
  // numbered apart from the counter the screens number by (PD + day + 0001 …)
  const code = (at: Date) => `PD${dayStamp(at)}${9000 + ++seq}`;

  const stores = STORES.filter((c) => siteOf.has(c));
  for (const [i, store] of stores.entries()) {
    const siteId = siteOf.get(store)!;
    const range = pick(90 + Math.floor(rnd() * 60));
    // the first count's expected: the store's opening stock (the book, when something booked it already)
    const opening = new Map(range.map((s) => [s, 2 + Math.floor(rnd() * 10)]));
    for (const weeksAgo of [3, 2, 1]) {
      const started = new Date(morning(weeksAgo * 7 - (i % 3)).getTime() + (60 + Math.floor(rnd() * 120)) * MIN);
      const finished = new Date(started.getTime() + (35 + Math.floor(rnd() * 70)) * MIN);
      const accuracy = store === RED ? 0.86 + rnd() * 0.04 : 0.935 + rnd() * 0.06;
      const c = await insertSheet(
        tx,
        tenantId,
        {
          code: code(started),
          siteId,
          status: S.APPROVED,
          sheetKind: weeksAgo === 2 ? K.INSTRUCTION : K.PLANNED,
          sourceRef: weeksAgo === 2 ? `HQ-W${String(weeksAgo)}-${store}` : '',
          plannedAt: new Date(started.getTime() - 30 * MIN),
          startedAt: started,
          finishedAt: finished,
          reviewedAt: new Date(finished.getTime() + (60 + Math.floor(rnd() * 120)) * MIN),
          assigneeId: store === 'ST001' ? user('store01') : null,
          reviewedBy: admin,
        },
        admin,
      );
      // expected: the book as it stood when the count finished (the sales since come on top of the count)
      const asOf = await bookAsOf(tx, tenantId, siteId, finished);
      const lines = drawCounted(rnd, asOf.book.size ? asOf.book : opening, accuracy, pick(6));
      // a count finds at least what was sold from it since (those pieces were there)
      for (const [sku, l] of lines) l.r = Math.max(l.r, -(asOf.later.get(sku) ?? 0));
      await writeLines(tx, tenantId, c.id, lines);
      // approved: the book becomes the count (as the review's resetByCount)
      await resetByCount(tx, tenantId, {
        siteId,
        skuIds: [...lines.keys()],
        counted: new Map([...lines].map(([s, l]) => [s, l.r])),
        at: finished,
        docType: 'store/inventory',
        docCode: c.code,
      });
      // its workflow records (the seed's history keeps neither its EPCs nor lifecycle events: no EPC count, no event IDs)
      await recordWorkflow(tx, tenantId, c, WORKFLOW_TYPES.started, started);
      await recordWorkflow(tx, tenantId, c, WORKFLOW_TYPES.finished, finished, { userId: admin });
    }
  }

  // ST001: a sheet in every other state
  const st001 = siteOf.get('ST001');
  if (st001) {
    const clerk = user('store01');
    const base = { siteId: st001, assigneeId: clerk };
    const at = (minutesAgo: number) => new Date(now - minutesAgo * MIN);
    // planned ahead
    await insertSheet(
      tx,
      tenantId,
      { ...base, code: code(new Date(now)), status: S.NEW, sheetKind: K.PLANNED, plannedAt: new Date(morning(-3).getTime() + 90 * MIN) },
      clerk,
    );
    // HQ's instruction for next week, not started
    await insertSheet(
      tx,
      tenantId,
      {
        ...base,
        code: code(new Date(now)),
        status: S.NEW,
        sheetKind: K.INSTRUCTION,
        sourceRef: 'HQ-2026-W49-ALL',
        plannedAt: new Date(morning(-6).getTime() + 60 * MIN),
        remark: '总部季末全盘指令',
      },
      admin,
    );
    // the store's own cycle count of its women's wear, planned for the day after tomorrow
    await insertSheet(
      tx,
      tenantId,
      {
        ...base,
        code: code(new Date(now)),
        status: S.NEW,
        sheetKind: K.PLANNED,
        mode: COUNT_MODE.CYCLE,
        scope: { categories: ['女装'] },
        plannedAt: new Date(morning(-2).getTime() + 30 * MIN),
        remark: '女装循环盘点',
      },
      clerk,
    );
    // counting: expected frozen from the book an hour ago (its refresh counts what the readers see)
    const counting = await insertSheet(
      tx,
      tenantId,
      { ...base, code: code(at(60)), status: S.COUNTING, sheetKind: K.SELF_BUILT, plannedAt: at(75), startedAt: at(60) },
      clerk,
    );
    await startCount(tx, tenantId, counting, at(60), { userId: clerk });
    // counted today with the handheld HH-03 (its session, the pad seed's, is attached by this code), and submitted yesterday
    const book = await onHandOf(tx, tenantId, st001);
    for (const [status, minutesAgo, sheetKind, c0] of [
      [S.COUNTED, 200, K.SELF_BUILT, `CNT-ST001-${dayStamp(new Date(now))}`],
      [S.SUBMITTED, 26 * 60, K.PLANNED, ''],
    ] as const) {
      const c = await insertSheet(
        tx,
        tenantId,
        {
          ...base,
          code: c0 || code(at(minutesAgo)),
          status,
          sheetKind,
          plannedAt: at(minutesAgo + 20),
          startedAt: at(minutesAgo),
          finishedAt: at(minutesAgo - 55),
        },
        clerk,
      );
      await writeLines(tx, tenantId, c.id, drawCounted(rnd, book, 0.95, pick(4)));
      await recordWorkflow(tx, tenantId, c, WORKFLOW_TYPES.started, at(minutesAgo), { userId: clerk });
    }
    // voided before it started
    await insertSheet(
      tx,
      tenantId,
      {
        ...base,
        code: code(at((4 * DAY) / MIN)),
        status: S.CANCELLED,
        sheetKind: K.SELF_BUILT,
        plannedAt: at((4 * DAY) / MIN - 120),
        remark: '门店活动，改期盘点',
      },
      clerk,
    );
  }
  // ST002: an instruction counted, waiting for its submission
  const st002 = siteOf.get('ST002');
  if (st002) {
    const c = await insertSheet(
      tx,
      tenantId,
      {
        siteId: st002,
        code: code(new Date(now - 5 * 60 * MIN)),
        status: S.COUNTED,
        sheetKind: K.INSTRUCTION,
        sourceRef: 'ERP-CC-0192',
        mode: COUNT_MODE.CYCLE,
        plannedAt: new Date(now - 6 * 60 * MIN),
        startedAt: new Date(now - 5 * 60 * MIN),
        finishedAt: new Date(now - 4 * 60 * MIN),
      },
      admin,
    );
    await writeLines(tx, tenantId, c.id, drawCounted(rnd, await onHandOf(tx, tenantId, st002), 0.97, []));
  }

  // WH01: two approved counts of its storage, one counting
  const wh = siteOf.get('WH01');
  if (wh) {
    const keeper = user('wh01');
    let book = new Map(pick(160).map((s) => [s, 10 + Math.floor(rnd() * 40)]));
    for (const weeksAgo of [2, 1]) {
      const started = new Date(morning(weeksAgo * 7).getTime() + 30 * MIN);
      const finished = new Date(started.getTime() + 150 * MIN);
      const c = await insertSheet(
        tx,
        tenantId,
        {
          siteId: wh,
          code: code(started),
          status: S.APPROVED,
          sheetKind: K.PLANNED,
          plannedAt: started,
          startedAt: started,
          finishedAt: finished,
          reviewedAt: new Date(finished.getTime() + 90 * MIN),
          reviewedBy: admin,
          assigneeId: keeper,
        },
        keeper,
      );
      const lines = drawCounted(rnd, book, 0.97 + rnd() * 0.02, []);
      await writeLines(tx, tenantId, c.id, lines);
      await resetByCount(tx, tenantId, {
        siteId: wh,
        skuIds: [...lines.keys()],
        counted: new Map([...lines].map(([s, l]) => [s, l.r])),
        at: finished,
        docType: 'logistics/inventory',
        docCode: c.code,
      });
      book = await onHandOf(tx, tenantId, wh);
    }
    const counting = await insertSheet(
      tx,
      tenantId,
      {
        siteId: wh,
        code: code(new Date(now - 40 * MIN)),
        status: S.COUNTING,
        sheetKind: K.SELF_BUILT,
        plannedAt: new Date(now - 50 * MIN),
        startedAt: new Date(now - 40 * MIN),
        assigneeId: keeper,
      },
      keeper,
    );
    await startCount(tx, tenantId, counting, new Date(now - 40 * MIN), { userId: keeper });
  }
}
