import { PLATFORM_TENANT_ID, SCHEDULER_HANDLERS, SCHEDULER_STATE, type SchedulerHandlerKey, schedulerResource } from '@tagloom/domain';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Services } from '../../../app.js';
import type { AppContext } from '../../../core/context.js';
import { enqueue, JobQueue } from '../../../core/queue/queue.js';
import { type JobKind, jobKind, registerJobKind } from '../../../core/queue/registry.js';
import { type Mover, move } from '../../../core/resource/transitions.js';
import { schedulerRuns, schedulerTasks } from '../../../db/schema/index.js';
import { handlerKind, type SchedulerHandler, type TaskRow } from './handlers.js';
import { exhausted, firstFire, nextFire, SchedulerService } from './service.js';

/** The scheduler's own moves of a task (no user's): the platform's, as the operation log names them. */
const SCHEDULER_MOVER: Mover = { tenantId: PLATFORM_TENANT_ID, userId: null, username: '' };

export interface SchedulerOptions {
  /** the time source (tests pass a fake one) */
  clock?: () => Date;
  tickMs?: number;
  /** handler implementations by key, used instead of the registered job kinds by this scheduler's own runner (tests) */
  handlers?: Record<string, SchedulerHandler>;
  /** runs kept per task in the history */
  keepRuns?: number;
  /** due tasks claimed per tick */
  batch?: number;
}

/** The job a fire enqueues: runs the kind the task names (its class name) and records the run. */
export const FIRE_KIND = 'scheduler.fire';

interface FirePayload {
  taskId: number;
  className: string;
  firedAt: string;
  /** the scheduler's clock at the fire */
  now: string;
  task: TaskRow;
  /** runs kept per task in the history */
  keepRuns: number;
}

/** The fire kind; `overrides` replace registered kinds by class name (a test's scheduler). */
function fireKind(overrides: Record<string, SchedulerHandler> = {}): JobKind {
  return {
    kind: FIRE_KIND,
    maxAttempts: 1,
    async run(c, job, progress) {
      const p = job.payload as FirePayload;
      const now = new Date(p.now);
      const t0 = performance.now();
      let result = 1;
      let messageKey = '';
      let params: Record<string, unknown> | null = null;
      let message = '';
      let failure: unknown;
      try {
        const named = jobKind(p.className);
        const kind = overrides[p.className] ? handlerKind(p.className, overrides[p.className]) : named?.task ? named : undefined;
        if (!kind) throw new Error(`no task kind registered for "${p.className}"`);
        const out = await kind.run(c, { ...job, kind: p.className, payload: { now: p.now, task: p.task } }, progress);
        messageKey = out?.message ?? 'jobs.message.done';
        params = out?.params ?? null;
      } catch (err) {
        failure = err;
        result = 0;
        messageKey = 'scheduler.run.failed';
        message = String((err as Error)?.message ?? err).slice(0, 1000);
        c.ctx.log.error({ err, task: p.task?.name }, 'scheduled task failed');
      }
      const durationMs = Math.round(performance.now() - t0);
      await c.ctx.db.insert(schedulerRuns).values({
        taskId: p.taskId,
        firedAt: new Date(p.firedAt),
        startedAt: now,
        endedAt: new Date(now.getTime() + durationMs),
        durationMs,
        result,
        messageKey,
        params,
        message,
      });
      await SchedulerService.pruneRuns(c.ctx.db, p.taskId, p.keepRuns ?? 100);
      if (failure) throw failure;
      return { message: messageKey, params: params ?? undefined };
    },
  };
}
registerJobKind(fireKind());

/**
 * Fires the scheduled tasks. Every server process runs one; a due task is claimed with a
 * conditional UPDATE that moves its next fire time on (WHERE next_fire_at = the due value), so of
 * all processes seeing it due exactly one wins, and its fire enqueues one job (scheduler.fire)
 * that runs the job kind the task names: one fire per due time, never one per process. A tick
 * then works the fire jobs it can claim itself (any runner may as well). Fires missed while no
 * process ran are made up once, then the plan continues from now.
 */
