import { defineDomainModule } from '../module.js';
import { dashboardMenu } from './_menu.js';

export { dashboardMenu };

/** The dashboard module: its menu (its screens have no declarations yet). */
export const dashboardModule = defineDomainModule({ code: 'dashboard', menu: dashboardMenu });
