import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ClosedSession,
  compareFittingReads,
  convertSession,
  DEFAULT_FITTING_RULES,
  dueAt,
  EMPTY_FITTING,
  type FittingRead,
  type FittingRules,
  type FittingSale,
  type FittingState,
  fittingMeasures,
  foldFitting,
  sweepFitting,
} from './fitting.js';

const S = 1000;
const H = 3_600_000;
const T0 = Date.UTC(2026, 10, 24, 10, 0, 0);
const R = DEFAULT_FITTING_RULES;
const read = (sec: number, cabinId: number, epc: string): FittingRead => ({ epc, cabinId, at: T0 + sec * S });
/** reads of `epcs` at a cabin every `step` seconds from `from` to `to` (inclusive) */
function every(from: number, to: number, step: number, cabinId: number, epcs: string[]): FittingRead[] {
  const out: FittingRead[] = [];
  for (let sec = from; sec <= to; sec += step) for (const epc of epcs) out.push(read(sec, cabinId, epc));
  return out;
}
const fold = (reads: FittingRead[], nowSec: number, state: FittingState = EMPTY_FITTING, rules: FittingRules = R) =>
  foldFitting(state, reads, T0 + nowSec * S, rules);
const epcsOf = (s: { items: { epc: string }[] }) => s.items.map((i) => i.epc);

