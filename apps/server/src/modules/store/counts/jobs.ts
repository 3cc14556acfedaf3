/**
 * A count's refresh and sync (E9) as jobs: the count's EPCs gathered again (engine.refreshCount,
 * 5,000 a statement, its progress reported) and the movements since the snapshot folded into its lines
 * (engine.syncMoves). Neither moves the count's state; a count that moved on meanwhile (approved,
 * cancelled) is left as it is.
 */
import { COUNT_STATUS as S } from '@tagloom/domain';
import type { AppContext, SessionInfo } from '../../../core/context.js';
import { conflict } from '../../../core/errors.js';
import { enqueue } from '../../../core/queue/enqueue.js';
import type { JobKind, JobRow } from '../../../core/queue/registry.js';
import type { Tx } from '../../../db/client.js';
import { countOf, refreshCount, syncMoves } from './engine.js';

export const COUNT_REFRESH_KIND = 'store.countRefresh';
export const COUNT_SYNC_KIND = 'store.countSync';

/** The states a refresh counts in, and a sync folds movements in. */
export const REFRESH_STATES: readonly number[] = [S.COUNTING, S.COUNTED];
export const SYNC_STATES: readonly number[] = [S.COUNTED];

/** The count a job is about (its payload). */
const countIdOf = (job: JobRow): number => Number((job.payload as { countId?: unknown } | null)?.countId);

export const countRefreshJob: JobKind = {
  kind: COUNT_REFRESH_KIND,
  limit: { perTenant: 2 },
  async run({ ctx }, job, progress) {
    const countId = countIdOf(job);
    // statements of their own, not one transaction (engine.refreshCount): the progress between them
    await progress.start(0, 'count.job.refreshing');
    const out = await refreshCount(ctx.db, job.tenantId, countId, REFRESH_STATES, (done) => progress.report(done, 'count.job.refreshing'));
    if (out.skipped) return { message: 'count.job.skipped', params: { code: out.code } };
    return { message: 'count.job.refreshed', params: { code: out.code, epcs: out.epcs }, result: { countId, epcs: out.epcs } };
  },
};

export const countSyncJob: JobKind = {
  kind: COUNT_SYNC_KIND,
  limit: { perTenant: 2 },
  async run({ ctx }, job) {
    const countId = countIdOf(job);
    return ctx.db.transaction(async (tx) => {
      const c = await countOf(tx, job.tenantId, countId, true);
      if (!c || !SYNC_STATES.includes(c.status)) return { message: 'count.job.skipped', params: { code: c?.code ?? '' } };
      const { skus } = await syncMoves(tx, job.tenantId, c);
      return { message: 'count.job.synced', params: { code: c.code, skus }, result: { countId, skus } };
    });
  },
};

/** Enqueues a count's refresh (in `tx` when given: it runs once the caller commits). */
export async function enqueueRefresh(
  ctx: AppContext,
  by: Pick<SessionInfo, 'tenantId' | 'userId'>,
  countId: number,
  tx?: Tx,
): Promise<JobRow> {
  const job = await enqueue(ctx, { kind: COUNT_REFRESH_KIND, tenantId: by.tenantId, owner: by.userId, payload: { countId } }, tx);
  if (!job) throw conflict('count.jobQueued');
  return job;
}

export async function enqueueSync(ctx: AppContext, by: Pick<SessionInfo, 'tenantId' | 'userId'>, countId: number): Promise<JobRow> {
  const job = await enqueue(ctx, { kind: COUNT_SYNC_KIND, tenantId: by.tenantId, owner: by.userId, payload: { countId } });
  if (!job) throw conflict('count.jobQueued');
  return job;
}
