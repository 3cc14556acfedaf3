/** Waiting for a reader's reads to reach its read session before the session changes hands (a scan, a GPI trigger). */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../core/context.js';
import { queryRows } from '../../../db/client.js';
import { FOLD_ATTEMPTS } from '../state/fold-queue.js';
import { foldSoon } from '../state/fold-runner.js';

/** How long a scan or a close waits at most for the reader's batches to be folded into its open session. */
export const SCAN_FOLD_WAIT_MS = 5000;

/**
 * A scan or a close comes right after the reader's last batch of the carton before: its reads are
 * acknowledged but folded into the reader's OPEN session a moment later (fold-runner.ts). Waits
 * until no batch of the reader is queued for the fold (folded at once: FoldRunner.soon), at most
 * SCAN_FOLD_WAIT_MS, so those reads count for the carton they were read in, not for the next one
 * (or a session without a subject after the close) — as the quiet close waits for them (service.ts
 * closeIfQuiet).
 */
export async function readerFolded(ctx: AppContext, tenantId: number, equipmentCoding: string): Promise<void> {
  const until = Date.now() + SCAN_FOLD_WAIT_MS;
  for (let tries = 0; ; tries++) {
    const [q] = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from rfid_fold_queue
          where tenant_id = ${tenantId} and equipment_coding = ${equipmentCoding} and attempts < ${FOLD_ATTEMPTS}`,
    );
    if (!q?.n || Date.now() > until) return;
    // still queued after a fold: another process is folding the tenant (or a batch came meanwhile)
    if (tries) await new Promise((r) => setTimeout(r, 20));
    // this process folds at once and is waited for, not polled
    await foldSoon(ctx);
  }
}
