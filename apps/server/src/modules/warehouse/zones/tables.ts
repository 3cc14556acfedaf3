import { warehouseZoneResource } from '@tagloom/domain';
import { rowsOfTable } from '../../../db/resource-table.js';
// a warehouse's zones are rows of the locations table
import '../../tenant/tables.js';

/** Warehouse zones: rows of the locations table (kind zone), seen by warehouse/management. */
export const warehouseZones = rowsOfTable(warehouseZoneResource);
