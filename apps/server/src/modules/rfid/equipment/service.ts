/** RFID equipment beyond the generic list: online state from heartbeats, counts for the dashboards. */
import { ONLINE } from '@tagloom/domain';
import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../../core/context.js';
import type { ReadScope } from '../../../core/tenant-scope.js';
import { equipment } from '../../../db/schema/index.js';

export class EquipmentService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * Readers of every tenant silent since `cutoff` (no heartbeat at or after it) go offline; returns
   * how many changed. A system job: it runs for the platform, not for one tenant's session.
   */
  async markStaleOffline(cutoff: Date): Promise<number> {
    const changed = await this.ctx.db
      .update(equipment)
      .set({ onlineStatus: ONLINE.OFFLINE, updatedAt: new Date() })
      .where(and(eq(equipment.onlineStatus, ONLINE.ONLINE), or(isNull(equipment.lastTimeOnline), lt(equipment.lastTimeOnline, cutoff))))
      .returning({ id: equipment.id });
    return changed.length;
  }

  /** Readers online that the session may see (its tenant's, or all for the platform). */
  async onlineCount(scope: ReadScope): Promise<number> {
    const [row] = await this.ctx.db
      .select({ n: count() })
      .from(equipment)
      .where(scope(equipment as typeof equipment & { tenantId: AnyPgColumn }, eq(equipment.onlineStatus, ONLINE.ONLINE)));
    return Number(row?.n ?? 0);
  }
}
