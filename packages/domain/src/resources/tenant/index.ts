import { defineDomainModule } from '../module.js';
import { tenantMenu } from './_menu.js';

export { tenantMenu };

/** The tenant module: its menu (its screens have no declarations yet). */
export const tenantModule = defineDomainModule({ code: 'tenant', menu: tenantMenu });
