import { and, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import { jobs } from '../../db/schema/index.js';
import { analyzeStale, STATISTICS_EVERY_MS } from '../../db/statistics.js';
import { ensurePartitions, prunePartitions } from '../partitions.js';
import { cleanOrphanFiles } from '../resource/file-fields.js';
import { TenantScope } from '../tenant-scope.js';
import { registerJobKind } from './registry.js';
import type { ImportPayload } from './resource-jobs.js';

const HOUR = 3_600_000;
/** ended jobs (and the files they made) are kept this long */
export const JOBS_KEPT_DAYS = 7;

/** The log partitions ahead exist, the ones past retention go (was the JobRunner's interval job). */
registerJobKind({
  kind: 'maintenance.partitions',
  every: HOUR,
  async run({ ctx }) {
    const created = await ensurePartitions(ctx.db);
    const dropped = await prunePartitions(ctx.db, ctx.config.logRetentionDays);
    return { message: 'jobs.message.partitions', params: { created: created.length, dropped: dropped.length } };
  },
});

/** Expired sessions go (was the JobRunner's interval job). */
registerJobKind({
  kind: 'maintenance.sessions',
  every: HOUR,
  async run({ services }) {
    return { message: 'jobs.message.sessions', params: { count: await services.sessions.purge() } };
  },
});

/** Ended jobs older than JOBS_KEPT_DAYS go, with their stored files (exports, uploads a cancel left). */
registerJobKind({
  kind: 'maintenance.jobs',
  every: HOUR,
  async run({ ctx, services }) {
    const before = new Date(Date.now() - JOBS_KEPT_DAYS * 24 * HOUR);
    const old = await ctx.db
      .select()
      .from(jobs)
      .where(and(inArray(jobs.state, ['done', 'failed', 'cancelled']), isNotNull(jobs.finishedAt), lt(jobs.finishedAt, before)))
      .limit(1000);
    for (const job of old) {
      const scope = new TenantScope(ctx.db, job.tenantId);
      if (job.resultFileId) await services.files.remove(scope, job.resultFileId);
      const upload = (job.payload as Partial<ImportPayload>).fileId;
      if (job.kind === 'resource.import' && upload) await services.files.remove(scope, upload);
      await ctx.db.delete(jobs).where(and(eq(jobs.tenantId, job.tenantId), eq(jobs.id, job.id)));
    }
    return { message: 'jobs.message.pruned', params: { count: old.length } };
  },
});

/** Files uploaded in a form that was never saved go once a day old (their bytes and thumbnails too). */
registerJobKind({
  kind: 'maintenance.files',
  every: HOUR,
  async run({ ctx }) {
    return { message: 'jobs.message.orphanFiles', params: { count: await cleanOrphanFiles(ctx) } };
  },
});

/** Embedded PGlite: the tables whose size moved much since their last ANALYZE analyzed again (db/statistics.ts; PostgreSQL's autovacuum does it there). */
registerJobKind({
  kind: 'maintenance.statistics',
  every: STATISTICS_EVERY_MS,
  background: true,
  async run({ ctx }) {
    return { message: 'jobs.message.statistics', params: { count: (await analyzeStale(ctx.database)).length } };
  },
});
