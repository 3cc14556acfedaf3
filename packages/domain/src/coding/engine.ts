/**
 * The coding-rule engine: a rule compiled once into an encoder that writes the EPCs of a SKU's GTIN
 * for a serial range. Fast: the bits that do not change from tag to tag are laid out once per call,
 * and when the bits that do (serial, random) fall in a window of at most 52 bits the window is plain
 * arithmetic on a double and a hex conversion (a million 96-bit EPCs in well under a second).
 */
import { isValidGtin } from '../resources/tenant/goods/gtin.js';
import { fixedBits, ruleRefusals } from './checks.js';
import {
  CODING_RULE_MAX_BITS,
  type CodingDomain,
  type CodingRuleInput,
  codingValue,
  GS1_ITEM_BITS,
  given,
  PER_TAG_TYPES,
  partitionOf,
  SGTIN_PARTITIONS,
  sampleDigits,
  VALUE_TYPE,
} from './layout.js';

/**
 * A refusal of the engine: `key` an i18n key of the server catalogs (`coding.*`, or the rule's own
 * `validation.codingRule.*`), `params` its values, `field` the input it is about.
 */
export class CodingError extends Error {
  readonly key: string;
  readonly params: Record<string, string | number>;
  readonly field: string;
  constructor(field: string, key: string, params: Record<string, string | number> = {}) {
    super(`${field}: ${key} ${JSON.stringify(params)}`);
    this.name = 'CodingError';
    this.field = field;
    this.key = key;
    this.params = params;
  }
}
export const isCodingError = (e: unknown): e is CodingError => e instanceof CodingError;

/** What varies between calls (not between tags). */
export interface CodingTagInput {
  /** the SKU's GTIN (8, 12, 13 or 14 digits, right check digit): needed by goods and GS1 domains */
  gtin?: string;
  /** the filter value (filter domains): default the domain's default */
  filter?: number;
  /** the tenant's number (tenant-code domains): default the domain's default */
  tenant?: number;
  /** the day of the codes (date domains): default today (UTC) */
  date?: Date;
  /** the company-prefix length (6–12): default the rule's */
  companyPrefixLength?: number;
}

export interface CodingBatchInput extends CodingTagInput {
  /** the first tag's serial (the server reserves the range: reserveSerials) */
  firstSerial: number | bigint;
  /** how many EPCs, serials firstSerial … firstSerial + count − 1 */
  count: number;
}

/** One domain of one code: its value and its bits. */
export interface CodingDomainValue {
  name: string;
  alias?: string;
  valueType: number;
  startIndex: number;
  endIndex: number;
  length: number;
  /** the value as a decimal number */
  value: string;
  /** the value as people read it: in the domain's base (fixed values), or company prefix.item reference (GS1) */
  text: string;
  /** the domain's bits, most significant first */
  bits: string;
}

export interface CodingEncoder {
  readonly totalLength: number;
  /** hex digits of an EPC (the last digit zero-filled when the total is not a multiple of 4) */
  readonly hexDigits: number;
  /** whether the codes need the SKU's GTIN */
  readonly needsGtin: boolean;
  /** the serial domain's start value (the first serial a tenant gets) and largest serial; undefined without a serial domain */
  readonly serial?: { start: bigint; max: bigint; name: string };
  /** the EPCs, upper-case hex, of serials firstSerial … firstSerial + count − 1 */
  epcs(input: CodingBatchInput): string[];
  /** one EPC */
  epc(input: CodingTagInput & { serial?: number | bigint }): string;
  /** one code's domains with their values and bits (the designer's live sample); `sample`: the sample's */
  explain(input: CodingTagInput & { serial?: number | bigint }, sample?: boolean): CodingDomainValue[];
  /** the rule's sample: every domain's default value (else start value, else 0; GTIN domains: their sample GTIN) */
  sample(): string;
}

const ZERO_GTIN = '00000000000000';

/** A GTIN as its 14-digit form, refused when it is not a GTIN. */
function gtin14(gtin: string | undefined, field = 'gtin'): string {
  const g = typeof gtin === 'string' ? gtin.trim() : '';
  if (!g) throw new CodingError(field, 'coding.gtinRequired');
  if (!isValidGtin(g)) throw new CodingError(field, 'coding.gtinInvalid', { gtin: g });
  return g.padStart(14, '0');
}

const MAX_SAFE = 2 ** 53;

