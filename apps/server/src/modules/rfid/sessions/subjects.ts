/**
 * What closing a session does to its subject (a carton's check, F5; a count; a QI sample): the
 * module owning the subject registers a handler for its subject type at import time, and a close
 * calls the type's handlers in the closing transaction — a handler that throws undoes the close.
 * The rfid module knows no subject: a static registry, the same in every process (no data in it).
 */
import type { Tx } from '../../../db/client.js';
import type { ReadSession } from './service.js';

export type SubjectHandler = (tx: Tx, session: ReadSession) => Promise<void>;

const HANDLERS = new Map<string, SubjectHandler[]>();

export const sessionSubjects = {
  /** Registers a handler of a subject type's closing sessions; returns the function that removes it (tests). */
  on(subjectType: string, handler: SubjectHandler): () => void {
    const list = HANDLERS.get(subjectType) ?? [];
    list.push(handler);
    HANDLERS.set(subjectType, list);
    return () => {
      const at = list.indexOf(handler);
      if (at >= 0) list.splice(at, 1);
    };
  },

  /** Runs the handlers of the session's subject type, in order, in the caller's transaction. */
  async closed(tx: Tx, session: ReadSession): Promise<void> {
    for (const handler of [...(HANDLERS.get(session.subjectType) ?? [])]) await handler(tx, session);
  },
};
