import { isGlnShape, isValidGln } from '../../../epc/gln.js';
import { L } from '../../../lang.js';
import { defineResource } from '../../../resource/define.js';
import { type FieldDef, f } from '../../../resource/fields.js';
import { partyFields } from './_party.js';
import { LOCATION_KIND } from './enums.js';
import { isTimeZone } from './time-zone.js';
import { zoneFields, zoneRules } from './zone.js';

/**
 * What a location has that other parties have not: its GS1 GLN (13 digits, check digit checked,
 * unique in the tenant; the EPCIS events name the place by its SGLN) and its time zone (an IANA
 * name; blank: the tenant's), whose offset the events that happen there carry. Put before the
 * remark, which ends the form.
 */
function siteFields<F extends { remark: FieldDef }>(fields: F) {
  const { remark, ...rest } = fields;
  return {
    ...rest,
    gln: f.text({
      label: L('GLN 位置码', 'GLN 位置碼', 'GLN'),
      display: 'code',
      max: 13,
      required: false,
      unique: true,
      search: 'eq',
      pattern: { source: '^[0-9]{13}$', message: 'validation.glnShape' },
      placeholder: L('13 位 GS1 全球位置码', '13 位 GS1 全球位置碼', '13-digit GS1 Global Location Number'),
      width: 140,
      // searched by, in the form and the column settings: the list's default view keeps to what fits 1366 px
      hidden: true,
    }),
    timeZone: f.text({
      label: L('时区', '時區', 'Time zone'),
      max: 64,
      required: false,
      placeholder: L('如 Asia/Shanghai；留空则用租户时区', '如 Asia/Shanghai；留空則用租戶時區', "e.g. Asia/Shanghai; blank: the tenant's"),
      hidden: true,
      width: 130,
    }),
    remark,
  };
}

/** The GLN's check digit and the time zone's name, once their shapes are right (the pattern words a wrong shape). */
const siteRules = [
  (d: Record<string, unknown>) => {
    const gln = typeof d.gln === 'string' ? d.gln : '';
    return gln && isGlnShape(gln) && !isValidGln(gln) ? [{ path: ['gln'], message: 'validation.glnCheck' }] : [];
  },
  (d: Record<string, unknown>) => {
    const zone = typeof d.timeZone === 'string' ? d.timeZone.trim() : '';
    return zone && !isTimeZone(zone) ? [{ path: ['timeZone'], message: 'validation.timeZone' }] : [];
  },
];

/**
 * Locations (spec §3 archives): every place where something happens — stores and warehouses (the
 * `tenant/store` and `tenant/warehouse` screens are views of these rows), offices, showrooms. One
 * reference target for everything that happens "somewhere", named in EPCIS events by its GLN (see
 * siteFields). A user bound to a store or a warehouse sees its own location only.
 */
export const locationResource = defineResource({
  code: 'tenant/location',
  names: L('位置', '位置', 'Location'),
  owner: 'tenant',
  table: 'locations',
  titleField: 'name',
  defaultSort: { field: 'code', order: 'asc' },
  // a store or warehouse user sees its site and the site's zones
  partyScope: { store: ['id', 'siteId'], warehouse: ['id', 'siteId'] },
  rules: [...siteRules, ...zoneRules],
  fields: siteFields(
    partyFields(
      { code: L('位置编码', '位置編碼', 'Location code'), name: L('位置名称', '位置名稱', 'Location name') },
      {
        kind: f.enumOf('LocationKind', { label: L('位置类型', '位置類型', 'Location type'), search: 'eq', width: 100 }),
        // a zone's place in its site (blank for a site and other places)
        ...zoneFields({ parent: L('上级位置', '上級位置', 'Parent location'), parentResource: 'tenant/location', hidden: true }),
      },
      // the kind takes their room in the default columns
      ['city'],
    ),
  ),
  seed: [
    {
      code: 'HQ01',
      name: '上海总部办公室',
      kind: LOCATION_KIND.OFFICE,
      contact: '周文斌',
      phone: '021-6288 8001',
      province: '上海市',
      city: '上海',
      address: '静安区南京西路 1266 号恒隆广场办公楼 32 层',
      attrs: {},
    },
    {
      code: 'SR01',
      name: '上海新品展厅',
      kind: LOCATION_KIND.SHOWROOM,
      contact: '沈佳怡',
      phone: '13916820417',
      province: '上海市',
      city: '上海',
      address: '长宁区安化路 492 号 1 号楼',
    },
  ],
});

/** Stores: locations of kind store (a user bound to a store sees its store only). */
export const storeResource = defineResource({
  code: 'tenant/store',
  names: L('门店', '門市', 'Store'),
  owner: 'tenant',
  table: 'locations',
  titleField: 'name',
  defaultSort: { field: 'code', order: 'asc' },
  rowsOf: { code: 'tenant/location', fixed: { kind: LOCATION_KIND.STORE } },
  partyScope: { store: 'id' },
  // a location's fields without its kind (the screen fixes it)
  rules: siteRules,
  fields: siteFields(partyFields({ code: L('门店编码', '門市編碼', 'Store code'), name: L('门店名称', '門市名稱', 'Store name') })),
  seed: [
    {
      code: 'ST001',
      name: '上海南京西路旗舰店',
      contact: '陈思远',
      phone: '13816620301',
      province: '上海市',
      city: '上海',
      address: '静安区南京西路 1618 号久光百货 2F-A12',
      attrs: {},
    },
  ],
});

/** Warehouses: locations of kind warehouse (a user bound to a warehouse sees its warehouse only). */
export const warehouseResource = defineResource({
  code: 'tenant/warehouse',
  names: L('仓库', '倉庫', 'Warehouse'),
  owner: 'tenant',
  table: 'locations',
  titleField: 'name',
  defaultSort: { field: 'code', order: 'asc' },
  rowsOf: { code: 'tenant/location', fixed: { kind: LOCATION_KIND.WAREHOUSE } },
  partyScope: { warehouse: 'id' },
  rules: siteRules,
  fields: siteFields(partyFields({ code: L('仓库编码', '倉庫編碼', 'Warehouse code'), name: L('仓库名称', '倉庫名稱', 'Warehouse name') })),
  seed: [
    {
      code: 'WH01',
      name: '华东中心仓（昆山）',
      contact: '王建国',
      phone: '0512-5763 2201',
      province: '江苏省',
      city: '昆山',
      address: '昆山市花桥镇绿地大道 188 号普洛斯物流园 B3 库',
      attrs: {},
    },
  ],
});
