/**
 * The domain designer's pure steps: domains follow one another from bit 0 (start and end bits
 * computed from the lengths), added, removed and moved; the bit bar's segments; the live sample
 * made by the rule engine the server uses (compileRule), with its refusal or warnings.
 */
import {
  type CodingDomain,
  type CodingDomainValue,
  CodingError,
  type CodingRuleInput,
  type CodingWarning,
  compileRule,
  ruleIssues,
  VALUE_TYPE,
} from '@tagloom/domain/coding/index.ts';

/** A domain as the designer edits it (a length may be missing while typed). */
export type DraftDomain = Omit<CodingDomain, 'length'> & { length?: number | null };

const len = (d: DraftDomain) => (Number.isInteger(d.length) && (d.length as number) > 0 ? (d.length as number) : 0);

/** The domains laid out one after another from bit 0: start and end bits from the lengths. */
export function relayout(domains: DraftDomain[]): DraftDomain[] {
  let at = 0;
  return domains.map((d) => {
    const n = len(d);
    const out = { ...d, startIndex: at, endIndex: at + Math.max(n, 1) - 1 };
    at += n;
    return out;
  });
}

/** Bits the domains take together. */
export const bitsUsed = (domains: DraftDomain[]) => domains.reduce((n, d) => n + len(d), 0);

/** A new domain: a fixed value of 8 bits, named so that no other domain has its name. */
export function blankDomain(domains: DraftDomain[], prefix: string): DraftDomain {
  const names = new Set(domains.map((d) => d.name.trim().toLowerCase()));
  let i = domains.length + 1;
  while (names.has(`${prefix}${i}`.toLowerCase())) i++;
  return {
    name: `${prefix}${i}`,
    alias: '',
    length: 8,
    startIndex: 0,
    endIndex: 7,
    valueType: VALUE_TYPE.fixed,
    base: 10,
    defaultValue: '',
    startValue: '',
    padding: 1,
  };
}

/** Moves domain `from` by `by` places (−1 up, +1 down), relaid out. */
export function move(domains: DraftDomain[], from: number, by: number): DraftDomain[] {
  const to = from + by;
  if (to < 0 || to >= domains.length) return domains;
  const out = [...domains];
  const [d] = out.splice(from, 1);
  out.splice(to, 0, d);
  return relayout(out);
}

/** Sets one field of domain `index`; what a value type implies comes with it (GS1 sizes, decimal base). */
export function setField(domains: DraftDomain[], index: number, key: keyof DraftDomain, value: unknown): DraftDomain[] {
  const out = domains.map((d, i) => (i === index ? { ...d, [key]: value } : d));
  if (key === 'valueType') {
    const d = out[index];
    if (value === VALUE_TYPE.gs1Item) out[index] = { ...d, length: 44, base: 10 };
    else if (value === VALUE_TYPE.partition) out[index] = { ...d, length: 3, base: 10 };
    else if (value === VALUE_TYPE.filter) out[index] = { ...d, length: 3, base: 10 };
    if (value !== VALUE_TYPE.fixed) out[index] = { ...out[index], padding: 1 };
  }
  return relayout(out);
}

/** One segment of the bit bar: a domain's share of the total length. */
export interface Segment {
  index: number;
  name: string;
  valueType: number;
  start: number;
  end: number;
  length: number;
  /** percent of the bar */
  share: number;
}

/** The bit bar: each domain's share of the larger of the total and the bits used. */
export function segments(domains: DraftDomain[], total: number): Segment[] {
  const width = Math.max(total || 0, bitsUsed(domains), 1);
  return relayout(domains).map((d, index) => ({
    index,
    name: d.name,
    valueType: d.valueType,
    start: d.startIndex,
    end: d.endIndex,
    length: len(d),
    share: (len(d) / width) * 100,
  }));
}

/** The live sample: its hex and each domain's value and bits, or the engine's refusal; and its warnings. */
export type Preview =
  | { ok: true; hex: string; domains: CodingDomainValue[]; warnings: CodingWarning[] }
  | { ok: false; error: { key: string; params: Record<string, string | number> }; warnings: CodingWarning[] };

/**
 * The sample of the rule being designed: with `gtin` given, the codes of that GTIN (serial: the
 * start value, today's date), else every domain's default (what the server stores as the sample).
 */
export function preview(rule: { totalLength: unknown; companyPrefixLength?: unknown; domains: DraftDomain[] }, gtin?: string): Preview {
  const input = {
    totalLength: Number(rule.totalLength),
    companyPrefixLength:
      rule.companyPrefixLength === undefined || rule.companyPrefixLength === null ? null : Number(rule.companyPrefixLength),
    domains: relayout(rule.domains) as CodingDomain[],
  } as CodingRuleInput;
  let warnings: CodingWarning[] = [];
  try {
    warnings = ruleIssues(input);
    const enc = compileRule(input);
    const g = gtin?.trim();
    if (g) {
      const serial = enc.serial?.start ?? 0n;
      const domains = enc.explain({ gtin: g, serial });
      return { ok: true, hex: enc.epc({ gtin: g, serial }), domains, warnings };
    }
    return { ok: true, hex: enc.sample(), domains: enc.explain({}, true), warnings };
  } catch (e) {
    if (e instanceof CodingError) return { ok: false, error: { key: e.key, params: e.params }, warnings };
    throw e;
  }
}
