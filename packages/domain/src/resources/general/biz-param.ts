import { PARAM_INPUT, paramResource } from './_param-options.js';

/** Business parameter settings (spec §3): rules of the label, receiving and inventory processes. */
export const bizParamResource = paramResource({
  code: 'general/biz-param',
  names: { zh_CN: '业务参数', zh_TW: '業務參數', en_US: 'Business parameter' },
  table: 'biz_params',
  seed: [
    { module: 'label', code: 'LABEL_LOSS_RATIO', name: '标签损耗率', type: PARAM_INPUT.TEXTBOX, unit: '%', value: '3' },
    {
      module: 'inventory',
      code: 'INVENTORY_DIFF_MODE',
      name: '盘点差异处理方式',
      type: PARAM_INPUT.RADIO,
      value: 'REVIEW',
      options: [
        { name: '人工复核', code: 'REVIEW', default: true },
        { name: '自动调账', code: 'AUTO_ADJUST', default: false },
      ],
    },
    {
      module: 'receiving',
      code: 'RECEIPT_CHECKS',
      name: '收货校验项',
      type: PARAM_INPUT.CHECKBOX,
      value: 'EPC,CARTONS',
      options: [
        { name: 'EPC 校验', code: 'EPC', default: true },
        { name: '箱数校验', code: 'CARTONS', default: true },
        { name: '件数校验', code: 'PIECES', default: false },
      ],
    },
  ],
});
