import { equipmentResource, sceneResource } from '@tagloom/domain';
import { resourceTable } from '../../db/resource-table.js';

/** Tables of the RFID module's declared resources (named here so drizzle-kit sees them; db/schema re-exports this file). */
export const equipment = resourceTable(equipmentResource);
export const rfidScenes = resourceTable(sceneResource);
export * from './equipment/tables.js';
export * from './ingest/tables.js';
export * from './sessions/tables.js';
export * from './state/tables.js';
