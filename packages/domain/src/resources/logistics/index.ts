import { defineDomainModule } from '../module.js';
import { logisticsMenu } from './_menu.js';

export { logisticsMenu };

/** The logistics module: its menu (its screens have no declarations yet). */
export const logisticsModule = defineDomainModule({ code: 'logistics', menu: logisticsMenu });
