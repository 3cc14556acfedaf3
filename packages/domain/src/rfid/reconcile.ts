/**
 * Carton reconciliation (../shared/operations.md F5): what a carton's reads say against what it
 * should hold. Pure, so the tunnel's session close, a handheld session's review and a bill's review
 * all classify the same way, and property tests pin the invariants.
 *
 * EPC level — every EPC expected in or read in a carton is in exactly one class of that carton:
 * - matched: expected here and read here;
 * - short: expected here, not read here (read in another carton of the same reconciliation: a
 *   mis-pack, short here and over there);
 * - over: read here, not expected here, neither foreign nor unknown (mis-packs; extra pieces);
 * - foreign: read here, not expected anywhere in this reconciliation, and the registry puts it on
 *   another bill or ASN (an abnormal label FOREIGN);
 * - unknown: read here, not expected anywhere and not in the registry (undecodable, never
 *   generated, a non-GS1 header: the caller's registry answers null).
 * So matched + short = expected here, and matched + over + foreign + unknown = read here.
 *
 * SKU level (an ASN with SKU quantities only, for standard cartons): per SKU diff = read − expected,
 * matched = min(read, expected), over = max(diff, 0), short = max(−diff, 0).
 */

export type Epc = string;
export type CartonKey = string | number;

/** What the tag registry knows of an EPC: its SKU, and the bill and carton it was sent in, if any. */
export interface RegistryEntry {
  skuId: number;
  billId?: number | null;
  cartonId?: CartonKey | null;
}

export interface CartonClasses {
  matched: Epc[];
  short: Epc[];
  over: Epc[];
  foreign: Epc[];
  unknown: Epc[];
}

export const CARTON_RESULT = { PENDING: 0, MATCHED: 1, SHORT: 2, OVER: 3, MIXED: 4 } as const;
export type CartonResult = (typeof CARTON_RESULT)[keyof typeof CARTON_RESULT];

export interface CartonReconciliation extends CartonClasses {
  result: CartonResult;
}

/**
 * A carton's result: MATCHED when nothing is short, over, foreign or unknown; SHORT when only
 * pieces are missing; OVER when only extra pieces of this delivery were read; MIXED otherwise
 * (a foreign or unknown EPC is never a plain "over").
 */
export function cartonResult({
  short,
  over,
  foreign,
  unknown,
}: Pick<CartonCounts, 'short' | 'over' | 'foreign' | 'unknown'>): CartonResult {
  const strange = foreign + unknown;
  if (!short && !over && !strange) return CARTON_RESULT.MATCHED;
  if (short && !over && !strange) return CARTON_RESULT.SHORT;
  if (over && !short && !strange) return CARTON_RESULT.OVER;
  return CARTON_RESULT.MIXED;
}

/**
 * Reconciles the reads of a delivery's cartons against what each should hold.
 * - `expected`: each EPC of the delivery (a bill, an ASN) with the carton it should be in;
 * - `read`: each carton's set of EPCs read (a carton not read yet may be absent: all its EPCs short);
 * - `registry`: the tag registry's entry of an EPC, or null when it does not know it;
 * - `billId`: the delivery's bill, so that an EPC the registry puts on this bill but not in
 *   `expected` (an extra piece of the bill) is over rather than foreign.
 * Returns every carton of `expected` or `read`, its EPCs in each class sorted.
 */
export function reconcile(
  expected: ReadonlyMap<Epc, CartonKey>,
  read: ReadonlyMap<CartonKey, ReadonlySet<Epc>>,
  registry: (epc: Epc) => RegistryEntry | null,
  billId?: number | null,
): Map<CartonKey, CartonReconciliation> {
  const out = new Map<CartonKey, CartonClasses>();
  const of = (carton: CartonKey) => {
    const c = out.get(carton) ?? { matched: [], short: [], over: [], foreign: [], unknown: [] };
    out.set(carton, c);
    return c;
  };
  for (const [epc, carton] of expected) {
    if (read.get(carton)?.has(epc)) of(carton).matched.push(epc);
    else of(carton).short.push(epc);
  }
  for (const [carton, epcs] of read) {
    const c = of(carton);
    for (const epc of epcs) {
      const home = expected.get(epc);
      if (home === carton) continue; // matched, above
      if (home !== undefined) {
        c.over.push(epc); // a mis-pack within the delivery
        continue;
      }
      const entry = registry(epc);
      if (!entry) c.unknown.push(epc);
      else if (entry.billId != null && entry.billId !== billId) c.foreign.push(epc);
      else c.over.push(epc);
    }
  }
  const result = new Map<CartonKey, CartonReconciliation>();
  for (const [carton, c] of out) {
    for (const list of [c.matched, c.short, c.over, c.foreign, c.unknown]) list.sort();
    result.set(carton, { ...c, result: cartonResult(countsOf(c)) });
  }
  return result;
}

