import { defineDomainModule } from '../module.js';
import { supplyMenu } from './_menu.js';

export { supplyMenu };

/** The supply module: its menu (its screens have no declarations yet). */
export const supplyModule = defineDomainModule({ code: 'supply', menu: supplyMenu });
