/**
 * Fitting-room sessions, pure: from the reads of the cabins' readers (a reader a cabin), the
 * SESSIONS — a shopper in a cabin with garments — and their ITEMS (the garments), then, joined with
 * the till's sales, what was tried and bought (convertSession) and the report's measures
 * (fittingMeasures).
 *
 * - A read at a cabin places the EPC there; an EPC keeps its cabin PRESENT while its last read
 *   there is less than `mergeGapS` ago.
 * - A cabin without an open session opens one at its first read; every EPC read at the cabin while
 *   it is open joins it (an item: first and last read, read count).
 * - A garment in two cabins at once is in the one that read it last: read at another cabin, an EPC
 *   LEAVES its session (its item keeps the reads so far, `leftAt` says when it left) and joins that
 *   cabin's; it no longer keeps its old cabin present. Read back there while that session is still
 *   open, it rejoins its item.
 * - A session closes when no EPC has kept its cabin present for `mergeGapS` (dueAt): it ENDS at the
 *   last read here of its EPCs still assigned to it (of all its EPCs when every one has left). A fold
 *   closes what is due before each read (in time order) and, at the end, what is due at `now`.
 * - A closed session shorter than `minDwellS` with no item tried (an item's dwell, clipped to the
 *   session, at least `minDwellS`) is DROPPED: a walk-by, staff tidying — returned, flagged.
 *
 * Reads are sorted by (time, cabin, EPC) before folding, so their order never matters. Closing a
 * session depends on the session alone, so folding reads before T with now = T, then the rest
 * (none before T), gives the very sessions and state of folding them all at once: the state is the
 * open sessions only (plain objects, the server keeps them in rows). A fold's reads are meant to be
 * no older than the previous fold's `now`: an older one is counted in its cabin's open session (or
 * opens one), it never reopens a closed session. Times are epoch milliseconds.
 */

/** A store's fitting rules: dwell for a try-on (s), the cabin's merge gap (s), the sale window after a session (h). */
export interface FittingRules {
  minDwellS: number;
  mergeGapS: number;
  conversionWindowH: number;
}
/** The product design's rules: a try-on is 45 s in the cabin, a cabin is left after 30 s without a read, a sale counts for 4 h. */
export const DEFAULT_FITTING_RULES: FittingRules = Object.freeze({ minDwellS: 45, mergeGapS: 30, conversionWindowH: 4 });

/** One read of a cabin's reader: the EPC, the cabin, when. */
export interface FittingRead {
  epc: string;
  cabinId: number;
  at: number;
}

/** A garment of a session: its first and last read in the cabin, its reads there; `leftAt`: when another cabin read it (null while this one read it last). */
export interface FittingItem {
  epc: string;
  firstAt: number;
  lastAt: number;
  reads: number;
  leftAt: number | null;
}

/** An open session: its cabin, its first read, the last read here of any of its items, its items (by EPC). */
export interface FittingSession {
  cabinId: number;
  startedAt: number;
  lastAt: number;
  items: FittingItem[];
}

/** An item of a closed session: its dwell (s, clipped to the session) and whether that makes a try-on. */
export interface ClosedItem extends FittingItem {
  dwellS: number;
  tried: boolean;
}

/** A closed session: when it ended (its last read that kept the cabin present), its dwell (s), whether it is a walk-by (dropped). */
export interface ClosedSession extends FittingSession {
  endedAt: number;
  dwellS: number;
  dropped: boolean;
  items: ClosedItem[];
}

/** The fold's state: the open sessions, at most one a cabin, by cabin. */
export interface FittingState {
  open: FittingSession[];
}
export const EMPTY_FITTING: FittingState = Object.freeze({ open: [] });

const byStr = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The canonical order of reads: time, cabin, EPC. */
export const compareFittingReads = (a: FittingRead, b: FittingRead): number => a.at - b.at || a.cabinId - b.cabinId || byStr(a.epc, b.epc);

/** When a session ends if no read comes: the last read here of its EPCs still assigned to it (of all, when every one has left). */
export function endOf(session: FittingSession): number {
  let end = Number.NEGATIVE_INFINITY;
  for (const i of session.items) if (i.leftAt === null && i.lastAt > end) end = i.lastAt;
  return end === Number.NEGATIVE_INFINITY ? session.lastAt : end;
}

/** When an open session closes if no read comes: its end (endOf) + the merge gap. */
export const dueAt = (session: FittingSession, rules: FittingRules): number => endOf(session) + rules.mergeGapS * 1000;

