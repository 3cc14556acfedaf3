/**
 * Tag presence (issue 13; smoothing: issue 28), pure: where a tag is, decided from reads the way
 * RFID middleware smooths them. Fosstrak's / ALE "tag smoothing": a tag enters a read zone when
 * first seen there and leaves it after a silence. EdgeX's inventory service (app-rfid-llrp-inventory)
 * for the move between two zones: it compares the MEAN recent RSSI of each, needs a few reads at
 * the new one, and lowers the lead the new one needs as the old one stays silent (a mobility
 * profile: threshold, hold-off, slope). Here the mean is an exponentially weighted one (one number a
 * location, so the state stays one row a tag): the current location's and one candidate's.
 *
 * - ARRIVES at a location when first read there (never by a point-of-sale reader);
 * - MOVES to another location (the candidate) once that location has read it at `minReads`
 *   distinct instants and its smoothed RSSI beats the current location's by the move margin: the
 *   profile's `thresholdDb` while the current location read it within the hold-off, then less by
 *   `slopeDbPerS` each second of its silence (below zero: a weaker place may claim a tag its place no
 *   longer reads). A read at a third location takes the candidate's place only when stronger than
 *   the candidate's smoothed RSSI (or the candidate is stale: silent for `departAfter`);
 * - DEPARTS after `departAfter` seconds without a read at its location: silence has no event, so a
 *   sweep decides it (sweepPresence); a later read folds the departure in first, so the result does
 *   not depend on when the sweep ran;
 * - a point-of-sale reader never adds a tag: it marks it SOLD (a present one, an unknown one, a
 *   departed one); for `returnGuard` seconds after the sale, reads elsewhere are ignored (the
 *   customer walks out past the gate); after it, a read at a store location RETURNS it (present).
 *
 * By scene type (SCENE_TYPE; the profiles in MOBILITY_PROFILES):
 * - GENERAL, GATE: as above. TUNNEL: a gate's rules and profile (a carton check or pack
 *   certification tunnel passes cartons in seconds; presence is the tunnel's zone, as a gate's; the
 *   server also gives its reads to the reader's open read session). FITTING: a general area with a
 *   short memory — its scene's `departAfter` is the cabin's merge gap (30 s) and its hold-off 3 s
 *   — so presence is per cabin, a garment leaving the cabin leaves it within seconds.
 * - HANDHELD: a carried reader. Its RSSI says how near the operator holds it, not where the tag is,
 *   so it is never compared with a fixed reader's nor enters a location's smoothed RSSI (a place it
 *   gives a tag has no RSSI, or its candidate's there: a fixed reader's). Its read places a tag that
 *   is unknown or departed at the handheld's zone (ARRIVES), confirms a present tag at that zone (its
 *   last read there: no event), and MOVES a present tag from another zone at once — one read: an
 *   operator scanning here is strong evidence the garment is here now — unless that zone read it
 *   within the hold-off (the handheld scene's, 30 s by its profile: the longest a store's fixed
 *   readers ordinarily go between reports). A handheld reads several metres away, across a zone's
 *   edge: a fixed reader still reading the tag in its own zone knows better, and the handheld read
 *   is dropped. A sold tag is as for any reader (ignored within the guard, else returned).
 * - EXIT: an EAS exit (a doorway's antennas). It never adds a tag. A SOLD tag read there changes
 *   nothing (the customer leaves with it). Any other (present, departed, unknown) DEPARTS at once at
 *   the exit's location, the change flagged `alarm` (the server writes an EAS alarm row); the state
 *   keeps the exit in `guardUntil` (the read + its scene's departAfter), so the exit's further reads
 *   of that tag until then are the same passage: no second alarm; read there after a longer silence,
 *   it alarms again (a new passage).
 *
 * Times are epoch milliseconds, RSSI hundredths of dBm (cdBm; smoothed values are rounded to whole
 * cdBm at every step, so a state written to the database and read back folds on alike). Reads are
 * sorted by (time, location, RSSI strongest first, reader) before folding, so their order never
 * matters; a location's read at an instant it already had (a duplicate, a second antenna at the same
 * millisecond, a late batch's older read) changes no smoothed value nor count, so a re-sent read is
 * a no-op and folding read by read, in parts or at once gives one state.
 */

