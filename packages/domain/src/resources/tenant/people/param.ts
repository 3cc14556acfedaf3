import { L } from '../../../lang.js';
import { AQLS, aqlCode, aqlName } from '../../../quality/sampling.js';
import { defineResource, type Rule } from '../../../resource/define.js';
import { f } from '../../../resource/fields.js';
import { CODE_RE } from '../../general/_rule-issue.js';
import { PARAM_TYPE } from './enums.js';

const INT_RE = /^-?\d{1,15}$/;
const DECIMAL_RE = /^-?\d{1,15}(\.\d{1,6})?$/;
const YES_NO = ['0', '1'];

/** The value must read as its type says; an option's value is one of its option codes. */
export const paramValueRule: Rule<Record<string, unknown>> = (d) => {
  const type = Number(d.valueType ?? PARAM_TYPE.TEXT);
  const options = Array.isArray(d.options) ? (d.options as { code?: unknown }[]) : [];
  if (type === PARAM_TYPE.OPTION && !options.length) return [{ path: ['options'], message: 'validation.paramOptionsNeeded' }];
  if (type !== PARAM_TYPE.OPTION && options.length) return [{ path: ['options'], message: 'validation.paramOptionsUnused' }];
  const value = typeof d.value === 'string' ? d.value.trim() : d.value === undefined || d.value === null ? '' : String(d.value);
  if (value === '') return [];
  const bad = (message: string, params: Record<string, unknown> = {}) => [{ path: ['value'], message, ...params }];
  if (type === PARAM_TYPE.INT && !INT_RE.test(value)) return bad('validation.paramInt');
  if (type === PARAM_TYPE.DECIMAL && !DECIMAL_RE.test(value)) return bad('validation.paramDecimal');
  if (type === PARAM_TYPE.YES_NO && !YES_NO.includes(value)) return bad('validation.paramYesNo');
  if (type === PARAM_TYPE.OPTION && !options.some((o) => o.code === value))
    return bad('validation.paramOption', { codes: options.map((o) => String(o.code)).join(', ') });
  return [];
};

/**
 * A tenant's own settings (spec §3: the processes a tenant runs — its default EPC coding rule,
 * count tolerance, receiving mode, label printing defaults …): code unique per tenant, a value
 * typed as text, integer, decimal, yes/no or one of its options, with a unit.
 */
export const tenantParamResource = defineResource({
  code: 'tenant/param',
  names: L('参数', '參數', 'Parameter'),
  owner: 'tenant',
  table: 'tenant_params',
  titleField: 'name',
  defaultSort: { field: 'module', order: 'asc' },
  seed: [
    { module: 'inventory', code: 'COUNT_TOLERANCE', name: '盘点差异容差', valueType: PARAM_TYPE.DECIMAL, value: '0.5', unit: '%' },
    {
      module: 'receiving',
      code: 'RECEIVE_MODE',
      name: '收货方式',
      valueType: PARAM_TYPE.OPTION,
      value: 'BOX',
      options: [
        { code: 'BOX', name: '按箱收货' },
        { code: 'PIECE', name: '逐件收货' },
      ],
    },
    { module: 'label', code: 'LABEL_PRINT_COPIES', name: '标签默认打印份数', valueType: PARAM_TYPE.INT, value: '1', unit: '份' },
    // read by the age-out of departed tags' EPC states (rfid/presence.ts STATE_KEEP); without it, 90 days
    { module: 'rfid', code: 'RFID_STATE_KEEP_DAYS', name: 'EPC 状态保留天数', valueType: PARAM_TYPE.INT, value: '90', unit: '天' },
    // read when a receipt is finished (warehouse bills/review.ts AUTO_REVIEW): 1 lets a normal receipt of standard cartons review itself
    {
      module: 'warehouse',
      code: 'WMS_AUTO_REVIEW_NORMAL',
      name: '正常收货单自动复核',
      valueType: PARAM_TYPE.OPTION,
      value: '0',
      options: [
        { code: '0', name: '关闭' },
        { code: '1', name: '开启' },
      ],
    },
    // read when a receipt's first carton opens its inspection (warehouse inspections/service.ts QI_AQL): ISO 2859-1's AQLs
    {
      module: 'warehouse',
      code: 'WMS_QI_AQL',
      name: '收货质检 AQL',
      valueType: PARAM_TYPE.OPTION,
      value: aqlCode(2.5),
      options: AQLS.map((a) => ({ code: aqlCode(a), name: aqlName(a) })),
    },
  ],
  rules: [paramValueRule],
  fields: {
    module: f.text({ label: L('所属模块', '所屬模組', 'Module'), max: 32, search: 'like', sort: true }),
    code: f.text({
      display: 'code',
      label: L('参数编码', '參數編碼', 'Parameter code'),
      max: 64,
      unique: true,
      search: 'like',
      sort: true,
      editable: false,
      pattern: { source: CODE_RE.source, message: 'validation.codeChars' },
    }),
    name: f.text({ label: L('参数名称', '參數名稱', 'Parameter name'), max: 64, search: 'like', sort: true }),
    valueType: f.enumOf('TenantParamType', {
      label: L('值类型', '值類型', 'Value type'),
      search: 'eq',
      default: PARAM_TYPE.TEXT,
      required: false,
    }),
    value: f.text({ label: L('参数值', '參數值', 'Value'), max: 256, required: false }),
    // shown with the value (the value column reads "0.5 %")
    unit: f.text({ label: L('单位', '單位', 'Unit'), max: 16, required: false, hidden: true }),
    options: f.json({
      hidden: true,
      label: L('选项', '選項', 'Options'),
      default: [],
      list: true,
      exported: true,
      items: {
        code: f.text({
          label: L('选项编码', '選項編碼', 'Option code'),
          max: 32,
          pattern: { source: CODE_RE.source, message: 'validation.codeChars' },
        }),
        name: f.text({ label: L('选项名称', '選項名稱', 'Option name'), max: 64 }),
      },
    }),
    remark: f.textarea({ label: L('备注', '備註', 'Remark'), max: 256, hidden: true }),
  },
});
