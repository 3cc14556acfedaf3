import { LABEL_ORDER, supplierOrderResource } from '@tagloom/domain';
import { ne } from 'drizzle-orm';
import type { ModulePart } from '../../../core/module.js';
import { labelOrderHooks } from '../../label/orders/hooks.js';
import { labelOrders } from '../../label/orders/tables.js';

/**
 * The supplier's view of label orders (supply/label-order, the rows of label/purchase-order): a view
 * with no Add (list, get, export, its machine's actions), with the orders' own hooks; drafts stay
 * the brand's own.
 */
export const labelOrderPart: ModulePart = {
  hooks: (ctx) => ({
    [supplierOrderResource.code]: {
      ...labelOrderHooks(ctx),
      // an order reaches its supplier once submitted: drafts are the brand's own
      scope: () => ne(labelOrders.status, LABEL_ORDER.DRAFT),
    },
  }),
};