/**
 * Scene types (RfidSceneType): 1 general, 2 gate, 3 point of sale, 4 fitting room, 5 tunnel,
 * 6 handheld, 7 EAS exit.
 */
export const SCENE_TYPE = { GENERAL: 1, GATE: 2, POS: 3, FITTING: 4, TUNNEL: 5, HANDHELD: 6, EXIT: 7 } as const;

export const PRESENCES = ['present', 'departed', 'sold'] as const;
export type Presence = (typeof PRESENCES)[number];
export const PRESENCE_CHANGES = ['arrived', 'moved', 'departed', 'sold', 'returned'] as const;
export type PresenceChangeKind = (typeof PRESENCE_CHANGES)[number];

/** The rules of a reader's scene (seconds). */
export interface SceneRules {
  sceneType: number;
  departAfter: number;
  /** the mobility profile's hold-off (s) as the scene sets it; null: its scene type's (MOBILITY_PROFILES) */
  moveHoldoff: number | null;
  returnGuard: number;
}
/** Reads of no scene (an unbound reader's are ignored anyway; a scene deleted meanwhile): a general scene's. */
export const DEFAULT_RULES: SceneRules = { sceneType: SCENE_TYPE.GENERAL, departAfter: 600, moveHoldoff: null, returnGuard: 300 };
/**
 * The rules a scene of this type should have (the rfid/scene form proposes DEFAULT_RULES' for every
 * type): a fitting room departs a tag after the cabin's merge gap, 30 s, and moves it after 3 s
 * (its profile's hold-off).
 */
export const rulesOfType = (sceneType: number): SceneRules =>
  sceneType === SCENE_TYPE.FITTING ? { ...DEFAULT_RULES, sceneType, departAfter: 30 } : { ...DEFAULT_RULES, sceneType };

/**
 * How readily a tag moves between two locations (EdgeX's mobility profile): the new location's
 * smoothed RSSI must beat the current one's by `thresholdDb` while the current one still reads it
 * (its last read at most `holdoffMs` ago); after that the lead needed changes by `slopeDbPerS` a
 * second (negative: it shrinks, then goes below zero), so a tag carried out of its location's field
 * is claimed by the next one reading it. The new location must have read it at `minReads` distinct
 * instants (≥ 2: one stray read never moves a tag). `weight` is the weight of a new read in a
 * location's smoothed RSSI (an exponentially weighted mean: 1/weight reads make about its memory).
 */
export interface MobilityProfile {
  thresholdDb: number;
  holdoffMs: number;
  slopeDbPerS: number;
  minReads: number;
  weight: number;
}

