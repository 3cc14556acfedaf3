/**
 * Tag presence (issue 13), pure: where a tag is, decided from reads the way RFID middleware
 * smooths them (Fosstrak's / ALE "tag smoothing": a tag enters a read zone when first seen there,
 * leaves it after a silence — glimpsed/unknown cycles —, and a tag seen by two zones belongs to the
 * one reading it consistently stronger for a hold-off, so one stray read never moves it).
 *
 * - ARRIVES at a location when first read there (never by a point-of-sale reader);
 * - MOVES when another location reads it stronger than its current location (or its location has
 *   gone quiet) on reads spanning at least the scene's `moveHoldoff`; a read at the current location
 *   at comparable strength (within RSSI_MARGIN_CDBM) resets that candidate;
 * - DEPARTS after `departAfter` seconds without a read at its location: silence has no event, so a
 *   sweep decides it (sweepPresence); a later read folds the departure in first, so the result does
 *   not depend on when the sweep ran;
 * - a point-of-sale reader never adds a tag: it marks it SOLD (a present one, an unknown one, a
 *   departed one); for `returnGuard` seconds after the sale, reads elsewhere are ignored (the
 *   customer walks out past the gate); after it, a read at a store location RETURNS it (present).
 *
 * Times are epoch milliseconds. Reads are sorted by (time, location, RSSI, reader) before folding,
 * so the order of reads within one instant never matters.
 */

/** Scene types (RfidSceneType): 1 general, 2 gate, 3 point of sale. */
export const SCENE_TYPE = { GENERAL: 1, GATE: 2, POS: 3 } as const;

export const PRESENCES = ['present', 'departed', 'sold'] as const;
export type Presence = (typeof PRESENCES)[number];
export const PRESENCE_CHANGES = ['arrived', 'moved', 'departed', 'sold', 'returned'] as const;
export type PresenceChangeKind = (typeof PRESENCE_CHANGES)[number];

/** The rules of a reader's scene (seconds). */
export interface SceneRules {
  sceneType: number;
  departAfter: number;
  moveHoldoff: number;
  returnGuard: number;
}
export const DEFAULT_RULES: SceneRules = { sceneType: SCENE_TYPE.GENERAL, departAfter: 600, moveHoldoff: 10, returnGuard: 300 };

/** Another location reads "stronger" when above the current one by more than this (3 dB). */
export const RSSI_MARGIN_CDBM = 300;

/** A tag's presence (the rfid_epc_states columns it needs). */
export interface PresenceState {
  presence: Presence | null;
  locationId: number | null;
  since: number | null;
  /** the reader that placed it */
  equipment: string | null;
  /** the last read at its location, and that read's RSSI (cdBm) */
  seenAt: number | null;
  rssi: number | null;
  /** when it departs without another read at its location */
  departDueAt: number | null;
  candidate: { locationId: number; since: number; rssi: number | null; equipment: string } | null;
  soldAt: number | null;
  /** sold: reads elsewhere before this are the customer walking out (the sale's scene's returnGuard) */
  guardUntil: number | null;
}

export const EMPTY_PRESENCE: PresenceState = {
  presence: null,
  locationId: null,
  since: null,
  equipment: null,
  seenAt: null,
  rssi: null,
  departDueAt: null,
  candidate: null,
  soldAt: null,
  guardUntil: null,
};

/** One read as presence needs it: time, where (null: an unbound reader, ignored), strength, reader, its scene. */
export interface PresenceRead {
  at: number;
  locationId: number | null;
  rssi: number | null;
  equipment: string;
  sceneId: number | null;
}

export interface PresenceEvent {
  kind: PresenceChangeKind;
  at: number;
  /** the location it is at after the change (for departed: the one it left) */
  locationId: number | null;
  /** moved: the location it left */
  fromLocationId?: number | null;
  /** the reader of the change (departed: the one that had placed it) */
  equipment: string | null;
  /** the scene type of that reader (arrived at a gate = receiving) */
  sceneType: number;
}

const cmpNum = (a: number | null, b: number | null) => (a ?? Number.NEGATIVE_INFINITY) - (b ?? Number.NEGATIVE_INFINITY) || 0;

/** The canonical order of reads: time, then location, RSSI, reader, scene. */
export function compareReads(a: PresenceRead, b: PresenceRead): number {
  return (
    a.at - b.at ||
    cmpNum(a.locationId, b.locationId) ||
    cmpNum(a.rssi, b.rssi) ||
    (a.equipment < b.equipment ? -1 : a.equipment > b.equipment ? 1 : 0) ||
    cmpNum(a.sceneId, b.sceneId)
  );
}

/** Whether reads are in the canonical order already (compareReads). */
function inOrder(reads: readonly PresenceRead[]): boolean {
  for (let i = 1; i < reads.length; i++) if (compareReads(reads[i - 1], reads[i]) > 0) return false;
  return true;
}

/** Whether a tag's departure is due by `now` (a present tag not read at its location since). */
const departsBy = (s: PresenceState, now: number): s is PresenceState & { departDueAt: number } =>
  s.presence === 'present' && s.departDueAt !== null && s.departDueAt <= now;

