import { defineDomainModule } from '../module.js';
import { tenantMenu } from './_menu.js';
import { goodsCustom, goodsResources } from './goods/index.js';
import { peopleCustom, peopleResources } from './people/index.js';
import { placesCustom, placesResources } from './places/index.js';

export * from './goods/index.js';
export * from './people/index.js';
export * from './places/index.js';
export { tenantMenu };

/**
 * The tenant data center: its menu and declarations, by area — places (locations, stores,
 * warehouses, factories, label suppliers, equipment archive, code tables, training documents),
 * goods (goods, SKUs, brands), people (tenant roles, users, parameters, permission maintenance).
 */
export const tenantModule = defineDomainModule({
  code: 'tenant',
  menu: tenantMenu,
  resources: [...placesResources, ...goodsResources, ...peopleResources],
  custom: [...placesCustom, ...goodsCustom, ...peopleCustom],
});
