import { BILL_STATUS as B, billResource } from '@tagloom/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { users } from '../../../db/schema/tenant.js';
import { locations } from '../../tenant/places/tables.js';
import { billSiteOf } from '../bills/hooks.js';
import { wmsBills } from '../bills/tables.js';
import { writeWmsLog } from './writer.js';

const HOUR = 3_600_000;

/** The ids of the demo's administrator and WH01's keeper, by username: who the demo's past moves were made by. */
export async function demoPeople(tx: Tx, tenantId: number): Promise<Map<string, number>> {
  const rows = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.username, ['demo', 'wh01'])));
  return new Map(rows.map((u) => [u.username, Number(u.id)]));
}

/**
 * The demo bills' past moves in the warehouse log, as the bills' machine would have written them:
 * shipped, receiving begun (a system move) and finished, zero-cleared with its reason, a draft cancelled; by the
 * keeper of WH01 at WH01, by the tenant's administrator elsewhere.
 */
export async function seedWmsLogDemo(tx: Tx, tenantId: number, now = Date.now()): Promise<void> {
  const people = await demoPeople(tx, tenantId);
  // the keeper's warehouse, for who made each move
  const [wh01] = await tx
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.tenantId, tenantId), eq(locations.code, 'WH01')));
  const bills = await tx.select().from(wmsBills).where(eq(wmsBills.tenantId, tenantId));
  for (const b of bills) {
    const site = billSiteOf(b);
    const who = site !== null && Number(wh01?.id) === site ? 'wh01' : 'demo';
    const by = { userId: people.get(who) ?? null, username: people.has(who) ? who : '' };
    const base = { tenantId, siteId: site, docType: billResource.code, docId: Number(b.id), docCode: b.code };
    const shipped = b.shippedAt ?? new Date(now - 2 * HOUR);
    const moves: [string, number, number, Date, Record<string, unknown> | null, boolean][] = [];
    if ([B.IN_TRANSIT, B.RECEIVING, B.RECEIVED, B.CLOSED].includes(b.status as 2))
      moves.push(['ship', B.CREATED, B.IN_TRANSIT, shipped, null, false]);
    if ([B.RECEIVING, B.RECEIVED, B.CLOSED].includes(b.status as 3)) {
      const begun =
        b.status === B.RECEIVED && b.receivedAt
          ? new Date(b.receivedAt.getTime() - HOUR / 2)
          : (b.receivedAt ?? new Date(shipped.getTime() + 20 * HOUR));
      moves.push(['startReceiving', B.IN_TRANSIT, B.RECEIVING, begun, { system: true }, true]);
    }
    // receiving finished (goods received): the cartons all checked
    if (b.status === B.RECEIVED) moves.push(['receive', B.RECEIVING, B.RECEIVED, b.receivedAt ?? new Date(now - HOUR), null, false]);
    if (b.status === B.CLOSED)
      moves.push(['zeroClear', B.RECEIVING, B.CLOSED, b.closedAt ?? new Date(now - HOUR), { zeroClearReason: b.zeroClearReason }, false]);
    if (b.status === B.CANCELLED) moves.push(['cancel', B.CREATED, B.CANCELLED, new Date(now - 3 * HOUR), null, false]);
    for (const [action, fromState, toState, at, detail, system] of moves)
      await writeWmsLog(tx, { ...base, ...(system ? { userId: null, username: '' } : by), action, fromState, toState, at, detail });
  }
}
