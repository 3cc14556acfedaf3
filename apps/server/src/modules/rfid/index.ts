import { rfidModule as domain } from '@tagloom/domain';
import { combineParts, defineModule } from '../../core/module.js';
import { equipmentPart } from './equipment/index.js';
import { ingestPart } from './ingest/index.js';
import { livePart } from './live/index.js';
import { sessionsPart } from './sessions/index.js';
import { statePart } from './state/index.js';

/**
 * RFID data collection, by area: equipment (registration, device credentials, binding, scenes,
 * reader configuration, products), ingest (the readers' own formats over HTTP, raw reads, batches,
 * the equipment log), state (EPC state and presence), mqtt (the broker path), live (server push,
 * dashboards), sessions (read sessions of tunnels and handhelds, the handheld upload). Each area adds its ModulePart to the list below.
 */
export const rfidModule = defineModule({
  code: 'rfid',
  domain,
  ...combineParts([equipmentPart, ingestPart, livePart, sessionsPart, statePart]),
});
