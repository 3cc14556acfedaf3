import { L } from '../../../lang.js';
import { defineResource } from '../../../resource/define.js';
import { partyFields } from './_party.js';

/** Factories (spec §3 archives): they make the goods and act on orders; a user bound to a factory sees its own row only. */
export const factoryResource = defineResource({
  code: 'tenant/factory',
  names: L('工厂', '工廠', 'Factory'),
  owner: 'tenant',
  table: 'factories',
  titleField: 'name',
  defaultSort: { field: 'code', order: 'asc' },
  partyScope: { factory: 'id' },
  fields: partyFields({ code: L('工厂编码', '工廠編碼', 'Factory code'), name: L('工厂名称', '工廠名稱', 'Factory name') }),
  seed: [
    {
      code: 'FA01',
      name: '宁波甬华针织制衣有限公司',
      contact: '马志强',
      phone: '0574-8698 0001',
      province: '浙江省',
      city: '宁波',
      address: '北仑区大港工业城甬江路 18 号',
      attrs: {},
    },
  ],
});

/** Label suppliers (spec §3 archives): they print and ship RFID labels for the tenant's orders; a bound user sees its own row only. */
export const labelSupplierResource = defineResource({
  code: 'tenant/label-supplier',
  names: L('标签供应商', '標籤供應商', 'Label supplier'),
  owner: 'tenant',
  table: 'label_suppliers',
  titleField: 'name',
  defaultSort: { field: 'code', order: 'asc' },
  partyScope: { labelSupplier: 'id' },
  fields: partyFields({ code: L('供应商编码', '供應商編碼', 'Supplier code'), name: L('供应商名称', '供應商名稱', 'Supplier name') }),
  seed: [
    {
      code: 'LS01',
      name: '上海锐标射频科技有限公司',
      contact: '刘晓峰',
      phone: '021-5899 6100',
      province: '上海市',
      city: '上海',
      address: '浦东新区张江高科技园区郭守敬路 498 号 16 幢',
      attrs: {},
    },
  ],
});
