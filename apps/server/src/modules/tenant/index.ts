import { tenantModule as domain } from '@tagloom/domain';
import { combineParts, defineModule } from '../../core/module.js';
import { goodsPart } from './goods/index.js';
import { peoplePart } from './people/index.js';
import { placesPart } from './places/index.js';

/**
 * The tenant data center (master data every order, receipt, count and read refers to), by area:
 * places first (goods and users point at them), then goods, then people (users bound to parties).
 */
export const tenantModule = defineModule({ code: 'tenant', domain, ...combineParts([placesPart, goodsPart, peoplePart]) });
