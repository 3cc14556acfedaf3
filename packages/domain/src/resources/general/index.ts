import { defineDomainModule } from '../module.js';
import { generalMenu } from './_menu.js';
import { GENERAL_SETUP_RESOURCES } from './_setup-resources.js';
import { dictionaryDetailResource, dictionaryModuleResource } from './dictionary.js';
import { menuResource } from './menu.js';
import { roleResource } from './role.js';
import { schedulerResource } from './scheduler.js';
import { templateCodingRuleResource } from './template-coding-rule.js';
import { tenantResource } from './tenant.js';
import { tenantGroupResource } from './tenant-group.js';
import { userResource } from './user.js';
import { versionResources } from './version.js';

export * from './_setup-resources.js';
export * from './scheduler.js';
export * from './template-coding-rule.js';
export { VERSION_TYPES, type VersionType, versionResource } from './version.js';
export { generalMenu, menuResource, roleResource, tenantGroupResource, tenantResource, userResource, versionResources };

/** The General module: its menu and declarations. */
export const generalModule = defineDomainModule({
  code: 'general',
  menu: generalMenu,
  // served by the generic routes
  resources: [tenantGroupResource, schedulerResource, ...GENERAL_SETUP_RESOURCES, templateCodingRuleResource],
  // served by their own routes (same shapes); the console still renders them from these
  custom: [
    tenantResource,
    userResource,
    roleResource,
    menuResource,
    ...Object.values(versionResources),
    dictionaryModuleResource,
    dictionaryDetailResource,
  ],
});
