import type { L10n } from '@tagloom/domain';
import type { Services } from '../../app.js';
import type { Tx } from '../../db/client.js';
import type { jobs } from '../../db/schema/index.js';
import type { AppContext } from '../context.js';

/** A row of the jobs table. */
export type JobRow = typeof jobs.$inferSelect;

/** What a kind's run is given besides the job: the server's context and services. */
export interface JobRunContext {
  ctx: AppContext;
  services: Services;
  /** the runner holding the job's lease */
  workerId: string;
}

/** Progress of a running job: reports are written to its row (and renew its lease). */
export interface Progress {
  /** total units of work and, optionally, what the job is doing (an i18n key) */
  start(total: number, message?: string, params?: Record<string, unknown>): Promise<void>;
  /**
   * Units done so far. Throws JobCancelled when the job was cancelled meanwhile (the handler stops
   * there; its kind's undo runs) and JobLost when another runner took the job over.
   */
  report(done: number, message?: string, params?: Record<string, unknown>): Promise<void>;
}

/** How a run ended: a message (i18n key + params), a result for the API, a stored file to download. */
export interface JobOutcome {
  message?: string;
  params?: Record<string, unknown>;
  result?: unknown;
  fileId?: number;
}

export interface JobKind {
  /** unique name, e.g. 'resource.import', 'general.purgeOldLogs' */
  kind: string;
  run(c: JobRunContext, job: JobRow, progress: Progress): Promise<JobOutcome | undefined>;
  /** runs before a failed or cancelled job ends, and before a retry: undo what the run wrote (compensation) */
  undo?(c: JobRunContext, job: JobRow): Promise<void>;
  /**
   * runs in the transaction that ends the job (done, failed or cancelled), whatever the end: what must
   * hold as soon as anyone sees the job ended (e.g. its document's state moved), all or nothing with it
   */
  ended?(tx: Tx, c: JobRunContext, job: JobRow): Promise<void>;
  /** runs once the job has ended, whatever the end, outside the database (e.g. delete its uploaded file) */
  settle?(c: JobRunContext, job: JobRow): Promise<void>;
  /**
   * Bulk work that sizes its own statements (Get EPC, imports, exports): it runs as background work
   * (db/lanes.ts: on embedded PGlite its statements give way to requests'). Left out, a job runs as
   * requests do — what someone waits on soon (an EPCIS capture a partner's subscription follows).
   */
  background?: boolean;
  /** attempts before a job whose process died is failed (default 3); a refusal (4xx AppError) is never retried */
  maxAttempts?: number;
  /** the lease a runner holds the job by, renewed while it runs (default 30 s) */
  leaseMs?: number;
  /**
   * Jobs of this kind running at once, counted over every process: at most `perOwner` of one user
   * and `perTenant` of one tenant (kinds naming the same `group` are counted together); the others
   * wait queued, their place in the tenant's line shown (queuePositions).
   */
  limit?: JobLimit;
  /** a recurring system job: enqueued once per period (platform tenant) by whichever runner comes first */
  every?: number;
  /**
   * A kind a scheduled task may run: the scheduler screen offers it with this description, and a
   * task naming it (its class name) enqueues it when it fires. Nothing in the scheduler changes
   * for a new one: a module registers the kind.
   */
  task?: L10n;
}

/** How many jobs of a kind (or of its group) may run at once, per user and per tenant. */
export interface JobLimit {
  perOwner?: number;
  perTenant?: number;
  /** kinds counted together (default: the kind alone) */
  group?: string;
}

const KINDS = new Map<string, JobKind>();

/**
 * Registers a job kind: a static registry filled by the modules' code at import time, the same in
 * every process (no data lives here). Registering a kind twice with another definition is an error.
 */
export function registerJobKind(kind: JobKind): JobKind {
  const had = KINDS.get(kind.kind);
  if (had && had !== kind && had.run.toString() !== kind.run.toString()) throw new Error(`job kind ${kind.kind} registered twice`);
  KINDS.set(kind.kind, kind);
  return kind;
}

export const jobKind = (kind: string): JobKind | undefined => KINDS.get(kind);
export const jobKinds = (): JobKind[] => [...KINDS.values()];
/** The kinds a scheduled task may run (those registered with a `task` description), in registration order. */
export const taskKinds = (): (JobKind & { task: L10n })[] => jobKinds().filter((k): k is JobKind & { task: L10n } => !!k.task);

/** Thrown by Progress.report when the job was cancelled. */
export class JobCancelled extends Error {
  constructor() {
    super('job cancelled');
  }
}

/** Thrown by Progress.report when this runner no longer holds the job (its lease expired and another took it). */
export class JobLost extends Error {
  constructor() {
    super('job lease lost');
  }
}

export const JOB_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];
export const FINAL_STATES: readonly string[] = ['done', 'failed', 'cancelled'];
