import type { ResourceDef } from '@tagloom/domain';

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
