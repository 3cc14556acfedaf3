import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.js';

/**
 * A tenant's parameter (tenant/param: `module`, `code`, its value as text), for the modules whose
 * rules it tunes — the warehouse's self-review of normal receipts, its inspections' AQL …
 * Undefined when the tenant has none of that code: the caller's default holds.
 */
export async function tenantParam(db: Tx, tenantId: number, code: string): Promise<string | undefined> {
  const [row] = await queryRows<{ value: string }>(
    db,
    sql`select value from tenant_params where tenant_id = ${tenantId} and code = ${code}`,
  );
  return row?.value;
}
