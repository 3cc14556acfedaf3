import { rfidModule as domain } from '@tagloom/domain';
import { defineModule } from '../../core/module.js';

/** The RFID module: its declared screens get the generic routes (tables in ./tables.ts). */
export const rfidModule = defineModule({ code: 'rfid', domain });