export class Scheduler {
  private readonly clock: () => Date;
  private readonly queue: JobQueue;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly ctx: AppContext,
    services: Services,
    private readonly opts: SchedulerOptions = {},
  ) {
    this.clock = opts.clock ?? (() => new Date());
    const missing = (Object.keys(SCHEDULER_HANDLERS) as SchedulerHandlerKey[]).filter((k) => !jobKind(k) && !opts.handlers?.[k]);
    if (missing.length) throw new Error(`scheduler handlers not registered: ${missing.join(', ')}`);
    this.queue = new JobQueue(ctx, services, {
      kinds: [FIRE_KIND],
      overrides: opts.handlers ? { [FIRE_KIND]: fireKind(opts.handlers) } : undefined,
    });
  }

  /** Tasks that are normal but have no next fire yet (seeded or imported rows) get one. */
  private async plan(now: Date): Promise<void> {
    const unplanned = (await this.ctx.db
      .select()
      .from(schedulerTasks)
      .where(and(eq(schedulerTasks.state, SCHEDULER_STATE.NORMAL), isNull(schedulerTasks.nextFireAt)))) as TaskRow[];
    for (const task of unplanned) {
      const startAt = task.startAt ?? (task.triggerType === 1 ? now : null);
      const next = exhausted(task) ? null : firstFire({ ...task, startAt }, now);
      if (next)
        await this.ctx.db
          .update(schedulerTasks)
          .set({ startAt, nextFireAt: next })
          .where(and(eq(schedulerTasks.id, task.id), isNull(schedulerTasks.nextFireAt), eq(schedulerTasks.state, SCHEDULER_STATE.NORMAL)));
      // no fire left: the machine's system move (unless another process moved it meanwhile)
      else
        await this.ctx.db.transaction((tx) =>
          move(tx, schedulerResource.code, task.id, 'complete', SCHEDULER_MOVER, { set: { startAt, nextFireAt: null }, ifAllowed: true }),
        );
    }
  }

  /** Claim one due task: true when this process won its fire. */
  private async claim(task: TaskRow, now: Date): Promise<TaskRow | undefined> {
    const next = nextFire(task, now);
    const done = sql`(${schedulerTasks.repeatTimes} > 0 and ${schedulerTasks.timesTriggered} + 1 >= ${schedulerTasks.repeatTimes})`;
    const [won] = (await this.ctx.db
      .update(schedulerTasks)
      .set({
        timesTriggered: sql`${schedulerTasks.timesTriggered} + 1`,
        lastFireAt: now,
        nextFireAt: next ? sql`case when ${done} then null else ${next.toISOString()}::timestamptz end` : null,
        state: next ? sql`case when ${done} then ${SCHEDULER_STATE.COMPLETED} else ${schedulerTasks.state} end` : SCHEDULER_STATE.COMPLETED,
      })
      .where(
        and(
          eq(schedulerTasks.id, task.id),
          eq(schedulerTasks.state, SCHEDULER_STATE.NORMAL),
          eq(schedulerTasks.nextFireAt, task.nextFireAt!),
        ),
      )
      .returning()) as TaskRow[];
    return won;
  }

  /** Enqueue a claimed task's fire: the job runs its kind and records the run (a failing kind is a failed run, nothing more). */
  private async fire(task: TaskRow, firedAt: Date, now: Date): Promise<void> {
    const payload: FirePayload = {
      taskId: task.id,
      className: task.className,
      firedAt: firedAt.toISOString(),
      now: now.toISOString(),
      task,
      keepRuns: this.opts.keepRuns ?? 100,
    };
    await enqueue(this.ctx, {
      kind: FIRE_KIND,
      tenantId: PLATFORM_TENANT_ID,
      owner: null,
      payload: { ...payload },
      dedupeKey: `fire:${task.id}:${firedAt.toISOString()}`,
      maxAttempts: 1,
    });
  }

  /** One pass: plan new tasks, then claim and run every task due at `now`. Returns the runs made. */
  async tick(now = this.clock()): Promise<number> {
    await this.plan(now);
    const due = (await this.ctx.db
      .select()
      .from(schedulerTasks)
      .where(and(eq(schedulerTasks.state, SCHEDULER_STATE.NORMAL), lte(schedulerTasks.nextFireAt, now)))
      .orderBy(asc(schedulerTasks.nextFireAt))
      .limit(this.opts.batch ?? 50)) as TaskRow[];
    let runs = 0;
    for (const task of due) {
      try {
        const won = await this.claim(task, now);
        if (!won) continue;
        runs++;
        await this.fire(won, task.nextFireAt!, now);
      } catch (err) {
        this.ctx.log.warn({ err, task: task.name }, 'scheduled task claim failed');
      }
    }
    // this process works the fires it can claim: a tick leaves none queued
    if (runs) await this.queue.drain();
    return runs;
  }

  start(): void {
    const loop = () => {
      if (this.running) return; // a slow pass is still going: skip this beat
      this.running = this.tick()
        .catch((err) => this.ctx.log.warn({ err }, 'scheduler tick failed'))
        .finally(() => {
          this.running = undefined;
        });
    };
    this.timer = setInterval(loop, this.opts.tickMs ?? 1000);
    this.timer.unref();
    loop();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
