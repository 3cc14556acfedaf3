import { padReviewResource } from '@tagloom/domain';
import { declaredTable } from '../../../db/resource-table.js';
import { rfidReadSessions } from '../../rfid/sessions/tables.js';
// the sessions' place is a location (its party scope goes through it)
import '../../tenant/tables.js';

/**
 * Pad review's rows: the rfid module's read sessions table (hand-written there, F3), registered
 * under the screen's code so that its ref to the reader's place is known. Not re-exported to the
 * schema: it is the same table.
 */
export const padSessions = declaredTable(padReviewResource, rfidReadSessions);
