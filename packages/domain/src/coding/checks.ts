/**
 * What a coding rule must be (refusals, `validation.codingRule.*`: the declaration's rule and the
 * engine run the same ones) and what it should not be (warnings, `coding.warn.*`: shown on save and
 * in the designer, never refused).
 */
import { isValidGtin } from '../resources/tenant/goods/gtin.js';
import {
  CODING_RULE_MAX_BITS,
  type CodingDomain,
  type CodingIssue,
  type CodingRuleInput,
  codingValue,
  GOODS_BITS,
  GS1_HEADERS,
  GS1_ITEM_BITS,
  given,
  issue,
  PARTITION_BITS,
  PREFIX_TYPES,
  sampleDigits,
  VALUE_TYPE,
} from './layout.js';

const DOMAIN_KEYS = new Set([
  'name',
  'alias',
  'length',
  'startIndex',
  'endIndex',
  'valueType',
  'base',
  'defaultValue',
  'startValue',
  'padding',
]);
const VALUE_TYPES = new Set<number>(Object.values(VALUE_TYPE));
const BASES = new Set([2, 10, 16]);
const PADDINGS = new Set([1, 2]);
const VALUE_MAX = 128;
const HEX_RE = /^[0-9A-Fa-f]+$/;

const isInt = (v: unknown, min: number, max: number): v is number => Number.isInteger(v) && (v as number) >= min && (v as number) <= max;
const optText = (v: unknown, max: number) => v === undefined || v === null || (typeof v === 'string' && v.length <= max);

/** A domain of the right shape (the declaration checks each field by itself; the engine checks this). */
export const isDomain = (d: unknown): d is CodingDomain => {
  if (!d || typeof d !== 'object' || Array.isArray(d)) return false;
  const o = d as Record<string, unknown>;
  return (
    Object.keys(o).every((k) => DOMAIN_KEYS.has(k)) &&
    typeof o.name === 'string' &&
    o.name.trim().length > 0 &&
    o.name.length <= 32 &&
    optText(o.alias, 64) &&
    isInt(o.length, 1, CODING_RULE_MAX_BITS) &&
    isInt(o.startIndex, 0, CODING_RULE_MAX_BITS - 1) &&
    isInt(o.endIndex, 0, CODING_RULE_MAX_BITS - 1) &&
    VALUE_TYPES.has(o.valueType as number) &&
    BASES.has(o.base as number) &&
    optText(o.defaultValue, VALUE_MAX) &&
    optText(o.startValue, VALUE_MAX) &&
    PADDINGS.has(o.padding as number)
  );
};

/** Each domain spans its length; the domains follow one another from bit 0 without gap or overlap and fill the total. */
export function layoutIssues(list: CodingDomain[], total: number): CodingIssue[] {
  const issues: CodingIssue[] = [];
  let next = 0;
  for (const [i, d] of list.entries()) {
    const at = { row: i + 1, name: d.name, start: d.startIndex, end: d.endIndex, length: d.length };
    if (d.endIndex < d.startIndex) issues.push(issue('domains', 'validation.codingRule.endBeforeStart', at));
    else if (d.endIndex - d.startIndex + 1 !== d.length)
      issues.push(issue('domains', 'validation.codingRule.span', { ...at, span: d.endIndex - d.startIndex + 1 }));
    if (d.startIndex < next) issues.push(issue('domains', 'validation.codingRule.overlap', { ...at, expected: next }));
    else if (d.startIndex > next) issues.push(issue('domains', 'validation.codingRule.gap', { ...at, from: next, to: d.startIndex - 1 }));
    if (d.endIndex >= total) issues.push(issue('domains', 'validation.codingRule.beyondTotal', { ...at, total }));
    next = Math.max(next, d.endIndex + 1);
  }
  const sum = list.reduce((n, d) => n + d.length, 0);
  if (sum !== total) issues.push(issue('domains', 'validation.codingRule.lengthSum', { sum, total }));
  return issues;
}

const asList = (v: unknown): unknown[] | undefined => (v === null || v === undefined ? [] : Array.isArray(v) ? v : undefined);

/**
 * Why a rule cannot be saved (or compiled): domains well formed with distinct names, laid out over
 * the total length exactly; default and start values written in the domain's base and fitting its
 * bits (a GTIN domain's default: a sample GTIN); the GS1 value types at their standard sizes with
 * the company-prefix length they need; one serial domain at most; a sample of the right size.
 * `checkedItems`: the declaration has already checked each domain's own fields.
 */
