/**
 * Properties of the move between locations (issue 28: smoothed RSSI per location and a mobility
 * profile per scene type), beside presence.test.ts's examples and general properties.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RULES,
  EMPTY_PRESENCE,
  foldPresence,
  holdoffOf,
  type PresenceEvent,
  type PresenceRead,
  type PresenceState,
  profileOf,
  SCENE_TYPE,
  type SceneRules,
} from './presence.js';

const T0 = Date.UTC(2026, 10, 24, 8, 0, 0);
const A = 10;
const B = 20;
/** scene id = scene type (1 general, 2 gate, 4 fitting room, 5 tunnel), each with its type's profile and hold-off */
const rulesOf = (id: number | null): SceneRules => ({ ...DEFAULT_RULES, sceneType: id ?? SCENE_TYPE.GENERAL });
/** a read `ms` after T0 */
const at = (ms: number, locationId: number, rssi: number | null, sceneId: number): PresenceRead => ({
  at: T0 + ms,
  locationId,
  rssi,
  equipment: `R${locationId}`,
  sceneId,
});
const fold = (reads: PresenceRead[], prev: PresenceState = EMPTY_PRESENCE) => foldPresence(prev, reads, rulesOf);
const moves = (changes: PresenceEvent[]) => changes.filter((c) => c.kind === 'moved');

/** One antenna's reads: a first read, then (gap, noise) pairs; gaps in thousandths of `maxGap`, noise in thousandths of `noise`. */
const arbSteps = (length: number) =>
  fc.array(fc.tuple(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: -1000, max: 1000 })), { minLength: length, maxLength: length });

function antennaReads(
  locationId: number,
  sceneId: number,
  start: number,
  steps: [number, number][],
  maxGap: number,
  rssiAt: (ms: number) => number,
  noise: number,
): PresenceRead[] {
  const out: PresenceRead[] = [];
  let t = start;
  for (const [g, e] of steps) {
    out.push(at(t, locationId, rssiAt(t) + Math.round((noise * e) / 1000), sceneId));
    t += Math.max(1, Math.round((maxGap * g) / 1000));
  }
  return out;
}

/**
 * A tag between two antennas of equal mean RSSI: each reads it with bounded noise (|noise| < half
 * the profile's threshold) and never leaves more than the hold-off between two reads, over the
 * time both read it; optionally one antenna is blocked once (a "spell" of up to half departAfter).
 */
const arbBetween = fc.record({
  sceneType: fc.constantFrom(SCENE_TYPE.GENERAL, SCENE_TYPE.GATE, SCENE_TYPE.FITTING, SCENE_TYPE.TUNNEL),
  mean: fc.integer({ min: -7500, max: -3500 }),
  // strictly below half the threshold (6 dB = 600 cdBm)
  noise: fc.integer({ min: 0, max: 299 }),
  startB: fc.integer({ min: 0, max: 1000 }),
  stepsA: arbSteps(60),
  stepsB: arbSteps(60),
  spell: fc.option(
    fc.record({ antenna: fc.constantFrom(A, B), from: fc.integer({ min: 0, max: 1000 }), length: fc.integer({ min: 0, max: 1000 }) }),
    { nil: null },
  ),
});

function betweenReads(g: typeof arbBetween extends fc.Arbitrary<infer T> ? T : never) {
  const rules = rulesOf(g.sceneType);
  const H = holdoffOf(rules);
  const flat = () => g.mean;
  const ra = antennaReads(A, g.sceneType, 0, g.stepsA, H, flat, g.noise);
  const rb = antennaReads(B, g.sceneType, Math.round((H * g.startB) / 1000), g.stepsB, H, flat, g.noise);
  // both read it up to the same end: the earlier of the two last reads
  const end = Math.min(ra[ra.length - 1].at, rb[rb.length - 1].at);
  let reads = [...ra, ...rb].filter((r) => r.at <= end);
  if (g.spell) {
    const from = T0 + Math.round(((end - T0) * g.spell.from) / 1000);
    const until = from + Math.round((rules.departAfter * 500 * g.spell.length) / 1000);
    const blocked = g.spell.antenna;
    reads = reads.filter((r) => r.locationId !== blocked || r.at < from || r.at >= until);
  }
  return reads;
}

