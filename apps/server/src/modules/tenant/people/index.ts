import { integrationKeyResource, tenantRoleResource, tenantUserResource } from '@tagloom/domain';
import type { ModulePart } from '../../../core/module.js';
import { roles, users } from '../../../db/schema/tenant.js';
import { roleHooks } from '../../general/role/hooks.js';
import { roleGrantRoutes } from '../../general/role/routes.js';
import { integrationKeyHooks, integrationKeyRoutes } from './integration-keys.js';
import { seedPeopleDemo } from './seed.js';
import { tenantUserHooks, tenantUserRoutes } from './user.js';

/**
 * The people area of the tenant module (combined in ../index.ts): the tenant's roles, users bound
 * to parties, parameters (generic), integration keys (the EPCIS interface's partners) and permission maintenance; demo roles, users and parameters.
 */
export const peoplePart: ModulePart = {
  // the tenant's own rows of the platform's users and roles tables (hand-written: sign-in reads them)
  tables: { [tenantRoleResource.code]: roles, [tenantUserResource.code]: users },
  hooks: (ctx) => ({
    [tenantRoleResource.code]: roleHooks(ctx, 'tenant'),
    [tenantUserResource.code]: tenantUserHooks(ctx),
    [integrationKeyResource.code]: integrationKeyHooks(),
  }),
  routes: [
    // tenant/role's Assign and permission maintenance (tenant/permission): the platform role
    // screen's grant routes, held to the session's tenant
    roleGrantRoutes('tenant/role', 'tenant'),
    tenantUserRoutes,
    roleGrantRoutes('tenant/permission', 'tenant', { listsRoles: true }),
    integrationKeyRoutes,
  ],
  seedDemo: seedPeopleDemo,
};
