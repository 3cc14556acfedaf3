import type { ModulePart } from '../../../core/module.js';
import { sessionRoutes } from './routes.js';

/**
 * The read sessions area of the rfid module (combined in ../index.ts; operations.md F3, F4): the
 * sessions of tunnel and handheld readers (the fold appends their reads: append.ts), their routes,
 * the handheld upload and the quiet close. Other modules act on a closing session's subject by
 * registering into sessionSubjects.
 */
export const sessionsPart: ModulePart = {
  routes: [sessionRoutes],
};
export { addRead, appendAll, type EpcReads } from './append.js';
export { handheldDocument, SESSION_FIELD_LABELS } from './document.js';
export { readerFolded } from './folded.js';
export { type HandheldUpload, type UploadResult, uploadHandheldAs } from './handheld.js';
export {
  applyReviewedSession,
  closeSession,
  getSession,
  listSessions,
  openSession,
  type ReadSession,
  recordedSessionsOf,
  type SessionEpc,
  sessionEpcs,
  type TunnelDock,
  tunnelDocks,
} from './service.js';
export {
  type OpeningCheck,
  type OpeningSession,
  type SubjectHandler,
  sessionSubjects,
  TRIGGERED_SUBJECT,
} from './subjects.js';
export { SESSION_PACE_MS, type SessionPace, sessionPace } from './throttle.js';