/**
 * The profile of each scene type (the reading reader's scene decides), for apparel:
 *
 * - GENERAL — sales floor, stock room, fitting rooms: fixed readers with overlapping fields over
 *   garments that hang still for days. A still tag's RSSI wanders by a few dB with the channel
 *   hopping and people passing, so two antennas covering the same rail differ by up to ~6 dB by
 *   chance: 6 dB of lead (EdgeX's "retail garment" threshold). Hold-off 10 s (the scene default: a
 *   couple of report intervals of a fixed reader), then −0.5 dB/s, so 12 s later an equally strong
 *   place claims a garment its place lost (EdgeX's garment slope). Two reads. Weight ⅕: a mean of
 *   about five reads (EdgeX averages the last 20); simulated, two antennas reading a still tag at
 *   equal strength once a second each for 10 minutes with Gaussian noise of σ 2 dB move it by chance
 *   in under 1 % of runs with ⅕ or ¼, 7 % with ½ — and with σ 3 dB 5–8 % with ⅕ or ¼, 98 % with ½ —
 *   while a garment carried at walking pace (RSSI ±1–4 dB/s) still moves within the hold-off.
 * - GATE — dock doors, receiving / shipping tunnels, portals: cartons pass in seconds and are read
 *   tens of times a second, and a neighbouring door sees them too, at high power. Same 6 dB lead (a
 *   carton inside a tunnel or under its own door reads well above what leaks to the next one), but
 *   three reads and weight 1/10: a burst of strays rarely holds up over three instants, and at tens
 *   of reads a second a ten-read mean costs a fraction of a second. A gate that no longer reads a carton has let it
 *   through: hold-off 2 s, then −2 dB/s (EdgeX's asset-tracking profile drops faster still, −8 dB/s,
 *   with no hold-off).
 * - POS — a point-of-sale read sells a tag and never moves one, so its profile is never consulted;
 *   it is the general one, so that every scene type has a profile and a scene re-typed away from
 *   POS moves tags as a store's general readers do.
 * - FITTING — a cabin's reader: low power, a few garments, reporting every couple of seconds; a
 *   garment hangs in a cabin for minutes and is carried out in seconds. The general 6 dB lead and
 *   two reads (cabins side by side read each other's garments through the partition, weaker), but a
 *   hold-off of 3 s (a little more than a cabin reader's report interval: a cabin that stops reading
 *   a garment has let it out) and then −1 dB/s, so an equally strong place claims it 9 s after the
 *   cabin's last read and a place 10 dB weaker after 19 s — before the cabin's 30 s departure.
 *   Weight ⅕ as for general: a garment worn in the cabin swings by 10 dB and more with the body.
 * - TUNNEL — a carton check or pack certification tunnel: a gate's physics (cartons pass in
 *   seconds, read tens of times a second, a neighbouring tunnel or door sees them too), so a gate's
 *   profile.
 * - HANDHELD — its RSSI is never compared (see step): only its hold-off is consulted, how long a
 *   zone's last fixed read keeps a tag from a handheld read elsewhere. 30 s: the longest a store's
 *   fixed readers ordinarily go between reports (the demo store floor reports every 10 s with a
 *   30 s hold-off); the handheld scene's own `moveHoldoff` replaces it. The rest is the general
 *   profile's, never consulted.
 * - EXIT — an exit read departs a tag or leaves a sold one alone, never moves one: its profile is
 *   never consulted; a gate's, as the antennas of a doorway are a gate's.
 *
 * A scene's own move hold-off (its `moveHoldoff`, seconds) replaces the profile's. A candidate's
 * first reads are averaged plainly (weight 1/n for its n-th read, until that falls below the
 * profile's weight), so two reads weigh alike and one stray cannot carry a candidate.
 */
export const MOBILITY_PROFILES: Readonly<Record<number, MobilityProfile>> = Object.freeze({
  [SCENE_TYPE.GENERAL]: Object.freeze({ thresholdDb: 6, holdoffMs: 10_000, slopeDbPerS: -0.5, minReads: 2, weight: 0.2 }),
  [SCENE_TYPE.GATE]: Object.freeze({ thresholdDb: 6, holdoffMs: 2_000, slopeDbPerS: -2, minReads: 3, weight: 0.1 }),
  [SCENE_TYPE.POS]: Object.freeze({ thresholdDb: 6, holdoffMs: 10_000, slopeDbPerS: -0.5, minReads: 2, weight: 0.2 }),
  [SCENE_TYPE.FITTING]: Object.freeze({ thresholdDb: 6, holdoffMs: 3_000, slopeDbPerS: -1, minReads: 2, weight: 0.2 }),
  [SCENE_TYPE.TUNNEL]: Object.freeze({ thresholdDb: 6, holdoffMs: 2_000, slopeDbPerS: -2, minReads: 3, weight: 0.1 }),
  [SCENE_TYPE.HANDHELD]: Object.freeze({ thresholdDb: 6, holdoffMs: 30_000, slopeDbPerS: -0.5, minReads: 2, weight: 0.2 }),
  [SCENE_TYPE.EXIT]: Object.freeze({ thresholdDb: 6, holdoffMs: 2_000, slopeDbPerS: -2, minReads: 3, weight: 0.1 }),
});

