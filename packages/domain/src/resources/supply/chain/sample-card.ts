import { L } from '../../../lang.js';
import { defineResource } from '../../../resource/define.js';
import { f } from '../../../resource/fields.js';
import { defineMachine } from '../../../resource/machine.js';
import { CODE, quantity } from './_shared.js';
import { SAMPLE_SUBMISSION_STATUS as S } from './enums.js';

/**
 * A physical sample sent for approval: the label supplier prints a few certificate cards of a
 * designed sample card (label/sample-card) and sends them (express company and number); the brand
 * approves or rejects them; a rejected sample is corrected and sent again.
 */
export const sampleSubmissionMachine = defineMachine({
  field: 'status',
  states: 'SampleSubmissionStatus',
  transitions: {
    submit: {
      from: [S.NEW, S.REJECTED],
      to: S.SENT,
      guard: (row) => (row.expressNo ? undefined : 'supply.sample.noExpress'),
      done: 'supply.done.submit',
    },
    confirm: { from: [S.SENT], to: S.APPROVED, done: 'supply.done.approve' },
    reject: { from: [S.SENT], to: S.REJECTED, danger: true, confirm: 'supply.confirm.reject', done: 'supply.done.reject' },
  },
  final: [S.APPROVED],
  editIn: [S.NEW, S.REJECTED],
  deleteIn: [S.NEW],
});

/**
 * Sample cards (screens.md supply/sample-card): the supply chain's side of the certificate sample
 * cards — the physical samples label suppliers send for approval. A user bound to a label supplier
 * sees and sends its own.
 */
export const sampleSubmissionResource = defineResource({
  code: 'supply/sample-card',
  names: L('样卡寄送', '樣卡寄送', 'Sample card shipment'),
  owner: 'tenant',
  table: 'supply_sample_cards',
  titleField: 'code',
  defaultSort: { field: 'code', order: 'desc' },
  machine: sampleSubmissionMachine,
  partyScope: { labelSupplier: 'supplierId' },
  seed: [
    {
      code: 'SC202611050001',
      quantity: 3,
      sentDate: '2026-11-05',
      expressCompany: '顺丰速运',
      expressNo: 'SF1402617855301',
      remark: '合格证样卡打样三张',
    },
  ],
  fields: {
    code: f.text({
      label: L('寄样单号', '寄樣單號', 'Shipment code'),
      display: 'code',
      max: 32,
      unique: true,
      search: 'prefix',
      sort: true,
      pattern: CODE,
      width: 150,
    }),
    sampleCardId: f.ref('label/sample-card', 'name', {
      label: L('合格证样卡', '合格證樣卡', 'Certificate sample card'),
      required: false,
      search: 'eq',
      width: 160,
    }),
    supplierId: f.ref('tenant/label-supplier', 'name', {
      label: L('标签供应商', '標籤供應商', 'Label supplier'),
      required: false,
      search: 'eq',
      width: 170,
    }),
    quantity: quantity(L('样卡张数', '樣卡張數', 'Cards'), { width: 80, max: 1000 }),
    sentDate: f.date({ label: L('寄送日期', '寄送日期', 'Sent on'), required: false, sort: true, width: 110, hidden: true }),
    expressCompany: f.text({ label: L('快递公司', '快遞公司', 'Express company'), max: 32, required: false, width: 110, hidden: true }),
    expressNo: f.text({
      label: L('快递单号', '快遞單號', 'Express no.'),
      display: 'code',
      max: 32,
      required: false,
      search: 'prefix',
      pattern: CODE,
      width: 140,
    }),
    status: f.enumOf('SampleSubmissionStatus', {
      label: L('状态', '狀態', 'Status'),
      default: S.NEW,
      required: false,
      form: false,
      search: 'eq',
      width: 100,
    }),
    remark: f.textarea({ label: L('备注', '備註', 'Remark'), max: 256, hidden: true }),
  },
});
