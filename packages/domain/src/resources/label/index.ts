import { defineDomainModule } from '../module.js';
import { labelMenu } from './_menu.js';
import { ordersCustom, ordersResources } from './orders/index.js';
import { tagsCustom, tagsResources } from './tags/index.js';
import { templatesCustom, templatesResources } from './templates/index.js';

export * from './orders/index.js';
export * from './tags/index.js';
export * from './templates/index.js';
export { labelMenu };

/**
 * The label data center, by area: orders (label purchase orders, the wizard, sketches, print tasks,
 * receiving), templates (label templates, certificate sample cards, label tools), tags (the tag
 * registry, TID binding, exceptions, lifecycle, EPC query, clearing).
 */
export const labelModule = defineDomainModule({
  code: 'label',
  menu: labelMenu,
  resources: [...ordersResources, ...templatesResources, ...tagsResources],
  custom: [...ordersCustom, ...templatesCustom, ...tagsCustom],
});
