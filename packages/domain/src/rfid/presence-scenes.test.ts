/**
 * Properties of the scene types beyond general, gate and point of sale (F2): a fitting room (per
 * cabin, a short memory), a tunnel (a gate's rules: presence-mobility.test.ts), a handheld (carried:
 * its RSSI never compared) and an EAS exit (an unsold tag departs with an alarm), beside
 * presence.test.ts, whose general properties run with every scene type mixed in.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_PRESENCE,
  foldPresence,
  holdoffOf,
  type PresenceEvent,
  type PresenceRead,
  type PresenceState,
  rulesOfType,
  SCENE_TYPE,
  type SceneRules,
  sweepPresence,
} from './presence.js';

const S = 1000;
const T0 = Date.UTC(2026, 10, 24, 8, 0, 0);
const { GENERAL, GATE, POS, FITTING, TUNNEL, HANDHELD, EXIT } = SCENE_TYPE;
/** scene id = scene type, each with its type's rules (a fitting room: depart 30 s) */
const rulesOf = (id: number | null): SceneRules => rulesOfType(id ?? GENERAL);
const FIT_DEPART = rulesOf(FITTING).departAfter * S;
const EXIT_GUARD = rulesOf(EXIT).departAfter * S;
const HH_HOLDOFF = holdoffOf(rulesOf(HANDHELD));
/** a read `ms` after T0 at a location by its reader (`R<location>`) of a scene (id = type) */
const at = (ms: number, locationId: number | null, rssi: number | null, scene: number): PresenceRead => ({
  at: T0 + ms,
  locationId,
  rssi,
  equipment: `R${locationId}`,
  sceneId: scene,
});
const fold = (reads: PresenceRead[], prev: PresenceState = EMPTY_PRESENCE) => foldPresence(prev, reads, rulesOf);
const kinds = (changes: PresenceEvent[]) => changes.map((c) => c.kind);

/** Any history of reads at locations 10, 20, 30 (or none), by every kind of scene, in the first 20 minutes. */
const arbHistory = fc
  .array(
    fc.record({
      ms: fc.integer({ min: 0, max: 1_200_000 }),
      loc: fc.constantFrom<number | null>(10, 20, 30, null),
      rssi: fc.option(fc.integer({ min: -8000, max: -2000 }), { nil: null }),
      scene: fc.constantFrom(GENERAL, GENERAL, GATE, POS, FITTING, TUNNEL, HANDHELD, EXIT),
    }),
    { maxLength: 30 },
  )
  .map((rs) => rs.map((r) => at(r.ms, r.loc, r.rssi, r.scene)));
/** Times after the history (ms after T0): 20 to 40 minutes. */
const arbLater = (min = 1_200_001) => fc.integer({ min, max: 2_400_000 });
const EXIT_LOC = 90;

