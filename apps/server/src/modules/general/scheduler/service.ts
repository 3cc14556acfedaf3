import {
  type Lang,
  nextCronFire,
  nextIntervalFire,
  SCHEDULER_STATE,
  SCHEDULER_TYPE,
  SCHEDULER_UNITS,
  type SchedulerAction,
  schedulerResource,
  translate,
} from '@tagloom/domain';
import { and, count, desc, eq, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../../core/context.js';
import { badRequest, fieldRefusal, notFound } from '../../../core/errors.js';
import { jobKind } from '../../../core/queue/registry.js';
import type { OnTransition, ResourceHooks } from '../../../core/resource/service.js';
import { move } from '../../../core/resource/transitions.js';
import type { Tx } from '../../../db/client.js';
import { schedulerRuns, schedulerTasks } from '../../../db/schema/index.js';
import type { TaskRow } from './handlers.js';

type Trigger = Pick<TaskRow, 'triggerType' | 'cron' | 'startAt' | 'repeatInterval' | 'repeatUnit'>;

/**
 * The first fire of a trigger strictly after `after`, or null when there is none (a cron
 * expression that never matches). A time trigger without a start counts from `after`.
 */
export function nextFire(task: Trigger, after: Date): Date | null {
  if (task.triggerType === SCHEDULER_TYPE.CRON) {
    // not before the start time, when one is set
    const from = task.startAt && task.startAt.getTime() - 1 > after.getTime() ? new Date(task.startAt.getTime() - 1) : after;
    return nextCronFire(task.cron, from);
  }
  const unit = SCHEDULER_UNITS[Number(task.repeatUnit ?? 0)];
  if (!unit || !task.repeatInterval || task.repeatInterval < 1) return null;
  return nextIntervalFire(task.startAt ?? after, task.repeatInterval, unit, after);
}

/** The first fire at or after `now` (a trigger due right now fires right now). */
export const firstFire = (task: Trigger, now: Date) => nextFire(task, new Date(now.getTime() - 1));

/** A task with a repeat count that has fired that many times (0: no limit). */
export const exhausted = (t: Pick<TaskRow, 'repeatTimes' | 'timesTriggered'>) => {
  const times = t.repeatTimes ?? 0;
  return times > 0 && (t.timesTriggered ?? 0) >= times;
};

/** The run history of the scheduler screen (its transitions are the generic ones: see schedulerHooks). */
export class SchedulerService {
  constructor(private readonly ctx: AppContext) {}

  private async find(id: number): Promise<TaskRow> {
    const [task] = (await this.ctx.db.select().from(schedulerTasks).where(eq(schedulerTasks.id, id))) as TaskRow[];
    if (!task) throw notFound('scheduler.task');
    return task;
  }

  /** One page of a task's run history, newest first, outcomes in the caller's language. */
  async runs(id: number, page: number, pageSize: number, lang: Lang) {
    await this.find(id);
    const where = eq(schedulerRuns.taskId, id);
    const [{ total }] = await this.ctx.db.select({ total: count() }).from(schedulerRuns).where(where);
    const rows = await this.ctx.db
      .select()
      .from(schedulerRuns)
      .where(where)
      .orderBy(desc(schedulerRuns.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const list = rows.map((r) => ({
      id: r.id,
      taskId: r.taskId,
      firedAt: r.firedAt,
      startedAt: r.startedAt,
      endedAt: r.endedAt,
      durationMs: r.durationMs,
      result: r.result,
      message: [r.messageKey ? translate(lang, r.messageKey, (r.params ?? {}) as Record<string, unknown>) : '', r.message]
        .filter(Boolean)
        .join(': '),
    }));
    return { list, total, page, pageSize };
  }

  /** Keep only the newest `keep` runs of a task. */
  static async pruneRuns(db: Tx, taskId: number, keep: number): Promise<void> {
    await db
      .delete(schedulerRuns)
      .where(
        and(
          eq(schedulerRuns.taskId, taskId),
          lte(
            schedulerRuns.id,
            sql`(select r.id from ${schedulerRuns} r where r.task_id = ${taskId} order by r.id desc offset ${keep} limit 1)`,
          ),
        ),
      );
  }
}

/**
 * The side effects of the scheduler's machine (the generic transition routes move the state):
 * recovering plans the next fire from now (fires missed while paused are skipped; completed when
 * none is left), stopping clears it. Pausing keeps it: the scheduler fires normal tasks only.
 */
const transitions: Partial<Record<SchedulerAction, OnTransition<TaskRow>>> = {
  async recover(tx, task, { session, code }) {
    const next = exhausted(task) ? null : firstFire(task, new Date());
    if (next) await tx.update(schedulerTasks).set({ nextFireAt: next }).where(eq(schedulerTasks.id, task.id));
    else await move(tx, code, task.id, 'complete', session, { set: { nextFireAt: null } });
  },
  async stop(tx, row) {
    await tx.update(schedulerTasks).set({ nextFireAt: null }).where(eq(schedulerTasks.id, row.id));
  },
};

/**
 * Add and modify plan the next fire from the trigger: a paused task stays paused, a task whose
 * repeat count is used up (or whose cron never fires again) is completed. (A stopped task is
 * final: the generic service refuses its modification.)
 */
export function schedulerHooks(): ResourceHooks<typeof schedulerResource> {
  return {
    transitions,
    async beforeWrite(tx, data, { existing, session }) {
      const now = new Date();
      const task = data as unknown as TaskRow;
      // the class name: a kind some module registered for scheduled tasks (the handlers route lists them)
      if (task.className !== undefined && !jobKind(String(task.className))?.task)
        throw fieldRefusal(
          { key: 'className', label: schedulerResource.fields.className.label },
          'validation.scheduler.unknownHandler',
          {},
          session.lang,
        );
      // a new time trigger without a start counts from now
      const defaultStart = !existing && task.triggerType === SCHEDULER_TYPE.TIME ? now : null;
      const trigger = { ...task, startAt: task.startAt ?? defaultStart };
      let next = firstFire(trigger, now);
      if (!next && task.triggerType === SCHEDULER_TYPE.CRON) throw badRequest('scheduler.neverFires', { cron: task.cron });
      const counted = { repeatTimes: task.repeatTimes ?? 0, timesTriggered: (existing?.timesTriggered as number | undefined) ?? 0 };
      let state: number = (existing?.state as number | undefined) ?? SCHEDULER_STATE.NORMAL;
      if (state !== SCHEDULER_STATE.PAUSED) state = next && !exhausted(counted) ? SCHEDULER_STATE.NORMAL : SCHEDULER_STATE.COMPLETED;
      if (state === SCHEDULER_STATE.COMPLETED) next = null;
      if (!existing) {
        Object.assign(data, { startAt: trigger.startAt, nextFireAt: next, state });
        return;
      }
      await tx
        .update(schedulerTasks)
        .set({ nextFireAt: next, state })
        .where(eq(schedulerTasks.id, existing.id as number));
    },
  };
}