/** Compile a rule (a row of template_coding_rules): refused with a CodingError when the rule cannot make codes. */
export function compileRule(rule: CodingRuleInput): CodingEncoder {
  const refusal = ruleRefusals(rule as unknown as Record<string, unknown>)[0];
  if (refusal) {
    const { path, message, ...params } = refusal;
    throw new CodingError(path[0] ?? 'domains', message, params as Record<string, string | number>);
  }
  const total = rule.totalLength;
  if (!Number.isInteger(total) || total < 1 || total > CODING_RULE_MAX_BITS)
    throw new CodingError('totalLength', 'coding.totalInvalid', { value: String(total ?? ''), max: CODING_RULE_MAX_BITS });
  const domains = rule.domains.map((d) => ({ ...d }));
  if (!domains.length) throw new CodingError('domains', 'coding.noDomains');
  const H = sampleDigits(total);
  const width = H * 4;
  /** shift of a domain's least significant bit in the H*4-bit number */
  const shiftOf = (d: CodingDomain) => width - 1 - d.endIndex;
  const serialDomain = domains.find((d) => d.valueType === VALUE_TYPE.serial);
  const randoms = domains.filter((d) => d.valueType === VALUE_TYPE.random);
  const perTag = domains.filter((d) => PER_TAG_TYPES.has(d.valueType));
  const needsGtin = domains.some((d) => d.valueType === VALUE_TYPE.goods || d.valueType === VALUE_TYPE.gs1Item);
  const fixed = new Map(domains.map((d) => [d, fixedBits(d)]));
  const valueOrZero = (d: CodingDomain, text: string | null | undefined) => (given(text) ? (codingValue(text, d.base) ?? 0n) : 0n);
  const fit = (d: CodingDomain, v: bigint, field: string): bigint => {
    if (v < 0n || v >= 1n << BigInt(d.length))
      throw new CodingError(field, 'coding.valueTooBig', { name: d.name, value: v.toString(), length: d.length });
    return v;
  };

  /** The value of a domain that does not change from tag to tag. */
  function constValue(d: CodingDomain, input: CodingTagInput, sample: boolean): bigint {
    switch (d.valueType) {
      case VALUE_TYPE.fixed:
        return fixed.get(d) ?? 0n;
      case VALUE_TYPE.goods: {
        const g = sample ? (given(d.defaultValue) ? d.defaultValue.trim().padStart(14, '0') : ZERO_GTIN) : gtin14(input.gtin);
        return fit(d, BigInt(g.slice(0, 13)), 'gtin');
      }
      case VALUE_TYPE.gs1Item: {
        const g = sample ? (given(d.defaultValue) ? d.defaultValue.trim().padStart(14, '0') : ZERO_GTIN) : gtin14(input.gtin);
        const p = SGTIN_PARTITIONS[partitionOf(prefixLength(input))];
        const prefix = BigInt(g.slice(1, 1 + p.prefixDigits));
        const item = BigInt(g[0] + g.slice(1 + p.prefixDigits, 13));
        return (prefix << BigInt(GS1_ITEM_BITS - p.prefixBits)) | item;
      }
      case VALUE_TYPE.partition:
        return BigInt(partitionOf(prefixLength(input)));
      case VALUE_TYPE.filter: {
        if (!sample && input.filter !== undefined) {
          if (!Number.isInteger(input.filter) || input.filter < 0)
            throw new CodingError('filter', 'coding.filterInvalid', { filter: String(input.filter) });
          return fit(d, BigInt(input.filter), 'filter');
        }
        return valueOrZero(d, d.defaultValue);
      }
      case VALUE_TYPE.tenant:
        if (!sample && input.tenant !== undefined) return fit(d, BigInt(input.tenant), 'tenant');
        return valueOrZero(d, given(d.defaultValue) ? d.defaultValue : d.startValue);
      case VALUE_TYPE.date: {
        if (sample) return valueOrZero(d, d.defaultValue);
        const day = Math.floor((input.date ?? new Date()).getTime() / 86_400_000);
        return fit(d, BigInt(day), 'date');
      }
      default:
        return 0n;
    }
  }

  function prefixLength(input: CodingTagInput): number {
    const cpl = input.companyPrefixLength ?? rule.companyPrefixLength;
    if (!Number.isInteger(cpl) || (cpl as number) < 6 || (cpl as number) > 12)
      throw new CodingError('companyPrefixLength', 'coding.prefixLengthInvalid', { value: String(cpl ?? '') });
    return cpl as number;
  }

  /** Every constant domain laid out in the H*4-bit number. */
  function constBits(input: CodingTagInput, sample = false): bigint {
    let out = 0n;
    for (const d of domains) if (!PER_TAG_TYPES.has(d.valueType)) out |= constValue(d, input, sample) << BigInt(shiftOf(d));
    return out;
  }

  const serialMax = serialDomain ? (1n << BigInt(serialDomain.length)) - 1n : 0n;
  const hex = (v: bigint) => v.toString(16).toUpperCase().padStart(H, '0');
  const randomBig = (d: CodingDomain) => {
    let v = 0n;
    for (let left = d.length; left > 0; left -= 30) {
      const n = Math.min(30, left);
      v = (v << BigInt(n)) | BigInt(Math.floor(Math.random() * 2 ** n));
    }
    return v;
  };

  // the window of hex digits holding every per-tag bit
  const lo = perTag.length ? Math.min(...perTag.map((d) => d.startIndex)) : 0;
  const hi = perTag.length ? Math.max(...perTag.map((d) => d.endIndex)) : -1;
  const n0 = Math.floor(lo / 4);
  const n1 = perTag.length ? Math.floor(hi / 4) : -1;
  const windowBits = (n1 - n0 + 1) * 4;
  const fastWindow = perTag.length > 0 && windowBits <= 52;

  function checkRange(first: bigint, count: number) {
    if (!Number.isInteger(count) || count < 0) throw new CodingError('count', 'coding.countInvalid', { count: String(count) });
    if (!serialDomain) return;
    if (first < 0n || (count > 0 && first + BigInt(count) - 1n > serialMax))
      throw new CodingError('serial', 'coding.serialOverflow', {
        name: serialDomain.name,
        first: first.toString(),
        last: (first + BigInt(Math.max(count, 1)) - 1n).toString(),
        max: serialMax.toString(),
      });
  }

  function epcs(input: CodingBatchInput): string[] {
    const first = BigInt(input.firstSerial);
    const count = input.count;
    checkRange(first, count);
    const base = constBits(input);
    const out = new Array<string>(count);
    if (!perTag.length) {
      out.fill(hex(base));
      return out;
    }
    if (fastWindow && first + BigInt(count) <= BigInt(MAX_SAFE)) {
      const full = hex(base);
      const head = full.slice(0, n0);
      const tail = full.slice(n1 + 1);
      const digits = n1 - n0 + 1;
      const constWindow = Number.parseInt(full.slice(n0, n1 + 1), 16);
      const winLow = (n1 + 1) * 4; // bits 0 … winLow−1 of the code are at and before the window's end
      const serialUnit = serialDomain ? 2 ** (winLow - 1 - serialDomain.endIndex) : 0;
      const rnd = randoms.map((d) => ({ unit: 2 ** (winLow - 1 - d.endIndex), range: 2 ** d.length }));
      let w = constWindow + Number(first) * serialUnit;
      for (let i = 0; i < count; i++) {
        let v = w;
        for (const r of rnd) v += Math.floor(Math.random() * r.range) * r.unit;
        const s = v.toString(16);
        out[i] = head + (s.length < digits ? '0'.repeat(digits - s.length) + s : s).toUpperCase() + tail;
        w += serialUnit;
      }
      return out;
    }
    const serialShift = serialDomain ? BigInt(shiftOf(serialDomain)) : 0n;
    for (let i = 0; i < count; i++) {
      let v = base;
      if (serialDomain) v |= (first + BigInt(i)) << serialShift;
      for (const d of randoms) v |= randomBig(d) << BigInt(shiftOf(d));
      out[i] = hex(v);
    }
    return out;
  }

  function layout(input: CodingTagInput & { serial?: number | bigint }, sample: boolean): bigint[] {
    return domains.map((d) => {
      if (d.valueType === VALUE_TYPE.serial) {
        if (!sample && input.serial !== undefined) return fit(d, BigInt(input.serial), 'serial');
        return valueOrZero(d, given(d.defaultValue) ? d.defaultValue : d.startValue);
      }
      if (d.valueType === VALUE_TYPE.random) return sample ? valueOrZero(d, d.defaultValue) : randomBig(d);
      return constValue(d, input, sample);
    });
  }
  /** A value as people read it (see CodingDomainValue.text). */
  function textOf(d: CodingDomain, v: bigint, input: CodingTagInput, sample: boolean): string {
    if (d.valueType === VALUE_TYPE.gs1Item) {
      const p = SGTIN_PARTITIONS[partitionOf(prefixLength(sample ? {} : input))];
      const item = v & ((1n << BigInt(p.itemBits)) - 1n);
      return `${(v >> BigInt(p.itemBits)).toString().padStart(p.prefixDigits, '0')}.${item.toString().padStart(p.itemDigits, '0')}`;
    }
    if (d.valueType === VALUE_TYPE.goods) return v.toString().padStart(13, '0');
    if (d.base === 16) return v.toString(16).toUpperCase();
    if (d.base === 2) return v.toString(2);
    return v.toString();
  }
  const join = (values: bigint[]) => hex(values.reduce((acc, v, i) => acc | (v << BigInt(shiftOf(domains[i]))), 0n));

  return {
    totalLength: total,
    hexDigits: H,
    needsGtin,
    serial: serialDomain
      ? {
          start: given(serialDomain.startValue) ? (codingValue(serialDomain.startValue, serialDomain.base) ?? 0n) : 0n,
          max: serialMax,
          name: serialDomain.name,
        }
      : undefined,
    epcs,
    epc: (input) => join(layout(input, false)),
    explain: (input, sample = false) =>
      layout(input, sample).map((v, i) => {
        const d = domains[i];
        return {
          name: d.name,
          alias: d.alias,
          valueType: d.valueType,
          startIndex: d.startIndex,
          endIndex: d.endIndex,
          length: d.length,
          value: v.toString(),
          text: textOf(d, v, input, sample),
          bits: v.toString(2).padStart(d.length, '0'),
        };
      }),
    sample: () => join(layout({}, true)),
  };
}

/** The sample of a rule (see CodingEncoder.sample), '' when the rule cannot make codes. */
export function ruleSample(rule: CodingRuleInput): string {
  try {
    return compileRule(rule).sample();
  } catch (e) {
    if (e instanceof CodingError) return '';
    throw e;
  }
}