describe('EAS exit', () => {
  it('a sold tag read at the exit changes nothing (the customer leaves with it)', () => {
    fc.assert(
      fc.property(
        arbHistory,
        fc.array(fc.tuple(arbLater(1_300_001), fc.option(fc.integer({ min: -8000, max: -2000 }), { nil: null })), { minLength: 1 }),
        (history, exits) => {
          const sold = fold([at(1_300_000, 30, -5000, POS)], fold(history).state).state;
          expect(sold.presence).toBe('sold');
          const out = fold(
            exits.map(([ms, rssi]) => at(ms, EXIT_LOC, rssi, EXIT)),
            sold,
          );
          expect(out.changes).toEqual([]);
          expect(out.state).toEqual(sold);
        },
      ),
    );
  });

  it('an unsold present tag read at the exit departs there at once, with an alarm naming where it was', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 1, max: 500_000 }),
        fc.option(fc.integer({ min: -8000, max: -2000 }), { nil: null }),
        fc.constantFrom(GENERAL, GATE, FITTING, TUNNEL, HANDHELD),
        (homeReads, after, rssi, scene) => {
          const start = fold(homeReads.map((ms) => at(ms, 10, -5000, scene))).state;
          expect(start.presence).toBe('present');
          const last = Math.max(...homeReads);
          const t = last + Math.min(after, rulesOf(scene).departAfter * S);
          const out = fold([at(t, EXIT_LOC, rssi, EXIT)], start);
          expect(out.changes).toEqual([
            {
              kind: 'departed',
              at: T0 + t,
              locationId: EXIT_LOC,
              fromLocationId: 10,
              equipment: `R${EXIT_LOC}`,
              sceneType: EXIT,
              alarm: true,
            },
          ]);
          expect(out.state).toMatchObject({
            presence: 'departed',
            locationId: EXIT_LOC,
            since: T0 + t,
            departDueAt: null,
            candidate: null,
          });
        },
      ),
    );
  });

  it('never adds a tag: from any state, exit reads leave it sold (if it was) or departed, their changes departures alone', () => {
    fc.assert(
      fc.property(
        arbHistory,
        fc.array(fc.tuple(arbLater(), fc.constantFrom(EXIT_LOC, 91)), { minLength: 1, maxLength: 20 }),
        (history, exits) => {
          const start = fold(history).state;
          const out = fold(
            exits.map(([ms, loc]) => at(ms, loc, -5000, EXIT)),
            start,
          );
          expect(out.state.presence).toBe(start.presence === 'sold' ? 'sold' : 'departed');
          expect(out.changes.every((c) => c.kind === 'departed')).toBe(true);
          // the exit's changes are alarms; a departure by silence found first is not
          for (const c of out.changes) expect(c.alarm === true).toBe(c.sceneType === EXIT);
          if (start.presence === 'sold') expect(out.changes).toEqual([]);
          else expect(out.changes.filter((c) => c.alarm).length).toBeGreaterThanOrEqual(1);
        },
      ),
    );
  });

  it('alarms once a passage: again only after the exit has not read the tag for its departAfter', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3_600_000 }), { minLength: 1, maxLength: 40 }), (times) => {
        // an unknown tag (never placed: not sold either) read at one exit, its reads twice over
        const reads = [...times, ...times].map((ms) => at(ms, EXIT_LOC, -5000, EXIT));
        const out = fold(reads);
        const sorted = [...new Set(times)].sort((a, b) => a - b);
        const passages = 1 + sorted.filter((t, i) => i > 0 && t - sorted[i - 1] > EXIT_GUARD).length;
        expect(out.changes.map((c) => [c.kind, c.alarm])).toEqual(Array(passages).fill(['departed', true]));
        expect(out.changes[0].fromLocationId).toBeNull();
        expect(out.state).toMatchObject({ presence: 'departed', seenAt: T0 + sorted[sorted.length - 1] });
        expect(out.state.guardUntil).toBe(T0 + sorted[sorted.length - 1] + EXIT_GUARD);
      }),
    );
  });

  it('a tag let out, then read in the store, arrives anew; a sold one read at the exit within its guard stays sold', () => {
    const out = fold([at(0, EXIT_LOC, -5000, EXIT), at(5 * S, 10, -5000, GENERAL)]);
    expect(kinds(out.changes)).toEqual(['departed', 'arrived']);
    expect(out.state).toMatchObject({ presence: 'present', locationId: 10, guardUntil: null });
    // back out through the exit a second later: a new passage (it was in the store)
    expect(fold([at(6 * S, EXIT_LOC, -5000, EXIT)], out.state).changes).toMatchObject([
      { kind: 'departed', alarm: true, fromLocationId: 10 },
    ]);
    const sold = fold([at(0, 10, -5000, GENERAL), at(60 * S, 30, -5000, POS), at(90 * S, EXIT_LOC, -5000, EXIT)]);
    expect(kinds(sold.changes)).toEqual(['arrived', 'sold']);
    expect(sold.state.presence).toBe('sold');
  });
});

describe('fitting room', () => {
  it('departs a tag its cabin has not read for the short departAfter (30 s), the hold-off 3 s', () => {
    expect(rulesOf(FITTING)).toMatchObject({ departAfter: 30, moveHoldoff: null });
    expect(holdoffOf(rulesOf(FITTING))).toBe(3000);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 600_000 }), { minLength: 1, maxLength: 40 }), (times) => {
        const out = fold(times.map((ms) => at(ms, 10, -5000, FITTING)));
        const sorted = [...new Set(times)].sort((a, b) => a - b);
        // a gap longer than 30 s: departed when it fell due, arrived again at the next read
        const expected: [string, number][] = [['arrived', sorted[0]]];
        for (let i = 1; i < sorted.length; i++)
          if (sorted[i] - sorted[i - 1] > FIT_DEPART) expected.push(['departed', sorted[i - 1] + FIT_DEPART], ['arrived', sorted[i]]);
        expect(out.changes.map((c) => [c.kind, c.at - T0])).toEqual(expected);
        const last = sorted[sorted.length - 1];
        expect(out.state.departDueAt).toBe(T0 + last + FIT_DEPART);
        expect(sweepPresence(out.state, T0 + last + FIT_DEPART - 1).change).toBeNull();
        expect(sweepPresence(out.state, T0 + last + FIT_DEPART).change).toMatchObject({
          kind: 'departed',
          at: T0 + last + FIT_DEPART,
          locationId: 10,
        });
      }),
    );
  });

  it('a garment carried out of its cabin goes to the next place reading it within seconds, before the cabin lets it depart', () => {
    // the cabin read it at -50 dBm until 0 s; the floor (another fitting reader's zone) reads it
    // 10 dB weaker: the lead needed falls from 6 dB after 3 s by 1 dB/s, -10 dB at 19 s
    const inCabin = fold([at(0, 10, -5000, FITTING)]).state;
    const floor = (ms: number) => at(ms, 20, -6000, FITTING);
    expect(kinds(fold([floor(10 * S), floor(18 * S)], inCabin).changes)).toEqual([]);
    const r = fold([floor(10 * S), floor(19_100)], inCabin);
    expect(r.changes.map((c) => [c.kind, c.locationId])).toEqual([['moved', 20]]);
  });
});

