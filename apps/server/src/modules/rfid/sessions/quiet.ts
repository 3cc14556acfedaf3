/**
 * The quiet close (F3: a session closes after QUIET_CLOSE_MS without a read): every serving process
 * looks for quiet OPEN sessions every QUIET_SWEEP_MS and closes each in a transaction of its own
 * with a conditional UPDATE (service.ts closeIfQuiet), so a session closes once however many
 * processes sweep, and never while a read of it came meanwhile or waits in the fold queue. Not a
 * job of the queue: recurring jobs are enqueued every 30 s at the most, and a job row every few
 * seconds would bury the job list; the sweep keeps no state (the sessions are in the database).
 */
import type { AppContext } from '../../../core/context.js';
import { closeIfQuiet, quietSessions } from './service.js';

/** How often a process sweeps: a quiet session closes QUIET_CLOSE_MS to QUIET_CLOSE_MS + this after its last read. */
export const QUIET_SWEEP_MS = 1000;

/** Sessions whose close failed, told once a process (the sweep tries them every second; the log should not). */
const told = new Set<string>();

/**
 * Closes the quiet sessions of every tenant; returns how many this call closed. A session whose
 * subject's handler refuses or fails stays OPEN (logged once; tried again at every sweep, so it
 * closes once its subject lets it, or a scan or close route comes).
 */
export async function sweepQuietSessions(ctx: AppContext): Promise<number> {
  let closed = 0;
  for (const { tenantId, id } of await quietSessions(ctx.db)) {
    const key = `${tenantId}:${id}`;
    try {
      if (await closeIfQuiet(ctx.db, tenantId, id)) closed++;
      told.delete(key);
    } catch (err) {
      if (told.has(key)) continue;
      // (sessions closed elsewhere since are forgotten in bulk: a bound, not a record)
      if (told.size >= 1000) told.clear();
      told.add(key);
      ctx.log.error({ err, tenantId, sessionId: id }, 'rfid: a quiet read session could not be closed');
    }
  }
  return closed;
}

/** Starts this process's sweep; returns its stop (resolves once a sweep under way has ended). */
export function startQuietSweep(ctx: AppContext, everyMs = QUIET_SWEEP_MS): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    // a process still migrating has no sessions table yet; one sweep at a time
    if (running || !ctx.readiness.ready) return;
    running = sweepQuietSessions(ctx)
      .catch((err) => ctx.log.warn({ err }, 'rfid: quiet read session sweep failed'))
      .finally(() => {
        running = undefined;
      });
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
