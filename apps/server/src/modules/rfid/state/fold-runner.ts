/**
 * The fold queue's runner in this process (fold-queue.ts): kicked after every committed batch (the
 * reader's answer does not wait for the fold) and every FOLD_POLL_MS as a safety net — batches of a
 * process that died, a fold that failed, a tenant another process was folding. One run at a time
 * a process, when FOLD_TIMING says; kicks during a run make it run once more after. No state of its
 * own: the queue is in the database, any process folds any tenant's batches.
 */
import type { AppContext } from '../../../core/context.js';
import { LIVE_TOPICS, publishLive } from '../../../core/live.js';
import { foldQueued } from './fold-queue.js';

/**
 * Embedded PGlite: EPC states written a transaction at most (fold-queue.ts, parts). PGlite has one
 * connection: a transaction holds every other statement up, a reader's batch too, and a fold writes
 * an EPC's state in about 50–120 µs there (2 cores, load 3–8; more under a heavier load), so 2,000
 * of them hold it 0.1–0.25 s.
 */
export const FOLD_TX_EPCS = 2000;
/** Embedded PGlite: batches a fold takes off the queue a transaction at most (their parts are made in it: 150 batches of 500 reads, about 0.2–0.8 s). */
export const FOLD_TX_BATCHES = 150;

/** The safety net's period. */
export const FOLD_POLL_MS = 2000;
/** A tenant another process was folding is tried again this soon. */
const BUSY_RETRY_MS = 200;

/**
 * When a process folds: once `quietMs` passed without a new batch, or `maxWaitMs` after the first
 * batch not folded yet, whichever comes first (FOLD_BATCHES a transaction at most). A fold costs one
 * write per EPC however many reads it folds, so while readers keep sending, their reads gather and
 * fold together; when they pause, the state catches up at once. bench/ingest (20,000 tags, 500
 * reads a batch, 4 in flight) against a fold a second (PostgreSQL) or 200 ms apart (PGlite):
 * PostgreSQL 15, 400,000 reads: 61,500 state writes instead of 180,000, 34,000–42,000 reads/s
 * instead of 25,000–28,000; PGlite, 240,000 reads: 13,500 reads/s instead of 7,000, with a
 * batch's answer p99 1.7 s instead of 0.8 s (PGlite's one connection waits for the larger fold).
 * The quiet is short: a reader's batches come a reporting interval apart (a second or more), so a
 * longer one gathers few re-reads of the same tags, and only delays their state after a burst
 * (bench/ingest on PostgreSQL, state caught up after the last answer: 0.68–0.71 s with 100 ms,
 * 0.60–0.67 s with 30 ms; the batches of the timed run still one fold).
 *
 * And on embedded PGlite a rest after each run, `restFactor` times as long as the run took: the
 * fold takes at most 1 / (1 + restFactor) of the database's time while readers keep sending,
 * whatever the quiet moments between their batches. A slow reader's fold takes milliseconds (so
 * does its rest); under a flood a run that takes longer is followed by a longer rest, in which more
 * batches gather, so the next fold writes each EPC once for more reads: the folds grow until they
 * keep up. Without it a quiet moment of 30 ms comes between almost any two batches once the
 * database no longer runs on the event loop (PGlite on its worker thread: the event loop is free
 * while a batch is stored), and the folds stayed a few batches each: bench/ingest, PGlite in
 * memory, 217,000 state writes for 250,000 reads (7,000 reads/s) instead of 60,000 (15,600
 * reads/s, PGlite on the event loop).
 * When the readers pause (`pauseMs` without a batch), the fold runs at once, rest or not.
 */
export const FOLD_TIMING = { quietMs: 30, maxWaitMs: 3000, restFactor: 1, pauseMs: 250 } as const;

/**
 * When the next run is due (epoch ms), by FOLD_TIMING: from the last kick and the first kick not
 * folded yet, and not before the rest after the last run (`restUntil`) unless the readers paused.
 */
export function foldDueAt(lastKick: number, pendingSince: number, restUntil = 0): number {
  const { quietMs, maxWaitMs, pauseMs } = FOLD_TIMING;
  return Math.min(Math.max(restUntil, Math.min(lastKick + quietMs, pendingSince + maxWaitMs)), lastKick + pauseMs);
}

