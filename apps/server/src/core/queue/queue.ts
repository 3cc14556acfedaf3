import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { PLATFORM_TENANT_ID } from '@tagloom/domain';
import { and, eq, inArray, lte, not, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Services } from '../../app.js';
import type { Tx } from '../../db/client.js';
import { inBackground } from '../../db/lanes.js';
import { jobs } from '../../db/schema/index.js';
import type { AppContext } from '../context.js';
import { AppError } from '../errors.js';
import {
  FINAL_STATES,
  JobCancelled,
  type JobKind,
  type JobLimit,
  JobLost,
  type JobOutcome,
  type JobRow,
  type JobRunContext,
  jobKind,
  jobKinds,
  type Progress,
} from './registry.js';
// the kinds of the core: registered wherever a runner runs
import './maintenance.js';
import './resource-jobs.js';

import { enqueue, JOBS_TOPIC } from './enqueue.js';

export { type EnqueueOptions, enqueue, JOBS_TOPIC, newJobId } from './enqueue.js';

/**
 * Cancels one of the owner's jobs: a queued one at once (its kind's `ended` hook in the same
 * transaction, given `run`); a running one is flagged, and its handler stops at its next progress
 * report (its kind's undo runs, the state becomes cancelled).
 * Returns the row after the change, or undefined when the owner has no such job.
 */
export async function cancelJob(
  db: Tx,
  tenantId: number,
  owner: number,
  id: string,
  run?: Omit<JobRunContext, 'workerId'>,
): Promise<JobRow | undefined> {
  const mine = and(eq(jobs.tenantId, tenantId), eq(jobs.id, id), eq(jobs.createdBy, owner));
  const queued = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(jobs)
      .set({ state: 'cancelled', message: 'jobs.message.cancelled', messageParams: null, finishedAt: new Date(), updatedAt: new Date() })
      .where(and(mine, eq(jobs.state, 'queued')))
      .returning();
    const ended = row && run ? jobKind(row.kind)?.ended : undefined;
    if (ended) await ended(tx, { ...run!, workerId: 'cancel' }, row);
    return row;
  });
  if (queued) return queued;
  const [running] = await db
    .update(jobs)
    .set({ cancelRequested: true, updatedAt: new Date() })
    .where(and(mine, eq(jobs.state, 'running')))
    .returning();
  if (running) return running;
  const [row] = await db.select().from(jobs).where(mine);
  return row;
}

export interface RunnerOptions {
  /** this runner's name in the rows it holds (default host:pid:random) */
  workerId?: string;
  /** how often the queue is looked at when nothing woke the runner (default 1 s) */
  pollMs?: number;
  /** jobs run at once (default 1 on embedded PGlite, 2 on PostgreSQL) */
  concurrency?: number;
  /** the lease a job is held by, renewed while it runs (default 30 s) */
  leaseMs?: number;
  /** only these kinds (default: all) */
  kinds?: string[];
  /** all kinds but these */
  skipKinds?: string[];
  /** kinds used instead of the registered ones (tests) */
  overrides?: Record<string, JobKind>;
}

/** Is this row claimable now: queued and due, or running with an expired lease (its process died). */
const claimable = () =>
  or(and(eq(jobs.state, 'queued'), lte(jobs.runAfter, sql`now()`)), and(eq(jobs.state, 'running'), sql`${jobs.leaseUntil} < now()`));

/** Kinds limited together (JobKind.limit): their names and the limits of the group. */
interface LimitGroup extends Omit<JobLimit, 'group'> {
  kinds: string[];
}

/** The limited kinds among `kinds`, grouped (a group's limit is the lowest its kinds declare). */
export function limitGroups(kinds: Iterable<JobKind>): LimitGroup[] {
  const groups = new Map<string, LimitGroup>();
  const low = (a?: number, b?: number) => (a === undefined ? b : b === undefined ? a : Math.min(a, b));
  for (const k of kinds) {
    if (!k.limit || (k.limit.perOwner === undefined && k.limit.perTenant === undefined)) continue;
    const key = k.limit.group ?? k.kind;
    const g = groups.get(key) ?? { kinds: [] };
    if (!g.kinds.includes(k.kind)) g.kinds.push(k.kind);
    g.perOwner = low(g.perOwner, k.limit.perOwner);
    g.perTenant = low(g.perTenant, k.limit.perTenant);
    groups.set(key, g);
  }
  return [...groups.values()];
}

