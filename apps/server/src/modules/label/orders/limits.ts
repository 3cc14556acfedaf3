/**
 * What one label order may ask of the server: caps on labels (an order's, a tenant's) and Get EPC's
 * disk guard. Refused with a message naming the quantity field when an order is written (create,
 * update, the wizard), submitted and sent to Get EPC; the disk is checked before the job is queued,
 * when it starts, and while it writes.
 *
 * - per order: its labels (the lines' labels with loss) at most `LABEL_ORDER_MAX_LABELS`;
 * - per tenant: the labels of the tenant's orders in the registry (their EPC count: generated and
 *   not withdrawn) plus the labels of its orders being generated, with this order's, at most
 *   `LABEL_TENANT_MAX_LABELS` (read from the orders, not by counting tags: a tenant may have 100M);
 * - disk, embedded database: the free space of the data directory's filesystem (fs.statfs) less
 *   the order's estimated bytes stays above `EPC_DISK_MARGIN_MB`; while the job writes, it stops
 *   when the free space falls under the margin;
 * - disk, PostgreSQL: the server's disk is not ours to see: with `EPC_DB_BUDGET_MB` set,
 *   pg_database_size() plus the estimate stays within it (and the job stops past it); unset, skipped.
 */
import { statfs } from 'node:fs/promises';
import path from 'node:path';
import { LABEL_ORDER, type Lang, labelOrderLineResource, labelOrderResource } from '@tagloom/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Config, LabelLimits } from '../../../config.js';
import type { AppContext } from '../../../core/context.js';
import { type AppError, conflict, fieldRefusal } from '../../../core/errors.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { fieldOf } from '../templates/hooks.js';
import { labelOrders } from './tables.js';

/**
 * Bytes a generated tag takes in the database: its row and its three index entries (238 measured
 * on PostgreSQL 15 and PGlite for 1M tags), rounded up.
 */
export const TAG_BYTES = 260;
/** Write-ahead log a tag writes besides (PGlite, measured ~420), recycled past max_wal_size (1 GB). */
export const TAG_WAL_BYTES = 440;
const WAL_MAX_BYTES = 1024 ** 3;
const MB = 1024 * 1024;

/** The server's limits, read at each check (config.ts: LABEL_ORDER_MAX_LABELS, LABEL_TENANT_MAX_LABELS, EPC_DISK_MARGIN_MB, EPC_DB_BUDGET_MB). */
const limits = (config: Config): LabelLimits => config.labels;

const n = (v: number) => v.toLocaleString('en-US');
const mb = (bytes: number) => n(Math.ceil(bytes / MB));

/** A refusal naming `field`, with `status` (a 400 for what was typed, a 409 for what the tenant already has). */
function refusal(status: 400 | 409, field: 'line' | 'order', key: string, params: Record<string, unknown>, lang: Lang): AppError {
  const f = field === 'line' ? fieldOf(labelOrderLineResource, 'quantity') : fieldOf(labelOrderResource, 'labelQuantity');
  const e = fieldRefusal(f, key, params, lang);
  return status === 400 ? e : conflict(e.key, e.params, e.data);
}

/**
 * The tenant's labels: its orders' EPCs in the registry plus the labels of its orders being
 * generated (`except`: an order not to count, the one being checked).
 */
