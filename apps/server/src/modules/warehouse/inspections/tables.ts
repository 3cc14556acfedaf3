import { inspectionLineResource, receivingQiResource } from '@tagloom/domain';
import { resourceTable } from '../../../db/resource-table.js';
import '../bills/tables.js';

/** Quality inspections of the DC's receipts and returns (../shared/operations.md E5) and their defects. */
export const wmsInspections = resourceTable(receivingQiResource);
export const wmsInspectionLines = resourceTable(inspectionLineResource);
