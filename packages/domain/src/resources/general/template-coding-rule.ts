import { CODING_RULE_MAX_BITS, type CodingDomain, type CodingRuleInput, ruleRefusals, ruleSample, VALUE_TYPE } from '../../coding/index.js';
import { L } from '../../lang.js';
import { defineResource, type Rule } from '../../resource/define.js';
import { f } from '../../resource/fields.js';
import { CODE_RE } from './_rule-issue.js';

// the rule engine (packages/domain/src/coding) is reached through this declaration too
export {
  CODING_RULE_MAX_BITS,
  type CodingBatchInput,
  type CodingDomain,
  type CodingDomainValue,
  type CodingEncoder,
  CodingError,
  type CodingRuleInput,
  type CodingTagInput,
  type CodingWarning,
  codingValue,
  compileRule,
  isCodingError,
  isSgtin96Layout,
  ruleIssues,
  ruleRefusals,
  ruleSample,
  sampleDigits,
  VALUE_TYPE as CODING_VALUE_TYPE,
} from '../../coding/index.js';

/**
 * Coding-rule template (spec §3 "Coding rule"): how a tenant's EPC is laid out. The rule has a
 * total length in bits and an ordered list of domains (bit fields); each domain has a length, its
 * start and end bit, what fills it (value type), the base its default/start values are written in
 * and how a short value is padded. A rule without domains yet is a draft; once domains are given
 * they must tile the total length exactly, in order. The engine (`compileRule`) turns a rule into
 * EPCs; `ruleIssues` warns about rules that can be saved but should not be (a GS1 header …).
 */

const VALUE_MAX = 128;
const DOMAIN_NAME_MAX = 32;

/**
 * A sample code: each domain's default value (else its start value, else 0; a GTIN domain's default
 * is a sample GTIN) in its bits, all domains in order, as upper-case hex (the last digit zero-filled).
 * '' when the domains are not a valid layout of the total length.
 */
export function codingRuleSample(domains: unknown, totalLength: unknown, companyPrefixLength?: unknown): string {
  if (!Array.isArray(domains) || !domains.length) return '';
  return ruleSample({ domains, totalLength, companyPrefixLength } as CodingRuleInput);
}

/** Refusals of the engine (packages/domain/src/coding/checks.ts): one set of rules for the server, the console and the engine. */
export const codingRuleRules: Rule<Record<string, unknown>>[] = [
  // each domain is checked by the declaration's item fields (a strict schema) before the rules run
  (d) => ruleRefusals(d, true),
];

const {
  fixed: FIXED,
  serial: SERIAL,
  goods: GOODS,
  tenant: TENANT,
  date: DATE,
  gs1Item: GS1_ITEM,
  partition: PARTITION,
  filter: FILTER,
} = VALUE_TYPE;
const LEFT = 1;
/** A demo GTIN (apps/server/src/modules/tenant/goods/seed.ts: GS1 prefix 690, company 1234: a 7-digit company prefix). */
const SAMPLE_GTIN = '6901234000016';

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

/**
 * GS1 SGTIN-96 exactly (EPC Tag Data Standard 1.13 §14.5.1): header 0x30, filter 1 (point-of-sale
 * item), the partition derived from the company-prefix length (7 digits: partition 5), company prefix
 * and item reference from the SKU's GTIN, a 38-bit serial from 1.
 */
const SGTIN96 = domains(
  ['header', 'Header', 8, FIXED, 16, '30'],
  ['filter', 'Filter', 3, FILTER, 10, '1'],
  ['partition', 'Partition', 3, PARTITION, 10],
  ['companyItem', 'Company prefix + item reference', 44, GS1_ITEM, 10, SAMPLE_GTIN],
  ['serial', 'Serial', 38, SERIAL, 10, '', '1'],
);
/** A tenant's own layout: a header outside GS1's, the tenant, the GTIN (44 bits hold any), the day and a serial. */
const TENANT96 = domains(
  ['header', 'Header', 8, FIXED, 16, 'E2'],
  ['tenant', 'Tenant code', 12, TENANT, 16, '001'],
  ['goods', 'Goods code', 44, GOODS, 10, SAMPLE_GTIN],
  ['date', 'Production date (days)', 16, DATE, 10, ''],
  ['serial', 'Serial', 16, SERIAL, 10, '', '1'],
);

/** Coding-rule template screen (generic routes; the console adds the domain designer, live sample and EPC decoder). */
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
      companyPrefixLength: 7,
      sample: codingRuleSample(SGTIN96, 96, 7),
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
    companyPrefixLength: f.int({
      label: L('厂商识别代码位数', '廠商識別碼位數', 'Company prefix digits'),
      min: 6,
      max: 12,
      required: false,
      width: 140,
      hidden: true,
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