describe('handheld', () => {
  it('places a tag unknown or departed at its zone (no RSSI: not comparable), whatever it read', () => {
    fc.assert(
      fc.property(arbHistory, fc.option(fc.integer({ min: -8000, max: -2000 }), { nil: null }), (history, rssi) => {
        // departed (or sold, or never placed) by 2 h later
        const start = sweepPresence(fold(history).state, T0 + 7_200_000).state;
        fc.pre(start.presence !== 'sold' && start.presence !== 'present');
        const out = fold([at(7_300_000, 40, rssi, HANDHELD)], start);
        expect(out.changes.map((c) => [c.kind, c.locationId, c.sceneType])).toEqual([['arrived', 40, HANDHELD]]);
        expect(out.state).toMatchObject({ presence: 'present', locationId: 40, rssi: null, seenAt: T0 + 7_300_000 });
      }),
    );
  });

  it("confirms a tag present at its zone: no change, the zone's smoothed RSSI and candidate untouched, its departure pushed on", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: -8000, max: -2000 })), { minLength: 1, maxLength: 10 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 200_000 }), fc.option(fc.integer({ min: -8000, max: -2000 }), { nil: null })), {
          minLength: 1,
          maxLength: 10,
        }),
        (fixed, handheld) => {
          // fixed reads at 10, one stray read at 20 (a candidate), then the handheld's reads at 10
          const start = fold([...fixed.map(([ms, rssi]) => at(ms, 10, rssi, GENERAL)), at(100_500, 20, -3000, GENERAL)]).state;
          expect(start).toMatchObject({ presence: 'present', locationId: 10, candidate: { locationId: 20 } });
          const out = fold(
            handheld.map(([ms, rssi]) => at(100_500 + ms, 10, rssi, HANDHELD)),
            start,
          );
          expect(out.changes).toEqual([]);
          const last = T0 + 100_500 + Math.max(...handheld.map(([ms]) => ms));
          expect(out.state).toEqual({
            ...start,
            seenAt: Math.max(start.seenAt!, last),
            departDueAt: Math.max(start.departDueAt!, last + rulesOf(HANDHELD).departAfter * S),
          });
        },
      ),
    );
  });

  it('takes a tag from another zone at once with one read, unless that zone read it within the hold-off (then nothing)', () => {
    expect(HH_HOLDOFF).toBe(30_000);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 10 }),
        fc.integer({ min: -100_000, max: 120_000 }),
        fc.option(fc.integer({ min: -8000, max: -2000 }), { nil: null }),
        fc.constantFrom(GENERAL, GATE, FITTING, TUNNEL, HANDHELD),
        (homeReads, after, rssi, scene) => {
          const start = fold(homeReads.map((ms) => at(ms, 10, -5000, scene))).state;
          const last = Math.max(...homeReads);
          // before its departure falls due (a fitting room's: 30 s)
          fc.pre(last + after < last + rulesOf(scene).departAfter * S);
          const out = fold([at(last + after, 40, rssi, HANDHELD)], start);
          if (after <= HH_HOLDOFF) {
            expect(out.changes).toEqual([]);
            expect(out.state).toEqual(start);
          } else {
            expect(out.changes.map((c) => [c.kind, c.locationId, c.fromLocationId])).toEqual([['moved', 40, 10]]);
            expect(out.state).toMatchObject({ presence: 'present', locationId: 40, rssi: null, candidate: null });
          }
        },
      ),
    );
  });

  it("never weighs a handheld's RSSI: any strengths of its reads give one result", () => {
    // handheld zones 40 and 50 (one reader each) among fixed zones 10, 20, 30
    const arbMixed = fc.array(
      fc.record({
        ms: fc.integer({ min: 0, max: 1_200_000 }),
        hh: fc.boolean(),
        loc: fc.constantFrom(10, 20, 30),
        hhLoc: fc.constantFrom(40, 50),
        rssi: fc.option(fc.integer({ min: -8000, max: -2000 }), { nil: null }),
        other: fc.option(fc.integer({ min: -8000, max: -2000 }), { nil: null }),
        scene: fc.constantFrom(GENERAL, GATE, FITTING, POS),
      }),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(arbMixed, (rs) => {
        const one = rs.map((r) => (r.hh ? at(r.ms, r.hhLoc, r.rssi, HANDHELD) : at(r.ms, r.loc, r.rssi, r.scene)));
        const two = rs.map((r) => (r.hh ? at(r.ms, r.hhLoc, r.other, HANDHELD) : at(r.ms, r.loc, r.rssi, r.scene)));
        expect(fold(two)).toEqual(fold(one));
      }),
    );
  });

  it("keeps a fixed reader's smoothed RSSI when it takes a tag to the zone that reader holds it a candidate at", () => {
    const atA = fold([at(0, 10, -5000, GENERAL), at(1000, 20, -6000, GENERAL)]).state;
    expect(atA.candidate).toMatchObject({ locationId: 20, rssi: -6000 });
    const out = fold([at(40 * S, 20, -3000, HANDHELD)], atA);
    expect(kinds(out.changes)).toEqual(['moved']);
    expect(out.state).toMatchObject({ locationId: 20, rssi: -6000, equipment: 'R20' });
  });
});
