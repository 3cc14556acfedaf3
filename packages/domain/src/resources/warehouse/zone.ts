import { L } from '../../lang.js';
import { defineResource } from '../../resource/define.js';
import { f } from '../../resource/fields.js';
import { partyCode } from '../tenant/places/_party.js';
import { LOCATION_KIND, ZONE_TYPE } from '../tenant/places/enums.js';
import { zoneFields } from '../tenant/places/zone.js';

const { parentId, siteId, capacity } = zoneFields({ parent: L('所属仓库', '所屬倉庫', 'Warehouse'), parentResource: 'tenant/warehouse' });

/**
 * Warehouse management (E13 of ../shared/operations.md): the zones of each warehouse — receiving
 * and shipping docks, QI area, pack stations, storage, staging, defect and e-commerce areas — which
 * readers bind to, so that reads, presence and the inbound and outbound documents know where in the
 * warehouse a carton is. Rows of the locations table (kind zone), in a warehouse; a warehouse's user
 * sees and keeps its own warehouse's zones.
 */
export const warehouseZoneResource = defineResource({
  code: 'warehouse/management',
  names: L('库区', '庫區', 'Warehouse zone'),
  owner: 'tenant',
  table: 'locations',
  titleField: 'name',
  defaultSort: { field: 'code', order: 'asc' },
  rowsOf: { code: 'tenant/location', fixed: { kind: LOCATION_KIND.ZONE } },
  partyScope: { warehouse: 'siteId' },
  fields: {
    code: partyCode(L('库区编码', '庫區編碼', 'Zone code')),
    name: f.text({ label: L('库区名称', '庫區名稱', 'Zone name'), max: 64, search: 'like', sort: true, width: 120 }),
    parentId: { ...parentId, required: true },
    zoneType: f.enumOf('WarehouseZoneType', { label: L('区域类型', '區域類型', 'Zone type'), search: 'eq', width: 140 }),
    capacity: { ...capacity, width: 100 },
    status: f.enumOf('Status', { label: L('状态', '狀態', 'Status'), search: 'eq', default: 1, required: false, width: 110 }),
    siteId,
    // the codes of the readers bound to the zone (the rfid module's, given by the screen's decorate hook)
    readers: f.text({ label: L('绑定读写器', '綁定讀寫器', 'Readers'), max: 1000, derived: true, width: 150 }),
    remark: f.textarea({ label: L('备注', '備註', 'Remark'), max: 256, list: false }),
  },
  // demo zones: the places' demo data (they need their warehouse's id); the generic proofs' rows are
  // storage zones of the first warehouse (the required parent left out)
  sample: (salt) => ({ code: `Z${salt}`, name: `库区 ${salt}`, zoneType: ZONE_TYPE.STORAGE }),
});
