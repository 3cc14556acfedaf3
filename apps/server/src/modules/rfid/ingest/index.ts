import type { ModulePart } from '../../../core/module.js';
import { ingestRoutes } from './routes.js';

/**
 * The ingestion area of the rfid module (combined in ../index.ts): the readers' payloads in their
 * own formats over HTTP (routes.ts) into one pipeline (pipeline.ts, which the MQTT subscriber calls
 * too), the raw reads, batches and equipment log feeds. Writers other areas call: ingestPayload,
 * recordEquipmentEvent.
 */
export const ingestPart: ModulePart = {
  routes: [ingestRoutes],
};
export { type EquipmentEvent, recordEquipmentEvent, recordEquipmentEvents } from './log.js';
export { type IngestMeta, type IngestResult, ingestPayload } from './pipeline.js';
