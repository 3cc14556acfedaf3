import { defineDomainModule } from '../module.js';
import { storeMenu } from './_menu.js';

export * from './stock.js';
export { storeMenu };

/** The store module: its menu, the stock ledger's vocabulary (stock.ts) and its screens' declarations. */
export const storeModule = defineDomainModule({ code: 'store', menu: storeMenu });