/** The profile of a scene type (an unknown type: the general one). */
export const profileOf = (sceneType: number): MobilityProfile => MOBILITY_PROFILES[sceneType] ?? MOBILITY_PROFILES[SCENE_TYPE.GENERAL];

/** The hold-off of a read's scene (ms): the scene's own, else its type's. */
export const holdoffOf = (rules: SceneRules, p: MobilityProfile = profileOf(rules.sceneType)): number =>
  rules.moveHoldoff === null ? p.holdoffMs : rules.moveHoldoff * 1000;

/**
 * The lead (cdBm) another location's smoothed RSSI needs over the current one's, `silentMs` after
 * the current location's last read: the threshold up to the hold-off, then the slope (EdgeX's
 * y = m·x + b capped at the threshold).
 */
export function moveMarginCdbm(p: MobilityProfile, holdoffMs: number, silentMs: number): number {
  const db = p.thresholdDb + (p.slopeDbPerS * (silentMs - holdoffMs)) / 1000;
  return Math.min(db, p.thresholdDb) * 100;
}

/** A smoothed RSSI (cdBm) after a read of `rssi`: none read with a strength yet takes it as is; a read without one changes nothing. */
export function smoothRssi(mean: number | null, rssi: number | null, weight: number): number | null {
  if (rssi === null) return mean;
  if (mean === null) return rssi;
  // whole cdBm (the column's), never -0
  return Math.round(mean + weight * (rssi - mean)) || 0;
}

/** A candidate's read count stops here (only up to minReads does it matter; the column is a smallint). */
export const CANDIDATE_READS_MAX = 1000;

/** A tag's presence (the rfid_epc_states columns it needs). */
export interface PresenceState {
  presence: Presence | null;
  locationId: number | null;
  since: number | null;
  /** the reader that placed it */
  equipment: string | null;
  /** the last read at its location, and its location's smoothed RSSI (cdBm) */
  seenAt: number | null;
  rssi: number | null;
  /** when it departs without another read at its location */
  departDueAt: number | null;
  candidate: Candidate | null;
  soldAt: number | null;
  /**
   * sold: reads elsewhere before this are the customer walking out (the sale's scene's returnGuard);
   * departed through an exit: that exit's reads up to this are the same passage (no second alarm);
   * null otherwise
   */
  guardUntil: number | null;
}

/**
 * Another location reading the tag, not (yet) enough to move it: since its first read, its smoothed
 * RSSI, its reads at distinct instants, its last read and reader.
 */
export interface Candidate {
  locationId: number;
  since: number;
  rssi: number | null;
  reads: number;
  seenAt: number;
  equipment: string;
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
  /** the location it is at after the change (for departed: the one it left; through an exit: the exit's) */
  locationId: number | null;
  /** moved: the location it left; departed through an exit: where it was last (null: never placed) */
  fromLocationId?: number | null;
  /** the reader of the change (departed: the one that had placed it; through an exit: the exit's) */
  equipment: string | null;
  /** the scene type of that reader (arrived at a gate = receiving) */
  sceneType: number;
  /** departed through an exit unsold: an EAS alarm */
  alarm?: true;
}

const cmpNum = (a: number | null, b: number | null) => (a ?? Number.NEGATIVE_INFINITY) - (b ?? Number.NEGATIVE_INFINITY) || 0;

/**
 * The canonical order of reads: time, then location, RSSI (the strongest first: of a location's
 * reads at one instant, the one its smoothing takes), reader, scene.
 */
