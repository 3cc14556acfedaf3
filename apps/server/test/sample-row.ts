import type { ResourceDef } from '@tagloom/domain';

/** A row that passes the declaration, from its first seed row with unique fields made unique. */
export function sampleRow(def: ResourceDef, salt: string): Record<string, unknown> {
  const seed = def.seed?.[0];
  if (!seed) throw new Error(`${def.code} declares no seed rows: the generic tests need one`);
  const row: Record<string, unknown> = { ...seed };
  for (const f of def.list) {
    if ((f.unique || f.uniqueWithin) && typeof row[f.key] === 'string')
      row[f.key] = `${String(row[f.key]).slice(0, (f.max ?? 64) - salt.length)}${salt}`;
  }
  return row;
}
