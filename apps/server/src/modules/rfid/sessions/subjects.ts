/**
 * What closing a session does to its subject (a carton's check, F5; a count; a QI sample): the
 * module owning the subject registers a handler for its subject type at import time, and a close
 * calls the type's handlers in the closing transaction — a handler that throws undoes the close.
 * The rfid module knows no subject: a static registry, the same in every process (no data in it).
 */
import type { ReadSessionKind } from '@tagloom/domain/rfid/sessions.js';
import { sql } from 'drizzle-orm';
import type { SessionInfo } from '../../../core/context.js';
import type { Tx } from '../../../db/client.js';
import { SESSION_COLUMNS, sessionRows } from './row.js';
import type { ReadSession } from './service.js';

export type SubjectHandler = (tx: Tx, session: ReadSession) => Promise<void>;

/** A session about to open for a subject: the reader, where it is bound, and the session it has OPEN now (if any). */
export interface OpeningSession {
  tenantId: number;
  equipmentCoding: string;
  locationId: number | null;
  subjectType: string;
  subjectCode: string;
  subjectId: number | null;
  /** the reader's OPEN session, which the opening closes (its subject's handlers run) */
  open: ReadSession | null;
}

/** What an opening check answers: the subject as it resolved it, and what to do once the session is made (same transaction). */
export interface OpeningAnswer {
  subjectId?: number | null;
  subjectCode?: string;
  /** the session's kind, when the subject has its own (a QI sample's) */
  kind?: ReadSessionKind;
  opened?: (tx: Tx, session: ReadSession) => Promise<void>;
}

/** Asked before a session of its subject type opens: throws to refuse (an AppError), answers the subject it names. */
export type OpeningCheck = (tx: Tx, s: OpeningSession) => Promise<OpeningAnswer | undefined>;

/** A user's start, close or upload of a session at a reader: who, where (the reader's place), for what subject. */
export interface SessionStep {
  actor: Pick<SessionInfo, 'tenantId' | 'userId' | 'party'>;
  step: 'open' | 'close' | 'upload';
  equipmentCoding: string;
  locationId: number | null;
  subjectType: string;
}

/** Asked before a user starts or closes a session (not a device, not the quiet close): throws to refuse. */
export type StepCheck = (tx: Tx, s: SessionStep) => Promise<void>;

/**
 * The subject type of a session a tunnel's GPI trigger opened (gate.ts): a carton came in, which one
 * its reads tell when it closes (the resolvers below). A session that reads came to before any scan
 * has no subject and keeps none: its reads may be the head of a carton whose scan comes next.
 */
export const TRIGGERED_SUBJECT = 'trigger';

/** The subject a triggered session's reads name. */
export interface NamedSubject {
  subjectType: string;
  subjectId: number | null;
  subjectCode: string;
}

/** Asked when a triggered session of its kind closes: names the subject its reads show, or undefined. */
export type SubjectResolver = (tx: Tx, session: ReadSession) => Promise<NamedSubject | undefined>;

const HANDLERS = new Map<string, SubjectHandler[]>();
const RESOLVERS = new Map<ReadSessionKind, SubjectResolver[]>();
const STEP_CHECKS: StepCheck[] = [];
const PROGRESS = new Map<string, SubjectHandler[]>();

/** Adds `fn` to the list of `key`; returns the function that removes it. */
function add<K, F>(map: Map<K, F[]>, key: K, fn: F): () => void {
  const list = map.get(key) ?? [];
  list.push(fn);
  map.set(key, list);
  return () => {
    const at = list.indexOf(fn);
    if (at >= 0) list.splice(at, 1);
  };
}
const CHECKS = new Map<string, OpeningCheck>();

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

  /**
   * Registers the check of a subject type's openings (one a type): the owner refuses a session its
   * subject may not have (a QI sample at a reader outside the QI area) and resolves the subject.
   * Returns the function that removes it (tests).
   */
  opening(subjectType: string, check: OpeningCheck): () => void {
    CHECKS.set(subjectType, check);
    return () => {
      if (CHECKS.get(subjectType) === check) CHECKS.delete(subjectType);
    };
  },

  /**
   * Registers a check of every user's start and close of a session, whatever its subject (the
   * warehouse's grants: a user may work only at the readers of its zones). Returns the remover.
   */
  steps(check: StepCheck): () => void {
    STEP_CHECKS.push(check);
    return () => {
      const at = STEP_CHECKS.indexOf(check);
      if (at >= 0) STEP_CHECKS.splice(at, 1);
    };
  },

  /** Asks every step check, in the caller's transaction. */
  async checkStep(tx: Tx, s: SessionStep): Promise<void> {
    for (const check of [...STEP_CHECKS]) await check(tx, s);
  },

  /** Asks the subject type's opening check, if any, in the caller's transaction. */
  async checkOpening(tx: Tx, s: OpeningSession): Promise<OpeningAnswer | undefined> {
    return CHECKS.get(s.subjectType)?.(tx, s);
  },

  /**
   * Registers a resolver of a session kind's triggered sessions (a tunnel's carton check opened by a
   * GPI trigger: the carton is the one its reads belong to). Returns the remover.
   */
  resolving(kind: ReadSessionKind, resolver: SubjectResolver): () => void {
    return add(RESOLVERS, kind, resolver);
  },

  /**
   * Runs the handlers of the session's subject type, in order, in the caller's transaction. A
   * triggered session that read something is first named by its kind's resolvers (the first to
   * answer): its row takes the subject, and the handlers see it.
   */
  async closed(tx: Tx, session: ReadSession): Promise<void> {
    let s = session;
    if (s.subjectType === TRIGGERED_SUBJECT && s.epcCount > 0)
      for (const resolve of [...(RESOLVERS.get(s.kind) ?? [])]) {
        const named = await resolve(tx, s);
        if (!named) continue;
        const [row] = await sessionRows(
          tx,
          sql`update rfid_read_sessions s set subject_type = ${named.subjectType}, subject_id = ${named.subjectId},
                subject_code = ${named.subjectCode}
              where s.tenant_id = ${s.tenantId} and s.id = ${s.id} returning ${SESSION_COLUMNS}`,
        );
        if (row) s = row;
        break;
      }
    for (const handler of [...(HANDLERS.get(s.subjectType) ?? [])]) await handler(tx, s);
  },
};
