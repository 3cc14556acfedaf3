import type { ResourceDef } from '@tagloom/domain';
import { and, eq } from 'drizzle-orm';
import type { TestApp } from './support.js';

/**
 * A row that passes the declaration: its sample made with `salt`, or its first seed row with
 * unique fields made unique.
 */
export function sampleRow(def: ResourceDef, salt: string): Record<string, unknown> {
  if (!def.seed?.length && def.sample) return def.sample(salt);
  const seed = def.seed?.[0];
  if (!seed) throw new Error(`${def.code} declares no seed rows and no sample: the generic tests need one`);
  const row: Record<string, unknown> = { ...seed };
  for (const f of def.list) {
    if ((f.unique || f.uniqueWithin) && typeof row[f.key] === 'string')
      row[f.key] = `${String(row[f.key]).slice(0, (f.max ?? 64) - salt.length)}${salt}`;
  }
  return row;
}

/** Whether the generic tests can make a row of this declaration (a seed row or a sample). */
export const hasSample = (def: ResourceDef): boolean => !!def.seed?.length || !!def.sample;

/**
 * Fills the required refs a sample row leaves out, and the optional ones it names null (a warehouse zone's warehouse; a bill's
 * destination, the party field a bound user's row is stamped with, which the server requires) with the first row
 * the target screen holds in `tenantId` (its own fixed values applied: a warehouse, not any location),
 * or the platform's when the target is platform-owned.
 */
export async function withRequiredRefs(t: TestApp, def: ResourceDef, row: Record<string, unknown>, tenantId?: number) {
  for (const f of def.list) {
    const stamped = Object.values(def.partyScope ?? {}).some((v) => Array.isArray(v) && v[0] === f.key);
    // an optional ref the sample names null asks for a row too (a defect's SKU: optional when its EPC gives it)
    const asked = row[f.key] === null;
    if (
      f.kind !== 'ref' ||
      !f.ref ||
      !f.form ||
      !(f.required || stamped || asked) ||
      (row[f.key] !== undefined && !asked) ||
      f.stored === false
    )
      continue;
    const { def: target, table } = t.services.modules.service(f.ref.resource);
    const conds = [
      target.owner === 'tenant' && tenantId !== undefined ? eq(table.tenantId, tenantId) : undefined,
      ...Object.entries(target.rowsOf?.fixed ?? {}).map(([k, v]) => eq(table[k], v)),
    ];
    const [first] = (await t.ctx.db
      .select({ id: table.id })
      .from(table as never)
      .where(and(...conds))
      .orderBy(table.id)
      .limit(1)) as { id: number }[];
    if (!first) throw new Error(`${def.code}.${f.key}: the owner has no ${f.ref.resource} row to point at`);
    row[f.key] = first.id;
  }
  return row;
}
