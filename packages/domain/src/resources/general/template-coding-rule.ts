import { ENUMS } from '../../enums.js';
import { defineResource, type Rule } from '../../resource/define.js';
import { f } from '../../resource/fields.js';
import { asList, CODE_RE, ruleIssue } from './_rule-issue.js';

const L = (zh_CN: string, zh_TW: string, en_US: string) => ({ zh_CN, zh_TW, en_US });

/**
 * Coding-rule template (spec §3 "Coding rule"): how a tenant's EPC is laid out. The rule has a
 * total length in bits and an ordered list of domains (bit fields); each domain has a length, its
 * start and end bit, what fills it (value type), the base its default/start values are written in
 * and how a short value is padded. A rule without domains yet is a draft; once domains are given
 * they must tile the total length exactly, in order.
 */
export interface CodingDomain {
  name: string;
  alias?: string;
  /** bits */
  length: number;
  /** first and last bit, 0-based, inclusive */
  startIndex: number;
  endIndex: number;
  /** CodingValueType */
  valueType: number;
  /** CodingBase: 2, 10 or 16 */
  base: number;
  defaultValue?: string | null;
  startValue?: string | null;
  /** CodingPadding: 1 zero-pad left, 2 zero-pad right */
  padding: number;
}

/** Longest EPC memory bank the rules allow (bits). */
export const CODING_RULE_MAX_BITS = 512;
const VALUE_MAX = 128;
const DOMAIN_NAME_MAX = 32;
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
const enumValues = (name: string) => new Set(ENUMS[name].map((o) => o.value));
const VALUE_TYPES = enumValues('CodingValueType');
const BASES = enumValues('CodingBase');
const PADDINGS = enumValues('CodingPadding');
const DIGITS: Record<number, RegExp> = { 2: /^[01]+$/, 10: /^[0-9]+$/, 16: /^[0-9A-Fa-f]+$/ };
const HEX_RE = /^[0-9A-Fa-f]+$/;

const isInt = (v: unknown, min: number, max: number): v is number => Number.isInteger(v) && (v as number) >= min && (v as number) <= max;
const optText = (v: unknown, max: number) => v === undefined || v === null || (typeof v === 'string' && v.length <= max);

