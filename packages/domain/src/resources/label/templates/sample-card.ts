import { LIMITS } from '../../../constants.js';
import { L } from '../../../lang.js';
import { defineResource } from '../../../resource/define.js';
import { f } from '../../../resource/fields.js';
import { defineMachine } from '../../../resource/machine.js';
import { isValidGtin } from '../../tenant/goods/gtin.js';
import { CODE } from './_shared.js';
import { SAMPLE_CARD_STATUS as S } from './enums.js';

/** GB code (spec §5): 13 characters, letters and digits. */
export const GB_CODE_PATTERN = { source: `^[0-9A-Za-z]{${LIMITS.gbCodeLength}}$`, message: 'validation.supply.gbCode' };
/** 69 code (spec §5): 13 digits, a GTIN-13 (its check digit is a rule of the declaration). */
export const CODE69_PATTERN = { source: `^\\d{${LIMITS.code69Length}}$`, message: 'validation.supply.code69Shape' };

/** A confirmed sample card is the one label orders print: it no longer changes. */
export const sampleCardMachine = defineMachine({
  field: 'status',
  states: 'SampleCardStatus',
  transitions: { confirm: { from: [S.DRAFT], to: S.CONFIRMED, done: 'sampleCard.done.confirm' } },
  final: [S.CONFIRMED],
});

/**
 * Certificate sample card (spec §3; screens.md label/sample-card): the product certificate (合格证)
 * printed on or with the hang tag — goods, GB code (13 characters), 69 code (13 digits, GTIN-13
 * check digit), series, trademark, standard, item number, safety category, unit price, ingredients.
 */
export const sampleCardResource = defineResource({
  code: 'label/sample-card',
  names: L('合格证样卡', '合格證樣卡', 'Certificate sample card'),
  owner: 'tenant',
  table: 'label_sample_cards',
  titleField: 'name',
  defaultSort: { field: 'code', order: 'asc' },
  machine: sampleCardMachine,
  rules: [
    (d) => {
      const code = typeof d.code69 === 'string' ? d.code69 : '';
      return /^\d{13}$/.test(code) && !isValidGtin(code) ? [{ path: ['code69'], message: 'validation.supply.code69Check' }] : [];
    },
  ],
  seed: [
    {
      name: '女装衬衫合格证',
      code: 'SC-LM-001',
      goodsType: '女装 / 上装',
      gbCode: '6901234567892',
      code69: '6901234567892',
      series: '2026 冬季',
      trademark: 'LUMIÈRE',
      standard: 'GB/T 2660-2017',
      itemNo: 'LM24S001',
      grade: '合格品',
      safetyLevel: 2,
      unitPrice: 599,
      ingredients: '面料：100% 桑蚕丝\n里料：100% 聚酯纤维',
    },
  ],
  fields: {
    name: f.text({ label: L('样卡名称', '樣卡名稱', 'Card name'), max: 64, search: 'like', sort: true, width: 180 }),
    code: f.text({
      label: L('样卡编码', '樣卡編碼', 'Card code'),
      display: 'code',
      max: 32,
      unique: true,
      search: 'prefix',
      sort: true,
      editable: false,
      pattern: CODE,
      width: 130,
    }),
    templateId: f.ref('label/template', 'name', {
      label: L('标签模板', '標籤範本', 'Label template'),
      required: false,
      search: 'eq',
      hidden: true,
    }),
    goodsType: f.text({
      label: L('商品类别', '商品類別', 'Goods type'),
      max: 32,
      required: false,
      search: 'like',
      width: 110,
      hidden: true,
    }),
    goodsId: f.ref('tenant/goods', 'styleNumber', { label: L('商品', '商品', 'Goods'), required: false, search: 'eq', width: 150 }),
    gbCode: f.text({
      label: L('国标码', '國標碼', 'GB code'),
      display: 'code',
      max: 13,
      pattern: GB_CODE_PATTERN,
      width: 130,
      hidden: true,
    }),
    code69: f.text({
      label: L('69 码', '69 碼', '69 code'),
      display: 'code',
      max: 13,
      search: 'prefix',
      pattern: CODE69_PATTERN,
      width: 130,
    }),
    series: f.text({ label: L('系列', '系列', 'Series'), max: 32, required: false, hidden: true }),
    trademark: f.text({ label: L('商标', '商標', 'Trademark'), max: 32, required: false, width: 100, hidden: true }),
    standard: f.text({ label: L('执行标准', '執行標準', 'Standard'), max: 64, required: false, width: 130, hidden: true }),
    itemNo: f.text({ label: L('货号', '貨號', 'Item no.'), max: 32, required: false, search: 'prefix', hidden: true }),
    grade: f.text({ label: L('等级', '等級', 'Grade'), max: 16, required: false, hidden: true }),
    safetyLevel: f.enumOf('SafetyLevel', { label: L('安全类别', '安全類別', 'Safety class'), search: 'eq', width: 150 }),
    unitPrice: f.decimal({
      label: L('单价', '單價', 'Unit price'),
      min: 0,
      max: 9_999_999,
      scale: 2,
      required: false,
      width: 90,
      hidden: true,
    }),
    ingredients: f.textarea({ label: L('成分', '成分', 'Ingredients'), max: 512, list: false, exported: true }),
    status: f.enumOf('SampleCardStatus', {
      label: L('状态', '狀態', 'Status'),
      default: S.DRAFT,
      required: false,
      form: false,
      search: 'eq',
      width: 110,
    }),
    remark: f.textarea({ label: L('备注', '備註', 'Remark'), max: 256, list: false }),
  },
});
