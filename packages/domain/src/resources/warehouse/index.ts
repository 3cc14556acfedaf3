import { defineDomainModule } from '../module.js';
import { warehouseMenu } from './_menu.js';

export { warehouseMenu };

/** The warehouse module: its menu (its screens have no declarations yet). */
export const warehouseModule = defineDomainModule({ code: 'warehouse', menu: warehouseMenu });
