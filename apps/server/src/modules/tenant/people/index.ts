import type { ModulePart } from '../../../core/module.js';
import { tenantPermissionRoutes, tenantRoleGrantRoutes } from './permission.js';
import { tenantRoleRoutes } from './role.js';
import { seedPeopleDemo } from './seed.js';
import { tenantUserRoutes } from './user.js';

/**
 * The people area of the tenant module (combined in ../index.ts): the tenant's roles, users bound
 * to parties, parameters (generic) and permission maintenance; demo roles, users and parameters.
 */
export const peoplePart: ModulePart = {
  routes: [tenantRoleRoutes, tenantRoleGrantRoutes, tenantUserRoutes, tenantPermissionRoutes],
  seedDemo: seedPeopleDemo,
};