export interface SkuReconciliation {
  skuId: number;
  expected: number;
  read: number;
  matched: number;
  over: number;
  short: number;
  /** read − expected */
  diff: number;
}

/** SKU-level reconciliation of a standard carton or an ASN of quantities: one row per SKU of either side, by SKU. */
export function reconcileSkus(expected: ReadonlyMap<number, number>, read: ReadonlyMap<number, number>): SkuReconciliation[] {
  const skus = [...new Set([...expected.keys(), ...read.keys()])].sort((a, b) => a - b);
  return skus.map((skuId) => {
    const e = expected.get(skuId) ?? 0;
    const r = read.get(skuId) ?? 0;
    const diff = r - e;
    return { skuId, expected: e, read: r, matched: Math.min(r, e), over: Math.max(diff, 0), short: Math.max(-diff, 0), diff };
  });
}

/** The counts of a carton's classes (what a carton row stores). */
export interface CartonCounts {
  expected: number;
  read: number;
  matched: number;
  short: number;
  over: number;
  foreign: number;
  unknown: number;
}

export function countsOf(c: CartonClasses): CartonCounts {
  return {
    expected: c.matched.length + c.short.length,
    read: c.matched.length + c.over.length + c.foreign.length + c.unknown.length,
    matched: c.matched.length,
    short: c.short.length,
    over: c.over.length,
    foreign: c.foreign.length,
    unknown: c.unknown.length,
  };
}

/** A bill's totals from its cartons' counts: should / real / diff, and the difference ratio. */
export interface BillTotals {
  cartonsExpected: number;
  cartonsReceived: number;
  cartonsDiff: number;
  piecesExpected: number;
  piecesReceived: number;
  piecesDiff: number;
  /** 100 · |piecesDiff| / piecesExpected, two decimals (0 when nothing was expected) */
  diffRatio: number;
  /** a difference, a foreign or an unknown EPC, or a carton held: the receipt is abnormal */
  abnormal: boolean;
}

/**
 * Totals of a bill: a carton is expected when it should hold pieces (or `expectedCarton` says so)
 * and received once read; pieces received are the matched and over pieces, plus the foreign ones
 * when `acceptForeign` (an accepted carton keeps what it held). A held carton makes it abnormal.
 */
export function billTotals(
  cartons: readonly (CartonCounts & { expectedCarton?: boolean; held?: boolean })[],
  opts: { acceptForeign?: boolean } = {},
): BillTotals {
  let cartonsExpected = 0;
  let cartonsReceived = 0;
  let piecesExpected = 0;
  let piecesReceived = 0;
  let strange = 0;
  for (const c of cartons) {
    if (c.expectedCarton ?? c.expected > 0) cartonsExpected += 1;
    if (c.read > 0) cartonsReceived += 1;
    piecesExpected += c.expected;
    piecesReceived += c.matched + c.over + (opts.acceptForeign ? c.foreign : 0);
    strange += c.foreign + c.unknown + (c.held ? 1 : 0);
  }
  const piecesDiff = piecesReceived - piecesExpected;
  const diffRatio = piecesExpected ? Math.round((10_000 * Math.abs(piecesDiff)) / piecesExpected) / 100 : 0;
  return {
    cartonsExpected,
    cartonsReceived,
    cartonsDiff: cartonsReceived - cartonsExpected,
    piecesExpected,
    piecesReceived,
    piecesDiff,
    diffRatio,
    abnormal: piecesDiff !== 0 || strange > 0,
  };
}
