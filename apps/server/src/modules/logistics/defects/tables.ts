import { defectResource } from '@tagloom/domain';
import { resourceTable } from '../../../db/resource-table.js';
// defects point at sites (locations) and SKUs
import '../../tenant/tables.js';

/** Defective pieces at the warehouses and stores (logistics/defective, E6). */
export const defects = resourceTable(defectResource);
