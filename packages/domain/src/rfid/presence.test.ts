import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  agesOut,
  compareReads,
  DEFAULT_RULES,
  EMPTY_PRESENCE,
  foldPresence,
  holdoffOf,
  keepDaysOf,
  MOBILITY_PROFILES,
  moveMarginCdbm,
  type PresenceRead,
  type PresenceState,
  profileOf,
  rulesOfType,
  SCENE_TYPE,
  type SceneRules,
  sweepPresence,
} from './presence.js';

const S = 1000;
const T0 = Date.UTC(2026, 10, 24, 8, 0, 0);
/**
 * scene 1: general (its type's mobility profile: 6 dB, hold-off 10 s, −0.5 dB/s, two reads, weight ⅕;
 * depart 600 s); scene 2: gate (6 dB, hold-off 2 s, −2 dB/s, three reads, weight 1/10); scene 3:
 * point of sale (guard 300 s); 4–7: fitting room (depart 30 s, hold-off 3 s), tunnel, handheld,
 * EAS exit, each with its type's rules (rulesOfType)
 */
const RULES: Record<number, SceneRules> = {
  1: DEFAULT_RULES,
  2: { ...DEFAULT_RULES, sceneType: SCENE_TYPE.GATE },
  3: { ...DEFAULT_RULES, sceneType: SCENE_TYPE.POS },
  4: rulesOfType(SCENE_TYPE.FITTING),
  5: rulesOfType(SCENE_TYPE.TUNNEL),
  6: rulesOfType(SCENE_TYPE.HANDHELD),
  7: rulesOfType(SCENE_TYPE.EXIT),
};
const rulesOf = (id: number | null) => (id === null ? DEFAULT_RULES : (RULES[id] ?? DEFAULT_RULES));
const read = (
  sec: number,
  locationId: number | null,
  rssi: number | null = -5000,
  sceneId = 1,
  equipment = `R${locationId}`,
): PresenceRead => ({
  at: T0 + sec * S,
  locationId,
  rssi,
  equipment,
  sceneId,
});
const fold = (reads: PresenceRead[], prev: PresenceState = EMPTY_PRESENCE) => foldPresence(prev, reads, rulesOf);
const kinds = (r: ReturnType<typeof fold>) => r.changes.map((c) => c.kind);

