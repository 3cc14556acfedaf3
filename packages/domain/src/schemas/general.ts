// Request bodies shared by the platform General screens; each screen's own bodies sit beside its
// declaration (resources/general/<screen>.api.ts) and are exported here too.
import { z } from 'zod';
import { idList } from './common.js';

export * from '../resources/general/menu.api.js';
export * from '../resources/general/role.api.js';
export * from '../resources/general/tenant.api.js';
export * from '../resources/general/user.api.js';

/** Ids of the rows a bulk action (delete, enable, disable …) applies to. */
export const idsBody = z.object({ ids: idList() });
