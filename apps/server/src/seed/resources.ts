import { RESOURCES, schemasOf } from '@tagloom/domain';
import type { Tx } from '../db/client.js';
import { RESOURCE_TABLES } from '../db/schema/index.js';

/** Insert the demo rows declared with each resource: once for platform ones, per tenant for tenant ones. */
export async function seedResources(db: Tx, tenantIds: number[], createdBy: number | null): Promise<number> {
  let n = 0;
  for (const def of RESOURCES) {
    if (!def.seed?.length) continue;
    const table = (RESOURCE_TABLES as Record<string, never>)[def.code];
    const owners = def.owner === 'tenant' ? tenantIds : [null];
    for (const tenantId of owners) {
      const rows = def.seed.map((r) => ({
        ...(schemasOf(def).create.parse(r) as object),
        // a screen over another's rows (stores of the locations) stamps its fixed values
        ...(def.rowsOf?.fixed ?? {}),
        createdBy,
        ...(tenantId === null ? {} : { tenantId }),
      }));
      await db.insert(table).values(rows);
      n += rows.length;
    }
  }
  return n;
}