describe('foldPresence, examples', () => {
  it('arrives where first read, at the first read', () => {
    const r = fold([read(0, 10), read(1, 10)]);
    expect(kinds(r)).toEqual(['arrived']);
    expect(r.state).toMatchObject({ presence: 'present', locationId: 10, since: T0, seenAt: T0 + S, departDueAt: T0 + 601 * S });
  });

  it('an unbound reader (no location) places nothing', () => {
    const r = fold([read(0, null)]);
    expect(r.changes).toEqual([]);
    expect(r.state).toEqual(EMPTY_PRESENCE);
  });

  it('moves once another location has read it twice with a smoothed RSSI the threshold above its own', () => {
    const at10 = fold([read(0, 10, -6000)]).state;
    const once = fold([read(1, 20, -4000)], at10);
    expect(once.changes).toEqual([]);
    expect(once.state.candidate).toEqual({ locationId: 20, since: T0 + S, rssi: -4000, reads: 1, seenAt: T0 + S, equipment: 'R20' });
    const r = fold([read(2, 20, -4000)], once.state);
    expect(kinds(r)).toEqual(['moved']);
    expect(r.changes[0]).toMatchObject({ locationId: 20, fromLocationId: 10, at: T0 + 2 * S });
    // placed with the new location's smoothed RSSI
    expect(r.state).toMatchObject({ presence: 'present', locationId: 20, since: T0 + 2 * S, rssi: -4000, candidate: null });
  });

  it('compares smoothed RSSI: one strong read is averaged with the others, and the lead must exceed the threshold', () => {
    // A reads -50 dBm every second; B reads 7 dB stronger, then 3, then 9
    const at10 = fold([0, 1, 2, 3, 4].map((s) => read(s, 10, -5000))).state;
    const r = fold([read(4.5, 20, -4300), read(5, 10, -5000), read(5.5, 20, -4700)], at10);
    // B's mean -45 dBm: 5 dB above A, not 6
    expect(r.changes).toEqual([]);
    expect(r.state.candidate).toMatchObject({ locationId: 20, rssi: -4500, reads: 2 });
    // -43, -47 and -41 make -43.67 dBm (its first reads a plain mean): 6.33 dB above
    const moved = fold([read(6, 10, -5000), read(6.5, 20, -4100)], r.state);
    expect(kinds(moved)).toEqual(['moved']);
    expect(moved.state).toMatchObject({ locationId: 20, rssi: -4367 });
  });

  it('a weaker location claims a tag its location has stopped reading, as the lead needed falls after the hold-off', () => {
    // A last read it at 0 s (-50 dBm); B reads -60 dBm: 10 dB weaker. The lead needed is 6 dB up
    // to the 10 s hold-off, then 0.5 dB less a second: -10 dB 42 s after A's last read
    const at10 = fold([read(0, 10, -5000)]).state;
    expect(kinds(fold([read(20, 20, -6000), read(21, 20, -6000)], at10))).toEqual([]);
    const r = fold([read(40, 20, -6000), read(42, 20, -6000), read(43, 20, -6000)], at10);
    expect(kinds(r)).toEqual(['moved']);
    expect(r.changes[0].at).toBe(T0 + 43 * S);
    // without strengths to compare, the lapse alone decides: once the lead needed is down to zero (22 s)
    const blind = fold([read(0, 10, null)]).state;
    expect(kinds(fold([read(15, 20, null), read(21, 20, null)], blind))).toEqual([]);
    const claimed = fold([read(15, 20, null), read(22, 20, null)], blind);
    expect(claimed.changes.map((c) => [c.kind, c.at])).toEqual([['moved', T0 + 22 * S]]);
  });

  it('the lead needed: the threshold through the hold-off, then the slope (a scene may set its own hold-off)', () => {
    const general = profileOf(SCENE_TYPE.GENERAL);
    expect([0, 10_000, 22_000, 42_000].map((ms) => moveMarginCdbm(general, 10_000, ms))).toEqual([600, 600, 0, -1000]);
    // a read older than the last one at its location (a late batch): the full threshold
    expect(moveMarginCdbm(general, 10_000, -5000)).toBe(600);
    expect(holdoffOf(DEFAULT_RULES)).toBe(10_000);
    expect(holdoffOf({ ...DEFAULT_RULES, moveHoldoff: 30 })).toBe(30_000);
    expect(holdoffOf({ ...DEFAULT_RULES, sceneType: SCENE_TYPE.GATE })).toBe(2_000);
    // a scene's own hold-off of 30 s: the weaker place above claims 20 s later
    const slow = (id: number | null) => ({ ...rulesOf(id), moveHoldoff: 30 });
    const at10 = foldPresence(EMPTY_PRESENCE, [read(0, 10, -5000)], slow).state;
    expect(foldPresence(at10, [read(43, 20, -6000), read(62, 20, -6000)], slow).changes).toEqual([]);
    expect(foldPresence(at10, [read(43, 20, -6000), read(63, 20, -6000)], slow).changes.map((c) => c.kind)).toEqual(['moved']);
  });

  it("a read at a third location takes the candidate's place only when stronger than its smoothed RSSI", () => {
    const at10 = fold([read(0, 10, -6000)]).state;
    const r = fold([read(1, 20, -5000), read(2, 30, -5500)], at10);
    expect(r.state.candidate).toMatchObject({ locationId: 20, reads: 1 });
    const c = fold([read(3, 30, -4000)], r.state);
    expect(c.state.candidate).toMatchObject({ locationId: 30, reads: 1, since: T0 + 3 * S });
    expect(fold([read(4, 30, -4000)], c.state).changes.map((x) => [x.kind, x.locationId])).toEqual([['moved', 30]]);
  });

  it('a candidate silent for departAfter starts over', () => {
    const home = [0, 100, 200, 300, 400, 500, 600, 700].map((s) => read(s, 10, -6000));
    const r = fold([...home, read(1, 20, -4000), read(700, 20, -4000)]);
    expect(kinds(r)).toEqual(['arrived']);
    expect(r.state.candidate).toMatchObject({ locationId: 20, reads: 1, since: T0 + 700 * S });
    expect(kinds(fold([read(701, 20, -4000)], r.state))).toEqual(['moved']);
  });

  it('reads of an instant a location had already change nothing: a duplicate, a second antenna, a late batch', () => {
    const at10 = fold([read(0, 10, -6000)]).state;
    const r = fold([read(1, 20, -4000), read(1, 20, -4000), read(1, 20, -3000, 1, 'R20b')], at10);
    expect(r.changes).toEqual([]);
    // of one instant's reads the strongest counts, once
    expect(r.state.candidate).toMatchObject({ locationId: 20, rssi: -3000, reads: 1, equipment: 'R20b' });
    expect(fold([read(1, 20, -3000, 1, 'R20b')], r.state).state).toEqual(r.state);
    expect(fold([read(0.5, 20, -3000)], r.state).state).toEqual(r.state);
    // the same at its location: the mean keeps the instant's first read
    const again = fold([read(0, 10, -2000)], at10);
    expect(again.state).toEqual(at10);
  });

  it('a gate needs three reads, and lets a carton go 2 s after its last read', () => {
    const atGate = fold([read(0, 10, -5000, 2)]).state;
    const two = fold([read(1, 20, -3000, 2), read(1.2, 20, -3000, 2)], atGate);
    expect(two.changes).toEqual([]);
    expect(kinds(fold([read(1.4, 20, -3000, 2)], two.state))).toEqual(['moved']);
    // silent 5 s: 6 dB - 2 dB/s × 3 s = 0, a place as strong as the gate was takes it
    const later = fold([read(4, 20, -5000, 2), read(4.5, 20, -5000, 2), read(5.1, 20, -5000, 2)], atGate);
    expect(kinds(later)).toEqual(['moved']);
    expect(kinds(fold([read(4, 20, -5000, 2), read(4.5, 20, -5000, 2), read(4.9, 20, -5000, 2)], atGate))).toEqual([]);
  });

  it('every scene type has a profile: a positive threshold, a slope that never raises it, two reads at least', () => {
    for (const type of Object.values(SCENE_TYPE)) {
      const p = MOBILITY_PROFILES[type];
      expect(p.thresholdDb).toBeGreaterThan(0);
      expect(p.slopeDbPerS).toBeLessThanOrEqual(0);
      expect(p.holdoffMs).toBeGreaterThanOrEqual(0);
      expect(p.minReads).toBeGreaterThanOrEqual(2);
      expect(p.weight > 0 && p.weight <= 1).toBe(true);
    }
    expect(profileOf(99)).toBe(MOBILITY_PROFILES[SCENE_TYPE.GENERAL]);
  });

  it('a single stray stronger read never moves it', () => {
    const at10 = fold([read(0, 10, -6000)]).state;
    const r = fold([read(30, 20, -3000), read(31, 10, -6000), read(200, 10, -6000)], at10);
    expect(kinds(r)).toEqual([]);
    expect(r.state.locationId).toBe(10);
  });

  it('a read not stronger at another location does not move it', () => {
    const at10 = fold([read(0, 10, -5000)]).state;
    const r = fold([read(1, 20, -5000), read(5, 10, -5000), read(8, 20, -5000), read(10, 10, -5000), read(15, 20, -5000)], at10);
    expect(r.changes).toEqual([]);
    expect(r.state).toMatchObject({ locationId: 10, candidate: { locationId: 20, reads: 3 } });
  });

  it('departs after departAfter of silence (the sweep), and a later read arrives again', () => {
    const at10 = fold([read(0, 10)]).state;
    expect(sweepPresence(at10, T0 + 599 * S).change).toBeNull();
    const swept = sweepPresence(at10, T0 + 700 * S);
    expect(swept.change).toMatchObject({ kind: 'departed', at: T0 + 600 * S, locationId: 10 });
    expect(swept.state.presence).toBe('departed');
    const back = fold([read(800, 10)], swept.state);
    expect(kinds(back)).toEqual(['arrived']);
  });

  it('a read after the silence folds the departure in first, whether the sweep ran or not', () => {
    const at10 = fold([read(0, 10)]).state;
    const r = fold([read(900, 10)], at10);
    expect(kinds(r)).toEqual(['departed', 'arrived']);
    expect(r.changes[0].at).toBe(T0 + 600 * S);
    const swept = sweepPresence(at10, T0 + 650 * S).state;
    expect(fold([read(900, 10)], swept).state).toEqual(r.state);
  });

  it('a point-of-sale reader never adds a tag: an unknown tag is sold, not present', () => {
    const r = fold([read(0, 30, -5000, 3)]);
    expect(kinds(r)).toEqual(['sold']);
    expect(r.state).toMatchObject({ presence: 'sold', soldAt: T0, guardUntil: T0 + 300 * S });
  });

  it('a present tag read at the point of sale is sold; reads elsewhere in the guard are ignored; after it, returned', () => {
    const at10 = fold([read(0, 10)]).state;
    const sold = fold([read(60, 30, -5000, 3)], at10);
    expect(kinds(sold)).toEqual(['sold']);
    const walkOut = fold([read(70, 40, -3000, 2), read(300, 10)], sold.state);
    expect(walkOut.changes).toEqual([]);
    expect(walkOut.state.presence).toBe('sold');
    const back = fold([read(361, 10)], walkOut.state);
    expect(kinds(back)).toEqual(['returned']);
    expect(back.state).toMatchObject({ presence: 'present', locationId: 10, soldAt: T0 + 60 * S });
    // sold again: a second sale
    expect(kinds(fold([read(400, 30, -5000, 3)], back.state))).toEqual(['sold']);
  });

  it('a sold tag read again at the point of sale stays sold (no second event)', () => {
    const sold = fold([read(0, 30, -5000, 3)]).state;
    expect(fold([read(1, 30, -5000, 3), read(500, 30, -5000, 3)], sold).changes).toEqual([]);
  });
});

