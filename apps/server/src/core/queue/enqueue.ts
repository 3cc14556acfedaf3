// Putting a job in the queue: apart from the runner (queue.ts), so the kinds it registers may enqueue without importing it.
import { randomBytes } from 'node:crypto';
import type { Tx } from '../../db/client.js';
import { jobs } from '../../db/schema/index.js';
import type { AppContext } from '../context.js';
import { type JobRow, jobKind } from './registry.js';

/** Bus topic: a job was enqueued (every process's runner looks at once instead of at its next poll). */
export const JOBS_TOPIC = 'jobs';

export interface EnqueueOptions {
  kind: string;
  tenantId: number;
  /** the user the job belongs to (sees it, cancels it, downloads its result); null for system jobs */
  owner: number | null;
  payload?: Record<string, unknown>;
  maxAttempts?: number;
  /** at most one job per key and tenant: a second enqueue with the same key does nothing */
  dedupeKey?: string;
  runAfter?: Date;
  total?: number;
}

export const newJobId = () => randomBytes(12).toString('base64url');

/**
 * Puts a job in the queue (in `db`, which may be the caller's transaction) and wakes the runners.
 * Returns the row, or undefined when a job with the same dedupe key exists.
 */
export async function enqueue(ctx: AppContext, opts: EnqueueOptions, db: Tx = ctx.db): Promise<JobRow | undefined> {
  const kind = jobKind(opts.kind);
  if (!kind) throw new Error(`job kind ${opts.kind} is not registered`);
  const [row] = await db
    .insert(jobs)
    .values({
      tenantId: opts.tenantId,
      id: newJobId(),
      kind: opts.kind,
      payload: opts.payload ?? {},
      maxAttempts: opts.maxAttempts ?? kind.maxAttempts ?? 3,
      dedupeKey: opts.dedupeKey ?? null,
      runAfter: opts.runAfter ?? new Date(),
      total: opts.total ?? 0,
      createdBy: opts.owner,
      message: 'jobs.message.queued',
    })
    .onConflictDoNothing()
    .returning();
  // in the caller's transaction: wake the runners without waiting for the bus (on the embedded
  // database its NOTIFY waits for that very transaction); they also poll every second
  if (row && db === ctx.db) await ctx.bus.emit(JOBS_TOPIC);
  else if (row) void ctx.bus.emit(JOBS_TOPIC);
  return row;
}