export function ruleRefusals(d: Record<string, unknown>, checkedItems = false): CodingIssue[] {
  const list = asList(d.domains);
  if (list === undefined) return [issue('domains', 'validation.codingRule.notList')];
  if (!checkedItems) {
    const bad = list.findIndex((x) => !isDomain(x));
    if (bad >= 0) return [issue('domains', 'validation.codingRule.invalid', { row: bad + 1 })];
  }
  const domains = list as CodingDomain[];
  const seen = new Set<string>();
  for (const x of domains) {
    const k = x.name.trim().toLowerCase();
    if (seen.has(k)) return [issue('domains', 'validation.codingRule.duplicateName', { name: x.name.trim() })];
    seen.add(k);
  }
  const total = d.totalLength;
  if (!isInt(total, 1, CODING_RULE_MAX_BITS)) return [];
  const issues = domains.length ? layoutIssues(domains, total) : [];
  for (const [i, x] of domains.entries()) {
    const at = { row: i + 1, name: x.name, length: x.length };
    if (x.valueType === VALUE_TYPE.gs1Item && x.length !== GS1_ITEM_BITS)
      issues.push(issue('domains', 'validation.codingRule.gs1ItemLength', { ...at, bits: GS1_ITEM_BITS }));
    if (x.valueType === VALUE_TYPE.partition && x.length !== PARTITION_BITS)
      issues.push(issue('domains', 'validation.codingRule.partitionLength', { ...at, bits: PARTITION_BITS }));
    for (const [key, what] of [
      ['defaultValue', 'default'],
      ['startValue', 'start'],
    ] as const) {
      const text = x[key];
      if (!given(text)) continue;
      const value = { ...at, value: text.trim(), base: x.base };
      if (key === 'defaultValue' && (x.valueType === VALUE_TYPE.goods || x.valueType === VALUE_TYPE.gs1Item)) {
        // a GTIN domain's default is the sample GTIN the rule's sample is made from
        if (!isValidGtin(text.trim())) issues.push(issue('domains', 'validation.codingRule.defaultNotGtin', value));
        continue;
      }
      const v = codingValue(text, x.base);
      if (v === undefined) issues.push(issue('domains', `validation.codingRule.${what}NotBase`, value));
      else if (v >= 1n << BigInt(x.length)) issues.push(issue('domains', `validation.codingRule.${what}TooBig`, value));
    }
  }
  const serials = domains.filter((x) => x.valueType === VALUE_TYPE.serial);
  if (serials.length > 1)
    issues.push(issue('domains', 'validation.codingRule.serialTwice', { names: serials.map((x) => x.name).join(', ') }));
  const prefix = d.companyPrefixLength;
  const needsPrefix = domains.find((x) => PREFIX_TYPES.has(x.valueType));
  if (needsPrefix && !isInt(prefix, 6, 12))
    issues.push(issue('companyPrefixLength', 'validation.codingRule.prefixLengthNeeded', { name: needsPrefix.name }));
  if (given(d.sample) && (!HEX_RE.test(d.sample.trim()) || d.sample.trim().length !== sampleDigits(total))) {
    issues.push(issue('sample', 'validation.codingRule.sample', { digits: sampleDigits(total), total }));
  }
  return issues;
}

/** A warning: an i18n key of the server catalogs (part `coding`) and its params. */
export interface CodingWarning {
  key: string;
  params: Record<string, string | number>;
}

/** Whether a rule is laid out exactly as SGTIN-96 (GS1 EPC Tag Data Standard §14.5.1). */
export function isSgtin96Layout(rule: CodingRuleInput): boolean {
  const want: [number, number[]][] = [
    [8, [VALUE_TYPE.fixed]],
    [3, [VALUE_TYPE.filter, VALUE_TYPE.fixed]],
    [3, [VALUE_TYPE.partition]],
    [44, [VALUE_TYPE.gs1Item]],
    [38, [VALUE_TYPE.serial]],
  ];
  const ds = rule.domains;
  return (
    rule.totalLength === 96 &&
    ds.length === want.length &&
    ds.every((d, i) => d.length === want[i][0] && want[i][1].includes(d.valueType)) &&
    fixedBits(ds[0]) === 0x30n
  );
}

/** A fixed domain's value (its default, padded as it says); undefined for other value types or no value. */
export function fixedBits(d: CodingDomain): bigint | undefined {
  if (d.valueType !== VALUE_TYPE.fixed) return undefined;
  const text = given(d.defaultValue) ? d.defaultValue : given(d.startValue) ? d.startValue : '0';
  const v = codingValue(text, d.base);
  if (v === undefined) return undefined;
  const len = v.toString(2).length;
  return d.padding === 2 && v !== 0n && len < d.length ? v << BigInt(d.length - len) : v;
}

/** The first 8 bits of every code of the rule when fixed domains make them; undefined otherwise. */
export function fixedHeader(rule: CodingRuleInput): number | undefined {
  let header = 0n;
  for (const d of rule.domains) {
    if (d.startIndex >= 8) break;
    const v = fixedBits(d);
    if (v === undefined) return undefined;
    // the domain's bits that fall into bits 0–7
    const end = Math.min(d.endIndex, 7);
    const part = v >> BigInt(d.endIndex - end);
    const width = end - d.startIndex + 1;
    header = (header << BigInt(width)) | (part & ((1n << BigInt(width)) - 1n));
    if (end === 7) return Number(header);
  }
  return undefined;
}

/**
 * Warnings about a rule that can be saved: a custom rule whose header is a GS1 EPC header (readers
 * take its tags for that scheme), a rule without a serial (every tag of a SKU alike), a goods-code
 * domain too short for every GTIN, a right padding on a value that is not fixed (ignored).
 */
export function ruleIssues(rule: CodingRuleInput): CodingWarning[] {
  const out: CodingWarning[] = [];
  if (!Array.isArray(rule.domains) || !rule.domains.length) return out;
  const header = fixedHeader(rule);
  if (header !== undefined && GS1_HEADERS[header] !== undefined && !isSgtin96Layout(rule))
    out.push({
      key: 'coding.warn.gs1Header',
      params: { header: header.toString(16).toUpperCase().padStart(2, '0'), scheme: GS1_HEADERS[header] },
    });
  if (!rule.domains.some((d) => d.valueType === VALUE_TYPE.serial || d.valueType === VALUE_TYPE.random))
    out.push({ key: 'coding.warn.noSerial', params: {} });
  for (const d of rule.domains) {
    if (d.valueType === VALUE_TYPE.goods && d.length < GOODS_BITS)
      out.push({ key: 'coding.warn.goodsShort', params: { name: d.name, length: d.length, bits: GOODS_BITS } });
    if (d.valueType !== VALUE_TYPE.fixed && d.padding === 2) out.push({ key: 'coding.warn.padding', params: { name: d.name } });
  }
  return out;
}
