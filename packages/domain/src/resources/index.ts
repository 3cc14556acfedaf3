import type { ResourceDef } from '../resource/define.js';
import { GENERAL_SETUP_RESOURCES } from './general/_setup-resources.js';
import { menuResource } from './general/menu.js';
import { roleResource } from './general/role.js';
import { schedulerResource } from './general/scheduler.js';
import { templateCodingRuleResource } from './general/template-coding-rule.js';
import { tenantResource } from './general/tenant.js';
import { tenantGroupResource } from './general/tenant-group.js';
import { userResource } from './general/user.js';
import { versionResources } from './general/version.js';
import { equipmentResource } from './rfid/equipment.js';

export * from './general/_setup-resources.js';
export * from './general/scheduler.js';
export * from './general/template-coding-rule.js';
export * from './rfid/equipment.js';
export { tenantGroupResource };

// General screens served by their own server modules (not the generic routes); the console still renders them from these.

export { VERSION_TYPES, type VersionType, versionResource } from './general/version.js';
export { menuResource, roleResource, tenantResource, userResource, versionResources };

/** Declarations of screens with their own routes (same shapes as the generic ones), by screen code. */
export const CUSTOM_RESOURCES: ResourceDef[] = [
  tenantResource,
  userResource,
  roleResource,
  menuResource,
  ...Object.values(versionResources),
].map((d) => d as unknown as ResourceDef);

/** Every resource the generic framework serves, by screen code. */
export const RESOURCES: ResourceDef[] = [
  tenantGroupResource as unknown as ResourceDef,
  schedulerResource as unknown as ResourceDef,
  ...GENERAL_SETUP_RESOURCES,
  templateCodingRuleResource as unknown as ResourceDef,
  equipmentResource as unknown as ResourceDef,
];
