/**
 * A count's ERP stock and workflow record (../shared/operations.md E9):
 * - the ERP stock it is compared with: the site's latest taken by the snapshot (start), then by the
 *   count's end (approval); approving a count of a whole site that has one makes a draft difference
 *   list of that ERP stock against the counted pieces (Nedap's difference list of a count);
 * - its workflow records in Nedap's shape: `cycle_count_started` at the snapshot,
 *   `cycle_count_finished` at approval with the EPCs counted and the EPCIS event IDs of the
 *   lifecycle events the approval wrote — what an ERP or a Nedap-shaped integration reads back.
 */
import { COUNT_MODE, COUNT_STATUS } from '@tagloom/domain';
import { placeUri } from '@tagloom/domain/resources/label/tags/epcis.js';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Tx } from '../../../db/client.js';
import { placeOf } from '../../label/tags/index.js';
import { pgTextArray } from '../../rfid/state/fold-data.js';
import { makeList } from '../differences/service.js';
import { erpLinesOf, erpStockHeadOf } from '../erp/service.js';
import { approveCount, type CountRow, freezeExpected, scopeSkus } from './engine.js';

/** The workflow record types (Nedap's). */
export const WORKFLOW_TYPES = { started: 'cycle_count_started', finished: 'cycle_count_finished' } as const;
export type WorkflowType = (typeof WORKFLOW_TYPES)[keyof typeof WORKFLOW_TYPES];

/** A workflow record as the API answers it (Nedap's snake_case). */
export const workflowRecordSchema = z.object({
  id: z.string(),
  type: z.enum([WORKFLOW_TYPES.started, WORKFLOW_TYPES.finished]),
  event_time: z.string(),
  location: z.string(),
  count: z.string(),
  mode: z.enum(['stock_taking', 'cycle_counting']),
  epc_count: z.number().nullable(),
  event_ids: z.array(z.string()),
});
export type WorkflowRecord = z.infer<typeof workflowRecordSchema>;

/** Appends a workflow record to a count (its place the site's SGLN, or the platform's URI of its code). */
export async function recordWorkflow(
  tx: Tx,
  tenantId: number,
  c: Pick<CountRow, 'id' | 'siteId'>,
  type: WorkflowType,
  at: Date,
  extra: { epcCount?: number; eventIds?: readonly string[]; userId?: number | null } = {},
): Promise<void> {
  const place = await placeOf(tx, tenantId, c.siteId);
  const loc = place.location;
  const location = placeUri({
    tenant: place.tenant,
    code: loc?.code ?? String(c.siteId),
    gln: loc?.gln,
    companyPrefixLength: place.companyPrefixLength,
  });
  await tx.execute(
    sql`insert into stock_count_workflow (tenant_id, count_id, seq, type, event_time, location, epc_count, event_ids, user_id)
        select ${tenantId}, ${c.id}, coalesce(max(seq), 0) + 1, ${type}, ${at.toISOString()}::timestamptz, ${location},
               ${extra.epcCount ?? null}::int, ${pgTextArray(extra.eventIds ?? [])}::text[], ${extra.userId ?? null}::bigint
          from stock_count_workflow where tenant_id = ${tenantId} and count_id = ${c.id}`,
  );
}

/** A count's workflow records, oldest first. */
export async function workflowOf(db: Tx, tenantId: number, countId: number): Promise<WorkflowRecord[]> {
  const rows = await queryRows<{
    seq: number;
    type: WorkflowType;
    event_time: string | Date;
    location: string;
    code: string;
    mode: number;
    epc_count: number | null;
    event_ids: string[] | null;
  }>(
    db,
    sql`select w.seq, w.type, w.event_time, w.location, c.code, c.mode, w.epc_count, w.event_ids
          from stock_count_workflow w join stock_counts c on c.tenant_id = w.tenant_id and c.id = w.count_id
         where w.tenant_id = ${tenantId} and w.count_id = ${countId} order by w.seq`,
  );
  return rows.map((r) => ({
    id: `${r.code}-${r.seq}`,
    type: r.type,
    event_time: new Date(r.event_time).toISOString(),
    location: r.location,
    count: r.code,
    mode: Number(r.mode) === COUNT_MODE.CYCLE ? 'cycle_counting' : 'stock_taking',
    epc_count: r.epc_count,
    event_ids: r.event_ids ?? [],
  }));
}

