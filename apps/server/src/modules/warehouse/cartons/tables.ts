import { cartonEpcResource, cartonResource, receivingCheckResource } from '@tagloom/domain';
import { resourceTable, rowsOfTable } from '../../../db/resource-table.js';
import '../bills/tables.js';

/** Cartons (../shared/operations.md E2) and the EPCs each travels with (E3). */
export const wmsCartons = resourceTable(cartonResource);
/** The inbound cartons, seen by the receiving check. */
export const receivingCartons = rowsOfTable(receivingCheckResource);
export const wmsCartonEpcs = resourceTable(cartonEpcResource);
