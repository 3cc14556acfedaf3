import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareReads,
  DEFAULT_RULES,
  EMPTY_PRESENCE,
  foldPresence,
  type PresenceRead,
  type PresenceState,
  RSSI_MARGIN_CDBM,
  SCENE_TYPE,
  type SceneRules,
  sweepPresence,
} from './presence.js';

const S = 1000;
const T0 = Date.UTC(2026, 10, 24, 8, 0, 0);
/** scene 1: general (holdoff 10 s, depart 600 s); scene 2: gate; scene 3: point of sale (guard 300 s) */
const RULES: Record<number, SceneRules> = {
  1: DEFAULT_RULES,
  2: { ...DEFAULT_RULES, sceneType: SCENE_TYPE.GATE },
  3: { ...DEFAULT_RULES, sceneType: SCENE_TYPE.POS },
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

  it('moves when another location reads it consistently stronger for the hold-off', () => {
    const at10 = fold([read(0, 10, -6000)]).state;
    const r = fold([read(1, 20, -4000), read(5, 20, -4000), read(11, 20, -4000)], at10);
    expect(kinds(r)).toEqual(['moved']);
    expect(r.changes[0]).toMatchObject({ locationId: 20, fromLocationId: 10, at: T0 + 11 * S });
    expect(r.state).toMatchObject({ presence: 'present', locationId: 20, candidate: null });
  });

  it('a read at the current location at comparable strength resets the candidate', () => {
    const at10 = fold([read(0, 10, -6000)]).state;
    const started = fold([read(1, 20, -4000)], at10).state;
    expect(started.candidate).toMatchObject({ locationId: 20, since: T0 + S });
    const reset = fold([read(6, 10, -4000 - RSSI_MARGIN_CDBM + 100)], started);
    expect(reset.state.candidate).toBeNull();
    // the hold-off starts again from the next stronger read
    const r = fold([read(8, 20, -3000), read(13, 10, -6000), read(17, 20, -3000)], reset.state);
    expect(kinds(r)).toEqual([]);
    expect(r.state.candidate).toMatchObject({ locationId: 20, since: T0 + 8 * S });
    expect(kinds(fold([read(18, 20, -3000)], r.state))).toEqual(['moved']);
  });

  it('a single stray stronger read never moves it', () => {
    const at10 = fold([read(0, 10, -6000)]).state;
    const r = fold([read(30, 20, -3000), read(31, 10, -6000), read(200, 10, -6000)], at10);
    expect(kinds(r)).toEqual([]);
    expect(r.state.locationId).toBe(10);
  });

  it('a read not stronger at another location does not start a move', () => {
    const at10 = fold([read(0, 10, -5000)]).state;
    const r = fold([read(1, 20, -5000), read(10, 10, -5000), read(15, 20, -5000)], at10);
    expect(r.changes).toEqual([]);
    expect(r.state.candidate).toBeNull();
  });

  it('another location may claim a tag its location has not read for longer than the hold-off', () => {
    const at10 = fold([read(0, 10, -5000)]).state;
    const r = fold([read(20, 20, -6000), read(31, 20, -6000)], at10);
    expect(kinds(r)).toEqual(['moved']);
    expect(r.state.locationId).toBe(20);
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

// --- properties ---------------------------------------------------------------------------------

const arbRead = fc.record({
  sec: fc.integer({ min: 0, max: 1200 }),
  loc: fc.constantFrom<number | null>(10, 20, 30, null),
  rssi: fc.option(fc.integer({ min: -8000, max: -2000 }), { nil: null }),
  scene: fc.constantFrom(1, 1, 2, 3),
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
