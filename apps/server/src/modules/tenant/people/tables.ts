import { integrationKeyResource, tenantParamResource } from '@tagloom/domain';
import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { resourceTable } from '../../../db/resource-table.js';

/** Tables of the people area's declared resources (re-exported by ../tables.ts so drizzle-kit sees them). */
export const tenantParams = resourceTable(tenantParamResource);
/** Integration keys (tenant/integration-key): a partner system's access to the EPCIS interface. */
export const integrationKeys = resourceTable(integrationKeyResource);
/**
 * The SHA-256 of each active integration key's secret (never a column of the list): a key comes
 * in by its hash (the primary key), one secret a key.
 */
export const integrationKeyHashes = pgTable(
  'integration_key_hashes',
  {
    keyHash: text('key_hash').primaryKey(),
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    keyId: bigint('key_id', { mode: 'number' }).notNull(),
  },
  (t) => [index('integration_key_hashes_key_idx').on(t.tenantId, t.keyId)],
);
