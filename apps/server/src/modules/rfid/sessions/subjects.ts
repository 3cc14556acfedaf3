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
const PROGRESS = new Map<string, SubjectHandler[]>();

function add(map: Map<string, SubjectHandler[]>, subjectType: string, handler: SubjectHandler): () => void {
  const list = map.get(subjectType) ?? [];
  list.push(handler);
  map.set(subjectType, list);
  return () => {
    const at = list.indexOf(handler);
    if (at >= 0) list.splice(at, 1);
  };
}

export const sessionSubjects = {
  /** Registers a handler of a subject type's closing sessions; returns the function that removes it (tests). */
  on(subjectType: string, handler: SubjectHandler): () => void {
    return add(HANDLERS, subjectType, handler);
  },

  /**
   * Registers a handler of a subject type's sessions in progress: called, in the writing
   * transaction, when a session of the type opens (a scan) and when the fold appends reads to it
   * (the session as it is then: its EPCs and reads so far). A live view's, not a decision: keep it cheap.
   */
  onProgress(subjectType: string, handler: SubjectHandler): () => void {
    return add(PROGRESS, subjectType, handler);
  },

  /** Whether any handler follows the progress of some subject type (else the fold asks nothing more). */
  get followed(): boolean {
    for (const list of PROGRESS.values()) if (list.length) return true;
    return false;
  },

  /** Runs the progress handlers of the session's subject type, in the caller's transaction. */
  async progressed(tx: Tx, session: ReadSession): Promise<void> {
    for (const handler of [...(PROGRESS.get(session.subjectType) ?? [])]) await handler(tx, session);
  },

  /** Runs the handlers of the session's subject type, in order, in the caller's transaction. */
  async closed(tx: Tx, session: ReadSession): Promise<void> {
    for (const handler of [...(HANDLERS.get(session.subjectType) ?? [])]) await handler(tx, session);
  },
};