export class FoldRunner {
  private running?: Promise<void>;
  private stopped = false;
  private timer?: NodeJS.Timeout;
  private waiting?: NodeJS.Timeout;
  private lastKick = 0;
  /** when the first kick not covered by a run came (none: nothing to fold) */
  private pendingSince?: number;
  /** the last run's rest ends then (FOLD_TIMING.restFactor) */
  private restUntil = 0;
  /** someone waits for the fold (a tunnel's scan, sessions/routes.ts): the next run starts at once */
  private urgent = false;

  constructor(private readonly ctx: AppContext) {}

  start(): void {
    this.timer = setInterval(() => this.kick(), FOLD_POLL_MS);
    this.timer.unref();
  }

  /** Folds what is queued, when FOLD_TIMING says (once more after the run under way). */
  kick(): void {
    if (this.stopped) return;
    const now = Date.now();
    this.lastKick = now;
    this.pendingSince ??= now;
    this.schedule();
  }

  /**
   * Folds what is queued now, without the quiet or the rest FOLD_TIMING asks (right after the run
   * under way): a request waits for it — a carton's scan or close, whose reads must be in its
   * session before it is checked. A fold costs a write per EPC, so this is for a few reads at a time.
   */
  soon(): void {
    if (this.stopped) return;
    this.pendingSince ??= Date.now();
    this.urgent = true;
    if (this.waiting) {
      clearTimeout(this.waiting);
      this.waiting = undefined;
    }
    this.schedule();
  }

  /** Starts a run when one is due, else waits for it (a wait re-checks: later kicks may move it). */
  private schedule(): void {
    if (this.stopped || this.running || this.waiting || this.pendingSince === undefined) return;
    const wait = this.urgent ? 0 : foldDueAt(this.lastKick, this.pendingSince, this.restUntil) - Date.now();
    if (wait > 0) {
      this.waiting = setTimeout(() => {
        this.waiting = undefined;
        this.schedule();
      }, wait);
      this.waiting.unref();
      return;
    }
    this.pendingSince = undefined;
    this.urgent = false;
    const started = Date.now();
    this.running = this.run().finally(() => {
      this.running = undefined;
      // (PostgreSQL: the fold holds no other statement up, and quiet moments were always there)
      const now = Date.now();
      if (this.ctx.database.kind === 'pglite') this.restUntil = now + (now - started) * FOLD_TIMING.restFactor;
      this.schedule();
    });
  }

  /** Resolves when nothing is being folded by this process (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async run(): Promise<void> {
    // a process still migrating its database has no queue to read yet: the next poll folds
    if (!this.ctx.readiness.ready) return;
    try {
      const run = await foldQueued(
        this.ctx.db,
        this.ctx.database.kind === 'pglite' ? { txEpcs: FOLD_TX_EPCS, txBatches: FOLD_TX_BATCHES } : {},
      );
      for (const f of run.failures)
        this.ctx.log.error(
          { tenantId: f.tenantId, batchId: f.batchId, err: f.message },
          'rfid: a batch could not be folded into EPC state',
        );
      for (const tenantId of run.tenants)
        await publishLive(this.ctx, { tenantId, topic: LIVE_TOPICS.states, data: { batches: run.batches } });
      if (run.busy && !this.stopped) setTimeout(() => this.kick(), BUSY_RETRY_MS).unref();
    } catch (err) {
      // nothing is lost: the batches stay queued and the next kick or poll folds them
      this.ctx.log.error({ err }, 'rfid: folding reads into EPC state failed');
    }
  }

  /** Stops kicking and polling; resolves once the fold under way has committed. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.waiting);
    await this.idle();
  }
}

const runners = new WeakMap<AppContext, FoldRunner>();

/** The process's runner of this server (made and started once, by the state routes). */
export function foldRunner(ctx: AppContext): FoldRunner {
  let r = runners.get(ctx);
  if (!r) {
    r = new FoldRunner(ctx);
    runners.set(ctx, r);
    r.start();
  }
  return r;
}

/** After a batch committed: fold it soon (a no-op while the server is not serving). */
export function kickFold(ctx: AppContext): void {
  runners.get(ctx)?.kick();
}

/** A request waits for the fold: fold what is queued at once (FoldRunner.soon); resolves once this process folded it. */
export async function foldSoon(ctx: AppContext): Promise<void> {
  const runner = runners.get(ctx);
  runner?.soon();
  await runner?.idle();
}