/**
 * The candidate row (`jobs` in the claim's pick) is held back by its group's limit: its owner, or
 * its tenant, already has that many jobs of the group running alive (lease not expired).
 */
function heldBack(groups: LimitGroup[]): SQL | undefined {
  const r = alias(jobs, 'r');
  const running = (kinds: string[], more?: SQL) =>
    sql`(select count(*) from ${jobs} ${r} where ${r.tenantId} = ${jobs.tenantId} and ${inArray(r.kind, kinds)} and ${r.state} = 'running' and ${r.leaseUntil} > now()${more ? sql` and ${more}` : sql``})`;
  const held = groups.map((g) =>
    and(
      inArray(jobs.kind, g.kinds),
      or(
        g.perOwner !== undefined ? sql`${running(g.kinds, sql`${r.createdBy} = ${jobs.createdBy}`)} >= ${g.perOwner}` : undefined,
        g.perTenant !== undefined ? sql`${running(g.kinds)} >= ${g.perTenant}` : undefined,
      ),
    ),
  );
  return held.length ? or(...held) : undefined;
}

/** Claims of limited kinds are serialized over every process (the count and the claim are one step). */
const CLAIM_LOCK = sql`select pg_advisory_xact_lock(hashtext('tagloom:jobs:claim'))`;

/**
 * Where each queued job of a limited kind stands in its tenant's line (1: next): 1 + the queued
 * jobs of its group in its tenant ahead of it, in the order runners claim them. Other rows: none.
 */
export async function queuePositions(
  db: Tx,
  rows: JobRow[],
  kindOf: (kind: string) => JobKind | undefined = jobKind,
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const queued = rows.filter((r) => r.state === 'queued' && kindOf(r.kind)?.limit);
  if (!queued.length) return out;
  const groups = limitGroups(new Set(queued.map((r) => kindOf(r.kind)!)));
  const all = limitGroups(jobKinds());
  for (const g of groups) {
    // the group as registered (kinds of it this list does not hold count too)
    const kinds = all.find((a) => a.kinds.some((k) => g.kinds.includes(k)))?.kinds ?? g.kinds;
    const mine = queued.filter((r) => g.kinds.includes(r.kind));
    for (const tenantId of new Set(mine.map((r) => r.tenantId))) {
      const q = alias(jobs, 'q');
      // the outer row's columns named in full: a one-table select list writes them unqualified
      const outer = (c: string) => sql.raw(`"jobs"."${c}"`);
      const found = await db
        .select({
          id: jobs.id,
          position: sql<number>`(select count(*) from ${jobs} ${q} where ${q.tenantId} = ${outer('tenant_id')} and ${inArray(q.kind, kinds)} and ${q.state} = 'queued' and (${q.runAfter}, ${q.id}) < (${outer('run_after')}, ${outer('id')}))::int + 1`,
        })
        .from(jobs)
        .where(
          and(
            eq(jobs.tenantId, tenantId),
            inArray(
              jobs.id,
              mine.filter((r) => r.tenantId === tenantId).map((r) => r.id),
            ),
            eq(jobs.state, 'queued'),
          ),
        );
      for (const f of found) out.set(f.id, Number(f.position));
    }
  }
  return out;
}

/**
 * The queue's runner. Every server process starts one; each claims jobs with
 * `UPDATE … WHERE (tenant_id, id) = (SELECT … FOR UPDATE SKIP LOCKED LIMIT 1) RETURNING`, so a job is
 * run by exactly one process, and holds it by a lease renewed while it runs. A job whose lease
 * expired (its process died) is claimed again: retried until max_attempts, then failed — after its
 * kind's undo ran. Nothing a job needs lives in the process: all is in its row.
 */
