/**
 * A count's figures (../shared/operations.md §6 lines, §9 KPIs): per SKU the expected pieces (the
 * book frozen at the start, plus what moved since the snapshot), the pieces counted, over and
 * short; for the count the SMAPE accuracy, the SKU accuracy and the unit accuracy. Pure functions,
 * shared by the server (approval, the report) and the console (the drawer).
 */

/** One SKU of a count: expected (book at the snapshot), moved since the snapshot, counted. */
export interface CountLineIn {
  expectedQty: number;
  movedQty?: number;
  countedQty: number;
}

/** A line's over and short: against expected' = expected + moved. */
export function lineDiff(l: CountLineIn): { expected: number; over: number; short: number } {
  const expected = l.expectedQty + (l.movedQty ?? 0);
  return { expected, over: Math.max(0, l.countedQty - expected), short: Math.max(0, expected - l.countedQty) };
}

export interface CountKpis {
  expectedPieces: number;
  countedPieces: number;
  overPieces: number;
  shortPieces: number;
  /** SKUs with expected + counted > 0 */
  skuCount: number;
  /** of those, SKUs counted exactly as expected */
  skuExact: number;
  /** 1 − Σ|r − e| / Σ(r + e), in % (100 when nothing was expected nor counted) */
  accuracySmape: number;
  /** exact SKUs / SKUs, in % */
  accuracySku: number;
  /** 1 − (over + short) / expected, in % (bounded at 0; 100 when nothing was expected nor counted) */
  accuracyUnit: number;
}

const pct = (x: number) => Math.round(x * 10_000) / 100;

/** The KPIs of a count's lines (§9): every figure from expected' = expected + moved and counted. */
export function countKpis(lines: readonly CountLineIn[]): CountKpis {
  let expectedPieces = 0;
  let countedPieces = 0;
  let overPieces = 0;
  let shortPieces = 0;
  let skuCount = 0;
  let skuExact = 0;
  let absDiff = 0;
  let sum = 0;
  for (const l of lines) {
    const d = lineDiff(l);
    const e = Math.max(0, d.expected);
    const r = l.countedQty;
    expectedPieces += e;
    countedPieces += r;
    overPieces += d.over;
    shortPieces += d.short;
    if (e + r > 0) {
      skuCount++;
      if (e === r) skuExact++;
      absDiff += Math.abs(r - e);
      sum += r + e;
    }
  }
  return {
    expectedPieces,
    countedPieces,
    overPieces,
    shortPieces,
    skuCount,
    skuExact,
    accuracySmape: sum === 0 ? 100 : pct(1 - absDiff / sum),
    accuracySku: skuCount === 0 ? 100 : pct(skuExact / skuCount),
    accuracyUnit:
      expectedPieces === 0 ? (countedPieces === 0 ? 100 : 0) : pct(Math.max(0, 1 - (overPieces + shortPieces) / expectedPieces)),
  };
}

/** Pieces counted an hour (a count's pace): 0 when it took no time. */
export const itemsPerHour = (counted: number, durationS: number): number => (durationS > 0 ? Math.round((counted * 3600) / durationS) : 0);

/**
 * A count's status in a week (§9 "count status per week"): approved, complete (counted or
 * submitted, not yet approved), incomplete (started, not finished), or not counted (no count).
 */
export type WeekCountStatus = 'approved' | 'complete' | 'incomplete' | 'notCounted';
export function weekStatus(statuses: readonly number[]): WeekCountStatus {
  // CountStatus: COUNTING 2, COUNTED 3, SUBMITTED 4, APPROVED 5
  if (statuses.includes(5)) return 'approved';
  if (statuses.some((s) => s === 3 || s === 4)) return 'complete';
  if (statuses.includes(2)) return 'incomplete';
  return 'notCounted';
}

/**
 * A week of the stocktaking report (from Monday, YYYY-MM-DD): how many stores approved, completed,
 * started or did not count, and the approved counts finished that week with their SKU, SMAPE and
 * unit accuracy over their lines (null: none), and the stores' mean on-shelf availability of its days
 * (null: no store's floor was sampled).
 */
export interface CountReportWeek extends Record<WeekCountStatus, number> {
  week: string;
  counts: number;
  accuracySku: number | null;
  accuracySmape: number | null;
  accuracyUnit: number | null;
  /** pieces counted an hour over those counts' summed time */
  itemsPerHour: number | null;
  osa: number | null;
}
