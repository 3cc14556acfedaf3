import { asnBindingResource } from '@tagloom/domain';
import { rowsOfTable } from '../../db/resource-table.js';
// the bindings are the warehouse's cartons' EPCs
import '../warehouse/tables.js';

/** ASN binding records: rows of the warehouse's carton–EPC table. */
export const asnBindings = rowsOfTable(asnBindingResource);
