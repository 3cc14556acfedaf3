import { L } from '../../lang.js';
import { defineResource } from '../../resource/define.js';
import { cartonEpcFields } from '../warehouse/carton.js';

/**
 * ASN binding records (E3, logistics/asn-binding): which EPC travels in which carton of which bill,
 * learnt from the factory's pack reads, an ASN import, or a tunnel or handheld at the DC, and what
 * the receiving check found of it. Read only: the warehouse's documents write them.
 */
export const asnBindingResource = defineResource({
  code: 'logistics/asn-binding',
  names: L('箱码绑定', '箱碼綁定', 'Carton binding'),
  owner: 'tenant',
  table: 'wms_carton_epcs',
  titleField: 'epc',
  defaultSort: { field: 'boundAt', order: 'desc' },
  rowsOf: { code: 'warehouse/carton-epc' },
  partyVia: 'billId',
  crud: ['query', 'export'],
  fields: cartonEpcFields,
});
