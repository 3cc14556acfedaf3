import type { ModulePart } from '../../../core/module.js';
import { liveRoutes } from './routes.js';
import { rfidWidgets } from './widgets.js';

/** Area L of the RFID module: server push (reads as they arrive, live dashboard counters) and the dashboard cards. */
export const livePart: ModulePart = { routes: [liveRoutes], widgets: rfidWidgets };
