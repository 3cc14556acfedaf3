import { billLineResource, billResource } from '@tagloom/domain';
import { resourceTable } from '../../../db/resource-table.js';
// bills point at locations, factories, goods SKUs and commodity purchase orders
import '../../tenant/tables.js';
import '../../supply/tables.js';

/** Bills and their lines (../shared/operations.md E1). */
export const wmsBills = resourceTable(billResource);
export const wmsBillLines = resourceTable(billLineResource);
