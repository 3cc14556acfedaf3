import type { L10n } from '../../lang.js';
import { defineResource, type Rule } from '../../resource/define.js';
import { type FieldDef, f } from '../../resource/fields.js';
import { asList, CODE_RE, ruleIssue } from './_rule-issue.js';

/**
 * Goods-attribute, location-attribute and label-code templates (spec §3 "Template"): code, name,
 * alias, category, and two json lists of attributes {code, name, type, required}. A tenant picks
 * one template of each kind; its archives then carry these attributes.
 */
export interface TemplateAttr {
  code: string;
  name: string;
  /** AttrValueType: 1 text, 2 number, 3 date, 4 option list */
  type: number;
  required: boolean | 0 | 1;
}

const ATTR_LISTS = ['basicAttrs', 'auxAttrs'] as const;

/** No attribute code twice in one template (basic and auxiliary together). */
export const templateAttrRules: Rule<Record<string, unknown>>[] = [
  (d) => {
    const seen = new Set<string>();
    for (const key of ATTR_LISTS) {
      const list = asList(d[key]);
      if (list === undefined) return [ruleIssue(key, 'validation.templateAttrs.notList')];
      // each attribute is checked by the declaration's item fields (a strict schema) before the rules run
      for (const a of list as TemplateAttr[]) {
        const k = a.code.toLowerCase();
        if (seen.has(k)) return [ruleIssue(key, 'validation.templateAttrs.duplicateCode', { code: a.code })];
        seen.add(k);
      }
    }
    return [];
  },
];

/** How an attribute list is shown and edited: as rows of code, name, type, required. */
const ATTR_LIST = {
  default: [],
  list: true,
  // in Excel as a JSON list, so an export imports again
  exported: true,
  items: {
    code: f.text({
      label: { zh_CN: '属性编码', zh_TW: '屬性編碼', en_US: 'Attribute code' },
      max: 32,
      pattern: { source: CODE_RE.source, message: 'validation.codeChars' },
    }),
    name: f.text({ label: { zh_CN: '属性名称', zh_TW: '屬性名稱', en_US: 'Attribute name' }, max: 64 }),
    type: f.enumOf('AttrValueType', { label: { zh_CN: '值类型', zh_TW: '值類型', en_US: 'Value type' } }),
    required: f.enumOf('YesNo', { label: { zh_CN: '必填', zh_TW: '必填', en_US: 'Required' } }),
  },
};

const attr = (code: string, name: string, type: number, required = false): TemplateAttr => ({ code, name, type, required });
/** Seed helper: [code, name, type, required?] */
export const attrs = (...rows: [string, string, number, boolean?][]) => rows.map((r) => attr(...r));

/** The declaration of one template screen; `category` names the enum of its category field, if any. */
export function templateResource(input: {
  code: string;
  table: string;
  names: L10n;
  category?: { enumName: string; label: L10n };
  seed: Record<string, unknown>[];
}) {
  const category: Record<string, FieldDef> = input.category
    ? { category: f.enumOf(input.category.enumName, { label: input.category.label, search: 'eq' }) }
    : {};
  return defineResource({
    code: input.code,
    names: input.names,
    owner: 'platform',
    table: input.table,
    titleField: 'name',
    defaultSort: { field: 'code', order: 'asc' },
    seed: input.seed,
    rules: templateAttrRules,
    fields: {
      code: f.text({
        label: { zh_CN: '模板编码', zh_TW: '範本編碼', en_US: 'Template code' },
        display: 'code',
        max: 32,
        unique: true,
        search: 'like',
        sort: true,
        editable: false,
        pattern: { source: CODE_RE.source, message: 'validation.codeChars' },
      }),
      name: f.text({ label: { zh_CN: '模板名称', zh_TW: '範本名稱', en_US: 'Template name' }, max: 64, search: 'like', sort: true }),
      alias: f.text({ label: { zh_CN: '别名', zh_TW: '別名', en_US: 'Alias' }, max: 64, required: false, search: 'like', hidden: true }),
      ...category,
      basicAttrs: f.json({ label: { zh_CN: '基础属性', zh_TW: '基礎屬性', en_US: 'Basic attributes' }, ...ATTR_LIST }),
      auxAttrs: f.json({ label: { zh_CN: '辅助属性', zh_TW: '輔助屬性', en_US: 'Auxiliary attributes' }, ...ATTR_LIST, hidden: true }),
      status: f.enumOf('Status', { label: { zh_CN: '状态', zh_TW: '狀態', en_US: 'Status' }, search: 'eq', default: 1, required: false }),
      remark: f.textarea({ label: { zh_CN: '备注', zh_TW: '備註', en_US: 'Remark' }, max: 256, hidden: true }),
    },
  });
}
