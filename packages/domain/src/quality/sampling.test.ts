import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AQLS, type Aql, codeLetter, INSPECTION_LEVELS, samplePlan } from './sampling.js';

describe('ISO 2859-1 single sampling, normal inspection', () => {
  it('gives the code letters of Table I', () => {
    expect(codeLetter(8)).toBe('A');
    expect(codeLetter(50)).toBe('D');
    expect(codeLetter(1_000)).toBe('J');
    expect(codeLetter(1_201)).toBe('K');
    expect(codeLetter(10_000)).toBe('L');
    expect(codeLetter(10_001)).toBe('M');
    expect(codeLetter(1_000_000)).toBe('Q');
    expect(codeLetter(1_000, 'I')).toBe('G');
    expect(codeLetter(1_000, 'III')).toBe('K');
    expect(() => codeLetter(1)).toThrow(RangeError);
  });

  it('gives the plans of operations.md at level II, AQL 2.5', () => {
    const rows: [number, number, number, number][] = [
      [501, 80, 5, 6],
      [1_200, 80, 5, 6],
      [1_201, 125, 7, 8],
      [3_200, 125, 7, 8],
      [3_201, 200, 10, 11],
      [10_000, 200, 10, 11],
      [10_001, 315, 14, 15],
      [35_000, 315, 14, 15],
    ];
    for (const [lot, n, ac, re] of rows) expect(samplePlan(lot), `lot ${lot}`).toMatchObject({ sampleSize: n, accept: ac, reject: re });
  });

  it("follows Table II-A's arrows and its row of letter L (200) across the AQLs", () => {
    // letter L: 0.065 → 0/1; 0.10 ↑ (K, 125, 0/1); 0.15 ↓ (M, 315, 1/2); 0.25 1/2; … 6.5 21/22
    const L: [Aql, string, number, number][] = [
      [0.065, 'L', 200, 0],
      [0.1, 'K', 125, 0],
      [0.15, 'M', 315, 1],
      [0.25, 'L', 200, 1],
      [0.4, 'L', 200, 2],
      [0.65, 'L', 200, 3],
      [1.0, 'L', 200, 5],
      [1.5, 'L', 200, 7],
      [2.5, 'L', 200, 10],
      [4.0, 'L', 200, 14],
      [6.5, 'L', 200, 21],
    ];
    for (const [aql, planLetter, n, ac] of L)
      expect(samplePlan(5_000, aql), `AQL ${aql}`).toMatchObject({ letter: 'L', planLetter, sampleSize: n, accept: ac });
    // at AQL 2.5: D points up to C's 0/1 plan, E down to F's 1/2, P up to N's 21/22
    expect(samplePlan(40)).toMatchObject({ letter: 'D', planLetter: 'C', sampleSize: 5, accept: 0 });
    expect(samplePlan(60)).toMatchObject({ letter: 'E', planLetter: 'F', sampleSize: 20, accept: 1 });
    expect(samplePlan(200_000)).toMatchObject({ letter: 'P', planLetter: 'N', sampleSize: 500, accept: 21, reject: 22 });
  });

  it('inspects the whole lot when the plan asks for as many pieces as it has', () => {
    // AQL 6.5, lot 10 (B): ↑ to A's 2 pieces; AQL 0.065, lot 10: ↓ to L's 200 pieces, more than the lot
    expect(samplePlan(10, 6.5)).toMatchObject({ sampleSize: 2, wholeLot: false });
    expect(samplePlan(10, 0.065)).toMatchObject({ sampleSize: 10, accept: 0, wholeLot: true });
  });

  it('never samples more than the lot, and asks no fewer pieces nor a lower Ac of a larger lot', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 2_000_000 }),
        fc.integer({ min: 2, max: 2_000_000 }),
        fc.constantFrom(...AQLS),
        fc.constantFrom(...INSPECTION_LEVELS),
        (a, b, aql, level) => {
          const [small, large] = a <= b ? [a, b] : [b, a];
          const p = samplePlan(small, aql, level);
          const q = samplePlan(large, aql, level);
          expect(p.sampleSize).toBeLessThanOrEqual(small);
          expect(p.reject).toBe(p.accept + 1);
          expect(q.sampleSize).toBeGreaterThanOrEqual(p.sampleSize);
          expect(q.accept).toBeGreaterThanOrEqual(p.accept);
        },
      ),
    );
  });
});