describe('foldFitting, examples', () => {
  it('a shopper with 3 garments for 4 minutes: one session, 3 tried, closed a merge gap after the last read', () => {
    const reads = every(0, 240, 5, 1, ['C', 'A', 'B']);
    const during = fold(reads, 260);
    expect(during.closed).toEqual([]);
    expect(during.state.open).toHaveLength(1);
    expect(dueAt(during.state.open[0], R)).toBe(T0 + 270 * S);
    const { state, closed } = sweepFitting(during.state, T0 + 270 * S, R);
    expect(state.open).toEqual([]);
    expect(closed).toHaveLength(1);
    const [s] = closed;
    expect(s).toMatchObject({ cabinId: 1, startedAt: T0, endedAt: T0 + 240 * S, dwellS: 240, dropped: false });
    expect(epcsOf(s)).toEqual(['A', 'B', 'C']);
    expect(s.items.every((i) => i.tried && i.dwellS === 240 && i.reads === 49 && i.leftAt === null)).toBe(true);
    expect(fold(reads, 270)).toEqual({ state, closed });
  });

  it('a garment carried past a cabin (one read): a dropped session', () => {
    const { state, closed } = fold([read(0, 1, 'X')], 60);
    expect(state.open).toEqual([]);
    expect(closed).toHaveLength(1);
    expect(closed[0]).toMatchObject({ dwellS: 0, dropped: true, items: [{ epc: 'X', dwellS: 0, tried: false, reads: 1 }] });
  });

  it('a visit shorter than a try-on is dropped, unless its rules make it one', () => {
    const { closed } = fold(every(0, 40, 5, 1, ['A']), 100);
    expect(closed[0]).toMatchObject({ dwellS: 40, dropped: true });
    const rules = { ...R, minDwellS: 40 };
    expect(fold(every(0, 40, 5, 1, ['A']), 100, EMPTY_FITTING, rules).closed[0]).toMatchObject({
      dropped: false,
      items: [{ tried: true }],
    });
  });

  it('two shoppers 2 minutes apart in one cabin with a 60 s gap: two sessions', () => {
    const reads = [...every(0, 120, 5, 1, ['A', 'B']), ...every(180, 300, 5, 1, ['C', 'D'])];
    const { state, closed } = fold(reads, 400);
    expect(state.open).toEqual([]);
    expect(closed.map((s) => [s.startedAt, s.endedAt, epcsOf(s)])).toEqual([
      [T0, T0 + 120 * S, ['A', 'B']],
      [T0 + 180 * S, T0 + 300 * S, ['C', 'D']],
    ]);
    // a gap shorter than the merge gap keeps one session
    const one = fold([...every(0, 120, 5, 1, ['A']), ...every(145, 300, 5, 1, ['B'])], 400).closed;
    expect(one.map((s) => epcsOf(s))).toEqual([['A', 'B']]);
  });

  it('a garment moved from cabin 1 to cabin 2 belongs to cabin 2 from then on', () => {
    const reads = [...every(0, 200, 5, 1, ['A']), ...every(0, 60, 5, 1, ['B']), ...every(65, 200, 5, 2, ['B', 'C'])];
    const mid = fold(
      reads.filter((r) => r.at <= T0 + 100 * S),
      100,
    );
    expect(mid.closed).toEqual([]);
    const [one, two] = mid.state.open;
    expect(one.items.map((i) => [i.epc, i.leftAt])).toEqual([
      ['A', null],
      ['B', T0 + 65 * S],
    ]);
    expect(two.items.map((i) => [i.epc, i.firstAt, i.leftAt])).toEqual([
      ['B', T0 + 65 * S, null],
      ['C', T0 + 65 * S, null],
    ]);
    const { closed } = fold(reads, 300);
    const [c1, c2] = closed;
    expect(c1).toMatchObject({ cabinId: 1, startedAt: T0, endedAt: T0 + 200 * S });
    expect(c1.items.map((i) => [i.epc, i.dwellS, i.reads])).toEqual([
      ['A', 200, 41],
      ['B', 60, 13],
    ]);
    expect(c2).toMatchObject({ cabinId: 2, startedAt: T0 + 65 * S, endedAt: T0 + 200 * S });
    expect(c2.items.map((i) => [i.epc, i.dwellS])).toEqual([
      ['B', 135],
      ['C', 135],
    ]);
  });

  it('a moved garment no longer keeps its old cabin present; read back there, it rejoins its item', () => {
    // Y stops at 20 s; X leaves for cabin 2 at 105 s: cabin 1 ended at Y's last read, overdue since 50 s
    const reads = [...every(0, 20, 5, 1, ['Y']), ...every(0, 100, 5, 1, ['X']), read(105, 2, 'X')];
    const r = fold(reads, 105);
    expect(r.closed).toHaveLength(1);
    expect(r.closed[0]).toMatchObject({ cabinId: 1, endedAt: T0 + 20 * S, dwellS: 20 });
    expect(r.closed[0].items.find((i) => i.epc === 'X')).toMatchObject({ lastAt: T0 + 100 * S, dwellS: 20, leftAt: T0 + 105 * S });
    // both cabins open: X read at 2, then back at 1
    const back = fold([...every(0, 100, 5, 1, ['X', 'Y']), read(105, 2, 'X'), read(110, 1, 'X')], 110);
    const [one, two] = back.state.open;
    expect(one.items.find((i) => i.epc === 'X')).toMatchObject({ firstAt: T0, lastAt: T0 + 110 * S, leftAt: null, reads: 22 });
    expect(two.items).toEqual([{ epc: 'X', firstAt: T0 + 105 * S, lastAt: T0 + 105 * S, reads: 1, leftAt: T0 + 110 * S }]);
    // cabin 2's only EPC left: it closes a merge gap after its last read
    expect(dueAt(two, R)).toBe(T0 + 135 * S);
  });

  it('never changes the state it folds from', () => {
    const { state } = fold(every(0, 60, 5, 1, ['A', 'B']), 60);
    const before = structuredClone(state);
    fold([read(65, 2, 'A'), read(70, 1, 'B')], 300, state);
    expect(state).toEqual(before);
  });

  it('identical reads count, nothing else changes', () => {
    const once = fold([read(0, 1, 'A'), read(20, 1, 'A')], 200).closed;
    const twice = fold([read(0, 1, 'A'), read(0, 1, 'A'), read(20, 1, 'A')], 200).closed;
    expect(twice).toEqual([{ ...once[0], items: [{ ...once[0].items[0], reads: 3 }] }]);
  });
});

