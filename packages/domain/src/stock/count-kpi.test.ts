import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countKpis, itemsPerHour, lineDiff, weekStatus } from './count-kpi.js';

describe('count KPIs (operations.md §9)', () => {
  it('known numbers: SMAPE, SKU and unit accuracy', () => {
    // e = 10, 5, 0, 4; r = 9, 5, 2, 0
    const k = countKpis([
      { expectedQty: 10, countedQty: 9 },
      { expectedQty: 5, countedQty: 5 },
      { expectedQty: 0, countedQty: 2 },
      { expectedQty: 4, countedQty: 0 },
      { expectedQty: 0, countedQty: 0 },
    ]);
    expect(k).toMatchObject({ expectedPieces: 19, countedPieces: 16, overPieces: 2, shortPieces: 5, skuCount: 4, skuExact: 1 });
    // 1 − (1 + 0 + 2 + 4) / (19 + 16) = 0.8
    expect(k.accuracySmape).toBe(80);
    expect(k.accuracySku).toBe(25);
    // 1 − 7 / 19
    expect(k.accuracyUnit).toBeCloseTo(63.16, 2);
  });

  it('moved pieces after the snapshot count in expected', () => {
    expect(lineDiff({ expectedQty: 10, movedQty: -3, countedQty: 7 })).toEqual({ expected: 7, over: 0, short: 0 });
    expect(lineDiff({ expectedQty: 10, movedQty: 2, countedQty: 11 })).toEqual({ expected: 12, over: 0, short: 1 });
    expect(countKpis([{ expectedQty: 10, movedQty: -3, countedQty: 7 }]).accuracySmape).toBe(100);
  });

  it('nothing expected nor counted is 100 %, and every figure stays within 0–100 %', () => {
    expect(countKpis([])).toMatchObject({ accuracySmape: 100, accuracySku: 100, accuracyUnit: 100 });
    fc.assert(
      fc.property(fc.array(fc.record({ expectedQty: fc.nat(50), countedQty: fc.nat(50) }), { maxLength: 40 }), (lines) => {
        const k = countKpis(lines);
        for (const v of [k.accuracySmape, k.accuracySku, k.accuracyUnit]) {
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(100);
        }
        expect(k.countedPieces - k.expectedPieces).toBe(k.overPieces - k.shortPieces);
        if (lines.every((l) => l.expectedQty === l.countedQty)) expect(k.accuracySmape).toBe(100);
      }),
    );
  });

  it('pace and the week status', () => {
    expect(itemsPerHour(1200, 1800)).toBe(2400);
    expect(itemsPerHour(5, 0)).toBe(0);
    expect(weekStatus([])).toBe('notCounted');
    expect(weekStatus([2])).toBe('incomplete');
    expect(weekStatus([2, 4])).toBe('complete');
    expect(weekStatus([3, 5])).toBe('approved');
  });
});
