import { L } from '../../../lang.js';
import { defineResource } from '../../../resource/define.js';
import { equipmentResource } from '../../rfid/equipment.js';

/**
 * The equipment archive (spec §3 archives): the tenant's readers, gates, handhelds and printers —
 * the very rows of rfid/equipment (same table, same fields), kept here as master data; registration
 * and binding stay on the RFID screen.
 */
export const equipmentArchiveResource = defineResource({
  code: 'tenant/equipment',
  names: L('设备档案', '設備檔案', 'Equipment archive'),
  owner: 'tenant',
  table: equipmentResource.table,
  titleField: equipmentResource.titleField,
  defaultSort: equipmentResource.defaultSort,
  rowsOf: { code: equipmentResource.code },
  partyVia: equipmentResource.partyVia,
  fields: equipmentResource.fields,
  seed: [
    {
      equipmentCoding: 'PRN-04',
      equipmentName: '吊牌 RFID 打印机',
      snNumber: 'SN-ZT411R-000404',
      macAddress: '00:07:4D:61:C2:04',
      scene: '标签打印',
      useLocation: '一号仓 贴标区',
    },
  ],
});
