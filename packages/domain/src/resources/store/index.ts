import { defineDomainModule } from '../module.js';
import { storeMenu } from './_menu.js';

export { storeMenu };

/** The store module: its menu (its screens have no declarations yet). */
export const storeModule = defineDomainModule({ code: 'store', menu: storeMenu });