describe('convertSession', () => {
  const session = {
    startedAt: T0,
    endedAt: T0 + 240 * S,
    items: [
      { epc: 'A', skuId: 11, styleId: 1, tried: true },
      { epc: 'B', skuId: 12, styleId: 1, tried: true },
      { epc: 'C', skuId: 21, styleId: 2, tried: true },
      { epc: 'D', skuId: 31, styleId: 3, tried: false },
    ],
  };
  const sale = (epc: string | null, skuId: number, styleId: number, at: number, txnNo: string, amount = 10): FittingSale => ({
    epc,
    skuId,
    styleId,
    at,
    txnNo,
    amount,
  });

  it('bought: the same EPC sold within the window (the earliest sale); after the window: not bought; untried: never', () => {
    const end = session.endedAt;
    const sales = [
      sale('A', 11, 1, end + 2 * H, 'T2', 30),
      sale('A', 11, 1, end + H, 'T1', 25),
      sale('C', 21, 2, end + 4 * H + 1, 'T3'),
      sale('D', 31, 3, end + 60 * S, 'T4'),
      sale('B', 12, 1, T0 - 1, 'T0'),
    ];
    const r = convertSession(session, sales, R);
    expect(r.items).toEqual([
      { epc: 'A', bought: true, soldAt: end + H, txnNo: 'T1', amount: 25, swapped: false },
      { epc: 'B', bought: false, soldAt: null, txnNo: null, amount: 0, swapped: false },
      { epc: 'C', bought: false, soldAt: null, txnNo: null, amount: 0, swapped: false },
      { epc: 'D', bought: false, soldAt: null, txnNo: null, amount: 0, swapped: false },
    ]);
    expect(r).toMatchObject({ bought: 1, amountBought: 25, swapped: 0 });
    // the window's end is inclusive
    expect(convertSession(session, [sale('C', 21, 2, end + 4 * H, 'T3')], R).bought).toBe(1);
  });

  it('swapped: another size of the style sold instead, a sale for one item only, never a bought EPC of the session', () => {
    const end = session.endedAt;
    // A's own sale is of style 1 too, but A was bought: no swap for B from it
    expect(convertSession(session, [sale('A', 11, 1, end, 'T1')], R)).toMatchObject({ bought: 1, swapped: 0 });
    const r = convertSession(session, [sale('Z', 13, 1, end + H, 'T2'), sale(null, 22, 2, end + H, 'T3')], R);
    // Z (size 13 of style 1) could stand for A or B: one of them (the first by EPC); the till sale without an EPC for C
    expect(r.items.filter((i) => i.swapped).map((i) => i.epc)).toEqual(['A', 'C']);
    expect(r).toMatchObject({ bought: 0, swapped: 2 });
    const two = { ...session, items: [session.items[1], { ...session.items[1], epc: 'B2' }] };
    expect(convertSession(two, [sale('Z', 13, 1, end, 'T2')], R)).toMatchObject({ swapped: 1 });
    expect(convertSession(two, [sale('Z', 12, 1, end, 'T2')], R)).toMatchObject({ swapped: 0 });
    // the sale that fits only one item goes to it, the other to the other
    const pair = {
      ...session,
      items: [
        { epc: 'P', skuId: 1, styleId: 9, tried: true },
        { epc: 'Q', skuId: 2, styleId: 9, tried: true },
      ],
    };
    expect(convertSession(pair, [sale('s3', 3, 9, end, 'T1'), sale('s2', 2, 9, end + 1, 'T2')], R).swapped).toBe(2);
  });
});

describe('fittingMeasures', () => {
  it('ratios to 4 decimals, means to 1, null over nothing', () => {
    const t = {
      sessions: 3,
      items: 10,
      tried: 7,
      bought: 2,
      swapped: 1,
      sessionsWithPurchase: 2,
      dwellSumS: 500,
      cabins: 2,
      openSeconds: 3600,
    };
    expect(fittingMeasures(t)).toEqual({
      tryOns: 7,
      itemsPerSession: 3.3,
      avgDwellS: 166.7,
      itemConversion: 0.2857,
      sessionConversion: 0.6667,
      triedNotBought: 5,
      sizeSwapRate: 0.1429,
      occupancy: 0.0694,
    });
    const none = fittingMeasures({
      ...t,
      sessions: 0,
      items: 0,
      tried: 0,
      bought: 0,
      swapped: 0,
      sessionsWithPurchase: 0,
      dwellSumS: 0,
      cabins: 0,
    });
    expect(none).toEqual({
      tryOns: 0,
      itemsPerSession: null,
      avgDwellS: null,
      itemConversion: null,
      sessionConversion: null,
      triedNotBought: 0,
      sizeSwapRate: null,
      occupancy: null,
    });
  });
});

