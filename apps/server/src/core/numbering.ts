import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { counters } from '../db/schema/tenant.js';

/**
 * Takes `count` numbers of the tenant's counter `key` in the caller's transaction and answers the
 * first: one upsert … RETURNING, so two writers (in any process) never get the same numbers, and a
 * rolled-back transaction gives its numbers back.
 */
export async function takeNumbers(tx: Tx, tenantId: number, key: string, count = 1, start = 1): Promise<number> {
  const [row] = await tx
    .insert(counters)
    .values({ tenantId, key, value: start + count - 1 })
    .onConflictDoUpdate({
      target: [counters.tenantId, counters.key],
      set: { value: sql`${counters.value} + ${count}`, updatedAt: new Date() },
    })
    .returning({ value: counters.value });
  return Number(row.value) - count + 1;
}

/** yyyymmdd of a day in the server's clock (UTC). */
export const dayStamp = (at = new Date()): string => at.toISOString().slice(0, 10).replaceAll('-', '');

/**
 * The next document number of a tenant for a prefix: prefix + day + a four-digit sequence of that
 * day ('LPO202611240001'); a fifth digit comes past 9,999 documents a day.
 */
export async function nextDocumentCode(tx: Tx, tenantId: number, prefix: string, at = new Date()): Promise<string> {
  const day = dayStamp(at);
  const n = await takeNumbers(tx, tenantId, `${prefix}${day}`);
  return `${prefix}${day}${String(n).padStart(4, '0')}`;
}
