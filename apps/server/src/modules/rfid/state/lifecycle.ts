/**
 * Presence changes into the tag lifecycle (label/lifecycle, EPCIS ObjectEvents through
 * recordTagEvent): the changes of the same kind, location, reader and second make one event naming
 * up to EVENT_EPCS_MAX EPCs.
 */
import { type BizStep, type Disposition, retentionDays, tagEventFeed } from '@tagloom/domain';
import { type PresenceChangeKind, type PresenceEvent, SCENE_TYPE } from '@tagloom/domain/rfid/presence.js';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.js';
import { EVENT_EPCS_MAX, recordTagEvent } from '../../label/tags/store.js';

/** The CBV business step and disposition of a presence change. */
export function cbvOf(kind: PresenceChangeKind, sceneType: number): { bizStep: BizStep; disposition: Disposition } {
  switch (kind) {
    case 'arrived':
      return sceneType === SCENE_TYPE.GATE
        ? { bizStep: 'receiving', disposition: 'in_progress' }
        : { bizStep: 'arriving', disposition: 'available' };
    case 'moved':
      return { bizStep: 'storing', disposition: 'available' };
    case 'departed':
      return { bizStep: 'departing', disposition: 'in_transit' };
    case 'sold':
      return { bizStep: 'retail_selling', disposition: 'retail_sold' };
    case 'returned':
      return { bizStep: 'returning', disposition: 'returned' };
  }
}

/** How a location is named in an event: its code and name. */
export async function locationLabels(tx: Tx, tenantId: number, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await queryRows<{ id: number | string; code: string; name: string }>(
    tx,
    sql`select id, code, name from locations where tenant_id = ${tenantId} and id = any(string_to_array(${ids.join(',')}, ',')::bigint[])`,
  );
  return new Map(rows.map((r) => [Number(r.id), `${r.code} ${r.name}`.trim()]));
}

const DAY_MS = 86_400_000;

/**
 * Appends presence changes to the lifecycle: grouped by kind, location, reader and second, one event
 * per group (per EVENT_EPCS_MAX EPCs). A change dated outside the lifecycle's window (a reader's
 * clock far off) is not recorded (the state keeps it). Returns the events written.
 */
export async function recordPresenceEvents(
  tx: Tx,
  tenantId: number,
  changes: readonly (PresenceEvent & { epc: string })[],
  source: string,
): Promise<number> {
  if (!changes.length) return 0;
  const now = Date.now();
  const oldest = now - (retentionDays(tagEventFeed.partition.retention) - 31) * DAY_MS;
  const groups = new Map<string, { c: PresenceEvent; at: number; epcs: string[] }>();
  for (const c of changes) {
    if (c.at > now + DAY_MS || c.at < oldest) continue;
    const second = Math.floor(c.at / 1000);
    const key = `${c.kind}|${c.locationId}|${c.equipment}|${c.sceneType}|${second}`;
    const g = groups.get(key);
    if (g) {
      g.epcs.push(c.epc);
      if (c.at < g.at) g.at = c.at;
    } else groups.set(key, { c, at: c.at, epcs: [c.epc] });
  }
  const ids = [...new Set(changes.map((c) => c.locationId).filter((l): l is number => l !== null))];
  const names = await locationLabels(tx, tenantId, ids);
  let n = 0;
  for (const { c, at, epcs } of groups.values()) {
    const { bizStep, disposition } = cbvOf(c.kind, c.sceneType);
    for (let i = 0; i < epcs.length; i += EVENT_EPCS_MAX) {
      await recordTagEvent(tx, {
        tenantId,
        eventTime: new Date(at),
        action: 'OBSERVE',
        bizStep,
        disposition,
        readPoint: c.equipment ?? '',
        bizLocation: c.locationId === null ? '' : (names.get(c.locationId) ?? String(c.locationId)),
        epcs: epcs.slice(i, i + EVENT_EPCS_MAX),
        source,
      });
      n++;
    }
  }
  return n;
}
