import { tenantUserResource, wmsGrantResource } from '@tagloom/domain';
import { declaredTable, resourceTable } from '../../../db/resource-table.js';
import { users } from '../../../db/schema/tenant.js';
// grants point at warehouses
import '../../tenant/tables.js';

// a grant's user is a row of the users table, registered under the tenant users' screen so that the
// ref gets its foreign key (tenant_id, user_id) → users (tenant_id, id) and its label join
declaredTable(tenantUserResource, users);

/** Warehouse grants (../shared/operations.md E14): a user's zones and operations at a warehouse. */
export const wmsGrants = resourceTable(wmsGrantResource);
