import { tenantRoleResource, tenantUserResource } from '@tagloom/domain';
import type { ModulePart } from '../../../core/module.js';
import { roles, users } from '../../../db/schema/tenant.js';
import { tenantPermissionRoutes, tenantRoleGrantRoutes } from './permission.js';
import { tenantRoleHooks } from './role.js';
import { seedPeopleDemo } from './seed.js';
import { tenantUserHooks, tenantUserRoutes } from './user.js';

/**
 * The people area of the tenant module (combined in ../index.ts): the tenant's roles, users bound
 * to parties, parameters (generic) and permission maintenance; demo roles, users and parameters.
 */
export const peoplePart: ModulePart = {
  // the tenant's own rows of the platform's users and roles tables (hand-written: sign-in reads them)
  tables: { [tenantRoleResource.code]: roles, [tenantUserResource.code]: users },
  hooks: (ctx) => ({ [tenantRoleResource.code]: tenantRoleHooks(ctx), [tenantUserResource.code]: tenantUserHooks(ctx) }),
  routes: [tenantRoleGrantRoutes, tenantUserRoutes, tenantPermissionRoutes],
  seedDemo: seedPeopleDemo,
};
