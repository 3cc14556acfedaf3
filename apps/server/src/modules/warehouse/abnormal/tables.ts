import { abnormalLabelResource } from '@tagloom/domain';
import { rowsOfTable } from '../../../db/resource-table.js';
// its rows are the label module's exceptions
import '../../label/tags/tables.js';

/** Abnormal labels of the warehouses: rows of the label exceptions table. */
export const abnormalLabels = rowsOfTable(abnormalLabelResource);
