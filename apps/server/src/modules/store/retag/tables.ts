import { storeRetagResource } from '@tagloom/domain';
import { resourceTable } from '../../../db/resource-table.js';
// re-tags point at stores (locations) and SKUs
import '../../tenant/tables.js';

/** Re-tags at the stores (store/supplementary-bid, E8 at store sites). */
export const storeRetags = resourceTable(storeRetagResource);
