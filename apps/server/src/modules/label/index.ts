import { labelModule as domain } from '@tagloom/domain';
import { combineParts, defineModule } from '../../core/module.js';
import { epcPart } from './epc/index.js';
import { epcisPart } from './epcis/index.js';
import { ordersPart } from './orders/index.js';
import { tagsPart } from './tags/index.js';
import { templatesPart } from './templates/index.js';

/**
 * The label data center, by area: orders (label purchase orders, wizard, sketches, print tasks,
 * receiving), templates (label templates, certificate sample cards, label tools), tags (the tag
 * registry and its EPCIS history), epc (the GS1 codec over HTTP), epcis (the EPCIS 2.0 repository).
 */
export const labelModule = defineModule({
  code: 'label',
  domain,
  ...combineParts([templatesPart, ordersPart, tagsPart, epcPart, epcisPart]),
});
