import type { L10n } from '../../lang.js';
import { defineResource, type Rule } from '../../resource/define.js';
import { f } from '../../resource/fields.js';
import { asList, CODE_RE, flagOn, ruleIssue } from './_rule-issue.js';

/**
 * System and business parameters (spec §3, §5): one shape, two screens over two tables. A
 * parameter is a textbox (free value) or a radio/checkbox over options {name, code, default}.
 */
export const PARAM_INPUT = { TEXTBOX: 1, RADIO: 2, CHECKBOX: 3 } as const;

export interface ParamOption {
  name: string;
  code: string;
  default: boolean | 0 | 1;
}

const OPTION_NAME_MAX = 64;
const OPTION_CODE_MAX = 32;

/** The first value that appears twice (names compared trimmed and case-insensitively). */
function firstDuplicate(values: string[], fold: (s: string) => string): string | undefined {
  const seen = new Set<string>();
  for (const v of values) {
    const k = fold(v);
    if (seen.has(k)) return v.trim();
    seen.add(k);
  }
  return undefined;
}

/** Options must fit the type; no two options share a name or a code; a radio has one default at most. */
export const paramOptionRules: Rule<Record<string, unknown>>[] = [
  (d) => {
    const type = d.type;
    // each option is checked by the declaration's item fields (a strict schema) before the rules run
    const list = asList(d.options);
    if (list === undefined) return [ruleIssue('options', 'validation.paramOptions.notList')];
    const options = list as ParamOption[];
    if (type === PARAM_INPUT.TEXTBOX) return options.length ? [ruleIssue('options', 'validation.paramOptions.textboxHasOptions')] : [];
    if (type !== PARAM_INPUT.RADIO && type !== PARAM_INPUT.CHECKBOX) return [];
    if (!options.length) return [ruleIssue('options', 'validation.paramOptions.required')];
    const issues = [];
    const dupName = firstDuplicate(
      options.map((o) => o.name),
      (s) => s.trim().toLowerCase(),
    );
    if (dupName !== undefined) issues.push(ruleIssue('options', 'validation.paramOptions.duplicateName', { name: dupName }));
    const dupCode = firstDuplicate(
      options.map((o) => o.code),
      (s) => s.toLowerCase(),
    );
    if (dupCode !== undefined) issues.push(ruleIssue('options', 'validation.paramOptions.duplicateCode', { code: dupCode }));
    if (type === PARAM_INPUT.RADIO && options.filter((o) => flagOn(o.default)).length > 1) {
      issues.push(ruleIssue('options', 'validation.paramOptions.radioOneDefault'));
    }
    // the current value of a choice names option codes (checkbox: comma separated)
    const value = typeof d.value === 'string' ? d.value.trim() : '';
    if (value) {
      const codes = new Set(options.map((o) => o.code));
      const picked = type === PARAM_INPUT.RADIO ? [value] : value.split(',').map((s) => s.trim());
      const unknown = picked.find((c) => !codes.has(c));
      if (unknown !== undefined) issues.push(ruleIssue('value', 'validation.paramOptions.valueNotOption', { value: unknown }));
    }
    return issues;
  },
];

type ParamSeed = { module: string; code: string; name: string; type: number; unit?: string; value?: string; options?: ParamOption[] };

/** The declaration of one parameter screen (system or business parameters). */
export function paramResource(input: { code: string; table: string; names: L10n; seed: ParamSeed[] }) {
  return defineResource({
    code: input.code,
    names: input.names,
    owner: 'platform',
    table: input.table,
    titleField: 'name',
    defaultSort: { field: 'module', order: 'asc' },
    seed: input.seed,
    rules: paramOptionRules,
    fields: {
      module: f.text({ label: { zh_CN: '所属模块', zh_TW: '所屬模組', en_US: 'Module' }, max: 32, search: 'like', sort: true }),
      code: f.text({
        display: 'code',
        label: { zh_CN: '参数编码', zh_TW: '參數編碼', en_US: 'Parameter code' },
        max: 64,
        unique: true,
        search: 'like',
        sort: true,
        editable: false,
        pattern: { source: CODE_RE.source, message: 'validation.codeChars' },
      }),
      name: f.text({ label: { zh_CN: '参数名称', zh_TW: '參數名稱', en_US: 'Parameter name' }, max: 64, search: 'like', sort: true }),
      type: f.enumOf('ParamInputType', {
        label: { zh_CN: '参数类型', zh_TW: '參數類型', en_US: 'Type' },
        search: 'eq',
        default: PARAM_INPUT.TEXTBOX,
        required: false,
      }),
      unit: f.text({ label: { zh_CN: '单位', zh_TW: '單位', en_US: 'Unit' }, max: 16, required: false, hidden: true }),
      value: f.text({ label: { zh_CN: '参数值', zh_TW: '參數值', en_US: 'Value' }, max: 256, required: false }),
      options: f.json({
        hidden: true,
        label: { zh_CN: '选项', zh_TW: '選項', en_US: 'Options' },
        default: [],
        list: true,
        // in Excel as a JSON list, so an export imports again
        exported: true,
        items: {
          name: f.text({ label: { zh_CN: '选项名称', zh_TW: '選項名稱', en_US: 'Option name' }, max: OPTION_NAME_MAX }),
          code: f.text({
            label: { zh_CN: '选项编码', zh_TW: '選項編碼', en_US: 'Option code' },
            max: OPTION_CODE_MAX,
            pattern: { source: CODE_RE.source, message: 'validation.codeChars' },
          }),
          default: f.enumOf('YesNo', { label: { zh_CN: '默认选中', zh_TW: '預設選取', en_US: 'Default' } }),
        },
      }),
      remark: f.textarea({ label: { zh_CN: '备注', zh_TW: '備註', en_US: 'Remark' }, max: 256, hidden: true }),
    },
  });
}
