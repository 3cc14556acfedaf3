import { tenantParamResource } from '@tagloom/domain';
import { resourceTable } from '../../../db/resource-table.js';

/** Tables of the people area's declared resources (re-exported by ../tables.ts so drizzle-kit sees them). */
export const tenantParams = resourceTable(tenantParamResource);
