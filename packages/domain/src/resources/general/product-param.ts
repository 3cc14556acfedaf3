import { defineResource } from '../../resource/define.js';
import { f } from '../../resource/fields.js';
import { CODE_RE, ruleIssue } from './_rule-issue.js';

export const PARAM_VALUE = { NUMERIC: 1, OTHER: 2 } as const;

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const given = (v: unknown) => v !== null && v !== undefined && v !== '';

/**
 * Product attributes (spec §3 "Product parameter"): the parameters of one product, e.g. a
 * reader's transmit power in dBm with its range. Codes are unique per product (server hook).
 */
export const productParamResource = defineResource({
  code: 'general/product-param',
  names: { zh_CN: '产品属性', zh_TW: '產品屬性', en_US: 'Product attribute' },
  owner: 'platform',
  table: 'product_params',
  titleField: 'name',
  defaultSort: { field: 'code', order: 'asc' },
  // products are seeded first, so the demo products have ids 1..4
  seed: [
    { product: 1, code: 'TX_POWER', name: '发射功率', unit: 'dBm', type: 1, defaultValue: '30', minValue: 10, maxValue: 33 },
    { product: 1, code: 'SESSION', name: '会话模式', type: 2, defaultValue: 'S1' },
    { product: 1, code: 'ANTENNA_PORTS', name: '天线端口数', type: 1, defaultValue: '4', minValue: 1, maxValue: 4 },
    { product: 2, code: 'READ_INTERVAL', name: '读取间隔', unit: 'ms', type: 1, defaultValue: '200', minValue: 50, maxValue: 5000 },
    { product: 4, code: 'REPORT_PERIOD', name: '上报周期', unit: 's', type: 1, defaultValue: '60', minValue: 5, maxValue: 3600 },
  ],
  rules: [
    (d) => {
      const min = num(d.minValue);
      const max = num(d.maxValue);
      if (d.type !== PARAM_VALUE.NUMERIC) {
        // a range only means something for numbers
        return given(d.minValue) || given(d.maxValue) ? [ruleIssue('minValue', 'validation.productParam.rangeNumericOnly')] : [];
      }
      const issues = [];
      if (min !== undefined && max !== undefined && min > max) {
        issues.push(ruleIssue('maxValue', 'validation.productParam.rangeInverted', { min, max }));
      }
      if (given(d.defaultValue)) {
        const text = String(d.defaultValue).trim();
        const value = text === '' ? Number.NaN : Number(text);
        if (!Number.isFinite(value)) issues.push(ruleIssue('defaultValue', 'validation.productParam.defaultNotNumber'));
        else if ((min !== undefined && value < min) || (max !== undefined && value > max)) {
          issues.push(ruleIssue('defaultValue', 'validation.productParam.defaultOutOfRange', { min: min ?? '-∞', max: max ?? '+∞' }));
        }
      }
      return issues;
    },
  ],
  fields: {
    product: f.ref('general/product', 'name', {
      label: { zh_CN: '所属产品', zh_TW: '所屬產品', en_US: 'Product' },
      search: 'eq',
      editable: false,
      // a product's parameters are part of it: they go when it goes
      onDelete: 'cascade',
    }),
    code: f.text({
      display: 'code',
      label: { zh_CN: '属性编码', zh_TW: '屬性編碼', en_US: 'Attribute code' },
      max: 32,
      uniqueWithin: 'product',
      search: 'like',
      sort: true,
      pattern: { source: CODE_RE.source, message: 'validation.codeChars' },
    }),
    name: f.text({ label: { zh_CN: '属性名称', zh_TW: '屬性名稱', en_US: 'Attribute name' }, max: 64, search: 'like', sort: true }),
    type: f.enumOf('ParamValueType', {
      label: { zh_CN: '属性类型', zh_TW: '屬性類型', en_US: 'Type' },
      search: 'eq',
      default: PARAM_VALUE.NUMERIC,
      required: false,
    }),
    unit: f.text({ label: { zh_CN: '单位', zh_TW: '單位', en_US: 'Unit' }, max: 16, required: false, hidden: true }),
    defaultValue: f.text({ label: { zh_CN: '默认值', zh_TW: '預設值', en_US: 'Default' }, max: 64, required: false, hidden: true }),
    minValue: f.decimal({ label: { zh_CN: '最小值', zh_TW: '最小值', en_US: 'Minimum' }, required: false, min: -1e9, max: 1e9 }),
    maxValue: f.decimal({ label: { zh_CN: '最大值', zh_TW: '最大值', en_US: 'Maximum' }, required: false, min: -1e9, max: 1e9 }),
    remark: f.textarea({ label: { zh_CN: '备注', zh_TW: '備註', en_US: 'Remark' }, max: 256, list: false }),
  },
});
