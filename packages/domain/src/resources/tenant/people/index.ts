import { tenantRoleResource } from '../../general/role.js';
import type { AnyResourceDef } from '../../module.js';
import { integrationKeyResource } from './integration-key.js';
import { tenantParamResource } from './param.js';
import { tenantUserResource } from './user.js';

export { tenantRoleResource } from '../../general/role.js';
export { PARAM_TYPE, peopleEnums } from './enums.js';
export {
  INTEGRATION_KEY_PREFIX,
  INTEGRATION_KEY_STATUS,
  INTEGRATION_SCOPES,
  type IntegrationScope,
  integrationKeyEnums,
  integrationKeyMachine,
  integrationKeyResource,
} from './integration-key.js';
export { paramValueRule, tenantParamResource } from './param.js';
export { tenantUserResource } from './user.js';

/** The people area's declarations served by the generic routes (see ../index.ts). */
export const peopleResources: readonly AnyResourceDef[] = [tenantParamResource, integrationKeyResource];
/** The people area's declarations served by its own routes (modules/tenant/people). */
export const peopleCustom: readonly AnyResourceDef[] = [tenantRoleResource, tenantUserResource];
