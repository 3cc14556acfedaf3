import { supplierOrderResource } from '@tagloom/domain';
import { rowsOfTable } from '../../../db/resource-table.js';
// the supplier's view is label/purchase-order's rows: that table first
import '../../label/tables.js';

rowsOfTable(supplierOrderResource);
