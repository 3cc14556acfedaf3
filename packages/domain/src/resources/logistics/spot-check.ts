import { L } from '../../lang.js';
import { defineResource } from '../../resource/define.js';
import { defineMachine } from '../../resource/machine.js';
import { CARTON_RESULT } from '../../rfid/reconcile.js';
import { cartonFields, checkListFields } from '../warehouse/carton.js';
import { SPOT_STATE as S, SPOT_RULE } from '../warehouse/enums.js';

/**
 * The spot check's rules (../shared/operations.md §7): a carton a DC receives is picked for an
 * item-level re-read when its sender's reliability over its recent cartons is under 98 % (pieces
 * received as announced), when its weight is more than 3 % off what its pieces should weigh (only
 * where the carton and its bill's other cartons were weighed), or at random: 2 % of cartons, 10 %
 * for 30 days for a sender whose spot check failed.
 */
export const SPOT = {
  /** a sender under this reliability (%) has every carton re-read */
  reliabilityMin: 98,
  /** the sender's last cartons its reliability is measured over, and how many it takes to judge */
  recentCartons: 50,
  recentMin: 10,
  /** a weight more than this (%) off the expected one */
  weightTolerance: 3,
  /** the random share (%), and the raised one after a failed check, for so many days */
  randomRate: 2,
  raisedRate: 10,
  raisedDays: 30,
} as const;

/**
 * A carton's draw in [0, 10000): the same carton always draws the same (FNV-1a of its key), so a
 * random pick is reproducible; picked at `ratePct` % when the draw is under ratePct · 100.
 */
export function spotDraw(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % 10_000;
}

/** What the rules know of a carton being received. */
export interface SpotFacts {
  /** the sender's reliability (%) over its recent cartons; null when it has too few to judge */
  reliability: number | null;
  /** the carton's weight and the weight its pieces should have (kg); null when either is unknown */
  weightKg: number | null;
  expectedWeightKg: number | null;
  /** the carton's draw (spotDraw) and the sender's random rate (%) */
  draw: number;
  ratePct: number;
}

/** The rule that picks a carton for a spot check (the first that applies), or NONE. */
export function spotRuleOf(f: SpotFacts): number {
  if (f.reliability !== null && f.reliability < SPOT.reliabilityMin) return SPOT_RULE.SENDER_RELIABILITY;
  if (f.weightKg !== null && f.expectedWeightKg !== null && f.expectedWeightKg > 0) {
    // to a hundredth of a percent: 10.3 kg for 10 is 3 % off, not over it
    const off = Math.round((10_000 * Math.abs(f.weightKg - f.expectedWeightKg)) / f.expectedWeightKg) / 100;
    if (off > SPOT.weightTolerance) return SPOT_RULE.WEIGHT_DEVIATION;
  }
  if (f.draw < f.ratePct * 100) return SPOT_RULE.RANDOM;
  return SPOT_RULE.NONE;
}

/**
 * The spot check's machine (field spotState): a rule marks a carton TO_CHECK as it is received; the
 * close of its handheld re-read (a SPOT_CHECK read session) makes it CHECKED with the re-read's counts
 * (read again before the review, it is checked again); the review passes a re-read that matched what
 * the carton should hold, and fails any other (the system's `fail` right after the review's move,
 * in its transaction: the bill abnormal, the sender's rate raised).
 */
export const spotCheckMachine = defineMachine({
  field: 'spotState',
  states: 'SpotState',
  transitions: {
    review: { from: [S.CHECKED], to: S.PASSED, confirm: 'spotCheck.confirm.review', done: 'spotCheck.done.review' },
  },
  system: {
    /** picked by a rule as it is received */
    mark: { from: [S.NONE], to: S.TO_CHECK },
    /** its spot re-read session closed */
    spotRead: { from: [S.TO_CHECK, S.CHECKED], to: S.CHECKED },
    /** its review found the re-read did not match (the review's own move, settled) */
    fail: {
      from: [S.PASSED],
      to: S.FAILED,
      guard: (row: Record<string, unknown>) => (Number(row.spotResult) === CARTON_RESULT.MATCHED ? 'spotCheck.matched' : undefined),
    },
  },
  final: [S.PASSED, S.FAILED],
  editIn: [],
  deleteIn: [],
});

/** Whether a reviewed re-read passes: it found what the carton should hold, nothing short, over or strange. */
export const spotPasses = (row: Record<string, unknown>): boolean => Number(row.spotResult) === CARTON_RESULT.MATCHED;

/**
 * Spot-check review (E2 `spotCheck = 1`, logistics/spot-check): the cartons a rule picked as they
 * were received for an item-level re-read by handheld, what the re-read found against what the
 * carton should hold (expected, read, short, over), and its review: passed, or failed — its bill
 * abnormal and its sender spot-checked at 10 % for 30 days. A warehouse's user sees the cartons of
 * its bills.
 */
export const spotCheckResource = defineResource({
  code: 'logistics/spot-check',
  names: L('抽检箱', '抽檢箱', 'Spot-checked carton'),
  owner: 'tenant',
  table: 'wms_cartons',
  titleField: 'cartonNo',
  defaultSort: { field: 'spotCheckedAt', order: 'desc' },
  rowsOf: { code: 'warehouse/box', fixed: { spotCheck: 1 } },
  machine: spotCheckMachine,
  partyVia: 'billId',
  crud: ['query', 'export'],
  fields: {
    ...checkListFields,
    // the carton's own check is in the column settings: the spot check's columns take the room
    status: { ...cartonFields.status, hidden: true },
    result: { ...checkListFields.result, hidden: true },
    expectedPieces: { ...cartonFields.expectedPieces, hidden: true },
    short: { ...cartonFields.short, hidden: true },
    over: { ...cartonFields.over, hidden: true },
    spotCheck: { ...cartonFields.spotCheck, search: undefined },
    // a bill's number on one line
    billId: { ...checkListFields.billId, width: 170 },
    spotRule: { ...cartonFields.spotRule, hidden: undefined },
    // the result with what the re-read found (read of expected; short and over on hover): the counts are back with the column settings
    spotResult: { ...cartonFields.spotResult, label: L('结果', '結果', 'Result'), width: 150, hidden: undefined },
    spotExpected: { ...cartonFields.spotExpected, label: L('应有', '應有', 'Expected') },
    spotRead: { ...cartonFields.spotRead, label: L('复读', '複讀', 'Re-read') },
    spotShort: { ...cartonFields.spotShort, label: L('短少', '短少', 'Short') },
    spotOver: { ...cartonFields.spotOver, label: L('多出', '多出', 'Over') },
    spotState: { ...cartonFields.spotState, label: L('抽检状态', '抽檢狀態', 'State'), hidden: undefined },
    // the handheld that re-read it, with the column settings: a bill's number and the result each on one line at 1366 in English
    spotCheckedBy: { ...cartonFields.spotCheckedBy, label: L('复读设备', '複讀設備', 'Re-read by'), width: 110 },
    spotCheckedAt: { ...cartonFields.spotCheckedAt, label: L('抽检时间', '抽檢時間', 'Checked at'), hidden: undefined },
  },
});