describe('the age-out of departed tags (STATE_KEEP)', () => {
  it('keeps a state RFID_STATE_KEEP_DAYS days after its last read (90 without a valid value); never a present one', () => {
    expect(['30', ' 7 ', '36500'].map(keepDaysOf)).toEqual([30, 7, 36_500]);
    expect([null, undefined, '', '0', '-5', '1.5', 'abc', '36501', '9999999'].map(keepDaysOf)).toEqual(Array(9).fill(90));
    const now = T0 + 200 * 86_400 * S;
    const daysAgo = (d: number) => now - d * 86_400 * S;
    expect((['departed', 'sold', null] as const).map((p) => agesOut(p, daysAgo(91), now, 90))).toEqual([true, true, true]);
    expect(agesOut('present', daysAgo(180), now, 90)).toBe(false);
    expect(agesOut('departed', daysAgo(89), now, 90)).toBe(false);
    expect(agesOut('departed', daysAgo(11), now, 10)).toBe(true);
  });
});

// --- properties ---------------------------------------------------------------------------------

const arbRead = fc.record({
  sec: fc.integer({ min: 0, max: 1200 }),
  loc: fc.constantFrom<number | null>(10, 20, 30, null),
  rssi: fc.option(fc.integer({ min: -8000, max: -2000 }), { nil: null }),
  // every scene type mixed in (general twice as often)
  scene: fc.constantFrom(1, 1, 2, 3, 4, 5, 6, 7),
});
const toRead = (r: { sec: number; loc: number | null; rssi: number | null; scene: number }) => read(r.sec, r.loc, r.rssi, r.scene);
const arbReads = fc.array(arbRead, { maxLength: 40 }).map((rs) => rs.map(toRead));

