/**
 * Presence changes into the tag lifecycle (label/lifecycle, EPCIS ObjectEvents through
 * recordTagEvent): the changes of the same kind, location, reader and second make one event naming
 * up to EVENT_EPCS_MAX EPCs, at its location (named by its GLN, in its time zone: see placeOf).
 */
import { type BizStep, type Disposition, retentionDays, tagEventFeed } from '@tagloom/domain';
import { type PresenceChangeKind, type PresenceEvent, SCENE_TYPE } from '@tagloom/domain/rfid/presence.js';
import type { Tx } from '../../../db/client.js';
import { EVENT_EPCS_MAX, type Place, placeOf, recordTagEvent } from '../../label/tags/store.js';

/**
 * The CBV 2.0 business step and disposition of a presence change (CBV values only: a return is
 * receiving, disposition returned). By the scene type of the change's reader:
 * - arrived at a gate or a tunnel (a carton check or pack certification tunnel passes cartons as a
 *   gate does): receiving, in_progress; anywhere else (a general area, a fitting room, a handheld's
 *   zone — what the handheld was doing, a count or a receiving, is its read session's): arriving,
 *   available. A point of sale and an exit never place a tag;
 * - departed through an EAS exit (only ever an unsold tag, with an alarm): departing, disposition
 *   unknown — it left the store unsold, whether stolen or a missed sale is the alarm's review's to
 *   say (CBV's `stolen` would prejudge it; `in_transit` is a shipment's); a departure by silence
 *   (the sweep, an unbinding): departing, in_transit.
 */
export function cbvOf(kind: PresenceChangeKind, sceneType: number): { bizStep: BizStep; disposition: Disposition } {
  switch (kind) {
    case 'arrived':
      return sceneType === SCENE_TYPE.GATE || sceneType === SCENE_TYPE.TUNNEL
        ? { bizStep: 'receiving', disposition: 'in_progress' }
        : { bizStep: 'arriving', disposition: 'available' };
    case 'moved':
      return { bizStep: 'storing', disposition: 'available' };
    case 'departed':
      return sceneType === SCENE_TYPE.EXIT
        ? { bizStep: 'departing', disposition: 'unknown' }
        : { bizStep: 'departing', disposition: 'in_transit' };
    case 'sold':
      return { bizStep: 'retail_selling', disposition: 'retail_sold' };
    case 'returned':
      return { bizStep: 'receiving', disposition: 'returned' };
  }
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
  // each location's names and zone read once
  const places = new Map<number | null, Place>();
  let n = 0;
  for (const { c, at, epcs } of groups.values()) {
    const { bizStep, disposition } = cbvOf(c.kind, c.sceneType);
    let place = places.get(c.locationId);
    if (!place) {
      place = await placeOf(tx, tenantId, c.locationId);
      places.set(c.locationId, place);
    }
    for (let i = 0; i < epcs.length; i += EVENT_EPCS_MAX) {
      await recordTagEvent(
        tx,
        {
          tenantId,
          eventTime: new Date(at),
          action: 'OBSERVE',
          bizStep,
          disposition,
          locationId: c.locationId,
          reader: c.equipment ?? undefined,
          epcs: epcs.slice(i, i + EVENT_EPCS_MAX),
          source,
        },
        place,
      );
      n++;
    }
  }
  return n;
}