describe('moves between locations, properties', () => {
  it('a tag between two equal antennas never flaps: no move while both read it, at most one when one is blocked once', () => {
    fc.assert(
      fc.property(arbBetween, (g) => {
        const out = fold(betweenReads(g));
        // one arrival, no departure (a blocked antenna is claimed from long before departAfter)
        expect(out.changes.filter((c) => c.kind !== 'moved').map((c) => c.kind)).toEqual(['arrived']);
        expect(moves(out.changes).length).toBeLessThanOrEqual(g.spell ? 1 : 0);
      }),
      { numRuns: 200 },
    );
  });

  it('folding the same reads in parts (cut between instants) is folding them at once', () => {
    fc.assert(
      fc.property(arbBetween, fc.array(fc.nat(), { maxLength: 8 }), (g, cuts) => {
        const reads = betweenReads(g).sort((x, y) => x.at - y.at);
        const whole = fold(reads);
        // cut points moved forward past reads of the same instant
        const points = [
          ...new Set(
            cuts.map((c) => {
              let k = c % (reads.length + 1);
              while (k > 0 && k < reads.length && reads[k - 1].at === reads[k].at) k++;
              return k;
            }),
          ),
        ].sort((x, y) => x - y);
        let state = EMPTY_PRESENCE;
        const changes: PresenceEvent[] = [];
        let from = 0;
        for (const k of [...points, reads.length]) {
          const part = fold(reads.slice(from, k), state);
          // what the database keeps and gives back: a copy
          state = structuredClone(part.state);
          changes.push(...part.changes);
          from = k;
        }
        expect(state).toEqual(whole.state);
        expect(changes).toEqual(whole.changes);
      }),
      { numRuns: 150 },
    );
  });

  it('a carried tag (weaker and weaker at A, stronger and stronger at B) moves to B once, within the hold-off of the crossing', () => {
    // general scene: 6 dB, hold-off 10 s. A reads it at -45 dBm falling `rate` cdBm/s (until -90
    // dBm), B at -75 dBm rising as fast; each every 0.2–1 s, noise within ±1.5 dB. Their noise-free
    // RSSIs cross at 1500 / rate s: the move comes after that and at most the hold-off later
    const H = holdoffOf(DEFAULT_RULES);
    expect(H).toBe(10_000);
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 400 }),
        fc.integer({ min: 0, max: 150 }),
        fc.integer({ min: 0, max: 1000 }),
        arbSteps(240),
        arbSteps(240),
        (rate, noise, startB, stepsA, stepsB) => {
          const cross = (1500 / rate) * 1000;
          const end = cross + 3 * H;
          const gap = (steps: [number, number][]) => steps.map(([g, e]): [number, number] => [200 + Math.round((800 * g) / 1000), e]);
          // A's field ends at -90 dBm: 4500 / rate s
          const ra = antennaReads(A, 1, 0, gap(stepsA), 1000, (ms) => Math.round(-4500 - (rate * ms) / 1000), noise).filter(
            (r) => r.at - T0 <= Math.min(end, (4500 / rate) * 1000),
          );
          const rb = antennaReads(B, 1, startB, gap(stepsB), 1000, (ms) => Math.round(-7500 + (rate * ms) / 1000), noise).filter(
            (r) => r.at - T0 <= end,
          );
          const out = fold([...ra, ...rb]);
          expect(out.changes.map((c) => [c.kind, c.locationId])).toEqual([
            ['arrived', A],
            ['moved', B],
          ]);
          const movedAt = out.changes[1].at - T0;
          expect(movedAt).toBeGreaterThan(cross);
          expect(movedAt).toBeLessThanOrEqual(cross + H);
          expect(out.state.locationId).toBe(B);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a gate (or a tunnel: the same profile) passes a carton on quickly: three strong reads at the next one move it', () => {
    expect(profileOf(SCENE_TYPE.TUNNEL)).toEqual(profileOf(SCENE_TYPE.GATE));
    fc.assert(
      fc.property(
        fc.integer({ min: -7000, max: -5000 }),
        fc.integer({ min: 700, max: 3000 }),
        fc.constantFrom(2, 5),
        (home, lead, scene) => {
          const g = profileOf(scene);
          const atA = fold([at(0, A, home, scene), at(100, A, home, scene)]).state;
          const reads = [1, 2, 3].map((i) => at(100 + i * 50, B, home + lead, scene));
          const two = fold(reads.slice(0, g.minReads - 1), atA);
          expect(two.changes).toEqual([]);
          expect(moves(fold(reads.slice(0, g.minReads), atA).changes).map((c) => c.locationId)).toEqual([B]);
        },
      ),
    );
  });
});
