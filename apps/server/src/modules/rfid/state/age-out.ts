/**
 * The age-out of departed tags' EPC states (issue 28, item 12): rfid_epc_states keeps a row for
 * every EPC a tenant's readers ever read; a row whose tag has departed (presence.ts, STATE_KEEP:
 * not present — departed, sold or never placed — and not read for the tenant's kept days) goes.
 * A recurring job (index.ts) runs it over every tenant, each with its own setting; the deletion is
 * tenant-scoped and chunked (AGE_OUT_CHUNK rows a statement, each its own transaction, the event
 * loop given back between two: embedded PGlite runs there), and logged per tenant.
 */
import { keepDaysOf, STATE_KEEP } from '@tagloom/domain/rfid/presence.js';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { queryRows, type Tx } from '../../../db/client.js';

/** Rows a statement of the age-out deletes at most. */
export const AGE_OUT_CHUNK = 5000;
/** How often the age-out runs (a recurring system job; also offered as a scheduled task). */
export const AGE_OUT_EVERY_MS = 3_600_000;

const DAY_MS = 86_400_000;
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Each tenant's kept days (its tenant parameter STATE_KEEP.code, else the default), by tenant id. */
export async function keepDaysByTenant(db: Tx, tenantIds?: readonly number[]): Promise<Map<number, number>> {
  const rows = await queryRows<{ id: number | string; value: string | null }>(
    db,
    sql`select t.id, p.value from tenants t
        left join tenant_params p on p.tenant_id = t.id and p.code = ${STATE_KEEP.code}
        ${tenantIds ? sql`where t.id = any(string_to_array(${tenantIds.join(',')}, ',')::bigint[])` : sql``}
        order by t.id`,
  );
  return new Map(rows.map((r) => [Number(r.id), keepDaysOf(r.value)]));
}

export interface AgeOutResult {
  deleted: number;
  /** statements run (the last one deleting fewer than a chunk) */
  chunks: number;
}

/**
 * Deletes one tenant's states of departed tags not read for `keepDays` before `now`, `chunk` rows a
 * statement (rows a fold holds are skipped: the next run takes them), yielding between statements.
 * The minute index (tenant_id, seen_minute) finds them; last_seen_at decides to the millisecond.
 */
export async function ageOutTenant(db: Tx, tenantId: number, now: Date, keepDays: number, chunk = AGE_OUT_CHUNK): Promise<AgeOutResult> {
  const cutoff = new Date(now.getTime() - keepDays * DAY_MS);
  const cutoffMinute = Math.floor(cutoff.getTime() / 60_000);
  let deleted = 0;
  let chunks = 0;
  for (;;) {
    const [r] = await queryRows<{ n: number }>(
      db,
      sql`with gone as (
            select epc from rfid_epc_states
            where tenant_id = ${tenantId} and seen_minute <= ${cutoffMinute} and last_seen_at < ${cutoff}
              and presence is distinct from 'present'
            limit ${chunk}
            for update skip locked
          ), d as (
            delete from rfid_epc_states s using gone where s.tenant_id = ${tenantId} and s.epc = gone.epc returning 1
          )
          select count(*)::int as n from d`,
    );
    const n = Number(r?.n ?? 0);
    deleted += n;
    chunks++;
    if (n < chunk) return { deleted, chunks };
    await breathe();
  }
}

/**
 * The age-out over every tenant (or those named), each by its own setting: how many tenants and
 * rows. A tenant whose rows went is logged (its id, kept days, rows, statements, time).
 */
export async function ageOutStates(
  db: Tx,
  now: Date,
  log?: Pick<Logger, 'info'>,
  opts: { tenantIds?: readonly number[]; chunk?: number } = {},
): Promise<{ tenants: number; deleted: number }> {
  const keep = await keepDaysByTenant(db, opts.tenantIds);
  let deleted = 0;
  for (const [tenantId, keepDays] of keep) {
    const started = Date.now();
    const r = await ageOutTenant(db, tenantId, now, keepDays, opts.chunk);
    deleted += r.deleted;
    if (r.deleted)
      log?.info(
        { tenantId, keepDays, deleted: r.deleted, chunks: r.chunks, ms: Date.now() - started },
        'rfid: EPC states of departed tags aged out',
      );
    await breathe();
  }
  return { tenants: keep.size, deleted };
}
