import { L } from '../../lang.js';
import { defineResource } from '../../resource/define.js';
import { machineOf, orderFields, orderView } from '../label/orders/purchase-order.js';

/**
 * The label supplier's view of the orders it is given (supply/label-order, the rows of
 * label/purchase-order): a user bound to a label supplier (or a factory) sees its own orders; it
 * accepts or rejects them, prepares, produces and ships them (express company and number). Their
 * sketches are confirmed on the sketch screen.
 */
export const supplierOrderResource = defineResource({
  ...orderView(),
  code: 'supply/label-order',
  names: L('标签采购单（供应商）', '標籤採購單（供應商）', 'Label purchase order (supplier view)'),
  rowsOf: { code: 'label/purchase-order' },
  machine: machineOf(['accept', 'reject', 'prepare', 'produce', 'complete', 'ship']),
  crud: ['query', 'export'],
  fields: orderFields,
});
