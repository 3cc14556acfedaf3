import { attrs, templateResource } from './_template-attrs.js';

const TEXT = 1;
const NUMBER = 2;
const OPTIONS = 4;

/** Label code template: the data printed and encoded on a kind of label (hang tag, care label …). */
export const templateLabelCodeResource = templateResource({
  code: 'general/template-label-code',
  names: { zh_CN: '标签编码模板', zh_TW: '標籤編碼範本', en_US: 'Label code template' },
  table: 'template_label_codes',
  seed: [
    {
      code: 'LC-HANGTAG',
      name: 'RFID 吊牌编码模板',
      alias: 'Hang tag',
      basicAttrs: attrs(
        ['epc', 'EPC', TEXT, true],
        ['styleNumber', '款号', TEXT, true],
        ['color', '颜色', TEXT, true],
        ['size', '尺码', TEXT, true],
      ),
      auxAttrs: attrs(['retailPrice', '零售价', NUMBER], ['grade', '等级', OPTIONS]),
    },
    {
      code: 'LC-CARELABEL',
      name: '洗水唛编码模板',
      alias: 'Care label',
      basicAttrs: attrs(['epc', 'EPC', TEXT, true], ['styleNumber', '款号', TEXT, true], ['composition', '成分', TEXT, true]),
      auxAttrs: attrs(['washInstruction', '洗涤说明', TEXT], ['standard', '执行标准', TEXT]),
    },
    {
      code: 'LC-CARTON',
      name: '箱标编码模板',
      alias: 'Carton label',
      basicAttrs: attrs(['epc', 'EPC', TEXT, true], ['caseNumber', '箱号', TEXT, true], ['quantity', '件数', NUMBER, true]),
      auxAttrs: attrs(['orderNumber', '订单号', TEXT]),
    },
  ],
});
