import { generalModule as domain } from '@tagloom/domain';
import { defineModule } from '../../core/module.js';
import { codingRuleHooks } from './coding-rule/hooks.js';
import { dataSourceHooks } from './data-source/hooks.js';
import { dataSourceRoutes } from './data-source/routes.js';
import { dictionaryRoutes } from './dictionary/routes.js';
import { logRoutes } from './logs/routes.js';
import { menuAdminRoutes } from './menu/routes.js';
import { productParamHooks } from './product-param/hooks.js';
import { roleAdminRoutes } from './role/routes.js';
import { schedulerTaskKinds } from './scheduler/handlers.js';
import { schedulerRoutes } from './scheduler/routes.js';
import { schedulerHooks } from './scheduler/service.js';
import { tableStructureRoutes } from './table-structure/routes.js';
import { tenantRoutes } from './tenant/routes.js';
import { userAdminRoutes } from './user/routes.js';
import { versionRoutes } from './versions/routes.js';

/**
 * The General module (platform administration): its declarations and menu come from the domain
 * (packages/domain/src/resources/general), its tables from ./tables.ts.
 */
export const generalModule = defineModule({
  code: 'general',
  domain,
  // what screens add to the generic resource behaviour, by screen code (each from its own folder)
  hooks: (ctx) => ({
    'general/scheduler': schedulerHooks(),
    'general/product-param': productParamHooks(),
    'general/data-source': dataSourceHooks(ctx),
    // (what tenants point at, and a product's parameters: real foreign keys, see f.ref onDelete)
    'general/template-coding-rule': codingRuleHooks(),
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