export async function tenantLabels(tx: Tx, tenantId: number, except?: number): Promise<number> {
  const [row] = await queryRows<{ n: string | number | null }>(
    tx,
    sql`select coalesce(sum(case when ${labelOrders.status} = ${LABEL_ORDER.EPC_GENERATING} then ${labelOrders.labelQuantity} else ${labelOrders.epcCount} end), 0)::bigint as n
        from ${labelOrders}
        where ${and(eq(labelOrders.tenantId, tenantId), except === undefined ? undefined : ne(labelOrders.id, except))}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * The caps, for an order of `labels` labels: refused naming the lines' quantity (`field: 'line'`,
 * as it is written or submitted) or the order's labels (`'order'`, at Get EPC). The tenant's count
 * leaves the order itself out (its own EPCs, if any, are the ones it would make).
 */
export async function checkLabelCaps(
  ctx: AppContext,
  tx: Tx,
  o: {
    tenantId: number;
    orderId: number;
    code: string;
    labels: number;
    field: 'line' | 'order';
    lang: Lang;
    /** the tenant's cap too (default): an order whose labels get EPCs (RFID) */
    tenant?: boolean;
  },
): Promise<void> {
  const { orderMax, tenantMax } = limits(ctx.config);
  if (o.labels > orderMax)
    throw refusal(400, o.field, 'labelOrder.orderCap', { code: o.code, labels: n(o.labels), max: n(orderMax) }, o.lang);
  if (o.labels === 0 || o.tenant === false) return;
  const others = await tenantLabels(tx, o.tenantId, o.orderId);
  if (others + o.labels > tenantMax)
    throw refusal(
      409,
      o.field,
      'labelOrder.tenantCap',
      { code: o.code, labels: n(o.labels), others: n(others), max: n(tenantMax), left: n(Math.max(0, tenantMax - others)) },
      o.lang,
    );
}

/** The bytes Get EPC of `labels` labels is expected to take (embedded: with its write-ahead log). */
export const epcBytes = (labels: number, wal: boolean) => labels * TAG_BYTES + (wal ? Math.min(labels * TAG_WAL_BYTES, WAL_MAX_BYTES) : 0);

/** The free bytes of the filesystem holding `dir` (its nearest existing ancestor: an in-memory test database's folder may not exist). */
async function freeBytes(dir: string): Promise<number> {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    try {
      const s = await statfs(d);
      return Number(s.bavail) * Number(s.bsize);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || path.dirname(d) === d) throw err;
    }
  }
}

async function databaseBytes(tx: Tx): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(tx, sql`select pg_database_size(current_database())::bigint as n`);
  return Number(row.n);
}

/**
 * Refuses Get EPC of `labels` labels when the disk would not hold them: embedded, the data
 * directory's filesystem would fall under the margin; PostgreSQL with a budget, the database would
 * grow past it. 409, with the figures.
 */
export async function checkEpcDisk(ctx: AppContext, tx: Tx, labels: number): Promise<void> {
  const { diskMarginMb, dbBudgetMb } = limits(ctx.config);
  if (ctx.database.kind === 'pglite') {
    const free = await freeBytes(ctx.config.dataDir);
    const need = epcBytes(labels, true);
    if (free - need < diskMarginMb * MB)
      throw conflict('labelOrder.diskLow', {
        labels: n(labels),
        need: mb(need),
        free: mb(free),
        margin: n(diskMarginMb),
      });
  } else if (dbBudgetMb > 0) {
    const size = await databaseBytes(tx);
    const need = epcBytes(labels, false);
    if (size + need > dbBudgetMb * MB)
      throw conflict('labelOrder.dbBudget', {
        labels: n(labels),
        need: mb(need),
        size: mb(size),
        budget: n(dbBudgetMb),
      });
  }
}

/**
 * The disk while Get EPC writes: `check()` (cheap, at most once every `everyMs`) throws a 409 when
 * the data directory's filesystem fell under the margin, or the PostgreSQL database grew past its
 * budget. The job then stops (a refusal: failed at once, not retried) and its undo takes its tags away.
 */
export function diskWatch(ctx: AppContext, everyMs = 1000): () => Promise<void> {
  let last = performance.now();
  return async () => {
    if (performance.now() - last < everyMs) return;
    last = performance.now();
    const { diskMarginMb, dbBudgetMb } = limits(ctx.config);
    if (ctx.database.kind === 'pglite') {
      const free = await freeBytes(ctx.config.dataDir);
      if (free < diskMarginMb * MB) throw conflict('labelOrder.diskLowDuring', { free: mb(free), margin: n(diskMarginMb) });
    } else if (dbBudgetMb > 0) {
      const size = await databaseBytes(ctx.db);
      if (size > dbBudgetMb * MB) throw conflict('labelOrder.dbBudgetDuring', { size: mb(size), budget: n(dbBudgetMb) });
    }
  };
}
