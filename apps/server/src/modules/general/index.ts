import {
  dictionaryDetailResource,
  dictionaryModuleResource,
  generalModule as domain,
  menuResource,
  roleResource,
  tenantResource,
  userResource,
  versionResources,
} from '@tagloom/domain';
import { defineModule } from '../../core/module.js';
import { menus, softwareVersions, tenants } from '../../db/schema/platform.js';
import { roles, users } from '../../db/schema/tenant.js';
import { codingRuleHooks } from './coding-rule/hooks.js';
import { dataSourceHooks } from './data-source/hooks.js';
import { dataSourceRoutes } from './data-source/routes.js';
import { dictionaryRoutes } from './dictionary/routes.js';
import { dictionaryHooks } from './dictionary/service.js';
import { logRoutes } from './logs/routes.js';
import { menuHooks } from './menu/hooks.js';
import { menuAdminRoutes } from './menu/routes.js';
import { MenuAdminService } from './menu/service.js';
import { productParamHooks } from './product-param/hooks.js';
import { roleHooks } from './role/hooks.js';
import { roleAdminRoutes } from './role/routes.js';
import { schedulerTaskKinds } from './scheduler/handlers.js';
import { schedulerRoutes } from './scheduler/routes.js';
import { schedulerHooks } from './scheduler/service.js';
import { tableStructureRoutes } from './table-structure/routes.js';
import { tenantRoutes } from './tenant/routes.js';
import { tenantHooks } from './tenant/tenant-hooks.js';
import { userHooks } from './user/hooks.js';
import { userAdminRoutes } from './user/routes.js';
import { versionRoutes } from './versions/routes.js';
import { versionScreensHooks } from './versions/service.js';

/**
 * The General module (platform administration): its declarations and menu come from the domain
 * (packages/domain/src/resources/general), its tables from ./tables.ts.
 */
export const generalModule = defineModule({
  code: 'general',
  domain,
  // the hand-written tables of its declarations (sign-in, sessions and the menus read them directly)
  tables: {
    [tenantResource.code]: tenants,
    [userResource.code]: users,
    [roleResource.code]: roles,
    [menuResource.code]: menus,
    ...Object.fromEntries(Object.values(versionResources).map((d) => [d.code, softwareVersions])),
  },
  // what screens add to the generic resource behaviour, by screen code (each from its own folder)
  hooks: (ctx) => ({
    'general/scheduler': schedulerHooks(),
    'general/product-param': productParamHooks(),
    'general/data-source': dataSourceHooks(ctx),
    // (what tenants point at, and a product's parameters: real foreign keys, see f.ref onDelete)
    'general/template-coding-rule': codingRuleHooks(),
    [tenantResource.code]: tenantHooks(ctx),
    [userResource.code]: userHooks(ctx),
    [roleResource.code]: roleHooks(ctx),
    [menuResource.code]: menuHooks(ctx, new MenuAdminService(ctx)),
    ...versionScreensHooks(),
    [dictionaryModuleResource.code]: dictionaryHooks(ctx),
    [dictionaryDetailResource.code]: dictionaryHooks(ctx),
  }),
  routes: [
    dictionaryRoutes,
    tenantRoutes,
    userAdminRoutes,
    roleAdminRoutes,
    menuAdminRoutes,
    versionRoutes,
    schedulerRoutes,
    logRoutes,
    tableStructureRoutes,
    dataSourceRoutes,
  ],
  // what a scheduled task may run (its class name): the scheduler screen offers these
  jobKinds: schedulerTaskKinds,
});