/** A session closed: its end, dwell, items' dwells (clipped to the session) and try-ons, and whether it is a walk-by. */
export function closeSession(session: FittingSession, rules: FittingRules): ClosedSession {
  const endedAt = endOf(session);
  const dwellS = (endedAt - session.startedAt) / 1000;
  const items = session.items.map((i): ClosedItem => {
    const itemS = Math.max(0, Math.min(i.lastAt, endedAt) - Math.max(i.firstAt, session.startedAt)) / 1000;
    return { ...i, dwellS: itemS, tried: itemS >= rules.minDwellS };
  });
  const dropped = dwellS < rules.minDwellS && !items.some((i) => i.tried);
  return { ...session, endedAt, dwellS, dropped, items };
}

const copyOf = (s: FittingSession): FittingSession => ({ ...s, items: s.items.map((i) => ({ ...i })) });

/**
 * Folds reads into the open sessions at `now`: the sessions still open (by cabin, items by EPC)
 * and those closed, by (endedAt, cabin). Never changes `state`.
 */
export function foldFitting(
  state: FittingState,
  reads: readonly FittingRead[],
  now: number,
  rules: FittingRules,
): { state: FittingState; closed: ClosedSession[] } {
  // the fold's own copies, changed in place
  const open = new Map<number, FittingSession>();
  // an EPC → the cabin whose open session it is assigned to (the cabin that read it last)
  const where = new Map<string, number>();
  for (const s of state.open) {
    open.set(s.cabinId, copyOf(s));
    for (const i of s.items) if (i.leftAt === null) where.set(i.epc, s.cabinId);
  }
  const closed: ClosedSession[] = [];
  const closeDue = (t: number) => {
    for (const [cabinId, s] of open) {
      if (dueAt(s, rules) > t) continue;
      closed.push(closeSession(s, rules));
      open.delete(cabinId);
      for (const i of s.items) if (i.leftAt === null) where.delete(i.epc);
    }
  };
  for (const r of [...reads].sort(compareFittingReads)) {
    closeDue(r.at);
    let s = open.get(r.cabinId);
    if (s === undefined) {
      s = { cabinId: r.cabinId, startedAt: r.at, lastAt: r.at, items: [] };
      open.set(r.cabinId, s);
    }
    // read here last: it leaves the session of the cabin that had it
    const from = where.get(r.epc);
    if (from !== undefined && from !== r.cabinId) {
      const left = open.get(from)?.items.find((i) => i.epc === r.epc);
      if (left !== undefined) left.leftAt = r.at;
    }
    where.set(r.epc, r.cabinId);
    const item = s.items.find((i) => i.epc === r.epc);
    if (item === undefined) s.items.push({ epc: r.epc, firstAt: r.at, lastAt: r.at, reads: 1, leftAt: null });
    else {
      item.firstAt = Math.min(item.firstAt, r.at);
      item.lastAt = Math.max(item.lastAt, r.at);
      item.reads += 1;
      item.leftAt = null;
    }
    s.lastAt = Math.max(s.lastAt, r.at);
  }
  closeDue(now);
  const byEpc = (a: FittingItem, b: FittingItem) => byStr(a.epc, b.epc);
  const stillOpen = [...open.values()].sort((a, b) => a.cabinId - b.cabinId);
  for (const s of stillOpen) s.items.sort(byEpc);
  for (const s of closed) s.items.sort(byEpc);
  closed.sort((a, b) => a.endedAt - b.endedAt || a.cabinId - b.cabinId);
  return { state: { open: stillOpen }, closed };
}

/** Closes the sessions due by `now` (no reads): foldFitting(state, [], now, rules). */
export const sweepFitting = (state: FittingState, now: number, rules: FittingRules) => foldFitting(state, [], now, rules);

/** A sale of the store: the EPC sold (null: a sale without one), its SKU and style, when, the ticket, the line's amount. */
export interface FittingSale {
  epc: string | null;
  skuId: number;
  styleId: number;
  at: number;
  txnNo: string;
  amount: number;
}

/**
 * What became of a session's item: bought (its EPC sold in the window: the earliest such sale's
 * time, ticket, amount), or swapped (tried, not bought, and another SKU of its style sold instead).
 */
export interface ItemOutcome {
  epc: string;
  bought: boolean;
  soldAt: number | null;
  txnNo: string | null;
  amount: number;
  swapped: boolean;
}

/** A closed session's item as conversion needs it: its EPC, SKU, style, and whether it was tried. */
export interface ConversionItem {
  epc: string;
  skuId: number;
  styleId: number;
  tried: boolean;
}

/** Sales in a total order: time, ticket, EPC, SKU, style, amount. */
const compareSales = (a: FittingSale, b: FittingSale) =>
  a.at - b.at ||
  byStr(a.txnNo, b.txnNo) ||
  byStr(a.epc ?? '', b.epc ?? '') ||
  a.skuId - b.skuId ||
  a.styleId - b.styleId ||
  a.amount - b.amount;