export class JobQueue {
  readonly workerId: string;
  private readonly leaseMs: number;
  private readonly concurrency: number;
  private readonly active = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private loop: Promise<void> | undefined;
  private stopped = true;
  private wake: (() => void) | undefined;
  private lastRecurring = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly services: Services,
    private readonly opts: RunnerOptions = {},
  ) {
    this.workerId = opts.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.leaseMs = opts.leaseMs ?? 30_000;
    this.concurrency = opts.concurrency ?? (ctx.database.kind === 'pglite' ? 1 : 2);
    ctx.bus.on(JOBS_TOPIC, () => this.poke());
  }

  private kindOf(name: string): JobKind | undefined {
    return this.opts.overrides?.[name] ?? jobKind(name);
  }

  private get runContext(): JobRunContext {
    return { ctx: this.ctx, services: this.services, workerId: this.workerId };
  }

  private lease() {
    return sql`now() + ${`${this.leaseMs} milliseconds`}::interval`;
  }

  /** The limited kinds this runner knows (registered, or its overrides), grouped. */
  private limits(): LimitGroup[] {
    const kinds = new Map(jobKinds().map((k) => [k.kind, k]));
    for (const [name, k] of Object.entries(this.opts.overrides ?? {})) kinds.set(name, { ...k, kind: name });
    return limitGroups(kinds.values());
  }

  /**
   * Claims one job for this runner (or none). The row comes back running, with attempts counted.
   * A job of a limited kind (JobKind.limit) whose owner or tenant already runs as many as allowed
   * is passed over: it stays queued until one of them ends.
   */
  async claim(): Promise<JobRow | undefined> {
    const groups = this.limits();
    if (!groups.length) return this.claimIn(this.ctx.db, undefined);
    // the running jobs counted and the claim are one step, whichever process claims
    return this.ctx.db.transaction(async (tx) => {
      await tx.execute(CLAIM_LOCK);
      return this.claimIn(tx, heldBack(groups));
    });
  }

  private async claimIn(db: Tx, held: SQL | undefined): Promise<JobRow | undefined> {
    const kinds = this.opts.kinds;
    const pick = db
      .select({ tenantId: jobs.tenantId, id: jobs.id })
      .from(jobs)
      .where(
        and(
          claimable(),
          kinds ? inArray(jobs.kind, kinds) : undefined,
          this.opts.skipKinds?.length ? notInArray(jobs.kind, this.opts.skipKinds) : undefined,
          held ? not(held) : undefined,
        ),
      )
      .orderBy(jobs.runAfter, jobs.id)
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await db
      .update(jobs)
      .set({
        state: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        leaseUntil: this.lease(),
        workerId: this.workerId,
        startedAt: sql`coalesce(${jobs.startedAt}, now())`,
        updatedAt: new Date(),
      })
      .where(and(sql`(${jobs.tenantId}, ${jobs.id}) = (${pick})`, claimable()))
      .returning();
    return row;
  }

  /** Claims and runs one job; false when there was none to claim. */
  async runOne(): Promise<boolean> {
    const job = await this.claim();
    if (!job) return false;
    await this.execute(job);
    return true;
  }

  /** Runs jobs until none is left to claim (tests, and the scheduler's tick). Returns how many ran. */
  async drain(): Promise<number> {
    let n = 0;
    while (await this.runOne()) n++;
    return n;
  }

  /**
   * Ends the job this runner holds (false: another runner or a cancel got to it first). A final end
   * runs the kind's `ended` hook in the same transaction; should the hook fail, the job still ends
   * (the failure is logged), so that no runner holds it forever.
   */
  private async end(
    job: JobRow,
    state: 'done' | 'failed' | 'cancelled' | 'queued',
    set: PgUpdateSetSource<typeof jobs> = {},
  ): Promise<boolean> {
    const update = async (tx: Tx) =>
      (
        await tx
          .update(jobs)
          .set({
            state,
            leaseUntil: null,
            workerId: null,
            updatedAt: new Date(),
            ...(state === 'queued' ? {} : { finishedAt: new Date() }),
            ...set,
          })
          .where(and(eq(jobs.tenantId, job.tenantId), eq(jobs.id, job.id), eq(jobs.workerId, this.workerId), eq(jobs.state, 'running')))
          .returning({ id: jobs.id })
      ).length === 1;
    const ended = state === 'queued' ? undefined : this.kindOf(job.kind)?.ended;
    if (!ended) return update(this.ctx.db);
    try {
      return await this.ctx.db.transaction(async (tx) => {
        const mine = await update(tx);
        if (mine) await ended(tx, this.runContext, job);
        return mine;
      });
    } catch (err) {
      this.ctx.log.warn({ err, job: job.id }, 'job end hook failed');
      return update(this.ctx.db);
    }
  }

  private progressOf(job: JobRow): Progress {
    let last = 0;
    let lastMessage: string | undefined;
    const write = async (set: Partial<JobRow>, force: boolean) => {
      const now = performance.now();
      if (!force && now - last < 200) return;
      last = now;
      const [row] = await this.ctx.db
        .update(jobs)
        .set({ ...set, leaseUntil: this.lease(), updatedAt: new Date() })
        .where(and(eq(jobs.tenantId, job.tenantId), eq(jobs.id, job.id), eq(jobs.workerId, this.workerId), eq(jobs.state, 'running')))
        .returning({ cancel: jobs.cancelRequested });
      if (!row) throw new JobLost();
      if (row.cancel) throw new JobCancelled();
    };
    return {
      async start(total, message, params) {
        lastMessage = message;
        await write({ total, done: 0, ...(message ? { message, messageParams: params ?? null } : {}) }, true);
      },
      async report(done, message, params) {
        const changed = message !== undefined && message !== lastMessage;
        if (message !== undefined) lastMessage = message;
        await write({ done, ...(message !== undefined ? { message, messageParams: params ?? null } : {}) }, changed);
      },
    };
  }

  /** Runs a job; a kind declared `background` as background work (db/lanes.ts: on embedded PGlite its statements give way to requests'). */
  private execute(job: JobRow): Promise<void> {
    return this.kindOf(job.kind)?.background ? inBackground(() => this.executeJob(job)) : this.executeJob(job);
  }

  private async executeJob(job: JobRow): Promise<void> {
    const c = this.runContext;
    const kind = this.kindOf(job.kind);
    const settle = async (row: JobRow) => {
      await kind?.settle?.(c, row).catch((err) => this.ctx.log.warn({ err, job: row.id }, 'job settle failed'));
    };
    if (!kind) {
      if (await this.end(job, 'failed', { message: 'jobs.message.unknownKind', messageParams: { kind: job.kind } })) await settle(job);
      return;
    }
    // a cancel asked while its process was gone, or a job whose attempts ran out with it: end it here
    if (job.cancelRequested || job.attempts > job.maxAttempts) {
      await kind.undo?.(c, job);
      const cancelled = job.cancelRequested;
      const ended = await this.end(job, cancelled ? 'cancelled' : 'failed', {
        message: cancelled ? 'jobs.message.cancelled' : 'jobs.message.leaseExpired',
        messageParams: cancelled ? null : { attempts: job.maxAttempts },
      });
      if (ended) await settle(job);
      return;
    }
    const renew = setInterval(
      () => {
        void this.ctx.db
          .update(jobs)
          .set({ leaseUntil: this.lease() })
          .where(and(eq(jobs.tenantId, job.tenantId), eq(jobs.id, job.id), eq(jobs.workerId, this.workerId), eq(jobs.state, 'running')))
          .catch((err) => this.ctx.log.warn({ err, job: job.id }, 'job lease renewal failed'));
      },
      Math.max(50, Math.floor(this.leaseMs / 3)),
    );
    renew.unref();
    let final: JobRow | undefined;
    try {
      // a retry starts from nothing: what an interrupted attempt wrote is undone first
      if (job.attempts > 1) await kind.undo?.(c, job);
      const out: JobOutcome = (await kind.run(c, job, this.progressOf(job))) ?? {};
      clearInterval(renew);
      if (
        await this.end(job, 'done', {
          message: out.message ?? 'jobs.message.done',
          messageParams: out.params ?? null,
          result: out.result ?? null,
          resultFileId: out.fileId ?? null,
          done: sql`greatest(${jobs.done}, ${jobs.total})`,
        })
      )
        final = job;
    } catch (err) {
      clearInterval(renew);
      if (err instanceof JobLost) return; // another runner holds it now
      const undo = () => kind.undo?.(c, job).catch((e) => this.ctx.log.error({ err: e, job: job.id }, 'job undo failed'));
      if (err instanceof JobCancelled) {
        await undo();
        if (await this.end(job, 'cancelled', { message: 'jobs.message.cancelled', messageParams: null })) final = job;
      } else if (err instanceof AppError && err.status < 500) {
        // a refusal (bad file, rows with errors …) is the answer, not a fault: no retry
        await undo();
        const ended = await this.end(job, 'failed', {
          message: err.key,
          messageParams: err.params ?? null,
          result: { status: err.status, code: err.code, data: err.data ?? null },
        });
        if (ended) final = job;
      } else {
        this.ctx.log.error({ err, job: job.id, kind: job.kind }, 'job failed');
        await undo();
        const error = String((err as Error)?.message ?? err).slice(0, 500);
        if (job.attempts < job.maxAttempts) {
          const backoff = `${Math.min(60, 2 ** job.attempts)} seconds`;
          await this.end(job, 'queued', {
            runAfter: sql`now() + ${backoff}::interval`,
            message: 'jobs.message.retrying',
            messageParams: { error },
          });
        } else if (await this.end(job, 'failed', { message: 'jobs.message.failed', messageParams: { error } })) final = job;
      }
    } finally {
      clearInterval(renew);
    }
    if (final) await settle(final);
  }

  /** Recurring kinds: one job per period, whichever runner enqueues it first (the dedupe key says which period). */
  async enqueueRecurring(now = Date.now()): Promise<void> {
    for (const k of jobKinds()) {
      if (!k.every || (this.opts.kinds && !this.opts.kinds.includes(k.kind))) continue;
      await enqueue(this.ctx, {
        kind: k.kind,
        tenantId: PLATFORM_TENANT_ID,
        owner: null,
        dedupeKey: `every:${k.kind}:${Math.floor(now / k.every)}`,
        maxAttempts: 1,
      });
    }
  }

  private poke() {
    this.wake?.();
  }

  private async work(): Promise<void> {
    const pollMs = this.opts.pollMs ?? 1000;
    while (!this.stopped) {
      try {
        if (Date.now() - this.lastRecurring > 30_000) {
          this.lastRecurring = Date.now();
          await this.enqueueRecurring();
        }
        while (!this.stopped && this.active.size < this.concurrency) {
          const job = await this.claim();
          if (!job) break;
          const p = this.execute(job)
            .catch((err) => this.ctx.log.error({ err, job: job.id }, 'job runner failed'))
            .finally(() => {
              this.active.delete(p);
              this.poke();
            });
          this.active.add(p);
        }
      } catch (err) {
        this.ctx.log.warn({ err }, 'job queue poll failed');
      }
      if (this.stopped) break;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        this.timer = setTimeout(resolve, pollMs);
        this.timer.unref();
      });
      clearTimeout(this.timer);
      this.wake = undefined;
    }
  }

  /** Starts claiming jobs (main.ts; tests start and stop runners of their own). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.loop = this.work();
  }

  /** Stops claiming, and waits for the jobs it runs to end. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.poke();
    clearTimeout(this.timer);
    await this.loop;
    await Promise.all([...this.active]);
  }
}

/** The row as the API shows it to its owner; `position`: its place in line while queued (queuePositions). */
export function jobView(row: JobRow, translateMessage: (key: string, params: Record<string, unknown>) => string, position?: number) {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    position: row.state === 'queued' ? (position ?? null) : null,
    done: row.done,
    total: row.total,
    message: row.message ? translateMessage(row.message, (row.messageParams as Record<string, unknown>) ?? {}) : '',
    messageKey: row.message,
    result: row.result ?? null,
    download: row.resultFileId !== null && row.state === 'done',
    attempts: row.attempts,
    cancelRequested: row.cancelRequested,
    final: FINAL_STATES.includes(row.state),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
  };
}