// ~3 cabins, ~8 EPCs, an hour: bursts (the first ten minutes) and sparse reads
const EPCS = ['E1', 'E2', 'E3', 'E4', 'E5', 'E6', 'E7', 'E8'];
const arbRead = fc
  .record({
    sec: fc.oneof(fc.integer({ min: 0, max: 600 }), fc.integer({ min: 0, max: 3600 })),
    cabinId: fc.integer({ min: 1, max: 3 }),
    epc: fc.constantFrom(...EPCS),
  })
  .map((r) => read(r.sec, r.cabinId, r.epc));
const arbReads = fc.array(arbRead, { maxLength: 80 });
const arbRules = fc.record({
  minDwellS: fc.integer({ min: 0, max: 120 }),
  mergeGapS: fc.integer({ min: 1, max: 90 }),
  conversionWindowH: fc.constant(4),
});
/** after the last read's session closes, whatever the rules */
const END = 3600 + 100;

describe('foldFitting, properties', () => {
  it('(a) the order of the reads never changes the result', () => {
    fc.assert(
      fc.property(
        arbReads.chain((rs) => fc.tuple(fc.constant(rs), fc.shuffledSubarray(rs, { minLength: rs.length, maxLength: rs.length }))),
        arbRules,
        fc.integer({ min: 0, max: END }),
        ([rs, shuffled], rules, now) => {
          expect(fold(shuffled, now, EMPTY_FITTING, rules)).toEqual(fold(rs, now, EMPTY_FITTING, rules));
        },
      ),
    );
  });

  it('(b) folding in parts split at any times gives the sessions and the state of one fold', () => {
    fc.assert(
      fc.property(
        arbReads,
        arbRules,
        fc.array(fc.integer({ min: -10, max: END }), { maxLength: 4 }),
        fc.integer({ min: 0, max: 200 }),
        (rs, rules, cuts, after) => {
          const now = END + after;
          const whole = fold(rs, now, EMPTY_FITTING, rules);
          let state = EMPTY_FITTING;
          const closed: ClosedSession[] = [];
          let from = Number.NEGATIVE_INFINITY;
          for (const cut of [...new Set(cuts)].sort((a, b) => a - b)) {
            const t = T0 + cut * S;
            const part = foldFitting(
              state,
              rs.filter((r) => r.at >= from && r.at < t),
              t,
              rules,
            );
            closed.push(...part.closed);
            state = part.state;
            from = t;
          }
          const last = foldFitting(
            state,
            rs.filter((r) => r.at >= from),
            T0 + now * S,
            rules,
          );
          expect([...closed, ...last.closed]).toEqual(whole.closed);
          expect(last.state).toEqual(whole.state);
        },
      ),
    );
  });

  it('(c) at any time an EPC is assigned to one open session at most: that of the cabin that read it last', () => {
    fc.assert(
      fc.property(arbReads, arbRules, (rs, rules) => {
        const sorted = [...rs].sort(compareFittingReads);
        const lastCabin = new Map<string, FittingRead>();
        let state = EMPTY_FITTING;
        // read by read, each fold's now its read's time
        for (const r of sorted) {
          state = foldFitting(state, [r], r.at, rules).state;
          lastCabin.set(r.epc, r);
          for (const epc of EPCS) {
            const holders = state.open.filter((s) => s.items.some((i) => i.epc === epc && i.leftAt === null));
            expect(holders.length).toBeLessThanOrEqual(1);
            const last = lastCabin.get(epc);
            if (holders.length === 1) expect(holders[0].cabinId).toBe(last?.cabinId);
            const there = state.open.find((s) => s.cabinId === last?.cabinId)?.items.find((i) => i.epc === epc && i.lastAt === last?.at);
            if (there !== undefined) expect(there.leftAt).toBeNull();
          }
          expect(state.open.every((s) => dueAt(s, rules) > r.at)).toBe(true);
        }
      }),
    );
  });

  it('(d) closed sessions hold together: times, items, end, dwell, drop, order; every read counted once', () => {
    fc.assert(
      fc.property(arbReads, arbRules, fc.integer({ min: 0, max: END }), (rs, rules, nowSec) => {
        // the reads up to now (a read after it may close sessions due after now, before it)
        const now = T0 + nowSec * S;
        const upToNow = rs.filter((r) => r.at <= now);
        const { state, closed } = fold(upToNow, nowSec, EMPTY_FITTING, rules);
        for (const s of closed) {
          expect(s.startedAt).toBeLessThanOrEqual(s.endedAt);
          expect(s.endedAt + rules.mergeGapS * S).toBeLessThanOrEqual(now);
          expect(s.lastAt).toBe(Math.max(...s.items.map((i) => i.lastAt)));
          const assigned = s.items.filter((i) => i.leftAt === null);
          expect(s.endedAt).toBe(assigned.length > 0 ? Math.max(...assigned.map((i) => i.lastAt)) : s.lastAt);
          expect(s.dwellS).toBe((s.endedAt - s.startedAt) / S);
          expect(s.items.some((i) => i.firstAt === s.startedAt)).toBe(true);
          for (const i of s.items) {
            expect(i.firstAt).toBeGreaterThanOrEqual(s.startedAt);
            expect(i.firstAt).toBeLessThanOrEqual(i.lastAt);
            expect(i.lastAt).toBeLessThanOrEqual(s.lastAt);
            expect(i.dwellS).toBeGreaterThanOrEqual(0);
            expect(i.dwellS).toBeLessThanOrEqual(s.dwellS);
            expect(i.tried).toBe(i.dwellS >= rules.minDwellS);
          }
          expect(s.dropped).toBe(s.dwellS < rules.minDwellS && !s.items.some((i) => i.tried));
          expect(epcsOf(s)).toEqual([...new Set(epcsOf(s))].sort());
        }
        const order = closed.map((s) => [s.endedAt, s.cabinId]);
        expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
        expect(state.open.every((s) => dueAt(s, rules) > now)).toBe(true);
        const counted = [...closed, ...state.open].flatMap((s) => s.items).reduce((n, i) => n + i.reads, 0);
        expect(counted).toBe(upToNow.length);
      }),
    );
  });
});

