import {
  codeTableItemResource,
  codeTableResource,
  equipmentArchiveResource,
  factoryResource,
  labelSupplierResource,
  locationResource,
  storeResource,
  trainingDocResource,
  warehouseResource,
} from '@tagloom/domain';
import { resourceTable, rowsOfTable } from '../../../db/resource-table.js';
// the equipment archive is a view of rfid/equipment's table: it must be built first
import '../../rfid/tables.js';

/** Tables of the places area's declared resources (re-exported by ../tables.ts so drizzle-kit sees them). */
export const locations = resourceTable(locationResource);
// stores and warehouses are locations; the equipment archive is rfid/equipment's rows
rowsOfTable(storeResource);
rowsOfTable(warehouseResource);
rowsOfTable(equipmentArchiveResource);
export const factories = resourceTable(factoryResource);
export const labelSuppliers = resourceTable(labelSupplierResource);
export const codeTables = resourceTable(codeTableResource);
export const codeTableItems = resourceTable(codeTableItemResource);
export const trainingDocs = resourceTable(trainingDocResource);