const isDomain = (d: unknown): d is CodingDomain => {
  if (!d || typeof d !== 'object' || Array.isArray(d)) return false;
  const o = d as Record<string, unknown>;
  return (
    Object.keys(o).every((k) => DOMAIN_KEYS.has(k)) &&
    typeof o.name === 'string' &&
    o.name.trim().length > 0 &&
    o.name.length <= DOMAIN_NAME_MAX &&
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

const given = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** A value written in `base`, as a number; undefined when it is not one. */
export function codingValue(text: string, base: number): bigint | undefined {
  const s = text.trim();
  if (!DIGITS[base]?.test(s)) return undefined;
  return base === 10 ? BigInt(s) : BigInt(`${base === 16 ? '0x' : '0b'}${s}`);
}

/** Hex digits of a sample code of `bits` bits. */
export const sampleDigits = (bits: number) => Math.ceil(bits / 4);

/**
 * A sample code: each domain's default value (else its start value, else 0) in its bits, padded as
 * it says, all domains in order, as upper-case hex (the last digit zero-filled). '' when the
 * domains are not a valid layout of the total length.
 */
export function codingRuleSample(domains: unknown, totalLength: unknown): string {
  const list = asList(domains);
  if (!list?.length || !isInt(totalLength, 1, CODING_RULE_MAX_BITS) || !list.every(isDomain)) return '';
  if (layoutIssues(list, totalLength).length) return '';
  let bits = '';
  for (const d of list) {
    const text = given(d.defaultValue) ? d.defaultValue : given(d.startValue) ? d.startValue : '0';
    const v = codingValue(text, d.base);
    if (v === undefined) return '';
    const b = v.toString(2);
    if (b.length > d.length) return '';
    bits += d.padding === 2 && v !== 0n ? b.padEnd(d.length, '0') : b.padStart(d.length, '0');
  }
  const padded = bits.padEnd(sampleDigits(totalLength) * 4, '0');
  return BigInt(`0b${padded}`).toString(16).toUpperCase().padStart(sampleDigits(totalLength), '0');
}

type Issue = { path: string[]; message: string };

/** Each domain spans its length; the domains follow one another from bit 0 without gap or overlap and fill the total. */
function layoutIssues(list: CodingDomain[], total: number): Issue[] {
  const issues: Issue[] = [];
  let next = 0;
  for (const [i, d] of list.entries()) {
    const at = { row: i + 1, name: d.name, start: d.startIndex, end: d.endIndex, length: d.length };
    if (d.endIndex < d.startIndex) issues.push(ruleIssue('domains', 'validation.codingRule.endBeforeStart', at));
    else if (d.endIndex - d.startIndex + 1 !== d.length)
      issues.push(ruleIssue('domains', 'validation.codingRule.span', { ...at, span: d.endIndex - d.startIndex + 1 }));
    if (d.startIndex < next) issues.push(ruleIssue('domains', 'validation.codingRule.overlap', { ...at, expected: next }));
    else if (d.startIndex > next)
      issues.push(ruleIssue('domains', 'validation.codingRule.gap', { ...at, from: next, to: d.startIndex - 1 }));
    if (d.endIndex >= total) issues.push(ruleIssue('domains', 'validation.codingRule.beyondTotal', { ...at, total }));
    next = Math.max(next, d.endIndex + 1);
  }
  const sum = list.reduce((n, d) => n + d.length, 0);
  if (sum !== total) issues.push(ruleIssue('domains', 'validation.codingRule.lengthSum', { sum, total }));
  return issues;
}

/**
 * Domains well formed with distinct names; laid out over the total length exactly; default and
 * start values written in the domain's base and fitting its bits; a sample of the right size.
 */
export const codingRuleRules: Rule<Record<string, unknown>>[] = [
  (d) => {
    const list = asList(d.domains);
    if (list === undefined) return [ruleIssue('domains', 'validation.codingRule.notList')];
    // each domain is checked by the declaration's item fields (a strict schema) before the rules run
    const domains = list as CodingDomain[];
    const seen = new Set<string>();
    for (const x of domains) {
      const k = x.name.trim().toLowerCase();
      if (seen.has(k)) return [ruleIssue('domains', 'validation.codingRule.duplicateName', { name: x.name.trim() })];
      seen.add(k);
    }
    const total = d.totalLength;
    if (!isInt(total, 1, CODING_RULE_MAX_BITS)) return [];
    const issues = domains.length ? layoutIssues(domains, total) : [];
    for (const [i, x] of domains.entries()) {
      for (const [key, what] of [
        ['defaultValue', 'default'],
        ['startValue', 'start'],
      ] as const) {
        const text = x[key];
        if (!given(text)) continue;
        const at = { row: i + 1, name: x.name, value: text.trim(), base: x.base, length: x.length };
        const v = codingValue(text, x.base);
        if (v === undefined) issues.push(ruleIssue('domains', `validation.codingRule.${what}NotBase`, at));
        else if (v >= 1n << BigInt(x.length)) issues.push(ruleIssue('domains', `validation.codingRule.${what}TooBig`, at));
      }
    }
    if (given(d.sample) && (!HEX_RE.test(d.sample.trim()) || d.sample.trim().length !== sampleDigits(total))) {
      issues.push(ruleIssue('sample', 'validation.codingRule.sample', { digits: sampleDigits(total), total }));
    }
    return issues;
  },
];

const FIXED = 1;
const SERIAL = 2;
const GOODS = 3;
const TENANT = 4;
const DATE = 5;
const LEFT = 1;

type DomainSeed = [
  name: string,
  alias: string,
  length: number,
  valueType: number,
  base: number,
  defaultValue?: string,
  startValue?: string,
];
/** Seed helper: domains laid out one after the other from bit 0. */
function domains(...rows: DomainSeed[]): CodingDomain[] {
  let at = 0;
  return rows.map(([name, alias, length, valueType, base, defaultValue = '', startValue = '']) => {
    const d = { name, alias, length, startIndex: at, endIndex: at + length - 1, valueType, base, defaultValue, startValue, padding: LEFT };
    at += length;
    return d;
  });
}

const SGTIN96 = domains(
  ['header', 'Header', 8, FIXED, 16, '30'],
  ['filter', 'Filter', 3, FIXED, 10, '1'],
  ['partition', 'Partition', 3, FIXED, 10, '5'],
  ['companyItem', 'Company prefix + item reference', 44, GOODS, 10, '643974325561'],
  ['serial', 'Serial', 38, SERIAL, 10, '', '1'],
);
const TENANT96 = domains(
  ['header', 'Header', 8, FIXED, 16, 'E2'],
  ['tenant', 'Tenant code', 16, TENANT, 16, '0001'],
  ['goods', 'Goods code', 40, GOODS, 10, ''],
  ['date', 'Production date (days)', 16, DATE, 10, ''],
  ['serial', 'Serial', 16, SERIAL, 10, '', '1'],
);

/** Coding-rule template screen (generic routes; its designer and EPC preview come later). */
export const templateCodingRuleResource = defineResource({
  code: 'general/template-coding-rule',
  names: L('编码规则模板', '編碼規則範本', 'Coding rule template'),
  owner: 'platform',
  table: 'template_coding_rules',
  titleField: 'name',
  defaultSort: { field: 'code', order: 'asc' },
  rules: codingRuleRules,
  seed: [
    {
      code: 'CR-SGTIN96',
      name: 'SGTIN-96 商品编码规则',
      alias: 'SGTIN-96',
      totalLength: 96,
      sample: codingRuleSample(SGTIN96, 96),
      domains: SGTIN96,
      remark: 'GS1 EPC 标签数据标准 SGTIN-96（分区值 5：厂商识别代码 24 位 + 商品项目代码 20 位）',
    },
    {
      code: 'CR-TENANT96',
      name: '租户自定义 96 位编码规则',
      alias: 'Tenant custom 96-bit',
      totalLength: 96,
      sample: codingRuleSample(TENANT96, 96),
      domains: TENANT96,
      remark: '头部 E2 + 租户编码 + 商品编码 + 生产日期 + 流水号',
    },
  ],
  fields: {
    code: f.text({
      display: 'code',
      label: L('规则编码', '規則編碼', 'Rule code'),
      max: 32,
      unique: true,
      search: 'like',
      sort: true,
      editable: false,
      pattern: { source: CODE_RE.source, message: 'validation.codeChars' },
    }),
    name: f.text({ label: L('规则名称', '規則名稱', 'Rule name'), max: 64, search: 'like', sort: true }),
    alias: f.text({ label: L('别名', '別名', 'Alias'), max: 64, required: false, search: 'like', hidden: true }),
    totalLength: f.int({
      label: L('总长度(位)', '總長度(位元)', 'Total length (bits)'),
      min: 1,
      max: CODING_RULE_MAX_BITS,
      sort: true,
      width: 140,
    }),
    sample: f.text({
      display: 'code',
      label: L('样例', '樣例', 'Sample'),
      max: 128,
      required: false,
      width: 220,
      placeholder: L('留空则按各域默认值生成', '留空則依各域預設值產生', 'Left empty: built from the domains’ default values'),
    }),
    domains: f.json({
      hidden: true,
      label: L('编码域', '編碼域', 'Domains'),
      default: [],
      list: true,
      // in Excel as a JSON list, so an export imports again
      exported: true,
      items: {
        name: f.text({ label: L('域名称', '域名稱', 'Domain name'), max: DOMAIN_NAME_MAX }),
        alias: f.text({ label: L('别名', '別名', 'Alias'), max: 64, required: false }),
        length: f.int({ label: L('长度(位)', '長度(位元)', 'Length (bits)'), min: 1, max: CODING_RULE_MAX_BITS }),
        startIndex: f.int({ label: L('起始位', '起始位', 'Start bit'), min: 0, max: CODING_RULE_MAX_BITS - 1 }),
        endIndex: f.int({ label: L('结束位', '結束位', 'End bit'), min: 0, max: CODING_RULE_MAX_BITS - 1 }),
        valueType: f.enumOf('CodingValueType', { label: L('值类型', '值類型', 'Value type'), default: FIXED }),
        base: f.enumOf('CodingBase', { label: L('进制', '進位', 'Base'), default: 10 }),
        defaultValue: f.text({ label: L('默认值', '預設值', 'Default value'), max: VALUE_MAX, required: false }),
        startValue: f.text({ label: L('起始值', '起始值', 'Start value'), max: VALUE_MAX, required: false }),
        padding: f.enumOf('CodingPadding', { label: L('补位', '補位', 'Padding'), default: LEFT }),
      },
    }),
    status: f.enumOf('Status', { label: L('状态', '狀態', 'Status'), search: 'eq', default: 1, required: false }),
    remark: f.textarea({ label: L('备注', '備註', 'Remark'), max: 256, hidden: true }),
  },
});
