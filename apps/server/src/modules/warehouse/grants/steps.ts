import { sessionSubjects } from '../../rfid/sessions/index.js';
import { heldToGrants, requireWmsGrant, SESSION_OPS } from './guard.js';

/**
 * A console user's start and close of a read session at a reader asks its warehouse grant (the one
 * guard): the operation of the session's subject (a carton's check: receive; a QI sample: qi; none
 * known: any) in the reader's zone. Devices and the quiet close are not users and pass. Registered
 * at import by the warehouse module; returns the remover (tests).
 */
export function grantsOnSessions(): () => void {
  return sessionSubjects.steps(async (tx, s) => {
    if (!heldToGrants(s.actor)) return;
    await requireWmsGrant(tx, s.actor, { zoneId: s.locationId }, SESSION_OPS[s.subjectType] ?? null);
  });
}