describe('foldPresence, properties', () => {
  it('the order of reads (within an instant, or at all) does not matter', () => {
    fc.assert(
      fc.property(
        arbReads.chain((rs) => fc.tuple(fc.constant(rs), fc.shuffledSubarray(rs, { minLength: rs.length, maxLength: rs.length }))),
        ([rs, shuffled]) => {
          expect(fold(shuffled)).toEqual(fold(rs));
        },
      ),
    );
  });

  it('is idempotent on repeated identical reads', () => {
    fc.assert(
      fc.property(arbReads, (rs) => {
        expect(fold([...rs, ...rs])).toEqual(fold(rs));
      }),
    );
  });

  it('folding in two parts (cut between two instants) is folding at once', () => {
    fc.assert(
      fc.property(arbReads, fc.nat(), (rs, cut) => {
        const sorted = [...rs].sort((a, b) => a.at - b.at);
        // reads of one instant are ordered within a fold (compareReads), not across two: the cut
        // falls between instants (same-instant reads at two places split over two folds may differ)
        let k = sorted.length ? cut % (sorted.length + 1) : 0;
        while (k > 0 && k < sorted.length && sorted[k - 1].at === sorted[k].at) k++;
        const first = fold(sorted.slice(0, k));
        const second = fold(sorted.slice(k), first.state);
        const whole = fold(sorted);
        expect(second.state).toEqual(whole.state);
        expect([...first.changes, ...second.changes]).toEqual(whole.changes);
      }),
    );
  });

  it('a single stray stronger read never moves a present tag', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 590 }),
        fc.integer({ min: -8000, max: -2000 }),
        fc.array(fc.integer({ min: 0, max: 595 }), { maxLength: 10 }),
        (strayAt, strayRssi, homeReads) => {
          const at10 = fold([read(0, 10, -7000)]).state;
          const r = fold([read(strayAt, 20, strayRssi), ...homeReads.map((s) => read(s, 10, -7000))], at10);
          expect(r.changes.filter((c) => c.kind === 'moved')).toEqual([]);
          expect(r.state.locationId).toBe(10);
        },
      ),
    );
  });

  it('a point-of-sale reader never makes a tag present', () => {
    fc.assert(
      fc.property(arbReads, (rs) => {
        const pos = rs.map((r) => ({ ...r, sceneId: 3 }));
        const out = fold(pos);
        expect(out.changes.every((c) => c.kind === 'sold')).toBe(true);
        expect(out.state.presence === null || out.state.presence === 'sold').toBe(true);
      }),
    );
  });

  it('never changes the state it starts from, and folding read by read is folding at once', () => {
    fc.assert(
      fc.property(arbReads, arbReads, (before, after) => {
        const start = fold(before).state;
        const copy = structuredClone(start);
        Object.freeze(start);
        if (start.candidate) Object.freeze(start.candidate);
        const sorted = [...after].sort((a, b) => a.at - b.at || compareReads(a, b));
        const whole = fold(sorted, start);
        expect(start).toEqual(copy);
        let s = start;
        for (const r of sorted) s = fold([r], s).state;
        expect(s).toEqual(whole.state);
      }),
    );
  });

  it('changes come in time order and a present tag always has a location and a due departure', () => {
    fc.assert(
      fc.property(arbReads, (rs) => {
        const out = fold(rs);
        for (let i = 1; i < out.changes.length; i++) expect(out.changes[i].at).toBeGreaterThanOrEqual(out.changes[i - 1].at);
        if (out.state.presence === 'present') {
          expect(out.state.locationId).not.toBeNull();
          expect(out.state.departDueAt).toBeGreaterThan(out.state.seenAt!);
        }
      }),
    );
  });
});
