import { defineDomainModule } from '../module.js';
import { smartStoreMenu } from './_menu.js';

export { smartStoreMenu };

/** The smart-store module: its menu (its screens have no declarations yet). */
export const smartStoreModule = defineDomainModule({ code: 'smart-store', menu: smartStoreMenu });
