import { type L10n, type RowOf, SCHEDULER_HANDLERS, type SchedulerHandlerKey, type schedulerResource } from '@tagloom/domain';
import type { Services } from '../../../app.js';
import type { AppContext } from '../../../core/context.js';
import { prunePartitions } from '../../../core/partitions.js';
import type { JobKind } from '../../../core/queue/registry.js';

/** A scheduler_tasks row, typed from the declaration. */
export type TaskRow = RowOf<typeof schedulerResource>;

export interface HandlerContext {
  ctx: AppContext;
  services: Services;
  /** the scheduler's clock at the fire */
  now: Date;
  task: TaskRow;
}

/** What a run did: an i18n key (namespace scheduler.run) and its parameters, shown in the run history. */
export interface HandlerOutcome {
  key: string;
  params?: Record<string, unknown>;
}

export type SchedulerHandler = (c: HandlerContext) => Promise<HandlerOutcome>;

/** Readers silent this long are offline. */
export const READER_HEARTBEAT_TIMEOUT_MS = 10 * 60_000;

/** The scheduler's handlers, one per key the domain declares (SCHEDULER_HANDLERS); each is registered as a job kind below. */
export function defaultHandlers(): Record<SchedulerHandlerKey, SchedulerHandler> {
  return {
    async purgeOldLogs({ ctx, services, now }) {
      const dropped = await prunePartitions(ctx.db, ctx.config.logRetentionDays, now);
      const sessions = await services.sessions.purge();
      return {
        key: 'scheduler.run.purged',
        params: { partitions: dropped.length, names: dropped.join(', ') || '-', sessions, days: ctx.config.logRetentionDays },
      };
    },
    async refreshDictionaryCache({ services }) {
      await services.dictionaries.refresh();
      return { key: 'scheduler.run.dictionaryRefreshed' };
    },
    async markReadersOffline({ services, now }) {
      const count = await services.equipment.markStaleOffline(new Date(now.getTime() - READER_HEARTBEAT_TIMEOUT_MS));
      return { key: 'scheduler.run.readersOffline', params: { count } };
    },
  };
}

/**
 * A handler as a job kind named by its key: what a scheduled task's class name enqueues when it
 * fires. Any module may offer a kind a task can name the same way (its `jobKinds`, with a `task`
 * description); nothing in the scheduler changes for it. The payload carries the fire's clock (`now`) and the task row.
 */
export function handlerKind(kind: string, handler: SchedulerHandler, task?: L10n): JobKind {
  return {
    kind,
    task,
    maxAttempts: 1,
    async run({ ctx, services }, job) {
      const p = job.payload as { now?: string; task?: TaskRow };
      const out = await handler({ ctx, services, now: p.now ? new Date(p.now) : new Date(), task: p.task as TaskRow });
      return { message: out.key, params: out.params };
    },
  };
}

/** The general module's scheduled-task kinds (its `jobKinds`): registered with the module, offered on the scheduler screen. */
export const schedulerTaskKinds: JobKind[] = (Object.entries(defaultHandlers()) as [SchedulerHandlerKey, SchedulerHandler][]).map(
  ([key, handler]) => handlerKind(key, handler, SCHEDULER_HANDLERS[key]),
);
