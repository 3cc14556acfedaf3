/**
 * Coding rules (spec §3): the shapes, the value types and the fixed GS1 tables the rule engine
 * (./engine.ts), the declaration (resources/general/template-coding-rule.ts) and the designer share.
 * Pure and zod-free: the console imports it.
 */
import { CP_BITS, CP_DIGITS, DEPRECATED_HEADERS, HEADERS as EPC_HEADERS, ITEM_REF_BITS } from '../epc/tables.js';

/** One domain (bit field) of a coding rule. */
export interface CodingDomain {
  name: string;
  alias?: string;
  /** bits */
  length: number;
  /** first and last bit, 0-based, inclusive */
  startIndex: number;
  endIndex: number;
  /** CodingValueType (see VALUE_TYPE) */
  valueType: number;
  /** CodingBase: 2, 10 or 16 */
  base: number;
  defaultValue?: string | null;
  startValue?: string | null;
  /** CodingPadding: 1 zero-pad left, 2 zero-pad right (fixed values only) */
  padding: number;
}

/** What the engine needs of a rule (a row of template_coding_rules). */
export interface CodingRuleInput {
  totalLength: number;
  domains: CodingDomain[];
  /** digits of the GS1 company prefix in the SKUs' GTINs (6–12): needed by the GS1 value types */
  companyPrefixLength?: number | null;
}

/** The value types (enum CodingValueType): what fills a domain. */
export const VALUE_TYPE = {
  /** the default value, always */
  fixed: 1,
  /** per tag: the tenant's next serial (start value, then +1 per tag; never reused) */
  serial: 2,
  /** the SKU's GTIN-14 without its check digit (13 digits: 44 bits hold any) */
  goods: 3,
  /** the tenant's number on the platform */
  tenant: 4,
  /** the day the code is made: days since 1970-01-01 (UTC) */
  date: 5,
  /** per tag: random bits */
  random: 6,
  /** GS1 company prefix + item reference of the SKU's GTIN, split by the partition table (44 bits) */
  gs1Item: 7,
  /** derived: the SGTIN partition value of the rule's company-prefix length (3 bits) */
  partition: 8,
  /** the filter value (0–7 in 3 bits): the default, or the one an order asks for */
  filter: 9,
} as const;

/** Value types that change from tag to tag. */
export const PER_TAG_TYPES: ReadonlySet<number> = new Set([VALUE_TYPE.serial, VALUE_TYPE.random]);
/** Value types taken from the SKU's GTIN. */
export const GTIN_TYPES: ReadonlySet<number> = new Set([VALUE_TYPE.goods, VALUE_TYPE.gs1Item]);
/** Value types that need the rule's company-prefix length. */
export const PREFIX_TYPES: ReadonlySet<number> = new Set([VALUE_TYPE.gs1Item, VALUE_TYPE.partition]);

export const PADDING_LEFT = 1;
export const PADDING_RIGHT = 2;

/** Longest EPC memory bank the rules allow (bits). */
export const CODING_RULE_MAX_BITS = 512;
/** Bits of a GS1 company prefix + item reference (SGTIN), and of its partition. */
export const GS1_ITEM_BITS = 44;
export const PARTITION_BITS = 3;
/** Bits that hold any GTIN-14 without its check digit (10^13 − 1 < 2^44). */
export const GOODS_BITS = 44;

/**
 * SGTIN partition table (GS1 EPC Tag Data Standard 1.13, Table 14-2, from the codec's tables), by
 * partition value: company prefix digits and bits, item reference (with indicator digit) digits and bits.
 */
export const SGTIN_PARTITIONS: readonly { prefixDigits: number; prefixBits: number; itemDigits: number; itemBits: number }[] = CP_BITS.map(
  (prefixBits, p) => ({ prefixDigits: CP_DIGITS[p], prefixBits, itemDigits: 13 - CP_DIGITS[p], itemBits: ITEM_REF_BITS[p] }),
);

/** The partition value of a company-prefix length (6–12 digits). */
export const partitionOf = (companyPrefixLength: number): number => 12 - companyPrefixLength;

/**
 * EPC binary headers of the GS1 EPC Tag Data Standard 1.13 (Table 14-1, the codec's table, with the
 * deprecated GDTI-113): a custom rule starting with one of them is read by every GS1 reader as that scheme.
 */
export const GS1_HEADERS: Readonly<Record<number, string>> = {
  ...Object.fromEntries(Object.entries(EPC_HEADERS).map(([h, s]) => [h, s.scheme.toUpperCase()])),
  ...DEPRECATED_HEADERS,
};

const DIGITS: Record<number, RegExp> = { 2: /^[01]+$/, 10: /^[0-9]+$/, 16: /^[0-9A-Fa-f]+$/ };

/** A value written in `base`, as a number; undefined when it is not one. */
export function codingValue(text: string, base: number): bigint | undefined {
  const s = text.trim();
  if (!DIGITS[base]?.test(s)) return undefined;
  return base === 10 ? BigInt(s) : BigInt(`${base === 16 ? '0x' : '0b'}${s}`);
}

/** Hex digits of a code of `bits` bits. */
export const sampleDigits = (bits: number) => Math.ceil(bits / 4);

/** Whether a text is given (not empty once trimmed). */
export const given = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** An issue of a rule: `message` an i18n key (under `validation.` for refusals), its params beside it. */
export type CodingIssue = { path: string[]; message: string } & Record<string, unknown>;
export const issue = (field: string, message: string, params: Record<string, unknown> = {}): CodingIssue =>
  ({ path: [field], message, ...params }) as CodingIssue;
