import { RESOURCES } from '@tagloom/domain';
import { type resourceTable, tableOf } from '../resource-table.js';

/** A table built from a declaration (its columns are looked up by key). */
export type ResourceTable = ReturnType<typeof resourceTable>;

/**
 * Tables of the resources declared in packages/domain/src/resources, built from the declarations
 * in each module's own `tables.ts` (listed here once per module, so drizzle-kit sees them).
 */
export * from '../../modules/general/tables.js';
export * from '../../modules/label/tables.js';
export * from '../../modules/logistics/tables.js';
export * from '../../modules/rfid/tables.js';
export * from '../../modules/smart-store/tables.js';
export * from '../../modules/stock/tables.js';
export * from '../../modules/store/tables.js';
export * from '../../modules/supply/tables.js';
export * from '../../modules/tenant/tables.js';
export * from '../../modules/warehouse/tables.js';

/**
 * Table of each resource the generic framework serves, by screen code. Looked up when read (every
 * schema file is loaded by then); a declaration whose module's tables.ts does not build its table
 * fails here, naming it.
 */
export const RESOURCE_TABLES: Record<string, ResourceTable> = Object.defineProperties(
  {},
  Object.fromEntries(
    RESOURCES.map((def) => [
      def.code,
      {
        enumerable: true,
        get: () => {
          const table = tableOf(def.code) as ResourceTable | undefined;
          if (!table) throw new Error(`resource ${def.code} has no table: build it in its module's tables.ts`);
          return table;
        },
      },
    ]),
  ),
);