describe('convertSession, properties', () => {
  const arbItems = fc.uniqueArray(
    fc.record({
      epc: fc.constantFrom(...EPCS),
      skuId: fc.integer({ min: 1, max: 4 }),
      styleId: fc.integer({ min: 1, max: 2 }),
      tried: fc.boolean(),
    }),
    { selector: (i) => i.epc, maxLength: 8 },
  );
  const arbSales = fc.array(
    fc.record({
      epc: fc.option(fc.constantFrom(...EPCS, 'X1', 'X2'), { nil: null }),
      skuId: fc.integer({ min: 1, max: 4 }),
      styleId: fc.integer({ min: 1, max: 2 }),
      at: fc.integer({ min: -H, max: 6 * H }).map((d) => T0 + d),
      txnNo: fc.constantFrom('T1', 'T2', 'T3'),
      amount: fc.integer({ min: 0, max: 10_000 }).map((c) => c / 100),
    }),
    { maxLength: 12 },
  );

  it('(e) never more bought than tried, bought + swapped ≤ tried, only tried items converted, order-free', () => {
    fc.assert(
      fc.property(arbItems, arbSales, fc.integer({ min: 0, max: H }), (items, sales, len) => {
        const session = { startedAt: T0, endedAt: T0 + len, items };
        const r = convertSession(session, sales, R);
        const tried = items.filter((i) => i.tried).length;
        expect(r.bought).toBeLessThanOrEqual(tried);
        expect(r.bought + r.swapped).toBeLessThanOrEqual(tried);
        expect(r.bought).toBe(r.items.filter((o) => o.bought).length);
        expect(r.swapped).toBe(r.items.filter((o) => o.swapped).length);
        for (const o of r.items) {
          const item = items.find((i) => i.epc === o.epc);
          if (o.bought || o.swapped) expect(item?.tried).toBe(true);
          expect(o.bought && o.swapped).toBe(false);
        }
        expect(convertSession({ ...session, items: [...items].reverse() }, [...sales].reverse(), R)).toEqual(r);
      }),
    );
  });
});
