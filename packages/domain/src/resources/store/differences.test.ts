import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareStocks, differenceTotals, skuAccuracy, smapeAccuracy } from './differences.js';

const pair = fc.record({ erpQty: fc.integer({ min: 0, max: 50 }), rfidQty: fc.integer({ min: 0, max: 50 }) });

describe('ERP vs RFID KPIs (operations.md §9)', () => {
  it('SMAPE accuracy on known numbers: 1 − Σ|r − e| / Σ(r + e)', () => {
    // |10−8| + |5−5| + |0−3| = 5 over 18 + 10 + 3 = 31
    expect(
      smapeAccuracy([
        { erpQty: 10, rfidQty: 8 },
        { erpQty: 5, rfidQty: 5 },
        { erpQty: 3, rfidQty: 0 },
        { erpQty: 0, rfidQty: 0 },
      ]),
    ).toBeCloseTo(1 - 5 / 31, 10);
    expect(smapeAccuracy([])).toBe(1);
    expect(smapeAccuracy([{ erpQty: 4, rfidQty: 0 }])).toBe(0);
  });

  it('SKU accuracy on known numbers: exact SKUs over SKUs with stock on either side', () => {
    expect(
      skuAccuracy([
        { erpQty: 10, rfidQty: 8 },
        { erpQty: 5, rfidQty: 5 },
        { erpQty: 3, rfidQty: 0 },
        { erpQty: 0, rfidQty: 0 },
      ]),
    ).toBeCloseTo(1 / 3, 10);
    expect(skuAccuracy([{ erpQty: 0, rfidQty: 0 }])).toBe(1);
  });

  it('both are 1 when the figures agree, bounded 0–1, and a size over and another short do not cancel', () => {
    fc.assert(
      fc.property(fc.array(pair, { maxLength: 40 }), (pairs) => {
        const s = smapeAccuracy(pairs);
        const k = skuAccuracy(pairs);
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(1);
        expect(k).toBeGreaterThanOrEqual(0);
        expect(k).toBeLessThanOrEqual(1);
        expect(smapeAccuracy(pairs.map((p) => ({ erpQty: p.erpQty, rfidQty: p.erpQty })))).toBe(1);
        expect(skuAccuracy(pairs.map((p) => ({ erpQty: p.erpQty, rfidQty: p.erpQty })))).toBe(1);
      }),
    );
    expect(
      skuAccuracy([
        { erpQty: 2, rfidQty: 3 },
        { erpQty: 3, rfidQty: 2 },
      ]),
    ).toBe(0);
  });
});

describe('difference list totals', () => {
  it('sums plus, minus, absolute and value over the lines not ignored', () => {
    const t = differenceTotals([
      { erpQty: 10, rfidQty: 12, price: 99.5 }, // +2
      { erpQty: 7, rfidQty: 4, price: 10 }, // −3
      { erpQty: 1, rfidQty: 1, price: 5 }, // 0
      { erpQty: 0, rfidQty: 9, price: 1, ignored: true },
    ]);
    expect(t).toEqual({ skus: 4, plus: 2, minus: 3, absolute: 5, net: -1, ignored: 1, value: 169, absoluteValue: 229 });
  });

  it('plus − minus is the net difference; ignoring a line takes exactly its difference out', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ erpQty: fc.nat(30), rfidQty: fc.nat(30), price: fc.nat(500), ignored: fc.boolean() })), (lines) => {
        const t = differenceTotals(lines);
        expect(t.plus - t.minus).toBe(t.net);
        expect(t.ignored).toBe(lines.filter((l) => l.ignored).length);
        const kept = differenceTotals(lines.filter((l) => !l.ignored));
        expect({ ...kept, skus: t.skus, ignored: t.ignored }).toEqual(t);
      }),
    );
  });

  it('compares every SKU either side holds; only differences leaves the equal ones out', () => {
    const erp = new Map([
      [1, 5],
      [2, 3],
      [4, 0],
    ]);
    const rfid = new Map([
      [1, 5],
      [3, 2],
      [4, 0],
    ]);
    expect(compareStocks(erp, rfid)).toEqual([
      { skuId: 1, erpQty: 5, rfidQty: 5 },
      { skuId: 2, erpQty: 3, rfidQty: 0 },
      { skuId: 3, erpQty: 0, rfidQty: 2 },
    ]);
    expect(compareStocks(erp, rfid, true).map((l) => l.skuId)).toEqual([2, 3]);
  });
});
