/**
 * Acceptance sampling by attributes, ISO 2859-1 (ANSI/ASQ Z1.4): single sampling, normal inspection,
 * general inspection levels I, II and III — the sample plan of a receiving or return inspection
 * (../shared/operations.md E5: level II and AQL 2.5 by default).
 *
 * Table I gives the sample size code letter from the lot size and the level; Table II-A gives, per
 * code letter and AQL, the sample size with its acceptance (Ac) and rejection (Re) numbers, or an
 * arrow to the first plan below or above it. Along an AQL's column the table follows one pattern:
 * the code letter where Ac/Re is 0/1 moves one letter per AQL step (6.5 → A, 4.0 → B, 2.5 → C, …);
 * the letter after it points up (the 0/1 plan), the next points down (the 1/2 plan), then Ac runs
 * 1, 2, 3, 5, 7, 10, 14, 21 letter by letter, and past 21/22 every letter points up. Letters before
 * the 0/1 letter point down to it. This module holds the AQLs of percent nonconforming from 0.065 to
 * 6.5, where that pattern holds over all sixteen letters.
 */

export type InspectionLevel = 'I' | 'II' | 'III';
export const INSPECTION_LEVELS: readonly InspectionLevel[] = ['I', 'II', 'III'];

/** The AQLs offered (percent nonconforming), the preferred series of ISO 2859-1 from 0.065 to 6.5. */
export const AQLS = [0.065, 0.1, 0.15, 0.25, 0.4, 0.65, 1.0, 1.5, 2.5, 4.0, 6.5] as const;
export type Aql = (typeof AQLS)[number];
/** An AQL as the standard's tables write it: 0.065, 1.0, 2.5. */
export const aqlName = (aql: Aql): string => (aql < 1 ? String(aql) : aql.toFixed(1));
/** An AQL as an option's code (a tenant parameter's choice: codes hold no dot): 2.5 → "2_5", 1 → "1_0". */
export const aqlCode = (aql: Aql): string => aqlName(aql).replace('.', '_');
/** The AQL an option's code names (aqlCode's inverse), undefined when it names none. */
export const aqlOfCode = (code: string | undefined): Aql | undefined => AQLS.find((a) => aqlCode(a) === code);

const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'J', 'K', 'L', 'M', 'N', 'P', 'Q', 'R'] as const;
export type CodeLetter = (typeof LETTERS)[number];
/** Sample size per code letter (Table II-A). */
const SAMPLE_SIZE = [2, 3, 5, 8, 13, 20, 32, 50, 80, 125, 200, 315, 500, 800, 1250, 2000];

/** Table I: the upper bound of each lot-size row, and its code letter at levels I, II, III. */
const TABLE_I: readonly [number, CodeLetter, CodeLetter, CodeLetter][] = [
  [8, 'A', 'A', 'B'],
  [15, 'A', 'B', 'C'],
  [25, 'B', 'C', 'D'],
  [50, 'C', 'D', 'E'],
  [90, 'C', 'E', 'F'],
  [150, 'D', 'F', 'G'],
  [280, 'E', 'G', 'H'],
  [500, 'F', 'H', 'J'],
  [1_200, 'G', 'J', 'K'],
  [3_200, 'H', 'K', 'L'],
  [10_000, 'J', 'L', 'M'],
  [35_000, 'K', 'M', 'N'],
  [150_000, 'L', 'N', 'P'],
  [500_000, 'M', 'P', 'Q'],
  [Number.POSITIVE_INFINITY, 'N', 'Q', 'R'],
];

/** The sample size code letter of a lot (Table I); a lot has at least 2 pieces. */
export function codeLetter(lotSize: number, level: InspectionLevel = 'II'): CodeLetter {
  if (!Number.isInteger(lotSize) || lotSize < 2) throw new RangeError(`lot size ${lotSize}: at least 2 pieces`);
  const row = TABLE_I.find(([upTo]) => lotSize <= upTo)!;
  return row[1 + INSPECTION_LEVELS.indexOf(level)] as CodeLetter;
}

/** Ac past the 1/2 plan, letter by letter (Re is Ac + 1). */
const ACCEPT = [1, 2, 3, 5, 7, 10, 14, 21];
/** The letter (index) whose plan is 0/1 for each AQL of AQLS: 0.065 → L … 6.5 → A. */
const zeroLetter = (aql: Aql) => AQLS.length - 1 - AQLS.indexOf(aql);

export interface SamplePlan {
  /** the lot's own code letter (Table I) */
  letter: CodeLetter;
  /** the letter of the plan used (an arrow may lead to another) */
  planLetter: CodeLetter;
  sampleSize: number;
  /** accept the lot with at most this many nonconforming pieces in the sample */
  accept: number;
  /** reject it with this many or more */
  reject: number;
  /** the sample is the whole lot (the plan's sample is at least the lot size) */
  wholeLot: boolean;
}

/** The plan of one code letter and AQL, following the table's arrows. */
function planOf(letter: number, aql: Aql): { planLetter: number; accept: number } {
  const zero = zeroLetter(aql);
  const k = letter - zero;
  // before the 0/1 letter, and the letter after it: the 0/1 plan
  if (k <= 1) return { planLetter: zero, accept: 0 };
  // the next letter points down to the 1/2 plan
  const step = Math.min(k === 2 ? 0 : k - 3, ACCEPT.length - 1);
  return { planLetter: zero + 3 + step, accept: ACCEPT[step] };
}

/**
 * The single sampling plan, normal inspection, of a lot: its code letter, the sample size and the
 * Ac/Re numbers. A plan whose sample is as large as the lot inspects the whole lot.
 */
export function samplePlan(lotSize: number, aql: Aql = 2.5, level: InspectionLevel = 'II'): SamplePlan {
  if (!AQLS.includes(aql)) throw new RangeError(`AQL ${aql}: one of ${AQLS.join(', ')}`);
  const letter = codeLetter(lotSize, level);
  const { planLetter, accept } = planOf(LETTERS.indexOf(letter), aql);
  const n = SAMPLE_SIZE[planLetter];
  return {
    letter,
    planLetter: LETTERS[planLetter],
    sampleSize: Math.min(n, lotSize),
    accept,
    reject: accept + 1,
    wholeLot: n >= lotSize,
  };
}