/** Links a count to its site's latest ERP stock taken by `at` (none: no link). Answers that stock (without its lines), or undefined. */
export async function linkErpStock(tx: Tx, tenantId: number, c: Pick<CountRow, 'id' | 'siteId'>, at: Date) {
  const erp = await erpStockHeadOf(tx, tenantId, c.siteId, at);
  await tx.execute(sql`update stock_counts set erp_stock_id = ${erp?.id ?? null}::int where tenant_id = ${tenantId} and id = ${c.id}`);
  return erp;
}

/**
 * The demo's counts, seeded before the ERP stocks: each started one linked as start and approval
 * would have linked it (the latest ERP stock of its site by its snapshot; an approved one's by its end).
 */
export async function linkSeededCounts(tx: Tx, tenantId: number): Promise<void> {
  await tx.execute(
    sql`update stock_counts c set erp_stock_id = (
          select e.id from erp_stocks e
           where e.tenant_id = c.tenant_id and e.site_id = c.site_id
             and e.stock_time <= case when c.status = ${COUNT_STATUS.APPROVED} then coalesce(c.finished_at, c.snapshot_at) else c.snapshot_at end
           order by e.stock_time desc, e.id desc limit 1)
         where c.tenant_id = ${tenantId} and c.snapshot_at is not null and c.erp_stock_id is null`,
  );
}

/**
 * At approval: the count linked to the ERP stock taken by its end and, for a count of the whole
 * site (no zones: the ERP holds a site, not a zone), a draft difference list of that ERP stock
 * against the counted pieces — its scope's SKUs only when it counts part of the goods. Answers the
 * list made, or null (a zone count, or no ERP stock by then).
 */
export async function countDifferenceList(
  tx: Tx,
  tenantId: number,
  c: CountRow,
  by: { userId: number | null },
): Promise<{ id: number; code: string } | null> {
  const at = c.finishedAt ?? new Date();
  const head = await linkErpStock(tx, tenantId, c, at);
  if (!head || c.zoneIds.length) return null;
  const qty = await erpLinesOf(tx, tenantId, head.id);
  const skus = await scopeSkus(tx, tenantId, c);
  if (skus) for (const k of [...qty.keys()]) if (!skus.has(k)) qty.delete(k);
  const lines = await queryRows<{ sku_id: number; n: number }>(
    tx,
    sql`select sku_id::int, counted_qty as n from stock_count_lines where tenant_id = ${tenantId} and count_id = ${c.id}`,
  );
  return makeList(
    tx,
    tenantId,
    {
      site: { id: c.siteId },
      erp: { ...head, qty },
      rfid: new Map(lines.map((l) => [l.sku_id, l.n])),
      rfidAt: at,
      onlyDifferences: false,
      countId: c.id,
    },
    { userId: by.userId },
  );
}

/** Who moves a count: the user (none: the server itself). */
type By = { userId: number | null; username: string };

/**
 * Starts a count at `at` (its snapshot): expected frozen from the book (freezeExpected), the ERP
 * stock of the site by then linked, and the cycle_count_started record.
 */
export async function startCount(tx: Tx, tenantId: number, c: CountRow, at: Date, by: Pick<By, 'userId'>): Promise<void> {
  await freezeExpected(tx, tenantId, c, at);
  await linkErpStock(tx, tenantId, c, at);
  await recordWorkflow(tx, tenantId, c, WORKFLOW_TYPES.started, at, { userId: by.userId });
}

/**
 * Approves a count: the book reset and the lifecycle events (approveCount), the ERP stock by its end
 * linked and, for a whole site, its difference list (countDifferenceList), and the
 * cycle_count_finished record with the EPCs counted and the events' IDs. Answers the list made, or null.
 */
export async function finishApproval(tx: Tx, tenantId: number, c: CountRow, by: By): Promise<{ id: number; code: string } | null> {
  const eventIds = await approveCount(tx, tenantId, c, by);
  const list = await countDifferenceList(tx, tenantId, c, by);
  const [{ n }] = await queryRows<{ n: number }>(
    tx,
    sql`select epc_count as n from stock_counts where tenant_id = ${tenantId} and id = ${c.id}`,
  );
  await recordWorkflow(tx, tenantId, c, WORKFLOW_TYPES.finished, c.finishedAt ?? new Date(), {
    epcCount: Number(n ?? 0),
    eventIds,
    userId: by.userId,
  });
  return list;
}
