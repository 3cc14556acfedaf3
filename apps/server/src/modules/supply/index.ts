import { supplyModule as domain } from '@tagloom/domain';
import { combineParts, defineModule } from '../../core/module.js';
import { supplyPart } from './chain/index.js';
import { labelOrderPart } from './label-order/index.js';

/**
 * The supply module, by area: the supply chain (commodity purchase orders, sample card shipments,
 * packing review and the read-only line screens) and the supplier's view of label orders.
 */
export const supplyModule = defineModule({ code: 'supply', domain, ...combineParts([supplyPart, labelOrderPart]) });
