import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  billTotals,
  CARTON_RESULT,
  type CartonKey,
  cartonResult,
  countsOf,
  type Epc,
  type RegistryEntry,
  reconcile,
  reconcileSkus,
} from './reconcile.js';

const BILL = 7;
const epcOf = (i: number) => `3034024220${String(i).padStart(14, '0')}`;

/**
 * A delivery: EPCs 0..n-1 expected in cartons; each EPC read in no carton, its own or another one;
 * plus strangers read (known on another bill, known on this bill, or unknown).
 */
const delivery = fc
  .record({
    cartons: fc.integer({ min: 1, max: 6 }),
    pieces: fc.array(fc.record({ home: fc.nat(5), readIn: fc.option(fc.nat(5), { nil: null }) }), { maxLength: 60 }),
    strangers: fc.array(fc.record({ readIn: fc.nat(5), kind: fc.constantFrom('foreign', 'extra', 'unknown') }), { maxLength: 10 }),
  })
  .map(({ cartons, pieces, strangers }) => {
    const expected = new Map<Epc, CartonKey>();
    const read = new Map<CartonKey, Set<Epc>>();
    const registry = new Map<Epc, RegistryEntry>();
    const readIn = (carton: number, epc: Epc) => {
      const key = `C${carton % cartons}`;
      if (!read.has(key)) read.set(key, new Set());
      read.get(key)!.add(epc);
    };
    pieces.forEach((p, i) => {
      const epc = epcOf(i);
      expected.set(epc, `C${p.home % cartons}`);
      registry.set(epc, { skuId: 100 + (i % 3), billId: BILL, cartonId: `C${p.home % cartons}` });
      if (p.readIn !== null) readIn(p.readIn, epc);
    });
    strangers.forEach((s, j) => {
      const epc = epcOf(1000 + j);
      if (s.kind === 'foreign') registry.set(epc, { skuId: 200, billId: BILL + 1 });
      if (s.kind === 'extra') registry.set(epc, { skuId: 100, billId: BILL });
      readIn(s.readIn, epc);
    });
    return { expected, read, registry, strangers };
  });

const run = (d: { expected: Map<Epc, CartonKey>; read: Map<CartonKey, Set<Epc>>; registry: Map<Epc, RegistryEntry> }) =>
  reconcile(d.expected, d.read, (e) => d.registry.get(e) ?? null, BILL);

