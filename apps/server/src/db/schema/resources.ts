import { tenantGroupResource } from '@tagloom/domain';
import { resourceTable } from '../resource-table.js';

/** Tables of the resources declared in packages/domain/src/resources. */
export const tenantGroups = resourceTable(tenantGroupResource);

/** Table of each declared resource, by screen code. */
export const RESOURCE_TABLES = {
  [tenantGroupResource.code]: tenantGroups,
} as const;