/** A present tag whose departure is due by `now` departs (the sweep; departure time = when it fell due). */
export function sweepPresence(s: PresenceState, now: number): { state: PresenceState; change: PresenceEvent | null } {
  if (!departsBy(s, now)) return { state: s, change: null };
  const at = s.departDueAt;
  return {
    state: { ...s, presence: 'departed', since: at, departDueAt: null, candidate: null },
    change: { kind: 'departed', at, locationId: s.locationId, equipment: s.equipment, sceneType: SCENE_TYPE.GENERAL },
  };
}

const placed = (r: PresenceRead, rules: SceneRules, soldAt: number | null): PresenceState => ({
  presence: 'present',
  locationId: r.locationId,
  since: r.at,
  equipment: r.equipment,
  seenAt: r.at,
  rssi: r.rssi,
  departDueAt: r.at + rules.departAfter * 1000,
  candidate: null,
  soldAt,
  guardUntil: null,
});

const stronger = (a: number | null, b: number | null) =>
  (a ?? Number.NEGATIVE_INFINITY) > (b ?? Number.NEGATIVE_INFINITY) + RSSI_MARGIN_CDBM;
const comparable = (a: number | null, b: number | null) =>
  (a ?? Number.NEGATIVE_INFINITY) >= (b ?? Number.NEGATIVE_INFINITY) - RSSI_MARGIN_CDBM;

/** A change made by read `r` (a plain function: the step of a read, run for every read, creates no closure). */
function ev(out: PresenceEvent[], r: PresenceRead, rules: SceneRules, kind: PresenceChangeKind, more: Partial<PresenceEvent> = {}): void {
  out.push({ kind, at: r.at, locationId: r.locationId, equipment: r.equipment, sceneType: rules.sceneType, ...more });
}

/** One read folded into a state of the fold's own (a read again where it is changes it in place). */
function step(s: PresenceState, r: PresenceRead, rules: SceneRules, out: PresenceEvent[]): PresenceState {
  if (r.locationId === null) return s;
  if (rules.sceneType === SCENE_TYPE.POS) {
    if (s.presence === 'sold') return s;
    ev(out, r, rules, 'sold');
    return {
      ...EMPTY_PRESENCE,
      presence: 'sold',
      locationId: r.locationId,
      since: r.at,
      equipment: r.equipment,
      soldAt: r.at,
      guardUntil: r.at + rules.returnGuard * 1000,
    };
  }
  if (s.presence === null || s.presence === 'departed') {
    ev(out, r, rules, 'arrived');
    return placed(r, rules, s.soldAt);
  }
  if (s.presence === 'sold') {
    // within the guard (set by the sale's scene), or older than the sale: the customer walking out
    if (r.at < (s.guardUntil ?? s.soldAt ?? Number.NEGATIVE_INFINITY)) return s;
    ev(out, r, rules, 'returned');
    return placed(r, rules, s.soldAt);
  }
  // present
  if (r.locationId === s.locationId) {
    // read again where it is (nearly every read): changed in place, `s` being the fold's own state
    s.seenAt = Math.max(s.seenAt ?? r.at, r.at);
    s.rssi = r.rssi;
    s.departDueAt = Math.max(s.departDueAt ?? 0, r.at + rules.departAfter * 1000);
    if (s.candidate && comparable(r.rssi, s.candidate.rssi)) s.candidate = null;
    return s;
  }
  const quiet = s.seenAt !== null && r.at - s.seenAt > rules.moveHoldoff * 1000;
  if (!stronger(r.rssi, s.rssi) && !quiet) {
    // not stronger: a candidate at this location is not consistently stronger
    return s.candidate?.locationId === r.locationId ? { ...s, candidate: null } : s;
  }
  const c = s.candidate;
  if (!c || c.locationId !== r.locationId) {
    return { ...s, candidate: { locationId: r.locationId, since: r.at, rssi: r.rssi, equipment: r.equipment } };
  }
  if (r.at > c.since && r.at - c.since >= rules.moveHoldoff * 1000) {
    ev(out, r, rules, 'moved', { fromLocationId: s.locationId });
    return placed(r, rules, s.soldAt);
  }
  return { ...s, candidate: { ...c, rssi: r.rssi } };
}

/**
 * Folds reads into a tag's presence: the next state and the changes, in time order. `rulesOf`
 * gives the rules of a read's scene (sceneId of the reading reader).
 */
export function foldPresence(
  prev: PresenceState,
  reads: readonly PresenceRead[],
  rulesOf: (sceneId: number | null) => SceneRules,
): { state: PresenceState; changes: PresenceEvent[] } {
  // a fold's reads of a tag nearly always come in order already (batches in order, reads in time)
  const sorted = inOrder(reads) ? reads : [...reads].sort(compareReads);
  const changes: PresenceEvent[] = [];
  // the fold's own copy: step changes it in place, never `prev`
  let s: PresenceState = { ...prev };
  for (const r of sorted) {
    if (r.locationId === null) continue;
    // a departure that fell due before this read happened first
    if (departsBy(s, r.at - 1)) {
      const swept = sweepPresence(s, r.at - 1);
      if (swept.change) changes.push(swept.change);
      s = swept.state;
    }
    s = step(s, r, rulesOf(r.sceneId), changes);
  }
  return { state: s, changes };
}