export function compareReads(a: PresenceRead, b: PresenceRead): number {
  return (
    a.at - b.at ||
    cmpNum(a.locationId, b.locationId) ||
    cmpNum(b.rssi, a.rssi) ||
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

const placed = (r: PresenceRead, rules: SceneRules, soldAt: number | null, rssi = r.rssi): PresenceState => ({
  presence: 'present',
  locationId: r.locationId,
  since: r.at,
  equipment: r.equipment,
  seenAt: r.at,
  rssi,
  departDueAt: r.at + rules.departAfter * 1000,
  candidate: null,
  soldAt,
  guardUntil: null,
});

const newCandidate = (r: PresenceRead & { locationId: number }): Candidate => ({
  locationId: r.locationId,
  since: r.at,
  rssi: r.rssi,
  reads: 1,
  seenAt: r.at,
  equipment: r.equipment,
});

/** Whether `rssi` is stronger than `than` (no strength is weaker than any). */
const stronger = (rssi: number | null, than: number | null) => rssi !== null && (than === null || rssi > than);

/**
 * Whether a candidate of smoothed RSSI `rssi` claims the tag from a location of smoothed RSSI
 * `current` with this margin. Without both strengths there is nothing to compare: only the lapse
 * of the current location's claim (margin down to zero) lets another take it.
 */
const claims = (rssi: number | null, current: number | null, margin: number) =>
  rssi !== null && current !== null ? rssi > current + margin : margin <= 0;

/** A change made by read `r` (a plain function: the step of a read, run for every read, creates no closure). */
function ev(out: PresenceEvent[], r: PresenceRead, rules: SceneRules, kind: PresenceChangeKind, more: Partial<PresenceEvent> = {}): void {
  out.push({ kind, at: r.at, locationId: r.locationId, equipment: r.equipment, sceneType: rules.sceneType, ...more });
}

/**
 * An exit's read: a sold tag stays as it is; a tag this exit let out within its guard (the same
 * passage) only pushes the guard on; any other departs at the exit at once, with an alarm.
 */
function exitStep(s: PresenceState, r: PresenceRead, rules: SceneRules, out: PresenceEvent[]): PresenceState {
  if (s.presence === 'sold') return s;
  const guard = r.at + rules.departAfter * 1000;
  if (s.presence === 'departed' && s.guardUntil !== null && s.locationId === r.locationId && r.at <= s.guardUntil) {
    // the same passage (a state of the fold's own: changed in place); a duplicate or older read changes nothing
    if (guard > s.guardUntil) s.guardUntil = guard;
    if (s.seenAt === null || r.at > s.seenAt) s.seenAt = r.at;
    return s;
  }
  ev(out, r, rules, 'departed', { fromLocationId: s.locationId, alarm: true });
  return {
    ...EMPTY_PRESENCE,
    presence: 'departed',
    locationId: r.locationId,
    since: r.at,
    equipment: r.equipment,
    seenAt: r.at,
    soldAt: s.soldAt,
    guardUntil: guard,
  };
}

/**
 * A handheld's read of a present tag: confirmed where it is (its last read there, no RSSI), moved
 * at once from another zone unless that zone read it within the hold-off (then dropped).
 */
function handheldStep(s: PresenceState, r: PresenceRead, rules: SceneRules, out: PresenceEvent[]): PresenceState {
  if (r.locationId === s.locationId) {
    if (s.seenAt === null || r.at > s.seenAt) s.seenAt = r.at;
    s.departDueAt = Math.max(s.departDueAt ?? 0, r.at + rules.departAfter * 1000);
    return s;
  }
  if (r.at - (s.seenAt ?? r.at) <= holdoffOf(rules)) return s;
  ev(out, r, rules, 'moved', { fromLocationId: s.locationId });
  // a fixed reader's smoothed RSSI here (its candidate) is comparable; the handheld's is not
  const c = s.candidate;
  return placed(r, rules, s.soldAt, c !== null && c.locationId === r.locationId ? c.rssi : null);
}

/** One read folded into a state of the fold's own (a read again where it is changes it in place). */
function step(s: PresenceState, r: PresenceRead, rules: SceneRules, out: PresenceEvent[]): PresenceState {
  if (r.locationId === null) return s;
  if (rules.sceneType === SCENE_TYPE.EXIT) return exitStep(s, r, rules, out);
  const handheld = rules.sceneType === SCENE_TYPE.HANDHELD;
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
    return placed(r, rules, s.soldAt, handheld ? null : r.rssi);
  }
  if (s.presence === 'sold') {
    // within the guard (set by the sale's scene), or older than the sale: the customer walking out
    if (r.at < (s.guardUntil ?? s.soldAt ?? Number.NEGATIVE_INFINITY)) return s;
    ev(out, r, rules, 'returned');
    return placed(r, rules, s.soldAt, handheld ? null : r.rssi);
  }
  // present
  if (handheld) return handheldStep(s, r, rules, out);
  const p = profileOf(rules.sceneType);
  if (r.locationId === s.locationId) {
    // read again where it is (nearly every read): changed in place, `s` being the fold's own state.
    // An instant it had already (or an older one) leaves the mean alone: a duplicate is a no-op
    if (s.seenAt === null || r.at > s.seenAt) {
      s.rssi = smoothRssi(s.rssi, r.rssi, p.weight);
      s.seenAt = r.at;
    }
    s.departDueAt = Math.max(s.departDueAt ?? 0, r.at + rules.departAfter * 1000);
    return s;
  }
  const c = s.candidate;
  const stale = c !== null && r.at - c.seenAt > rules.departAfter * 1000;
  let next: Candidate;
  if (c !== null && c.locationId === r.locationId) {
    // an instant the candidate had already: nothing new
    if (r.at <= c.seenAt) return s;
    next = stale
      ? newCandidate(r as PresenceRead & { locationId: number })
      : {
          locationId: c.locationId,
          since: c.since,
          // its first reads a plain mean (1/n), then the profile's weight
          rssi: smoothRssi(c.rssi, r.rssi, Math.max(p.weight, 1 / (c.reads + 1))),
          reads: Math.min(c.reads + 1, CANDIDATE_READS_MAX),
          seenAt: r.at,
          equipment: r.equipment,
        };
  } else if (c === null || stale || stronger(r.rssi, c.rssi)) {
    // a third location takes the candidate's place only when reading it stronger
    next = newCandidate(r as PresenceRead & { locationId: number });
  } else return s;
  if (next.reads >= p.minReads && claims(next.rssi, s.rssi, moveMarginCdbm(p, holdoffOf(rules, p), r.at - (s.seenAt ?? r.at)))) {
    ev(out, r, rules, 'moved', { fromLocationId: s.locationId });
    return placed(r, rules, s.soldAt, next.rssi);
  }
  return { ...s, candidate: next };
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

/**
 * How long a tag's state row outlives its last read (issue 28, item 12): a tenant parameter
 * (tenant/param, module `rfid`, code RFID_STATE_KEEP_DAYS, whole days), 90 days without one.
 *
 * A row ages out when its tag has DEPARTED in the presence model's sense — it is not `present`:
 * `departed` (its location stopped reading it for the scene's departAfter), `sold` (it left with a
 * customer), or never placed (null: only unbound readers read it) — and no reader, bound or not,
 * has read it for the kept days (last_seen_at). A `present` row never ages out, however old: its
 * departure comes first (the sweep's, with its lifecycle event), and the age-out after that. A tag
 * read again after its row went simply arrives anew (a sold one: arrives, not returns); its
 * history stays in the tag lifecycle, which has its own retention.
 */
export const STATE_KEEP = { module: 'rfid', code: 'RFID_STATE_KEEP_DAYS', defaultDays: 90, maxDays: 36_500 } as const;

/** The kept days a parameter value gives: a whole number of days from 1 to maxDays, else the default. */
export function keepDaysOf(value: string | null | undefined): number {
  const v = (value ?? '').trim();
  if (!/^\d{1,6}$/.test(v)) return STATE_KEEP.defaultDays;
  const n = Number(v);
  return n >= 1 && n <= STATE_KEEP.maxDays ? n : STATE_KEEP.defaultDays;
}

/** Whether a state row ages out at `now` (epoch ms): not present, and not read for `keepDays`. */
export const agesOut = (presence: Presence | null, lastSeenAt: number, now: number, keepDays: number): boolean =>
  presence !== 'present' && lastSeenAt < now - keepDays * 86_400_000;