/**
 * A session's conversion: its items (by EPC) bought or swapped, how many bought and for how much,
 * how many swapped. The window is [startedAt, endedAt + conversionWindowH]. Only a tried item is
 * bought (its EPC sold in the window) or swapped: a sale in the window of another SKU of its style —
 * not of an EPC of the session bought — a sale swapping for one item at most (the most items so
 * matched; items by EPC, sales by time, take the earliest they can).
 */
export function convertSession(
  session: { endedAt: number; startedAt: number; items: readonly ConversionItem[] },
  sales: readonly FittingSale[],
  rules: FittingRules,
): { items: ItemOutcome[]; bought: number; amountBought: number; swapped: number } {
  const until = session.endedAt + rules.conversionWindowH * 3_600_000;
  const inWindow = sales.filter((s) => s.at >= session.startedAt && s.at <= until).sort(compareSales);
  const items = [...session.items].sort((a, b) => byStr(a.epc, b.epc));
  const outcomes = items.map((i): ItemOutcome => {
    const sale = i.tried ? inWindow.find((s) => s.epc === i.epc) : undefined;
    return sale === undefined
      ? { epc: i.epc, bought: false, soldAt: null, txnNo: null, amount: 0, swapped: false }
      : { epc: i.epc, bought: true, soldAt: sale.at, txnNo: sale.txnNo, amount: sale.amount, swapped: false };
  });
  const boughtEpcs = new Set(outcomes.filter((o) => o.bought).map((o) => o.epc));
  // swaps: a matching of the tried, unbought items with the sales they could be swapped for (augmenting paths)
  const candidates = items.flatMap((item, k) => (item.tried && !outcomes[k].bought ? [k] : []));
  const eligible = new Map<number, number[]>();
  for (const k of candidates) {
    const i = items[k];
    const fits = (s: FittingSale) =>
      s.styleId === i.styleId && s.skuId !== i.skuId && s.epc !== i.epc && !(s.epc !== null && boughtEpcs.has(s.epc));
    eligible.set(
      k,
      inWindow.flatMap((s, n) => (fits(s) ? [n] : [])),
    );
  }
  const saleFor = new Map<number, number>(); // sale index → item index
  const augment = (k: number, seen: Set<number>): boolean => {
    for (const n of eligible.get(k) ?? []) {
      if (seen.has(n)) continue;
      seen.add(n);
      const other = saleFor.get(n);
      if (other === undefined || augment(other, seen)) {
        saleFor.set(n, k);
        return true;
      }
    }
    return false;
  };
  for (const k of candidates) augment(k, new Set());
  for (const k of saleFor.values()) outcomes[k].swapped = true;
  const bought = outcomes.filter((o) => o.bought);
  const amountBought = Math.round(bought.reduce((sum, o) => sum + o.amount, 0) * 100) / 100;
  return { items: outcomes, bought: bought.length, amountBought, swapped: saleFor.size };
}

/** A report's totals over sessions (closed, not dropped) of some cabins over some opening time. */
export interface FittingTotals {
  sessions: number;
  items: number;
  tried: number;
  bought: number;
  swapped: number;
  sessionsWithPurchase: number;
  dwellSumS: number;
  cabins: number;
  openSeconds: number;
}

/** The report's measures: ratios to 4 decimals, seconds and means to 1; a ratio over nothing is null. */
export interface FittingMeasures {
  tryOns: number;
  itemsPerSession: number | null;
  avgDwellS: number | null;
  itemConversion: number | null;
  sessionConversion: number | null;
  triedNotBought: number;
  sizeSwapRate: number | null;
  occupancy: number | null;
}

const ratio = (n: number, d: number, decimals: number): number | null => {
  if (d === 0) return null;
  const f = 10 ** decimals;
  return Math.round((n / d) * f) / f;
};

/** The measures of totals: try-ons, items a session, mean dwell, item and session conversion, tried not bought, size swaps, cabin occupancy. */
export function fittingMeasures(t: FittingTotals): FittingMeasures {
  return {
    tryOns: t.tried,
    itemsPerSession: ratio(t.items, t.sessions, 1),
    avgDwellS: ratio(t.dwellSumS, t.sessions, 1),
    itemConversion: ratio(t.bought, t.tried, 4),
    sessionConversion: ratio(t.sessionsWithPurchase, t.sessions, 4),
    triedNotBought: t.tried - t.bought,
    sizeSwapRate: ratio(t.swapped, t.tried, 4),
    occupancy: ratio(t.dwellSumS, t.cabins * t.openSeconds, 4),
  };
}
