import { defineDomainModule } from '../module.js';
import { labelMenu } from './_menu.js';

export { labelMenu };

/** The label module: its menu (its screens have no declarations yet). */
export const labelModule = defineDomainModule({ code: 'label', menu: labelMenu });
