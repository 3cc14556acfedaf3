import type { ResourceDef } from '../resource/define.js';
import { tenantGroupResource } from './general/tenant-group.js';

export { tenantGroupResource };

/** Every resource the generic framework serves, by screen code. */
export const RESOURCES: ResourceDef[] = [tenantGroupResource as unknown as ResourceDef];
