import { and, eq, lte, sql } from 'drizzle-orm';
import { jobState } from '../db/schema/index.js';
import type { AppContext } from './context.js';

interface Job {
  name: string;
  everyMs: number;
  run: () => Promise<string>;
}

/**
 * Background jobs shared by all server processes: each tick, a process claims a due job with a
 * conditional UPDATE on its job_state row; the row lock lets exactly one process win, so a job
 * fires once per interval however many processes run.
 */
export class JobRunner {
  private jobs: Job[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly ctx: AppContext) {}

  register(name: string, everyMs: number, run: () => Promise<string>): void {
    this.jobs.push({ name, everyMs, run });
  }

  /** Claim the job if it is due; true when this process won it. */
  async claim(job: Job): Promise<boolean> {
    const db = this.ctx.db;
    await db.insert(jobState).values({ name: job.name }).onConflictDoNothing();
    const due = new Date(Date.now() - job.everyMs);
    const won = await db
      .update(jobState)
      .set({ lastRunAt: sql`now()`, runs: sql`${jobState.runs} + 1` })
      .where(and(eq(jobState.name, job.name), lte(jobState.lastRunAt, due)))
      .returning({ name: jobState.name });
    return won.length === 1;
  }

  async tick(): Promise<void> {
    for (const job of this.jobs) {
      try {
        if (!(await this.claim(job))) continue;
        const t0 = performance.now();
        let result: string;
        try {
          result = await job.run();
        } catch (err) {
          this.ctx.log.error({ err, job: job.name }, 'job failed');
          result = `error: ${(err as Error).message}`;
        }
        await this.ctx.db
          .update(jobState)
          .set({ lastResult: result.slice(0, 500), lastDurationMs: Math.round(performance.now() - t0) })
          .where(eq(jobState.name, job.name));
      } catch (err) {
        this.ctx.log.warn({ err, job: job.name }, 'job claim failed');
      }
    }
  }

  start(tickMs = 30_000): void {
    const loop = () => {
      this.running = this.tick().finally(() => {
        this.running = undefined;
      });
    };
    loop();
    this.timer = setInterval(loop, tickMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