describe('carton reconciliation', () => {
  it('keeps matched + short = expected here and matched + over + foreign + unknown = read here, each EPC in one class', () => {
    fc.assert(
      fc.property(delivery, (d) => {
        const out = run(d);
        for (const [carton, c] of out) {
          const expectedHere = [...d.expected].filter(([, k]) => k === carton).map(([e]) => e);
          const readHere = [...(d.read.get(carton) ?? [])];
          expect([...c.matched, ...c.short].sort()).toEqual(expectedHere.sort());
          expect([...c.matched, ...c.over, ...c.foreign, ...c.unknown].sort()).toEqual(readHere.sort());
          const all = [...c.matched, ...c.short, ...c.over, ...c.foreign, ...c.unknown];
          expect(new Set(all).size).toBe(all.length);
          expect(c.result).toBe(cartonResult(countsOf(c)));
        }
        // every carton expected or read is reported
        const cartons = new Set<CartonKey>([...d.expected.values(), ...d.read.keys()]);
        expect(new Set(out.keys())).toEqual(cartons);
      }),
    );
  });

  it('classes strangers: on another bill foreign, on this bill over, unknown to the registry unknown', () => {
    fc.assert(
      fc.property(delivery, (d) => {
        const out = run(d);
        const classOf = (epc: Epc) => {
          for (const c of out.values()) for (const k of ['over', 'foreign', 'unknown'] as const) if (c[k].includes(epc)) return k;
          return undefined;
        };
        d.strangers.forEach((s, j) => {
          expect(classOf(epcOf(1000 + j))).toBe(s.kind === 'extra' ? 'over' : s.kind);
        });
      }),
    );
  });

  it('calls a mis-packed piece short in its own carton and over in the one it was read in', () => {
    const expected = new Map<Epc, CartonKey>([
      ['A1', 'A'],
      ['A2', 'A'],
      ['B1', 'B'],
    ]);
    const read = new Map<CartonKey, Set<Epc>>([
      ['A', new Set(['A1'])],
      ['B', new Set(['B1', 'A2'])],
    ]);
    const out = reconcile(expected, read, () => ({ skuId: 1, billId: BILL }), BILL);
    expect(out.get('A')).toMatchObject({ matched: ['A1'], short: ['A2'], over: [], result: CARTON_RESULT.SHORT });
    expect(out.get('B')).toMatchObject({ matched: ['B1'], over: ['A2'], short: [], result: CARTON_RESULT.OVER });
  });

  it('finds every carton matched when each was read whole, and answers the same whatever the order of the reads', () => {
    fc.assert(
      fc.property(delivery, (d) => {
        const readInOrder = (pairs: [Epc, CartonKey][]) => {
          const read = new Map<CartonKey, Set<Epc>>();
          for (const [epc, carton] of pairs) {
            if (!read.has(carton)) read.set(carton, new Set());
            read.get(carton)!.add(epc);
          }
          return read;
        };
        const forward = run({ ...d, read: readInOrder([...d.expected]) });
        const backward = run({ ...d, expected: new Map([...d.expected].reverse()), read: readInOrder([...d.expected].reverse()) });
        for (const c of forward.values()) expect(c.result).toBe(CARTON_RESULT.MATCHED);
        expect(new Map([...backward].sort())).toEqual(new Map([...forward].sort()));
      }),
    );
  });

  it('names a carton SHORT, OVER or MIXED by what it lacks and what it has too many of', () => {
    expect(cartonResult({ short: 0, over: 0, foreign: 0, unknown: 0 })).toBe(CARTON_RESULT.MATCHED);
    expect(cartonResult({ short: 1, over: 0, foreign: 0, unknown: 0 })).toBe(CARTON_RESULT.SHORT);
    expect(cartonResult({ short: 0, over: 1, foreign: 0, unknown: 0 })).toBe(CARTON_RESULT.OVER);
    expect(cartonResult({ short: 0, over: 0, foreign: 1, unknown: 0 })).toBe(CARTON_RESULT.MIXED);
    expect(cartonResult({ short: 0, over: 0, foreign: 0, unknown: 1 })).toBe(CARTON_RESULT.MIXED);
    expect(cartonResult({ short: 1, over: 1, foreign: 0, unknown: 0 })).toBe(CARTON_RESULT.MIXED);
  });
});

describe('SKU-level reconciliation', () => {
  it('keeps matched + short = expected and matched + over = read for every SKU', () => {
    const side = fc.array(fc.tuple(fc.integer({ min: 1, max: 8 }), fc.nat(50)), { maxLength: 8 }).map((a) => new Map(a));
    fc.assert(
      fc.property(side, side, (expected, read) => {
        for (const r of reconcileSkus(expected, read)) {
          expect(r.matched + r.short).toBe(expected.get(r.skuId) ?? 0);
          expect(r.matched + r.over).toBe(read.get(r.skuId) ?? 0);
          expect(r.over * r.short).toBe(0);
          expect(r.diff).toBe(r.over - r.short);
        }
      }),
    );
  });
});

describe("a bill's totals", () => {
  it('adds its cartons up: should, real, diff, the ratio, abnormal on a difference, a stranger or a held carton', () => {
    const matched = { expected: 10, read: 10, matched: 10, short: 0, over: 0, foreign: 0, unknown: 0 };
    const short = { expected: 10, read: 7, matched: 7, short: 3, over: 0, foreign: 0, unknown: 0 };
    const unread = { expected: 5, read: 0, matched: 0, short: 5, over: 0, foreign: 0, unknown: 0 };
    expect(billTotals([matched, short, unread])).toEqual({
      cartonsExpected: 3,
      cartonsReceived: 2,
      cartonsDiff: -1,
      piecesExpected: 25,
      piecesReceived: 17,
      piecesDiff: -8,
      diffRatio: 32,
      abnormal: true,
    });
    expect(billTotals([matched, matched]).abnormal).toBe(false);
    expect(billTotals([matched, { ...matched, held: true }]).abnormal).toBe(true);
    const withForeign = { ...matched, read: 11, foreign: 1 };
    expect(billTotals([withForeign])).toMatchObject({ piecesReceived: 10, abnormal: true });
    expect(billTotals([withForeign], { acceptForeign: true })).toMatchObject({ piecesReceived: 11, diffRatio: 10 });
    expect(billTotals([{ ...short, expected: 3, matched: 1, short: 2, read: 1 }]).diffRatio).toBe(66.67);
  });
});
